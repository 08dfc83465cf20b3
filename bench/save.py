"""The in-process time of saving a hand, as the keeper's tap runs it.

A four-player game of 15 recorded hands (nils, sets, bags) in a store on a
real folder of the disk the temporary folder is on; the 16th hand is entered
on the keypad and saved through AppState.save_hand, then undone (not timed)
so that every run saves onto the same 15 hands. Prints the median and p95 of
RUNS saves, and the median with fsync skipped (what is left is the app's own
work: scoring, summary, documents, JSON).

Run: .venv/bin/python bench/save.py
"""

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.storage.store import GameStore
from scorekeeper.ui.state import AppState

RUNS = 200
HANDS = 15
# (bids, tricks) in seat order; "nil" is bid with the keypad's 0
PLAYED = [
    (("4", "3", "3", "3"), ("4", "3", "3", "3")),
    (("4", "4", "4", "4"), ("3", "4", "3", "3")),
    (("5", "0", "4", "3"), ("6", "0", "4", "3")),
    (("3", "3", "3", "3"), ("2", "4", "3", "4")),
    (("4", "3", "0", "4"), ("5", "4", "1", "3")),
]
TIMED = (("3", "4", "3", "3"), ("4", "3", "3", "3"))


def enter(state: AppState, bids: tuple[str, ...], tricks: tuple[str, ...]) -> None:
    """Bids and tricks on the keypad, as the screen does."""
    state.begin_hand()
    for seat, key in enumerate(bids):
        state.focus_seat(seat)
        state.press(key)
    state.to_tricks()
    for seat, key in enumerate(tricks):
        state.focus_seat(seat)
        state.press(key)
    assert state.errors == {}, state.errors


def started(store: GameStore) -> AppState:
    state = AppState(store)
    state.new_game()
    for seat, name in enumerate(("Alex", "Beth", "Charlie", "David")):
        state.set_name(seat, name)
    state.set_rule("target", "5000")
    state.start_game()
    assert state.errors == {}, state.errors
    for number in range(HANDS):
        enter(state, *PLAYED[number % len(PLAYED)])
        state.save_hand()
        assert state.errors == {}, state.errors
    assert state.saved is not None and len(state.saved.game.hands) == HANDS
    return state


def measure(store: GameStore, runs: int) -> list[float]:
    state = started(store)
    times = []
    for _ in range(runs):
        enter(state, *TIMED)
        start = time.perf_counter()
        state.save_hand()
        times.append(time.perf_counter() - start)
        assert state.errors == {} and state.saved is not None, state.errors
        assert len(state.saved.game.hands) == HANDS + 1
        state.undo_last_hand()
        assert len(state.saved.game.hands) == HANDS
    return times


def main() -> None:
    base = Path(os.environ.get("SCOREKEEPER_BENCH_DIR", Path.home() / ".cache"))
    base.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=base) as folder, GameStore(Path(folder)) as store:
        measure(store, 20)  # warm up: imports, first files
        times = sorted(measure(store, RUNS))
    real_fsync = os.fsync
    os.fsync = lambda fd: None
    try:
        with tempfile.TemporaryDirectory(dir=base) as folder, GameStore(Path(folder)) as store:
            measure(store, 20)
            quick = sorted(measure(store, RUNS))
    finally:
        os.fsync = real_fsync
    p95 = times[int(len(times) * 0.95) - 1]
    print(f"save a hand (AppState.save_hand, {HANDS} hands recorded, {RUNS} runs)")
    print(f"  median {statistics.median(times) * 1000:.3f} ms, p95 {p95 * 1000:.3f} ms")
    print(f"  without fsync: median {statistics.median(quick) * 1000:.3f} ms")


if __name__ == "__main__":
    main()
