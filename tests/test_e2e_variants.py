"""Cutthroat and solo in real Chromium at 360x740: set-up, hands to a winner,
a penalty on a hand, everything on a small phone's width."""

import re

import pytest
from playwright.sync_api import expect

from tests.served import (
    SMALL_PHONE,
    enter_hand,
    hook,
    new_game,
    open_app,
    placed,
    reveal,
    scores,
    settle,
    type_into,
)

pytestmark = pytest.mark.e2e


def fits(page) -> None:
    """Nothing wider than the phone, measured once the layout stands still."""
    settle(page)
    width = SMALL_PHONE["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    boxes = page.evaluate(
        """() => [...document.querySelectorAll('flt-semantics')].map(e => {
            const r = e.getBoundingClientRect();
            return [e.getAttribute('flt-semantics-identifier'), r.left, r.right];
        })"""
    )
    for identifier, left, right in boxes:
        assert left >= -1 and right <= width + 1, ("outside the width", identifier)


def test_a_cutthroat_game_to_a_winner(browser, app):
    page = open_app(browser, app.url, SMALL_PHONE)
    new_game(page, ("Ana", "Ben", "Cy"), target=100, variant="3 players")
    expect(hook(page, "side-2")).to_be_visible()
    fits(page)
    page.get_by_role("button", name="Enter hand").click()
    expect(hook(page, "key-17")).to_be_visible()  # 17 tricks a hand
    settle(page)
    fits(page)
    page.get_by_role("button", name="Cancel").click()
    enter_hand(page, [6, 6, 4], [6, 7, 4])
    assert scores(page) == ("60", "61", "40")
    enter_hand(page, [5, 5, 5], [5, 7, 5])
    assert scores(page) == ("110", "113", "90")
    expect(hook(page, "outcome")).to_contain_text("Ben")
    expect(page.get_by_role("button", name="Enter hand")).to_have_count(0)
    fits(page)


def test_a_solo_game_with_a_penalty_to_a_winner(browser, app):
    page = open_app(browser, app.url, SMALL_PHONE)
    new_game(page, ("Ana", "Ben", "Cy", "Di"), target=100, variant="4 solo")
    enter_hand(page, [3, 3, 3, 3], [4, 3, 3, 3])
    assert scores(page) == ("31", "30", "30", "30")
    fits(page)
    reveal(page, page.get_by_role("button", name="Penalty or adjustment on hand 1")).click()
    placed(page, "adjustment")  # the form scrolls itself into view: taps aim once it stands
    page.get_by_role("radio", name="Cy").click()
    type_into(page, "Points (minus for a penalty)", "-40")
    type_into(page, "Reason (optional)", "renege")
    fits(page)
    page.get_by_role("button", name="Save").click()
    expect(hook(page, "adjustment")).to_have_count(0)
    assert scores(page) == ("31", "30", "-10", "30")
    line = re.compile(r"^\W*Cy\W*: -40 \(renege\)$")  # the name between isolate marks
    expect(page.get_by_role("button", name=line)).to_be_visible()
    enter_hand(page, [7, 2, 2, 2], [8, 2, 1, 2])
    assert scores(page) == ("102", "50", "-30", "50")
    expect(hook(page, "outcome")).to_contain_text("Ana")
    fits(page)
