"""The prepared web client (fonts, manifest, no CDN, compressed copies) and the
server that sends it (compression, cache headers), on real files."""

import gzip
import json
import re
import shutil
from pathlib import Path

import brotli
import pytest
from fontTools.ttLib import TTFont
from starlette.testclient import TestClient

from scorekeeper import i18n
from scorekeeper.ui import webclient
from scorekeeper.ui.fontcut import MissingIcon, icon_codepoints
from scorekeeper.ui.fonts import MARKS, lean_fonts, needs_arabic, needs_emoji, wanted_fonts
from scorekeeper.ui.webclient import RIVE_CDN, WebClientError, icons_used, prepare
from scorekeeper.web.static import CONNECTION_LOST, StaticClient, accepted, with_client

REAL = webclient.source_dir()
ICONS = ["ADD", "UNDO", "HISTORY", "EDIT_OUTLINED"]
# Fallback fonts the engine names, as the real main.dart.js does.
ENGINE_FONTS = (
    b'"notosansthai/v25/iJWnBXeUZi_OH.woff2","notosanshebrew/v46/or3HQ7v-33e.woff2",'
    b'"notosansarabic/v28/nwpxtLGrOAZ.woff2","notosanssc/v37/k3kCo84MPvpL.87.woff2",'
    b'"notosanssymbols/v43/rP2up3q65Fk.woff2","notosanssymbols2/v24/I_uyMoG-pTgfA.woff2"'
)


