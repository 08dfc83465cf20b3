"""Kill a saving process with SIGKILL at chosen and random moments, many times:
every save it reported as done must be there afterwards, and nothing may be
damaged. A third of the kills land inside the move of a finished game into
the archive (a change to several files), after one of its renames and before
the others; each is seen to land there (the journal is on disk) before the
store is opened again."""

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from scorekeeper.core.scoring import Status
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
    killed_mid_move = 0
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent)}
    for round_number in range(ROUNDS):
        kind = round_number % 3
        child = subprocess.Popen(
            [sys.executable, str(CHILD), str(tmp_path), str(round_number)]
            + (["mid-move"] if kind == 0 else []),
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        lines: list[str] = []
        assert read_until(child, lines, lambda line: line == "ready\n"), "the child could not start"
        if kind == 0:  # in the middle of a move into the archive
            assert read_until(child, lines, lambda line: line == "mid-move\n")
        elif kind == 1:  # right after a finished game was reported saved
            assert read_until(child, lines, lambda line: line.endswith(" finished\n"))
        else:  # anywhere
            time.sleep(rng.uniform(0.0, 0.15))
        child.send_signal(signal.SIGKILL)
        rest, _ = child.communicate(timeout=30)
        pending: dict[str, bytes] = {}
        if kind == 0:  # where it landed: renames half done, the rest named by the journal
            renames = json.loads((tmp_path / "journal.json").read_bytes())["renames"]
            pending = {
                final: (tmp_path / tmp).read_bytes()
                for tmp, final in renames
                if (tmp_path / tmp).exists()
            }
            assert pending, "renames were left to do"
            killed_mid_move += 1
        for line in [*lines, *rest.splitlines(keepends=True)]:
            parts = line.split()
            if not line.endswith("\n") or len(parts) != 3:
                continue  # a marker, or killed while printing: not a complete report
            game_id, count, status = parts
            reported[game_id] = max(reported.get(game_id, 0), int(count))
            finished_reported += status == Status.FINISHED.value
        with GameStore(tmp_path) as store:
            assert store.notices == [], store.notices
            for final, data in pending.items():  # the open finished the move
                assert (tmp_path / final).read_bytes() == data, final
            for game_id, count in reported.items():
                assert len(store.get(game_id).game.hands) >= count
            assert not (tmp_path / "journal.json").exists()
            assert not list(tmp_path.rglob(".*.tmp")), "temporary files were cleaned"
    assert killed_mid_move == ROUNDS // 3
    assert finished_reported >= ROUNDS // 3
    with GameStore(tmp_path) as store:
        finished = store.history(status=Status.FINISHED, limit=10_000)
        assert finished.total >= finished_reported
        for summary in finished.items:  # every listed game can be read
            assert store.get(summary.id).game.hands
