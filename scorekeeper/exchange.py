"""Export and import of saved games: spades-score/1 JSON and CSV.

Import is all or nothing: every record is checked before anything is stored,
and the report names each refused record and why.
"""

import csv
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from scorekeeper.errors import Problem, ScorekeeperError, clip
from scorekeeper.i18n import _, ngettext
from scorekeeper.model import Adjustment, Game
from scorekeeper.record import (
    bid_to_json,
    game_from_record,
    game_to_record,
    time_from_json,
    time_to_json,
)
from scorekeeper.saved import SavedGame
from scorekeeper.scoring import SideHand, score_game

MAX_IMPORT_GAMES = 20_000
ID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


class ImportRefusedError(ScorekeeperError):
    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__(
            _("nothing was imported: {problems}").format(problems="; ".join(problems)),
            tuple(Problem("import", p) for p in problems),
        )


@dataclass(frozen=True)
class Incoming:
    """A game to store; id and times are kept when the record brings them."""

    game: Game
    id: str | None = None
    created_at: datetime | None = None
    updated_at: datetime | None = None


def export_record(saved: SavedGame) -> dict[str, Any]:
    return {
        **game_to_record(saved.game),
        "id": saved.id,
        "created_at": time_to_json(saved.created_at),
        "updated_at": time_to_json(saved.updated_at),
    }


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
            game = game_from_record(record)
        except ScorekeeperError as error:
            problems.append(f"{label}: {error}")
            continue
        game_id = record.get("id")
        if game_id is not None:
            if not isinstance(game_id, str) or not ID_PATTERN.fullmatch(game_id):
                problems.append(
                    _("{label}: id {value!r} is not a valid game id").format(
                        label=label, value=clip(game_id)
                    )
                )
                continue
            if game_id in seen:
                problems.append(
                    _("{label}: id {value!r} appears twice in the file").format(
                        label=label, value=clip(game_id)
                    )
                )
                continue
            seen.add(game_id)
        try:
            created, updated = (_time(record.get(k)) for k in ("created_at", "updated_at"))
        except ScorekeeperError as error:
            problems.append(f"{label}: {error}")
            continue
        incoming.append(Incoming(game, game_id, created, updated or created))
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
        game = saved.game
        score = score_game(game)
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
                    *(bid_to_json(b) for b in hand.bids),
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
