"""A reconnect storm on 127.0.0.1: 2,000 websocket connections (8 at a time,
from one address; most open a session and leave, a tenth never register, a
tenth send garbage) against a fresh server. Prints the server's memory.

Run: .venv/bin/python bench/storm.py
"""

import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import psutil

from tests.served import ServedApp
from tests.test_storm import CONNECTIONS, one


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        app = ServedApp(Path(folder))
        app.start()
        try:
            assert app.process is not None
            server = psutil.Process(app.process.pid)
            before = peak = server.memory_info().rss
            began = time.perf_counter()
            outcomes: list[str] = []
            with ThreadPoolExecutor(8) as pool:
                for start in range(0, CONNECTIONS, 200):
                    outcomes += pool.map(lambda i: one(app.port, i), range(start, start + 200))
                    peak = max(peak, server.memory_info().rss)
            took = time.perf_counter() - began
            time.sleep(2)
            after = server.memory_info().rss
        finally:
            app.stop()
    mb = 2**20
    counts = ", ".join(f"{outcomes.count(o)} {o}" for o in sorted(set(outcomes)))
    print(f"{CONNECTIONS} connections in {took:.0f} s ({counts})")
    print(
        f"server memory: {before / mb:.0f} MB before, peak {peak / mb:.0f} MB, "
        f"{after / mb:.0f} MB after"
    )


if __name__ == "__main__":
    main()
