"""How many pages and sessions the server holds, and which give way.

Flet keeps a closed page's session for a while so a reload resumes it. The
caps keep those, and the open pages, bounded per client address and in all;
at a cap the oldest page that is not a keeper's gives way, so the keeper's
page always gets in, whoever holds the others.
"""

import asyncio
import logging
import weakref
from collections import Counter, OrderedDict
from dataclasses import dataclass, field
from typing import Any

import flet as ft
from flet_web.fastapi import app_manager

from scorekeeper.ui import session_key

log = logging.getLogger(__name__)

MAX_IDLE_MINUTES = 7 * 24 * 60


@dataclass(frozen=True)
class Limits:
    """The caps, as `scorekeeper serve` was given them."""

    max_sessions: int = 64  # sessions held in all, connected or waiting to be resumed
    per_address: int = 8  # open pages per client address
    idle_minutes: float = 5  # a closed page's session is dropped after this
    register_seconds: float = 20  # a websocket that says nothing is closed

    def __post_init__(self) -> None:
        for name in ("max_sessions", "per_address"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1, not {getattr(self, name)!r}")
        if not 0 < self.idle_minutes <= MAX_IDLE_MINUTES:
            raise ValueError(
                f"idle_minutes must be above 0 and at most {MAX_IDLE_MINUTES} (a week), "
                f"not {self.idle_minutes!r}"
            )


@dataclass
class HeldSession:
    """A Flet session held for a page, open or waiting to be resumed."""

    address: str
    session: "weakref.ref[Any]"


@dataclass(eq=False)
class Socket:
    """One open websocket: where from, and the Flet session it speaks for."""

    address: str
    key: str | None = None  # Flet's key of its session, once registered
    evicted: asyncio.Event = field(default_factory=asyncio.Event)  # closed to make room


class SessionCaps:
    """Counts open pages per address and in all, and keeps the number of held
    Flet sessions (open, or closed and waiting to be resumed) under the cap by
    dropping the oldest closed ones first. At a cap, a new page closes the
    oldest page that is not a keeper's (from the address with the most pages
    open) rather than being refused: the keeper always gets in, however many
    pages other devices hold."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.open: list[Socket] = []  # oldest first
        self.held: OrderedDict[str, HeldSession] = OrderedDict()
        self.keepers: set[str] = set()  # keys of the sessions of keeper pages

    @property
    def open_total(self) -> int:
        """Open pages in all (for the log and the tests)."""
        return len(self.open)

    def admit(self, socket: Socket) -> str | None:
        """Count a new page in, making room if a cap is reached; else why not."""
        mine = [s for s in self.open if s.address == socket.address]
        if len(mine) >= self.limits.per_address and not self._make_room(mine):
            return f"{socket.address} has {self.limits.per_address} keeper pages open already"
        if len(self.open) >= self.limits.max_sessions and not self._make_room(self.open):
            return f"{self.limits.max_sessions} keeper pages are open already"
        self.open.append(socket)
        return None

    def _make_room(self, among: list[Socket]) -> bool:
        """Close the oldest page that is not a keeper's, of the most crowded address."""
        others = [s for s in among if s.key not in self.keepers]
        if not others:
            return False
        crowd = Counter(s.address for s in self.open)
        victim = min(others, key=lambda s: -crowd[s.address])  # oldest of the most crowded
        log.warning("closing the oldest page of %s to make room", victim.address)
        self.open.remove(victim)
        victim.evicted.set()
        return True

    def page_closed(self, socket: Socket) -> None:
        """The page's socket is gone: it counts no more."""
        if socket in self.open:
            self.open.remove(socket)

    def keeper_page(self, page: ft.Page) -> None:
        """The page showed the keeper's app: never closed to make room."""
        self.keepers.add(page_key(page))

    async def session_created(self, page: ft.Page, socket: Socket | None = None) -> None:
        """A new Flet session (Flet's `before_main`): hold it, drop the oldest
        closed ones beyond the caps."""
        session = page.session
        address = page.client_ip or ""
        key = page_key(page)
        if await app_manager.get_session(key) is not session:
            log.error("cannot find the session %s to hold it", session.id)
            return
        if socket is not None:
            socket.key = key
        self.held[key] = HeldSession(address, weakref.ref(session))
        await self._prune()
        mine = [k for k, h in self.held.items() if h.address == address]
        await self._drop_closed(mine, len(mine) - self.limits.per_address)
        await self._drop_closed(list(self.held), len(self.held) - self.limits.max_sessions)

    async def _prune(self) -> None:
        """Forget sessions Flet has dropped by itself."""
        for key, held in list(self.held.items()):
            if held.session() is None or await app_manager.get_session(key) is None:
                del self.held[key]
        self.keepers &= set(self.held)

    async def _drop_closed(self, keys: list[str], excess: int) -> None:
        """Drop up to `excess` closed sessions among `keys`, oldest first."""
        for key in keys:
            if excess <= 0:
                return
            session = self.held[key].session()
            if session is None or session.connection is None:
                log.info("dropping the closed session %s (too many held)", key)
                del self.held[key]
                await app_manager.delete_session(key)
                excess -= 1


async def mark_disconnected(key: str | None, connection: Any, idle_seconds: int) -> None:
    """Mark a session disconnected once its socket is gone, if Flet did not:
    its handler can end before doing so (a send to the closed socket raises
    first), and such a session would then be held, and followed, forever."""
    session = await app_manager.get_session(key) if key else None
    if session is not None and session.connection is connection:
        log.info("marking the session %s disconnected", key)
        await app_manager.disconnect_session(key, idle_seconds)


def page_key(page: ft.Page) -> str:
    """The key flet_web keeps the page's session under ("" off flet_web)."""
    return session_key(page) or ""
