"""Kill a saving process with SIGKILL at random moments, many times: every save
it reported as done must be there afterwards, and nothing may be damaged."""

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from scorekeeper.scoring import Status
from scorekeeper.storage.store import GameStore

CHILD = Path(__file__).with_name("crash_child.py")
ROUNDS = 25


def test_sigkill_never_loses_a_reported_save(tmp_path):
    rng = random.Random(7)
    reported: dict[str, int] = {}
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent)}
    for round_number in range(ROUNDS):
        child = subprocess.Popen(
            [sys.executable, str(CHILD), str(tmp_path), str(round_number)],
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        assert child.stdout is not None
        first = child.stdout.readline()  # the store is open and saving
        assert first, "the child could not start"
        time.sleep(rng.uniform(0.0, 0.15))
        child.send_signal(signal.SIGKILL)
        rest, _ = child.communicate(timeout=30)
        for line in [first, *rest.splitlines(keepends=True)]:
            if not line.endswith("\n"):
                continue  # killed while printing: not a complete report
            game_id, count = line.split()
            reported[game_id] = max(reported.get(game_id, 0), int(count))
        with GameStore(tmp_path) as store:
            assert store.notices == [], store.notices
            for game_id, count in reported.items():
                assert len(store.get(game_id).game.hands) >= count
    assert sum(reported.values()) > ROUNDS, "the child saved hands between kills"
    with GameStore(tmp_path) as store:
        assert store.history(status=Status.FINISHED).total > 0, (
            "moves to the archive were killed too"
        )
