"""Games in and out as files: export one game or all (JSON or CSV), and
import a file of games, all of it or nothing, saying why. Keeps no state of
its own: what it reports goes to the history screen's message."""

import json
import math

from scorekeeper import i18n
from scorekeeper.core.exchange import (
    MAX_INPUT_BYTES,
    ImportRefusedError,
    NotJSONError,
    TooDeepError,
    export_csv,
    export_record,
    load_json,
    parse_import,
)
from scorekeeper.errors import ScorekeeperError
from scorekeeper.i18n import _, ngettext
from scorekeeper.storage.store import GameStore
from scorekeeper.ui.state.browsing import Browsing
from scorekeeper.ui.state.shown import Shown


class Transfer:
    """Export and import, reported on the history screen."""

    def __init__(self, store: GameStore, shown: Shown, browsing: Browsing) -> None:
        self.store = store
        self.shown = shown
        self.browsing = browsing

    def export_data(self, kind: str, game_id: str | None = None) -> tuple[str, bytes]:
        """A file for the browser to download: one game or all, JSON or CSV."""
        games = [self.store.get(game_id)] if game_id else self.store.all_games()
        stem = f"spades-{game_id}" if game_id else "spades-games"
        if kind == "csv":
            return f"{stem}.csv", export_csv(games).encode("utf-8")
        records = [export_record(g) for g in games]
        data = records[0] if game_id else records
        return f"{stem}.json", json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8")

    def import_file(self, name: str, data: bytes | None) -> None:
        """Store the games of an uploaded file: all of them, or none with the reasons."""
        self.browsing.show_history()
        if data is None:
            return
        if len(data) > MAX_INPUT_BYTES:
            self.file_too_big(name, len(data))
            return
        try:
            saved = self.store.import_games(parse_import(load_json(data)))
        except NotJSONError as error:
            self.shown.message = _("{name} is not a JSON file: {reason}").format(
                name=name, reason=error
            )
            return
        except TooDeepError as error:
            self.shown.message = _("{name} is not a file of games: {reason}").format(
                name=name, reason=error
            )
            return
        except ImportRefusedError as error:  # its own words begin "nothing was imported"
            self.shown.message = _("Nothing was imported from {name}: {reason}").format(
                name=name, reason=error.listing
            )
            return
        except ScorekeeperError as error:
            self.shown.message = _("Nothing was imported from {name}: {reason}").format(
                name=name, reason=error
            )
            return
        self.browsing.show_history()
        self.shown.message = ngettext(
            "Imported {count} game from {name}.", "Imported {count} games from {name}.", len(saved)
        ).format(count=len(saved), name=name)

    def import_failed(self, name: str) -> None:
        """A served import whose file did not arrive whole: nothing was read."""
        self.browsing.show_history()
        self.shown.message = _(
            "Nothing was imported from {name}: the file did not arrive whole. Try again."
        ).format(name=name)

    def file_too_big(self, name: str, size: int) -> None:
        """A file over the import limit: refused before a byte of it is read
        (served, its size is known from the picker), or once read."""
        self.browsing.show_history()
        shown = math.ceil(size / 100_000) / 10  # never rounded down to the limit itself
        self.shown.message = _(
            "{name} is too big to be a Spades file ({size} MB; the limit is {limit} MB). "
            "Choose a file made with Export JSON."
        ).format(
            name=name,
            size=i18n.decimal(shown, "#,##0.0"),
            limit=i18n.number(MAX_INPUT_BYTES // 1_000_000),
        )
