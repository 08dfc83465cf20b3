"""The set-up's controls for the house rules that came with blind bids: where
a failed nil's tricks go (three choices), the doubled big bid, and blind bids
with their smallest contract and deficit. Each says its rule in a line below
it, as a switch's label holds one line only."""

from typing import Any

import flet as ft

from scorekeeper.core.rules import FailedNilTricks
from scorekeeper.i18n import _, is_rtl
from scorekeeper.ui.screens.menus import menu, picker
from scorekeeper.ui.screens.widgets import Bind, wrapping_switch
from scorekeeper.ui.state import AppState
from scorekeeper.ui.state.setup import BLIND_FIELDS
from scorekeeper.ui.text import (
    MORE_RULE_LABELS,
    RULE_EXPLANATIONS,
    RULE_NAMES,
    rule_value,
    sentence,
)

# what each choice of a failed nil's tricks plays, in full
FAILED_NIL_EXPLANATIONS = {
    FailedNilTricks.BAGS: lambda: _(
        "A failed nil's tricks are its side's bags; they never help the partner's bid."
    ),
    FailedNilTricks.COUNT_FOR_PARTNER: lambda: _(
        "A failed nil's tricks help the partner make their bid; those over it are bags."
    ),
    FailedNilTricks.IGNORED: lambda: _(RULE_EXPLANATIONS["failed_nil_tricks"]),
}


def explanation(text: str) -> ft.Text:
    return ft.Text(text, size=12, italic=True)


def number_field(state: AppState, on: Bind, name: str) -> ft.TextField:
    return ft.TextField(
        label=_(MORE_RULE_LABELS[name]),
        rtl=is_rtl(),
        keyboard_type=ft.KeyboardType.NUMBER,
        dense=True,
        error_max_lines=3,
        on_change=on(state.set_rule, name, with_value=True),
    )


class MoreRules:
    """The failed nil's choice, the doubled big bid and blind bids."""

    def __init__(self, state: AppState, on: Bind) -> None:
        self.state = state
        title = sentence(_(RULE_NAMES["failed_nil_tricks"]))
        self.failed_nil_named = menu(
            title,
            [
                (choice.value, sentence(rule_value("failed_nil_tricks", choice.value)))
                for choice in FailedNilTricks
            ],
            on(state.set_rule, "failed_nil_tricks", with_value=True),
            identifier="rule-failed-nil",
            expand=True,
        )
        self.failed_nil = picker(self.failed_nil_named)
        self.failed_nil_says = explanation("")
        self.failed_nil_row = ft.Column([self.failed_nil_named, self.failed_nil_says], spacing=2)
        self.switches: dict[str, ft.Switch] = {}
        self.double = self.switch(on, "big_bid_double")
        self.double_row = ft.Column(
            [self.double, explanation(_(RULE_EXPLANATIONS["big_bid_double"]))], spacing=2
        )
        self.blind = self.switch(on, "blind_bids")
        self.blind_fields = {name: number_field(state, on, name) for name in BLIND_FIELDS}
        self.blind_more = ft.Column(list(self.blind_fields.values()), spacing=8)
        said = ft.Column([self.blind, explanation(_(RULE_EXPLANATIONS["blind_bids"]))], spacing=2)
        # room above the fields: a field's label floats over its top border
        self.blind_row = ft.Column([said, self.blind_more], spacing=10)

    def switch(self, on: Bind, name: str) -> ft.Semantics:
        """A rule's switch, its words wrapping beside it."""
        control = ft.Switch(
            label=_(MORE_RULE_LABELS[name]),
            on_change=on(self.state.set_rule, name, with_value=True),
        )
        self.switches[name] = control
        return ft.Semantics(identifier=f"rule-{name}", content=wrapping_switch(control))

    def sync(
        self, rules: dict[str, Any], errors: dict[str, str], partners: bool, typed: bool
    ) -> None:
        """Copy the form's rules in; `typed`: the text fields still hold what
        was typed (written only when the rules changed otherwise)."""
        choice = FailedNilTricks(rules["failed_nil_tricks"])
        self.failed_nil.value = choice.value
        self.failed_nil_says.value = FAILED_NIL_EXPLANATIONS[choice]()
        # a side of one has no partner: only shown there if a rule set chose it
        self.failed_nil_row.visible = partners or choice is not FailedNilTricks.BAGS
        for name, switch in self.switches.items():
            switch.value = bool(rules[name])
        self.blind_more.visible = bool(rules["blind_bids"])
        for name, field in self.blind_fields.items():
            if not typed:
                field.value = rules[name]
            field.error = errors.get(f"rules.{name}")

    @property
    def controls(self) -> list[ft.Control]:
        return [self.failed_nil_row, self.double_row, self.blind_row]
