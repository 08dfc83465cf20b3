"""How soon the table test (tests/test_table_machine.py) finds each kind of
defect in a given version of the app: the test file of this checkout is run,
in survey mode, against the app code of COMMIT (checked out in a temporary git
worktree), with several seeds. Prints, per kind of defect, the example number
where each seed first met it.

Run: .venv/bin/python bench/machine.py [COMMIT] [--examples N] [--seeds 1,2,3]
(e007ac2 is the version before entries knew their hand and game revision.)
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEST = "tests/test_table_machine.py"

# what each kind of finding is, in the words of the defects it shows
KINDS = {
    "raised GameNotFoundError": "acting on a game another device deleted crashes",
    "stale-entry": "an edit saved over a hand it was not opened on (deleted hand left behind)",
    "unopenable": "a game whose entry no longer fits cannot be played on (index out of range)",
    "duplicate": "two devices entering one hand record it twice",
}


def survey(code: Path, examples: int, seed: int) -> tuple[dict[str, int], float]:
    out = Path(tempfile.mkstemp(suffix=".tsv")[1])
    env = {
        **os.environ,
        "SCOREKEEPER_MACHINE_EXAMPLES": str(examples),
        "SCOREKEEPER_MACHINE_SURVEY": str(out),
        "PYTHONPATH": str(code),
    }
    began = time.perf_counter()
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            TEST,
            f"--hypothesis-seed={seed}",
        ],
        cwd=code,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    took = time.perf_counter() - began
    first: dict[str, int] = {}
    for line in out.read_text().splitlines():
        number, kind, detail = line.split("\t", 2)
        if "IndexError" in kind or "IndexError" in detail:
            kind = "unopenable"
        first.setdefault(kind, int(number))
    out.unlink()
    return first, took


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("commit", nargs="?", default="e007ac2")
    parser.add_argument("--examples", type=int, default=300)
    parser.add_argument("--seeds", default="1,2,3,4,5")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="machine-"))
    code = work / "code"
    subprocess.run(
        ["git", "worktree", "add", "--detach", str(code), args.commit],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    try:
        shutil.copy(ROOT / TEST, code / TEST)
        seeds = [int(s) for s in args.seeds.split(",")]
        found: dict[str, list[int | None]] = {}
        for n, seed in enumerate(seeds):
            first, took = survey(code, args.examples, seed)
            print(f"seed {seed}: {args.examples} examples in {took:.0f} s; first seen {first}")
            for kind in {*found, *first}:
                found.setdefault(kind, [None] * n)
            for kind, numbers in found.items():
                numbers.append(first.get(kind))
        print(f"\n{args.commit}: example where each seed first met each kind of defect")
        print(f"(survey of {args.examples} examples per seed, seeds {args.seeds})")
        for kind, numbers in sorted(found.items()):
            seen = [x for x in numbers if x is not None]
            worst = max(seen) if len(seen) == len(numbers) else "not every seed"
            print(f"- {kind}: {numbers} -> latest {worst}  {KINDS.get(kind, '')}")
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(code)], cwd=ROOT, check=False)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
