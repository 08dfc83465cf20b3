"""Command line: `scorekeeper [--data DIR] COMMAND`.

`score` needs only the pure core (no flet, no tinydb is imported); the other
commands import storage or the UI when they run.
"""

import argparse
import contextlib
import json
import os
import socket
import sys
import unicodedata
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorekeeper.errors import ScorekeeperError, shorten
from scorekeeper.i18n import _, moment, number

if TYPE_CHECKING:
    from scorekeeper.storage.store import GameStore


def _read_json(path: str) -> Any:
    """A JSON file (or standard input), refused before parsing when too big or
    nested too deep."""
    from scorekeeper.core.exchange import (
        MAX_INPUT_BYTES,
        NotJSONError,
        NotUTF8Error,
        TooDeepError,
        load_json,
    )

    shown = shorten(path)
    too_big = ScorekeeperError(
        _("{path} is larger than {limit} MB: not a file of games").format(
            path=shown, limit=MAX_INPUT_BYTES // 1_000_000
        )
    )
    try:
        if path == "-":
            raw = sys.stdin.read(MAX_INPUT_BYTES + 1).encode("utf-8", "surrogateescape")
        else:
            with open(path, "rb") as f:
                if os.fstat(f.fileno()).st_size > MAX_INPUT_BYTES:
                    raise too_big
                raw = f.read(MAX_INPUT_BYTES + 1)
    except OSError as error:
        raise ScorekeeperError(
            _("cannot read {path}: {reason}").format(path=shown, reason=error.strerror)
        ) from None
    if len(raw) > MAX_INPUT_BYTES:
        raise too_big
    try:
        return load_json(raw)
    except TooDeepError as error:
        raise ScorekeeperError(
            _("{path} is not a file of games: {reason}").format(path=shown, reason=error)
        ) from None
    except NotUTF8Error:
        raise ScorekeeperError(_("{path} is not UTF-8 text").format(path=shown)) from None
    except NotJSONError as error:
        raise ScorekeeperError(
            _("{path} is not valid JSON: {reason}").format(path=shown, reason=error)
        ) from None


def printable(text: str) -> str:
    """Text safe to print on a terminal: control, bidi and other invisible
    format characters (which older files may hold) are shown as escapes."""
    return "".join(f"\\u{ord(c):04x}" if unicodedata.category(c)[0] == "C" else c for c in text)


