"""The served app in a thread of the test process, on a free loopback port:
what the subprocess server runs (`server.web_app`, `server.uvicorn_config`),
with its sessions and subscriptions in reach of the test."""

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import uvicorn
from flet_web.fastapi import app_manager

from scorekeeper.storage.store import GameStore
from scorekeeper.web.gate import Access, Links
from scorekeeper.web.server import uvicorn_config, web_app
from scorekeeper.web.sessions import Limits
from tests.served import free_port


@dataclass
class InThread:
    port: int
    access: Access
    server: uvicorn.Server

    @property
    def keeper_route(self) -> str:
        return self.access.keys.keeper_path()

    @property
    def watch_route(self) -> str:
        return self.access.keys.watch_path()


def live_sessions() -> dict[str, Any]:
    """Flet's held sessions, by id."""
    held = app_manager._FletAppManager__sessions  # type: ignore[attr-defined]
    return {s.id: s for s in list(held.values())}


def subscribed_sessions() -> set[str]:
    """Every session id that has a pubsub subscription, in every hub."""
    ids: set[str] = set()
    for hub in list(app_manager._FletAppManager__pubsubhubs.values()):  # type: ignore[attr-defined]
        ids.update(hub._PubSubHub__subscribers)
        ids.update(hub._PubSubHub__subscriber_topics)
    return ids


class _Server(uvicorn.Server):
    """Says when it listens (an event, not a flag to poll)."""

    def __init__(self, config: uvicorn.Config) -> None:
        super().__init__(config)
        self.ready = threading.Event()

    async def startup(self, sockets: Any = None) -> None:
        await super().startup(sockets)
        self.ready.set()


@contextmanager
def in_thread(data: Path, limits: Limits | None = None) -> Iterator[InThread]:
    port = free_port()
    store = GameStore(data)
    access = Access(store, Links([f"http://127.0.0.1:{port}"]))
    app = web_app(store, access, [], limits or Limits())
    server = _Server(uvicorn_config(app, "127.0.0.1", port))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        if not server.ready.wait(30) or not server.started:
            raise RuntimeError("the in-thread server did not start")
        yield InThread(port, access, server)
    finally:
        server.should_exit = True
        thread.join(15)
        store.close()
        forget_sessions()


def forget_sessions() -> None:
    """Flet's app manager is one per process: the sessions and hubs of a
    stopped server (bound to its closed event loop) go with it, so the next
    test's server starts from none."""
    app_manager._FletAppManager__sessions.clear()  # type: ignore[attr-defined]
    app_manager._FletAppManager__pubsubhubs.clear()  # type: ignore[attr-defined]
