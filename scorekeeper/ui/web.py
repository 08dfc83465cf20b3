"""The web server around the Flet app, built here so every request passes our checks.

`build_app` returns the ASGI app: a closed door for requests that name a host
other than the server's own (DNS rebinding) and for websockets from another
origin (a web page the user happens to visit), no wildcard CORS header, and a
bounded number of sessions: per client address, in total, and idle ones
dropped after minutes. The static files (the Flutter client, fonts, icons) are
one ASGI app passed in, so another way of serving them plugs in at one place.
"""

import asyncio
import contextlib
import hashlib
import logging
import weakref
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from dataclasses import dataclass, field
from typing import Any

import flet as ft
import msgpack
from flet.messaging.protocol import (
    ControlEventBody,
    InvokeMethodResponseBody,
    MessageAction,
    RegisterClientRequestBody,
    UpdateControlPropsBody,
    decode_ext_from_msgpack,
)
from flet_web.fastapi import FastAPI, FletApp, FletStaticFiles, app_manager
from starlette.routing import Mount, WebSocketRoute
from starlette.websockets import WebSocket

from scorekeeper.access import redacted
from scorekeeper.ui.app import LANGUAGE_COOKIE, preferred

log = logging.getLogger(__name__)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]
Main = Callable[[ft.Page], Awaitable[None]]

WS_PATH = "ws"
LOCAL_NAMES = ("127.0.0.1", "localhost", "::1")
SECURITY_HEADERS = (
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-embedder-policy", b"require-corp"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),  # the keeper link never leaks as a referrer
    (b"x-frame-options", b"DENY"),
    (b"content-security-policy", b"frame-ancestors 'none'"),
)

REPLACED_HEADERS = frozenset(
    {b"access-control-allow-origin", *(name for name, _ in SECURITY_HEADERS)}
)


MAX_IDLE_MINUTES = 7 * 24 * 60


@dataclass(frozen=True)
class Limits:
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
class ServerConfig:
    hosts: Iterable[str]  # names this server answers to, besides the local ones
    limits: Limits = field(default_factory=Limits)
    assets_dir: str | None = None
    app_name: str = "Spades Scorekeeper"


def host_name(header: str) -> str:
    """`Example.org:8550` -> `example.org`; `[::1]:8550` -> `::1`."""
    value = header.strip().lower()
    if value.startswith("["):
        return value[1:].split("]", 1)[0]
    if value.count(":") == 1:
        value = value.split(":", 1)[0]
    return value.rstrip(".")


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


