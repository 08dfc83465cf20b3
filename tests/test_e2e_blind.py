"""Blind bids in real Chromium at 360x740: switched on in the set-up, then a
blind 7 bid with the keypad's Blind toggle, made and then set, with the
scores, the note and the score sheet's mark as the keeper sees them."""

import pytest
from playwright.sync_api import Page, expect

from tests.served import (
    SEATS,
    SMALL_PHONE,
    hook,
    open_app,
    pick,
    reveal,
    scores,
    settle,
    switch_on,
    text,
    type_into,
)

pytestmark = pytest.mark.e2e


def blind_seven(page: Page, first: int, second: int, tricks: list[int]) -> None:
    """Alex and Charlie bid blind (`first` + `second` = 7), the others 3 each."""
    page.get_by_role("button", name="Enter hand").click()
    expect(hook(page, "contracts")).to_be_visible()
    settle(page)
    hook(page, "player-0").click()
    expect(hook(page, "player-0")).to_have_attribute("aria-current", "true")
    hook(page, "key-blind-bid").click()
    expect(hook(page, "key-blind-bid")).to_be_checked()
    hook(page, f"key-{first}").click()
    expect(hook(page, "bid-0")).to_have_text(f"Blind {first}")
    hook(page, "player-2").click()
    expect(hook(page, "player-2")).to_have_attribute("aria-current", "true")
    expect(hook(page, "key-blind-bid")).to_be_checked()
    hook(page, f"key-{second}").click()
    expect(hook(page, "bid-2")).to_have_text(f"Blind {second}")
    pick(page, 1, 3)
    pick(page, 3, 3)
    expect(hook(page, "blind-contract-0")).to_be_visible()
    assert text(page, "blind-contract-0") == "Alex + Charlie: blind 7: +140 made, -140 set."
    page.get_by_role("button", name="Next: tricks").click()
    expect(hook(page, "tricks-left")).to_be_visible()
    settle(page)
    for seat, count in enumerate(tricks):
        pick(page, seat, count)
    page.get_by_role("button", name="Save hand").click()
    expect(hook(page, "summary")).to_be_visible()


def test_a_blind_seven_made_then_set(browser, app):
    page = open_app(browser, app.url, SMALL_PHONE)
    page.get_by_role("button", name="New game").click()
    for label, name in zip(SEATS, ("Alex", "Beth", "Charlie", "David"), strict=True):
        type_into(page, label, name)
    switch_on(page.get_by_role("switch", name="Change house rules"))
    switch_on(reveal(page, page.get_by_role("switch", name="Blind bids allowed")))
    type_into(page, "Blind bids only when behind by (empty: always)", "")
    reveal(page, page.get_by_role("button", name="Start game")).click()
    expect(page.get_by_role("button", name="Enter hand")).to_be_visible()
    blind_seven(page, 4, 3, [4, 3, 3, 3])
    assert scores(page) == ("140", "60")
    expect(hook(page, "summary")).to_contain_text("blind 7 made, 7 of 7, +140")
    blind_seven(page, 3, 4, [3, 4, 3, 3])
    assert scores(page) == ("0", "121")
    expect(hook(page, "summary")).to_contain_text("blind 7 set, 6 of 7, -140")
    marks = [hook(page, f"blind-{number}-0") for number in (1, 2)]
    for mark in marks:
        expect(mark).to_have_count(1)
        assert "blind 7" in mark.inner_text()
    page.close()
