"""Words for what the scoring found: labels and the after-hand summary."""

from collections.abc import Collection, Sequence

from scorekeeper import i18n
from scorekeeper.core.model import Bid, Game, Variant
from scorekeeper.core.rules import RuleSet
from scorekeeper.core.scoring import EventKind, GameScore, SideHand
from scorekeeper.i18n import N_, NN_, _, ngettext
from scorekeeper.ui.failed_nil_text import failed_nil_text
from scorekeeper.ui.names import isolate as isolate
from scorekeeper.ui.names import names_pair as names_pair


def bid_label(bid: Bid | None) -> str:
    if bid is None:
        return "-"
    if bid.is_blind_bid:
        return _("Blind {value}").format(value=num(bid.value))
    if bid.blind:
        return _("Blind nil")
    return _("Nil") if bid.is_nil else str(bid.value)


def partners_figures(figures: Sequence[str]) -> str:
    """Partners' bids or tricks in one cell ("5+N"), in the order their names
    are shown above it. In a right-to-left language the names run right to
    left but bare digits would run left to right: each figure is isolated."""
    if i18n.is_rtl():
        return "+".join(isolate(figure) for figure in figures)
    return "+".join(figures)


def sentence(text: str) -> str:
    """A message as shown: a capital first letter. One that starts with a
    (marked) name is left alone: a name is written as its player writes it."""
    if not text or text[0] in "\u2066\u2067\u2068":
        return text
    return text[0].upper() + text[1:]


def player(game: Game, seat: int) -> str:
    return isolate(game.players[seat])


def side_label(game: Game, side: int) -> str:
    return named_side(game.team_name(side), game.side_names(side))


def named_side(team: str, names: Sequence[str]) -> str:
    """A side as the screens name it: its own name ("Us") if it has one, else
    its players' names ("Ana + Cy"). A game's side_label, or a listed game's."""
    if team:
        return isolate(team)
    return names_pair(names)


def side_players(game: Game, side: int) -> str:
    """Who is in a side that has its own name ("Alex + Charlie" under "Us");
    empty when the side is named by its players already."""
    if not game.team_name(side):
        return ""
    return names_pair(game.side_names(side))


def side_spoken(game: Game, side: int) -> str:
    """A side's name for a screen reader: "Ana and Cy", or "Us (Ana and Cy)"."""
    names = [isolate(name) for name in game.side_names(side)]
    if len(names) != 2:
        return side_label(game, side)
    players = _("{a} and {b}").format(a=names[0], b=names[1])
    if not game.team_name(side):
        return players
    return _("{team} ({players})").format(team=isolate(game.team_name(side)), players=players)


def bag_penalty_line(game: Game, sh: SideHand) -> str:
    """A bag penalty in full: bags this hand, bags in all, the points, bags carried."""
    limit = game.rules.bag_limit
    total = sh.carried_bags + sh.penalties * limit
    return ngettext(
        "{count} bag this hand, {total} in all: {points}, {carried} carried",
        "{count} bags this hand, {total} in all: {points}, {carried} carried",
        sh.bags,
    ).format(
        count=num(sh.bags),
        total=num(total),
        points=num(sh.penalty_points),
        carried=num(sh.carried_bags),
    )


def signed(points: int) -> str:
    return i18n.signed(points)


def num(value: int) -> str:
    return i18n.number(value)


def versus(parts: list[str]) -> str:
    """Two sides (or more) against each other, as a title says it."""
    text = parts[0]
    for part in parts[1:]:
        text = _("{first} vs {second}").format(first=text, second=part)
    return text


def outcome(game: Game, score: GameScore) -> str | None:
    """The game's result in one line, or None while it goes on."""
    return result_line(
        [side_label(game, t.side) for t in score.sides],
        [t.score for t in score.sides],
        score.winner,
        score.tied,
    )


def result_line(
    names: Sequence[str], scores: Sequence[int], winner: int | None, tied: bool
) -> str | None:
    """Who won and by how much, or a tie to play on; None while the game goes on.
    The keeper's app and the watch link say it in the same words."""
    if winner is not None:
        others = [s for side, s in enumerate(scores) if side != winner]
        return _("Winner: {names}, {score} to {other}").format(
            names=names[winner], score=num(scores[winner]), other=", ".join(map(num, others))
        )
    if tied:
        return _("Tied at {score}: play another hand").format(score=num(scores[0]))
    return None


def short_bid(bid: Bid) -> str:
    """A bid on the score sheet: N for nil, BN for blind nil, B6 for blind 6."""
    if bid.is_blind_bid:
        return _("B{value}").format(value=bid.value)
    if bid.blind:
        return _("BN")
    return _("N") if bid.is_nil else str(bid.value)


