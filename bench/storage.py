"""Storage speed as history grows: 0, 1,000 and 10,000 finished games stored.

For each size, on a real folder of the disk the temporary folder is on:
open the store (median of 3; and the first open of a day, which also makes
the daily backup), save a hand of a game in progress (median and p95 over 60
saves, and how much of the median is fsync), the save that finishes a game
(median of 15: the game moves into the archive), merge two player names
(median of 5), every player's rating (from scratch, then again after one
more game finished: only that game is rated), all player statistics from a
freshly opened store (the first time reads the facts files; players,
partnerships and head to head; then the same again with the facts in
memory), the first history
page, loading an archived game, and bytes on disk per stored hand.

Then History as the app opens it (the app state's `show_history`: the
listed sessions, their tallies and how much each moved the ratings included)
with 5,000 finished games, stored alone and then in 500 sessions of 10
(imported as records carrying their session): the first History of a freshly
opened store (median of 3 opens), History again (median of 5, each on a fresh
app state), filtered by a common name (half of all games) and by a rare one
(a player of the first and the last session only); and, as the server
starts, the ratings counted in the background (`rate_in_background`) and the
first History after them.

Prints the README's storage table (markdown), targets included, then the
History table.

Run: .venv/bin/python bench/storage.py
"""

import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.core.exchange import Incoming, export_record, parse_import
from scorekeeper.core.game import add_hand
from scorekeeper.core.model import BLIND_NIL, NIL, Bid, Game, Hand, Variant
from scorekeeper.core.rules import RuleSet
from scorekeeper.core.saved import SavedGame
from scorekeeper.core.scoring import Status, score_game, scored
from scorekeeper.core.session import SessionRef
from scorekeeper.core.stats import head_to_head, pair_stats, player_stats
from scorekeeper.storage.store import GameStore, now
from scorekeeper.ui.state import AppState
from scorekeeper.web.server import rate_in_background

SIZES = (0, 1_000, 10_000)
SAVES = 60
FINISHES = 15
FRIENDS = ("Alex", "Beth", "Charlie", "David", "Erin", "Farid", "Gita", "Hiro")
HISTORY_GAMES = 5_000
PER_SESSION = 10
RARE = "Zed"  # plays in the first and the last session only
TARGETS = {
    "open": 0.150,
    "save": 0.003,
    "finish": 0.030,
    "merge": 0.100,
    "stats": 0.300,
}


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
            game = add_hand(game, random_hand(rng)).game
        if score_game(game).status is Status.FINISHED:
            samples.append(game)
    return [samples[i % len(samples)] for i in range(count)]


class FsyncClock:
    """Adds up the time spent in os.fsync while it is installed."""

    def __init__(self) -> None:
        self.spent = 0.0
        self._real: Callable[[int], None] = os.fsync

    def __enter__(self) -> "FsyncClock":
        def timed(fd: int) -> None:
            start = time.perf_counter()
            self._real(fd)
            self.spent += time.perf_counter() - start

        os.fsync = timed
        return self

    def __exit__(self, *exc: object) -> None:
        os.fsync = self._real


def timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds < 0.01 else f"{seconds * 1000:.0f} ms"


def all_statistics(store: GameStore) -> float:
    """What the statistics screen computes: players, partnerships, head to head."""
    start = time.perf_counter()
    counts = store.totals()
    aliases = store.aliases()
    player_stats(counts, aliases)
    pair_stats(counts, aliases)
    head_to_head(counts, aliases)
    return time.perf_counter() - start


def statistics_from(folder: Path) -> tuple[float, float]:
    """All player statistics from a freshly opened store (its open excluded):
    the first time (the facts files are read) and again (facts in memory)."""
    with GameStore(folder) as store:
        return all_statistics(store), all_statistics(store)


