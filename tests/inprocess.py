"""Run the real Flet app in-process, no browser: a real flet Session over a
connection that msgpack-encodes every message as the web server does, and
answers client calls (push_route) as the browser would."""

import asyncio
import dataclasses
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace
from typing import Any, ClassVar

import flet as ft
import msgpack
from flet.controls.base_control import BaseControl
from flet.messaging.connection import Connection
from flet.messaging.protocol import Message, MessageAction, configure_encode_object_for_msgpack
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from scorekeeper.storage.store import GameStore
from scorekeeper.ui import fletparts
from scorekeeper.ui.app import make_main
from scorekeeper.ui.device import LANGUAGE_KEY, PICKED_COOKIE

ENCODE = configure_encode_object_for_msgpack(BaseControl)


class LoopbackConnection(Connection):
    # Every message any page is sent wakes these (another tab's update).
    watchers: ClassVar[set["asyncio.Future[None]"]] = set()

    def __init__(self, hub: PubSubHub) -> None:
        super().__init__()
        self.loop = asyncio.get_running_loop()
        self.executor = ThreadPoolExecutor(2)
        self.pubsubhub = hub
        self.messages: list[Message] = []
        self.session: Session | None = None
        self.page_url = "http://127.0.0.1:8550"
        self.tasks: set[asyncio.Future[Any]] = set()
        self.device_storage: dict[str, Any] = {}  # what SharedPreferences keeps
        self.answers: dict[str, Any] = {}  # what the page answers a method call (pick_files...)
        self.sent = asyncio.Event()  # set by each message sent, cleared by next_message
        # None: the browser says each pushed address back at once; a list: it
        # holds them there until `say_back` (a slow link, a busy browser)
        self.held_routes: list[str] | None = None

    def send_message(self, message: Message) -> None:
        msgpack.packb([message.action, message.body], default=ENCODE)
        self.messages.append(message)
        self.loop.call_soon_threadsafe(self.sent.set)
        self.loop.call_soon_threadsafe(wake_watchers)
        if message.action == MessageAction.INVOKE_METHOD:
            self.loop.call_soon(self._answer, message.body)

    def _answer(self, body: Any) -> None:
        assert self.session is not None
        result = None
        control = self.session.index.get(body.control_id)
        if isinstance(control, ft.SharedPreferences):  # the device's storage
            if body.name == "get":
                result = self.device_storage.get(body.args["key"])
            elif body.name == "set":
                self.device_storage[body.args["key"]] = body.args["value"]
                result = True
        if body.name in self.answers:
            given = self.answers[body.name]
            result = given(body.args) if callable(given) else given
        self.session.handle_invoke_method_results(body.control_id, body.call_id, result, None)
        if body.name == "push_route":
            if self.held_routes is not None:
                self.held_routes.append(body.args["route"])
            else:
                self.say_back(body.args["route"])

    def say_back(self, route: str) -> "asyncio.Future[None]":
        """The browser's address bar changed to `route`: it tells the server."""
        assert self.session is not None
        self.session.apply_page_patch({"route": route})
        task = asyncio.ensure_future(
            self.session.dispatch_event(self.session.page._i, "route_change", {"route": route})
        )
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    async def next_message(self) -> None:
        """Wait for the next message the server sends to this page."""
        self.sent.clear()
        await self.sent.wait()

    def crashes(self) -> list[str]:
        return [str(m.body) for m in self.messages if m.action == MessageAction.SESSION_CRASHED]


def wake_watchers() -> None:
    for waiter in list(LoopbackConnection.watchers):
        if not waiter.done():
            waiter.set_result(None)
    LoopbackConnection.watchers.clear()


async def any_message(timeout: float) -> None:
    """Wait until some page is sent a message, or `timeout` seconds."""
    waiter = asyncio.get_running_loop().create_future()
    LoopbackConnection.watchers.add(waiter)
    try:
        await asyncio.wait_for(waiter, timeout)
    except TimeoutError:
        pass
    finally:
        LoopbackConnection.watchers.discard(waiter)


