"""An installed copy works, and answers at once: the sdist and the wheel built
from this repository (`python -m build`, as the release workflow does) each
install into a fresh virtual environment with no checkout in sight; the
installed app finds its own files (fonts, icons, the page shell), serves, and
publishes the offline build. The wheel carries the web client prepared at
build time (hatch_build.py), so the first `scorekeeper serve` of a fresh
install answers its keeper link within seconds, with an empty cache."""

import io
import json
import os
import re
import shutil
import signal
import site
import subprocess
import sys
import tarfile
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest

from scorekeeper.ui import webclient
from tests.served import free_port

ROOT = Path(__file__).resolve().parent.parent
FIRST_ANSWER_SECONDS = 10  # acceptance bound for a fresh install's first serve


@pytest.fixture(scope="module")
def dists(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(sdist, wheel), built as a release builds them: the sdist from the
    tree, the wheel from the sdist. No isolation: the build tools and the web
    client's inputs are this environment's (the test extra pins hatchling and
    build), so nothing is downloaded and the prepared client in the cache is
    reused."""
    out = tmp_path_factory.mktemp("dist")
    built = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "-o", str(out), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    assert "warning" not in (built.stdout + built.stderr).lower(), built.stderr[-3000:]
    (sdist,) = out.glob("*.tar.gz")
    (wheel,) = out.glob("*.whl")
    return sdist, wheel


def fresh_venv(where: Path, artifact: Path) -> Path:
    """A venv holding only `artifact` installed; its dependencies are the ones
    this environment already has (a .pth line), so nothing is downloaded. An
    sdist is built into a wheel by the same backend, with the same tools."""
    venv = where / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    (packages,) = (venv / "lib").glob("python3*/site-packages")
    (packages / "dependencies.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    pip = [sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python")]
    subprocess.run(
        [*pip, "install", "--no-deps", "--no-build-isolation", "-q", str(artifact)],
        check=True,
        timeout=900,
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
    )
    return venv


@pytest.fixture(scope="module")
def installed(dists, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return fresh_venv(tmp_path_factory.mktemp("from-wheel"), dists[1])


@pytest.fixture(scope="module")
def installed_sdist(dists, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return fresh_venv(tmp_path_factory.mktemp("from-sdist"), dists[0])


@pytest.fixture(params=["wheel", "sdist"])
def venv(request) -> Path:
    return request.getfixturevalue("installed" if request.param == "wheel" else "installed_sdist")


def run_installed(venv: Path, cwd: Path, *args: str, **kwargs) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "SCOREKEEPER_DATA")}
    return subprocess.run(
        [str(venv / "bin" / "python"), *args],
        cwd=cwd,  # not the checkout: nothing of it can be imported
        env={**env, "SCOREKEEPER_DATA": str(cwd / "data")},
        capture_output=True,
        text=True,
        **kwargs,
    )


def test_the_wheel_carries_the_package_its_files_and_a_prepared_client(dists):
    _sdist, wheel = dists
    with zipfile.ZipFile(wheel) as packed:
        names = set(packed.namelist())
        metadata = packed.read("spades_scorekeeper-0.1.0.dist-info/METADATA").decode()
        manifest = json.loads(packed.read("scorekeeper/web-client/build.json"))
    # assets/ as scorekeeper/assets/
    assert "scorekeeper/assets/fonts/NotoSansThai-Regular.ttf" in names
    assert "scorekeeper/assets/index.html" in names
    # every file of the package, not only .py
    for path in (ROOT / "scorekeeper").rglob("*"):
        relative = path.relative_to(ROOT).as_posix()
        if path.is_file() and "__pycache__" not in relative and "web-client" not in relative:
            assert relative in names, relative
    assert "scorekeeper/locale/th/LC_MESSAGES/scorekeeper.mo" in names
    assert "scorekeeper/pwa/python-worker.js" in names
    # the prepared client: every file its manifest lists, with compressed copies
    for relative, info in manifest["files"].items():
        assert f"scorekeeper/web-client/{relative}" in names
        for encoding in info["encodings"]:
            suffix = {"br": ".br", "gzip": ".gz"}[encoding]
            assert f"scorekeeper/web-client/{relative}{suffix}" in names
    assert manifest["icons"] == webclient.icons_used()
    # the licence travels, the metadata says what the project is
    assert "spades_scorekeeper-0.1.0.dist-info/licenses/LICENSE" in names
    assert "License-Expression: MIT" in metadata
    assert "Classifier: Topic :: Games/Entertainment :: Board Games" in metadata


def test_the_sdist_holds_what_a_build_needs_and_no_local_state(dists):
    sdist, _wheel = dists
    with tarfile.open(sdist) as packed:
        names = {name.split("/", 1)[1] for name in packed.getnames() if "/" in name}
        pyproject = packed.extractfile(f"{sdist.name.removesuffix('.tar.gz')}/pyproject.toml")
        assert pyproject is not None
        assert b'build-backend = "hatchling.build"' in io.BytesIO(pyproject.read()).getvalue()
    for needed in ("hatch_build.py", "LICENSE", "README.md", "assets/fonts/OFL.txt", "Makefile"):
        assert needed in names, needed
    assert "scorekeeper/locale/scorekeeper.pot" in names
    assert not any(name.startswith((".venv/", ".git/", "build/", "dist/")) for name in names)
    assert ".git" not in names
    assert not any(name.startswith("scorekeeper/web-client") for name in names)


def test_the_installed_package_is_the_one_imported_and_finds_its_assets(venv, tmp_path):
    found = run_installed(
        venv,
        tmp_path,
        "-c",
        "import scorekeeper, scorekeeper.resources as r; print(scorekeeper.__file__); "
        "print(r.assets_dir())",
        check=True,
        timeout=60,
    )
    module, assets = found.stdout.split()
    assert Path(module).is_relative_to(venv) and Path(assets).is_relative_to(venv)
    assert (Path(assets) / "fonts" / "NotoSansThai-Regular.ttf").is_file()


def stop(process: subprocess.Popen) -> None:
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(15)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(15)


def answers(url: str) -> bytes | None:
    try:
        with urllib.request.urlopen(url, timeout=2) as answer:
            return bytes(answer.read())
    except OSError:
        return None


def test_a_fresh_install_answers_its_keeper_link_at_once(venv, tmp_path):
    """The first start of a fresh install, with nothing in its web client cache:
    the keeper link it prints answers within FIRST_ANSWER_SECONDS, and the
    client it serves is the one the wheel carries (nothing was prepared)."""
    port = free_port()
    cache = tmp_path / "empty-cache"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["SCOREKEEPER_WEB_CACHE"] = str(cache)
    console = tmp_path / "console.txt"
    command = [str(venv / "bin" / "scorekeeper"), "--data", str(tmp_path / "data")]
    started = time.monotonic()
    with console.open("wb") as out:
        process = subprocess.Popen(
            [*command, "serve", "--port", str(port), "--no-browser"],
            cwd=tmp_path,
            env=env,
            start_new_session=True,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = started + FIRST_ANSWER_SECONDS
        page = None
        while page is None and time.monotonic() < deadline:
            if process.poll() is not None:
                raise AssertionError(console.read_text()[-2000:])
            link = re.search(rf"http://127\.0\.0\.1:{port}/key/\S+", console.read_text())
            page = answers(link.group()) if link else None
            if page is None:
                time.sleep(0.05)
        elapsed = time.monotonic() - started
        assert page is not None, f"no answer in {FIRST_ANSWER_SECONDS} s: {console.read_text()}"
        assert b"<html" in page.lower()
        print(f"first serve of a fresh {venv.parent.name} install answered in {elapsed:.1f} s")
        assert "Preparing" not in console.read_text()
        assert not cache.exists() or not any(cache.glob("client-*"))
        icon = answers(f"http://127.0.0.1:{port}/favicon.png")
        assert icon == (ROOT / "assets" / "favicon.png").read_bytes()
    finally:
        stop(process)


def test_an_installed_copy_publishes_the_offline_app(installed, tmp_path):
    out = tmp_path / "site"
    done = run_installed(installed, tmp_path, "-m", "scorekeeper", "publish", str(out), timeout=900)
    assert done.returncode == 0, done.stderr[-2000:]
    assert (out / "favicon.png").read_bytes() == (ROOT / "assets" / "favicon.png").read_bytes()
    assert (out / "index.html").is_file()
    shutil.rmtree(out)


# -- a copy without a ready client (a checkout) says what it does first ---------


def test_a_shipped_client_is_used_only_when_it_fits(tmp_path, monkeypatch):
    folder = tmp_path / "web-client"
    folder.mkdir()
    icons = ["ADD", "UNDO"]
    manifest = {
        "key": "k",
        "format": webclient.FORMAT,
        "flet_web": webclient._installed_version("flet-web"),
        "icons": icons,
        "fonts": {},
        "files": {},
    }
    assert webclient.shipped_client(icons, folder) is None  # nothing there
    (folder / webclient.MANIFEST).write_text(json.dumps(manifest))
    assert webclient.shipped_client(icons, folder) is not None
    assert webclient.shipped_client([*icons, "EDIT"], folder) is None  # other icons
    (folder / webclient.MANIFEST).write_text(json.dumps({**manifest, "flet_web": "0.0.1"}))
    assert webclient.shipped_client(icons, folder) is None  # another Flet client
    (folder / webclient.MANIFEST).write_text(json.dumps({**manifest, "format": -1}))
    assert webclient.shipped_client(icons, folder) is None


def test_preparing_reports_its_progress(tmp_path, monkeypatch):
    from tests.test_webclient import ICONS, make_assets, make_source

    source = make_source(tmp_path / "flet_web")
    monkeypatch.setattr(webclient, "source_dir", lambda: source)
    heard: list[str] = []
    prepare_args = {"icons": ICONS, "assets": make_assets(tmp_path / "assets")}
    webclient.prepare(tmp_path / "cache", progress=heard.append, **prepare_args)
    assert heard[0].startswith("Preparing the web client")
    percents = [int(m) for line in heard for m in re.findall(r"(\d+)%", line)]
    assert percents == sorted(percents) and percents[-1] == 100
    heard.clear()
    webclient.prepare(tmp_path / "cache", progress=heard.append, **prepare_args)
    assert heard == []  # ready: nothing to say


def test_serve_reports_the_preparation_before_any_link(tmp_path, monkeypatch, capsys):
    """A link printed while the client is still being prepared would not answer:
    the preparation's progress comes first."""
    import uvicorn

    from scorekeeper.web import server

    real = server.prepare

    def preparing(progress=None, **kwargs):
        assert progress is not None
        progress("Preparing the web client (test)")
        return real(**kwargs)

    monkeypatch.setattr(server, "prepare", preparing)
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, *a, **k: None)
    server.serve(str(tmp_path / "data"), free_port(), lan=False, open_browser=False)
    out = capsys.readouterr().out
    assert 0 <= out.index("Preparing the web client") < out.index("Keeper link")
