"""An installed copy works: the wheel built from this repository carries the
app's own files (fonts, icons, the page shell), and a fresh virtual
environment with only that wheel serves the app and publishes the offline
build, with no checkout in sight."""

import os
import shutil
import signal
import site
import subprocess
import sys
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest

from tests.served import free_port

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv holding the built wheel; its dependencies are the ones
    this environment already has (a .pth line), so nothing is downloaded."""
    where = tmp_path_factory.mktemp("installed")
    wheels = where / "wheels"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(ROOT)],
        check=True,
        timeout=600,
    )
    (wheel,) = wheels.glob("*.whl")
    with zipfile.ZipFile(wheel) as packed:
        names = packed.namelist()
    assert "scorekeeper/assets/fonts/NotoSansThai-Regular.ttf" in names
    assert "scorekeeper/assets/index.html" in names
    venv = where / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    (packages,) = (venv / "lib").glob("python3*/site-packages")
    (packages / "dependencies.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    pip = [sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python")]
    subprocess.run(
        [*pip, "install", "--no-deps", "-q", str(wheel)],
        check=True,
        timeout=600,
    )
    return venv


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


def test_the_installed_package_is_the_one_imported_and_finds_its_assets(installed, tmp_path):
    found = run_installed(
        installed,
        tmp_path,
        "-c",
        "import scorekeeper, scorekeeper.resources as r; print(scorekeeper.__file__); "
        "print(r.assets_dir())",
        check=True,
        timeout=60,
    )
    module, assets = found.stdout.split()
    assert Path(module).is_relative_to(installed) and Path(assets).is_relative_to(installed)
    assert (Path(assets) / "fonts" / "NotoSansThai-Regular.ttf").is_file()


def test_an_installed_copy_serves_the_app(installed, tmp_path):
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    command = [str(installed / "bin" / "scorekeeper"), "--data", str(tmp_path / "data")]
    process = subprocess.Popen(
        [*command, "serve", "--port", str(port), "--no-browser"],
        cwd=tmp_path,
        env=env,
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        page = None
        deadline = time.monotonic() + 300  # a loaded machine may prepare the client first
        while page is None and time.monotonic() < deadline:
            if process.poll() is not None:
                raise AssertionError(process.stderr.read().decode()[-2000:])
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as answer:
                    page = answer.read().decode()
            except OSError:
                time.sleep(0.2)
        assert page is not None, "the installed app never answered"
        assert "<html" in page.lower()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/favicon.png", timeout=30) as icon:
            assert icon.read() == (ROOT / "assets" / "favicon.png").read_bytes()
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(15)


def test_an_installed_copy_publishes_the_offline_app(installed, tmp_path):
    out = tmp_path / "site"
    done = run_installed(installed, tmp_path, "-m", "scorekeeper", "publish", str(out), timeout=900)
    assert done.returncode == 0, done.stderr[-2000:]
    assert (out / "favicon.png").read_bytes() == (ROOT / "assets" / "favicon.png").read_bytes()
    assert (out / "index.html").is_file()
    shutil.rmtree(out)
