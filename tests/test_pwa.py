"""The offline build (`scorekeeper publish`) in real Chromium: built from the
installed packages, served on 127.0.0.1, every other host refused and logged.
Hands survive a reload, a reload with the server gone, and a browser restart.
Slow (Python boots inside the page), so it is one test walking the whole path."""

import gzip
import json
import re
import shutil
import zipfile
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from scorekeeper.commands import publish as publishing
from scorekeeper.commands.publish import publish
from tests.pwa_site import (
    SNAPSHOTS,
    USABLE_TIMEOUT,
    OutsideGuard,
    Site,
    build_of,
    open_page,
    phone_browser,
    snapshots,
    startup_marks,
    wait_cached,
    wait_snapshot,
    wait_usable,
)
from tests.served import (
    enable_semantics,
    enter_hand,
    fill_hand,
    hook,
    new_game,
    picture_path,
    scores,
    settle,
)
from tests.test_e2e_awake import RECORD as RECORD_LOCKS
from tests.test_e2e_awake import wait_held

pytestmark = pytest.mark.e2e


def test_the_build_holds_the_app_and_asks_no_other_host(site: Path) -> None:
    with zipfile.ZipFile(site / "app.zip") as archive:
        names = set(archive.namelist())
    assert "main.py" in names and "scorekeeper/ui/browser.pyc" in names
    assert "__pypackages__/flet/__init__.pyc" in names
    assert "__pypackages__/tinydb/__init__.pyc" in names
    assert not [n for n in names if n.endswith(".so")]
    # what a session imports is bytecode made by the build's own Pyodide
    # (Python 3.14), with no source beside it; the rest stays source
    listed = set(zipfile.ZipFile(site / "app.zip").read("startup_modules.txt").decode().split())
    assert {"scorekeeper.ui.browser", "flet_charts", "flet.messaging.pyodide_connection"} <= listed
    assert "flet.app" in listed  # what ft.run imports in the browser
    assert "scorekeeper/ui/browser.py" not in names
    with zipfile.ZipFile(site / "app.zip") as archive:
        assert archive.read("scorekeeper/ui/browser.pyc")[:2] == (3627).to_bytes(2, "little")
    with zipfile.ZipFile(site / "pyodide" / "python_stdlib.zip") as stdlib:
        compiled = set(stdlib.namelist())
    assert "asyncio/__init__.pyc" in compiled and "asyncio/__init__.py" not in compiled
    assert "_ast_unparse.py" in compiled  # never imported: left as source
    assert not [n for n in names if n.startswith("scorekeeper/web/")]  # the server stays out
    manifest = json.loads((site / "manifest.json").read_text())
    assert manifest["name"] == "Spades Scorekeeper" and manifest["display"] == "standalone"
    assert not (site / "flutter_service_worker.js").exists()
    assert "serviceWorkerSettings: {" not in (site / "flutter_bootstrap.js").read_text()
    for name in ("main.dart.js", "main.dart.wasm"):
        assert b"cdn.jsdelivr.net" not in (site / name).read_bytes()
    worker = (site / "sw.js").read_text()
    assert "pyodide/pyodide.asm.wasm" in worker
    # Python's memory once the app is imported, made at publish time for this
    # build (gzip, labelled with the build), kept for offline use like any file
    shipped = f"snapshot-{build_of(site)}.gzip"
    assert f'const SHIPPED = "{shipped}"' in (site / "python-worker.js").read_text()
    assert f'"{shipped}"' in worker
    memory = gzip.decompress((site / shipped).read_bytes())
    assert memory[:32] == f"spades-snapshot {build_of(site)}".encode()
    assert 20_000_000 < len(memory) < 100_000_000
    assert b"/home/pyodide/scorekeeper/ui/browser.py" in memory  # the app is imported
    assert str(Path.cwd()).encode() not in memory  # nothing of where it was made
    # the lean client's fonts: subset, no KaTeX or Cupertino, emoji only when needed
    assert (site / "fonts" / "NotoSansThai.ttf").stat().st_size < 40_000
    assert not list(site.rglob("*KaTeX*")) and not list(site.rglob("*Cupertino*"))
    assert "NotoColorEmoji" not in worker


def export_and_import(page: Page, tmp_path: Path) -> dict[str, Any]:
    """Export through the browser's download, import through its file picker."""
    page.get_by_role("button", name="History").click()
    expect(hook(page, "history-count")).to_have_text("1 game")
    settle(page)
    page.locator('[flt-semantics-identifier^="history-2"]').first.click()
    expect(hook(page, "chart")).to_be_visible()
    settle(page)
    with page.expect_download() as download:
        page.get_by_role("button", name="Export JSON").click()
    exported = tmp_path / "game.json"
    download.value.save_as(exported)
    page.get_by_role("button", name="History").click()
    expect(hook(page, "history-count")).to_have_text("1 game")
    settle(page)
    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name="Import").click()
    chooser.value.set_files(exported)
    expect(hook(page, "message")).to_contain_text("already stored")
    result: dict[str, Any] = json.loads(exported.read_text(encoding="utf-8"))
    return result


