"""Who may do what: the keeper secret, the watch token, and the links that carry them.

The secrets are made with `secrets` at first start and kept in the data folder
(`keys.json`, readable by its owner only). The keeper link gives full access;
the watch link shows the games in progress, read-only. Resetting makes new
ones, so every device holding the old ones is logged out. Checks compare in
constant time, and repeated wrong secrets from one address are slowed down.

No flet, no tinydb: the command line uses this module too.
"""

import asyncio
import hmac
import json
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any, TypeVar

from scorekeeper.errors import ScorekeeperError
from scorekeeper.i18n import _
from scorekeeper.redaction import SECRET_BYTES
from scorekeeper.storage import platform

KEYS_FILE = "keys.json"
KEYS_FORMAT = "spades-keys/1"
KEEPER_PREFIX = "/key/"
WATCH_PREFIX = "/watch/"
T = TypeVar("T")


class Role(StrEnum):
    KEEPER = "keeper"  # full access
    WATCHER = "watcher"  # the live scoreboard, read-only
    NONE = "none"  # asked to ask the keeper


@dataclass(frozen=True)
class Keys:
    keeper: str
    watch: str
    generation: int  # goes up on every reset

    def role_of(self, secret: str | None) -> Role:
        """Which role a presented secret gives; both compared in constant time."""
        if not secret or not isinstance(secret, str):
            return Role.NONE
        given = secret.encode("utf-8", "replace")
        is_keeper = hmac.compare_digest(given, self.keeper.encode())
        is_watch = hmac.compare_digest(given, self.watch.encode())
        if is_keeper:
            return Role.KEEPER
        return Role.WATCHER if is_watch else Role.NONE

    def keeper_path(self) -> str:
        return KEEPER_PREFIX + self.keeper

    def watch_path(self) -> str:
        return WATCH_PREFIX + self.watch


class KeysFileError(ScorekeeperError):
    pass


def new_keys(generation: int = 1) -> Keys:
    return Keys(
        keeper=secrets.token_urlsafe(SECRET_BYTES),
        watch=secrets.token_urlsafe(SECRET_BYTES),
        generation=generation,
    )


def _write(path: Path, keys: Keys) -> None:
    """Written as the games are (storage/platform.py): a private temporary file,
    fsynced, renamed over the old one, the folder fsynced; a failed write
    (a full disk) leaves the old file and no temporary one."""
    data = json.dumps(
        {
            "format": KEYS_FORMAT,
            "keeper": keys.keeper,
            "watch": keys.watch,
            "generation": keys.generation,
        },
        indent=1,
    ).encode()
    if not path.parent.exists():
        platform.make_folder(path.parent)
    platform.write_atomically(path, data)


def _parse(path: Path, raw: bytes) -> Keys:
    try:
        doc: Any = json.loads(raw)
    except (ValueError, RecursionError):
        doc = None
    if (
        not isinstance(doc, dict)
        or doc.get("format") != KEYS_FORMAT
        or not all(isinstance(doc.get(k), str) and len(doc[k]) >= 32 for k in ("keeper", "watch"))
        or not isinstance(doc.get("generation"), int)
    ):
        raise KeysFileError(
            _("{path} is not a keys file; run `scorekeeper keys reset` to make new keys").format(
                path=path
            )
        )
    return Keys(doc["keeper"], doc["watch"], doc["generation"])


def load_keys(folder: Path) -> Keys:
    """The folder's keys, made at first start."""
    path = folder / KEYS_FILE
    try:
        return _parse(path, path.read_bytes())
    except FileNotFoundError:
        keys = new_keys()
        _write(path, keys)
        return keys


def reset_keys(folder: Path, after: int = 0) -> Keys:
    """New keeper secret and watch token: every device holding the old ones is logged out."""
    path = folder / KEYS_FILE
    try:
        generation = _parse(path, path.read_bytes()).generation + 1
    except (FileNotFoundError, KeysFileError):
        generation = 1
    keys = new_keys(max(generation, after + 1))
    _write(path, keys)
    return keys


