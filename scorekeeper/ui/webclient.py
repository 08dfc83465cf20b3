"""The web client the browser loads, made lean once and kept in a cache folder.

Flet's web client (the `flet_web/web` folder) is copied and changed so that a
first visit downloads only what this app uses:

- fonts cut to the scripts the app supports (Latin, Albanian letters included,
  Thai, Hebrew, the symbols it shows) and to the Material icons its screens
  use, with fontTools' subsetter; no KaTeX or Cupertino fonts (the app's own
  `assets/FontManifest.json`); the Arabic and colour emoji fonts are kept
  aside, for the page to load only when a name needs them;
- no request to any other host: the address of Rive's runtime (a CDN) in the
  Flutter client is replaced by an inline script that never loads anything;
- every file that compresses is also stored as `.br` and `.gz` next to it,
  compressed once, so a server sends the smallest one the browser accepts.

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
import gzip
import hashlib
import importlib.metadata
import importlib.util
import io
import json
import os
import re
import shutil
import tempfile
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from filelock import FileLock
from platformdirs import user_cache_dir

from scorekeeper.resources import ASSETS_DIR

if TYPE_CHECKING:
    from fontTools.ttLib import TTFont

# Bump when the preparation below changes what it writes.
FORMAT = 4
PACKAGE = Path(__file__).resolve().parents[1]
MANIFEST = "build.json"
# The client a built wheel carries, prepared when the wheel was made.
SHIPPED = PACKAGE / "web-client"

Progress = Callable[[str], None]

# -- what the app shows ----------------------------------------------------------

LATIN = [
    *range(0x20, 0x7F),  # Basic Latin
    *range(0xA0, 0x250),  # Latin-1 (Albanian ç ë), Latin Extended-A and -B
    *range(0x1E00, 0x1F00),  # Latin Extended Additional
    *range(0x2000, 0x2070),  # punctuation, bidi isolates
    0x20AC,  # euro
    0x2122,  # trade mark
    0x2212,  # minus
]
THAI = [*range(0x0E00, 0x0E80), 0x20, 0x2D, 0x2E, 0x200B, 0x25CC]
HEBREW = [*range(0x0590, 0x0600), *range(0xFB1D, 0xFB50), 0x20, 0x2D, 0x2E, 0x25CC]
ARABIC_BLOCKS = (
    range(0x0600, 0x0700),
    range(0x0750, 0x0780),  # supplement
    range(0x08A0, 0x0900),  # extended-A
    range(0xFB50, 0xFE00),  # presentation forms A
    range(0xFE70, 0xFF00),  # presentation forms B
)
ARABIC_LETTERS = frozenset(code for block in ARABIC_BLOCKS for code in block)
ARABIC = [*sorted(ARABIC_LETTERS), 0x20, 0x200C, 0x200D, 0x25CC]
# Symbols the screens show (→ ━ ♠ ✓ ·) and the few people put in names.
SYMBOLS = [
    *range(0x2190, 0x2200),  # arrows
    *range(0x2500, 0x2580),  # box drawing
    *range(0x25A0, 0x2600),  # geometric shapes
    *range(0x2605, 0x2607),  # stars
    *range(0x2610, 0x2613),  # ballot boxes
    *range(0x263A, 0x263D),  # smileys
    0x2640,
    0x2642,
    *range(0x2660, 0x2668),  # card suits
    *range(0x2669, 0x2670),  # notes
    *range(0x2713, 0x2719),  # check marks and crosses
    0x2764,  # heart
    *range(0x2260, 0x2262),
    0x2264,
    0x2265,
]

# family -> (source under assets/fonts, subset, where the build puts it)
TEXT_FONTS: dict[str, tuple[str, list[int], str]] = {
    "NotoSansThai": ("NotoSansThai-Regular.ttf", THAI, "fonts/NotoSansThai.ttf"),
    "NotoSansHebrew": ("NotoSansHebrew-Regular.ttf", HEBREW, "fonts/NotoSansHebrew.ttf"),
    "DejaVuSans": ("DejaVuSans.ttf", SYMBOLS, "fonts/DejaVuSans.ttf"),
}
# Registered only once a name needs them: most tables never do. The emoji font
# is kept whole (its colour tables do not subset).
ARABIC_FAMILY = "NotoSansArabic"
EMOJI_FAMILY = "NotoColorEmoji"
EMOJI_FONT = "fonts/NotoColorEmoji.ttf"
ON_DEMAND_FONTS: dict[str, tuple[str, list[int] | None, str]] = {
    ARABIC_FAMILY: ("NotoSansArabic-Regular.ttf", ARABIC, "fonts/NotoSansArabic.ttf"),
    EMOJI_FAMILY: ("NotoColorEmoji.ttf", None, EMOJI_FONT),
}
ROBOTO = "assets/fonts/roboto.woff2"
MATERIAL_ICONS = "assets/fonts/MaterialIcons-Regular.otf"

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
COMPRESSIBLE = {".js", ".mjs", ".wasm", ".json", ".html", ".ttf", ".otf", ".bin", ".frag", ".txt"}
BEST = {"main.dart.wasm", "canvaskit/skwasm.wasm", "main.dart.mjs", "canvaskit/skwasm.js"}
MIN_COMPRESS = 512


_SYMBOL_SET = frozenset(SYMBOLS)
# Emoji outside the planes of pictographs: presentation selector, stars, arrows.
_EMOJI_EXTRA = frozenset(
    (
        0xFE0F,
        0x203C,
        0x2049,
        0x2B05,
        0x2B06,
        0x2B07,
        0x2B1B,
        0x2B1C,
        0x2B50,
        0x2B55,
        0x3030,
        0x303D,
        0x3297,
        0x3299,
        0x2139,
        0x24C2,
        0x2934,
        0x2935,
    )
)


def needs_emoji(text: str) -> bool:
    """Whether `text` has a character only the colour emoji font draws."""
    for char in text:
        code = ord(char)
        if code < 0x2000:
            continue
        if code >= 0x1F000 or code in _EMOJI_EXTRA:
            return True
        if 0x2600 <= code < 0x2800 and code not in _SYMBOL_SET:
            return True
    return False


def needs_arabic(text: str) -> bool:
    return any(ord(char) in ARABIC_LETTERS for char in text)


NEEDED_BY = {ARABIC_FAMILY: needs_arabic, EMOJI_FAMILY: needs_emoji}


def wanted_fonts(names: Iterable[str], waiting: dict[str, str]) -> dict[str, str]:
    """Of the fonts kept waiting (family -> url), those one of `names` needs."""
    shown = list(names)
    return {
        family: url
        for family, url in waiting.items()
        if any(NEEDED_BY[family](name) for name in shown)
    }


class WebClientError(RuntimeError):
    pass


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


def _version(package: str) -> str:
    try:
        return importlib.metadata.version(package)
    except importlib.metadata.PackageNotFoundError:
        return "none"


def build_key(icons: Iterable[str], pyodide: bool, assets: Path = ASSETS_DIR) -> str:
    digest = hashlib.sha256()
    source = source_dir()
    parts = {
        # what the client is, not where it is installed: a wheel's build and a
        # checkout with the same Flet share one prepared client
        "source": [_size(source / name) for name in RIVE_FILES],
        "format": FORMAT,
        "flet-web": _version("flet-web"),
        "fonttools": _version("fonttools"),
        "brotli": _version("brotli"),
        "icons": sorted(icons),
        "pyodide": pyodide,
        "fonts": {k: [v[0], v[1], v[2]] for k, v in TEXT_FONTS.items()},
    }
    digest.update(json.dumps(parts, sort_keys=True).encode())
    for path in sorted(p for p in assets.rglob("*") if p.is_file()):
        digest.update(str(path.relative_to(assets)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _size(path: Path) -> int:
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
                _build(folder, key, wanted, pyodide, assets, progress or (lambda _text: None))
    return client(folder)


def shipped_client(icons: list[str], folder: Path = SHIPPED) -> WebClient | None:
    """The client prepared when this copy's wheel was built, if it is there and
    was made from the Flet client installed now, with these icons."""
    try:
        data = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    fits = (
        data.get("format") == FORMAT
        and data.get("flet_web") == _version("flet-web")
        and data.get("icons") == icons
    )
    return client(folder) if fits else None


def lean_fonts(base: str) -> tuple[dict[str, str], dict[str, str]]:
    """The page fonts of a prepared client served under `base`, and those kept
    until a name needs them (family -> url each)."""
    fonts = {family: base + target for family, (_, _, target) in TEXT_FONTS.items()}
    waiting = {family: base + target for family, (_, _, target) in ON_DEMAND_FONTS.items()}
    return fonts, waiting


def client(folder: Path) -> WebClient:
    data = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    return WebClient(
        folder=folder,
        key=str(data["key"]),
        fonts={str(k): str(v) for k, v in data["fonts"].items()},
    )


# -- the build ---------------------------------------------------------------------


def _build(
    folder: Path, key: str, icons: list[str], pyodide: bool, assets: Path, progress: Progress
) -> None:
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
        fonts = _fonts(source, assets, work, icons)
        _font_manifest(work)
        files = _compress_all(work, progress)
        manifest = {
            "key": key,
            "format": FORMAT,
            "flet_web": _version("flet-web"),
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
                if (old / MANIFEST).is_file() and _stale(old):
                    shutil.rmtree(old)


def _stale(old: Path) -> bool:
    """An earlier build of another Flet version (builds of the current one may
    belong to another checkout of the app, with other icons)."""
    try:
        data = json.loads((old / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return True
    return bool(data.get("flet_web") != _version("flet-web") or data.get("format") != FORMAT)


def _wanted(relative: str, pyodide: bool) -> bool:
    if relative.endswith(SKIP_SUFFIXES) or relative.startswith(SKIP_PREFIXES):
        return False
    return pyodide or not relative.startswith("pyodide/")


def _copy_client(source: Path, work: Path, pyodide: bool) -> None:
    for path in sorted(source.rglob("*")):
        relative = path.relative_to(source).as_posix()
        if path.is_file() and _wanted(relative, pyodide):
            target = work / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)


def _without_rive(path: Path) -> None:
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


def subset_font(
    data: bytes, unicodes: Iterable[int], *, flavor: str | None = None, keep_layout: bool = True
) -> bytes:
    """`data` cut to the glyphs of `unicodes` (and what their shaping needs)."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.flavor = flavor
    options.layout_features = ["*"] if keep_layout else []
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.drop_tables += ["DSIG", "FFTM"]
    font = TTFont(io.BytesIO(data))
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=list(unicodes))
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def icon_codepoints(font: TTFont, icons: Iterable[str]) -> list[int]:
    """The code points of Flet icon names (ADD, ADD_OUTLINED, ...) in Flutter's
    MaterialIcons font, whose glyphs are named `add_baseline`, `add_outlined`..."""
    by_glyph: dict[str, int] = {}
    for code, glyph in font.getBestCmap().items():
        by_glyph.setdefault(glyph, code)
    codes: list[int] = []
    for name in icons:
        lower = name.lower()
        style = "baseline"
        for suffix in ("outlined", "rounded", "sharp"):
            if lower.endswith("_" + suffix):
                lower, style = lower[: -len(suffix) - 1], suffix
        glyph = f"{lower}_{style}"
        if glyph not in by_glyph:
            glyph = f"_{glyph}"  # names that begin with a digit
        if glyph not in by_glyph:
            raise WebClientError(f"icon {name!r} is not in the MaterialIcons font")
        codes.append(by_glyph[glyph])
    return codes


