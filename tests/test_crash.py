"""Kill a saving process with SIGKILL at chosen and random moments, many times:
every save it reported as done must be there afterwards, and nothing may be
damaged. A third of the kills land right as a finished game moves into the
archive (a change to several files), so that move is killed in every run."""

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
ROUNDS = 24


def read_until(child: subprocess.Popen[str], lines: list[str], wanted) -> bool:
    """Read the child's reports until one matches; False if it stopped."""
    assert child.stdout is not None
    while True:
        line = child.stdout.readline()
        if not line:
            return False
        lines.append(line)
        if wanted(line):
            return True


def test_sigkill_never_loses_a_reported_save(tmp_path):
    rng = random.Random(7)
    reported: dict[str, int] = {}
    finished_reported = 0
    killed_while_finishing = 0
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent)}
    for round_number in range(ROUNDS):
        child = subprocess.Popen(
            [sys.executable, str(CHILD), str(tmp_path), str(round_number)],
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        lines: list[str] = []
        assert read_until(child, lines, lambda line: line == "ready\n"), "the child could not start"
        kind = round_number % 3
        if kind == 0:  # in the middle of a move into the archive
            assert read_until(child, lines, lambda line: line.startswith("finishing "))
            time.sleep(rng.uniform(0.0, 0.004))
            killed_while_finishing += 1
        elif kind == 1:  # right after a finished game was reported saved
            assert read_until(child, lines, lambda line: line.endswith(" finished\n"))
        else:  # anywhere
            time.sleep(rng.uniform(0.0, 0.15))
        child.send_signal(signal.SIGKILL)
        rest, _ = child.communicate(timeout=30)
        for line in [*lines, *rest.splitlines(keepends=True)]:
            parts = line.split()
            if not line.endswith("\n") or len(parts) != 3:
                continue  # a marker, or killed while printing: not a complete report
            game_id, count, status = parts
            reported[game_id] = max(reported.get(game_id, 0), int(count))
            finished_reported += status == Status.FINISHED.value
        with GameStore(tmp_path) as store:
            assert store.notices == [], store.notices
            for game_id, count in reported.items():
                assert len(store.get(game_id).game.hands) >= count
            assert not (tmp_path / "journal.json").exists()
            assert not list(tmp_path.rglob(".*.tmp")), "temporary files were cleaned"
    assert killed_while_finishing == ROUNDS // 3
    assert finished_reported >= ROUNDS // 3
    with GameStore(tmp_path) as store:
        finished = store.history(status=Status.FINISHED, limit=10_000)
        assert finished.total >= finished_reported
        for summary in finished.items:  # every listed game can be read
            assert store.get(summary.id).game.hands
