"""The served app in real Chromium with the browser set to Thai, Albanian and
Hebrew: it opens in that language, a whole hand is played in it, Hebrew reads
right to left, and the picker switches at once and is kept across a reload
and in a new tab."""

import re
import statistics

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from scorekeeper import i18n
from scorekeeper.core.game import new_game
from scorekeeper.core.model import Variant
from scorekeeper.storage.store import GameStore
from scorekeeper.ui.text import sentence
from scorekeeper.web.static import CONNECTION_LOST
from tests import pixels
from tests.served import (
    PHONE,
    SMALL_PHONE,
    ServedApp,
    hook,
    load,
    pick,
    settle,
    still,
    type_into,
)

pytestmark = pytest.mark.e2e

NAMES = {
    "th": ("สมชาย", "Beth", "มาลี", "דוד"),
    "sq": ("Arbër", "Besa", "Çlirim", "Drita"),
    "he": ("אבי", "Beth", "חיים", "دانة"),
}


def tr(language: str, message: str) -> str:
    with i18n.language(language):
        return i18n._(message)


def shown(text: str) -> str:
    """Text as a reader takes it in: the isolate marks kept around names and
    signed numbers left out (they are never drawn)."""
    return re.sub("[\u2066-\u2069]", "", text)


def words(columns: list[int], gap: int) -> list[list[int]]:
    """Runs of inked columns split at blanks of `gap` columns or more (a space)."""
    found: list[list[int]] = []
    blank = gap
    for count in columns:
        if not count:
            blank += 1
            continue
        if blank >= gap:
            found.append([])
        else:
            found[-1] += [0] * blank
        found[-1].append(count)
        blank = 0
    return found


