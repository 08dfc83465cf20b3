"""A raw websocket client that speaks Flet's protocol the way an attacker
would: any Host, any Origin, any message, no browser. Also the watcher of the
load benchmark (it answers what the server asks, like the real client)."""

import socket
import time
from collections.abc import Callable, Iterator
from typing import Any

import msgpack
from flet.messaging.protocol import decode_ext_from_msgpack
from websockets.sync.client import ClientConnection, connect

REGISTER, PATCH, EVENT, PROPS, INVOKE, CRASHED = 1, 2, 3, 4, 5, 6
# Seconds a handshake or an awaited answer may take: generous, since a loaded
# 2-core machine can take many seconds; a condition met returns at once.
LIMIT = 60.0


def open_socket(
    port: int,
    host: str | None = None,
    origin: str | None = "same",
    path: str = "/ws",
    headers: dict[str, str] | None = None,
    source: str | None = None,
) -> ClientConnection:
    """A websocket to 127.0.0.1:port that says it is for `host` from `origin`."""
    host = host or f"127.0.0.1:{port}"
    if origin == "same":
        origin = f"http://{host}"
    source_address = (source, 0) if source else None  # another loopback address: another device
    sock = socket.create_connection(
        ("127.0.0.1", port), timeout=LIMIT, source_address=source_address
    )
    return connect(
        f"ws://{host}{path}",
        sock=sock,
        origin=origin,  # type: ignore[arg-type]
        open_timeout=LIMIT,
        max_size=None,
        compression=None,
        additional_headers=headers,
        legacy=True,  # a plain connection, closed by the caller
    )


def control_ids(value: Any) -> Iterator[int]:
    if isinstance(value, dict):
        if isinstance(value.get("_i"), int):
            yield value["_i"]
        for item in value.values():
            yield from control_ids(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from control_ids(item)


class FletClient:
    def __init__(self, conn: ClientConnection) -> None:
        self.conn = conn
        self.received: list[tuple[int, Any]] = []
        self.raw: list[bytes] = []
        self.ids: set[int] = set()
        self.session_id: str | None = None
        # what to answer when the server calls a client method (shared preferences...)
        self.answer: Callable[[str, Any], Any] = lambda _name, _args: None

    def send(self, action: int, body: Any) -> None:
        self.conn.send(b"\x00" + msgpack.packb([action, body]))

    def register(self, route: str = "/", session_id: str = "") -> None:
        page = {"route": route, "width": 1280.0, "height": 800.0, "platform": "linux", "web": True}
        self.send(REGISTER, {"session_id": session_id, "page_name": "", "page": page})

    def event(self, target: int, name: str, data: Any = None) -> None:
        self.send(EVENT, {"target": target, "name": name, "data": data})

    def route(self, route: str) -> None:
        """Ask for another route, as the client does on a typed URL or back button."""
        self.send(PROPS, {"id": 1, "props": {"route": route}})
        self.event(1, "route_change", {"route": route})

    def handle(self, frame: bytes) -> None:
        self.raw.append(frame)
        if not frame or frame[0] != 0:
            return
        action, body = msgpack.unpackb(
            frame[1:], ext_hook=decode_ext_from_msgpack, strict_map_key=False
        )
        self.received.append((action, body))
        self.ids.update(control_ids(body))
        if action == REGISTER and isinstance(body, dict):
            self.session_id = body.get("session_id")
        if action == INVOKE:
            result = self.answer(body.get("name"), body.get("args"))
            self.send(
                INVOKE,
                {
                    "control_id": body["control_id"],
                    "call_id": body["call_id"],
                    "result": result,
                    "error": None,
                },
            )

    def pump(self, quiet: float = 0.5, limit: float = 15.0) -> None:
        """Read and answer until the server has been quiet for `quiet` seconds."""
        end = time.monotonic() + limit
        while time.monotonic() < end:
            try:
                frame = self.conn.recv(timeout=quiet)
            except TimeoutError:
                return
            self.handle(frame if isinstance(frame, bytes) else frame.encode())

    def wait_for(self, found: Callable[[bytes], bool], limit: float = LIMIT) -> bool:
        """Read until a frame satisfies `found`; False if none came in `limit` s."""
        end = time.monotonic() + limit
        while time.monotonic() < end:
            try:
                frame = self.conn.recv(timeout=max(0.01, end - time.monotonic()))
            except TimeoutError:
                return False
            data = frame if isinstance(frame, bytes) else frame.encode()
            self.handle(data)
            if found(data):
                return True
        return False

    def everything(self) -> bytes:
        return b"".join(self.raw)

    def close(self) -> None:
        self.conn.close()


def visit(port: int, route: str, linger: float) -> None:
    """Open a page, register, leave `linger` seconds later (a page that
    disconnects while it opens)."""
    c = FletClient(open_socket(port))
    try:
        c.register(route)
        time.sleep(linger)
    finally:
        c.close()
