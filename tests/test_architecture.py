"""The layers, as the README draws them: the rules and scoring import neither
the UI toolkit nor the storage; the app state imports no flet and not the
screens' registry (the registry maps the state's screen to a URL, a title and
a drawing, so it depends on the state, never the other way); the Flet app
never imports the web server, which the offline build leaves out."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "scorekeeper"
CORE = [
    "draft",
    "errors",
    "exchange",
    "game",
    "model",
    "record",
    "report",
    "rules",
    "saved",
    "scoring",
    "stats",
    "validation",
]


def imports(path: Path) -> set[str]:
    """Every module a file imports, at any depth (inside functions too), but
    not those imported for type checking only."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            node.body = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def reaches(path: Path, prefixes: tuple[str, ...]) -> list[str]:
    return sorted(m for m in imports(path) if m.startswith(prefixes))


@pytest.mark.parametrize("name", CORE)
def test_the_core_imports_no_toolkit_and_no_storage(name):
    bad = reaches(
        ROOT / f"{name}.py",
        ("flet", "tinydb", "scorekeeper.ui", "scorekeeper.web", "scorekeeper.storage"),
    )
    assert not bad, f"scorekeeper/{name}.py imports {bad}"


def test_the_app_state_imports_no_flet_and_not_the_screens_registry():
    bad = reaches(ROOT / "ui" / "state.py", ("flet", "scorekeeper.ui.screens"))
    assert not bad, f"scorekeeper/ui/state.py imports {bad}"


def test_the_screens_registry_imports_no_flet():
    bad = reaches(ROOT / "ui" / "screens" / "__init__.py", ("flet",))
    assert not bad, f"the screens' registry imports {bad}"


@pytest.mark.parametrize(
    "path", sorted((ROOT / "ui").rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT))
)
def test_the_flet_app_never_imports_the_web_server(path):
    bad = reaches(path, ("scorekeeper.web",))
    assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


@pytest.mark.parametrize(
    "path", sorted((ROOT / "storage").rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT))
)
def test_the_storage_imports_neither_the_app_nor_the_server(path):
    bad = reaches(path, ("flet", "scorekeeper.ui", "scorekeeper.web"))
    assert not bad, f"{path.relative_to(ROOT)} imports {bad}"
