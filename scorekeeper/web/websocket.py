"""The websocket endpoint of the pages: a page is admitted within the caps
(sessions.py), its frames are checked (frames.py), then Flet's own
connection class speaks the protocol with it. A page that says nothing, or
is closed to make room, is closed; whatever it leaves behind is let go.
"""

import asyncio
import contextlib
import logging
from collections.abc import Callable

import flet as ft
from flet_web.fastapi import FletApp, app_manager
from starlette.websockets import WebSocket

from scorekeeper.ui import connection_key
from scorekeeper.web.asgi import Main, Message, Receive, Scope, Send, client_address, refuse
from scorekeeper.web.frames import frame_problem, registered_session_id
from scorekeeper.web.sessions import SessionCaps, Socket, mark_disconnected, page_key

log = logging.getLogger(__name__)

FIRST = asyncio.FIRST_COMPLETED
TOO_BIG = 1009  # the websocket close code for a message over the size limit
MAIN_CHECK_SECONDS = 1.0  # how often a running `main` looks whether its session is closed


class PageSockets:
    """The websocket endpoint: admits a page within the limits, then lets
    Flet's own connection class speak the protocol."""

    def __init__(self, main: Main, sessions: SessionCaps) -> None:
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
        socket = Socket(client_address(scope))
        reason = self.sessions.admit(socket)
        if reason:
            log.warning("refused a websocket: %s", reason)
            await refuse(scope, send, 403, "Forbidden: " + reason)
            return

        def release() -> None:
            """The socket is gone: its slot is free, whatever Flet still does."""
            self.sessions.page_closed(socket)

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
        """Let Flet serve the socket until it closes, is closed to make room, or says nothing."""
        gone = asyncio.Event()
        spoke = asyncio.Event()
        address = socket.address

        async def close_socket(code: int, why: str) -> None:
            log.info("closing the websocket of %s: %s", address, why)
            gone.set()
            release()
            with contextlib.suppress(Exception):
                await send({"type": "websocket.close", "code": code})

        async def checked_receive() -> Message:
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
                    await close_socket(1008, problem)
                    return {"type": "websocket.disconnect", "code": 1008}
                data = message.get("bytes")
                if data and not spoke.is_set():  # the registration: a session to resume, maybe
                    resumed = registered_session_id(data)
                    if resumed:
                        socket.key = connection_key(flet, resumed)
                    spoke.set()
            return message

        async def before_main(page: ft.Page) -> None:
            await self.sessions.session_created(page, socket)

        limits = self.sessions.limits
        idle_seconds = max(1, round(limits.idle_minutes * 60))
        flet = FletApp(
            loop=asyncio.get_running_loop(),
            executor=app_manager.executor,
            main=self.run_main,
            before_main=before_main,
            session_timeout_seconds=idle_seconds,
        )
        handler = asyncio.create_task(flet.handle(WebSocket(scope, checked_receive, send)))
        registered = asyncio.create_task(spoke.wait())
        closed = asyncio.create_task(gone.wait())
        evicted = asyncio.create_task(socket.evicted.wait())
        try:
            await asyncio.wait(
                {handler, registered, closed, evicted},
                timeout=limits.register_seconds,
                return_when=FIRST,
            )
            silent = not spoke.is_set() and not gone.is_set() and not handler.done()
            if silent and not socket.evicted.is_set():  # (one evicted is closed below)
                await close_socket(1008, "it never registered")
            await asyncio.wait({handler, closed, evicted}, return_when=FIRST)
            if socket.evicted.is_set() and not gone.is_set():
                await close_socket(1013, "closed to make room")  # "try again later"
                await asyncio.wait({handler, closed}, return_when=FIRST)
            # Flet's handler waits forever for a page gone before registering:
            # once the socket is gone, give it a moment to finish, then stop it.
            if not handler.done():
                await asyncio.wait({handler}, timeout=1)
        finally:
            for task in (registered, closed, evicted, handler):
                if not task.done():
                    task.cancel()
            await mark_disconnected(socket.key, flet, idle_seconds)
        if handler.done() and not handler.cancelled() and handler.exception():
            log.info("websocket of %s ended: %r", address, handler.exception())
