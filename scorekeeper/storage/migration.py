"""Every data file names its kind and schema version (its `_meta` table), so
that a file of an older schema is migrated as it is read, and one a newer app
wrote is refused before anything in the folder is written. A folder of
schema 1 (one index.json) is laid out again as index/ and facts/ files
(opening.py, once the parts that write them are open)."""

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scorekeeper.i18n import Later, _
from scorekeeper.storage.atomic import DamagedFileError, Tables, read_json_file
from scorekeeper.storage.errors import NewerVersionError

SCHEMA_VERSION = 2
# MIGRATIONS[n] turns the tables of schema n into schema n + 1. Schema 2 moved
# the summaries out of index.json into index/ and facts/ (opening.upgrade_layout);
# the active and archive files kept their shape.
MIGRATIONS: dict[int, Callable[[Tables], Tables]] = {1: lambda tables: tables}
# A file as read: its tables, None if it is absent, or what is wrong with it.
Checked = Tables | DamagedFileError | None
SCHEMA_AT_START = re.compile(rb'\{\s*"_meta"\s*:\s*\{\s*"1"\s*:\s*\{\s*"schema"\s*:\s*(\d{1,9})\b')


def meta(kind: str) -> dict[str, Any]:
    """The `_meta` row a file of `kind` is written with, at this schema."""
    return {"schema": SCHEMA_VERSION, "kind": kind}


def check_kind(path: Path, tables: Tables, kind: str) -> Tables:
    """The file's tables at this schema; DamagedFileError if it is not ours,
    NewerVersionError if a newer app wrote it."""
    found = tables.get("_meta", {}).get("1", {})
    version = found.get("schema") if isinstance(found, dict) else None
    if not isinstance(found, dict) or found.get("kind") != kind or type(version) is not int:
        raise DamagedFileError(path, Later("it is not a Spades Scorekeeper file"))
    if version > SCHEMA_VERSION:
        raise NewerVersionError(
            _(
                "these games were saved by a newer version of Spades Scorekeeper "
                "({file} has schema {version}, this version knows {known}); upgrade the app"
            ).format(file=path, version=version, known=SCHEMA_VERSION),
            _("These games were saved by a newer version of the app; upgrade it."),
        )
    if version < SCHEMA_VERSION:
        if any(step not in MIGRATIONS for step in range(version, SCHEMA_VERSION)):
            raise DamagedFileError(
                path, Later("schema {version} is not one this app ever wrote", version=version)
            )
        for step in range(version, SCHEMA_VERSION):
            tables = MIGRATIONS[step](tables)
    tables["_meta"] = {"1": meta(kind)}
    return tables


def read_checked(path: Path, kind: str) -> Checked:
    """Parsed and checked tables, None if absent, or the DamagedFileError:
    damage is dealt with later, once nothing newer than this app was found."""
    try:
        tables = read_json_file(path)
        if tables is None:
            return None
        return check_kind(path, tables, kind)
    except DamagedFileError as damage:
        return damage


def refuse_newer(path: Path, kind: str) -> None:
    """NewerVersionError if a newer app wrote `path`. Only the start of the
    file is read when it begins as this app writes files (its `_meta` first)."""
    with open(path, "rb") as f:
        start = SCHEMA_AT_START.match(f.read(200))
    if start is None or int(start[1]) > SCHEMA_VERSION:
        read_checked(path, kind)  # raises NewerVersionError; damage waits


def read_legacy_index(path: Path) -> Checked:
    """Schema 1's index.json, read for its merges only (its summaries are made
    again from the archive), or the DamagedFileError."""
    try:
        return read_json_file(path)
    except DamagedFileError as damage:
        return damage