class KeyRing:
    """The current keys of a running server: reread when the file changes
    (a `scorekeeper keys reset` from the command line takes effect at once)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / KEYS_FILE
        self._keys = load_keys(folder)
        self._stamp = self._file_stamp()

    def _file_stamp(self) -> tuple[int, int, int] | None:
        try:
            st = self.path.stat()
        except OSError:
            return None
        return (st.st_mtime_ns, st.st_size, st.st_ino)

    @property
    def keys(self) -> Keys:
        stamp = self._file_stamp()
        if stamp != self._stamp:
            try:
                self._keys = _parse(self.path, self.path.read_bytes())
            except FileNotFoundError:
                self._keys = load_keys(self.folder)  # deleted: new ones, old ones refused
            except KeysFileError:
                pass  # half-edited by hand: keep what we had until it is valid again
            self._stamp = self._file_stamp()
        return self._keys

    def reset(self) -> Keys:
        self._keys = reset_keys(self.folder, after=self._keys.generation)
        self._stamp = self._file_stamp()
        return self._keys


def secret_in_route(route: str) -> tuple[str | None, str]:
    """The secret a link carries, and the route to show once it is taken out:
    `/key/SECRET` -> (SECRET, "/"); `/watch/TOKEN/...` -> (TOKEN, "/watch")."""
    path = route.split("?")[0].split("#")[0]
    for prefix, rest in ((KEEPER_PREFIX, "/"), (WATCH_PREFIX, "/watch")):
        if path.startswith(prefix):
            secret = path[len(prefix) :].split("/")[0]
            return (secret or None), rest
    return None, route


class Throttle:
    """Wrong secrets from one address wait longer and longer (0.25 s doubling to
    `limit`); checks from one address run one at a time, so parallel connections
    do not guess faster. Only the keeper secret, accepted, clears an address's
    wrong ones: the watch link (which any watcher holds) or an upload's token
    leaves the count as it is, so it cannot be alternated with guesses to
    keep the delay short. Addresses are forgotten after `forget_after` seconds."""

    def __init__(
        self,
        base: float = 0.25,
        limit: float = 8.0,
        forget_after: float = 600.0,
        max_addresses: int = 4096,
    ) -> None:
        self.base = base
        self.limit = limit
        self.forget_after = forget_after
        self.max_addresses = max_addresses
        self._failures: OrderedDict[str, tuple[int, float]] = OrderedDict()
        self._locks: dict[str, asyncio.Lock] = {}

    def delay(self, address: str) -> float:
        count, last = self._failures.get(address, (0, 0.0))
        if not count or time.monotonic() - last > self.forget_after:
            return 0.0
        return float(min(self.base * 2 ** (count - 1), self.limit))

    def failed(self, address: str) -> None:
        count, last = self._failures.pop(address, (0, 0.0))
        if time.monotonic() - last > self.forget_after:
            count = 0
        self._failures[address] = (count + 1, time.monotonic())
        while len(self._failures) > self.max_addresses:
            self._failures.popitem(last=False)

    def succeeded(self, address: str) -> None:
        self._failures.pop(address, None)

    async def check(self, address: str, keys: Keys, secret: str | None) -> Role:
        """The role a secret gives; a wrong one is answered only after the delay."""

        def known() -> Role | None:
            role = keys.role_of(secret)
            return None if role is Role.NONE else role

        found = await self.look_up(address, known, clears=lambda role: role is Role.KEEPER)
        return found or Role.NONE

    async def look_up(
        self,
        address: str,
        find: Callable[[], T | None],
        clears: Callable[[T], bool] = lambda _found: False,
    ) -> T | None:
        """What `find` finds for a secret an address presented (a key, an
        upload's token), one look-up at a time per address; when it finds
        nothing, the answer comes only after the delay. What it finds clears
        the address's wrong ones only when `clears` says so (the keeper's)."""
        lock = self._locks.setdefault(address, asyncio.Lock())
        try:
            async with lock:
                found = find()
                if found is None:
                    self.failed(address)
                    await asyncio.sleep(self.delay(address))
                elif clears(found):
                    self.succeeded(address)
                return found
        finally:
            if not lock.locked() and len(self._locks) > self.max_addresses:
                self._locks.pop(address, None)