# What each event says (translated when shown); every template may use names,
# player, tricks, contract, count, points and detail (a bag penalty in full).
# The failed nils count tricks, so they come in singular and plural.
EVENT_TEXT: dict[EventKind, str | tuple[str, str]] = {
    EventKind.MADE: N_("{names}: contract made, {tricks} of {contract}"),
    EventKind.SET: N_("{names}: set, {tricks} of {contract}"),
    EventKind.NIL_MADE: N_("{player}: nil made"),
    EventKind.NIL_FAILED: NN_(
        "{player}: nil failed ({count} trick)", "{player}: nil failed ({count} tricks)"
    ),
    EventKind.BLIND_NIL_MADE: N_("{player}: blind nil made"),
    EventKind.BLIND_NIL_FAILED: NN_(
        "{player}: blind nil failed ({count} trick)",
        "{player}: blind nil failed ({count} tricks)",
    ),
    EventKind.BAG_PENALTY: N_("Bag penalty for {names}: {points} ({detail})"),
    EventKind.MERCY: N_("Winner by the mercy rule: {names}"),
    EventKind.HAND_LIMIT: N_("Winner after the last hand of the game: {names}"),
    EventKind.ADJUSTMENT: N_("{names}: {points}"),  # the keeper's penalty or adjustment
}


# A blind contract ("blind 6") says so, with the points it won or lost: they
# are twice a seen contract's.
BLIND_TEXT = {
    EventKind.MADE: N_("{names}: blind {contract} made, {tricks} of {contract}, {points}"),
    EventKind.SET: N_("{names}: blind {contract} set, {tricks} of {contract}, {points}"),
}


def event_text(
    kind: EventKind,
    count: int,
    as_bags: bool = False,
    blind: bool = False,
    rules: RuleSet | None = None,
) -> str:
    """The template of one event; a failed nil's says where its tricks went
    under `rules` (as_bags: they are the side's bags this hand)."""
    if blind and kind in BLIND_TEXT:
        return _(BLIND_TEXT[kind])
    text = failed_nil_text(kind, count, as_bags, rules) or EVENT_TEXT[kind]
    return _(text) if isinstance(text, str) else ngettext(*text, count)


def event_lines(
    game: Game, score: GameScore, index: int, kinds: Collection[EventKind] = tuple(EVENT_TEXT)
) -> list[str]:
    """What happened in hand `index` (the events of `kinds`): made or set, nils,
    bag penalties, a mercy win."""
    hand = score.hands[index]
    lines = []
    for event in hand.events:
        if event.kind not in kinds or event.kind not in EVENT_TEXT:
            continue
        sh = hand.sides[event.side] if event.side is not None else None
        if event.kind is EventKind.ADJUSTMENT and event.side is not None:
            line = _("{names}: {points}").format(
                names=side_label(game, event.side), points=signed(event.count)
            )
            lines.append(f"{line} ({event.reason})" if event.reason else line)
            continue
        blind = bool(sh and sh.blind and event.kind in BLIND_TEXT)
        lines.append(
            sentence(
                event_text(
                    event.kind, event.count, bool(sh and sh.nil_bags), blind, game.rules
                ).format(
                    names=side_label(game, event.side) if event.side is not None else "",
                    player=player(game, event.seat) if event.seat is not None else "",
                    tricks=sh.tricks_toward if sh else 0,
                    contract=sh.contract if sh else 0,
                    count=event.count,
                    bags=signed(event.count),
                    points=(signed(sh.contract_points) if blind else num(sh.penalty_points))
                    if sh
                    else 0,
                    detail=bag_penalty_line(game, sh) if sh and sh.penalties else "",
                )
            )
        )
    return lines


def describe_hand(game: Game, score: GameScore, index: int) -> list[str]:
    """The after-hand summary: what happened, each side's points and who deals
    next (not the result: the scoreboard's banner says it, once). Each line
    starts as a sentence does: a language may put the verb before the name
    ("ndan Besa"). An earlier hand, changed, is told alone: its own totals
    after it, and no next dealer (that is the next new hand's, not its own)."""
    hand = score.hands[index]
    lines = event_lines(game, score, index)
    for sh in hand.sides:
        lines.append(
            _("{names}: {points} this hand, {score} in all").format(
                names=side_label(game, sh.side), points=signed(sh.points), score=num(sh.score)
            )
        )
    newest = index == len(score.hands) - 1
    if newest and score.next_dealer is not None and score.next_first_bidder is not None:
        lines.append(
            sentence(
                (
                    _("Draws first next: {dealer} · Bids first: {bidder}")
                    if game.variant is Variant.TWO_PLAYER
                    else _("Deals next: {dealer} · Bids first: {bidder}")
                ).format(
                    dealer=player(game, score.next_dealer),
                    bidder=player(game, score.next_first_bidder),
                )
            )
        )
    return lines


# -- labels kept as data: marked for the catalogs, translated where shown ----------------

SEAT_PLACES_4 = (N_("South"), N_("West"), N_("North"), N_("East"))

