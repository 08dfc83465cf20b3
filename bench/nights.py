"""Game nights as they grow: 5,000 finished games, stored alone and then in
500 sessions of 10 (as records carrying their session, imported; History's
figures for the same games are printed by bench/storage.py).

For each: every rating from scratch, once; Statistics as the app opens it
(ratings and their trends, kept up to date: nothing counted again), and a
session's page (its games, highlights and rating moves).

Run: .venv/bin/python bench/nights.py
"""

import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.storage import HISTORY_GAMES, PER_SESSION, records
from scorekeeper.core.exchange import parse_import
from scorekeeper.storage.store import GameStore
from scorekeeper.ui.state import AppState


def timed(action: Callable[[], object], runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms" if seconds >= 0.01 else f"{seconds * 1000:.1f} ms"


def measure(in_sessions: bool) -> dict[str, str]:
    rng = random.Random(5)
    with tempfile.TemporaryDirectory() as tmp, GameStore(Path(tmp)) as store:
        store.import_games(parse_import(records(in_sessions, rng)))

        def stats() -> None:
            AppState(store).show_stats()

        def night() -> None:
            AppState(store).show_night(store.sessions()[len(store.sessions()) // 2].id)

        first = timed(store.ratings, runs=1)
        stats_time = timed(stats)
        night_time = ms(timed(night)) if in_sessions else "-"
        return {
            "stored": f"{HISTORY_GAMES:,} games"
            + (f" in {HISTORY_GAMES // PER_SESSION} sessions" if in_sessions else ""),
            "ratings, first time": ms(first),
            "Statistics": ms(stats_time),
            "a session's page": night_time,
        }


def main() -> None:
    rows = [measure(False), measure(True)]
    columns = list(rows[0])
    print("| " + " | ".join(columns) + " |")
    print("|" + " --- |" * len(columns))
    for row in rows:
        print("| " + " | ".join(row[c] for c in columns) + " |")


if __name__ == "__main__":
    main()
