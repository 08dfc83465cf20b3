"""The mutation score of each module `make mutate` covers, as the README's
table, from mutmut's results in mutants/: killed, survived (less the reviewed
equivalent mutants of tests/mutation/equivalent.txt), not yet checked. Exits 1
when a fully checked module is below 95% or a survivor is neither killed nor
reviewed.

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
    killed_listed: list[str] = []  # listed as equivalent, yet a test kills it
    failing = False
    seconds, timed, total = 0.0, 0, 0
    print("| module | mutants | killed | equivalent | survived | not run | score |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
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
            if status == "killed" and name in reviewed:
                killed_listed.append(name)
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
        module = str(meta.relative_to(ROOT / "mutants" / "scorekeeper")).removesuffix(".meta")
        note = "" if not counts["todo"] else " of those run"
        print(
            f"| `{module}` | {len(codes):,} | {killed:,} | {counts['equivalent']} "
            f"| {counts['survived']} | {counts['todo']} | {score:.1%}{note} |"
        )
        failing |= not counts["todo"] and score < TARGET
    if timed:
        # the tests' own time: mutmut's work around each mutant comes on top
        print(
            f"\n{total:,} mutants; their tests ran {seconds / 60:.0f} min in all "
            f"({seconds / timed:.1f} s a mutant)"
        )
    if killed_listed:
        print("\nListed in tests/mutation/equivalent.txt but killed (remove the line):")
        for name in killed_listed:
            print("  " + name)
    if unreviewed:
        print(f"\n{len(unreviewed)} survivors neither killed nor reviewed (mutmut show NAME):")
        for name in unreviewed:
            print("  " + name)
    return 1 if failing or unreviewed else 0


if __name__ == "__main__":
    sys.exit(main())
