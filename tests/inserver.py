"""The served app in a thread of the test process, on a free loopback port:
what the subprocess server runs (`server.web_app`, `server.uvicorn_config`),
with its sessions and subscriptions in reach of the test."""

import threading
import time
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


@contextmanager
def in_thread(data: Path, limits: Limits | None = None) -> Iterator[InThread]:
    port = free_port()
    store = GameStore(data)
    access = Access(store, Links([f"http://127.0.0.1:{port}"]))
    app = web_app(store, access, [], limits or Limits())
    server = uvicorn.Server(uvicorn_config(app, "127.0.0.1", port))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        end = time.monotonic() + 30
        while not server.started:
            if time.monotonic() > end or not thread.is_alive():
                raise RuntimeError("the in-thread server did not start")
            time.sleep(0.02)
        yield InThread(port, access, server)
    finally:
        server.should_exit = True
        thread.join(15)
        store.close()
