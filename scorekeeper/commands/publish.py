"""`scorekeeper publish DIR`: the whole app as a static site that runs in the
browser with no server and no network (Python in Pyodide, from flet-web).

Everything comes from the installed packages, nothing is downloaded:

- the lean web client (`ui/webclient.py`: subset fonts, the colour emoji font
  only when a name needs it, no request to any CDN) with the Pyodide runtime
  shipped by flet-web, minus Flutter's self-unregistering service worker and
  the renderer variants Flutter never picks on its own;
- the app archive `app.zip`: `main.py`, the `scorekeeper` package and, in
  `__pypackages__/`, the pure-Python code of its browser dependencies (the
  worker puts that folder on sys.path, so nothing is installed at run time);
- the app's fonts and icons, a manifest, and `sw.js`, a service worker that
  keeps every file the app uses, so that after the first visit it starts with
  no network at all (ui/webfiles/sw.js, like the page's own script,
  ui/webfiles/offline.js).
"""

import gzip
import hashlib
import importlib.util
import json
import re
import shutil
import subprocess
import warnings
import zipfile
from collections.abc import Iterable, Iterator
from pathlib import Path

from scorekeeper.errors import ScorekeeperError
from scorekeeper.resources import ASSETS_DIR
from scorekeeper.storage.location import APP_NAME as DATA_NAME
from scorekeeper.ui import webfiles
from scorekeeper.ui.boot import boot_screen, with_boot_screen
from scorekeeper.ui.device import TEXT_SIZE_KEY
from scorekeeper.ui.install import install_bar
from scorekeeper.ui.palette import THEME_COLOR
from scorekeeper.ui.webclient import prepare

APP_NAME = "Spades Scorekeeper"
SHORT_NAME = "Spades"
DESCRIPTION = (
    "Score keeping for Spades played with a real deck: bids, nil, bags and the race to 500."
)
BACKGROUND = "#FFFFFF"
PACKAGE = Path(__file__).resolve().parent.parent
PWA = PACKAGE / "pwa"  # the Python worker and the build's bytecode compiler
# The data folder in the browser (storage/location.py's data_folder() in
# Pyodide: HOME is /home/pyodide, platformdirs' XDG default): its worker reads
# it from IndexedDB as it starts (pwa/python-worker.js).
BROWSER_DATA = f"/home/pyodide/.local/share/{DATA_NAME}"

# Pure-Python code the app imports in the browser (top-level module names).
BROWSER_MODULES = (
    "flet",
    "flet_charts",
    "tinydb",
    "platformdirs",
    "msgpack",  # its C extension is left out: msgpack falls back to pure Python
    "repath",
    "six",
    "filelock",  # imported by storage/platform.py; the browser uses a Web Lock
    "babel",  # with the locale data of the app's languages only (see _data_files)
    "openskill",  # the ratings; its compiled modules are left out: the .py files run
)
# Parts of the server app the browser never imports (the web server's package;
# they need uvicorn, psutil or qrcode): path prefixes.
APP_EXCLUDE = ("web/", "commands/", "__main__.py")
# The app's HTML, CSS and JS (package data beside their Python, not modules).
WEB_FILES = "ui/webfiles"
WEB_SUFFIXES = (".html", ".css", ".js")

# Never copied from flet-web's client: debug symbols and source maps, the
# command-line Pyodide, typings, wheels for micropip (never used), Flutter's
# kill-switch service worker, and renderers that need an explicit opt-in.
WEB_SKIP = re.compile(
    r"(\.symbols|\.map|\.d\.ts|\.whl|\.br|\.gz)$"
    r"|^(flutter_service_worker\.js|build\.json)$"
    r"|^pyodide/(python|python\.bat|python\.exe|python_cli_entry\.mjs|package\.json)$"
    r"|^canvaskit/(wimp\.|experimental_webparagraph/)"
)
# Kept by the service worker when the browser first uses them (the page names
# each file it loads): each browser needs one of the two Flutter builds (WasmGC
# + skwasm, or JS + CanvasKit), and most assets of Flutter packages are never
# used by this app; nor is the colour emoji font until a name needs it (11 MB),
# nor the engine's Arabic and Symbols 2 fallbacks (the app's cuts: about 480 kB), which
# the engine asks for only when a name needs them before the page's fonts arrive.
# Everything else is stored when the service worker starts.
ON_FIRST_USE = re.compile(
    r"^(main\.dart\.|canvaskit/|assets/packages/|assets/NOTICES|fonts/NotoColorEmoji"
    r"|assets/fonts/notosans(arabic|symbols2)/)"
)
COMPRESSIBLE = (".js", ".mjs", ".wasm", ".json", ".html", ".zip", ".ttf", ".otf", ".txt", ".bin")


class PublishError(ScorekeeperError):
    """The offline app could not be built, and why."""


def flet_web_folder() -> Path:
    spec = importlib.util.find_spec("flet_web")
    if spec is None or not spec.submodule_search_locations:
        raise PublishError("flet-web is not installed (pip install 'flet[web]')")
    return Path(next(iter(spec.submodule_search_locations))) / "web"


