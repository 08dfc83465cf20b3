"""What every part of the app state writes to (ui/state/shown.py): the
screen, its errors, its message and the question waiting for an answer."""

from scorekeeper.ui.screen import Screen
from scorekeeper.ui.state.shown import Confirm, Shown


def question(answers: list[str]) -> Confirm:
    return Confirm("Delete?", "It goes.", "Delete", "Keep", lambda: answers.append("yes"))


def test_a_new_screen_says_nothing_and_asks_nothing():
    shown = Shown()
    assert shown.screen is Screen.HOME
    assert (shown.errors, shown.message, shown.summary, shown.confirm) == ({}, None, [], None)


def test_a_new_action_clears_what_the_last_one_said_and_closes_its_forms():
    shown = Shown()
    closed: list[str] = []
    shown.when_cleared(lambda: closed.append("penalty form"))
    shown.go(Screen.HAND)
    shown.failed("No.")
    shown.ask(question([]))
    shown.clear()
    assert (shown.errors, shown.message, shown.confirm) == ({}, None, None)
    assert closed == ["penalty form", "penalty form"]  # once for go, once for clear
    assert shown.screen is Screen.HAND


def test_a_failure_is_said_in_the_banner_and_on_the_form_of_the_screen():
    shown = Shown()
    shown.failed("Not saved.")
    assert (shown.message, shown.errors) == ("Not saved.", {})
    for screen, field in ((Screen.HAND, "hand"), (Screen.SETUP, "players")):
        shown.go(screen)
        shown.failed("Not saved.")
        assert (shown.message, shown.errors) == ("Not saved.", {field: "Not saved."})


def test_a_question_runs_its_action_on_yes_only_and_once():
    shown = Shown()
    answers: list[str] = []
    shown.answer(True)  # nothing asked: nothing happens
    shown.ask(question(answers))
    shown.answer(False)
    assert answers == [] and shown.confirm is None
    shown.ask(question(answers))
    shown.answer(True)
    shown.answer(True)
    assert answers == ["yes"] and shown.confirm is None


def test_a_snapshot_puts_back_the_screen_as_it_was_even_after_changes_in_place():
    shown = Shown()
    shown.go(Screen.HAND)
    shown.failed("Before.")
    shown.summary = ["Alex made 4."]
    asked = question([])
    shown.ask(asked)
    restore = shown.snapshot()
    shown.errors["hand"] = "After."
    shown.summary.append("Beth made 3.")
    shown.go(Screen.HOME)
    shown.message = "After."
    restore()
    assert shown.screen is Screen.HAND
    assert (shown.errors, shown.message) == ({"hand": "Before."}, "Before.")
    assert (shown.summary, shown.confirm) == (["Alex made 4."], asked)
    shown.errors["hand"] = "Again."
    shown.summary.append("Again.")
    restore()  # twice: the snapshot is not changed by the screen it put back
    assert (shown.errors, shown.summary) == ({"hand": "Before."}, ["Alex made 4."])
