"""What the commands read from files and print: a JSON file of games, refused
before parsing when it is too big or nested too deep, and text made safe for a
terminal. Imports only the pure core, when a file is read."""

import os
import sys
import unicodedata
from typing import Any

from scorekeeper.errors import ScorekeeperError, shorten
from scorekeeper.i18n import _


def read_json_file(path: str) -> Any:
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
