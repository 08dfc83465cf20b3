"""The mutation score of each module `make mutate` covers, from mutmut's
results in mutants/: killed, survived (less the reviewed equivalent mutants of
tests/mutation/equivalent.txt), not yet checked. Exits 1 when a fully checked
module is below 95% or a survivor is neither killed nor reviewed.

    .venv/bin/mutmut run --max-children 2 && .venv/bin/python bench/mutation.py
"""

import json
import sys
from collections import Counter
from pathlib import Path

from mutmut.stats import status_by_exit_code

ROOT = Path(__file__).resolve().parent.parent
TARGET = 0.95


def equivalents() -> dict[str, str]:
    """Reviewed mutants that change no behaviour: name -> reason."""
    found = {}
    for line in (ROOT / "tests" / "mutation" / "equivalent.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, reason = line.partition(" ")
            found[name] = reason.strip()
    return found


def main() -> int:
    reviewed = equivalents()
    unreviewed: list[str] = []
    failing = False
    seconds, timed, total = 0.0, 0, 0
    columns = ("mutants", "killed", "equiv.", "survived", "todo")
    print(f"{'module':<34}" + "".join(f"{c:>9}" for c in columns) + "  score")
    for meta in sorted((ROOT / "mutants").rglob("*.py.meta")):
        data = json.loads(meta.read_text())
        codes = data["exit_code_by_key"]
        durations = data.get("durations_by_key", {})
        seconds += sum(durations.values())
        timed += len(durations)
        total += len(codes)
        counts: Counter[str] = Counter()
        for name, code in codes.items():
            status = "todo" if code is None else status_by_exit_code[code]
            if status in ("survived", "no tests", "timeout", "suspicious"):
                if name in reviewed:
                    status = "equivalent"
                else:
                    unreviewed.append(name)
                    status = "survived"
            counts[status] += 1
        judged = len(codes) - counts["todo"]
        killed = counts["killed"] + counts["caught by type check"]
        score = (killed + counts["equivalent"]) / judged if judged else 0.0
        module = str(meta.relative_to(ROOT / "mutants")).removesuffix(".meta")
        note = "" if not counts["todo"] else " (partial)"
        print(
            f"{module:<34}{len(codes):>9}{killed:>9}{counts['equivalent']:>9}"
            f"{counts['survived']:>9}{counts['todo']:>9}  {score:.1%}{note}"
        )
        failing |= not counts["todo"] and score < TARGET
    if timed:
        mean = seconds / timed
        print(
            f"\n{timed} mutants checked in {seconds / 60:.0f} min of test time "
            f"({mean:.1f} s each); all {total} at 2 at a time: about "
            f"{mean * total / 2 / 3600:.1f} h on this machine"
        )
    if unreviewed:
        print(f"\n{len(unreviewed)} survivors neither killed nor reviewed (mutmut show NAME):")
        for name in unreviewed:
            print("  " + name)
    return 1 if failing or unreviewed else 0


if __name__ == "__main__":
    sys.exit(main())