def cmd_score(args: argparse.Namespace) -> int:
    from scorekeeper.core.record import scored_game_from_record
    from scorekeeper.core.report import score_report

    played = scored_game_from_record(_read_json(args.file))
    report = score_report(played.game, played.score)
    json.dump(report, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")
    return 0


@contextlib.contextmanager
def _open_store(args: argparse.Namespace, read_only: bool = False) -> Iterator["GameStore"]:
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
    with _open_store(args) as store:
        for path in args.files:
            try:
                data = _read_json(path)
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
    with _open_store(args, read_only=True) as store:
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
    with _open_store(args, read_only=True) as store:
        games = store.all_games() if args.all else [store.get(args.id)]
    if args.format == "csv":
        text = export_csv(games)
    else:
        records = [export_record(g) for g in games]
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
    with _open_store(args) as store:
        store.delete(args.id)
    print(_("deleted {id}").format(id=args.id))
    return 0


def cmd_backups(args: argparse.Namespace) -> int:
    with _open_store(args, read_only=True) as store:
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


def _check_port(lan: bool, port: int) -> None:
    host = "0.0.0.0" if lan else "127.0.0.1"
    if not 0 < port < 65536:
        raise ScorekeeperError(_("port {port} is not a port number (1-65535)").format(port=port))
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as error:
            raise ScorekeeperError(
                _("port {port} cannot be used ({reason}); pick another with --port").format(
                    port=port, reason=error.strerror
                )
            ) from None


def cmd_serve(args: argparse.Namespace) -> int:
    _check_port(args.lan, args.port)
    from scorekeeper.web.asgi import Limits
    from scorekeeper.web.server import serve

    try:
        limits = Limits(
            max_sessions=args.max_sessions,
            per_address=args.max_per_address,
            idle_minutes=args.idle_minutes,
        )
    except ValueError as error:
        raise ScorekeeperError(str(error)) from None
    return serve(
        data=args.data,
        port=args.port,
        lan=args.lan,
        open_browser=not args.no_browser,
        hosts=args.host,
        limits=limits,
        proxies=[_proxy_address(a) for a in args.trust_proxy],
    )


def _proxy_address(text: str) -> str:
    import ipaddress

    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        raise ScorekeeperError(
            _("--trust-proxy {value!r} is not an IP address (such as 127.0.0.1)").format(
                value=text[:80]
            )
        ) from None


def cmd_keys_reset(args: argparse.Namespace) -> int:
    from scorekeeper.storage.location import data_folder
    from scorekeeper.web.access import reset_keys

    keys = reset_keys(data_folder(args.data))
    print(_("New keys made: every device that had the old links is logged out."))
    print(_("keeper link: http://ADDRESS:PORT{path}").format(path=keys.keeper_path()))
    print(_("watch link:  http://ADDRESS:PORT{path}").format(path=keys.watch_path()))
    print(_("(`scorekeeper serve` prints them with its address)"))
    return 0


def cmd_publish(args: argparse.Namespace) -> int:
    from pathlib import Path

    from scorekeeper.commands.publish import publish

    out = publish(Path(args.dir), base=args.base)
    print(_("Built the offline app in {folder}").format(folder=out))
    print()
    base = args_base(args.base)
    print(_("Try it on this computer:"))
    if base == "/":
        print(f"  scorekeeper serve-site {out} --port 8560")
        print("  http://127.0.0.1:8560/")
    else:  # the local host serves the folder at its root
        print(_("  build it again without --base, then: scorekeeper serve-site DIR --port 8560"))
    print(
        _("Host it: copy everything in {folder} to any static host that serves HTTPS").format(
            folder=out
        )
    )
    print(
        _(
            "  (GitHub Pages: push to main and the workflow .github/workflows/pages.yml "
            "publishes it; Netlify, Cloudflare Pages or your own web server work too)."
        )
    )
    if base == "/":
        print(_("  It expects the host's root; for a sub-folder build with --base /NAME/."))
    else:
        print(_("  It expects to be served under {base}.").format(base=base))
    print(_("Install it on a phone: open its address once with a connection, then"))
    print(_("  Android (Chrome): Install app on the app's Home, or menu > Add to Home screen;"))
    print(_("  iPhone (Safari): the Share button > Add to Home Screen."))
    print(_("  From then on it starts from the home screen, with no network at all."))
    return 0


def args_base(base: str) -> str:
    """The path a site is built for, as publish normalises it ("/" or "/name/")."""
    return "/" + base.strip("/") + "/" if base.strip("/") else "/"


def cmd_serve_site(args: argparse.Namespace) -> int:
    from pathlib import Path

    from scorekeeper.commands.sitehost import serve_site

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
    serve.add_argument(
        "--host",
        action="append",
        default=[],
        metavar="NAME",
        help=_("another name this server is reached by (repeatable); other names are refused"),
    )
    serve.add_argument(
        "--max-sessions", type=int, default=64, metavar="N", help=_("pages held in all (64)")
    )
    serve.add_argument(
        "--max-per-address",
        type=int,
        default=8,
        metavar="N",
        help=_("open pages per device address (8)"),
    )
    serve.add_argument(
        "--idle-minutes",
        type=float,
        default=5,
        metavar="M",
        help=_("a closed page can come back to where it was within M minutes (5)"),
    )
    serve.add_argument(
        "--trust-proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help=_(
            "a reverse proxy in front of the app, at this IP address: the device address "
            "it forwards (X-Forwarded-For) is believed (repeatable; by default none is)"
        ),
    )
    serve.set_defaults(func=cmd_serve)

    keys = sub.add_parser("keys", help=_("the keeper and watch links"))
    keys_sub = keys.add_subparsers(dest="keys_command", metavar="ACTION", required=True)
    keys_sub.add_parser(
        "reset", help=_("make new links: every other device is logged out")
    ).set_defaults(func=cmd_keys_reset)

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
    except OSError as error:  # a file the commands did not expect to fail
        where = f" ({shorten(error.filename)})" if error.filename else ""
        print(f"error: {error.strerror or error}{where}", file=sys.stderr)
        return 2
