"""A 360 px phone in real Chromium, in English and Thai: no house-rule label is
cut off at the screen's edge or squeezed over its field, and no figure of the
scoreboard or the score sheet (nor its mark of who dealt a hand) is split
across lines, at every text size from 100% to 200%."""

import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from scorekeeper import i18n
from scorekeeper.core.model import Adjustment, Game, Variant
from scorekeeper.core.rules import RuleSet
from scorekeeper.storage.store import GameStore
from tests import factories, pixels
from tests.served import (
    SMALL_PHONE,
    ServedApp,
    hook,
    load,
    placed,
    reveal,
    settle,
    still,
    type_into,
)

pytestmark = pytest.mark.e2e

LANGUAGES = [("en-US", "en"), ("th-TH", "th")]
EDGE = 8  # px: text inked this close to the screen's right edge is cut off there


def tr(language: str, message: str) -> str:
    with i18n.language(language):
        return i18n._(message)


@pytest.fixture(scope="module")
def narrow_app(tmp_path_factory) -> Iterator[tuple[ServedApp, str]]:
    """The app with a game whose sheet has bag penalties, a penalty and totals
    in the hundreds (long figures for a narrow column)."""
    folder: Path = tmp_path_factory.mktemp("narrow")
    bags = factories.hand([1, 1, 1, 1], [6, 1, 5, 1])  # 9 bags a hand: a penalty in hand 2
    nil = factories.hand([4, 3, "nil", 4], [4, 3, 2, 4])
    hands = (bags, bags, replace(nil, adjustments=(Adjustment(1, -45, ""),)))
    with GameStore(folder) as store:
        saved = store.create(Game(Variant.PARTNERSHIP, factories.PLAYERS, 0, RuleSet(), hands))
    app = ServedApp(folder)
    app.start()
    try:
        yield app, saved.id
    finally:
        app.stop()


def open_in(browser: Browser, url: str, locale: str) -> Page:
    page = browser.new_context(locale=locale, viewport=SMALL_PHONE).new_page()
    load(page, url)
    return page


def ink_at_right_edge(page: Page) -> int:
    still(page)
    width, height = SMALL_PHONE["width"], SMALL_PHONE["height"]
    strip = {"x": width - EDGE, "y": 0, "width": EDGE, "height": height}
    return pixels.dark_pixels(page.screenshot(clip=strip))


_WHOLLY_ON_SCREEN = """([node, height]) => {
  const box = node.getBoundingClientRect();
  return node.isConnected && box.height > 0 && box.top >= 0 && box.bottom <= height;
}"""


def in_view(target: Locator) -> None:
    """`target` comes on screen by itself (the app scrolls it there), no wheel
    turned: checked at every frame until it is, or the expect timeout passes."""
    target.page.wait_for_function(
        _WHOLLY_ON_SCREEN,
        arg=[target.element_handle(), SMALL_PHONE["height"]],
        polling="raf",
        timeout=15_000,
    )


def scroll_through(page: Page) -> Iterator[int]:
    """The page from its top to its end, a screen at a time."""
    for step in range(12):
        yield step
        page.mouse.move(10, SMALL_PHONE["height"] / 2)
        page.mouse.wheel(0, 500)


@pytest.mark.parametrize(("locale", "language"), LANGUAGES)
def test_house_rule_labels_wrap_inside_their_controls(browser, narrow_app, locale, language):
    app, _game = narrow_app
    page = open_in(browser, app.url, locale)
    try:
        page.get_by_role("button", name=tr(language, "New game")).click()
        customize = page.get_by_role("switch", name=tr(language, "Change house rules"))
        expect(customize).to_be_visible()
        settle(page)
        customize.click()
        doubled = page.get_by_role("switch", name=tr(language, RULE_DOUBLED))
        expect(doubled).to_have_count(1)  # the whole label is its name
        hands = tr(language, "Game ends after this many hands (empty: no limit)")
        type_into(page, hands, "12")  # its label floats above the value
        for _ in scroll_through(page):
            assert ink_at_right_edge(page) == 0, "a label runs off the screen's edge"
        field = page.get_by_role("textbox", name=hands)
        box = field.bounding_box()
        assert box and box["width"] >= SMALL_PHONE["width"] - 40, "a rule's field spans the screen"
    finally:
        page.context.close()


RULE_DOUBLED = "Big bid: 20 a trick bid, made or set"


