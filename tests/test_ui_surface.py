"""The web server uses the Flet app only through the names `scorekeeper.ui`
declares public (`__all__`), so ui's modules can be rearranged without the
server noticing; and those names are imported only when first used, so
importing a part of ui (the app state) does not bring in Flet."""

import ast
import subprocess
import sys
from pathlib import Path

import scorekeeper.ui as ui

WEB = Path(ui.__file__).resolve().parent.parent / "web"
# Still reads ui's modules until its own change moves them (see ui/app.py).


def test_every_public_name_resolves_from_the_module_that_holds_it():
    assert sorted(ui._HOME) == sorted(ui.__all__)
    for name in ui.__all__:
        assert getattr(ui, name) is not None, name


def test_an_unknown_name_is_an_attribute_error():
    try:
        ui.no_such_name  # noqa: B018
    except AttributeError as error:
        assert "no_such_name" in str(error)
    else:
        raise AssertionError("an unknown name resolved")


def test_the_web_server_imports_only_the_public_names_of_ui():
    for path in sorted(WEB.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            module = node.module or "" if isinstance(node, ast.ImportFrom) else ""
            if module.startswith("scorekeeper.ui"):
                assert isinstance(node, ast.ImportFrom)
                assert node.module == "scorekeeper.ui", f"{path.name} imports {node.module}"
                names = {alias.name for alias in node.names}
                assert names <= set(ui.__all__), f"{path.name}: {sorted(names - set(ui.__all__))}"
            elif isinstance(node, ast.Import):
                bad = [a.name for a in node.names if a.name.startswith("scorekeeper.ui")]
                assert not bad, f"{path.name} imports {bad}"


def test_importing_the_app_state_does_not_import_flet():
    code = (
        "import sys, scorekeeper.ui, scorekeeper.ui.state;"
        "print([m for m in sys.modules if m.split('.')[0] == 'flet'])"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert result.stdout.strip() == "[]"
