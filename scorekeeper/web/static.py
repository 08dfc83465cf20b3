"""Serving the prepared web client (webclient.py): compressed, cached, local.

`StaticClient` is a plain ASGI app for GET and HEAD requests:

- the page (`/` and every app route such as `/game/x`) is the client's
  `index.html` patched for this server, revalidated on every visit
  (`Cache-Control: no-cache` with an ETag, so a repeat visit costs a 304);
- every other file of the client is reachable under `/c/<build key>/`, a path
  that changes whenever the client does, so it is cached for a year
  (`immutable`); the page points Flutter there for its code, engine, fonts and
  assets; files at the root (favicon, manifest, icons) are revalidated;
- a file is sent brotli- or gzip-compressed when the browser accepts it (the
  compressed copies were made once, when the client was prepared).

The page's own scripts (boot screen, install bar, early downloads, the
language cookie) are web files in ui/webfiles/.

`with_client(app, static)` puts it in front of another ASGI app (Flet's
websocket and upload endpoints stay with that app).
"""

from __future__ import annotations

import json
import mimetypes
import os
import tempfile
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
from flet.controls.types import RouteUrlStrategy, WebRenderer
from flet_web import patch_index_html

from scorekeeper import i18n
from scorekeeper.i18n import N_, _
from scorekeeper.ui import (
    AWAKE_COOKIE,
    AWAKE_KEY,
    LANGUAGE_KEY,
    PICKED_COOKIE,
    TEXT_SIZE_COOKIE,
    TEXT_SIZE_KEY,
    THEME_COLOR,
    WebClient,
    boot_screen,
    install_bar,
    js_value,
    script_element,
    with_boot_screen,
)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".ttf": "font/ttf",
    ".otf": "font/otf",
    ".woff2": "font/woff2",
    ".html": "text/html; charset=utf-8",
    ".frag": "application/octet-stream",
    ".bin": "application/octet-stream",
}
# Flet's client runs Flutter's multi-threaded renderer only in an isolated page.
COMMON_HEADERS = [
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-embedder-policy", b"require-corp"),
    (b"x-content-type-options", b"nosniff"),
]
MEMORY_LIMIT = 48 * 1024 * 1024  # bodies kept in memory after their first request
FLET_ENDPOINTS = ("/ws", "/upload", "/oauth_callback")


@dataclass(frozen=True)
class Body:
    path: Path | None
    data: bytes | None
    size: int
    etag: str
    encoding: str | None


@dataclass(frozen=True)
class Entry:
    content_type: str
    cache: str
    variants: dict[str, Body]  # "identity", "br", "gzip"


def content_type(name: str) -> str:
    suffix = os.path.splitext(name)[1].lower()
    return TYPES.get(suffix) or mimetypes.guess_type(name)[0] or "application/octet-stream"


def accepted(header: str) -> list[str]:
    """Encodings the browser takes, best first among the ones kept: br, gzip."""
    weights: dict[str, float] = {}
    for part in header.split(","):
        token, _sep, params = part.strip().partition(";")
        token = token.strip().lower()
        weight = 1.0
        params = params.strip()
        if params.startswith("q="):
            try:
                weight = float(params[2:])
            except ValueError:
                weight = 0.0
        if token:
            weights[token] = weight
    star = weights.get("*", 0.0)
    return [e for e in ("br", "gzip") if weights.get(e, star) > 0]


CONNECTION_LOST = N_(
    "Connection to the scorekeeper lost. Nothing entered so far is lost: every hand "
    "and every tap that was shown is saved. Reconnecting…"
)
# In the client's page (webclient.py), filled with the banner's words (str.format).
BANNER_TEXTS = '<script type="application/json" id="connection-lost-texts">{}</script>'


def banner_texts() -> str:
    """The connection-lost banner in every language, for the page to pick from:
    it shows while the app is unreachable, so it cannot ask for its words then."""
    texts = {}
    for code in i18n.LANGUAGES:
        with i18n.language(code):
            texts[code] = {"text": _(CONNECTION_LOST), "dir": "rtl" if i18n.is_rtl() else "ltr"}
    return BANNER_TEXTS.format(js_value(texts))