def _fonts(source: Path, assets: Path, work: Path, icons: list[str]) -> dict[str, str]:
    from fontTools.ttLib import TTFont

    icons_path = work / MATERIAL_ICONS
    font = TTFont(source / MATERIAL_ICONS)
    codes = icon_codepoints(font, icons)
    icons_path.write_bytes(
        subset_font((source / MATERIAL_ICONS).read_bytes(), codes, keep_layout=False)
    )
    roboto = (source / ROBOTO).read_bytes()
    (work / ROBOTO).write_bytes(subset_font(roboto, LATIN, flavor="woff2"))
    fonts: dict[str, str] = {}
    for family, (name, unicodes, target) in TEXT_FONTS.items():
        out = work / target
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(subset_font((assets / "fonts" / name).read_bytes(), unicodes))
        fonts[family] = target
    for name, some, target in ON_DEMAND_FONTS.values():
        font = assets / "fonts" / name
        if not font.is_file():
            continue
        (work / target).parent.mkdir(parents=True, exist_ok=True)
        if some is None:
            shutil.copyfile(font, work / target)
        else:
            (work / target).write_bytes(subset_font(font.read_bytes(), some))
    return fonts


def _font_manifest(work: Path) -> None:
    """Only the icon font and Roboto: Flutter loads every manifest font at start."""
    manifest = [
        {"family": "MaterialIcons", "fonts": [{"asset": MATERIAL_ICONS.removeprefix("assets/")}]},
        {"family": "Roboto", "fonts": [{"asset": ROBOTO.removeprefix("assets/")}]},
    ]
    (work / "assets" / "FontManifest.json").write_text(json.dumps(manifest), encoding="utf-8")