RULE_LABELS = {
    "target": N_("Points to win"),
    "bag_limit": N_("Bags before a penalty"),
    "bag_penalty": N_("Bag penalty"),
    "nil_bonus": N_("Nil bonus"),
    "blind_nil_bonus": N_("Blind nil bonus"),
    "mercy": N_("Mercy: lose at (empty: off)"),
    "blind_nil_min_deficit": N_("Blind nil only when behind by (empty: always)"),
    "min_side_bid": N_("Minimum side bid"),
    "big_bid_min": N_("Big bid: a contract of at least (empty: off)"),
    "big_bid_points": N_("Big bid: points won or lost"),
    "max_hands": N_("Game ends after this many hands (empty: no limit)"),
}
# Short names of the rules, for the rules a game changed from the standard ones.
RULE_NAMES = {
    "target": N_("points to win"),
    "bag_limit": N_("bags before a penalty"),
    "bag_penalty": N_("bag penalty"),
    "nil_bonus": N_("nil bonus"),
    "blind_nil_bonus": N_("blind nil bonus"),
    "mercy": N_("mercy at"),
    "blind_nil_min_deficit": N_("blind nil when behind by"),
    "min_side_bid": N_("minimum side bid"),
    "allow_nil": N_("nil allowed"),
    "allow_blind_nil": N_("blind nil allowed"),
    "failed_nil_tricks": N_("a failed nil's tricks"),
    "big_bid_min": N_("big bid from"),
    "big_bid_points": N_("big bid points"),
    "overtrick_points": N_("points a bag"),
    "max_hands": N_("hands in a game"),
    "bidding": N_("bidding"),
    "big_bid_double": N_("big bid doubled"),
    "blind_bids": N_("blind bids allowed"),
    "blind_bid_min": N_("smallest blind bid"),
    "blind_bid_deficit": N_("blind bid when behind by"),
}
# Set-up controls for the rules added with blind bids (not on the set-up
# screen yet): a switch each for the first three, a field each for the rest.
MORE_RULE_LABELS = {
    "failed_nil_tricks": N_("A failed nil's tricks count for nothing"),
    "big_bid_double": N_("Big bid: 20 a trick bid, made or set"),
    "blind_bids": N_("Blind bids allowed"),
    "blind_bid_min": N_("Smallest blind bid of a side"),
    "blind_bid_deficit": N_("Blind bids only when behind by (empty: always)"),
}
# One line under a switch, saying the rule in full.
RULE_EXPLANATIONS = {
    "failed_nil_tricks": N_(
        "A failed nil still loses its bonus; its tricks neither help the partner nor count as bags."
    ),
    "big_bid_double": N_(
        "A big bid scores 20 for each trick bid when made and loses as much when set, "
        "instead of its fixed points."
    ),
    "blind_bids": N_(
        "A side that trails may bid its contract before looking at the cards: "
        "20 for each trick bid when made, as much lost when set."
    ),
}
PRESET_LABELS = {
    "standard": N_("Standard: 500, 10 bags"),
    "short": N_("Short game: 300"),
    "quick": N_("Quick game: 250"),
    "mercy": N_("Standard with mercy at -200"),
    "big_bids": N_("Big bids: 10 for 200"),
    "no_bags": N_("Bags score nothing"),
    "suicide": N_("Suicide bidding (partners)"),
    "ten_hands": N_("Ten hands, highest wins"),
    "bags_cancel": N_("Bags cancel their points: 110 at 10 bags"),
    "double_on_10": N_("Double on 10: 20 a trick bid"),
    "blind_6": N_("Blind 6 when 100 behind"),
}
PRESET_NAMES = {
    "standard": N_("standard rules"),
    "short": N_("short game"),
    "quick": N_("quick game"),
    "mercy": N_("mercy rule"),
    "big_bids": N_("big bids"),
    "no_bags": N_("bags score nothing"),
    "suicide": N_("suicide bidding"),
    "ten_hands": N_("ten hands"),
    "bags_cancel": N_("bags cancel their points"),
    "double_on_10": N_("double on 10"),
    "blind_6": N_("blind 6"),
}
# What each preset of the later house rules plays, in full.
PRESET_EXPLANATIONS = {
    "bags_cancel": N_("The 10th bag costs 110, so the bags' own points are lost with the penalty."),
    "double_on_10": N_(
        "A contract of 10 or more scores 20 for each trick bid: 10 for 200, "
        "11 for 220, lost as much when set."
    ),
    "blind_6": N_(
        "A side 100 or more behind may bid 6 or more blind: 20 for each trick bid, made or set."
    ),
}


def seat_place(seat: int) -> str:
    return _(SEAT_PLACES_4[seat])


def rules_name(preset: str | None) -> str:
    """A game's rules in a word or two: its preset, or "custom rules"."""
    return _(PRESET_NAMES[preset]) if preset in PRESET_NAMES else _("custom rules")


def rule_value(name: str, value: object) -> str:
    if value is None:
        return _("off")
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if name == "failed_nil_tricks":
        if value == "ignored":
            return _("count for nothing")
        return _("count for the partner") if value == "count_for_partner" else _("are bags")
    if name == "bidding":
        return _("suicide") if value == "suicide" else _("standard")
    return num(value) if isinstance(value, int) else str(value)


def rules_summary(overrides: dict[str, object]) -> str:
    """The rules a game changed, "points to win: 300, mercy at: -200"."""
    return ", ".join(
        _("{rule}: {value}").format(rule=_(RULE_NAMES.get(k, k)), value=rule_value(k, v))
        for k, v in overrides.items()
    )
