"""How fast the server and the data folder say no, in figures (the tests check
only that they do): a folder locked by another copy of the app, an upload
whose declared length is over the limit, and a request whose headers never
end (closed after `HEADER_SECONDS`).

Run: .venv/bin/python bench/refusals.py
"""

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.core.exchange import MAX_INPUT_BYTES
from scorekeeper.storage import platform
from scorekeeper.web.door import HEADER_SECONDS
from tests.served import ServedApp, logged_app
from tests.test_slow_clients import closed_by_server, hold
from tests.test_upload import Keeper, head, raw, status_of


def folder_lock() -> None:
    with tempfile.TemporaryDirectory() as folder:
        first, second = platform.FolderLock(Path(folder)), platform.FolderLock(Path(folder))
        first.acquire()
        times = []
        for _ in range(20):
            began = time.perf_counter()
            assert not second.acquire()
            times.append(time.perf_counter() - began)
        first.release()
    print(f"a folder held by another copy: refused in {max(times) * 1000:.2f} ms at most (20)")


def upload_too_big() -> None:
    with tempfile.TemporaryDirectory() as folder, logged_app(Path(folder)) as app:
        keeper = Keeper(app)
        url = keeper.pick("big.json", size=2)
        began = time.perf_counter()
        answer, _sent = raw(app, head(app, url, f"Content-Length: {MAX_INPUT_BYTES + 1}\r\n"))
        took = time.perf_counter() - began
        keeper.close()
    print(f"an upload declared over the limit: {status_of(answer)} in {took * 1000:.0f} ms")


def headers_never_end() -> None:
    with tempfile.TemporaryDirectory() as folder:
        app = ServedApp(Path(folder), open_files=1024)
        app.start()
        try:
            held = hold(app.port, 2)
            began = time.perf_counter()
            closed = [closed_by_server(s, HEADER_SECONDS + 10) for s in held]
            took = time.perf_counter() - began
            for s in held:
                s.close()
        finally:
            app.stop()
    print(
        f"requests whose headers never end: closed={closed} after {took:.1f} s "
        f"(the limit is {HEADER_SECONDS} s)"
    )


if __name__ == "__main__":
    folder_lock()
    upload_too_big()
    headers_never_end()