def measure(size: int, pool: list[Game], rng: random.Random) -> dict[str, str]:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        with GameStore(folder) as store:
            if size:
                store.import_games([Incoming(g) for g in pool[:size]])
            archived_id = store.history(status=Status.FINISHED).items[0].id if size else None
        opens = []
        for _ in range(3):
            start = time.perf_counter()
            store = GameStore(folder)
            opens.append(time.perf_counter() - start)
            store.close()
        # The first open of a day makes that day's backup: unchanged files are
        # linked to the day before's, changed ones are read and copied. Here a
        # game finished since the day before (the last archive file changed).
        with GameStore(folder, today=date(2999, 1, 1)) as store:
            done = pool[-1]
            almost = store.create(replace(done, hands=done.hands[:-1]))
            store.save(almost.id, scored(done), almost.revision)
        start = time.perf_counter()
        GameStore(folder, today=date(2999, 1, 2)).close()
        first_of_day = time.perf_counter() - start
        store = GameStore(folder)

        fresh = Game(Variant.PARTNERSHIP, ("A", "B", "C", "D"), 0, RuleSet(target=100_000))
        playing = store.create(fresh)
        saves, fsyncs = [], []
        for _ in range(SAVES):
            if len(playing.game.hands) == 15:  # a typical game's length, then a new one
                playing = store.create(fresh)
            game = add_hand(playing.game, random_hand(rng))
            with FsyncClock() as clock:
                start = time.perf_counter()
                playing = store.save(playing.id, game, playing.revision)
                saves.append(time.perf_counter() - start)
            fsyncs.append(clock.spent)

        finishes = []
        for done in pool[:FINISHES]:
            almost = store.create(replace(done, hands=done.hands[:-1]))
            ending = scored(done)
            finishes.append(timed(lambda a=almost, d=ending: store.save(a.id, d, a.revision)))

        merges = []
        for i in range(5):
            a, b = FRIENDS[i], FRIENDS[i + 1]
            merges.append(timed(lambda a=a, b=b: store.merge_players(a, b)))
        for i in range(5):
            store.unmerge_player(FRIENDS[i])

        rating_all = timed(store.ratings)  # every finished game, from scratch
        last = pool[FINISHES]
        almost = store.create(replace(last, hands=last.hands[:-1]))
        store.save(almost.id, scored(last), almost.revision)
        rated = store._kept_ratings.rated
        rating_one = timed(store.ratings)  # the game just finished, only
        assert store._kept_ratings.rated == rated + 1

        page_time = timed(lambda: store.history(limit=20))
        load_time = timed(lambda: store.get(archived_id)) if archived_id else 0.0
        store.close()
        firsts, agains = zip(*(statistics_from(folder) for _ in range(3)), strict=True)

        stored_hands = sum(len(g.hands) for g in pool[:size]) + SAVES
        data_bytes = sum(
            p.stat().st_size
            for p in folder.rglob("*.json")
            if "backups" not in p.parts and "damaged" not in p.parts
        )
        median_save = statistics.median(saves)
        return {
            "stored": f"{size:,}",
            "open": ms(statistics.median(opens)),
            "open, first of a day (with backup)": ms(first_of_day),
            "save a hand, median": ms(median_save),
            "of which fsync": ms(statistics.median(fsyncs)),
            "save a hand, p95": ms(statistics.quantiles(saves, n=20)[-1]),
            "save that finishes a game": ms(statistics.median(finishes)),
            "merge two names": ms(statistics.median(merges)),
            "statistics, first time": ms(statistics.median(firsts)),
            "statistics again": ms(statistics.median(agains)),
            "ratings, every game": ms(rating_all),
            "ratings after a game finishes": ms(rating_one),
            "first history page": ms(page_time),
            "load an archived game": ms(load_time) if archived_id else "-",
            "bytes per hand": f"{data_bytes / stored_hands:.0f}",
        }


def records(in_sessions: bool, rng: random.Random) -> list[dict[str, object]]:
    """HISTORY_GAMES finished games among FRIENDS as exported records, in
    sessions of PER_SESSION or alone; RARE plays the first and the last game."""
    pool = finished_games(HISTORY_GAMES, rng)
    made = []
    stamp = now()
    for index, game in enumerate(pool):
        players = tuple(rng.sample(FRIENDS, 4))
        if index in (0, HISTORY_GAMES - 1):
            players = (RARE, *players[1:])
        saved = SavedGame(f"g{index:05d}", scored(replace(game, players=players)), stamp, stamp, 1)
        session = SessionRef(f"s{index // PER_SESSION:04d}") if in_sessions else None
        made.append(export_record(saved, session))
    return made


def median_of(action: Callable[[], object], runs: int = 5) -> float:
    return statistics.median(timed(action) for _ in range(runs))


def history(in_sessions: bool) -> dict[str, str]:
    """History as the app opens and filters it, the games alone or in sessions."""
    rng = random.Random(5)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        with GameStore(folder) as store:
            store.import_games(parse_import(records(in_sessions, rng)))
        firsts, counts, served = [], [], []
        for _ in range(3):
            with GameStore(folder) as store:  # as a new process finds it: nothing kept
                firsts.append(timed(lambda s=store: AppState(s).show_history()))
            with GameStore(folder) as store:  # as the server starts: the ratings counted first
                counts.append(timed(lambda s=store: rate_in_background(s).join()))
                served.append(timed(lambda s=store: AppState(s).show_history()))
        with GameStore(folder) as store:
            AppState(store).show_history()
            again = median_of(lambda: AppState(store).show_history())
            common = median_of(lambda: AppState(store).filter_history(player="gita"))
            rare = median_of(lambda: AppState(store).filter_history(player=RARE.lower()))
    return {
        "stored": f"{HISTORY_GAMES:,} games"
        + (f" in {HISTORY_GAMES // PER_SESSION} sessions" if in_sessions else ""),
        "first History of a freshly opened store": ms(statistics.median(firsts)),
        "ratings counted as the server starts": ms(statistics.median(counts)),
        "first History after it": ms(statistics.median(served)),
        "History again": ms(again),
        "filtered by a common name": ms(common),
        "filtered by a rare name": ms(rare),
    }


def table(rows: list[dict[str, str]], extra: dict[str, str] | None = None) -> None:
    columns = list(rows[0])
    print("| " + " | ".join(columns) + " |")
    print("|" + " --- |" * len(columns))
    for row in [*rows, *([extra] if extra else [])]:
        print("| " + " | ".join(row.get(c, "") for c in columns) + " |")


def main() -> None:
    rng = random.Random(3)
    pool = [
        replace(g, players=tuple(rng.sample(FRIENDS, 4)))
        for g in finished_games(max(SIZES) + FINISHES, rng)
    ]
    hands = statistics.mean(len(g.hands) for g in pool[:50])
    rows = [measure(size, pool, rng) for size in SIZES]
    print(
        f"Finished games of about {hands:.0f} hands among {len(FRIENDS)} players; "
        f"{os.cpu_count()} cores; Python {sys.version.split()[0]}."
    )
    print()
    goal = {
        "stored": "target at 10,000",
        "open": ms(TARGETS["open"]),
        "save a hand, median": ms(TARGETS["save"]),
        "save that finishes a game": ms(TARGETS["finish"]),
        "merge two names": ms(TARGETS["merge"]),
        "statistics, first time": ms(TARGETS["stats"]),
    }
    table(rows, goal)
    print()
    table([history(False), history(True)])


if __name__ == "__main__":
    main()
