"""Where a keeper session waits for an import file's bytes, which the page
sends over HTTP, never in a websocket message.

A session opens a slot (`Inbox.open`): a random token, good once and for
`UPLOAD_SECONDS`, whose bytes go to that session alone; the page PUTs the
file to the slot's `url`. The HTTP side (`web/upload.py`) claims the slot by
its token and fills it, or fails it with `TooBig` or `NotArrived`.
"""

import asyncio
import hmac
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

from scorekeeper.redaction import SECRET_BYTES

UPLOAD_PREFIX = "/upload/"
UPLOAD_SECONDS = 300.0  # from the slot's opening to the file's last byte
MAX_SLOTS = 64  # open at once, server-wide (one per session that asks, at most)


class TooBig(Exception):
    """The file sent is over the limit: `size` is what it said or reached."""

    def __init__(self, size: int) -> None:
        super().__init__(size)
        self.size = size


class NotArrived(Exception):
    """The file did not arrive whole (the page left, stopped sending, or failed)."""


@dataclass(eq=False)
class Slot:
    """One file to be received for one keeper session."""

    token: str
    may_act: Callable[[], bool]  # the session's keeper check, asked again on arrival
    deadline: float  # time.monotonic() by which the last byte must be in
    arrived: "asyncio.Future[bytes]"

    @property
    def url(self) -> str:
        """Relative: the page sends it to its own origin."""
        return UPLOAD_PREFIX + self.token

    def fail(self, error: Exception) -> None:
        if not self.arrived.done():
            self.arrived.set_exception(error)


class Inbox:
    """The open slots of a running server."""

    def __init__(self, seconds: float = UPLOAD_SECONDS) -> None:
        self.seconds = seconds
        self.slots: dict[str, Slot] = {}  # oldest first

    def open(self, may_act: Callable[[], bool]) -> Slot | None:
        """A slot for a keeper session (checked here, on the server); None
        for a page that may not act (a watcher's, one logged out)."""
        if not may_act():
            return None
        self._expire()
        while len(self.slots) >= MAX_SLOTS:
            self.close(next(iter(self.slots.values())))
        token = secrets.token_urlsafe(SECRET_BYTES)
        slot = Slot(
            token,
            may_act,
            time.monotonic() + self.seconds,
            asyncio.get_running_loop().create_future(),
        )
        self.slots[token] = slot
        return slot

    async def wait(self, slot: Slot) -> bytes:
        """The file's bytes; raises TooBig or NotArrived. The slot is closed after."""
        try:
            remaining = max(0.0, slot.deadline - time.monotonic())
            return await asyncio.wait_for(slot.arrived, remaining)
        except TimeoutError:
            raise NotArrived("no file within the time allowed") from None
        finally:
            self.close(slot)

    def close(self, slot: Slot) -> None:
        """The slot's token is good no more; whoever waits is told."""
        self.slots.pop(slot.token, None)
        slot.fail(NotArrived("the slot was closed"))
        if not slot.arrived.cancelled():
            slot.arrived.exception()  # taken: no warning about a failure nobody awaits

    def _expire(self) -> None:
        now = time.monotonic()
        for slot in [s for s in self.slots.values() if s.deadline <= now]:
            self.close(slot)

    def claim(self, token: str) -> Slot | None:
        """The open slot of `token` (compared in constant time), taken: a token
        is good once."""
        self._expire()
        given = token.encode("utf-8", "replace")
        found = None
        for key in list(self.slots):
            if hmac.compare_digest(given, key.encode()):
                found = self.slots.pop(key)
        return found