def server_scripts(prefix: str) -> str:
    """The page's first scripts (ui/webfiles): the two big downloads started
    early, from `prefix`, and the device's language and screen choices sent
    as cookies with the websocket's request."""
    preload = script_element("preload.js", prefix=prefix)
    picked = script_element(
        "picked.js",
        language_key=f"flutter.{LANGUAGE_KEY}",
        awake_key=f"flutter.{AWAKE_KEY}",
        language_cookie=PICKED_COOKIE,
        awake_cookie=AWAKE_COOKIE,
    )
    sizes = script_element(
        "textsize.js",
        text_size_key=f"flutter.{TEXT_SIZE_KEY}",
        text_size_cookie=TEXT_SIZE_COOKIE,
        theme_color=THEME_COLOR,
    )
    return f"{preload}\n{picked}\n{sizes}"


def server_index(
    web: WebClient,
    *,
    websocket_path: str = "/ws",
    app_name: str | None = None,
    app_description: str | None = None,
    web_renderer: WebRenderer = WebRenderer.AUTO,
) -> bytes:
    """The client's page for this server: Flet's settings, and every file the
    page loads taken from the versioned path."""
    prefix = f"/c/{web.key}/"
    template = (web.folder / "index.html").read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "index.html"
        path.write_text(template, encoding="utf-8")
        patch_index_html(
            index_path=str(path),
            base_href="/",
            websocket_endpoint_path=websocket_path,
            app_name=app_name,
            app_description=app_description,
            web_renderer=web_renderer,
            route_url_strategy=RouteUrlStrategy.PATH,
            no_cdn=True,
        )
        page = path.read_text(encoding="utf-8")
    replacements = {
        'flet.canvasKitBaseUrl="/canvaskit/";': f'flet.canvasKitBaseUrl="{prefix}canvaskit/";',
        'flet.fontFallbackBaseUrl="assets/fonts/";': (
            f'flet.fontFallbackBaseUrl="{prefix}assets/fonts/";'
        ),
        'flet.entrypointBaseUrl="/";': f'flet.entrypointBaseUrl="{prefix}";',
        'flet.assetBase="/";': f'flet.assetBase="{prefix}";',
        '<script src="python.js">': f'<script src="{prefix}python.js">',
        '<script src="flutter_bootstrap.js"': f'<script src="{prefix}flutter_bootstrap.js"',
        'src="icons/loading-animation.png"': f'src="{prefix}icons/loading-animation.png"',
    }
    for old, new in replacements.items():
        if old not in page:
            raise ValueError(f"the client's index.html has changed: {old!r} not found")
        page = page.replace(old, new)
    page = page.replace(BANNER_TEXTS, banner_texts())  # in the app's own page only
    page = with_boot_screen(page, boot_screen("favicon.png", offline=False) + install_bar(False))
    page = page.replace(
        f'<script src="{prefix}python.js">',
        f'{server_scripts(prefix)}\n<script src="{prefix}python.js">',
    )
    return page.encode("utf-8")


def server_manifest(web: WebClient, app_name: str | None, app_description: str | None) -> bytes:
    manifest = json.loads((web.folder / "manifest.json").read_text(encoding="utf-8"))
    if app_name:
        manifest["name"] = manifest["short_name"] = app_name
    if app_description:
        manifest["description"] = app_description
    return json.dumps(manifest, indent=2).encode("utf-8")


def _in_memory(data: bytes, etag: str, content_type_: str) -> Entry:
    import gzip

    import brotli

    variants = {"identity": Body(None, data, len(data), etag, None)}
    packed = brotli.compress(data, quality=11)
    variants["br"] = Body(None, packed, len(packed), etag + "-br", "br")
    gzipped = gzip.compress(data, 9, mtime=0)
    variants["gzip"] = Body(None, gzipped, len(gzipped), etag + "-gz", "gzip")
    return Entry(content_type_, REVALIDATE, variants)