def set_text_size(page: Page, language: str, size: int) -> None:
    """Home's *Text size* set to `size` percent (100: left as it is)."""
    if size == 100:
        return
    with i18n.language(language):
        label = i18n.percent(size / 100)
    expect(page.get_by_role("button", name=tr(language, "New game"))).to_be_visible()
    settle(page)
    reveal(page, hook(page, "text-size")).click()
    page.get_by_role("menuitem", name=label, exact=True).click()
    page.wait_for_function(f"document.documentElement.style.fontSize === '{size}%'")


def inside(page: Page, element: Locator, inset: int) -> bytes:
    """A screenshot of what `element` covers, less `inset` px on every side."""
    box = element.bounding_box()
    assert box, element
    return page.screenshot(
        clip={
            "x": box["x"] + inset,
            "y": box["y"] + inset,
            "width": box["width"] - 2 * inset,
            "height": box["height"] - 2 * inset,
        }
    )


SIZES = [100, 150, 200]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("locale", "language"), LANGUAGES)
def test_no_figure_of_the_scoreboard_or_the_sheet_wraps(
    browser, narrow_app, locale, language, size
):
    app, game_id = narrow_app
    page = open_in(browser, app.url, locale)
    try:
        set_text_size(page, language, size)
        load(page, f"{app.base}game/{game_id}")
        expect(hook(page, "hand-3")).to_be_attached()
        settle(page)
        still(page)
        for side, score in enumerate(("-200", "65")):  # each side's score: one line of glyphs
            drawn = pixels.glyph_heights(inside(page, hook(page, f"side-{side}"), 6))
            assert len(drawn) == len(score), f"{score} is not drawn on one line: {drawn}"
        for number in (1, 2, 3):
            for side in (0, 1):  # the hand's points, then the arrow and the total
                figures = hook(page, f"figures-{number}-{side}")
                reveal(page, figures)
                still(page)
                lines = pixels.text_lines(inside(page, figures, 0))
                assert lines == 1, f"{figures.inner_text()!r} is on {lines} lines"
        if size == 100:
            for number in (1, 2, 3):  # who dealt: one short line in the dealer's column
                dealt = hook(page, f"dealer-{number}")
                dealt_box = dealt.bounding_box()
                assert dealt_box and dealt_box["height"] < 22, f"dealer-{number}: {dealt_box}"
                assert dealt_box["x"] >= 0 and dealt_box["x"] + dealt_box["width"] <= 360
            mark = hook(page, "penalty-2-0")
            mark_box = mark.bounding_box()
            assert mark_box and mark_box["height"] < 40, "a bag penalty is a short mark"
        page.mouse.wheel(0, -10_000)
        for _ in scroll_through(page):
            assert ink_at_right_edge(page) == 0, "text runs off the screen's edge"
    finally:
        page.context.close()


def test_the_penalty_form_opens_at_its_hand_in_view_and_a_removal_can_be_undone(
    browser, narrow_app
):
    app, game_id = narrow_app
    page = open_in(browser, app.url, "en-US")
    try:
        load(page, f"{app.base}game/{game_id}")
        expect(hook(page, "hand-1")).to_be_attached()
        settle(page)
        gavel = page.get_by_role("button", name="Penalty or adjustment on hand 1")
        reveal(page, gavel).click()  # the last line of the sheet, at the screen's foot
        placed(page, "adjustment")
        points = page.get_by_role("textbox", name="Points (minus for a penalty)")
        in_view(points)
        for radio in page.get_by_role("radio").all():
            expect(radio).not_to_be_checked()  # no side until one is tapped
        page.get_by_role("radio", name=re.compile("Beth.+David")).click()
        type_into(page, "Points (minus for a penalty)", "-30")
        page.get_by_role("button", name="Save").click()
        expect(hook(page, "adjustment")).to_have_count(0)
        line = page.get_by_role("button", name=re.compile("Beth.+David.*: -30"))
        reveal(page, line).click()
        placed(page, "adjustment")
        in_view(points)
        reveal(page, page.get_by_role("button", name="Remove")).click()
        expect(hook(page, "message")).to_have_accessible_name("The penalty on hand 1 was removed.")
        hook(page, "undo-remove").click()
        expect(hook(page, "message")).to_have_text("The penalty on hand 1 is back.")
        expect(page.get_by_role("button", name=re.compile("Beth.+David.*: -30"))).to_have_count(1)
    finally:
        page.context.close()
