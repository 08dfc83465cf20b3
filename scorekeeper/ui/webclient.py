"""The web client the browser loads, made lean once and kept in a cache folder.

Flet's web client (the `flet_web/web` folder) is copied and changed so that a
first visit downloads only what this app uses:

- fonts cut to the scripts the app supports (Latin, Albanian letters included,
  Thai, Hebrew, the symbols it shows) and to the Material icons its screens
  use (`fontcut.py`; which characters, in `fonts.py`); no KaTeX or Cupertino
  fonts (the app's own `assets/FontManifest.json`); the Arabic and colour
  emoji fonts are kept aside, for the page to load only when a name needs them;
- no request to any other host: the address of Rive's runtime (a CDN) in the
  Flutter client is replaced by an inline script that never loads anything;
- every file that compresses is also stored as `.br` and `.gz` next to it,
  compressed once, so a server sends the smallest one the browser accepts
  (`precompress.py`).

`prepare()` builds the folder once per combination of inputs (Flet's client
version, the fonts, the icons, this module's format) and returns it at once
afterwards. The folder is a plain static web root: `static.py` serves it for
the local server, and an offline build can copy it.

A built wheel carries one already prepared (`hatch_build.py` runs `prepare`
while the wheel is made and ships the folder as `scorekeeper/web-client/`), so
an installed copy serves at once; a checkout prepares it in the cache on first
use, saying so with its progress.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.metadata
import importlib.util
import json
import os
import re
import shutil
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from filelock import FileLock
from platformdirs import user_cache_dir

from scorekeeper.resources import ASSETS_DIR
from scorekeeper.ui.fontcut import cut_fonts, write_font_manifest
from scorekeeper.ui.fonts import ON_DEMAND_FONTS, TEXT_FONTS
from scorekeeper.ui.precompress import compress_folder

# Bump when the preparation below changes what it writes.
FORMAT = 8
PACKAGE = Path(__file__).resolve().parents[1]
MANIFEST = "build.json"
# The client a built wheel carries, prepared when the wheel was made.
SHIPPED = PACKAGE / "web-client"

Progress = Callable[[str], None]

# Icons Flutter's own widgets draw (dropdown arrow, back arrow, menus, chips...).
FRAMEWORK_ICONS = (
    "ARROW_BACK",
    "ARROW_DROP_DOWN",
    "ARROW_DROP_UP",
    "CANCEL",
    "CHECK",
    "CLEAR",
    "CLOSE",
    "EXPAND_LESS",
    "EXPAND_MORE",
    "KEYBOARD_ARROW_DOWN",
    "KEYBOARD_ARROW_LEFT",
    "KEYBOARD_ARROW_RIGHT",
    "KEYBOARD_ARROW_UP",
    "MENU",
    "MORE_HORIZ",
    "MORE_VERT",
    "SEARCH",
)

# Rive's runtime is fetched from a CDN by the Flutter client at start. The
# app never shows a Rive animation: this inline script defines the runtime as
# a promise that never settles (what an offline page gets today), with the
# same length as the address so the wasm binary's string table stays valid.
RIVE_CDN = b"https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@44.0.0/"
RIVE_INLINE = b"data:text/javascript,RiveNative=()=>Promise.race([])//"
RIVE_FILES = ("main.dart.js", "main.dart.wasm")

# Flet's client files never loaded by this app (debug symbols, source maps,
# fonts of widgets it does not use). Pyodide is only for an offline build.
SKIP_SUFFIXES = (".symbols", ".map")
SKIP_PREFIXES = (
    "assets/packages/flutter_math_fork/",
    "assets/packages/cupertino_icons/",
    "assets/NOTICES",
)


class WebClientError(RuntimeError):
    """Flet's web client is missing, or not the one this preparation knows."""


@dataclass(frozen=True)
class WebClient:
    """A prepared client folder. `fonts` are the page fonts to register at start
    (family -> path relative to the folder); see `lean_fonts`."""

    folder: Path
    key: str
    fonts: dict[str, str]

    def files(self) -> dict[str, dict[str, object]]:
        """Every servable file: relative path -> {size, etag, encodings}."""
        data = json.loads((self.folder / MANIFEST).read_text(encoding="utf-8"))
        files: dict[str, dict[str, object]] = data["files"]
        return files


