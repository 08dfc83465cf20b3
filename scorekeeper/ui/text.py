"""Words for what the scoring found: labels and the after-hand summary."""

from collections.abc import Collection

from scorekeeper.i18n import _, ngettext
from scorekeeper.model import Bid, Game
from scorekeeper.scoring import EventKind, GameScore, SideHand


def bid_label(bid: Bid | None) -> str:
    if bid is None:
        return "-"
    if bid.blind:
        return _("Blind nil")
    return _("Nil") if bid.is_nil else str(bid.value)


def isolate(name: str) -> str:
    """Keep a right-to-left name (Hebrew) from reordering the text around it."""
    return f"\u2068{name}\u2069"


def sentence(text: str) -> str:
    """A message as shown: a capital first letter. One that starts with a
    (marked) name is left alone: a name is written as its player writes it."""
    if not text or text[0] == "\u2068":
        return text
    return text[0].upper() + text[1:]


def player(game: Game, seat: int) -> str:
    return isolate(game.players[seat])


def side_label(game: Game, side: int) -> str:
    return " + ".join(isolate(name) for name in game.side_names(side))


def side_spoken(game: Game, side: int) -> str:
    """A side's name for a screen reader: "Ana and Cy"."""
    names = [isolate(name) for name in game.side_names(side)]
    if len(names) == 2:
        return _("{a} and {b}").format(a=names[0], b=names[1])
    return side_label(game, side)


def bag_penalty_line(game: Game, sh: SideHand) -> str:
    """A bag penalty in full: bags this hand, bags in all, the points, bags carried."""
    limit = game.rules.bag_limit
    total = sh.carried_bags + sh.penalties * limit
    return ngettext(
        "{count} bag this hand, {total} in all: {points}, {carried} carried",
        "{count} bags this hand, {total} in all: {points}, {carried} carried",
        sh.bags,
    ).format(count=sh.bags, total=total, points=sh.penalty_points, carried=sh.carried_bags)


def hands_count(count: int) -> str:
    return ngettext("{count} hand", "{count} hands", count).format(count=count)


def signed(points: int) -> str:
    return f"{points:+d}"


def outcome(game: Game, score: GameScore) -> str | None:
    """The game's result in one line, or None while it goes on."""
    if score.winner is not None:
        others = [t.score for t in score.sides if t.side != score.winner]
        return _("{names} win, {score} to {other}").format(
            names=side_label(game, score.winner),
            score=score.sides[score.winner].score,
            other=", ".join(map(str, others)),
        )
    if score.tied:
        return _("Tied at {score}: play another hand").format(score=score.sides[0].score)
    return None


def short_bid(bid: Bid) -> str:
    """A bid on the score sheet: N for nil, BN for blind nil."""
    if bid.blind:
        return _("BN")
    return _("N") if bid.is_nil else str(bid.value)


# What each event says; every template may use names, player, tricks, contract,
# count, tricks_taken ("2 tricks"), points and detail (a bag penalty in full).
EVENT_TEXT = {
    EventKind.MADE: _("{names} made {tricks} of {contract}"),
    EventKind.SET: _("{names} were set: {tricks} of {contract}"),
    EventKind.NIL_MADE: _("{player}'s nil made"),
    EventKind.NIL_FAILED: _("{player}'s nil failed ({tricks_taken})"),
    EventKind.BLIND_NIL_MADE: _("{player}'s blind nil made"),
    EventKind.BLIND_NIL_FAILED: _("{player}'s blind nil failed ({tricks_taken})"),
    EventKind.BAG_PENALTY: _("Bag penalty for {names}: {points} ({detail})"),
    EventKind.MERCY: _("{names} win by the mercy rule"),
}


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
        lines.append(
            EVENT_TEXT[event.kind].format(
                names=side_label(game, event.side) if event.side is not None else "",
                player=player(game, event.seat) if event.seat is not None else "",
                tricks=sh.tricks_toward if sh else 0,
                contract=sh.contract if sh else 0,
                count=event.count,
                tricks_taken=ngettext("{count} trick", "{count} tricks", event.count).format(
                    count=event.count
                ),
                points=sh.penalty_points if sh else 0,
                detail=bag_penalty_line(game, sh) if sh and sh.penalties else "",
            )
        )
    return lines


def describe_hand(game: Game, score: GameScore, index: int) -> list[str]:
    """The after-hand summary: what happened, each side's points, the result
    if the game ended, and who deals next."""
    hand = score.hands[index]
    lines = event_lines(game, score, index)
    for sh in hand.sides:
        lines.append(
            _("{names}: {points} this hand, {score} in all").format(
                names=side_label(game, sh.side), points=signed(sh.points), score=sh.score
            )
        )
    result = outcome(game, score) if index == len(score.hands) - 1 else None
    if result:
        lines.append(result)
    if score.next_dealer is not None and score.next_first_bidder is not None:
        lines.append(
            _("{dealer} deals next; {bidder} bids first").format(
                dealer=player(game, score.next_dealer), bidder=player(game, score.next_first_bidder)
            )
        )
    return lines
