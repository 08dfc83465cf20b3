"""Scores a game from its hands and rule set. Nothing here is stored: every
total is recomputed, so undo and edits are always consistent."""

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from scorekeeper.core.blind import BLIND_FACTOR, is_blind_contract
from scorekeeper.core.model import Adjustment, Game, Hand
from scorekeeper.core.rules import FailedNilTricks, RuleSet
from scorekeeper.core.validation import hand_problems, variant_rule_problems
from scorekeeper.errors import GameOverError, InvalidGameError, InvalidHandError, Problem
from scorekeeper.i18n import _


class Status(StrEnum):
    """Whether a game is in progress or finished."""

    IN_PROGRESS = "in_progress"
    FINISHED = "finished"


class EventKind(StrEnum):
    """What happened in a hand, as the summary of a hand tells it."""

    MADE = "made"
    SET = "set"
    NIL_MADE = "nil_made"
    NIL_FAILED = "nil_failed"
    BLIND_NIL_MADE = "blind_nil_made"
    BLIND_NIL_FAILED = "blind_nil_failed"
    BAG_PENALTY = "bag_penalty"
    GAME_WON = "game_won"
    MERCY = "mercy"  # the game ended because a side fell to the mercy score
    HAND_LIMIT = "hand_limit"  # the game ended because its last hand was played
    TIE = "tie"  # the game would end, but the highest score is shared: play on
    ADJUSTMENT = "adjustment"  # points added or taken by the keeper (count: the points)


@dataclass(frozen=True)
class Event:
    """One thing that happened in a hand (a side made its bid, a nil failed...)."""

    kind: EventKind
    side: int | None = None
    seat: int | None = None
    count: int = 0  # tricks for MADE/SET, penalties for BAG_PENALTY, points for ADJUSTMENT
    reason: str = ""  # an ADJUSTMENT's reason


@dataclass(frozen=True)
class NilResult:
    """A nil or blind nil bid's outcome: made or failed, and its points."""

    seat: int
    blind: bool
    tricks: int
    made: bool
    points: int


@dataclass(frozen=True)
class SideHand:
    """One side's result for one hand: everything a score sheet shows."""

    side: int
    contract: int  # sum of non-nil bids
    tricks_toward: int  # tricks counted toward the contract
    made: bool | None  # None when the side had no contract (all nil)
    contract_points: int
    bags: int  # bags taken this hand
    nil_bags: int  # of which a nil bidder's tricks: no "made 5 of 4" line shows them
    nils: tuple[NilResult, ...]
    nil_points: int
    penalties: int  # bag penalties this hand (a hand can cross the limit twice)
    penalty_points: int  # negative or 0
    points: int  # the hand's total
    score: int  # running score after this hand
    carried_bags: int  # bags carried after penalties
    big_bid: bool = False  # the contract was a big bid (+/-big_bid_points, or doubled)
    blind: bool = False  # a blind contract ("blind 6"): +/-20 x contract, never a big bid
    bag_points: int = 0  # what the bags scored: bags x overtrick_points
    adjustments: tuple[Adjustment, ...] = ()  # this side's, in the hand's order

    @property
    def adjustment_points(self) -> int:
        """The points this side's adjustments add (or take) this hand."""
        return sum(a.points for a in self.adjustments)


@dataclass(frozen=True)
class HandScore:
    """One hand's result: each side's, the events, who dealt and bid first."""

    index: int  # 0-based
    dealer: int
    first_bidder: int
    sides: tuple[SideHand, ...]
    events: tuple[Event, ...]


@dataclass(frozen=True)
class SideTotal:
    """A side's score and carried bags after the last hand."""

    side: int
    seats: tuple[int, ...]
    score: int
    bags: int  # carried, after penalties


@dataclass(frozen=True)
class GameScore:
    """A game's score: each hand's result, the totals, the status and the end."""

    sides: tuple[SideTotal, ...]
    hands: tuple[HandScore, ...]
    status: Status
    winner: int | None
    tied: bool  # every side past the target, equal: another hand is needed
    next_dealer: int | None  # None once the game is over
    next_first_bidder: int | None