def test_offline_reload_and_browser_restart_keep_every_hand(site: Path, tmp_path: Path) -> None:
    served = Site(site)
    guard = OutsideGuard()
    profile = tmp_path / "profile"
    served.start()
    try:
        with sync_playwright() as playwright:
            with phone_browser(playwright, profile, guard) as browser:
                page = open_page(browser)
                wait_usable(page, served.url)
                expect(hook(page, "message")).to_contain_text("kept in this browser")
                new_game(page)
                enter_hand(page, [3, 3, 3, 3], [3, 4, 3, 3])
                enter_hand(page, [4, 2, 4, 2], [5, 2, 4, 2])
                assert scores(page) == ("141", "101")
                wait_usable(page)  # reload: both hands come back from IndexedDB
                assert scores(page) == ("141", "101")
                marks = startup_marks(page)  # read by the worker as it started
                assert "python: data read early" in marks, marks
                assert marks["python: data fetched"]["detail"]["files"] >= 2, marks
                wait_cached(page)
                cdp = browser.new_cdp_session(page)
                assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
                served.stop()  # from here on, no server at all
                wait_usable(page)
                assert scores(page) == ("141", "101")
                # the service worker added the headers a static host cannot send
                assert page.evaluate("crossOriginIsolated") is True
                enter_hand(page, ["nil", 4, 5, 4], [0, 4, 5, 4])
                assert scores(page) == ("291", "181")
                game_url = page.url
            with phone_browser(playwright, profile, guard) as browser:
                page = open_page(browser)
                wait_usable(page, game_url)  # still no server
                assert scores(page) == ("291", "181")
                # every file as kept, with the headers added when it was kept
                assert page.evaluate("crossOriginIsolated") is True
                second = browser.new_page()  # the same phone, another tab
                second.goto(game_url)
                second.wait_for_selector("#loading", state="detached", timeout=USABLE_TIMEOUT)
                enable_semantics(second)
                expect(hook(second, "second-tab")).to_contain_text(
                    "already open in another tab", timeout=USABLE_TIMEOUT
                )
                second.close()
                exported = export_and_import(page, tmp_path)
    finally:
        served.stop()
        guard.close()
    assert guard.from_the_app() == [], f"requests to other hosts: {guard.from_the_app()}"
    assert len(exported["hands"]) == 3  # the game, downloaded from the browser


def test_a_write_indexeddb_refuses_is_rolled_back(site: Path, tmp_path: Path) -> None:
    """The site's storage is cleared while a hand is entered: IndexedDB refuses
    its write. The screen is not shown as saved but put back, with the reason,
    and the scores are those of what was stored."""
    served = Site(site)
    guard = OutsideGuard()
    served.start()
    try:
        with (
            sync_playwright() as playwright,
            phone_browser(playwright, tmp_path / "profile", guard) as browser,
        ):
            browser.add_init_script(RECORD_LOCKS)
            page = open_page(browser)
            cdp = browser.new_cdp_session(page)
            cdp.send(
                "Browser.setPermission",
                {"permission": {"name": "screen-wake-lock"}, "setting": "granted"},
            )
            wait_usable(page, served.url)
            new_game(page)
            wait_held(page, 1)  # the screen stays on during a game, offline too
            enter_hand(page, [3, 3, 3, 3], [4, 3, 3, 3])
            assert scores(page) == ("61", "60")
            fill_hand(page, [4, 2, 4, 2], [5, 2, 4, 2])
            origin = served.url.rstrip("/")
            cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "indexeddb"})
            page.get_by_role("button", name="Save hand").click()
            expect(hook(page, "error-hand")).to_contain_text("nothing was recorded", timeout=30_000)
            expect(hook(page, "tricks-left")).to_have_text("0 tricks left of 13")
            expect(hook(page, "summary")).to_have_count(0)
            page.get_by_role("button", name="Home").click()  # reads only: no write to refuse
            game = page.get_by_role("button", name=re.compile(r"\b1 hand played"))
            expect(game).to_be_visible()  # hand 2 was not recorded
            wait_held(page, 0)  # Home: the screen may go dark again
    finally:
        served.stop()
        guard.close()


# Whether the service worker was registered at each start-up phase Python reported.
REGISTERED = """(() => {
  window.__registered = {};
  window.addEventListener("spades-startup", (event) => {
    navigator.serviceWorker.getRegistration().then((found) => {
      window.__registered[event.detail.phase] = !!found;
    });
  });
})();"""


