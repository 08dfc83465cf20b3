"""Operations on a game. Each change returns the new game scored once (a
ScoredGame: the game and its score, for the screen, the watch board and the
stored document alike) or raises with every problem; the game passed in is
never changed. Starting a game (new_game, rematch) returns the game itself:
it has no hands to score yet."""

from collections.abc import Sequence
from dataclasses import replace

from scorekeeper.core.model import Game, Hand, Variant
from scorekeeper.core.names import clean_team_names, team_name_problems
from scorekeeper.core.rules import RuleSet
from scorekeeper.core.scoring import ScoredGame, scored
from scorekeeper.core.validation import setup_problems
from scorekeeper.errors import InvalidGameError, InvalidHandError, Problem
from scorekeeper.i18n import _


def new_game(
    variant: Variant,
    players: Sequence[str],
    first_dealer: int = 0,
    rules: RuleSet | None = None,
    team_names: Sequence[str] = (),
) -> Game:
    """A game with no hands yet, or InvalidGameError with every set-up problem."""
    problems = setup_problems(variant, players, first_dealer, rules)
    problems += team_name_problems(variant, list(team_names))
    if problems:
        raise InvalidGameError(tuple(problems))
    return Game(
        variant,
        tuple(p.strip() for p in players),
        first_dealer,
        rules or RuleSet(),
        team_names=clean_team_names(team_names),
    )


def add_hand(game: Game, hand: Hand) -> ScoredGame:
    """The game with `hand` recorded after its last one, scored. The hand
    records its dealer: unless it names one, the seat after the last hand's dealer."""
    if hand.dealer is None:
        hand = replace(hand, dealer=game.dealer(len(game.hands)))
    return scored(replace(game, hands=(*game.hands, hand)))


def replace_hand(game: Game, index: int, hand: Hand) -> ScoredGame:
    """The game with hand `index` (0-based) changed; the later hands are re-scored
    and keep their dealers. A hand naming no dealer keeps the one it had."""
    _check_index(game, index)
    hands = list(with_dealers(game).hands)
    hands[index] = hand if hand.dealer is not None else replace(hand, dealer=hands[index].dealer)
    return scored(_first_dealt(game, tuple(hands)))


def remove_hand(game: Game, index: int) -> ScoredGame:
    """Delete any hand; the later hands are re-scored (and re-checked) and keep
    their dealers: a deleted hand was still dealt."""
    _check_index(game, index)
    hands = with_dealers(game).hands
    return scored(_first_dealt(game, hands[:index] + hands[index + 1 :], hands[index]))


def with_dealers(game: Game) -> Game:
    """The game with every hand's dealer written in: a hand recorded before hands
    kept their dealer gets the one worked out from its place, so that deleting or
    changing a hand before it cannot move it."""
    if all(hand.dealer is not None for hand in game.hands):
        return game
    seats = game.dealers()
    return replace(
        game,
        hands=tuple(
            replace(hand, dealer=seat) for hand, seat in zip(game.hands, seats[:-1], strict=True)
        ),
    )


def undo_last_hand(game: Game) -> ScoredGame:
    """The game without its last hand, scored."""
    return remove_hand(game, len(game.hands) - 1)


def rematch(game: Game) -> Game:
    """Same players and rules; the deal moves on from where this game ended."""
    return Game(
        game.variant,
        game.players,
        game.dealer(len(game.hands)),
        game.rules,
        team_names=game.team_names,
    )


def _first_dealt(game: Game, hands: tuple[Hand, ...], removed: Hand | None = None) -> Game:
    """The game with `hands` (each naming its dealer), its first dealer the first
    hand's: with no hand left, the dealer of the hand `removed`, who deals it again."""
    first = hands[0] if hands else removed
    assert first is not None  # remove_hand names the hand it removed
    assert first.dealer is not None  # with_dealers wrote it
    return replace(game, hands=hands, first_dealer=first.dealer)


def _check_index(game: Game, index: int) -> None:
    if not 0 <= index < len(game.hands):
        raise InvalidHandError(
            (
                Problem(
                    "hand",
                    _("there is no hand {number}: this game has {count}").format(
                        number=index + 1, count=len(game.hands)
                    ),
                ),
            )
        )