class App:
    """One browser tab's worth of the app, driven through real events."""

    def __init__(self, session: Session, conn: LoopbackConnection) -> None:
        self.session = session
        self.conn = conn
        self.page: ft.Page = session.page

    async def settle(self) -> None:
        for _ in range(4):  # let scheduled route changes run
            await asyncio.sleep(0.001)
        assert self.conn.crashes() == [], self.conn.crashes()

    def walk(self, root: BaseControl | None = None) -> Iterator[BaseControl]:
        """Every control shown (or `root` and the controls inside it)."""

        def visit(obj: Any) -> Iterator[BaseControl]:
            if isinstance(obj, BaseControl):
                if getattr(obj, "visible", True) is False:
                    return  # not shown (a screen kept hidden under the one shown, too)
                yield obj
                for f in dataclasses.fields(obj):
                    if f.name.startswith("_") or f.name in ("parent", "page"):
                        continue
                    yield from visit(getattr(obj, f.name, None))
            elif isinstance(obj, list | tuple):
                for item in obj:
                    yield from visit(item)

        if root is not None:
            yield from visit(root)
            return
        for view in self.page.views:
            yield from visit(view)
        for dialog in self.page._dialogs.controls:  # dialogs open over the view
            if getattr(dialog, "open", False):
                yield from visit(dialog)

    def tagged(self, identifier: str) -> ft.Semantics:
        found = [
            c for c in self.walk() if isinstance(c, ft.Semantics) and c.identifier == identifier
        ]
        assert found, f"no control tagged {identifier!r}"
        return found[0]

    def hook(self, identifier: str) -> BaseControl:
        content = self.tagged(identifier).content
        assert content is not None
        return content

    def has(self, identifier: str) -> bool:
        return any(
            isinstance(c, ft.Semantics) and c.identifier == identifier and c.visible
            for c in self.walk()
        )

    def texts(self) -> list[str]:
        return [
            str(c.value)
            for c in self.walk()
            if isinstance(c, ft.Text) and c.value and c.visible is not False
        ]

    def button(self, label: str) -> BaseControl:
        for c in self.walk():
            if isinstance(c, ft.Semantics) and c.label == label and c.on_tap:
                return c
            if getattr(c, "content", None) == label:
                return c
            if isinstance(c, ft.Icon) and c.semantics_label == label and c.parent:
                return c.parent  # an icon button, named by its icon
        raise AssertionError(f"no button {label!r}")

    async def event(self, control: BaseControl, name: str, data: Any = None, **props: Any) -> None:
        if props:
            self.session.apply_patch(control._i, props)
        await self.session.dispatch_event(control._i, name, data)
        await self.settle()

    async def click(self, label_or_control: str | BaseControl) -> None:
        control = (
            self.button(label_or_control) if isinstance(label_or_control, str) else label_or_control
        )
        await self.event(control, "tap" if isinstance(control, ft.Semantics) else "click")

    def pressable(self, identifier: str) -> BaseControl:
        """The button a tagged control names: the button it is in (a key, a
        player's line), else the first one inside it (an icon button)."""
        tagged: BaseControl | None = self.tagged(identifier)
        while tagged is not None:
            if getattr(tagged, "on_click", None) or getattr(tagged, "on_tap", None):
                return tagged
            tagged = tagged.parent
        for control in self.walk(self.tagged(identifier)):
            if getattr(control, "on_click", None):
                return control
        return self.hook(identifier)

    async def tap(self, identifier: str, times: int = 1) -> None:
        """Tap a tagged control: the button it names, as a pointer would."""
        for _ in range(times):
            button = self.pressable(identifier)
            await self.event(button, "tap" if isinstance(button, ft.Semantics) else "click")

    async def type(self, field: BaseControl, text: str) -> None:
        await self.event(field, "change", value=text)

    async def say_back_routes(self) -> None:
        """The addresses held (`conn.held_routes`) reach the server now, in order."""
        held, self.conn.held_routes = self.conn.held_routes or [], None
        for route in held:
            await self.say_back(route)

    async def say_back(self, route: str) -> None:
        """The browser says its bar shows `route`, and the server has heard it."""
        await self.conn.say_back(route)
        await self.settle()

    async def route(self, route: str) -> None:
        self.session.apply_page_patch({"route": route})
        await self.session.dispatch_event(self.page._i, "route_change", {"route": route})
        await self.settle()


