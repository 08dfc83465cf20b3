"""A crowd of watchers: devices (loopback addresses 127.0.0.2 and up; the
server counts pages by the connection's own address) each holding a number
of watch pages, closing the oldest and opening a new one in a loop, as phones
around a table reopen a link. Raw websocket clients, no browser. Shared by
the crowd test and bench/storm.py."""

import threading
from collections import Counter, deque
from types import TracebackType

from websockets.exceptions import InvalidStatus, WebSocketException

from tests.flet_client import FletClient, open_socket

OPEN_LIMIT = 30.0  # seconds a page may take to show the live board under the crowd


class WatchCrowd:
    def __init__(
        self,
        port: int,
        watch_route: str,
        devices: int = 8,
        pages: int = 8,
        max_opens: int = 5_000,
    ) -> None:
        self.port = port
        self.route = watch_route
        self.addresses = [f"127.0.0.{2 + d}" for d in range(devices)]
        self.pages = pages
        self.max_opens = max_opens  # per device: the loop ends by itself
        self.stop = threading.Event()
        self.outcomes: Counter[str] = Counter()
        self._lock = threading.Lock()
        self._threads = [
            threading.Thread(target=self._device, args=(a,), daemon=True) for a in self.addresses
        ]

    def __enter__(self) -> "WatchCrowd":
        for t in self._threads:
            t.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop.set()
        for t in self._threads:
            t.join(OPEN_LIMIT + 10)

    def count(self, outcome: str) -> None:
        with self._lock:
            self.outcomes[outcome] += 1

    def _open(self, address: str) -> FletClient | None:
        try:
            page = FletClient(open_socket(self.port, source=address))
        except InvalidStatus:
            self.count("refused")
            return None
        except (WebSocketException, OSError):
            self.count("dropped")
            return None
        try:
            page.register(self.route)
            shown = page.wait_for(lambda data: b"Live scores" in data, limit=OPEN_LIMIT)
            self.count("opened" if shown else "slow")
        except (WebSocketException, OSError):
            self.count("dropped")  # closed by the server to make room, maybe
        return page

    def _device(self, address: str) -> None:
        held: deque[FletClient] = deque()
        try:
            for _ in range(self.max_opens):
                if self.stop.is_set():
                    break
                if len(held) >= self.pages:
                    held.popleft().close()
                page = self._open(address)
                if page is None:
                    self.stop.wait(0.05)  # refused: at a cap for a moment
                else:
                    held.append(page)
        finally:
            for page in held:
                page.close()