def test_the_boot_screen_shows_progress_before_home(site: Path, tmp_path: Path) -> None:
    """The page's own boot screen is there as the document is parsed, before
    Flutter or Python, says on the first visit that the app is being stored,
    moves its progress bar through named phases, and is gone once Home is
    there; a later visit does not say it is being stored again. The first
    visit stores the app only once it is usable: the service worker is
    registered after the first screen, not while the app starts."""
    from tests.test_e2e_boot import RECORD

    served = Site(site)
    guard = OutsideGuard()
    served.start()
    try:
        with (
            sync_playwright() as playwright,
            phone_browser(playwright, tmp_path / "profile", guard) as browser,
        ):
            browser.add_init_script(RECORD)
            browser.add_init_script(REGISTERED)
            page = open_page(browser)
            page.goto(served.url)
            page.wait_for_function("window.__boot && window.__boot.atParse")
            first = page.locator("#boot-first")
            expect(first).to_contain_text("being stored on this device")
            page.wait_for_function("document.querySelector('#boot img').complete")
            if page.locator("#boot").count():  # still starting: the README's picture
                page.screenshot(path=picture_path("pwa-boot-first", tmp_path))
            page.wait_for_function("'first screen' in window.__registered")
            registered = page.evaluate("window.__registered")
            wait_cached(page)  # then every file is kept
            wait_usable(page)  # reload: a later visit, from the service worker
            wait_cached(page)
            page.reload()
            page.wait_for_function("window.__boot && window.__boot.atParse")
            expect(page.locator("#boot-first")).to_be_hidden()
            wait_usable(page, served.url)
            expect(page.locator("#boot")).to_have_count(0)
            boot = page.evaluate("window.__boot")
    finally:
        served.stop()
        guard.close()
    assert boot["atParse"]["bar"] and not boot["atParse"]["flutter"], boot["atParse"]
    values = boot["values"]
    assert values == sorted(values) and len(set(values)) == len(values), values
    assert values[0] < 100 and values[-1] == 100 and len(values) >= 4, values
    assert "Opening your games" in boot["texts"] and boot["texts"][-1] == "Ready", boot["texts"]
    assert not any(registered[phase] for phase in ("worker started", "app started")), registered


def test_a_hebrew_start_reads_its_data_before_flutter_connects(site: Path, tmp_path: Path) -> None:
    """The worker asks IndexedDB for the data before Flutter has connected, and
    Python puts it in place; the boot screen goes in the frame that paints
    Home; the page declares the app's language and direction."""
    from tests.test_e2e_boot import first_frame

    served = Site(site)
    guard = OutsideGuard()
    served.start()
    try:
        with (
            sync_playwright() as playwright,
            phone_browser(playwright, tmp_path / "profile", guard, locale="he-IL") as browser,
        ):
            browser.add_init_script(first_frame("משחק חדש"))
            page = open_page(browser)
            page.goto(served.url)
            page.wait_for_function("window.__home !== undefined", timeout=USABLE_TIMEOUT)
            assert page.evaluate("window.__home") == {"boot": False}
            expect(page.locator("#boot")).to_have_count(0)
            html = "[document.documentElement.lang, document.documentElement.dir]"
            assert page.evaluate(html) == ["he", "rtl"]
            marks = startup_marks(page)
    finally:
        served.stop()
        guard.close()
    assert marks["python: data asked"]["at"] < marks["flutter: connects"]["at"], marks
    assert "python: data read early" in marks and "python: data read" not in marks, marks


def test_home_asks_for_nothing_that_fails(site: Path, tmp_path: Path) -> None:
    """In English, then in Thai (drawn before the app's Thai font has
    arrived): no console error, no failed request, no page sent for a font
    or a script; the theme colour is the app's."""
    from scorekeeper.ui.palette import THEME_COLOR
    from tests.test_e2e_access import Trouble

    served = Site(site)
    guard = OutsideGuard()
    served.start()
    try:
        with (
            sync_playwright() as playwright,
            phone_browser(playwright, tmp_path / "profile", guard) as browser,
        ):
            page = open_page(browser)
            trouble = Trouble(page)
            wait_usable(page, served.url)
            page.wait_for_load_state("networkidle")
            hook(page, "language").click()
            page.get_by_role("menuitem", name="ไทย", exact=True).click()
            expect(page.get_by_role("button", name="เกมใหม่")).to_be_visible()
            settle(page)
            page.wait_for_load_state("networkidle")
            color = page.evaluate("document.querySelector('meta[name=theme-color]').content")
    finally:
        served.stop()
        guard.close()
    assert trouble.seen == []
    assert color == THEME_COLOR


