"""The spades-score/1 game record: the JSON shape for files, export and import.

    {"format": "spades-score/1", "variant": "partnership",
     "players": ["Alex", "Beth", "Charlie", "David"], "first_dealer": 0,
     "rules": {"target": 500}, "team_names": ["Us", "Them"],
     "hands": [{"dealer": 0, "bids": [4, 3, "nil", "blind_nil"], "tricks": [5, 4, 0, 4],
                "adjustments": [{"side": 1, "points": -30, "reason": "renege"}]}]}

A blind bid (a house rule) is {"blind": 6}. A hand's "dealer" is the seat that
dealt it; a hand without one (kept by an older version) follows the hand before.

Parsing checks structure and types; `score_game` then checks the play itself.
"""

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from scorekeeper.core.model import BLIND_NIL, NIL, Adjustment, Bid, Game, Hand, Variant, blind_bid
from scorekeeper.core.names import clean_team_names, team_name_problems
from scorekeeper.core.rules import rules_from_dict
from scorekeeper.core.scoring import ScoredGame, scored
from scorekeeper.core.validation import setup_problems
from scorekeeper.errors import Clipped, InvalidGameError, InvalidRecordError
from scorekeeper.i18n import _, ngettext

FORMAT = "spades-score/1"
BidJSON = int | str | dict[str, int]  # 4, "nil", "blind_nil", {"blind": 6}
MAX_HANDS = 2_000  # far beyond any real game; stops hostile files early


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def bid_from_json(raw: Any) -> Bid:
    """A bid as a record writes it: a number, "nil" or "blind_nil"."""
    if raw == "nil":
        return NIL
    if raw == "blind_nil":
        return BLIND_NIL
    if _is_whole(raw):
        return Bid(raw)  # the range is checked with the hand
    if isinstance(raw, Mapping) and list(raw) == ["blind"]:
        value = raw["blind"]
        if _is_whole(value) and value >= 1:
            return blind_bid(value)  # the top of the range is checked with the hand
        raise ValueError(
            _(
                "blind bid {value!r} is not a bid: a blind bid is a whole number of tricks "
                'from 1, {{"blind": 6}}; a blind nil is "blind_nil"'
            ).format(value=Clipped(raw))
        )
    raise ValueError(
        _(
            "bid {value!r} is not a bid: use a whole number 0-13 (0-17 in cutthroat), "
            '"nil", "blind_nil" or a blind bid such as {{"blind": 6}}'
        ).format(value=Clipped(raw))
    )


def bid_to_json(bid: Bid) -> BidJSON:
    """A bid as a record writes it."""
    if bid.is_blind_bid:
        return {"blind": bid.value}
    if bid.blind:
        return "blind_nil"
    return "nil" if bid.is_nil else bid.value


def game_from_record(data: Any) -> Game:
    """Parse and fully check a record; raises a ScorekeeperError subclass."""
    return scored_game_from_record(data).game


def scored_game_from_record(data: Any) -> ScoredGame:
    """Parse and fully check a record, keeping the score the check worked out."""
    if not isinstance(data, Mapping):
        raise InvalidRecordError(
            _("a game record must be a JSON object, got {kind}").format(kind=type(data).__name__)
        )
    if data.get("format") != FORMAT:
        raise InvalidRecordError(
            _('"format" must be {expected!r}, got {value!r}').format(
                expected=FORMAT, value=Clipped(data.get("format"))
            )
        )
    variant_raw = data.get("variant", Variant.PARTNERSHIP.value)
    try:
        variant = Variant(variant_raw)
    except ValueError:
        raise InvalidRecordError(
            _('"variant" must be one of {allowed}, got {value!r}').format(
                allowed=", ".join(f'"{v.value}"' for v in Variant), value=Clipped(variant_raw)
            )
        ) from None
    players = data.get("players")
    if not isinstance(players, list):
        raise InvalidRecordError(
            _('"players" must be a list of names, got {value!r}').format(value=Clipped(players))
        )
    first_dealer = data.get("first_dealer", 0)
    team_names = data.get("team_names")
    rules = rules_from_dict(data.get("rules"))
    problems = setup_problems(variant, players, first_dealer, rules)
    problems += team_name_problems(variant, team_names)
    if problems:
        raise InvalidGameError(tuple(problems))
    hands_raw = data.get("hands", [])
    if not isinstance(hands_raw, list):
        raise InvalidRecordError(
            _('"hands" must be a list, got {value!r}').format(value=Clipped(hands_raw))
        )
    if len(hands_raw) > MAX_HANDS:
        raise InvalidRecordError(
            ngettext(
                "a game has at most {limit} hand, got {count}",
                "a game has at most {limit} hands, got {count}",
                MAX_HANDS,
            ).format(limit=MAX_HANDS, count=len(hands_raw))
        )
    hands = tuple(hand_from_json(i + 1, raw) for i, raw in enumerate(hands_raw))
    game = Game(
        variant,
        tuple(p.strip() for p in players),
        first_dealer,
        rules,
        hands,
        clean_team_names(team_names),
    )
    return scored(game)


