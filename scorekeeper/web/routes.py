"""The whole server as one ASGI app: the guard (asgi.py) in front of the
pages' websocket, the route that receives a keeper's import file, and the
static files (the Flutter client, fonts, icons), which are one ASGI app
passed in, so another way of serving them plugs in at one place.
"""

import logging
from collections.abc import Callable

from flet_web.fastapi import FastAPI, FletStaticFiles
from starlette.routing import Mount, Route, WebSocketRoute

from scorekeeper.redaction import redacted
from scorekeeper.ui import UPLOAD_PREFIX
from scorekeeper.web.asgi import ASGIApp, Guard, Main, Receive, Scope, Send, ServerConfig, refuse
from scorekeeper.web.sessions import SessionCaps
from scorekeeper.web.upload import Uploads
from scorekeeper.web.websocket import PageSockets

log = logging.getLogger(__name__)

WS_PATH = "ws"


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
    sessions: SessionCaps | None = None,
    uploads: Uploads | None = None,
) -> ASGIApp:
    """The whole server as one ASGI app: guard, websocket endpoint, the route
    that receives a keeper's import file (`uploads`, shared with the sessions
    that open its slots), static files."""
    sessions = sessions or SessionCaps(config.limits)
    uploads = uploads or Uploads()
    api = FastAPI(
        docs_url=None,
        redoc_url=None,
        openapi_url=None,
        on_startup=[on_startup] if on_startup else None,
        routes=[
            WebSocketRoute(f"/{WS_PATH}", PageSockets(main, sessions)),
            Route(UPLOAD_PREFIX + "{token}", uploads),  # any method: 405 is its own
            Mount("/", app=HttpOnly(static or flet_static_files(config))),
        ],
    )
    api.state.sessions = sessions
    guard = Guard(api, config.hosts)
    return guard