class StaticClient:
    """The ASGI app serving `web` (see the module's description)."""

    def __init__(
        self,
        web: WebClient,
        *,
        websocket_path: str = "/ws",
        app_name: str | None = None,
        app_description: str | None = None,
        web_renderer: WebRenderer = WebRenderer.AUTO,
    ) -> None:
        import hashlib

        self.web = web
        self.prefix = f"/c/{web.key}/"
        self.entries: dict[str, Entry] = {}
        for relative, info in web.files().items():
            encodings: dict[str, int] = dict(info.get("encodings", {}))  # type: ignore[call-overload]
            etag = str(info["etag"])
            path = web.folder / relative
            variants = {"identity": Body(path, None, int(str(info["size"])), etag, None)}
            for encoding, size in encodings.items():
                suffix = ".br" if encoding == "br" else ".gz"
                variants[encoding] = Body(
                    path.with_name(path.name + suffix), None, size, f"{etag}-{encoding}", encoding
                )
            self.entries[relative] = Entry(content_type(relative), IMMUTABLE, variants)
        index = server_index(
            web,
            websocket_path=websocket_path,
            app_name=app_name,
            app_description=app_description,
            web_renderer=web_renderer,
        )
        self.index = _in_memory(index, hashlib.sha256(index).hexdigest()[:20], TYPES[".html"])
        manifest = server_manifest(web, app_name, app_description)
        self.manifest = _in_memory(
            manifest, hashlib.sha256(manifest).hexdigest()[:20], "application/manifest+json"
        )
        self.memory: dict[Path, bytes] = {}
        self.memory_size = 0

    def lookup(self, path: str) -> Entry | None:
        """The entry a URL path names, or None (a 404)."""
        if path.startswith(self.prefix):
            return self.entries.get(path[len(self.prefix) :])
        relative = path.lstrip("/")
        if relative in ("", "index.html"):
            return self.index
        if relative == "manifest.json":
            return self.manifest
        if relative.startswith("c/"):
            return None  # a file of an earlier build: gone
        entry = self.entries.get(relative)
        if entry is not None:
            return Entry(entry.content_type, REVALIDATE, entry.variants)
        extension = os.path.splitext(relative)[1].lower()
        if extension in ("", ".html"):
            return self.index  # an app route (/game/x): the page handles it
        return None

    async def _read(self, body: Body) -> bytes:
        if body.data is not None:
            return body.data
        assert body.path is not None
        cached = self.memory.get(body.path)
        if cached is not None:
            return cached
        data = await anyio.Path(body.path).read_bytes()
        if self.memory_size + len(data) <= MEMORY_LIMIT:
            self.memory[body.path] = data
            self.memory_size += len(data)
        return data

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            raise RuntimeError(f"StaticClient serves HTTP only, not {scope['type']!r}")
        method = scope["method"]
        if method not in ("GET", "HEAD"):
            await _respond(send, 405, [(b"allow", b"GET, HEAD")], b"")
            return
        entry = self.lookup(scope["path"])
        if entry is None:
            await _respond(send, 404, [(b"content-type", b"text/plain")], b"Not found")
            return
        headers = _headers(scope)
        body = entry.variants["identity"]
        for encoding in accepted(headers.get("accept-encoding", "")):
            if encoding in entry.variants:
                body = entry.variants[encoding]
                break
        etag = f'"{body.etag}"'.encode()
        out = [
            (b"content-type", entry.content_type.encode()),
            (b"cache-control", entry.cache.encode()),
            (b"etag", etag),
        ]
        if len(entry.variants) > 1:
            out.append((b"vary", b"accept-encoding"))
        if etag in [t.strip().encode() for t in headers.get("if-none-match", "").split(",")]:
            await _respond(send, 304, out, b"")
            return
        if body.encoding:
            out.append((b"content-encoding", body.encoding.encode()))
        out.append((b"content-length", str(body.size).encode()))
        data = b"" if method == "HEAD" else await self._read(body)
        await _respond(send, 200, out, data, length_set=True)


def _headers(scope: Scope) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}


async def _respond(
    send: Send,
    status: int,
    headers: list[tuple[bytes, bytes]],
    body: bytes,
    *,
    length_set: bool = False,
) -> None:
    all_headers = [*headers, *COMMON_HEADERS]
    if not length_set:
        all_headers.append((b"content-length", str(len(body)).encode()))
    await send({"type": "http.response.start", "status": status, "headers": all_headers})
    await send({"type": "http.response.body", "body": body})


def with_client(app: ASGIApp, static: StaticClient) -> ASGIApp:
    """`app` with the client's files answered by `static` first: every GET or
    HEAD that is not one of Flet's endpoints."""

    async def combined(scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] == "http"
            and scope["method"] in ("GET", "HEAD")
            and not scope["path"].startswith(FLET_ENDPOINTS)
        ):
            await static(scope, receive, send)
        else:
            await app(scope, receive, send)

    return combined
