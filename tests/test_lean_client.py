"""The served page in Chromium asks nothing of any other host, loads little,
fetches the Arabic and emoji fonts only once a name needs them, and is isolated (Flutter
then draws on its own thread)."""

import http.client
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Request, expect, sync_playwright

from tests.served import PHONE, ServedApp, enter_hand, launch, load, new_game

pytestmark = pytest.mark.e2e

FIRST_USABLE_LIMIT = 4_000_000  # bytes on the wire before the home screen works


def local(url: str) -> bool:
    parsed = urlparse(url)
    return parsed.scheme in ("data", "blob") or parsed.hostname == "127.0.0.1"


def test_nothing_leaves_this_machine_and_fonts_load_when_needed(tmp_path):
    app = ServedApp(tmp_path)
    app.start()
    requests: list[Request] = []
    try:
        with sync_playwright() as p:
            browser = launch(p)
            page = browser.new_page(viewport=PHONE)
            page.on("request", lambda request: requests.append(request))
            load(page, app.url)
            page.get_by_role("button", name="New game").wait_for()
            # a header sent twice is one invalid value to the browser: no isolation,
            # and Flutter's renderer falls back to drawing on the page's own thread
            assert page.evaluate("crossOriginIsolated") is True
            first = list(requests)
            wire = 0
            for request in first:
                response = request.response()
                if response is not None and not request.url.startswith(("data:", "blob:")):
                    wire += response.request.sizes()["responseBodySize"]
            assert not [r.url for r in first if "NotoColorEmoji" in r.url]
            assert not [r.url for r in first if "NotoSansArabic" in r.url]
            assert wire <= FIRST_USABLE_LIMIT, f"{wire} bytes before the first screen"
            assert not [r.url for r in first if "KaTeX" in r.url or "Cupertino" in r.url]

            new_game(page, names=("Zoë Çela", "สมชาย", "دانة", "Sam 😀"))
            enter_hand(page, [3, 3, 3, 4], [3, 3, 3, 4])
            page.get_by_role("button", name="History").first.click()
            expect(page.get_by_role("heading", name="History")).to_be_visible()
            page.wait_for_load_state("networkidle")
            browser.close()
    finally:
        app.stop()
    away = [r.url for r in requests if not local(r.url)]
    assert away == [], f"requests left 127.0.0.1: {away}"
    for family in ("NotoColorEmoji", "NotoSansArabic"):
        fetched = [r.url for r in requests if family in r.url]
        assert len(fetched) == 1, fetched


def test_every_security_header_is_sent_once(tmp_path):
    app = ServedApp(tmp_path)
    app.start()
    try:
        for path in (urlparse(app.url).path, "/"):
            connection = http.client.HTTPConnection("127.0.0.1", app.port, timeout=10)
            connection.request("GET", path)
            names = [name.lower() for name, _ in connection.getresponse().getheaders()]
            connection.close()
            for name in (
                "cross-origin-opener-policy",
                "cross-origin-embedder-policy",
                "cross-origin-resource-policy",
                "x-content-type-options",
            ):
                assert names.count(name) == 1, (path, name, names)
    finally:
        app.stop()
