"""A keeper's import file, sent over HTTP: its bytes never ride the page's websocket.

The websocket carries small messages only (`server.WS_MAX_BYTES`). To import,
a keeper's session first learns the file's name and size from the page
(nothing of a file over the limit is ever sent), then opens a slot here
(`Uploads.open`): a random token, good once and for `UPLOAD_SECONDS`, whose
bytes go to that session alone. The page PUTs the file to `/upload/TOKEN`
with Flet's own `FilePicker.upload`, and this route (mounted by
`web.build_app`, behind the Guard's host checks) takes at most
`MAX_INPUT_BYTES` of it. Refused, in a line of plain text:

- any method but PUT (405);
- a token that is unknown, used or expired (404), which also counts as a
  wrong secret for the address (the slow-down of `access.Throttle`);
- a token whose keeper page was logged out since (403);
- a body declared (Content-Length) or found, while it streams, to be over the
  limit (413): nothing more of it is read, and the connection is closed.
"""

import asyncio
import hmac
import logging
import re
import secrets
import time
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any

from scorekeeper.access import SECRET_BYTES, Throttle
from scorekeeper.exchange import MAX_INPUT_BYTES

log = logging.getLogger(__name__)

UPLOAD_PREFIX = "/upload/"
UPLOAD_SECONDS = 300.0  # from the slot's opening to the file's last byte
MAX_SLOTS = 64  # open at once, server-wide (one per session that asks, at most)

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]


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


class Uploads:
    """The slots of a running server, and the ASGI app of `/upload/TOKEN`."""

    def __init__(
        self,
        limit: int = MAX_INPUT_BYTES,
        seconds: float = UPLOAD_SECONDS,
        throttle: Throttle | None = None,
    ) -> None:
        self.limit = limit
        self.seconds = seconds
        self.throttle = throttle or Throttle()
        self.slots: dict[str, Slot] = {}  # oldest first

    # -- the session's side ------------------------------------------------------

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

    def _claim(self, token: str) -> Slot | None:
        """The open slot of `token` (compared in constant time), taken: a token
        is good once."""
        self._expire()
        given = token.encode("utf-8", "replace")
        found = None
        for key in list(self.slots):
            if hmac.compare_digest(given, key.encode()):
                found = self.slots.pop(key)
        return found

    # -- the page's side: PUT /upload/TOKEN ----------------------------------------

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        client = scope.get("client")
        address = str(client[0]) if client else ""
        if scope.get("method") != "PUT":
            await answer(send, 405, "Method not allowed: an upload is a PUT.", [(b"allow", b"PUT")])
            return
        token = str(scope.get("path", ""))[len(UPLOAD_PREFIX) :]
        slot = await self.throttle.look_up(address, lambda: self._claim(token))
        if slot is None:
            log.warning("refused an upload from %s: no such upload", address)
            await answer(
                send, 404, "Not found: no such upload (each is used once, within minutes)."
            )
            return
        if not slot.may_act():
            log.warning("refused an upload from %s: that page was logged out", address)
            slot.fail(NotArrived("logged out"))
            await answer(send, 403, "Forbidden: this device was logged out.")
            return
        await self._take(slot, scope, receive, send, address)

    async def _take(self, slot: Slot, scope: Scope, receive: Receive, send: Send, who: str) -> None:
        declared = header(scope, b"content-length")
        if declared is not None and not re.fullmatch(r"[0-9]{1,18}", declared):
            slot.fail(NotArrived("a bad Content-Length"))
            await answer(send, 400, "Bad request: Content-Length is not a number.")
            return
        if declared is not None and int(declared) > self.limit:
            log.warning("refused an upload from %s: %s bytes declared", who, declared)
            slot.fail(TooBig(int(declared)))
            await answer(send, 413, self.too_big())
            return
        body = bytearray()
        while True:
            if slot.arrived.done():  # no longer awaited: a newer import, the page gone
                await answer(send, 410, "Gone: this upload is no longer awaited.")
                return
            try:
                remaining = max(0.0, slot.deadline - time.monotonic())
                message = await asyncio.wait_for(receive(), remaining)
            except TimeoutError:
                log.warning("an upload from %s took too long", who)
                slot.fail(NotArrived("too slow"))
                await answer(send, 408, "Request timeout: the file came too slowly.")
                return
            if message["type"] == "http.disconnect":
                log.info("an upload from %s stopped after %d bytes", who, len(body))
                slot.fail(NotArrived("the page left"))
                return
            body += message.get("body", b"")
            if len(body) > self.limit:
                log.warning("refused an upload from %s: over %d bytes", who, self.limit)
                slot.fail(TooBig(len(body)))
                await answer(send, 413, self.too_big())
                return
            if not message.get("more_body", False):
                break
        log.debug("received an upload of %d bytes from %s", len(body), who)
        if not slot.arrived.done():
            slot.arrived.set_result(bytes(body))
        await answer(send, 200, "Received.", close=False)

    def too_big(self) -> str:
        return f"Payload too large: an import file is at most {self.limit} bytes."


def header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return bytes(value).decode("latin-1").strip()
    return None


async def answer(
    send: Send,
    status: int,
    text: str,
    headers: list[tuple[bytes, bytes]] | None = None,
    close: bool = True,
) -> None:
    """A short plain-text answer; `close` ends the connection after it (a body
    left unread is then never read)."""
    body = text.encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"text/plain; charset=utf-8"),
                (b"content-length", str(len(body)).encode()),
                (b"cache-control", b"no-store"),
                *([(b"connection", b"close")] if close else []),
                *(headers or []),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