def score_side(
    rules: RuleSet,
    seats: Sequence[int],
    hand: Hand,
    side: int,
    score_before: int,
    bags_before: int,
) -> SideHand:
    """One side's points for one hand, per the rules' steps 1-4."""
    nils: list[NilResult] = []
    contract = 0
    toward = 0
    nil_tricks = 0
    for seat in seats:
        bid, taken = hand.bids[seat], hand.tricks[seat]
        if bid.is_nil:
            bonus = rules.blind_nil_bonus if bid.blind else rules.nil_bonus
            kept = taken == 0
            nils.append(NilResult(seat, bid.blind, taken, kept, bonus if kept else -bonus))
            nil_tricks += taken
        else:
            contract += bid.value
            toward += taken

    nil_bags = 0
    if rules.failed_nil_tricks is FailedNilTricks.COUNT_FOR_PARTNER and contract > 0:
        toward += nil_tricks
    elif rules.failed_nil_tricks is not FailedNilTricks.IGNORED:
        nil_bags = nil_tricks  # a nil bidder's tricks never help the partner
    bags = nil_bags

    made: bool | None = None
    contract_points = 0
    blind = is_blind_contract([hand.bids[seat] for seat in seats])
    big = not blind and rules.big_bid_min is not None and contract >= rules.big_bid_min
    if contract > 0:
        made = toward >= contract
        value = contract_value(rules, contract, big=big, blind=blind)
        if made:
            contract_points = value
            bags += toward - contract
        else:
            contract_points = -value

    nil_points = sum(n.points for n in nils)
    running_bags = bags_before + bags
    penalties, carried = divmod(running_bags, rules.bag_limit)
    penalty_points = -penalties * rules.bag_penalty
    bag_points = bags * rules.overtrick_points
    adjustments = tuple(a for a in hand.adjustments if a.side == side)
    adjusted = sum(a.points for a in adjustments)
    points = nil_points + contract_points + bag_points + penalty_points + adjusted
    return SideHand(
        side=side,
        contract=contract,
        tricks_toward=toward,
        made=made,
        contract_points=contract_points,
        bags=bags,
        nil_bags=nil_bags,
        nils=tuple(nils),
        nil_points=nil_points,
        penalties=penalties,
        penalty_points=penalty_points,
        points=points,
        score=score_before + points,
        carried_bags=carried,
        big_bid=big,  # (a big bid is at least 1: never a side of nil bidders)
        blind=blind,
        bag_points=bag_points,
        adjustments=adjustments,
    )


def contract_value(rules: RuleSet, contract: int, *, big: bool, blind: bool) -> int:
    """What a made contract scores (a set one loses as much): 10 a trick bid;
    a blind contract or a doubled big bid 20 a trick; a big bid big_bid_points."""
    if blind or (big and rules.big_bid_double):
        return BLIND_FACTOR * contract
    return rules.big_bid_points if big else 10 * contract


def decide(scores: Sequence[int], rules: RuleSet, hands: int = 0) -> tuple[int | None, bool, bool]:
    """(winner, tied, by_mercy) for the scores after `hands` hands.

    The game ends when a side has reached the target, a side is at or below
    the mercy score, or the hand limit is played: then the single highest
    score wins, and a shared highest plays another hand. (With two sides: the
    only side past the target wins, or the higher of both.)
    """
    reached = any(s >= rules.target for s in scores)
    busted = rules.mercy is not None and any(s <= rules.mercy for s in scores)
    limit = rules.max_hands is not None and hands >= rules.max_hands
    if not (reached or busted or limit):
        return None, False, False
    best = max(scores)
    leaders = [i for i, s in enumerate(scores) if s == best]
    by_mercy = busted and not reached
    if len(leaders) > 1:
        return None, True, by_mercy
    return leaders[0], False, by_mercy


