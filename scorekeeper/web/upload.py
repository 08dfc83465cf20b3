"""A keeper's import file, sent over HTTP: its bytes never ride the page's websocket.

The websocket carries small messages only (`server.WS_MAX_BYTES`). To import,
a keeper's session first learns the file's name and size from the page
(nothing of a file over the limit is ever sent), then opens a slot
(`ui/inbox.py`): a random token, good once and for `UPLOAD_SECONDS`, whose
bytes go to that session alone. The page PUTs the file to `/upload/TOKEN`
with Flet's own `FilePicker.upload`, and this route (mounted by
`asgi.build_app`, behind the Guard's host checks) takes at most
`MAX_INPUT_BYTES` of it. Refused, in a line of plain text:

- any method but PUT (405);
- a token that is unknown, used or expired (404), which also counts as a
  wrong secret for the address (the slow-down of `access.Throttle`);
- a token whose keeper page was logged out since (403);
- a body declared (Content-Length) or found, while it streams, to be over the
  limit (413): nothing more of it is read, and the connection is closed.
"""

import asyncio
import logging
import re
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from scorekeeper.core.exchange import MAX_INPUT_BYTES
from scorekeeper.ui import UPLOAD_PREFIX, UPLOAD_SECONDS, Inbox, NotArrived, Slot, TooBig
from scorekeeper.web.access import Throttle

__all__ = ["UPLOAD_PREFIX", "NotArrived", "TooBig", "Uploads"]

log = logging.getLogger(__name__)

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]


class Uploads(Inbox):
    """The slots of a running server (`Inbox`), and the ASGI app of `/upload/TOKEN`
    that fills them."""

    def __init__(
        self,
        limit: int = MAX_INPUT_BYTES,
        seconds: float = UPLOAD_SECONDS,
        throttle: Throttle | None = None,
    ) -> None:
        super().__init__(seconds)
        self.limit = limit
        self.throttle = throttle or Throttle()

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
        slot = await self.throttle.look_up(address, lambda: self.claim(token))
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
        await self._receive_upload(slot, scope, receive, send, address)

    async def _receive_upload(
        self, slot: Slot, scope: Scope, receive: Receive, send: Send, who: str
    ) -> None:
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
