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
import logging
import weakref
from collections import Counter, OrderedDict
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
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.websockets import WebSocket

from scorekeeper.redaction import redacted
from scorekeeper.ui import fletparts
from scorekeeper.ui.app import LANGUAGE_COOKIE, preferred
from scorekeeper.web.hosts import configured_name, host_name
from scorekeeper.web.upload import UPLOAD_PREFIX, Uploads

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
        names = (configured_name(h) for h in (*LOCAL_NAMES, *hosts) if h)
        self.hosts = frozenset(name for name in names if name)

    def refusal(self, scope: Scope) -> str | None:
        host = _header(scope, b"host")
        if host is None or (name := host_name(host)) is None or name not in self.hosts:
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
    dropping the oldest closed ones first. At a cap, a new page closes the
    oldest page that is not a keeper's (from the address with the most pages
    open) rather than being refused: the keeper always gets in, however many
    pages other devices hold."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.open: list[Socket] = []  # oldest first
        self.held: OrderedDict[str, _Held] = OrderedDict()
        self.keepers: set[str] = set()  # keys of the sessions of keeper pages

    @property
    def open_total(self) -> int:
        return len(self.open)

    def admit(self, socket: "Socket") -> str | None:
        mine = [s for s in self.open if s.address == socket.address]
        if len(mine) >= self.limits.per_address and not self._make_room(mine):
            return f"{socket.address} has {self.limits.per_address} keeper pages open already"
        if len(self.open) >= self.limits.max_sessions and not self._make_room(self.open):
            return f"{self.limits.max_sessions} keeper pages are open already"
        self.open.append(socket)
        return None

    def _make_room(self, among: list["Socket"]) -> bool:
        others = [s for s in among if s.key not in self.keepers]
        if not others:
            return False
        crowd = Counter(s.address for s in self.open)
        victim = min(others, key=lambda s: -crowd[s.address])  # oldest of the most crowded
        log.warning("closing the oldest page of %s to make room", victim.address)
        self.open.remove(victim)
        victim.evicted.set()
        return True

    def closed(self, socket: "Socket") -> None:
        if socket in self.open:
            self.open.remove(socket)

    def keeper_page(self, page: ft.Page) -> None:
        """The page showed the keeper's app: never closed to make room."""
        self.keepers.add(page_key(page))

    async def created(self, page: ft.Page, socket: "Socket | None" = None) -> None:
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
        self.held[key] = _Held(address, weakref.ref(session))
        await self._prune()
        mine = [k for k, h in self.held.items() if h.address == address]
        await self._drop_closed(mine, len(mine) - self.limits.per_address)
        await self._drop_closed(list(self.held), len(self.held) - self.limits.max_sessions)

    async def _prune(self) -> None:
        for key, held in list(self.held.items()):
            if held.session() is None or await app_manager.get_session(key) is None:
                del self.held[key]
        self.keepers &= set(self.held)

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


async def let_go(key: str | None, connection: Any, idle_seconds: int) -> None:
    """Mark a session disconnected once its socket is gone, if Flet did not:
    its handler can end before doing so (a send to the closed socket raises
    first), and such a session would then be held, and followed, forever."""
    session = await app_manager.get_session(key) if key else None
    if session is not None and session.connection is connection:
        log.info("marking the session %s disconnected", key)
        await app_manager.disconnect_session(key, idle_seconds)


def page_key(page: ft.Page) -> str:
    """The key flet_web keeps the page's session under ("" off flet_web)."""
    return fletparts.session_key(page) or ""


@dataclass(eq=False)
class Socket:
    """One open websocket: where from, and the Flet session it speaks for."""

    address: str
    user_agent: str
    key: str | None = None  # Flet's key of its session, once registered
    evicted: asyncio.Event = field(default_factory=asyncio.Event)  # closed to make room


