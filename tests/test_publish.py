"""The offline build's pieces without a browser: the static host (gzip, MIME
types, the app for an unknown page's path, 404 for a missing file) and
refusing a folder that is not a build."""

import gzip
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.commands.publish import PublishError, publish
from scorekeeper.commands.sitehost import make_server
from scorekeeper.errors import ScorekeeperError


def test_publish_refuses_to_replace_a_folder_that_is_not_a_build(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(PublishError, match="not empty"):
        publish(tmp_path)
    assert (tmp_path / "notes.txt").read_text() == "mine"


@pytest.fixture
def site(tmp_path: Path) -> Iterator[str]:
    (tmp_path / "index.html").write_text("<html>home</html>")
    (tmp_path / "big.wasm").write_bytes(b"\x00asm" + b"a" * 5000)
    (tmp_path / "big.wasm.gz").write_bytes(gzip.compress(b"\x00asm" + b"a" * 5000))
    (tmp_path / "pyodide.mjs").write_text("export {}")
    server = make_server(tmp_path, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()
    thread.join(5)


def fetch(url: str, gzip_ok: bool) -> tuple[dict[str, str], bytes]:
    headers = {"Accept-Encoding": "gzip"} if gzip_ok else {}
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=10) as r:
        return dict(r.headers), r.read()


def test_the_host_sends_the_gzip_copy_only_to_those_who_accept_it(site: str) -> None:
    headers, body = fetch(site + "big.wasm", gzip_ok=True)
    assert headers["Content-Encoding"] == "gzip"
    assert headers["Content-Type"] == "application/wasm"
    assert gzip.decompress(body) == b"\x00asm" + b"a" * 5000
    headers, body = fetch(site + "big.wasm", gzip_ok=False)
    assert "Content-Encoding" not in headers and body.startswith(b"\x00asm")
    headers, _ = fetch(site + "pyodide.mjs", gzip_ok=True)
    assert headers["Content-Type"] == "text/javascript"  # a module script must have it


def test_the_host_answers_a_current_copy_with_304_and_a_changed_one_in_full(
    site: str, tmp_path: Path
) -> None:
    """What the service worker's install relies on to never keep an older build's file."""
    headers, _ = fetch(site + "pyodide.mjs", gzip_ok=False)
    again = urllib.request.Request(site + "pyodide.mjs", headers={"If-None-Match": headers["ETag"]})
    with pytest.raises(urllib.error.HTTPError) as answer:
        urllib.request.urlopen(again, timeout=10)
    assert answer.value.code == 304
    (tmp_path / "pyodide.mjs").write_text("export { changed }")
    with urllib.request.urlopen(again, timeout=10) as response:
        assert response.status == 200 and response.read() == b"export { changed }"


def test_the_host_answers_unknown_paths_with_the_app(site: str) -> None:
    headers, body = fetch(site + "game/123/hand", gzip_ok=False)
    assert body == b"<html>home</html>" and headers["Content-Type"].startswith("text/html")


@pytest.mark.parametrize(
    "path",
    [
        "assets/fonts/notosansthai/v25/missing.woff2",
        "missing.js",
        "c/fonts/x.ttf?v=1",
        "pyodide/gone.mjs",
    ],
)
def test_the_host_answers_a_missing_file_with_404_never_the_app(site: str, path: str) -> None:
    """A browser would read the page as the font or script it asked for."""
    with pytest.raises(urllib.error.HTTPError) as answer:
        fetch(site + path, gzip_ok=True)
    assert answer.value.code == 404
    assert b"<html>home" not in answer.value.read()


def test_the_host_refuses_a_folder_with_no_build(tmp_path: Path) -> None:
    with pytest.raises(ScorekeeperError, match="no built site"):
        make_server(tmp_path, 0)


def test_the_command_line_reports_a_bad_folder(tmp_path: Path) -> None:
    from scorekeeper.commands.cli import main

    (tmp_path / "keep.txt").write_text("x")
    assert main(["publish", str(tmp_path)]) == 2
    assert main(["serve-site", str(tmp_path / "nowhere")]) == 2


def test_publish_ends_by_saying_how_to_try_host_and_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import scorekeeper.commands.publish
    from scorekeeper.commands.cli import main

    monkeypatch.setattr(
        scorekeeper.commands.publish, "publish", lambda out, base="/": out
    )  # no build
    assert main(["publish", str(tmp_path / "site")]) == 0
    said = capsys.readouterr().out
    assert f"scorekeeper serve-site {tmp_path / 'site'} --port 8560" in said  # try it
    assert "http://127.0.0.1:8560/" in said
    assert "static host that serves HTTPS" in said and "pages.yml" in said  # host it
    assert "--base /NAME/" in said
    assert "Install app" in said and "Add to Home Screen" in said  # install it
    assert main(["publish", str(tmp_path / "site"), "--base", "spades"]) == 0
    assert "served under /spades/" in capsys.readouterr().out
