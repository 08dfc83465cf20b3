"""Command line: `scorekeeper [--data DIR] COMMAND`.

`score` needs only the pure core (no flet, no tinydb is imported); the other
commands import storage or the UI when they run.
"""

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from scorekeeper.errors import ScorekeeperError
from scorekeeper.i18n import _


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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="scorekeeper",
        description=_("Keep score of Spades games played with a real deck."),
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    score = sub.add_parser("score", help=_("score a spades-score/1 game record, print JSON"))
    score.add_argument("file", help=_("the record's path, or - for standard input"))
    score.set_defaults(func=cmd_score)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    try:
        result: int = args.func(args)
        return result
    except ScorekeeperError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # output piped into `head` and the like
        sys.stderr.close()
        return 0