class FletSocket:
    """The websocket endpoint: admits a page within the limits, then lets
    Flet's own connection class speak the protocol."""

    def __init__(self, main: Main, sessions: Sessions) -> None:
        self.main = main
        self.sessions = sessions

    async def run_main(self, page: ft.Page) -> None:
        """Flet's `main` for a new session. A page that left at once may have
        its session closed (and its subscriptions released) while `main` still
        ran: `main` may then subscribe after the release, or wait forever for
        an answer from the page. Once the session is closed, `main` is stopped
        and whatever it subscribed is released, whatever the timing.

        Flet then updates the page through the connection's session, which a
        closed session no longer has (`'NoneType' object has no attribute
        'after_event'`, a traceback per page): for a page already gone this
        ends as a broken pipe, the one ending Flet logs in one line without
        reading the session (its "page disconnected" reads the session's id
        to log it, and fails again)."""
        session, key = page.session, page_key(page)  # a closed page has no session

        async def held() -> bool:
            return await app_manager.get_session(key) is session

        task = asyncio.ensure_future(self.main(page))
        try:
            while not task.done():
                await asyncio.wait({task}, timeout=MAIN_CHECK_SECONDS)
                if not task.done() and not await held():
                    task.cancel()
            await asyncio.wait({task})
            if not task.cancelled() and task.exception() is not None and await held():
                raise task.exception()  # type: ignore[misc]
        finally:
            if not task.done():
                task.cancel()
            gone = not await held()
            if gone:
                session.pubsub_client.unsubscribe_all()  # type: ignore[no-untyped-call]
        if gone:  # nothing awaited from here to Flet's update of the page
            failed = None if task.cancelled() else task.exception()
            log.debug("a page left while it opened%s", f" ({failed!r})" if failed else "")
            raise BrokenPipeError("the page left while it opened")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        socket = Socket(client_address(scope), _header(scope, b"user-agent") or "")
        reason = self.sessions.admit(socket)
        if reason:
            log.warning("refused a websocket: %s", reason)
            await refuse(scope, send, 403, "Forbidden: " + reason)
            return

        def release() -> None:
            """The socket is gone: its slot is free, whatever Flet still does."""
            self.sessions.closed(socket)

        try:
            await self._serve(scope, receive, send, release, socket)
        finally:
            release()

    async def _serve(
        self,
        scope: Scope,
        receive: Receive,
        send: Send,
        release: Callable[[], None],
        socket: Socket,
    ) -> None:
        gone = asyncio.Event()
        spoke = asyncio.Event()
        address = socket.address

        async def shut(code: int, why: str) -> None:
            log.info("closing the websocket of %s: %s", address, why)
            gone.set()
            release()
            with contextlib.suppress(Exception):
                await send({"type": "websocket.close", "code": code})

        async def checked() -> Message:
            """What Flet reads: well-formed frames only; a bad one ends the connection
            (Flet itself would stop reading and leave the socket hanging)."""
            message = await receive()
            if message["type"] == "websocket.disconnect":
                if message.get("code") == TOO_BIG:
                    log.warning("the page of %s sent a message over the size limit", address)
                gone.set()
                release()
            elif message["type"] == "websocket.receive":
                problem = frame_problem(message.get("bytes"), registered=spoke.is_set())
                if problem:
                    log.warning("closing the websocket of %s: %s", address, problem)
                    await shut(1008, problem)
                    return {"type": "websocket.disconnect", "code": 1008}
                data = message.get("bytes")
                if data and not spoke.is_set():  # the registration: a session to resume, maybe
                    resumed = registered_session_id(data)
                    if resumed:
                        socket.key = fletparts.connection_key(flet, resumed)
                    spoke.set()
            return message

        async def before_main(page: ft.Page) -> None:
            await self.sessions.created(page, socket)

        limits = self.sessions.limits
        idle_seconds = max(1, round(limits.idle_minutes * 60))
        flet = FletApp(
            loop=asyncio.get_running_loop(),
            executor=app_manager.executor,
            main=self.run_main,
            before_main=before_main,
            session_timeout_seconds=idle_seconds,
        )
        handler = asyncio.create_task(flet.handle(WebSocket(scope, checked, send)))
        registered = asyncio.create_task(spoke.wait())
        closed = asyncio.create_task(gone.wait())
        evicted = asyncio.create_task(socket.evicted.wait())
        try:
            await asyncio.wait(
                {handler, registered, closed, evicted},
                timeout=limits.register_seconds,
                return_when=FIRST,
            )
            quiet = not spoke.is_set() and not gone.is_set() and not handler.done()
            if quiet and not socket.evicted.is_set():  # (one evicted is closed below)
                await shut(1008, "it never registered")
            await asyncio.wait({handler, closed, evicted}, return_when=FIRST)
            if socket.evicted.is_set() and not gone.is_set():
                await shut(1013, "closed to make room")  # "try again later"
                await asyncio.wait({handler, closed}, return_when=FIRST)
            # Flet's handler waits forever for a page gone before registering:
            # once the socket is gone, give it a moment to finish, then stop it.
            if not handler.done():
                await asyncio.wait({handler}, timeout=1)
        finally:
            for task in (registered, closed, evicted, handler):
                if not task.done():
                    task.cancel()
            await let_go(socket.key, flet, idle_seconds)
        if handler.done() and not handler.cancelled() and handler.exception():
            log.info("websocket of %s ended: %r", address, handler.exception())


FIRST = asyncio.FIRST_COMPLETED
TOO_BIG = 1009  # the websocket close code for a message over the size limit
MAIN_CHECK_SECONDS = 1.0  # how often a running `main` looks whether its session is closed
CLIENT_ACTIONS = {
    MessageAction.REGISTER_CLIENT.value: RegisterClientRequestBody,
    MessageAction.CONTROL_EVENT.value: ControlEventBody,
    MessageAction.UPDATE_CONTROL_PROPS.value: UpdateControlPropsBody,
    MessageAction.INVOKE_METHOD.value: InvokeMethodResponseBody,
}


def registered_session_id(data: bytes) -> str | None:
    """The session a (well-formed) registration asks to resume, if any."""
    action, body = msgpack.unpackb(data[1:], ext_hook=decode_ext_from_msgpack)
    session_id = body.get("session_id") if action == MessageAction.REGISTER_CLIENT else None
    return session_id if isinstance(session_id, str) and session_id else None


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
    sessions: Sessions | None = None,
    uploads: Uploads | None = None,
) -> ASGIApp:
    """The whole server as one ASGI app: guard, websocket endpoint, the route
    that receives a keeper's import file (`uploads`, shared with the sessions
    that open its slots), static files."""
    sessions = sessions or Sessions(config.limits)
    uploads = uploads or Uploads()
    api = FastAPI(
        docs_url=None,
        redoc_url=None,
        openapi_url=None,
        on_startup=[on_startup] if on_startup else None,
        routes=[
            WebSocketRoute(f"/{WS_PATH}", FletSocket(main, sessions)),
            Route(UPLOAD_PREFIX + "{token}", uploads),  # any method: 405 is its own
            Mount("/", app=HttpOnly(static or flet_static_files(config))),
        ],
    )
    api.state.sessions = sessions
    guard = Guard(api, config.hosts)
    return guard
