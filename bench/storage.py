"""Storage speed as history grows: 0, 1,000 and 10,000 finished games stored.

Prints, for each size: median and p95 time to save one hand of a game in
progress (games of 15 hands, one after another), to open the store, to list
the first history page, to load one archived game, and bytes on disk per
stored hand.

Run: .venv/bin/python bench/storage.py
"""

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.exchange import Incoming
from scorekeeper.game import add_hand
from scorekeeper.model import BLIND_NIL, NIL, Bid, Game, Hand, Variant
from scorekeeper.rules import RuleSet
from scorekeeper.scoring import Status, score_game
from scorekeeper.storage.store import GameStore

SIZES = (0, 1_000, 10_000)
SAVES = 60


def random_hand(rng: random.Random) -> Hand:
    cuts = sorted(rng.randint(0, 13) for _ in range(3))
    tricks = (cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2])
    bids = tuple(
        NIL
        if t == 0 and rng.random() < 0.3
        else Bid(min(13, max(1, t + rng.choice((-1, 0, 0, 1)))))
        for t in tricks
    )
    if rng.random() < 0.02:
        bids = (BLIND_NIL, *bids[1:])
    return Hand(bids, tricks)


def finished_games(count: int, rng: random.Random) -> list[Game]:
    samples = []
    while len(samples) < 50:
        game = Game(Variant.PARTNERSHIP, ("Alex", "Beth", "Charlie", "David"), 0, RuleSet())
        while score_game(game).status is not Status.FINISHED and len(game.hands) < 40:
            game = add_hand(game, random_hand(rng))
        if score_game(game).status is Status.FINISHED:
            samples.append(game)
    return [samples[i % len(samples)] for i in range(count)]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def main() -> None:
    rng = random.Random(3)
    pool = finished_games(max(SIZES), rng)
    print(f"finished games average {statistics.mean(len(g.hands) for g in pool[:50]):.1f} hands")
    print("stored | save hand median | p95 | open store | first page | load game | bytes/hand")
    for size in SIZES:
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            with GameStore(folder) as store:
                if size:
                    store.import_games([Incoming(g) for g in pool[:size]])
                archived_id = store.history(status=Status.FINISHED).items[0].id if size else None
            start = time.perf_counter()
            store = GameStore(folder)
            open_time = time.perf_counter() - start
            fresh = Game(Variant.PARTNERSHIP, ("A", "B", "C", "D"), 0, RuleSet(target=100_000))
            playing = store.create(fresh)
            times = []
            for _ in range(SAVES):
                if len(playing.game.hands) == 15:  # a typical game's length, then a new one
                    playing = store.create(fresh)
                game = add_hand(playing.game, random_hand(rng))
                start = time.perf_counter()
                playing = store.save(playing.id, game, playing.revision)
                times.append(time.perf_counter() - start)
            start = time.perf_counter()
            page = store.history(limit=20)
            page_time = time.perf_counter() - start
            assert len(page.items) == min(20, size + SAVES // 15), len(page.items)
            load_time = 0.0
            if archived_id:
                start = time.perf_counter()
                store.get(archived_id)
                load_time = time.perf_counter() - start
            store.close()
            stored_hands = sum(len(g.hands) for g in pool[:size]) + SAVES
            data_bytes = sum(
                p.stat().st_size
                for p in [
                    folder / "active.json",
                    folder / "index.json",
                    *(folder / "archive").glob("*.json"),
                ]
            )
            p95 = statistics.quantiles(times, n=20)[-1]
            print(
                f"{size:>6} | {ms(statistics.median(times)):>16} | {ms(p95)} | "
                f"{ms(open_time)} | {ms(page_time)} | {ms(load_time)} | "
                f"{data_bytes / stored_hands:.0f}"
            )


if __name__ == "__main__":
    main()
