"""Export and import of saved games: spades-score/1 JSON and CSV.

Import is all or nothing: every record is checked before anything is stored,
and the report names each refused record and why.
"""

import csv
import io
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from scorekeeper.core.model import Adjustment, Bid, Game
from scorekeeper.core.record import (
    bid_to_json,
    game_to_record,
    scored_game_from_record,
    time_from_json,
    time_to_json,
)
from scorekeeper.core.saved import SavedGame
from scorekeeper.core.scoring import ScoredGame, SideHand, Status, scored
from scorekeeper.core.session import SessionRef, session_ref_from_json, session_ref_to_json
from scorekeeper.errors import Clipped, Problem, ScorekeeperError
from scorekeeper.i18n import _, ngettext
from scorekeeper.i18n import number as digits

MAX_IMPORT_GAMES = 20_000
SHOWN_PROBLEMS = 10  # a refused import names this many problems, then counts the rest
MAX_INPUT_BYTES = 20_000_000  # an import or score file; years of games are a few MB
# A file of games nests 5 deep (a list of records, a record, its hands, a hand,
# its bids). Deeper JSON is refused before it is parsed: 20,000 brackets in
# 40 KB overflow the parser's stack (in the offline build, the page's Python).
MAX_JSON_DEPTH = 32
ID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
_ONE_BRACKET = bytes.maketrans(b"{}", b"[]")
_NOT_MARK = bytes(sorted(set(range(256)) - set(b'"[]{}')))


def _too_deep(raw: bytes) -> bool:
    """Whether JSON text nests deeper than MAX_JSON_DEPTH, found without
    parsing it, in a few passes over the bytes (each in C, so 20 MB take a
    fraction of a second). UTF-8 never uses these bytes inside a character."""
    plain = raw.replace(b"\\\\", b"").replace(b'\\"', b"")  # no escaped quote is left
    marks = plain.translate(_ONE_BRACKET, _NOT_MARK)  # quotes and brackets only
    brackets = b"".join(marks.split(b'"')[::2])  # the brackets outside strings
    for _level in range(MAX_JSON_DEPTH):  # each pass takes away one level of nesting
        shorter = brackets.replace(b"[]", b"")
        if len(shorter) == len(brackets):
            break
        brackets = shorter
    # Left: still nested after MAX_JSON_DEPTH levels, or brackets never closed.
    return b"[]" in brackets or brackets.count(b"[") > MAX_JSON_DEPTH


class NotJSONError(ScorekeeperError):
    """Bytes that are not UTF-8 JSON text; the message is the parser's reason."""


class NotUTF8Error(NotJSONError):
    """Bytes that are not UTF-8 text."""

    pass


class TooDeepError(ScorekeeperError):
    """JSON nested deeper than any file of games, refused before parsing."""


def load_json(raw: bytes) -> Any:
    """Parse a given or uploaded file (callers check its size first), refusing
    nesting deeper than MAX_JSON_DEPTH before the parser sees it."""
    if _too_deep(raw):
        raise TooDeepError(
            _(
                "it nests lists or objects more than {limit} deep; a file of games never does"
            ).format(limit=MAX_JSON_DEPTH)
        )
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise NotUTF8Error(_("it is not UTF-8 text")) from None
    except (ValueError, RecursionError) as error:  # ValueError: a 5,000-digit number, too
        raise NotJSONError(str(error)[:80]) from None


