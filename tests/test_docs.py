"""The documentation holds together: every relative link (and #anchor) in the
README, CONTRIBUTING, the changelog and docs/ leads somewhere; the README
stays a user's manual with its two commands at the top; the figures given for
`make check` agree wherever they are given."""

import re
import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = sorted(
    [
        ROOT / "README.md",
        ROOT / "CONTRIBUTING.md",
        ROOT / "CHANGELOG.md",
        *(ROOT / "docs").rglob("*.md"),
    ]
)
README_MAX_LINES = 350

FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.MULTILINE | re.DOTALL)
CODE_SPAN = re.compile(r"(`+).+?\1", re.DOTALL)
INLINE_LINK = re.compile(
    r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)"
)
REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s+<?(\S+?)>?(?:\s+\"[^\"]*\")?\s*$", re.MULTILINE)
HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$", re.MULTILINE)
EXTERNAL = ("http://", "https://", "mailto:")


def prose(text: str) -> str:
    """The text without code blocks and code spans (their brackets are not links)."""
    return CODE_SPAN.sub("", FENCE.sub("", text))


def links(path: Path) -> list[str]:
    text = prose(path.read_text(encoding="utf-8"))
    return [m.group(1) for m in INLINE_LINK.finditer(text)] + [
        m.group(1) for m in REFERENCE.finditer(text)
    ]


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: markup dropped, lower case, punctuation
    dropped (letters, digits, spaces, hyphens and underscores stay), spaces as
    hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link: its text
    text = text.replace("`", "").replace("*", "")
    text = text.strip().lower()
    kept = "".join(
        char for char in text if char in " -_" or unicodedata.category(char)[0] in ("L", "N", "M")
    )
    return kept.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    found: set[str] = set()
    seen: dict[str, int] = {}
    for match in HEADING.finditer(FENCE.sub("", path.read_text(encoding="utf-8"))):
        base = slug(match.group(2))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def test_the_slugs_are_githubs():
    assert slug("Who may change the score") == "who-may-change-the-score"
    assert slug("[0.1.0] - 2026-12-03") == "010---2026-12-03"
    assert slug("Review: history, statistics, a game's detail") == (
        "review-history-statistics-a-games-detail"
    )
    assert slug("The `make check` target") == "the-make-check-target"


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(doc: Path):
    broken: list[str] = []
    for target in links(doc):
        if target.startswith(EXTERNAL):
            continue
        address, _, anchor = target.partition("#")
        where = (doc.parent / address).resolve() if address else doc
        if not where.exists():
            broken.append(
                f"{target}: no {where.relative_to(ROOT) if where.is_relative_to(ROOT) else where}"
            )
            continue
        if not where.is_relative_to(ROOT):
            broken.append(f"{target}: outside the repository")
            continue
        if anchor and where.suffix == ".md" and anchor not in anchors(where):
            broken.append(f"{target}: no heading #{anchor} in {where.relative_to(ROOT)}")
    assert not broken, "\n".join(broken)


def test_the_documents_are_all_linked_from_the_readme_or_docs():
    """Every page in docs/ can be reached from the README."""
    reached: set[Path] = set()
    todo = [ROOT / "README.md"]
    while todo:
        page = todo.pop()
        if page in reached:
            continue
        reached.add(page)
        for target in links(page):
            address = target.partition("#")[0]
            if address and not address.startswith(EXTERNAL) and address.endswith(".md"):
                found = (page.parent / address).resolve()
                if found.is_file():
                    todo.append(found)
    unreached = [p.relative_to(ROOT) for p in DOCS if p not in reached]
    assert not unreached, unreached


def test_the_readme_is_a_manual_with_its_two_commands_first():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= README_MAX_LINES
    block = re.search(r"```sh\n(.*?)```", text, re.DOTALL)
    assert block is not None and text.index(block.group(0)) < text.index("\n## ")
    commands = [line.split("#")[0].strip() for line in block.group(1).splitlines()]
    assert commands == ["make run", "make test"]
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    for target in ("run", "test", "check"):
        assert re.search(rf"^{target}:", makefile, re.MULTILINE), target


def test_make_check_takes_what_the_documents_say():
    """The Makefile's comment on `check` gives its duration; the README and
    CONTRIBUTING give the same."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    found = re.search(r"`pytest -m \"not e2e\"`\): (about [^\n]+?)\.\n", makefile)
    assert found is not None
    figure = found.group(1)
    for name in ("README.md", "CONTRIBUTING.md"):
        text = " ".join((ROOT / name).read_text(encoding="utf-8").split())
        assert figure in text, (name, figure)
