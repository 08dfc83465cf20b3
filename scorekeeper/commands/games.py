"""The commands on games: score a record, and import, list, export, delete,
back up and restore the stored games. Storage is imported when a command
runs, so `score` needs only the pure core (no flet, no tinydb)."""

import argparse
import contextlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from scorekeeper.commands.reading import printable, read_json_file
from scorekeeper.errors import ScorekeeperError, shorten
from scorekeeper.i18n import _, moment, number

if TYPE_CHECKING:
    from scorekeeper.storage.store import GameStore


def cmd_score(args: argparse.Namespace) -> int:
    from scorekeeper.core.record import scored_game_from_record
    from scorekeeper.core.report import score_report

    played = scored_game_from_record(read_json_file(args.file))
    if args.text:
        from scorekeeper.commands.score_text import score_text

        for line in score_text(played.game, played.score):
            print(printable(line))
        return 0
    report = score_report(played.game, played.score)
    json.dump(report, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")
    return 0


@contextlib.contextmanager
def open_store(args: argparse.Namespace, read_only: bool = False) -> Iterator["GameStore"]:
    """The data folder's store, for one command. A command that only reads
    runs while the app has the folder open, on a consistent copy of it
    (storage/snapshot.py). What the store had to repair or could not read is
    printed, whether found on opening or while the command read the games."""
    from scorekeeper.storage.location import data_folder
    from scorekeeper.storage.snapshot import consistent_copy
    from scorekeeper.storage.store import GameStore, StoreLockedError

    folder = data_folder(args.data)
    with contextlib.ExitStack() as stack:
        copy: Path | None = None
        try:
            store = GameStore(folder)
        except StoreLockedError as error:
            if not read_only:
                raise StoreLockedError(
                    _(
                        "{error} (list, export and backups work while the app runs; "
                        "this command needs it closed)"
                    ).format(error=error)
                ) from None
            copy = stack.enter_context(consistent_copy(folder))
            store = GameStore(copy)
        stack.callback(store.close)
        told = 0

        def tell() -> None:
            nonlocal told
            if copy is not None and store.notices[told:] and told == 0:
                print(
                    _(
                        "warning: the app has {folder} open, so this was read from a copy; "
                        "the app takes care of what follows in the folder itself"
                    ).format(folder=folder),
                    file=sys.stderr,
                )
            for notice in store.notices[told:]:
                text = str(notice)
                if copy is not None:
                    text = text.replace(str(copy), str(folder))
                print(_("warning: {notice}").format(notice=text), file=sys.stderr)
            told = len(store.notices)

        stack.callback(tell)
        tell()
        yield store


def cmd_where(args: argparse.Namespace) -> int:
    from scorekeeper.storage.location import data_folder

    print(data_folder(args.data))
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from scorekeeper.core.exchange import parse_import

    failed = False
    with open_store(args) as store:
        for path in args.files:
            try:
                data = read_json_file(path)
            except ScorekeeperError as error:  # its words name the file already
                print(_("error: {reason}").format(reason=error), file=sys.stderr)
                failed = True
                continue
            try:
                saved = store.import_games(parse_import(data))
            except ScorekeeperError as error:
                print(f"error: {path}: {error}", file=sys.stderr)
                failed = True
                continue
            for game in saved:
                print(game.id)
    return 2 if failed else 0


def cmd_list(args: argparse.Namespace) -> int:
    from scorekeeper.core.scoring import Status

    status = Status(args.status) if args.status else None
    with open_store(args, read_only=True) as store:
        page = store.history(status=status, player=args.player, limit=args.limit)
    if args.json:
        rows = [
            {
                "id": g.id,
                "created_at": g.created_at.isoformat(),
                "variant": g.variant.value,
                "players": list(g.players),
                "team_names": list(g.team_names),
                "status": g.status.value,
                "score": list(g.scores),
                "winner": g.winner,
                "hands": g.hands,
            }
            for g in page.items
        ]
        json.dump(rows, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0
    if not page.items:
        print(_("no games stored yet"))
    shown = {Status.IN_PROGRESS: _("in progress"), Status.FINISHED: _("finished")}
    for g in page.items:
        sides = []
        for side, score in enumerate(g.scores):
            names = "+".join(printable(name) for name in g.side_names(side))
            if g.team_name(side):  # the side's own name, and who played in it
                names = _("{team} ({names})").format(team=printable(g.team_name(side)), names=names)
            sides.append(_("{names} {score}").format(names=names, score=number(score)))
        versus = _("{first} vs {second}").format(first=sides[0], second=sides[1])
        print(f"{printable(g.id)}  {moment(g.created_at)}  {shown[g.status]}  {versus}")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from scorekeeper.core.exchange import export_csv, export_record
    from scorekeeper.storage.location import data_folder

    if bool(args.id) == bool(args.all):
        raise ScorekeeperError(_("name one game id, or --all"))
    if args.output:
        target = Path(args.output).expanduser().resolve()
        folder = data_folder(args.data).resolve()
        if target == folder or folder in target.parents:
            raise ScorekeeperError(
                _("{path} is inside the data folder; export to a place outside {folder}").format(
                    path=shorten(args.output), folder=folder
                )
            )
        if target.is_dir():
            raise ScorekeeperError(
                _("{path} is a folder; name a file to export to").format(path=shorten(args.output))
            )
    with open_store(args, read_only=True) as store:
        games = store.all_games() if args.all else [store.get(args.id)]
        sessions = {g: s.ref for s in store.sessions() for g in s.games}
    if args.format == "csv":
        text = export_csv(games)
    else:
        records = [export_record(g, sessions.get(g.id)) for g in games]
        text = json.dumps(records if args.all else records[0], ensure_ascii=False, indent=2)
        text += "\n"
    if args.output:
        try:
            with open(args.output, "w", encoding="utf-8") as f:
                f.write(text)
        except OSError as error:
            raise ScorekeeperError(
                _("cannot write {path}: {reason}").format(
                    path=shorten(args.output), reason=error.strerror
                )
            ) from None
    else:
        sys.stdout.write(text)
    return 0


def cmd_delete(args: argparse.Namespace) -> int:
    with open_store(args) as store:
        store.delete(args.id)
    print(_("deleted {id}").format(id=args.id))
    return 0


def cmd_backups(args: argparse.Namespace) -> int:
    with open_store(args, read_only=True) as store:
        days = store.backups()
    for day in days:
        print(day)
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    from scorekeeper.storage.location import data_folder
    from scorekeeper.storage.store import restore_backup

    aside = restore_backup(data_folder(args.data), args.day)
    print(
        _("restored the backup of {day}; the files it replaced are in {aside}").format(
            day=args.day, aside=aside
        )
    )
    return 0
