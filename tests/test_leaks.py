"""Pages that come and go, at any moment: every session's subscriptions are
released once the session is gone, so a keeper's hand costs the same after a
thousand short visits as before."""

import time
from concurrent.futures import ThreadPoolExecutor

from tests.flet_client import visit
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