class FakeKeeper:
    """What the web server gives a keeper's page: checks and the Share screen's links."""

    def __init__(self) -> None:
        self.resets = 0
        self.changes = 0
        self.allowed = True

    def may_act(self) -> bool:
        return self.allowed

    async def refused(self) -> None:
        pass

    def changed(self, saved: object = None) -> None:
        self.changes += 1

    def keeper_link(self) -> str:
        return f"http://192.168.1.20:8550/key/{'k' * 43}{self.resets}"

    def watch_link(self) -> str:
        return f"http://192.168.1.20:8550/watch/{'w' * 43}{self.resets}"

    def reset_keys(self) -> None:
        self.resets += 1


def served_cookies(
    cookies: dict[str, str], device_storage: dict[str, Any] | None
) -> dict[str, str]:
    """The cookies a served page's websocket carries: the page's script adds
    the language picked on the device (static.py) to what the server set."""
    picked = (device_storage or {}).get(LANGUAGE_KEY)
    return {**cookies, PICKED_COOKIE: picked} if isinstance(picked, str) else dict(cookies)


async def open_app(
    store: GameStore,
    hub: PubSubHub | None = None,
    route: str = "/",
    device_storage: dict[str, Any] | None = None,
    keeper: Any = None,
    cookies: dict[str, str] | None = None,
    main_options: dict[str, Any] | None = None,
) -> App:
    """`main_options` go to make_main (`durable`, `undo`: the offline build's);
    `device_storage` stands for the browser's storage (shared by the tabs of
    one device): pass the same dict to open a tab on the same device again;
    `keeper` for what the web server gives a keeper's page (FakeKeeper);
    `cookies` for a page served by the web server, with the cookies its
    websocket request carried."""
    conn = LoopbackConnection(hub or PubSubHub(loop=asyncio.get_running_loop()))
    if device_storage is not None:
        conn.device_storage = device_storage
    if cookies is not None:  # where flet-web's connection keeps its websocket
        websocket = SimpleNamespace(cookies=served_cookies(cookies, device_storage), headers={})
        setattr(conn, fletparts.WEBSOCKET, websocket)
    session = Session(conn)
    conn.session = session
    session.apply_page_patch({"route": route, "width": 400, "height": 860})
    msgpack.packb(session.get_page_patch(), default=ENCODE)  # the register reply
    await session.connect(conn)
    await make_main(store, **(main_options or {}))(session.page, keeper)
    await session.after_event(session.page)
    app = App(session, conn)
    await app.settle()
    return app


async def open_watch(
    store: GameStore,
    route: str = "/live",
    device_storage: dict[str, Any] | None = None,
    cookies: dict[str, str] | None = None,
    size: tuple[int, int] = (400, 860),
) -> App:
    """A watch-link page on the live board of `store`. `cookies` stand for what
    the page's request left for its websocket (the server's language cookie)."""
    from types import SimpleNamespace

    from scorekeeper.web.live import LiveBoard
    from scorekeeper.web.watch import WatchSession

    conn = LoopbackConnection(PubSubHub(loop=asyncio.get_running_loop()))
    if device_storage is not None:
        conn.device_storage = device_storage
    # where client_language finds the websocket of a served page
    websocket = SimpleNamespace(cookies=served_cookies(cookies or {}, device_storage), headers={})
    setattr(conn, fletparts.WEBSOCKET, websocket)
    session = Session(conn)
    conn.session = session
    session.apply_page_patch({"route": route, "width": size[0], "height": size[1]})
    msgpack.packb(session.get_page_patch(), default=ENCODE)
    await session.connect(conn)
    board = LiveBoard(store)

    async def logged_out() -> None:
        raise AssertionError("the watcher was logged out")

    watcher = WatchSession(session.page, board.games, lambda: True, logged_out)
    await watcher.start(route)
    await session.after_event(session.page)
    app = App(session, conn)
    app.watcher = watcher  # type: ignore[attr-defined]
    app.board = board  # type: ignore[attr-defined]  # changed() as a keeper's save calls it
    await app.settle()
    return app
