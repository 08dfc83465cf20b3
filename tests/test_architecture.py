"""The layers, as folders: core/ (rules and scoring) imports nothing of the
package but itself, i18n and errors; storage/ sits on the core; ui/ on both;
web/ serves the ui; commands/ may use them all. No module imports one of a
layer above it, and no import circle exists anywhere, type-only imports
included, so a newcomer can read the package from the bottom up."""

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "scorekeeper"

# A layer may import its own folder and any layer listed before it.
LAYERS = ("core", "storage", "ui", "web", "commands")
SHARED = ("i18n", "errors", "resources", "redaction")
THIRD_PARTY_BANNED = {
    "core": ("flet", "flet_charts", "flet_web", "tinydb"),
    "storage": ("flet", "flet_charts", "flet_web"),
}


def module_name(path: Path) -> str:
    parts = ["scorekeeper", *path.relative_to(ROOT).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def imports(path: Path, *, type_only: bool = True) -> set[str]:
    """Every module a file imports, at any depth (inside functions too),
    resolved to absolute names; type-only imports count unless told not to."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    if not type_only:
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                node.body = []
    current = module_name(path)
    package = current if path.name == "__init__.py" else current.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def package_module(name: str) -> str | None:
    """The package module an imported name belongs to, if any."""
    while name:
        if name in MODULES:
            return name
        name = name.rpartition(".")[0]
    return None


def layer_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in LAYERS else None


def test_every_module_lives_in_a_layer_or_is_shared():
    loose = [
        m
        for m in MODULES
        if m.count(".") == 1 and layer_of(m) is None and m.split(".")[1] not in SHARED
        if m.split(".")[1] != "__main__"
    ]
    assert not loose, f"modules outside any layer folder: {loose}"


@pytest.mark.parametrize("module", sorted(MODULES), ids=str)
def test_no_module_imports_a_layer_above_its_own(module):
    own = layer_of(module)
    if own is None:
        allowed_layers = set() if module.split(".")[-1] in SHARED else set(LAYERS)
    else:
        allowed_layers = set(LAYERS[: LAYERS.index(own) + 1])
    bad = []
    for name in imports(MODULES[module], type_only=False):
        target = package_module(name)
        if target is None or target == "scorekeeper":
            if name.split(".")[0] in THIRD_PARTY_BANNED.get(own or "", ()):
                bad.append(name)
            continue
        target_layer = layer_of(target)
        if target_layer is not None and target_layer not in allowed_layers:
            bad.append(target)
    assert not bad, f"{module} ({own or 'shared'}) imports {sorted(set(bad))}"


def test_the_app_state_imports_no_flet_and_not_the_screens_registry():
    state = ROOT / "ui" / "state"
    paths = sorted(state.rglob("*.py")) if state.is_dir() else [ROOT / "ui" / "state.py"]
    for path in paths:
        bad = {
            m
            for m in imports(path, type_only=False)
            if m.startswith(("flet", "scorekeeper.ui.screens"))
        }
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_the_screens_registry_imports_no_flet():
    bad = {m for m in imports(ROOT / "ui" / "screens" / "__init__.py") if m.startswith("flet")}
    assert not bad, f"the screens' registry imports {sorted(bad)}"


def circles() -> list[list[str]]:
    """Strongly connected groups of modules in the import graph (Tarjan)."""
    edges: dict[str, set[str]] = {m: set() for m in MODULES}
    for module, path in MODULES.items():
        for name in imports(path):
            target = package_module(name)
            # A package's __init__ is run before its modules; importing a
            # parent package from a child is not a cycle of this package's own.
            if target and target != module and not module.startswith(target + "."):
                edges[module].add(target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for v in edges:
        if v not in index:
            visit(v)
    return found


def test_no_import_circle_anywhere():
    assert circles() == []


def test_the_core_keeps_no_module_level_state():
    for path in sorted((ROOT / "core").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        globals_used = [n for n in ast.walk(tree) if isinstance(n, ast.Global)]
        assert not globals_used, f"{path.relative_to(ROOT)} rebinds a module global"


def declared_surface(package: str) -> list[str]:
    """The names a package's __init__.py lists in __all__."""
    tree = ast.parse((ROOT / package / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
        ):
            value = ast.literal_eval(node.value)
            assert isinstance(value, list)
            return value
    raise AssertionError(f"{package}/__init__.py has no __all__")


@pytest.mark.parametrize("package", ["core", "storage", "commands"])
def test_other_layers_use_only_the_modules_a_package_declares(package):
    surface = {f"scorekeeper.{package}.{name}" for name in declared_surface(package)}
    assert all(name in MODULES for name in surface), surface - set(MODULES)
    inside = f"scorekeeper.{package}"
    for module, path in MODULES.items():
        if module == inside or module.startswith(inside + "."):
            continue
        used = {package_module(n) for n in imports(path)} - {None, inside}
        outside = {m for m in used if m and m.startswith(inside + ".")} - surface
        assert not outside, f"{module} imports {sorted(outside)}, not in {package}'s __all__"


@pytest.mark.parametrize("package", ["core", "storage"])
def test_every_public_class_and_function_says_what_it_is_for(package):
    missing = []
    for path in sorted((ROOT / package).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        scopes: list[tuple[str, list[ast.stmt]]] = [("", tree.body)]
        while scopes:
            prefix, body = scopes.pop()
            for node in body:
                kinds = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
                if not isinstance(node, kinds) or node.name.startswith("_"):
                    continue
                if ast.get_docstring(node) is None:
                    missing.append(f"{path.relative_to(ROOT)}:{prefix}{node.name}")
                if isinstance(node, ast.ClassDef):
                    scopes.append((f"{prefix}{node.name}.", node.body))
    assert not missing, missing
