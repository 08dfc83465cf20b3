"""The keeper and two watchers in real Chromium: each save reaches both watch
pages within a second, the watch pages hold nothing that changes anything, the
table display shows the hand as it is bid, and a reset logs the others out."""

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.served import (
    DESKTOP,
    PHONE,
    ServedApp,
    enter_hand,
    hook,
    load,
    new_game,
    open_app,
    pick,
    reveal,
    settle,
    text,
)

pytestmark = pytest.mark.e2e
TABLET = {"width": 1280, "height": 800}
PHONE_LANDSCAPE = {"width": PHONE["height"], "height": PHONE["width"]}
# The README's promise: the watch pages show each save within a second of it
# (bench/watch.py measures how far within).
FOLLOWS = 1_000  # ms


def watch_link(keeper: Page) -> str:
    hook(keeper, "share").click()
    expect(hook(keeper, "watch-link")).to_have_text(
        re.compile(r"^http://127\.0\.0\.1:\d+/watch/[\w-]{43}$")
    )
    link = text(keeper, "watch-link")
    keeper.get_by_role("button", name="Home").click()
    expect(keeper.get_by_role("button", name="New game")).to_be_visible()
    settle(keeper)
    return link


def resume(keeper: Page) -> None:
    keeper.locator('[flt-semantics-identifier^="resume-"]').first.click()
    expect(keeper.get_by_role("button", name="Enter hand")).to_be_visible()
    settle(keeper)


def no_controls_that_act(page: Page) -> None:
    """A watch page: no text box, and no button but those that move between
    the list and the table display."""
    expect(page.get_by_role("textbox")).to_have_count(0)
    names = {
        b.get_attribute("aria-label") or b.inner_text() for b in page.get_by_role("button").all()
    }
    assert names <= {"Table display", "Live scores", ""}, names


def test_two_watchers_follow_the_keeper_and_cannot_act(browser: Browser, app: ServedApp):
    keeper = open_app(browser, app.url, PHONE)
    new_game(keeper)
    link = watch_link(keeper)
    resume(keeper)
    board = open_app(browser, link, PHONE)
    table = open_app(browser, link, TABLET)
    expect(hook(board, "live-score-0-0")).to_have_text("0")
    table.get_by_role("button", name="Table display").click()
    expect(hook(table, "table-score-0")).to_have_text("0")
    for watcher in (board, table):
        no_controls_that_act(watcher)

    keeper.get_by_role("button", name="Enter hand").click()
    expect(hook(keeper, "contracts")).to_be_visible()
    settle(keeper)
    # the hand as it is bid: Beth bids first (Alex deals)
    expect(hook(table, "table-turn")).to_have_text(
        re.compile("Hand 1 · Dealer: .*Alex.* · Bids first: .*Beth")
    )
    pick(keeper, 1, 4)
    expect(hook(table, "table-bid-0")).to_have_text("4", timeout=FOLLOWS)
    expect(hook(table, "table-contract-1")).to_have_text("Bid 4")
    expect(hook(board, "live-bids-0")).to_have_text(re.compile("Bids: .*Beth.* 4"))
    for seat in (0, 2, 3):
        pick(keeper, seat, 3)
    keeper.get_by_role("button", name="Next: tricks").click()
    expect(hook(keeper, "tricks-left")).to_be_visible()
    settle(keeper)
    for seat, count in enumerate([3, 4, 3, 3]):
        pick(keeper, seat, count)
    expect(hook(keeper, "tricks-left")).to_have_text("0 tricks left of 13")
    keeper.get_by_role("button", name="Save hand").click()
    expect(hook(keeper, "summary")).to_be_visible()
    for ours, theirs in (("60", "70"), ("141", "192")):
        if ours == "141":
            enter_hand(keeper, [4, "nil", 4, 2], [5, 0, 4, 4])  # returns once saved
        expect(hook(board, "live-score-0-0")).to_have_text(ours, timeout=FOLLOWS)
        expect(hook(board, "live-score-0-1")).to_have_text(theirs, timeout=FOLLOWS)
        expect(hook(table, "table-score-0")).to_have_text(ours, timeout=FOLLOWS)
        expect(hook(table, "table-score-1")).to_have_text(theirs, timeout=FOLLOWS)
    expect(hook(table, "table-bags-0")).to_have_text("Bags 1")
    expect(hook(table, "table-bags-1")).to_have_text("Bags 2")
    for watcher in (board, table):
        no_controls_that_act(watcher)

    # a watcher asking for a keeper's page gets the live board and a message
    load(board, app.base + "history")
    expect(hook(board, "message")).to_contain_text("'/history' is not a page of the watch link")
    expect(hook(board, "live-score-0-0")).to_have_text("141")
    enter_hand(keeper, [3, 3, 3, 3], [4, 3, 3, 3])  # the next hand: the message is old news
    expect(hook(board, "live-score-0-0")).not_to_have_text("141", timeout=FOLLOWS)
    expect(hook(board, "message")).to_have_count(0)
    for page in (keeper, board, table):
        page.close()