def client_address(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else ""


def language_cookie(scope: Scope) -> list[tuple[bytes, bytes]]:
    """The language a page's request asks for, kept as a cookie for its
    websocket (a browser may open it with a shorter Accept-Language)."""
    if scope["type"] != "http":
        return []
    code = preferred(_header(scope, b"accept-language") or "")
    if code is None:
        return []
    value = f"{LANGUAGE_COOKIE}={code}; Path=/; SameSite=Strict"
    return [(b"set-cookie", value.encode())]


class Guard:
    """Refuses (403) a request whose Host is not ours and a websocket whose
    Origin is not the page's own; adds the security headers to every response."""

    def __init__(self, app: ASGIApp, hosts: Iterable[str]) -> None:
        self.app = app
        self.hosts = frozenset(host_name(h) for h in (*LOCAL_NAMES, *hosts) if h)

    def refusal(self, scope: Scope) -> str | None:
        host = _header(scope, b"host")
        if host is None or host_name(host) not in self.hosts:
            return f"host {host!r} is not this server"
        if scope["type"] == "websocket":
            origin = _header(scope, b"origin")
            if origin is None or origin.lower().rstrip("/") != f"http://{host.lower()}":
                return f"origin {origin!r} is not {f'http://{host}'!r}"
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        reason = self.refusal(scope)
        if reason:
            log.warning("refused %s from %s: %s", scope["type"], client_address(scope), reason)
            await refuse(scope, send, 403, "Forbidden: " + reason)
            return

        language = language_cookie(scope)

        async def send_with_headers(message: Message) -> None:
            if message["type"] in ("http.response.start", "websocket.http.response.start"):
                # Ours replace the app's: a header sent twice is read as one invalid
                # value, and the page then loses its isolation (and Flutter its
                # rendering thread).
                headers = [
                    (k, v)
                    for k, v in message.get("headers", [])
                    if k.lower() not in REPLACED_HEADERS
                ]
                message["headers"] = headers + list(SECURITY_HEADERS) + language
            await send(message)

        await self.app(scope, receive, send_with_headers)


async def refuse(scope: Scope, send: Send, status: int, text: str) -> None:
    body = text.encode("utf-8", "replace")
    start = (
        "websocket.http.response.start" if scope["type"] == "websocket" else "http.response.start"
    )
    body_type = (
        "websocket.http.response.body" if scope["type"] == "websocket" else "http.response.body"
    )
    await send(
        {
            "type": start,
            "status": status,
            "headers": [
                (b"content-type", b"text/plain; charset=utf-8"),
                (b"content-length", str(len(body)).encode()),
                *SECURITY_HEADERS,
            ],
        }
    )
    await send({"type": body_type, "body": body})


@dataclass
class _Held:
    address: str
    session: "weakref.ref[Any]"


class Sessions:
    """Counts open pages per address and in all, and keeps the number of held
    Flet sessions (open, or closed and waiting to be resumed) under the cap by
    dropping the oldest closed ones first."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.open: dict[str, int] = {}
        self.held: OrderedDict[str, _Held] = OrderedDict()

    @property
    def open_total(self) -> int:
        return sum(self.open.values())

    def admit(self, address: str) -> str | None:
        if self.open.get(address, 0) >= self.limits.per_address:
            return f"{address} has {self.limits.per_address} pages open already"
        if self.open_total >= self.limits.max_sessions:
            return f"{self.limits.max_sessions} pages are open already"
        self.open[address] = self.open.get(address, 0) + 1
        return None

    def closed(self, address: str) -> None:
        left = self.open.get(address, 0) - 1
        if left > 0:
            self.open[address] = left
        else:
            self.open.pop(address, None)

    async def created(self, page: ft.Page) -> None:
        """A new Flet session (Flet's `before_main`): hold it, drop the oldest
        closed ones beyond the caps."""
        session = page.session
        address = page.client_ip or ""
        key = flet_session_key(address, page.client_user_agent or "", session.id)
        if await app_manager.get_session(key) is not session:
            log.error("cannot find the session %s to hold it", session.id)
            return
        self.held[key] = _Held(address, weakref.ref(session))
        await self._prune()
        mine = [k for k, h in self.held.items() if h.address == address]
        await self._drop_closed(mine, len(mine) - self.limits.per_address)
        await self._drop_closed(list(self.held), len(self.held) - self.limits.max_sessions)

    async def _prune(self) -> None:
        for key, held in list(self.held.items()):
            if held.session() is None or await app_manager.get_session(key) is None:
                del self.held[key]

    async def _drop_closed(self, keys: list[str], excess: int) -> None:
        for key in keys:
            if excess <= 0:
                return
            session = self.held[key].session()
            if session is None or session.connection is None:
                log.info("dropping the closed session %s (too many held)", key)
                del self.held[key]
                await app_manager.delete_session(key)
                excess -= 1


def flet_session_key(address: str, user_agent: str, session_id: str) -> str:
    """How flet_web 1.0.5 names a session of an app mounted at the root
    (`FletApp.__get_unique_session_id`); checked in `Sessions.created`."""
    ip = "" if address in ("127.0.0.1", "::1") else address
    digest = hashlib.sha1(f"{ip}{user_agent}".encode()).hexdigest()
    return f"_{session_id}_{digest}"


class FletSocket:
    """The websocket endpoint: admits a page within the limits, then lets
    Flet's own connection class speak the protocol."""

    def __init__(self, main: Main, sessions: Sessions) -> None:
        self.main = main
        self.sessions = sessions

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        address = client_address(scope)
        reason = self.sessions.admit(address)
        if reason:
            log.warning("refused a websocket: %s", reason)
            await refuse(scope, send, 403, "Forbidden: " + reason)
            return
        released = False

        def release() -> None:
            """The socket is gone: its slot is free, whatever Flet still does."""
            nonlocal released
            if not released:
                released = True
                self.sessions.closed(address)

        try:
            await self._serve(scope, receive, send, release)
        finally:
            release()

    async def _serve(
        self, scope: Scope, receive: Receive, send: Send, release: Callable[[], None]
    ) -> None:
        gone = asyncio.Event()
        spoke = asyncio.Event()
        address = client_address(scope)

        async def checked() -> Message:
            """What Flet reads: well-formed frames only; a bad one ends the connection
            (Flet itself would stop reading and leave the socket hanging)."""
            message = await receive()
            if message["type"] == "websocket.disconnect":
                gone.set()
                release()
            elif message["type"] == "websocket.receive":
                problem = frame_problem(message.get("bytes"), registered=spoke.is_set())
                if problem:
                    log.warning("closing the websocket of %s: %s", address, problem)
                    gone.set()
                    release()
                    with contextlib.suppress(Exception):
                        await send({"type": "websocket.close", "code": 1008})
                    return {"type": "websocket.disconnect", "code": 1008}
                spoke.set()
            return message

        limits = self.sessions.limits
        flet = FletApp(
            loop=asyncio.get_running_loop(),
            executor=app_manager.executor,
            main=self.main,
            before_main=self.sessions.created,
            session_timeout_seconds=max(1, round(limits.idle_minutes * 60)),
        )
        handler = asyncio.create_task(flet.handle(WebSocket(scope, checked, send)))
        registered = asyncio.create_task(spoke.wait())
        closed = asyncio.create_task(gone.wait())
        try:
            await asyncio.wait(
                {handler, registered, closed}, timeout=limits.register_seconds, return_when=FIRST
            )
            if not spoke.is_set() and not gone.is_set() and not handler.done():
                log.info("closing the websocket of %s: it never registered", address)
                gone.set()
                release()
                with contextlib.suppress(Exception):
                    await send({"type": "websocket.close", "code": 1008})
            await asyncio.wait({handler, closed}, return_when=FIRST)
            # Flet's handler waits forever for a page gone before registering:
            # once the socket is gone, give it a moment to finish, then stop it.
            if not handler.done():
                await asyncio.wait({handler}, timeout=1)
        finally:
            for task in (registered, closed, handler):
                if not task.done():
                    task.cancel()
        if handler.done() and not handler.cancelled() and handler.exception():
            log.info("websocket of %s ended: %r", address, handler.exception())


FIRST = asyncio.FIRST_COMPLETED
CLIENT_ACTIONS = {
    MessageAction.REGISTER_CLIENT.value: RegisterClientRequestBody,
    MessageAction.CONTROL_EVENT.value: ControlEventBody,
    MessageAction.UPDATE_CONTROL_PROPS.value: UpdateControlPropsBody,
    MessageAction.INVOKE_METHOD.value: InvokeMethodResponseBody,
}


def frame_problem(data: bytes | None, registered: bool) -> str | None:
    """Why a frame from a client is not one Flet's client sends, or None."""
    if not isinstance(data, bytes | bytearray):
        return "a text frame"
    if not data:
        return None
    if data[0] != 0:
        return None if registered else "a data frame before registering"
    try:
        decoded = msgpack.unpackb(data[1:], ext_hook=decode_ext_from_msgpack)
        action, body = decoded
        kind = CLIENT_ACTIONS[action]
        parsed = kind(**body)
    except Exception as error:
        return f"a malformed message ({type(error).__name__})"
    if registered == (kind is RegisterClientRequestBody):
        return "registering twice" if registered else "a message before registering"
    if isinstance(parsed, ControlEventBody) and not (
        isinstance(parsed.target, int) and isinstance(parsed.name, str)
    ):
        return "an event with a bad target"
    if isinstance(parsed, UpdateControlPropsBody) and not (
        isinstance(parsed.id, int) and isinstance(parsed.props, dict)
    ):
        return "a property update with a bad target"
    if isinstance(parsed, RegisterClientRequestBody) and not isinstance(parsed.page, dict):
        return "a registration without a page"
    return None


class HttpOnly:
    """The static files answer HTTP; a websocket anywhere but at /ws gets a
    plain 404 (not an error with a traceback in the log)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            log.info("refused a websocket at %s", redacted(scope.get("path", "")))
            await refuse(scope, send, 404, f"Not found: websockets are served at /{WS_PATH} only")
            return
        await self.app(scope, receive, send)


def flet_static_files(config: ServerConfig) -> ASGIApp:
    """The Flutter client and the app's assets, all served locally."""
    static: ASGIApp = FletStaticFiles(
        assets_dir=config.assets_dir,
        app_name=config.app_name,
        app_short_name=config.app_name,
        no_cdn=True,
        websocket_endpoint_path=WS_PATH,
    )
    return static


def build_app(
    main: Main,
    config: ServerConfig,
    static: ASGIApp | None = None,
    on_startup: Callable[[], None] | None = None,
) -> ASGIApp:
    """The whole server as one ASGI app: guard, websocket endpoint, static files."""
    sessions = Sessions(config.limits)
    api = FastAPI(
        docs_url=None,
        redoc_url=None,
        openapi_url=None,
        on_startup=[on_startup] if on_startup else None,
        routes=[
            WebSocketRoute(f"/{WS_PATH}", FletSocket(main, sessions)),
            Mount("/", app=HttpOnly(static or flet_static_files(config))),
        ],
    )
    api.state.sessions = sessions
    guard = Guard(api, config.hosts)
    return guard