def module_path(name: str) -> Path:
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        raise PublishError(f"{name!r} is not installed; it is needed in the browser")
    origin = Path(spec.origin)
    return origin.parent if origin.name == "__init__.py" else origin


def _python_files(folder: Path) -> Iterator[Path]:
    for path in sorted(folder.rglob("*")):
        if "__pycache__" in path.parts or not path.is_file():
            continue
        if path.suffix in (".py", ".mo", ".json", ".typed") or path.name == "py.typed":
            yield path


def _app_files() -> Iterator[Path]:
    """The app's modules and catalogs, and its web files (ui/webfiles): the
    browser makes no page of its own, but the package goes whole, data and all."""
    yield from _python_files(PACKAGE)
    yield from sorted(p for p in (PACKAGE / WEB_FILES).iterdir() if p.suffix in WEB_SUFFIXES)


def _data_files(name: str, source: Path) -> Iterator[Path]:
    """Data files a browser module needs besides its code."""
    if name == "babel":
        from scorekeeper.i18n import LANGUAGES

        yield source / "global.dat"
        for code in ("root", *LANGUAGES):
            yield source / "locale-data" / f"{code}.dat"


def app_archive(target: Path) -> None:
    """main.py, the app and its browser dependencies, in one zip."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        archive.writestr(
            "main.py",
            "from scorekeeper.ui.browser import run\n\nrun()\n",
        )
        for path in _app_files():
            relative = path.relative_to(PACKAGE).as_posix()
            if not relative.startswith(APP_EXCLUDE):
                archive.write(path, f"scorekeeper/{relative}")
        for name in BROWSER_MODULES:
            source = module_path(name)
            if source.is_file():
                archive.write(source, f"__pypackages__/{source.name}")
                continue
            for path in [*_python_files(source), *_data_files(name, source)]:
                archive.write(path, f"__pypackages__/{name}/{path.relative_to(source).as_posix()}")


def _copy_client(web: Path, out: Path) -> None:
    for path in sorted(web.rglob("*")):
        relative = path.relative_to(web).as_posix()
        if path.is_dir() or WEB_SKIP.search(relative):
            continue
        (out / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, out / relative)


def text_size_script() -> str:
    """The page's text size and theme colour (webfiles/textsize.js); no
    server to send a cookie to."""
    return webfiles.script_element(
        "textsize.js",
        text_size_key=f"flutter.{TEXT_SIZE_KEY}",
        text_size_cookie=None,
        theme_color=THEME_COLOR,
    )


def _patch_index(out: Path, base: str) -> None:
    from flet.controls.types import RouteUrlStrategy, WebRenderer
    from flet_web.patch_index import patch_index_html

    index = out / "index.html"
    patch_index_html(
        str(index),
        base_href=base,
        app_name=APP_NAME,
        app_description=DESCRIPTION,
        pyodide=True,
        pyodide_script_path="main.py",
        pyodide_version=pyodide_version(),
        app_package_url="app.zip",
        web_renderer=WebRenderer.AUTO,
        route_url_strategy=RouteUrlStrategy.HASH,  # works on any static host
        no_cdn=True,
    )
    html = index.read_text(encoding="utf-8")
    # the worker imports the runtime by URL: a bare specifier does not resolve
    html = html.replace(
        'flet.pyodideUrl="pyodide/pyodide.mjs"', 'flet.pyodideUrl="./pyodide/pyodide.mjs"'
    )
    html = html.replace('content="black"', 'content="default"')
    html = html.replace(
        '<link rel="manifest" href="manifest.json">',
        '<link rel="manifest" href="manifest.json">\n'
        f'  <meta id="flutterweb-theme" name="theme-color" content="{THEME_COLOR}">',
    )
    html = html.replace(
        '<script src="python.js"></script>',
        f'<script src="python.js"></script>\n{webfiles.script_element("offline.js")}\n'
        f"{text_size_script()}\n",
    )
    shell = boot_screen("icons/icon-192.png", offline=True) + install_bar(offline=True)
    html = with_boot_screen(html, shell)
    index.write_text(html, encoding="utf-8")

    python = out / "python.js"
    js, count = re.subn(
        r"app\.worker = new Worker\(.*?\);",
        "app.worker = flet.takeWorker();",
        python.read_text(encoding="utf-8"),
        flags=re.DOTALL,
    )
    if count != 1:
        raise PublishError("python.js changed: the worker start was not found")
    python.write_text(js, encoding="utf-8")

    bootstrap = out / "flutter_bootstrap.js"
    js = bootstrap.read_text(encoding="utf-8")
    js, count = re.subn(r"\n\s*serviceWorkerSettings:\s*\{[^}]*\},", "", js)
    if count != 1:
        raise PublishError(
            "flutter_bootstrap.js changed: its service worker settings were not found"
        )
    bootstrap.write_text(js, encoding="utf-8")


def _node() -> str | None:
    """Node.js, which runs the build's own Pyodide at publish time; without it
    the site still works, but starts slower (publish warns)."""
    node = shutil.which("node")
    if node is None:
        warnings.warn(
            "Node.js is not installed: the offline app compiles Python from source and "
            "starts Python from scratch on its first start (install Node.js 20 or later and "
            "publish again for a faster start)",
            stacklevel=4,
        )
    return node


def _node_run(node: str, script: str, *args: str) -> None:
    done = subprocess.run(
        [node, str(PWA / script), *args], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise PublishError(f"preparing Python for the browser failed: {done.stderr[-2000:]}")
    if "not in the snapshot" in done.stderr:
        warnings.warn(done.stderr.strip(), stacklevel=4)


def _python_start(out: Path) -> None:
    """Bytecode for every module a session imports, and a memory snapshot of
    Python once they are imported, both made by the build's own Pyodide in
    Node (pwa/precompile.mjs, pwa/snapshot.mjs). The Python worker is keyed to
    this build: a snapshot of other files is never used (pwa/python-worker.js)."""
    node = _node()
    if node is not None:
        _node_run(node, "precompile.mjs", str(out.resolve()))
    build = hashlib.sha256()
    worker = (PWA / "python-worker.js").read_text(encoding="utf-8")
    for part in ("pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "app.zip"):
        build.update((out / part).read_bytes())
    build.update(worker.encode())
    build_id = build.hexdigest()[:16]
    shipped = ""
    if node is not None:
        shipped = f"snapshot-{build_id}.gzip"
        _node_run(node, "snapshot.mjs", str(out.resolve()), build_id, shipped)
    worker = webfiles.fill_script(worker, build=build_id, shipped=shipped, data=BROWSER_DATA)
    (out / "python-worker.js").write_text(worker, encoding="utf-8")


def pyodide_version() -> str:
    package = flet_web_folder() / "pyodide" / "package.json"
    return str(json.loads(package.read_text(encoding="utf-8"))["version"])


def _write_manifest(out: Path, base: str) -> None:
    manifest = {
        "name": APP_NAME,
        "short_name": SHORT_NAME,
        "description": DESCRIPTION,
        "id": base,
        "start_url": base,
        "scope": base,
        "display": "standalone",
        "orientation": "any",
        "background_color": BACKGROUND,
        "theme_color": THEME_COLOR,
        "icons": [
            {"src": "icons/icon-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": "icons/icon-512.png", "sizes": "512x512", "type": "image/png"},
        ],
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2), encoding="utf-8")


def _copy_assets(out: Path) -> None:
    """The app's icons at the names the manifest and Flutter's page use."""
    for name in ("icon-maskable-192.png", "icon-maskable-512.png"):
        (out / "icons" / name).unlink(missing_ok=True)
    shutil.copyfile(ASSETS_DIR / "favicon.png", out / "favicon.png")
    shutil.copyfile(ASSETS_DIR / "favicon.png", out / "icons" / "icon-192.png")
    shutil.copyfile(ASSETS_DIR / "favicon.png", out / "icons" / "apple-touch-icon-192.png")
    shutil.copyfile(ASSETS_DIR / "splash.png", out / "icons" / "icon-512.png")
    shutil.copyfile(ASSETS_DIR / "splash.png", out / "icons" / "loading-animation.png")


def site_files(out: Path) -> list[str]:
    return sorted(
        p.relative_to(out).as_posix()
        for p in out.rglob("*")
        if p.is_file() and not p.name.endswith(".gz") and p.name != "sw.js"
    )


def _write_service_worker(out: Path, files: Iterable[str]) -> None:
    files = list(files)
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode())
        digest.update((out / name).read_bytes())
    precache = ["./", *(f for f in files if not ON_FIRST_USE.search(f))]
    cache = f"spades-scorekeeper-{digest.hexdigest()[:16]}"
    text = webfiles.script_file("sw.js", cache=cache, precache=precache)
    (out / "sw.js").write_text(text, encoding="utf-8")


def _precompress(out: Path) -> None:
    """name.gz beside each compressible file, for hosts that serve them as is."""
    for path in out.rglob("*"):
        if path.is_file() and (path.suffix in COMPRESSIBLE or path.name == "NOTICES"):
            packed = gzip.compress(path.read_bytes(), compresslevel=9, mtime=0)
            if len(packed) < path.stat().st_size * 0.9:
                path.with_name(path.name + ".gz").write_bytes(packed)


def publish(out: Path, base: str = "/") -> Path:
    """Build the static site into `out` (replaced). `base` is the path it is
    served under, "/" for a host's root or "/name/" for a sub-folder."""
    base = "/" + base.strip("/") + "/" if base.strip("/") else "/"
    web = prepare(pyodide=True).folder
    if out.exists():
        if not (out / "index.html").exists() and any(out.iterdir()):
            raise PublishError(f"{out} is not empty and holds no earlier build: not replacing it")
        shutil.rmtree(out)
    out.mkdir(parents=True)
    _copy_client(web, out)
    # Flet's own page: the app's adds the server's connection banner
    shutil.copyfile(flet_web_folder() / "index.html", out / "index.html")
    _patch_index(out, base)
    _write_manifest(out, base)
    _copy_assets(out)
    app_archive(out / "app.zip")
    _python_start(out)
    _write_service_worker(out, site_files(out))
    _precompress(out)
    return out
