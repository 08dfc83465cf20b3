"""Pages that connect and leave at once (a crowd reopening the watch link):
each leaves one line in the log at most, never a traceback."""

import contextlib
import logging
import time

from websockets.exceptions import InvalidStatus, WebSocketException

from scorekeeper.web.asgi import Limits
from tests.flet_client import FletClient, open_socket
from tests.inserver import in_thread, live_sessions

PAGES = 60


def test_a_page_that_leaves_at_once_leaves_no_traceback(tmp_path, caplog):
    caplog.set_level(logging.INFO)
    limits = Limits(max_sessions=16, per_address=4)
    with in_thread(tmp_path, limits) as served:
        for i in range(PAGES):
            try:
                page = FletClient(open_socket(served.port, source=f"127.0.0.{2 + i % 4}"))
            except InvalidStatus:
                continue
            with contextlib.suppress(WebSocketException, OSError):
                page.register(served.watch_route)
            page.close()
        end = time.monotonic() + 30
        while len(live_sessions()) > limits.max_sessions and time.monotonic() < end:
            time.sleep(0.1)  # the server's own clean-up, on its thread
        time.sleep(2)  # the last pages' `main` ends after they left
        last = FletClient(open_socket(served.port))  # still serving
        last.register(served.watch_route)
        assert last.wait_for(lambda data: b"Live scores" in data)
        last.close()
    tracebacks = [r for r in caplog.records if r.exc_info or "Traceback" in r.getMessage()]
    assert tracebacks == [], [(r.name, r.getMessage()) for r in tracebacks[:3]]
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == [], [(r.name, r.getMessage()) for r in errors[:3]]
    warnings = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(warnings) <= PAGES, "a line at most per page at the server's log level"