DAMAGE = f"""async (name) => {{
  const cache = await caches.open("{SNAPSHOTS}");
  await cache.put(name, new Response(new Uint8Array(4096)));
}}"""


def started(page: Page) -> tuple[str, bool]:
    """The build the page's Python worker belongs to, and whether it started
    from a memory snapshot."""
    marks = startup_marks(page)
    return marks["python: worker started"]["detail"]["build"], "python: python restored" in marks


def from_the_build(page: Page) -> bool:
    """Whether the snapshot Python started from is the one shipped with the
    build (not the copy kept in the browser)."""
    return bool(startup_marks(page)["python: snapshot read"]["detail"]["shipped"])


def test_later_visits_start_from_the_snapshot_of_their_own_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    site = publish(tmp_path / "site")
    first = build_of(site)
    served = Site(site)
    guard = OutsideGuard()
    served.start()
    try:
        with (
            sync_playwright() as playwright,
            phone_browser(playwright, tmp_path / "profile", guard) as browser,
        ):
            page = open_page(browser)
            said: list[str] = []  # the Python worker's warnings, to explain a failure
            page.on("console", lambda m: said.append(m.text) if "python worker" in m.text else None)
            wait_usable(page, served.url)  # the first visit restores the build's snapshot
            assert started(page) == (first, True) and from_the_build(page), said
            wait_snapshot(page, first)  # then keeps it unpacked in the browser
            wait_usable(page)
            assert started(page) == (first, True) and not from_the_build(page), said
            new_game(page)  # the restored app works: a game, a hand, a saved score
            enter_hand(page, [3, 3, 3, 3], [3, 4, 3, 3])
            assert scores(page) == ("60", "61")
            wait_usable(page)
            assert started(page) == (first, True) and scores(page) == ("60", "61")

            # a kept snapshot the runtime refuses (here a damaged one): the build's again
            page.evaluate(DAMAGE, f"snapshot-{first}.bin")
            wait_usable(page)
            assert started(page) == (first, True) and from_the_build(page)
            assert scores(page) == ("60", "61")
            wait_snapshot(page, first)  # kept again

            # a new build at the same address: its first start is a normal one
            monkeypatch.setattr(publishing, "APP_EXCLUDE", (*publishing.APP_EXCLUDE, "ui/qr.py"))
            served.stop()
            second = build_of(publish(site))
            assert second != first
            served.start()
            for _visit in range(4):  # the old service worker may serve one more visit
                try:
                    wait_usable(page)
                except PlaywrightTimeoutError:
                    # a reload in flight while the new worker takes over was seen
                    # to never reach its load event on a loaded machine: a new
                    # visit of the address, as a person would make, carries on
                    wait_usable(page, served.url)
                if started(page)[0] == second:
                    break
            # the stale snapshot is not used: the new build's own is
            assert started(page) == (second, True) and from_the_build(page)
            assert scores(page) == ("60", "61")
            wait_snapshot(page, second)
            assert snapshots(page) == [f"snapshot-{second}.bin"]  # the old one is gone
            wait_usable(page)
            assert started(page) == (second, True) and scores(page) == ("60", "61")
    finally:
        served.stop()
        guard.close()
    assert guard.from_the_app() == [], f"requests to other hosts: {guard.from_the_app()}"


def test_a_snapshot_made_for_another_build_is_refused(site: Path, tmp_path: Path) -> None:
    """A site whose shipped snapshot names another build (files mixed from two
    builds): Python starts normally, then takes its own snapshot in the browser,
    which the next visit restores."""
    mixed = shutil.copytree(site, tmp_path / "site")
    build = build_of(mixed)
    shipped = mixed / f"snapshot-{build}.gzip"
    memory = gzip.decompress(shipped.read_bytes())
    shipped.write_bytes(gzip.compress(b"spades-snapshot 0123456789abcdef" + memory[32:], 1))
    served = Site(mixed)
    guard = OutsideGuard()
    served.start()
    try:
        with (
            sync_playwright() as playwright,
            phone_browser(playwright, tmp_path / "profile", guard) as browser,
        ):
            page = open_page(browser)
            said: list[str] = []
            page.on("console", lambda m: said.append(m.text) if "python worker" in m.text else None)
            wait_usable(page, served.url)
            assert started(page) == (build, False)
            assert any("made for another build" in line for line in said), said
            wait_snapshot(page, build)  # made here, after the start
            wait_usable(page)
            assert started(page) == (build, True) and not from_the_build(page), said
            new_game(page)  # Python restored from the browser's snapshot runs the app
            enter_hand(page, [3, 3, 3, 3], [3, 4, 3, 3])
            assert scores(page) == ("60", "61")
    finally:
        served.stop()
        guard.close()
