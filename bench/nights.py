"""History by session as it grows: 5,000 finished games, stored alone and
then in 500 sessions of 10 (as records carrying their session, imported).

For each: History's first page as the app opens it (the app state's
`show_history`, median of 5, each time on a fresh state: sessions, their
tallies and how much each moved the ratings included), the same filtered by
a player's name, and the ratings kept game by game (the first time, then
after one more game finished); Statistics as the app opens it (ratings and
their trends, kept up to date: nothing counted again), and a session's page
(its games, highlights and rating moves).

Run: .venv/bin/python bench/nights.py
"""

import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.storage import FRIENDS, finished_games
from scorekeeper.core.exchange import export_record, parse_import
from scorekeeper.core.saved import SavedGame
from scorekeeper.core.scoring import scored
from scorekeeper.storage.store import GameStore, now
from scorekeeper.ui.state import AppState

GAMES = 5_000
PER_SESSION = 10


def timed(action: Callable[[], object], runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms" if seconds >= 0.01 else f"{seconds * 1000:.1f} ms"


def records(in_sessions: bool, rng: random.Random) -> list[dict[str, object]]:
    pool = finished_games(GAMES, rng)
    made = []
    stamp = now()
    for index, game in enumerate(pool):
        players = tuple(rng.sample(FRIENDS, 4))
        saved = SavedGame(f"g{index:05d}", scored(replace(game, players=players)), stamp, stamp, 1)
        session = None
        if in_sessions:
            from scorekeeper.core.session import SessionRef

            session = SessionRef(f"s{index // PER_SESSION:04d}")
        made.append(export_record(saved, session))
    return made


def measure(in_sessions: bool) -> dict[str, str]:
    rng = random.Random(5)
    with tempfile.TemporaryDirectory() as tmp, GameStore(Path(tmp)) as store:
        store.import_games(parse_import(records(in_sessions, rng)))

        def page() -> None:
            AppState(store).show_history()

        def filtered() -> None:
            state = AppState(store)
            state.filter_history(player="gita")

        def stats() -> None:
            AppState(store).show_stats()

        def night() -> None:
            AppState(store).show_night(store.sessions()[len(store.sessions()) // 2].id)

        first = timed(store.ratings, runs=1)
        page_time, filter_time = timed(page), timed(filtered)
        stats_time = timed(stats)
        night_time = ms(timed(night)) if in_sessions else "-"
        return {
            "stored": f"{GAMES:,} games"
            + (f" in {GAMES // PER_SESSION} sessions" if in_sessions else ""),
            "History, first page": ms(page_time),
            "History, filtered by a name": ms(filter_time),
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