def hand_from_json(number: int, raw: Any) -> Hand:
    """A hand's dealer, bids, tricks and adjustments; values are checked with the game."""
    if not isinstance(raw, Mapping):
        raise InvalidRecordError(
            _('hand {number}: must be an object with "bids" and "tricks", got {value!r}').format(
                number=number, value=Clipped(raw)
            )
        )
    bids, tricks = raw.get("bids"), raw.get("tricks")
    if not isinstance(bids, list) or not isinstance(tricks, list):
        raise InvalidRecordError(
            _('hand {number}: "bids" and "tricks" must both be lists').format(number=number)
        )
    try:
        parsed = tuple(bid_from_json(b) for b in bids)
    except ValueError as error:
        raise InvalidRecordError(
            _("hand {number}: {problem}").format(number=number, problem=error)
        ) from None
    dealer = raw.get("dealer")
    if "dealer" in raw and not _is_whole(dealer):
        raise InvalidRecordError(
            _('hand {number}: "dealer" must be a seat number, got {value!r}').format(
                number=number, value=Clipped(dealer)
            )
        )
    adjustments = _adjustments_from_json(number, raw.get("adjustments", []))
    return Hand(parsed, tuple(tricks), adjustments, dealer)


def _adjustments_from_json(number: int, raw: Any) -> tuple[Adjustment, ...]:
    if not isinstance(raw, list) or not all(
        isinstance(a, Mapping) and "side" in a and "points" in a for a in raw
    ):
        raise InvalidRecordError(
            _(
                'hand {number}: "adjustments" must be a list of objects with "side", "points" '
                'and an optional "reason", got {value!r}'
            ).format(number=number, value=Clipped(raw))
        )
    return tuple(
        Adjustment(
            a["side"],
            a["points"],
            a.get("reason", "").strip() if isinstance(a.get("reason", ""), str) else a["reason"],
        )
        for a in raw
    )


def hand_to_json(hand: Hand) -> dict[str, Any]:
    """A hand as a record writes it; "dealer" and "adjustments" only when it has
    them, so a hand kept before they existed is written back exactly as it was."""
    data: dict[str, Any] = {} if hand.dealer is None else {"dealer": hand.dealer}
    data |= {
        "bids": [bid_to_json(b) for b in hand.bids],
        "tricks": list(hand.tricks),
    }
    if hand.adjustments:
        data["adjustments"] = [
            {"side": a.side, "points": a.points, **({"reason": a.reason} if a.reason else {})}
            for a in hand.adjustments
        ]
    return data


def game_to_record(game: Game) -> dict[str, Any]:
    """A game as a spades-score/1 record."""
    record: dict[str, Any] = {
        "format": FORMAT,
        "variant": game.variant.value,
        "players": list(game.players),
        "first_dealer": game.first_dealer,
        "rules": game.rules.to_dict(),
    }
    if game.team_names:  # optional: records without it stay as they were
        record["team_names"] = list(game.team_names)
    record["hands"] = [hand_to_json(h) for h in game.hands]
    return record


# Times a game can carry: anything outside is a typing slip or a hostile file,
# and would break date arithmetic (local time, charts) near the calendar's ends.
EARLIEST = datetime(1900, 1, 1, tzinfo=UTC)
LATEST = datetime(2200, 1, 1, tzinfo=UTC)


def time_from_json(value: Any) -> datetime:
    """An ISO 8601 time as an instant in UTC (no offset: UTC); refuses the absurd."""
    if not isinstance(value, str):
        raise InvalidRecordError(
            _("{value!r} is not an ISO 8601 time").format(value=Clipped(value))
        )
    try:
        parsed = datetime.fromisoformat(value)
        instant = (parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)).astimezone(UTC)
    except (ValueError, OverflowError):
        raise InvalidRecordError(
            _("{value!r} is not an ISO 8601 time between {earliest} and {latest}").format(
                value=Clipped(value), earliest=EARLIEST.year, latest=LATEST.year - 1
            )
        ) from None
    if not EARLIEST <= instant < LATEST:
        raise InvalidRecordError(
            _("{value!r} is not an ISO 8601 time between {earliest} and {latest}").format(
                value=Clipped(value), earliest=EARLIEST.year, latest=LATEST.year - 1
            )
        )
    return instant


def time_to_json(value: datetime) -> str:
    """A time as ISO 8601 text in UTC."""
    return value.astimezone(UTC).isoformat()