def _compress_one(path: Path, relative: str) -> dict[str, object]:
    import brotli

    data = path.read_bytes()
    info: dict[str, object] = {
        "size": len(data),
        "etag": hashlib.sha256(data).hexdigest()[:20],
        "encodings": {},
    }
    if path.suffix not in COMPRESSIBLE or len(data) < MIN_COMPRESS:
        return info
    encodings: dict[str, int] = {}
    # The files on the way to the first screen get brotli's best (slow, once).
    quality = 11 if relative in BEST or len(data) < 1_000_000 else 9
    packed = brotli.compress(data, quality=quality, lgwin=24)
    if len(packed) < len(data) * 0.95:
        path.with_name(path.name + ".br").write_bytes(packed)
        encodings["br"] = len(packed)
    gzipped = gzip.compress(data, compresslevel=9, mtime=0)
    if len(gzipped) < len(data) * 0.95:
        path.with_name(path.name + ".gz").write_bytes(gzipped)
        encodings["gzip"] = len(gzipped)
    info["encodings"] = encodings
    return info


def _compress_all(
    work: Path, progress: Progress = lambda _text: None
) -> dict[str, dict[str, object]]:
    paths = sorted(p for p in work.rglob("*") if p.is_file())
    relatives = [p.relative_to(work).as_posix() for p in paths]
    # biggest first, so the two slow ones start at once
    order = sorted(zip(paths, relatives, strict=True), key=lambda pr: -pr[0].stat().st_size)
    total = sum(path.stat().st_size for path in paths) or 1
    done = 0
    shown = -1
    results: dict[str, dict[str, object]] = {}
    with ThreadPoolExecutor(max_workers=max(1, min(4, os.cpu_count() or 1))) as pool:
        running = {
            pool.submit(_compress_one, path, relative): (path, relative) for path, relative in order
        }
        for finished in as_completed(running):  # progress by the bytes done so far
            path, relative = running[finished]
            results[relative] = finished.result()
            done += path.stat().st_size
            percent = done * 100 // total // 10 * 10
            if percent != shown:
                shown = percent
                progress(f"  compressing {len(paths)} files: {percent}%")
    return {relative: results[relative] for _p, relative in order}
