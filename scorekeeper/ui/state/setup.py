"""Setting up a new game: the variant, the players and the house rules, as
typed. Nothing is checked until Start, which reports every problem at once."""

import copy
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.core import game as ops
from scorekeeper.core.model import Variant
from scorekeeper.core.rules import INT_RULES, PRESETS, RuleSet, rules_from_dict
from scorekeeper.errors import Clipped, InvalidGameError, InvalidRulesError, Problem
from scorekeeper.i18n import _
from scorekeeper.storage.store import now
from scorekeeper.ui.screen import Screen
from scorekeeper.ui.state.open_game import OpenGame
from scorekeeper.ui.state.shown import Restore, Shown
from scorekeeper.ui.state.tonight import session_to_join
from scorekeeper.ui.text import num

BLIND_FIELDS = ("blind_bid_min", "blind_bid_deficit")  # shown while blind bids are on


def rule_fields(rules: RuleSet) -> dict[str, Any]:
    """The rules as the form shows them: numbers as text, switches as bools."""
    return {
        name: ("" if value is None else str(value)) if name in INT_RULES else value
        for name, value in rules.to_dict(everything=True).items()
    }


@dataclass
class SetupForm:
    variant: Variant = Variant.PARTNERSHIP
    names: list[str] = field(default_factory=lambda: ["", "", "", ""])
    team_names: list[str] = field(default_factory=lambda: ["", ""])  # optional, 4 players
    first_dealer: int = 0
    preset: str = "standard"
    customizing: bool = False
    # the house rules as shown: numbers as typed text, switches as bools
    rules: dict[str, Any] = field(default_factory=lambda: rule_fields(RuleSet()))
    rules_revision: int = 0  # goes up when the rules change other than by typing


def parse_rule_fields(fields: dict[str, Any]) -> RuleSet:
    """Typed text to a RuleSet; InvalidRulesError lists every bad field, each
    message said for its own field (shown under it): what to type instead."""
    values: dict[str, Any] = {}
    problems: list[Problem] = []
    for name, raw in fields.items():
        if name not in INT_RULES:
            values[name] = raw
            continue
        low, high, nullable = INT_RULES[name]
        text = str(raw).strip()
        if not text and nullable:
            values[name] = None
            continue
        try:
            number: int | None = int(text)
        except ValueError:
            number = None
        if number is not None and low <= number <= high:
            values[name] = number
            continue
        off = _(", or leave it empty for off") if nullable else ""
        problems.append(
            Problem(
                f"rules.{name}",
                _("{value!r} is not a whole number from {low} to {high}: type one{off}").format(
                    value=Clipped(text), low=num(low), high=num(high), off=off
                ),
            )
        )
    try:
        rules = rules_from_dict(values)
    except InvalidRulesError as error:
        problems.extend(error.problems)
    if problems:
        raise InvalidRulesError(tuple(problems))
    return rules


class Setup:
    """The set-up form; Start turns it into a stored game."""

    def __init__(self, current: OpenGame, shown: Shown) -> None:
        self.current = current
        self.shown = shown
        self.form = SetupForm()

    def new_game(self) -> None:
        self.shown.go(Screen.SETUP)
        self.form = SetupForm()

    def set_variant(self, variant: Variant) -> None:
        self.form.variant = variant
        self.form.names = [*self.form.names, "", ""][: variant.player_count]
        self.form.first_dealer = min(self.form.first_dealer, variant.player_count - 1)
        self.shown.errors = {}

    def set_name(self, seat: int, name: str) -> None:
        self.form.names[seat] = name
        self.shown.errors.pop(f"players.{seat}", None)
        self.shown.errors.pop("players", None)

    def set_team_name(self, side: int, name: str) -> None:
        self.form.team_names[side] = name
        self.shown.errors.pop(f"team_names.{side}", None)

    def set_first_dealer(self, seat: int) -> None:
        if 0 <= seat < self.form.variant.player_count:  # a page sends only its players
            self.form.first_dealer = seat

    def set_preset(self, name: str) -> None:
        if name in PRESETS:
            self.form.preset = name
            self.form.rules = rule_fields(PRESETS[name])
            self.form.rules_revision += 1
            errors = self.shown.errors
            self.shown.errors = {k: v for k, v in errors.items() if not k.startswith("rules.")}

    def set_customizing(self, on: bool) -> None:
        self.form.customizing = on

    def set_rule(self, name: str, value: Any) -> None:
        self.form.rules[name] = value
        self.shown.errors.pop(f"rules.{name}", None)
        if name == "blind_bids" and not value:
            # its two fields fold away with it: back to their defaults, so no
            # hidden typo stops Start and the record keeps no unused blind rule
            defaults = rule_fields(RuleSet())
            for rule in BLIND_FIELDS:
                self.form.rules[rule] = defaults[rule]
                self.shown.errors.pop(f"rules.{rule}", None)
            self.form.rules_revision += 1

    def start_game(self) -> None:
        """Check the whole form (every problem at once), then store the game."""
        self.shown.clear()
        problems: list[Problem] = []
        rules = RuleSet()
        try:
            rules = parse_rule_fields(self.form.rules)
        except InvalidRulesError as error:
            problems.extend(error.problems)
        form = self.form
        try:
            teams = form.team_names if form.variant is Variant.PARTNERSHIP else ()
            new = ops.new_game(form.variant, form.names, form.first_dealer, rules, teams)
        except InvalidGameError as error:
            problems.extend(error.problems)
        if problems:
            self.shown.errors = {p.field: p.message for p in problems}
            return
        store = self.current.store
        joined = session_to_join(store, new.players, now())
        saved = store.create(new, after=joined.previous if joined else None)
        self.current.show(saved)
        self.current.joined = joined
        self.current.sessions_changed = joined is not None

    def snapshot(self) -> Restore:
        form = copy.deepcopy(self.form)  # its lists change in place

        def restore() -> None:
            self.form = copy.deepcopy(form)

        return restore