def _events(hand_sides: Sequence[SideHand]) -> list[Event]:
    events: list[Event] = []
    for sh in hand_sides:
        if sh.made is not None:
            kind = EventKind.MADE if sh.made else EventKind.SET
            events.append(Event(kind, sh.side, count=sh.tricks_toward))
        for nil in sh.nils:
            if nil.blind:
                kind = EventKind.BLIND_NIL_MADE if nil.made else EventKind.BLIND_NIL_FAILED
            else:
                kind = EventKind.NIL_MADE if nil.made else EventKind.NIL_FAILED
            events.append(Event(kind, sh.side, seat=nil.seat, count=nil.tricks))
        if sh.penalties:
            events.append(Event(EventKind.BAG_PENALTY, sh.side, count=sh.penalties))
        events.extend(
            Event(EventKind.ADJUSTMENT, sh.side, count=a.points, reason=a.reason)
            for a in sh.adjustments
        )
    return events


def _ending(scores: Sequence[int], rules: RuleSet, by_mercy: bool) -> EventKind:
    """Why the game ended: the target, the mercy score, or the hand limit."""
    if by_mercy:
        return EventKind.MERCY
    if any(s >= rules.target for s in scores):
        return EventKind.GAME_WON
    return EventKind.HAND_LIMIT


def score_game(game: Game) -> GameScore:
    """Score every hand in order; raises InvalidHandError naming the hand."""
    problems = variant_rule_problems(game.variant, game.rules)
    if problems:
        raise InvalidGameError(tuple(problems))
    sides = game.variant.sides
    scores = [0] * len(sides)
    bags = [0] * len(sides)
    hands: list[HandScore] = []
    winner: int | None = None
    tied = False
    players = game.variant.player_count
    deals_next = game.first_dealer % players  # who deals next: the deal passes left (Game.dealer)
    for index, hand in enumerate(game.hands):
        if winner is not None:
            raise GameOverError(
                (
                    Problem(
                        "hand",
                        _(
                            "the game was won at hand {won}; nothing can be recorded after it"
                        ).format(won=index),
                    ),
                ),
                hand_number=index + 1,
            )
        problems = hand_problems(game, hand, scores)
        if problems:
            raise InvalidHandError(tuple(problems), hand_number=index + 1)
        dealer = deals_next if hand.dealer is None else hand.dealer
        deals_next = (dealer + 1) % players
        hand_sides = tuple(
            score_side(game.rules, seats, hand, side, scores[side], bags[side])
            for side, seats in enumerate(sides)
        )
        scores = [sh.score for sh in hand_sides]
        bags = [sh.carried_bags for sh in hand_sides]
        winner, tied, by_mercy = decide(scores, game.rules, index + 1)
        events = _events(hand_sides)
        if winner is not None:
            events.append(Event(_ending(scores, game.rules, by_mercy), winner))
        elif tied:
            events.append(Event(EventKind.TIE))
        hands.append(
            HandScore(
                index=index,
                dealer=dealer,
                first_bidder=(dealer + 1) % players,
                sides=hand_sides,
                events=tuple(events),
            )
        )
    over = winner is not None
    return GameScore(
        sides=tuple(
            SideTotal(side, seats, scores[side], bags[side]) for side, seats in enumerate(sides)
        ),
        hands=tuple(hands),
        status=Status.FINISHED if over else Status.IN_PROGRESS,
        winner=winner,
        tied=tied and not over,
        next_dealer=None if over else deals_next,
        next_first_bidder=None if over else (deals_next + 1) % players,
    )


@dataclass(frozen=True)
class ScoredGame:
    """A game with its score, worked out once: what a game operation returns,
    and what the screen, the watch board and the stored document all read."""

    game: Game
    score: GameScore

    @property
    def hands(self) -> tuple[HandScore, ...]:
        """Each recorded hand's result, in order."""
        return self.score.hands

    @property
    def totals(self) -> tuple[SideTotal, ...]:
        """Each side's score and carried bags after the last hand."""
        return self.score.sides

    @property
    def status(self) -> Status:
        """In progress or finished."""
        return self.score.status

    @property
    def winner(self) -> int | None:
        """The side that won, once the game has ended."""
        return self.score.winner

    @property
    def finished(self) -> bool:
        """Whether the game has ended."""
        return self.score.status is Status.FINISHED


def scored(game: Game) -> ScoredGame:
    """The game with its score; raises as score_game does."""
    return ScoredGame(game, score_game(game))
