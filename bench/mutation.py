"""The mutation score of each module `make mutate` covers, as the README's
table, from mutmut's results in mutants/: killed, survived (less the reviewed
equivalent mutants of tests/mutation/equivalent.txt), not yet checked. Exits 1
when a fully checked module is below 95% or a survivor is neither killed nor
reviewed.

A reviewed mutant is listed with the fingerprint of the change it makes: mutmut
numbers a function's mutants anew when the function changes, so a listed name
may come to mean another mutant, which then needs a review of its own.

    .venv/bin/mutmut run --max-children 2 && .venv/bin/python bench/mutation.py
"""

import hashlib
import json
import os
import sys
from collections import Counter
from pathlib import Path

from mutmut.mutation.diff_apply import get_diff_for_mutant
from mutmut.stats import status_by_exit_code

ROOT = Path(__file__).resolve().parent.parent
TARGET = 0.95


def equivalents() -> dict[str, tuple[str, str]]:
    """Reviewed mutants that change no behaviour: name -> (fingerprint, reason)."""
    found = {}
    for line in (ROOT / "tests" / "mutation" / "equivalent.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, fingerprint, reason = line.split(" ", 2)
            found[name] = (fingerprint, reason.strip())
    return found


def fingerprint(name: str, source: str) -> str:
    """The change a mutant makes, in 8 hex digits: its removed and added lines."""
    changed = [
        line[1:].strip()
        for line in get_diff_for_mutant(name, path=source).splitlines()
        if line[:1] in "+-" and line[:3] not in ("+++", "---")
    ]
    return hashlib.sha1("\n".join(changed).encode()).hexdigest()[:8]


def main() -> int:
    os.chdir(ROOT)  # where mutmut keeps mutants/
    reviewed = equivalents()
    unreviewed: list[str] = []  # as the line to list it with: name fingerprint
    changed: list[str] = []  # listed, but the mutant of that name now makes another change
    killed_listed: list[str] = []  # listed as equivalent, yet a test kills it
    seen: set[str] = set()
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
        source = str(meta.relative_to(ROOT / "mutants")).removesuffix(".meta")
        seen.update(codes)
        for name, code in codes.items():
            status = "todo" if code is None else status_by_exit_code[code]
            if status == "killed" and name in reviewed:
                killed_listed.append(name)
            if status in ("survived", "no tests", "timeout", "suspicious"):
                found = fingerprint(name, source)
                if name in reviewed and reviewed[name][0] == found:
                    status = "equivalent"
                else:
                    (changed if name in reviewed else unreviewed).append(f"{name} {found}")
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
    gone = sorted(set(reviewed) - seen) if seen else []  # no results yet: nothing to say
    if gone:
        print("\nListed in tests/mutation/equivalent.txt but no longer a mutant (remove the line):")
        for name in gone:
            print("  " + name)
    if changed:
        print("\nListed, but the mutant of that name now makes another change (review it again):")
        for line in changed:
            print("  " + line)
    if unreviewed:
        print(f"\n{len(unreviewed)} survivors neither killed nor reviewed (mutmut show NAME):")
        for line in unreviewed:
            print("  " + line)
    return 1 if failing or unreviewed or changed else 0


if __name__ == "__main__":
    sys.exit(main())