def make_source(web: Path) -> Path:
    """A small stand-in for Flet's web client: the real page, manifest and fonts,
    small code files that name Rive's CDN like the real ones do."""
    for name in ("index.html", "manifest.json", "flutter_bootstrap.js", "python.js"):
        (web / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(REAL / name, web / name)
    for name in ("assets/fonts/MaterialIcons-Regular.otf", "assets/fonts/roboto.woff2"):
        (web / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(REAL / name, web / name)
    code = b"function f(){return 'x'}\n" * 400
    (web / "main.dart.js").write_bytes(code + b'"' + RIVE_CDN + b'"' + ENGINE_FONTS + code)
    (web / "main.dart.wasm").write_bytes(b"\0asm" + code + b"B" + RIVE_CDN + code)
    (web / "canvaskit").mkdir()
    (web / "canvaskit/skwasm.wasm").write_bytes(b"\0asm" + code)
    (web / "canvaskit/skwasm.js.symbols").write_text("symbols")
    (web / "flutter.js.map").write_text("{}")
    katex = web / "assets/packages/flutter_math_fork/lib/katex_fonts/fonts/KaTeX_Main-Regular.ttf"
    katex.parent.mkdir(parents=True)
    katex.write_bytes(b"katex")
    (web / "pyodide").mkdir()
    (web / "pyodide/pyodide.mjs").write_text("export default 1;\n" * 100)
    (web / "assets/FontManifest.json").write_text('[{"family": "KaTeX_Main"}]')
    return web


def make_assets(folder: Path) -> Path:
    """The app's assets with its real text fonts and a small stand-in emoji font."""
    (folder / "fonts").mkdir(parents=True)
    for name in (
        "NotoSansThai-Regular.ttf",
        "NotoSansHebrew-Regular.ttf",
        "NotoSansArabic-Regular.ttf",
        "DejaVuSans.ttf",
    ):
        shutil.copyfile(webclient.ASSETS_DIR / "fonts" / name, folder / "fonts" / name)
    (folder / "fonts" / "NotoColorEmoji.ttf").write_bytes(b"emoji" * 100)
    for name in ("favicon.png", "index.html"):  # the app's own page replaces Flet's
        shutil.copyfile(webclient.ASSETS_DIR / name, folder / name)
    return folder


@pytest.fixture
def source(tmp_path, monkeypatch):
    web = make_source(tmp_path / "flet_web")
    monkeypatch.setattr(webclient, "source_dir", lambda: web)
    return web


@pytest.fixture
def assets(tmp_path):
    return make_assets(tmp_path / "assets")


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """One build shared by the tests that only read it: (source, assets, client)."""
    root = tmp_path_factory.mktemp("made")
    web = make_source(root / "flet_web")
    assets = make_assets(root / "assets")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(webclient, "source_dir", lambda: web)
        built = prepare(root / "cache", icons=ICONS, assets=assets)
    return web, assets, built


@pytest.fixture
def built(made):
    return made[2]


def test_no_address_of_another_host_is_left(made):
    source, _assets, built = made
    for name in ("main.dart.js", "main.dart.wasm"):
        data = (built.folder / name).read_bytes()
        assert RIVE_CDN not in data
        assert b"data:text/javascript,RiveNative=" in data
        # the same length: the wasm binary's string table stays valid
        assert len(data) == len((source / name).read_bytes())


def test_a_client_without_the_rive_address_is_refused(source, assets, tmp_path):
    (source / "main.dart.js").write_bytes(b"no address here")
    with pytest.raises(WebClientError, match=r"main\.dart\.js"):
        prepare(tmp_path / "cache", icons=ICONS, assets=assets)


def test_only_the_fonts_the_app_uses(built):
    manifest = json.loads((built.folder / "assets/FontManifest.json").read_text())
    assert [entry["family"] for entry in manifest] == ["MaterialIcons", "Roboto", "DejaVuSans"]
    # the symbols' font by an address that resolves to the file the page registers
    early = (built.folder / "assets" / manifest[2]["fonts"][0]["asset"]).resolve()
    assert early == (built.folder / built.fonts["DejaVuSans"]).resolve()
    assert not list(built.folder.rglob("KaTeX*"))
    assert not list(built.folder.rglob("*.symbols"))
    assert not list(built.folder.rglob("*.map"))
    assert not (built.folder / "pyodide").exists()
    icons = TTFont(built.folder / "assets/fonts/MaterialIcons-Regular.otf")
    wanted = icon_codepoints(TTFont(REAL / "assets/fonts/MaterialIcons-Regular.otf"), ICONS)
    assert set(wanted) <= set(icons.getBestCmap())
    assert len(icons.getBestCmap()) <= len(ICONS) + 2  # the space, maybe .notdef's


def test_text_fonts_cover_the_scripts_and_little_else(built):
    def codes(path: str) -> set[int]:
        return set(TTFont(built.folder / path).getBestCmap())

    roboto = codes("assets/fonts/roboto.woff2")
    assert {ord(c) for c in "AzëËçÇÿœ·\u2019"} <= roboto  # Albanian letters among them
    assert ord("ก") not in roboto
    assert {ord(c) for c in "สมชาย"} <= codes(built.fonts["NotoSansThai"])
    assert {ord(c) for c in "דוד"} <= codes(built.fonts["NotoSansHebrew"])
    symbols = codes(built.fonts["DejaVuSans"])
    assert {ord(c) for c in "→━♠♥✓"} <= symbols
    assert ord("Ж") not in symbols
    assert (built.folder / built.fonts["DejaVuSans"]).stat().st_size < 100_000
    # Arabic is made too, for the page to register once a name needs it
    assert "NotoSansArabic" not in built.fonts
    arabic = codes("fonts/NotoSansArabic.ttf")
    assert {ord(c) for c in "دانة"} <= arabic
    assert ord("ก") not in arabic and ord("A") not in arabic


def test_the_engines_fallback_fonts_are_the_apps_own_cuts(built):
    """Flutter's engine asks for its own Noto fonts before the page's fonts
    arrive: those addresses hold the app's cuts (a font the app has no cut of
    is left alone: the engine is never given a font for another script)."""
    fonts = built.folder / "assets" / "fonts"
    thai = fonts / "notosansthai/v25/iJWnBXeUZi_OH.woff2"
    assert thai.read_bytes() == (built.folder / built.fonts["NotoSansThai"]).read_bytes()
    hebrew = fonts / "notosanshebrew/v46/or3HQ7v-33e.woff2"
    assert hebrew.read_bytes() == (built.folder / built.fonts["NotoSansHebrew"]).read_bytes()
    arabic = fonts / "notosansarabic/v28/nwpxtLGrOAZ.woff2"
    assert arabic.read_bytes() == (built.folder / "fonts/NotoSansArabic.ttf").read_bytes()
    symbols = (built.folder / built.fonts["DejaVuSans"]).read_bytes()
    assert (fonts / "notosanssymbols/v43/rP2up3q65Fk.woff2").read_bytes() == symbols
    assert (fonts / "notosanssymbols2/v24/I_uyMoG-pTgfA.woff2").read_bytes() == symbols
    assert not (fonts / "notosanssc").exists()


def test_every_invisible_mark_is_drawn_by_the_fonts_known_at_start(built):
    """The isolates around names, the word joiner, the bidi marks: with none
    of them missing from Roboto, a name drawn on the first frame never sends
    the engine looking for a font."""
    for path in ("assets/fonts/roboto.woff2", built.fonts["DejaVuSans"]):
        cmap = TTFont(built.folder / path).getBestCmap()
        assert set(MARKS) <= set(cmap), path


def test_compressed_copies_hold_the_same_bytes(built):
    files = built.files()
    assert files["main.dart.wasm"]["encodings"]
    for relative, info in files.items():
        original = (built.folder / relative).read_bytes()
        assert len(original) == info["size"]
        encodings = info["encodings"]
        if "br" in encodings:
            packed = (built.folder / (relative + ".br")).read_bytes()
            assert brotli.decompress(packed) == original
            assert len(packed) == encodings["br"] < len(original)
        if "gzip" in encodings:
            assert gzip.decompress((built.folder / (relative + ".gz")).read_bytes()) == original


def test_prepare_is_done_once(made, monkeypatch):
    source, assets, built = made

    def fail(*_args):
        raise AssertionError("built again")

    monkeypatch.setattr(webclient, "source_dir", lambda: source)
    monkeypatch.setattr(webclient, "_build_client", fail)
    again = prepare(built.folder.parent, icons=list(reversed(ICONS)), assets=assets)
    assert again == built


def test_other_inputs_make_another_build(source, assets, tmp_path):
    built = prepare(tmp_path / "cache", icons=ICONS, assets=assets)
    other = prepare(tmp_path / "cache", icons=[*ICONS, "DELETE"], assets=assets)
    assert other.key != built.key
    (assets / "favicon.png").write_bytes(b"a new icon")
    assert prepare(tmp_path / "cache", icons=ICONS, assets=assets).key != built.key
    with_pyodide = prepare(tmp_path / "cache", icons=ICONS, assets=assets, pyodide=True)
    assert (with_pyodide.folder / "pyodide/pyodide.mjs").is_file()


def test_an_unknown_icon_is_named():
    font = TTFont(REAL / "assets/fonts/MaterialIcons-Regular.otf")
    with pytest.raises(MissingIcon, match="'NO_SUCH_ICON'"):
        icon_codepoints(font, ["NO_SUCH_ICON"])


def test_every_icon_the_app_names_is_in_the_font():
    used = icons_used()
    assert {"ADD", "UNDO", "HISTORY", "ARROW_DROP_DOWN"} <= set(used)
    font = TTFont(REAL / "assets/fonts/MaterialIcons-Regular.otf")
    assert len(set(icon_codepoints(font, used))) == len(used)


@pytest.mark.parametrize(
    ("text", "needed"),
    [
        ("Alex", False),
        ("Zoë Çela", False),
        ("สมชาย", False),
        ("דוד", False),
        ("Ace ♠", False),
        ("Nil → ✓", False),
        ("Sam 😀", True),
        ("⚽ fan", True),
        ("♥️", True),
        ("👩‍👩‍👧", True),
    ],
)
def test_needs_emoji(text, needed):
    assert needs_emoji(text) is needed


@pytest.mark.parametrize(
    ("text", "needed"),
    [("Alex", False), ("דוד", False), ("สมชาย", False), ("دانة", True), ("Sam ﷲ", True)],
)
def test_needs_arabic(text, needed):
    assert needs_arabic(text) is needed


def test_only_the_fonts_a_name_needs_are_wanted():
    _fonts, waiting = lean_fonts("/c/k/")
    assert set(waiting) == {"NotoSansArabic", "NotoColorEmoji"}
    assert wanted_fonts(["Alex", "דוד"], waiting) == {}
    assert wanted_fonts(["Alex", "دانة"], waiting) == {
        "NotoSansArabic": "/c/k/fonts/NotoSansArabic.ttf"
    }
    assert set(wanted_fonts(["دانة 😀"], waiting)) == {"NotoSansArabic", "NotoColorEmoji"}


# -- serving -------------------------------------------------------------------------


@pytest.fixture
def http(built):
    return TestClient(StaticClient(built, app_name="Spades Scorekeeper"))


def test_the_page_points_at_the_versioned_files(http, built):
    response = http.get("/", headers={"accept-encoding": "identity"})
    assert response.status_code == 200
    assert response.headers["cache-control"] == "no-cache"
    page = response.text
    prefix = f"/c/{built.key}/"
    assert f'src="{prefix}flutter_bootstrap.js"' in page
    assert f'flet.entrypointBaseUrl="{prefix}"' in page
    assert f'flet.canvasKitBaseUrl="{prefix}canvaskit/"' in page
    assert 'flet.webSocketEndpoint="/ws"' in page
    assert "<title>Spades Scorekeeper</title>" in page
    # the two big downloads start while the page is read (Chromium only)
    assert f'l.href = "{prefix}" + href' in page
    assert 'add("preload", "main.dart.wasm", "fetch")' in page
    assert page.index("modulepreload") < page.index("flutter_bootstrap.js")
    assert "https://" not in page


def test_the_page_carries_the_connection_banner_in_every_language(http):
    """Shown while the app is unreachable, the banner cannot be translated then:
    the page holds it in each language, Hebrew marked right to left."""
    page = http.get("/", headers={"accept-encoding": "identity"}).text
    found = re.search(
        r'<script type="application/json" id="connection-lost-texts">(.*?)</script>', page
    )
    assert found, "the banner's texts are in the page"
    texts = json.loads(found.group(1))
    assert set(texts) == set(i18n.LANGUAGES)
    for code, shown in texts.items():
        with i18n.language(code):
            assert shown["text"] == i18n._(CONNECTION_LOST)
        assert shown["dir"] == ("rtl" if code == "he" else "ltr")
    assert texts["he"]["text"] != texts["en"]["text"] != texts["th"]["text"]
    assert 'id="connection-lost"' in page


def test_compressed_when_the_browser_accepts_it(http, built):
    url = f"/c/{built.key}/main.dart.wasm"
    original = (built.folder / "main.dart.wasm").read_bytes()
    br = http.get(url, headers={"accept-encoding": "gzip, deflate, br, zstd"})
    assert br.headers["content-encoding"] == "br"
    assert br.headers["content-type"] == "application/wasm"
    assert br.headers["vary"] == "accept-encoding"
    assert br.content == original  # the client decompressed it
    assert int(br.headers["content-length"]) < len(original)
    gz = http.get(url, headers={"accept-encoding": "gzip"})
    assert gz.headers["content-encoding"] == "gzip"
    assert gz.content == original
    plain = http.get(url, headers={"accept-encoding": "br;q=0, identity"})
    assert "content-encoding" not in plain.headers
    assert plain.content == original


def test_versioned_files_are_cached_for_good_the_rest_revalidated(http, built):
    versioned = http.get(f"/c/{built.key}/canvaskit/skwasm.wasm")
    assert versioned.headers["cache-control"] == "public, max-age=31536000, immutable"
    favicon = http.get("/favicon.png")
    assert favicon.status_code == 200
    assert favicon.headers["cache-control"] == "no-cache"
    assert favicon.content == (built.folder / "favicon.png").read_bytes()
    assert http.get("/manifest.json").json()["name"] == "Spades Scorekeeper"


def test_a_repeat_visit_gets_not_modified(http):
    first = http.get("/", headers={"accept-encoding": "br"})
    again = http.get("/", headers={"accept-encoding": "br", "if-none-match": first.headers["etag"]})
    assert again.status_code == 304
    assert again.content == b""
    other = http.get(
        "/", headers={"accept-encoding": "gzip", "if-none-match": first.headers["etag"]}
    )
    assert other.status_code == 200  # another encoding is another representation


def test_routes_get_the_page_files_that_do_not_exist_a_404(http, built):
    page = http.get("/")
    for route in ("/game/abc", "/game/abc/hand", "/history", "/stats"):
        response = http.get(route)
        assert response.status_code == 200
        assert response.content == page.content
    assert http.get("/missing.js").status_code == 404
    assert http.get("/c/0000000000000000/main.dart.wasm").status_code == 404
    assert http.get(f"/c/{built.key}/missing.wasm").status_code == 404


def test_head_and_other_methods(http, built):
    head = http.head(f"/c/{built.key}/main.dart.js", headers={"accept-encoding": "br"})
    assert head.status_code == 200
    assert head.content == b""
    assert int(head.headers["content-length"]) == built.files()["main.dart.js"]["encodings"]["br"]
    assert http.post("/").status_code == 405


def test_flet_endpoints_go_to_the_app_behind(built):
    seen = []

    async def inner(scope, receive, send):
        seen.append(scope["path"])
        await send({"type": "http.response.start", "status": 204, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    client = TestClient(with_client(inner, StaticClient(built)))
    assert client.get("/ws").status_code == 204
    assert client.put("/upload").status_code == 204
    assert client.get("/").status_code == 200
    assert seen == ["/ws", "/upload"]


def test_accept_encoding_parsing():
    assert accepted("gzip, deflate, br") == ["br", "gzip"]
    assert accepted("gzip;q=0.5, br;q=0") == ["gzip"]
    assert accepted("*") == ["br", "gzip"]
    assert accepted("") == []
    assert accepted("br;q=nonsense, gzip") == ["gzip"]


def test_the_real_client_prepares_in_the_cache():
    """The client the app serves (built once per machine, reused after)."""
    assert webclient.source_dir() == REAL
    web = prepare()
    wasm = (web.folder / "main.dart.wasm").read_bytes()
    assert wasm.startswith(b"\0asm") and len(wasm) == (REAL / "main.dart.wasm").stat().st_size
    assert RIVE_CDN not in (web.folder / "main.dart.wasm").read_bytes()
    assert web.files()["main.dart.wasm"]["encodings"]["br"] < 2_500_000


def test_build_json_is_not_served(http, built):
    assert (built.folder / "build.json").is_file()
    assert http.get("/build.json").status_code == 404
