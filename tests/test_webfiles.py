"""The pages' own HTML, CSS and JS (scorekeeper/ui/webfiles): every template
is filled completely by the code that uses it, text from outside (an address,
a translation) is escaped for the file it lands in, the page parts are
balanced HTML, and the files ship in the wheel and in the offline app."""

import fnmatch
import re
import tomllib
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path

import pytest

from scorekeeper.commands import publish
from scorekeeper.ui import boot, install, webfiles
from scorekeeper.web import static

ROOT = Path(__file__).resolve().parent.parent
FOLDER = Path(webfiles.__file__).parent
DATA = sorted(p.name for p in FOLDER.iterdir() if p.suffix in publish.WEB_SUFFIXES)
LEFT_OVER = re.compile(r"\$[a-z][a-z0-9_]*|\{\{")


def service_worker(tmp_path: Path) -> str:
    (tmp_path / "index.html").write_text("<html></html>")
    (tmp_path / "app.zip").write_bytes(b"zip")
    publish._write_service_worker(tmp_path, ["app.zip", "index.html"])
    return (tmp_path / "sw.js").read_text(encoding="utf-8")


def offline_page(tmp_path: Path) -> str:
    """Flet's page, patched by publish as the offline build's."""
    for name in ("index.html", "python.js", "flutter_bootstrap.js"):
        (tmp_path / name).write_bytes((publish.flet_web_folder() / name).read_bytes())
    publish._patch_index(tmp_path, "/")
    return (tmp_path / "index.html").read_text(encoding="utf-8")


def pages(_tmp: Path) -> str:
    """Both builds' boot screen and install bar, as the pages get them."""
    return (
        boot.boot_screen("favicon.png", offline=False)
        + install.install_bar(False)
        + boot.boot_screen("icons/icon-192.png", offline=True)
        + install.install_bar(True)
    )


# Each template, made as the app makes it; keyed by its file.
MADE: dict[str, Callable[[Path], str]] = {
    "boot.html": pages,
    "boot.js": pages,
    "install.html": pages,
    "install.js": pages,
    "preload.js": lambda _tmp: static.server_scripts("/c/0123456789abcdef/"),
    "picked.js": lambda _tmp: static.server_scripts("/c/0123456789abcdef/"),
    "offline.js": offline_page,
    "textsize.js": lambda tmp: static.server_scripts("/c/0123456789abcdef/") + offline_page(tmp),
    "sw.js": service_worker,
}


def test_every_template_is_made_by_the_app() -> None:
    templates = {name for name in DATA if not name.endswith(".css")}
    assert templates == set(MADE)


@pytest.mark.parametrize("name", sorted(MADE))
def test_every_placeholder_is_filled(name: str, tmp_path: Path) -> None:
    """No `$name` nor `{{` is left, and every piece of the template between
    its placeholders is in what the app made: this template was used."""
    made = MADE[name](tmp_path)
    assert not LEFT_OVER.search(made), LEFT_OVER.search(made)
    for piece in re.split(r"\$[a-z][a-z0-9_]*", webfiles.template(name).template):
        if piece.strip():
            assert piece.rstrip() in made, f"{name}: {piece[:60]!r} missing"


def test_the_python_worker_is_filled_with_its_build() -> None:
    worker = (publish.PWA / "python-worker.js").read_text(encoding="utf-8")
    made = webfiles.fill_script(
        worker, build="0" * 16, shipped="snapshot-x.gzip", data=publish.BROWSER_DATA
    )
    assert not LEFT_OVER.search(made)
    assert 'const DATA = "/home/pyodide/.local/share/spades-scorekeeper";' in made
    assert 'const BUILD = "0000000000000000";' in made
    assert 'const SHIPPED = "snapshot-x.gzip";' in made
    assert "`spades-snapshot ${BUILD}`" in made  # JavaScript's own placeholders stay


