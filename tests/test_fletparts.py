"""The private parts of Flet the app relies on (scorekeeper/ui/fletparts.py),
checked against the installed Flet: an upgrade that renames or changes one of
them fails here, not silently in a served page."""

import asyncio
import hashlib
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace

import flet as ft
import pytest
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub
from flet_web.fastapi import FletApp, app_manager

from scorekeeper.ui import fletparts
from tests.inprocess import LoopbackConnection


class Accepted(Exception):
    """Raised where the real websocket would start talking."""


class FakeWebSocket:
    """What FletApp.handle reads of a starlette WebSocket, from a phone on the LAN."""

    def __init__(self) -> None:
        self.client = SimpleNamespace(host="192.168.1.20")
        self.headers = {"user-agent": "Phone", "accept-language": "th"}
        self.cookies = {"language": "th"}
        self.url = SimpleNamespace(path="/ws")

    async def accept(self) -> None:
        raise Accepted


@pytest.fixture
def handled() -> FletApp:
    """A real FletApp that took a websocket (stopped where it would accept it)."""

    async def take() -> FletApp:
        with ThreadPoolExecutor(1) as executor:
            app = FletApp(asyncio.get_running_loop(), executor, lambda page: None, None)
            with pytest.raises(Accepted):
                await app.handle(FakeWebSocket())
            return app

    return asyncio.run(take())


def page_of(connection: object, session_id: str = "s1") -> SimpleNamespace:
    return SimpleNamespace(session=SimpleNamespace(connection=connection, id=session_id))


def test_the_websocket_of_a_served_page_is_found(handled):
    app = handled
    found = fletparts.websocket(page_of(app))
    assert found is not None and found.cookies == {"language": "th"}
    assert found.headers["accept-language"] == "th"


def test_a_page_not_served_by_flet_web_has_no_websocket_and_no_session_key():
    assert fletparts.websocket(page_of(object())) is None
    assert fletparts.session_key(page_of(object())) is None


def test_the_session_key_is_the_one_flet_web_keeps_sessions_under(handled):
    app = handled
    digest = hashlib.sha1(b"192.168.1.20Phone").hexdigest()
    assert fletparts.session_key(page_of(app, "s1")) == f"_s1_{digest}"


def test_flet_web_files_sessions_under_that_key():
    """app_manager is where SessionCaps.session_created looks a session up by that key."""

    async def check() -> None:
        session = SimpleNamespace(id="s2")
        await app_manager.add_session("_s2_x", session)
        try:
            assert await app_manager.get_session("_s2_x") is session
        finally:
            await app_manager.delete_session("_s2_x")

    asyncio.run(check())


def test_a_failing_handler_is_reported_to_us_and_the_page_gets_only_our_notice():
    async def run() -> tuple[list[str], list[str]]:
        conn = LoopbackConnection(PubSubHub(loop=asyncio.get_running_loop()))
        session = Session(conn)
        conn.session = session
        reported: list[str] = []

        def report(send, message: str) -> None:
            reported.append(message)
            send("Something went wrong")

        fletparts.report_errors_to(session.page, report)

        def boom(_event) -> None:
            raise RuntimeError("secret /srv/path")

        session.page.on_resize = boom
        await session.dispatch_event(session.page._i, "resize", {"width": 1, "height": 1})
        return reported, conn.crashes()

    reported, crashes = asyncio.run(run())
    assert len(reported) == 1 and "secret /srv/path" in reported[0] and "Traceback" in reported[0]
    assert len(crashes) == 1 and "Something went wrong" in crashes[0]
    assert "secret" not in crashes[0]


def test_the_server_holds_a_new_session_under_that_key(handled):
    from scorekeeper.web.sessions import Limits, SessionCaps

    class FakeSession:  # a weak reference is kept to it; the manager may close it
        id = "s3"
        connection = handled

        def close(self) -> None:
            pass

    async def check() -> dict:
        session = FakeSession()
        page = SimpleNamespace(session=session, client_ip="192.168.1.20", client_user_agent="Phone")
        key = fletparts.session_key(page)
        await app_manager.add_session(key, session)
        try:
            sessions = SessionCaps(Limits())
            await sessions.session_created(page)
            return dict(sessions.held)
        finally:
            await app_manager.delete_session(key)

    held = asyncio.run(check())
    assert list(held) == [fletparts.session_key(page_of(handled, "s3"))]


def test_a_method_answered_after_its_control_left_the_page_still_returns():
    """Flet raises on the answer to a method call of a control no longer on
    the page (the offline build's message loop ends there); once taken as the
    page's own, the answer comes through and the call returns."""

    async def run(patched: bool) -> tuple[object, list[BaseException]]:
        conn = LoopbackConnection(PubSubHub(loop=asyncio.get_running_loop()))
        session = Session(conn)
        conn.session = session
        raised: list[BaseException] = []
        asyncio.get_running_loop().set_exception_handler(
            lambda _loop, context: raised.append(context["exception"])
        )
        if patched:
            fletparts.answer_late_replies(session.page)
        gone = 987_654  # a control the page no longer has (a screen replaced)
        call = asyncio.ensure_future(session.invoke_method(gone, "scroll_to", {}))
        try:
            return await asyncio.wait_for(call, 2), raised
        except TimeoutError:
            return "waiting for ever", raised

    assert asyncio.run(run(patched=True)) == (None, [])
    result, raised = asyncio.run(run(patched=False))  # Flet's own: what the patch is for
    assert result == "waiting for ever"
    assert "is not registered" in str(raised[0])


def test_the_rules_of_every_imported_control_class_are_compiled_ahead() -> None:
    from flet.utils.validation import _compile_class_spec

    compiled = fletparts.compile_validation()
    cached = _compile_class_spec.cache_info()
    assert compiled >= 50  # the app's screens import dozens of control classes
    assert cached.currsize >= compiled
    _compile_class_spec(ft.Text)  # one a first screen sends: no compiling left
    assert _compile_class_spec.cache_info().hits == cached.hits + 1
