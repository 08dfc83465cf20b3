"""The TCP door of the web server: how many connections it keeps, and for how long.

uvicorn keeps any connection as long as the client likes, and accepts new ones
until the process runs out of file descriptors: a few hundred idle or
half-sent requests (slow-loris) then lock out everyone, the keeper included.
Here each connection must finish a request's headers in `header_seconds`, and
at `max_connections` the connection that has waited longest without a request
in progress is closed to make room: a new page always gets in. Open
websockets are bounded by the session caps (`web.Limits`), not here.
"""

import asyncio
import logging
import resource
from typing import Any, ClassVar

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

log = logging.getLogger(__name__)

HEADER_SECONDS = 10.0  # to send a request's headers, from connecting or from the last answer
MAX_HEADER_BYTES = 64 * 1024
MAX_CONNECTIONS = 1000
SPARE_FILES = 128  # files, the store and the event loop's own descriptors


def open_file_limit() -> int:
    """Raise this process's open-file limit to what it may have, and return it."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (ValueError, OSError):
            pass
    return soft if soft != resource.RLIM_INFINITY else MAX_CONNECTIONS + SPARE_FILES


def connection_cap(files: int) -> int:
    """Connections kept at most with `files` open files: room is left for the rest."""
    return max(16, min(MAX_CONNECTIONS, files - SPARE_FILES))


class BoundedHttp(HttpToolsProtocol):
    """uvicorn's HTTP protocol with a time limit on requests' headers and a cap
    on connections (set by `bounded_http`)."""

    max_connections: ClassVar[int] = MAX_CONNECTIONS
    header_seconds: ClassVar[float] = HEADER_SECONDS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.waiting_since: float | None = None  # no request in progress since then
        self.header_timer: asyncio.TimerHandle | None = None
        self.header_bytes = 0
        self.header_tail = b""  # the last bytes read, for an end of headers split in two

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.wait_for_headers()
        if len(self.connections) > self.max_connections:
            self.make_room()

    def wait_for_headers(self) -> None:
        self.waiting_since = self.loop.time()
        self.header_bytes = 0
        self.header_tail = b""
        if self.header_timer is None:
            self.header_timer = self.loop.call_later(self.header_seconds, self.too_slow)

    def too_slow(self) -> None:
        self.header_timer = None
        if self.waiting_since is not None and not self.transport.is_closing():
            log.info("closed a connection from %s: no request in %.0f s", *self.who())
            self.transport.abort()

    def who(self) -> tuple[str, float]:
        return (self.client[0] if self.client else "?"), self.header_seconds

    def make_room(self) -> None:
        waiting = [
            c
            for c in self.connections
            if isinstance(c, BoundedHttp) and c is not self and c.waiting_since is not None
        ]
        if waiting:
            oldest = min(waiting, key=lambda c: c.waiting_since or 0.0)
            log.warning(
                "%d connections open: closed the one from %s waiting the longest",
                len(self.connections),
                oldest.who()[0],
            )
            oldest.transport.abort()
        else:
            log.warning("%d connections open, all busy: refused one", len(self.connections))
            self.transport.abort()

    def data_received(self, data: bytes) -> None:
        if self.waiting_since is not None:
            self.header_bytes += self.header_part(data)
            if self.header_bytes > MAX_HEADER_BYTES:
                log.warning("closed a connection from %s: headers too long", self.who()[0])
                self.transport.abort()
                return
        super().data_received(data)

    def header_part(self, data: bytes) -> int:
        """How many bytes of `data` are headers: a read often brings the body's
        first bytes with the end of the headers (an upload's whole first
        256 KiB), and those are not headers."""
        seen = self.header_tail + data
        end = seen.find(b"\r\n\r\n")
        self.header_tail = seen[-3:]
        return len(data) if end < 0 else max(0, end + 4 - (len(seen) - len(data)))

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self.waiting_since is None:  # a request right after another (pipelined)
            self.wait_for_headers()

    def on_headers_complete(self) -> None:
        self.waiting_since = None
        if self.header_timer is not None:
            self.header_timer.cancel()
            self.header_timer = None
        super().on_headers_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self.wait_for_headers()  # the next request, or uvicorn's keep-alive timeout

    def connection_lost(self, exc: Exception | None) -> None:
        if self.header_timer is not None:
            self.header_timer.cancel()
            self.header_timer = None
        self.waiting_since = None
        super().connection_lost(exc)


def bounded_http(max_connections: int, header_seconds: float = HEADER_SECONDS) -> type:
    """The protocol class for uvicorn's `http` setting, with these bounds."""
    return type(
        "BoundedHttp",
        (BoundedHttp,),
        {"max_connections": max_connections, "header_seconds": header_seconds},
    )
