"""Command line: `scorekeeper [--data DIR] COMMAND`.

`score` needs only the pure core (no flet, no tinydb is imported); the other
commands import storage or the UI when they run.
"""

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from scorekeeper.errors import ScorekeeperError
from scorekeeper.i18n import _, moment, number

if TYPE_CHECKING:
    from scorekeeper.storage.store import GameStore


def _read_json(path: str) -> Any:
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read()
    except OSError as error:
        raise ScorekeeperError(
            _("cannot read {path!r}: {reason}").format(path=path, reason=error.strerror)
        ) from None
    except UnicodeDecodeError:
        raise ScorekeeperError(_("{path!r} is not UTF-8 text").format(path=path)) from None
    try:
        return json.loads(text)
    except (json.JSONDecodeError, RecursionError) as error:
        raise ScorekeeperError(
            _("{path!r} is not valid JSON: {reason}").format(path=path, reason=error)
        ) from None


def cmd_score(args: argparse.Namespace) -> int:
    from scorekeeper.record import game_from_record
    from scorekeeper.report import score_report
    from scorekeeper.scoring import score_game

    game = game_from_record(_read_json(args.file))
    json.dump(score_report(game, score_game(game)), sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")
    return 0


def _open_store(args: argparse.Namespace) -> "GameStore":
    from scorekeeper.storage.location import data_folder
    from scorekeeper.storage.store import GameStore

    store = GameStore(data_folder(args.data))
    for notice in store.notices:
        print(_("warning: {notice}").format(notice=notice), file=sys.stderr)
    return store


def cmd_where(args: argparse.Namespace) -> int:
    from scorekeeper.storage.location import data_folder

    print(data_folder(args.data))
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from scorekeeper.exchange import parse_import

    failed = False
    with _open_store(args) as store:
        for path in args.files:
            try:
                incoming = parse_import(_read_json(path))
                saved = store.import_games(incoming)
            except ScorekeeperError as error:
                print(f"error: {path}: {error}", file=sys.stderr)
                failed = True
                continue
            for game in saved:
                print(game.id)
    return 2 if failed else 0


def cmd_list(args: argparse.Namespace) -> int:
    from scorekeeper.scoring import Status

    status = Status(args.status) if args.status else None
    with _open_store(args) as store:
        page = store.history(status=status, player=args.player, limit=args.limit)
    if args.json:
        rows = [
            {
                "id": g.id,
                "created_at": g.created_at.isoformat(),
                "variant": g.variant.value,
                "players": list(g.players),
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
        sides = [
            _("{names} {score}").format(
                names="+".join(g.players[s] for s in seats), score=number(score)
            )
            for seats, score in zip(g.variant.sides, g.scores, strict=True)
        ]
        versus = _("{first} vs {second}").format(first=sides[0], second=sides[1])
        print(f"{g.id}  {moment(g.created_at)}  {shown[g.status]}  {versus}")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from scorekeeper.exchange import export_csv, export_record

    if bool(args.id) == bool(args.all):
        raise ScorekeeperError(_("name one game id, or --all"))
    with _open_store(args) as store:
        games = store.all_games() if args.all else [store.get(args.id)]
    if args.format == "csv":
        text = export_csv(games)
    else:
        records = [export_record(g) for g in games]
        text = json.dumps(records if args.all else records[0], ensure_ascii=False, indent=2)
        text += "\n"
    if args.output:
        from pathlib import Path

        Path(args.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def cmd_delete(args: argparse.Namespace) -> int:
    with _open_store(args) as store:
        store.delete(args.id)
    print(_("deleted {id}").format(id=args.id))
    return 0


def cmd_backups(args: argparse.Namespace) -> int:
    with _open_store(args) as store:
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


def cmd_serve(args: argparse.Namespace) -> int:
    from scorekeeper.ui.server import serve

    return serve(data=args.data, port=args.port, lan=args.lan, open_browser=not args.no_browser)


def cmd_publish(args: argparse.Namespace) -> int:
    from pathlib import Path

    from scorekeeper.publish import publish

    out = publish(Path(args.dir), base=args.base)
    print(_("Built the offline app in {folder}").format(folder=out))
    return 0


def cmd_serve_site(args: argparse.Namespace) -> int:
    from pathlib import Path

    from scorekeeper.sitehost import serve_site

    return serve_site(Path(args.dir), args.port)


def build_parser() -> argparse.ArgumentParser:
    from scorekeeper.storage.location import data_folder

    parser = argparse.ArgumentParser(
        prog="scorekeeper",
        description=_(
            "Keep score of Spades games played with a real deck. With no command, starts the app."
        ),
        epilog=_(
            "Games are stored in {folder} (change it with --data or SCOREKEEPER_DATA)."
        ).format(folder=data_folder()),
    )
    parser.add_argument("--data", metavar="DIR", help=_("the data folder to use"))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    serve = sub.add_parser("serve", help=_("start the app (the default)"))
    serve.add_argument("--port", type=int, default=8550, help=_("port (default 8550)"))
    serve.add_argument(
        "--lan",
        action="store_true",
        help=_("listen on all interfaces so a phone on this Wi-Fi can open it"),
    )
    serve.add_argument("--no-browser", action="store_true", help=_("do not open a browser"))
    serve.set_defaults(func=cmd_serve)

    score = sub.add_parser("score", help=_("score a spades-score/1 game record, print JSON"))
    score.add_argument("file", help=_("the record's path, or - for standard input"))
    score.set_defaults(func=cmd_score)

    sub.add_parser("where", help=_("print the data folder")).set_defaults(func=cmd_where)

    imp = sub.add_parser("import", help=_("store games from spades-score/1 files"))
    imp.add_argument("files", nargs="+", metavar="FILE")
    imp.set_defaults(func=cmd_import)

    lst = sub.add_parser("list", help=_("list stored games, newest first"))
    lst.add_argument("--json", action="store_true")
    lst.add_argument("--status", choices=["in_progress", "finished"])
    lst.add_argument("--player", help=_("only games with a player whose name contains this"))
    lst.add_argument("--limit", type=int, default=10**9)
    lst.set_defaults(func=cmd_list)

    exp = sub.add_parser("export", help=_("export one game or all, as JSON or CSV"))
    exp.add_argument("id", nargs="?")
    exp.add_argument("--all", action="store_true")
    exp.add_argument("--format", choices=["json", "csv"], default="json")
    exp.add_argument("-o", "--output", metavar="FILE")
    exp.set_defaults(func=cmd_export)

    delete = sub.add_parser("delete", help=_("delete a stored game"))
    delete.add_argument("id")
    delete.set_defaults(func=cmd_delete)

    sub.add_parser("backups", help=_("list the daily backups")).set_defaults(func=cmd_backups)
    restore = sub.add_parser("restore", help=_("replace the data by a daily backup"))
    restore.add_argument("day", help=_("a name from `scorekeeper backups`"))
    restore.set_defaults(func=cmd_restore)

    publish = sub.add_parser(
        "publish", help=_("build the offline app (runs in the browser) as a static site in DIR")
    )
    publish.add_argument("dir", metavar="DIR")
    publish.add_argument(
        "--base", default="/", help=_("the path the site is served under (default /)")
    )
    publish.set_defaults(func=cmd_publish)

    site = sub.add_parser("serve-site", help=_("serve a built offline app on 127.0.0.1"))
    site.add_argument("dir", metavar="DIR")
    site.add_argument("--port", type=int, default=8560, help=_("port (default 8560)"))
    site.set_defaults(func=cmd_serve_site)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        args = parser.parse_args([*(argv if argv is not None else sys.argv[1:]), "serve"])
    try:
        result: int = args.func(args)
        return result
    except ScorekeeperError as error:
        print(_("error: {reason}").format(reason=error), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # output piped into `head` and the like
        sys.stderr.close()
        return 0