def test_a_missing_value_is_an_error_not_a_blank() -> None:
    with pytest.raises(KeyError, match="offline"):
        webfiles.script_element("install.js", texts={})


def test_only_lower_case_names_are_placeholders() -> None:
    template = webfiles.WebTemplate("a $x ${y} $$ $Z /^a$/ `${z}` $")
    assert template.substitute(x="1") == "a 1 ${y} $ $Z /^a$/ `${z}` $"


def test_text_from_outside_is_escaped(monkeypatch: pytest.MonkeyPatch) -> None:
    """A translation or an address holding `<` or `"` cannot end the tag,
    attribute or script it is put in."""
    words = boot.texts()
    hostile = 'Spades "<b>" </script><script>alert(1)</script>'
    words["en"]["name"] = hostile
    monkeypatch.setattr(boot, "texts", lambda: words)
    page = boot.boot_screen('x.png" onerror="alert(1)', offline=False)
    assert '<img src="x.png&quot; onerror=&quot;alert(1)"' in page
    assert (
        '<h1 id="boot-name">Spades &quot;&lt;b&gt;&quot; &lt;/script&gt;&lt;script&gt;'
        "alert(1)&lt;/script&gt;</h1>"
    ) in page
    script = page.split("<script>", 1)[1]
    assert script.count("</script>") == 1  # only its own end
    assert '"Spades \\"\\u003cb>\\" \\u003c/script>\\u003cscript>alert(1)' in script
    assert "<b>" not in page and "alert(1)</script>" not in page


def test_a_value_in_a_script_is_a_literal() -> None:
    made = webfiles.fill_script("const a = $a, b = $b;", a='"</script>', b={"x": [1, None]})
    assert made == 'const a = "\\"\\u003c/script>", b = {"x": [1, null]};'


class Balance(HTMLParser):
    VOID = frozenset({"img", "meta", "link", "br", "input", "hr", "source"})

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.errors: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in self.VOID:
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.open or self.open.pop() != tag:
            self.errors.append(f"</{tag}> closes nothing open")


@pytest.mark.parametrize("offline", [False, True])
def test_the_page_parts_are_balanced_html(offline: bool) -> None:
    for part in (boot.boot_screen("icon.png", offline), install.install_bar(offline)):
        parser = Balance()
        parser.feed(part)
        parser.close()
        assert not parser.errors and not parser.open, (parser.errors, parser.open)
    with_screen = boot.with_boot_screen("<html><body><p>app</p></body></html>", "<i>boot</i>\n")
    assert with_screen == "<html><body>\n<i>boot</i>\n<p>app</p></body></html>"


def test_the_web_files_ship_in_the_wheel() -> None:
    """The wheel takes the package folder whole (tests/test_installed.py builds
    one and finds every file); nothing it leaves out is a web file."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    wheel = config["tool"]["hatch"]["build"]["targets"]["wheel"]
    assert wheel["packages"] == ["scorekeeper"]
    for name in DATA:
        relative = f"scorekeeper/{publish.WEB_FILES}/{name}"
        assert not any(fnmatch.fnmatch(relative, p + "*") for p in wheel.get("exclude", [])), (
            relative
        )


def test_the_web_files_are_in_the_offline_app() -> None:
    packed = {
        path.relative_to(publish.PACKAGE).as_posix()
        for path in publish._app_files()
        if not path.relative_to(publish.PACKAGE).as_posix().startswith(publish.APP_EXCLUDE)
    }
    assert {f"{publish.WEB_FILES}/{name}" for name in DATA} <= packed
    assert f"{publish.WEB_FILES}/__init__.py" in packed


def test_an_inline_script_cannot_end_its_own_element(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(webfiles, "read", lambda _name: "let a = '</SCRIPT>';\n")
    webfiles.template.cache_clear()
    try:
        with pytest.raises(ValueError, match="cannot hold"):
            webfiles.script_element("any.js")
    finally:
        webfiles.template.cache_clear()