def test_a_device_without_a_link_is_told_to_ask_the_keeper(browser: Browser, app: ServedApp):
    stranger = open_app(browser, app.base, PHONE)
    expect(hook(stranger, "closed-door")).to_have_text("Ask the keeper")
    load(stranger, app.base + "history")
    expect(hook(stranger, "closed-door")).to_be_visible()
    no_controls_that_act(stranger)
    load(stranger, app.url)  # then the keeper link, in the same tab
    expect(stranger.get_by_role("button", name="New game")).to_be_visible()
    load(stranger, stranger.url)  # a reload
    expect(stranger.get_by_role("button", name="New game")).to_be_visible()
    stranger.close()


def test_the_keeper_device_remembers_and_a_reset_logs_out_the_others(
    browser: Browser, app: ServedApp
):
    keeper = open_app(browser, app.url, PHONE)
    expect(keeper.get_by_role("button", name="New game")).to_be_visible()
    assert keeper.url == app.base, "the secret leaves the address bar"
    load(keeper, app.base)  # the bare address, later: still the keeper
    expect(keeper.get_by_role("button", name="New game")).to_be_visible()
    other = open_app(browser, app.url, DESKTOP)  # a second keeper device
    link = watch_link(keeper)
    watcher = open_app(browser, link, PHONE)
    expect(hook(watcher, "live-empty")).to_be_visible()

    hook(keeper, "share").click()
    expect(hook(keeper, "watch-link")).to_be_visible()
    settle(keeper)
    reveal(keeper, keeper.get_by_role("button", name="Log out every other device")).click()
    expect(keeper.get_by_role("button", name="Yes, make new links")).to_be_visible()
    settle(keeper)
    reveal(keeper, keeper.get_by_role("button", name="Yes, make new links")).click()
    expect(hook(keeper, "message")).to_contain_text("every other device is logged out")
    settle(keeper)
    for page in (other, watcher):
        expect(page.get_by_text("This device was logged out")).to_be_visible()
    assert text(keeper, "watch-link") != link
    keeper.get_by_role("button", name="Home").click()
    new_game(keeper)  # the keeper goes on
    load(keeper, app.base)
    expect(
        keeper.get_by_role("button", name="Enter hand")
        .or_(keeper.get_by_role("button", name="New game"))
        .first
    ).to_be_visible()
    load(other, app.base)
    expect(hook(other, "closed-door")).to_be_visible()
    for page in (keeper, other, watcher):
        page.close()


def test_table_display_in_landscape_and_portrait(browser: Browser, app: ServedApp, tmp_path):
    keeper = open_app(browser, app.url, PHONE)
    new_game(keeper, ("Alex", "Beth", "Charlie", "David"))
    enter_hand(keeper, [4, 3, "nil", 4], [5, 3, 0, 5])
    link = watch_link(keeper)
    for size in (TABLET, PHONE_LANDSCAPE, PHONE):
        watcher = open_app(browser, link, size)
        watcher.get_by_role("button", name="Table display").click()
        expect(hook(watcher, "table-score-0")).to_have_text("141")
        settle(watcher)
        for identifier in ("table-score-0", "table-score-1", "table-turn"):
            box = hook(watcher, identifier).bounding_box()
            assert box and box["y"] + box["height"] <= size["height"], identifier
        watcher.screenshot(path=tmp_path / f"table-{size['width']}.png")
        watcher.get_by_role("button", name="Live scores").click()  # the way back
        expect(hook(watcher, "live-score-0-0")).to_have_text("141")
        watcher.close()
    keeper.close()


def test_copy_link_puts_each_link_on_the_clipboard(browser: Browser, app: ServedApp):
    context = browser.new_context(viewport=PHONE)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=app.base.rstrip("/"))
    keeper = context.new_page()
    load(keeper, app.url)
    hook(keeper, "share").click()
    expect(hook(keeper, "watch-link")).to_be_visible()
    settle(keeper)
    hook(keeper, "copy-watch-link").click()
    expect(hook(keeper, "message")).to_have_text("Watch link copied.")
    assert keeper.evaluate("navigator.clipboard.readText()") == text(keeper, "watch-link")
    keeper.get_by_role("button", name="Show the keeper link").click()
    expect(hook(keeper, "keeper-link")).to_be_visible()
    settle(keeper)
    reveal(keeper, hook(keeper, "copy-keeper-link")).click()
    expect(hook(keeper, "message")).to_have_text("Keeper link copied.")
    assert keeper.evaluate("navigator.clipboard.readText()") == text(keeper, "keeper-link")
    context.close()
