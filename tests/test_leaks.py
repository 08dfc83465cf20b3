"""Pages that come and go, at any moment: every session's subscriptions are
released once the session is gone, so a keeper's hand costs the same after a
thousand short visits as before."""

import time
from concurrent.futures import ThreadPoolExecutor

from flet_web.fastapi import app_manager

from scorekeeper.core.model import Game, Variant
from scorekeeper.web.watch import WatchSession
from tests.factories import EVEN
from tests.flet_client import FletClient, open_socket, visit
from tests.inserver import in_thread, live_sessions, subscribed_sessions

VISITS = 120


def leaks(limit: float = 20) -> tuple[set[str], dict]:
    """Sessions gone but still subscribed, and Flet's held sessions, once
    there are no such sessions or `limit` seconds have passed."""
    end = time.monotonic() + limit
    while True:
        sessions = live_sessions()
        leaked = subscribed_sessions() - set(sessions)
        if not leaked or time.monotonic() > end:
            return leaked, sessions
        time.sleep(0.5)


def test_short_visits_leave_no_subscription_behind(tmp_path):
    with in_thread(tmp_path) as served:
        routes = [served.watch_route] * 5 + [served.keeper_route, "/"]
        with ThreadPoolExecutor(8) as pool:
            list(
                pool.map(
                    lambda i: visit(served.port, routes[i % len(routes)], (i % 4) * 0.005),
                    range(VISITS),
                )
            )
        leaked, sessions = leaks()
        assert not leaked, f"{len(leaked)} gone sessions still subscribed, {len(sessions)} held"
        assert len(sessions) <= 8, "at most 8 sessions held for one address"
        connected = [s.id for s in sessions.values() if s.connection is not None]
        assert not connected, f"{len(connected)} sessions of gone pages never marked disconnected"


def test_a_watch_page_that_is_away_is_drawn_again_only_when_back(tmp_path, monkeypatch):
    """Flet holds a gone page's session for a while in case it comes back; the
    keeper's hands must not pay a page comparison for each such watcher (a
    reconnect storm left dozens, and a hand cost twice the CPU), and the page
    must show what it missed once it is back."""
    drawn: list[object] = []
    handled: list[object] = []
    draw, changed = WatchSession._draw, WatchSession.changed

    async def counted(self, topic, message):
        await changed(self, topic, message)
        handled.append(self)

    monkeypatch.setattr(
        WatchSession, "_draw", lambda self, size: (drawn.append(self), draw(self, size))[1]
    )
    monkeypatch.setattr(WatchSession, "changed", counted)
    with in_thread(tmp_path) as served:
        page = FletClient(open_socket(served.port))
        page.register(served.watch_route)
        page.pump()
        session_id = page.session_id
        assert session_id and drawn, "the watch page was drawn when it opened"
        page.close()
        until(lambda: live_sessions()[session_id].connection is None)
        drawn.clear()

        served.access.board.store.create(Game(Variant.PARTNERSHIP, NAMES, 0, hands=(EVEN,)))
        announce(served.access.board.changed())
        until(lambda: handled)  # the away page was told, and its handler has ended
        assert drawn == [], "a page that is away was drawn again"

        back = FletClient(open_socket(served.port))
        back.register(served.watch_route, session_id=session_id)
        assert back.wait_for(lambda frame: NAMES[0].encode() in frame), "the page missed a game"
        back.close()


NAMES = ("Ingrid", "Jasper", "Kestrel", "Lysander")


def announce(version: int) -> None:
    """What the keeper's page does after a change: tell every watcher."""
    for hub in list(app_manager._FletAppManager__pubsubhubs.values()):  # type: ignore[attr-defined]
        hub.send_all_on_topic("live", version)


def until(condition, limit: float = 15) -> None:
    end = time.monotonic() + limit
    while not condition():
        assert time.monotonic() < end, "waited too long"
        time.sleep(0.02)
