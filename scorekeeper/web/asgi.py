"""The checks every request passes before the app sees it, and the ASGI
vocabulary the server's parts share.

`Guard` is a closed door for requests that name a host other than the
server's own (DNS rebinding) and for websockets from another origin (a web
page the user happens to visit); it sends no wildcard CORS header and adds
the security headers to every response. The caps on sessions are
`sessions.py`; the whole app, guard in front, is `routes.build_app`.
"""

import logging
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from scorekeeper.ui import LANGUAGE_COOKIE, preferred_language
from scorekeeper.web.hosts import configured_name, host_name
from scorekeeper.web.sessions import Limits

log = logging.getLogger(__name__)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]
Main = Callable[[ft.Page], Awaitable[None]]

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
    code = preferred_language(_header(scope, b"accept-language") or "")
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