def source_dir() -> Path:
    """Flet's web client as installed (flet-web), untouched."""
    spec = importlib.util.find_spec("flet_web")
    if spec is None or not spec.submodule_search_locations:
        raise WebClientError("flet-web is not installed: pip install 'flet[web]'")
    return Path(next(iter(spec.submodule_search_locations))) / "web"


def cache_root() -> Path:
    """Where prepared clients are kept: SCOREKEEPER_WEB_CACHE or the user's cache."""
    configured = os.environ.get("SCOREKEEPER_WEB_CACHE")
    return Path(configured) if configured else Path(user_cache_dir("spades-scorekeeper")) / "web"


def icons_used(package: Path = PACKAGE) -> list[str]:
    """The Material icons the app's screens name (each `Icons.<NAME>` in its source)."""
    found: set[str] = set(FRAMEWORK_ICONS)
    for path in package.rglob("*.py"):
        found.update(re.findall(r"\bIcons\.([A-Z][A-Z0-9_]*)\b", path.read_text(encoding="utf-8")))
    return sorted(found)


def _installed_version(package: str) -> str:
    """The installed version of `package`, part of the build key."""
    try:
        return importlib.metadata.version(package)
    except importlib.metadata.PackageNotFoundError:
        return "none"


def build_key(icons: Iterable[str], pyodide: bool, assets: Path = ASSETS_DIR) -> str:
    """What makes one build differ from another: a new key is a new folder."""
    digest = hashlib.sha256()
    source = source_dir()
    parts = {
        # what the client is, not where it is installed: a wheel's build and a
        # checkout with the same Flet share one prepared client
        "source": [_file_size(source / name) for name in RIVE_FILES],
        "format": FORMAT,
        "flet-web": _installed_version("flet-web"),
        "fonttools": _installed_version("fonttools"),
        "brotli": _installed_version("brotli"),
        "icons": sorted(icons),
        "pyodide": pyodide,
        "fonts": {k: [v[0], v[1], v[2]] for k, v in TEXT_FONTS.items()},
    }
    digest.update(json.dumps(parts, sort_keys=True).encode())
    for path in sorted(p for p in assets.rglob("*") if p.is_file()):
        digest.update(str(path.relative_to(assets)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _file_size(path: Path) -> int:
    """A file's size, -1 if missing (a changed Flet client changes its size)."""
    return path.stat().st_size if path.is_file() else -1


def prepare(
    cache: Path | None = None,
    *,
    pyodide: bool = False,
    icons: Iterable[str] | None = None,
    assets: Path = ASSETS_DIR,
    progress: Progress | None = None,
) -> WebClient:
    """The prepared client folder, built first if this combination is new.

    Idempotent and safe to call from several processes at once (a file lock;
    the folder appears complete or not at all). `pyodide=True` keeps Flet's
    Pyodide runtime in the folder, for an offline build. An installed copy's
    own client (SHIPPED) is used when it fits. `progress` hears what a build
    is doing (nothing when there is nothing to build)."""
    wanted = icons_used() if icons is None else sorted(set(icons))
    if cache is None and not pyodide and assets == ASSETS_DIR:
        shipped = shipped_client(wanted)
        if shipped is not None:
            return shipped
    root = cache or cache_root()
    key = build_key(wanted, pyodide, assets)
    folder = root / f"client-{key}"
    if not (folder / MANIFEST).is_file():
        root.mkdir(parents=True, exist_ok=True)
        with FileLock(str(root / f".client-{key}.lock")):
            if not (folder / MANIFEST).is_file():
                _build_client(
                    folder, key, wanted, pyodide, assets, progress or (lambda _text: None)
                )
    return read_client(folder)


def shipped_client(icons: list[str], folder: Path = SHIPPED) -> WebClient | None:
    """The client prepared when this copy's wheel was built, if it is there and
    was made from the Flet client installed now, with these icons."""
    try:
        data = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    fits = (
        data.get("format") == FORMAT
        and data.get("flet_web") == _installed_version("flet-web")
        and data.get("icons") == icons
    )
    return read_client(folder) if fits else None


def read_client(folder: Path) -> WebClient:
    """The prepared client in `folder`, as its manifest describes it."""
    data = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    return WebClient(
        folder=folder,
        key=str(data["key"]),
        fonts={str(k): str(v) for k, v in data["fonts"].items()},
    )


# -- the build ---------------------------------------------------------------------


def _build_client(
    folder: Path, key: str, icons: list[str], pyodide: bool, assets: Path, progress: Progress
) -> None:
    """Build the lean client beside `folder`, then move it into place whole."""
    source = source_dir()
    if not (source / "index.html").is_file():
        raise WebClientError(f"Flet's web client is missing: no index.html in {source}")
    progress(f"Preparing the web client in {folder.parent} (once per version; a minute or two)")
    work = Path(tempfile.mkdtemp(prefix=f".client-{key}-", dir=folder.parent))
    try:
        progress("  copying Flet's client")
        _copy_client(source, work, pyodide)
        for name in RIVE_FILES:
            _without_rive(work / name)
        _copy_app_assets(assets, work)
        progress("  cutting the fonts to what the app shows")
        fonts = cut_fonts(source, assets, work, icons)
        write_font_manifest(work)
        files = compress_folder(work, progress)
        manifest = {
            "key": key,
            "format": FORMAT,
            "flet_web": _installed_version("flet-web"),
            "icons": icons,
            "fonts": fonts,
            "on_demand": {family: target for family, (_, _, target) in ON_DEMAND_FONTS.items()},
            "files": files,
        }
        (work / MANIFEST).write_text(json.dumps(manifest, indent=1), encoding="utf-8")
        if folder.exists():
            shutil.rmtree(folder)
        work.rename(folder)
        progress("  web client ready")
    finally:
        if work.exists():
            shutil.rmtree(work, ignore_errors=True)
    for old in folder.parent.glob("client-*"):  # earlier builds of other versions
        if old != folder and old.is_dir():
            with contextlib.suppress(OSError):
                if (old / MANIFEST).is_file() and _other_version(old):
                    shutil.rmtree(old)


def _other_version(old: Path) -> bool:
    """An earlier build of another Flet version (builds of the current one may
    belong to another checkout of the app, with other icons)."""
    try:
        data = json.loads((old / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return True
    return bool(
        data.get("flet_web") != _installed_version("flet-web") or data.get("format") != FORMAT
    )


def _served(relative: str, pyodide: bool) -> bool:
    """Whether a file of Flet's client is one this app's page loads."""
    if relative.endswith(SKIP_SUFFIXES) or relative.startswith(SKIP_PREFIXES):
        return False
    return pyodide or not relative.startswith("pyodide/")


def _copy_client(source: Path, work: Path, pyodide: bool) -> None:
    """Copy the files of Flet's client the page loads into `work`."""
    for path in sorted(source.rglob("*")):
        relative = path.relative_to(source).as_posix()
        if path.is_file() and _served(relative, pyodide):
            target = work / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)


def _without_rive(path: Path) -> None:
    """Replace the Rive runtime's CDN address, so the page asks no other host."""
    data = path.read_bytes()
    inline = RIVE_INLINE.ljust(len(RIVE_CDN), b"/")
    count = data.count(RIVE_CDN)
    if count != 1:
        raise WebClientError(
            f"expected Rive's CDN address once in {path.name}, found it {count} times"
        )
    path.write_bytes(data.replace(RIVE_CDN, inline))


def _copy_app_assets(assets: Path, work: Path) -> None:
    """The app's own files (icon, splash, favicon) over Flet's; fonts are subset below."""
    for path in sorted(assets.rglob("*")):
        relative = path.relative_to(assets).as_posix()
        if path.is_file() and not relative.startswith("fonts/"):
            target = work / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
