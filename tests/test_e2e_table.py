"""The table flow in real Chromium against the served app: deleted hands,
games that must keep opening, and two phones on one game."""

import pytest
from playwright.sync_api import Page, expect

from tests.served import (
    PHONE,
    enter_hand,
    expect_score,
    hook,
    load,
    new_game,
    open_keeper_link,
    pick,
    reveal,
    scores,
    settle,
)

pytestmark = pytest.mark.e2e


def reopen_from_home(page: Page) -> None:
    page.get_by_role("button", name="Home").click()
    settle(page)
    page.locator('[flt-semantics-identifier^="resume-"]').first.click()


def delete_hand_being_edited(page: Page, number: int) -> None:
    reveal(page, page.get_by_role("button", name=f"Edit hand {number}")).click()
    expect(page.get_by_role("heading", name=f"Edit hand {number}")).to_be_visible()
    settle(page)
    reveal(page, page.get_by_role("button", name=f"Delete hand {number}")).click()
    expect(page.get_by_text(f"Delete hand {number}?")).to_be_visible()  # it asks first
    settle(page)
    page.get_by_role("button", name=f"Delete hand {number}").click()
    expect(hook(page, "message")).to_have_text(f"Hand {number} was deleted.")


def test_deleting_the_hand_being_edited_leaves_nothing_behind(page):
    new_game(page)
    enter_hand(page, [3, 3, 3, 3], [4, 3, 3, 3])  # 61 - 60
    enter_hand(page, [4, 4, 2, 2], [4, 4, 3, 2])  # hand 2, to be deleted
    enter_hand(page, [2, 2, 2, 2], [3, 2, 4, 4])  # 82 + 40
    delete_hand_being_edited(page, 2)
    before = scores(page)
    reopen_from_home(page)
    expect(page.get_by_role("button", name="Enter hand")).to_be_visible()
    expect(page.get_by_role("heading", name="Edit hand 2")).to_have_count(0)
    assert scores(page) == before


def test_a_game_whose_last_hand_was_deleted_mid_edit_still_opens_and_plays(page, app):
    new_game(page)
    enter_hand(page, [3, 3, 3, 3], [4, 3, 3, 3])
    enter_hand(page, [4, 4, 2, 2], [4, 4, 3, 2])
    delete_hand_being_edited(page, 2)
    reopen_from_home(page)
    enter_hand(page, [3, 3, 3, 3], [3, 4, 3, 3])  # Next: tricks and Save work
    assert scores(page) == ("121", "121")
    load(page, app.url)  # and again after a reload
    page.locator('[flt-semantics-identifier^="resume-"]').first.click()
    expect_score(page, 0, 121)


def test_two_phones_entering_the_same_hand_record_it_once(browser, page, app):
    new_game(page)
    enter_hand(page, [3, 3, 3, 3], [4, 3, 3, 3])
    enter_hand(page, [3, 3, 3, 3], [3, 4, 3, 3])
    other = browser.new_context(viewport=PHONE)  # a second phone: its own browser profile
    try:
        phone_b = other.new_page()
        open_keeper_link(phone_b, app.url)
        load(phone_b, page.url)
        expect_score(phone_b, 0, 121)
        phone_b.get_by_role("button", name="Enter hand").click()
        expect(hook(phone_b, "contracts")).to_be_visible()
        settle(phone_b)
        pick(phone_b, 0, 1)
        expect(hook(phone_b, "bid-0")).to_have_text("1")
        enter_hand(page, [4, 3, 3, 3], [4, 3, 3, 3])  # phone A saves hand 3 first
        expect(hook(phone_b, "message")).to_have_text(
            "Hand 3 was saved on another device: your entry was discarded."
        )
        expect(hook(phone_b, "summary")).to_contain_text("Hand 3, saved on another device")
        expect_score(phone_b, 0, scores(page)[0])
        expect(phone_b.get_by_role("button", name="Enter hand")).to_be_visible()
        assert page.get_by_role("button", name="Edit hand 4").count() == 0
        expect(phone_b.get_by_role("button", name="Edit hand 4")).to_have_count(0)
    finally:
        other.close()


def test_a_lost_connection_is_shown_and_nothing_entered_is_lost(page, app):
    new_game(page)
    page.get_by_role("button", name="Enter hand").click()
    expect(hook(page, "contracts")).to_be_visible()
    settle(page)
    pick(page, 0, 1)
    expect(hook(page, "bid-0")).to_have_text("1")
    banner = page.locator("#connection-lost")
    expect(banner).to_be_hidden()
    app.stop()
    expect(banner).to_be_visible(timeout=15_000)
    expect(banner).to_contain_text("Connection to the scorekeeper lost")
    expect(banner).to_contain_text("Nothing entered so far is lost")
    app.start()  # the same address, as after a restart
    expect(banner).to_be_hidden(timeout=60_000)
    expect(hook(page, "bid-0")).to_have_text("1", timeout=30_000)