def likeness(a: list[int], b: list[int], points: int = 64) -> float:
    """How alike two ink profiles are once stretched to one width (1: the same)."""

    def stretched(values: list[int]) -> list[int]:
        return [values[i * len(values) // points] for i in range(points)]

    return statistics.correlation(stretched(a), stretched(b))


def inside(page: Page, element: Locator, inset: int) -> bytes:
    """A screenshot of `element` without its border (`inset` pixels), as PNG,
    once the screen stands still (the canvas may still show the screen before)."""
    still(page)
    box = element.bounding_box()
    assert box is not None
    clip = {
        "x": box["x"] + inset,
        "y": box["y"] + inset,
        "width": box["width"] - 2 * inset,
        "height": box["height"] - 2 * inset,
    }
    return page.screenshot(clip=clip)


def text_lines(page: Page, element: Locator, inset: int = 4) -> int:
    return pixels.text_lines(inside(page, element, inset))


def glyph_heights(page: Page, element: Locator, inset: int = 6) -> list[int]:
    """Of the biggest dark text inside `element` (its border left out)."""
    return pixels.glyph_heights(inside(page, element, inset))


def open_in(browser: Browser, url: str, locale: str, viewport: dict[str, int] = PHONE) -> Page:
    context = browser.new_context(locale=locale, viewport=viewport)
    page = context.new_page()
    load(page, url)
    return page


def html_language(page: Page) -> tuple[str, str]:
    """The language and direction the page's <html> declares."""
    lang, way = page.evaluate("[document.documentElement.lang, document.documentElement.dir]")
    return lang, way


def button(page: Page, language: str, message: str):
    return page.get_by_role("button", name=tr(language, message), exact=True)


def play_a_hand(page: Page, language: str, names: tuple[str, ...] | None = None) -> None:
    """Set up a game and enter one hand, finding every control by its words in
    `language`: any English left on the way would not be found."""
    button(page, language, "New game").click()
    for seat, name in enumerate(names or NAMES[language]):
        with i18n.language(language):
            label = f"{i18n.number(seat + 1)} · {i18n._(('South', 'West', 'North', 'East')[seat])}"
        type_into(page, label, name)
    button(page, language, "Start game").click()
    expect(button(page, language, "Enter hand")).to_be_visible()
    button(page, language, "Enter hand").click()
    expect(hook(page, "contracts")).to_be_visible()
    settle(page)
    for seat, bid in enumerate((4, 3, "nil", 4)):
        pick(page, seat, bid)  # the keys are tagged by value; their names are translated
    expect(hook(page, "bid-2")).to_have_text(tr(language, "Nil"))
    button(page, language, "Next: tricks").click()
    expect(hook(page, "tricks-left")).to_be_visible()
    settle(page)
    for seat, count in enumerate((4, 3, 2, 4)):
        pick(page, seat, count)
    with i18n.language(language):
        left = i18n.ngettext("{count} trick left of 13", "{count} tricks left of 13", 0).format(
            count=i18n.number(0)
        )
    expect(hook(page, "tricks-left")).to_have_text(left)
    button(page, language, "Save hand").click()
    expect(hook(page, "summary")).to_be_visible()


@pytest.mark.parametrize(
    ("locale", "language"), [("th-TH", "th"), ("sq-AL", "sq"), ("he-IL", "he")]
)
def test_a_whole_hand_in_the_browsers_language(browser, app, locale, language):
    page = open_in(browser, app.url, locale)
    try:
        expect(button(page, language, "New game")).to_be_visible()
        assert page.get_by_role("button", name="New game", exact=True).count() == 0
        play_a_hand(page, language)
        summary = hook(page, "summary").inner_text()
        with i18n.language(language):
            failed = i18n.ngettext(
                "{player}: nil failed ({count} trick, {bags} as a bag)",
                "{player}: nil failed ({count} tricks, {bags} as bags)",
                2,
            ).format(player="\u2068" + NAMES[language][2] + "\u2069", count=2, bags=i18n.signed(2))
            failed = sentence(failed)  # a summary line starts as a sentence
        assert failed.replace("\u2068", "").replace("\u2069", "") in summary.replace(
            "\u2068", ""
        ).replace("\u2069", "")
        assert "this hand" not in summary and "Deals next" not in summary
        with i18n.language(language):
            side = i18n._("{names}: {score}, bags {count} of {limit}").split("{names}")[1]
            side = side.format(score="-58", count=i18n.number(2), limit=i18n.number(10))
            this_hand = i18n._("{names}: {points} this hand, {score} in all").split("{names}")[1]
            this_hand = this_hand.format(points="-58", score="-58")
        assert side in shown(hook(page, "side-0").inner_text())
        assert this_hand in shown(summary)
        if language == "he":  # right to left, the sign kept in front of the number
            assert "\u2066-58\u2069" in hook(page, "side-0").inner_text()
        # As drawn: the flat minus sign is the first glyph from the left, before 5 and 8.
        heights = glyph_heights(page, hook(page, "side-0"))
        assert len(heights) == 3 and heights[0] < min(heights[1:]) / 3, heights
        assert (
            hook(page, "turn")
            .inner_text()
            .startswith(
                tr(language, "Hand {number} · Dealer: {dealer} · Bids first: {bidder}").split("{")[
                    0
                ]
            )
        )
    finally:
        page.context.close()


def centre_x(page: Page, locator) -> float:
    box = locator.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2


def test_hebrew_reads_right_to_left(browser, app):
    hebrew = open_in(browser, app.url, "he-IL")
    english = open_in(browser, app.url, "en-US")
    try:
        width = PHONE["width"]
        for page, language in ((hebrew, "he"), (english, "en")):
            expect(button(page, language, "New game")).to_be_visible()
            expect(page.locator("#boot")).to_have_count(0, timeout=30_000)  # its own heading
            still(page)  # measured once the layout (and its direction) stands still
        # The app bar: the title starts at the right in Hebrew, at the left in English.
        he_title = hebrew.get_by_role("heading", name=tr("he", "Spades Scorekeeper"))
        en_title = english.get_by_role("heading", name="Spades Scorekeeper")
        assert centre_x(hebrew, he_title) > width / 2 > centre_x(english, en_title)
        # The seat map keeps the table's geography: West on the left, East on the right.
        button(hebrew, "he", "New game").click()
        west = hebrew.get_by_role("textbox", name=f"2 · {tr('he', 'West')}")
        east = hebrew.get_by_role("textbox", name=f"4 · {tr('he', 'East')}")
        expect(west).to_be_visible()
        still(hebrew)
        assert centre_x(hebrew, west) < width / 2 < centre_x(hebrew, east)
        # The start button's icon and label swap sides: the label reads from the right.
        start = button(hebrew, "he", "Start game")
        expect(start).to_be_visible()
    finally:
        hebrew.context.close()
        english.context.close()


def test_a_thai_name_keeps_its_letter_order_beside_a_hebrew_name(browser, tmp_path):
    """On Home in Hebrew, each game card's first line is a side: "สมชาย + עומר",
    "עומר + สมชาย", "สมชาย + Alex" and "ยาชมส + Alex" (the same letters the other
    way round, a name of its own here). Read from the pixels, the Thai name beside
    the Hebrew one is drawn as it is beside the Latin one, and not like its
    reversal: the check tells the two orders apart."""
    sides = {
        "thai-hebrew": ("สมชาย", "עומר"),
        "hebrew-thai": ("עומר", "สมชาย"),
        "thai-latin": ("สมชาย", "Alex"),
        "reversed-latin": ("ยาชมส", "Alex"),
    }
    with GameStore(tmp_path) as store:
        ids = {
            case: store.create(new_game(Variant.PARTNERSHIP, (first, "Beth", second, "David"))).id
            for case, (first, second) in sides.items()
        }
    app = ServedApp(tmp_path)
    app.start()
    context = browser.new_context(locale="he-IL", viewport=PHONE, device_scale_factor=2)
    try:
        page = context.new_page()
        load(page, app.url)
        expect(hook(page, f"resume-{ids['reversed-latin']}")).to_be_visible()
        settle(page)
        page.wait_for_load_state("networkidle")  # the Thai and Hebrew fonts
        still(page)
        thai = {}
        for case, game_id in ids.items():
            box = hook(page, f"resume-{game_id}").bounding_box()
            assert box is not None
            # the text half of the card (its delete button is at the left in Hebrew)
            clip = {
                "x": box["x"] + box["width"] * 0.4,
                "y": box["y"] + 6,
                "width": box["width"] * 0.6 - 8,
                "height": box["height"] - 12,
            }
            line = words(pixels.first_line_ink(page.screenshot(clip=clip)), gap=8)
            # right to left: [score] first name + second name
            assert len(line) == 4, (case, len(line))
            thai[case] = line[-1] if case != "hebrew-thai" else line[1]
        forward, backward = thai["thai-latin"], thai["reversed-latin"]
        assert likeness(forward, backward) < 0.6  # the two orders look apart
        for case in ("thai-hebrew", "hebrew-thai"):
            assert likeness(thai[case], forward) > 0.75, case
            assert likeness(thai[case], forward) > likeness(thai[case], backward) + 0.3, case
    finally:
        context.close()
        app.stop()


def test_the_picker_switches_at_once_and_survives_a_reload(browser, app):
    page = open_in(browser, app.url, "he-IL")
    try:
        expect(button(page, "he", "New game")).to_be_visible()
        # named for a screen reader in the language shown, with the one chosen
        expect(hook(page, "language")).to_have_accessible_name("שפה עברית")
        assert html_language(page) == ("he", "rtl")
        page.evaluate("window.stillHere = true")  # gone if the page reloads
        hook(page, "language").click()
        page.get_by_role("menuitem", name="ไทย", exact=True).click()
        expect(button(page, "th", "New game")).to_be_visible()
        expect(hook(page, "language")).to_have_accessible_name("ภาษา ไทย")
        assert html_language(page) == ("th", "ltr")  # the page's own language follows
        assert page.evaluate("window.stillHere === true")
        assert button(page, "he", "New game").count() == 0
        page.reload()
        page.wait_for_selector("#loading", state="detached", timeout=60_000)
        page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=30_000)
        page.evaluate("document.querySelector('flt-semantics-placeholder').click()")
        expect(button(page, "th", "New game")).to_be_visible()
        assert page.evaluate("window.stillHere === undefined")
        # a new tab on this device: the page hands the picked language to the
        # server as a cookie, over the browser's Hebrew
        tab = page.context.new_page()
        load(tab, app.url)
        expect(button(tab, "th", "New game")).to_be_visible()
        cookies = {c["name"]: c["value"] for c in page.context.cookies()}
        assert cookies.get("picked") == "th", cookies
    finally:
        page.context.close()


def test_the_first_visit_follows_the_device_language_order(browser, app):
    context = browser.new_context(
        locale="de-DE", extra_http_headers={"Accept-Language": "de-DE,de;q=0.9,sq;q=0.8,en;q=0.5"}
    )
    page = context.new_page()
    try:
        load(page, app.url)
        expect(button(page, "sq", "New game")).to_be_visible()
    finally:
        context.close()


def test_the_connection_lost_banner_speaks_the_page_language(browser, app):
    """Shown while the app is unreachable: in the language the app spoke on that
    page (picked on the device, else the browser's), Hebrew right to left."""
    thai = open_in(browser, app.url, "th-TH")
    hebrew = open_in(browser, app.url, "he-IL")
    picked = open_in(browser, app.url, "he-IL")
    try:
        for page, language in ((thai, "th"), (hebrew, "he"), (picked, "he")):
            expect(button(page, language, "New game")).to_be_visible()
        hook(picked, "language").click()
        picked.get_by_role("menuitem", name="ไทย", exact=True).click()
        expect(button(picked, "th", "New game")).to_be_visible()
        app.stop()
        for page, language in ((thai, "th"), (hebrew, "he"), (picked, "th")):
            banner = page.locator("#connection-lost")
            expect(banner).to_be_visible(timeout=15_000)
            expect(banner).to_have_text(tr(language, CONNECTION_LOST))
            direction = banner.evaluate("element => getComputedStyle(element).direction")
            assert direction == ("rtl" if language == "he" else "ltr")
    finally:
        for page in (thai, hebrew, picked):
            page.context.close()


def test_the_watch_link_speaks_the_browsers_language(browser, app):
    """A phone with the watch link in Hebrew: the board and the table display in
    Hebrew, right to left, -58 drawn with its sign in front."""
    keeper = open_in(browser, app.url, "he-IL")
    watcher = open_in(browser, app.watch_url, "he-IL")
    try:
        play_a_hand(keeper, "he")
        title = watcher.get_by_role("heading", name=tr("he", "Live scores"))
        expect(title).to_be_visible()
        assert centre_x(watcher, title) > PHONE["width"] / 2
        score = hook(watcher, "live-score-0-0")
        expect(score).to_have_text("\u2066-58\u2069")
        heights = glyph_heights(watcher, score, inset=0)
        assert len(heights) == 3 and heights[0] < min(heights[1:]) / 3, heights
        with i18n.language("he"):
            bags = i18n._("Bags {count}").format(count=i18n.number(2))
        expect(hook(watcher, "live-bags-0-0")).to_have_text(bags)
        button(watcher, "he", "Table display").click()
        expect(hook(watcher, "table-score-0")).to_have_text("\u2066-58\u2069")
        turn = tr("he", "Hand {number} · Dealer: {dealer} · Bids first: {bidder}").split("{")[0]
        assert shown(hook(watcher, "table-turn").inner_text()).startswith(turn)
    finally:
        keeper.context.close()
        watcher.context.close()


@pytest.mark.parametrize(("locale", "language"), [("sq-AL", "sq"), ("th-TH", "th")])
def test_the_rest_key_shows_its_word_unsqueezed_on_a_small_phone(browser, app, locale, language):
    """On a 360 px screen Albanian's "Mbetja" and Thai's "ที่เหลือ" have a key
    wider than a digit's, and Albanian's is on one line
    at the digits' size (lines are counted as bands of ink, which Thai's marks
    above and below a letter would split)."""
    page = open_in(browser, app.url, locale, SMALL_PHONE)
    try:
        play_a_hand(page, language)
        button(page, language, "Enter hand").click()
        expect(hook(page, "contracts")).to_be_visible()
        settle(page)
        for seat, bid in enumerate((4, 3, 3, 3)):
            pick(page, seat, bid)
        button(page, language, "Next: tricks").click()
        expect(hook(page, "tricks-left")).to_be_visible()
        still(page)
        rest, digit = hook(page, "key-rest"), hook(page, "key-13")
        rest_box, digit_box = rest.bounding_box(), digit.bounding_box()
        assert rest_box and digit_box and rest_box["width"] > 1.5 * digit_box["width"]
        if language == "sq":  # one line, its capital M as tall as a digit: the same size
            assert text_lines(page, rest) == 1
            assert text_lines(page, digit) == 1  # the check itself: a plain key
            assert abs(glyph_heights(page, rest)[0] - max(glyph_heights(page, digit))) <= 1
    finally:
        page.context.close()


def arrow_points(page: Page, language: str) -> str:
    """Which way the arrow of *Next: tricks* points as drawn: its head is the
    half of the icon with more ink (the shaft alone is thin)."""
    play = (4, 3, 3, 3)
    button(page, language, "New game").click()
    for seat, name in enumerate(NAMES.get(language, ("Alex", "Beth", "Charlie", "David"))):
        with i18n.language(language):
            label = f"{i18n.number(seat + 1)} · {i18n._(('South', 'West', 'North', 'East')[seat])}"
        type_into(page, label, name)
    button(page, language, "Start game").click()
    button(page, language, "Enter hand").click()
    expect(hook(page, "contracts")).to_be_visible()
    settle(page)
    for seat, bid in enumerate(play):
        pick(page, seat, bid)
    step = button(page, language, "Next: tricks")
    expect(step).to_be_enabled()
    still(page)  # the button drawn where it stays before its ink is read
    columns = pixels.first_line_ink(inside(page, step, 8))
    found = words(columns, gap=6)
    icon = found[-1] if i18n.get(language).rtl else found[0]  # the icon comes first
    half = len(icon) // 2
    return "left" if sum(icon[:half]) > sum(icon[-half:]) else "right"


@pytest.mark.parametrize(
    ("locale", "language", "way"), [("en-US", "en", "right"), ("he-IL", "he", "left")]
)
def test_the_arrow_points_the_way_the_language_reads(browser, app, locale, language, way):
    """Flutter turns a forward arrow in a right-to-left language by itself: a
    screen that turned it too drew it pointing right in Hebrew."""
    page = open_in(browser, app.url, locale, SMALL_PHONE)
    try:
        assert arrow_points(page, language) == way
    finally:
        page.context.close()
