"""Command line: `scorekeeper [--data DIR] COMMAND`.

The parser and the entry point; the commands are in games.py (score, import,
list, export, delete, backups, restore), nights.py (sessions, ratings) and
serving.py (serve, keys, publish, serve-site). `score` needs only the pure
core (no flet, no tinydb is imported); the other commands import storage or the UI when they run.
"""

import argparse
import sys
from collections.abc import Sequence

from scorekeeper.commands.games import (
    cmd_backups,
    cmd_delete,
    cmd_export,
    cmd_import,
    cmd_list,
    cmd_restore,
    cmd_score,
    cmd_where,
)
from scorekeeper.commands.nights import cmd_ratings, cmd_sessions
from scorekeeper.commands.serving import cmd_keys_reset, cmd_publish, cmd_serve, cmd_serve_site
from scorekeeper.errors import ScorekeeperError, shorten
from scorekeeper.i18n import _


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
    shape = score.add_mutually_exclusive_group()
    shape.add_argument(
        "--json", action="store_false", dest="text", help=_("print JSON (the default)")
    )
    shape.add_argument(
        "--text", action="store_true", help=_("print each hand in words instead of JSON")
    )
    score.set_defaults(func=cmd_score, text=False)

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

    sessions = sub.add_parser(
        "sessions", help=_("list the sessions: the games each table played together")
    )
    sessions.add_argument(
        "--json",
        action="store_true",
        help=_("print JSON: a list, one object per session with its id, games and wins"),
    )
    sessions.set_defaults(func=cmd_sessions)

    ratings = sub.add_parser("ratings", help=_("list the players by rating, best first"))
    ratings.add_argument(
        "--json",
        action="store_true",
        help=_("print JSON: a list of player, mu, sigma, ordinal and games, best first"),
    )
    ratings.set_defaults(func=cmd_ratings)

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