class ImportRefusedError(ScorekeeperError):
    """A file none of whose games was stored; `listing` names the first
    problems and counts the rest, so 20,000 bad records make one short line."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.listing = "; ".join(problems[:SHOWN_PROBLEMS])
        rest = len(problems) - SHOWN_PROBLEMS
        if rest > 0:
            more = ngettext("and {count} more problem", "and {count} more problems", rest)
            self.listing += "; " + more.format(count=digits(rest))
        super().__init__(
            _("nothing was imported: {problems}").format(problems=self.listing),
            tuple(Problem("import", p) for p in problems),
        )


@dataclass(frozen=True)
class Incoming:
    """A game to store; id and times are kept when the record brings them."""

    game: Game | ScoredGame  # as read from a file: scored already, while it was checked
    id: str | None = None
    created_at: datetime | None = None
    updated_at: datetime | None = None
    from_file: bool = False  # marked as imported, with the time, when stored
    ended_at: datetime | None = None  # a finished game's, kept when the record brings it
    session: SessionRef | None = None  # the session the record says it was played in
    counted_at: datetime | None = None  # finished, without ended_at: where ratings count it

    def scored_game(self) -> ScoredGame:
        """The game with its score: the one worked out when it was read, or now."""
        return self.game if isinstance(self.game, ScoredGame) else scored(self.game)


def export_record(saved: SavedGame, session: SessionRef | None = None) -> dict[str, Any]:
    """A stored game as a spades-score/1 record, with its id and times, and
    (only when it has them, so other records are written as before) the time
    it ended (or, for a finished game without that time, where the ratings
    count it) and its session."""
    record = {
        **game_to_record(saved.game),
        "id": saved.id,
        "created_at": time_to_json(saved.created_at),
        "updated_at": time_to_json(saved.updated_at),
    }
    if saved.score.status is Status.FINISHED:
        if saved.ended_at is not None:
            record["ended_at"] = time_to_json(saved.ended_at)
        else:  # a copy counts it where the ratings count it here
            record["counted_at"] = time_to_json(saved.rated_at)
    if session is not None:
        record["session"] = session_ref_to_json(session)
    return record


def parse_import(data: Any) -> list[Incoming]:
    """One record or a list of them; raises ImportRefusedError naming every bad one."""
    records = data if isinstance(data, list) else [data]
    if len(records) > MAX_IMPORT_GAMES:
        raise ImportRefusedError(
            [
                ngettext(
                    "a file holds at most {limit} game, this one {count}",
                    "a file holds at most {limit} games, this one {count}",
                    MAX_IMPORT_GAMES,
                ).format(limit=MAX_IMPORT_GAMES, count=len(records))
            ]
        )
    problems: list[str] = []
    incoming: list[Incoming] = []
    seen: set[str] = set()
    for number, record in enumerate(records, start=1):
        label = _("game {number}").format(number=number)
        try:
            game = scored_game_from_record(record)
        except ScorekeeperError as error:
            problems.append(f"{label}: {error}")
            continue
        game_id = record.get("id")
        if game_id is not None:
            if not isinstance(game_id, str) or not ID_PATTERN.fullmatch(game_id):
                problems.append(
                    _("{label}: id {value!r} is not a valid game id").format(
                        label=label, value=Clipped(game_id)
                    )
                )
                continue
            if game_id in seen:
                problems.append(
                    _("{label}: id {value!r} appears twice in the file").format(
                        label=label, value=Clipped(game_id)
                    )
                )
                continue
            seen.add(game_id)
        try:
            created, updated, ended, counted = (
                _time(record.get(k)) for k in ("created_at", "updated_at", "ended_at", "counted_at")
            )
            session = record.get("session")
            ref = None if session is None else session_ref_from_json(session, ID_PATTERN.fullmatch)
        except ScorekeeperError as error:
            problems.append(f"{label}: {error}")
            continue
        if game.score.status is not Status.FINISHED:
            ended = None  # only a finished game has ended
        if ended is not None or game.score.status is not Status.FINISHED:
            counted = None  # only a finished game without its end counts by it
        incoming.append(
            Incoming(game, game_id, created, updated or created, True, ended, ref, counted)
        )
    if problems:
        raise ImportRefusedError(problems)
    return incoming


def _time(value: Any) -> datetime | None:
    return None if value is None else time_from_json(value)


CSV_COLUMNS = (
    "game_id",
    "created_at",
    "variant",
    "hand",
    "dealer",
    *(f"player_{i}" for i in range(1, 5)),
    *(f"bid_{i}" for i in range(1, 5)),
    *(f"tricks_{i}" for i in range(1, 5)),
    *(f"side_{s}_{k}" for s in (1, 2) for k in ("points", "score", "bags")),
    # added with the games of three and four sides: after the first columns,
    # so a sheet that reads those by position still does
    *(f"side_{s}_{k}" for s in (3, 4) for k in ("points", "score", "bags")),
    "adjustments",
)
MAX_SIDES = 4


def safe_cell(text: str) -> str:
    """Keep spreadsheets from running a cell as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def bid_cell(bid: Bid) -> int | str:
    """A bid in a CSV cell: as in a record, and a blind bid "blind 6"."""
    if bid.is_blind_bid:
        return f"blind {bid.value}"
    return cast(int | str, bid_to_json(bid))


def _side_cells(sides: Sequence[SideHand]) -> list[int]:
    return [v for sh in sides for v in (sh.points, sh.score, sh.carried_bags)]


def _adjustment_cell(adjustment: Adjustment) -> str:
    cell = f"side {adjustment.side + 1} {adjustment.points:+d}"
    return f"{cell} {adjustment.reason}" if adjustment.reason else cell


def export_csv(games: Sequence[SavedGame]) -> str:
    """One row per hand; the seats and sides a game does not have stay empty.
    `adjustments`: "side 2 -30 renege; side 1 +10", sides counted from 1."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for saved in games:
        game, score = saved.game, saved.score
        players = [safe_cell(p) for p in game.players] + [""] * (4 - len(game.players))
        for hand, result in zip(game.hands, score.hands, strict=True):
            pad = [""] * (4 - len(hand.bids))
            writer.writerow(
                [
                    saved.id,
                    saved.created_at.isoformat(),
                    game.variant.value,
                    result.index + 1,
                    safe_cell(game.players[result.dealer]),
                    *players,
                    *(bid_cell(b) for b in hand.bids),
                    *pad,
                    *hand.tricks,
                    *pad,
                    *_side_cells(result.sides[:2]),
                    *_side_cells(result.sides[2:]),
                    *[""] * (3 * (MAX_SIDES - max(2, len(result.sides)))),
                    safe_cell("; ".join(_adjustment_cell(a) for a in hand.adjustments)),
                ]
            )
    return out.getvalue()
