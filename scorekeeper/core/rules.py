"""House rules as data. A game stores its full rule set, so an old game is
always re-scored by the rules it was played with."""

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from enum import StrEnum
from typing import Any

from scorekeeper.errors import Clipped, InvalidRulesError, Problem
from scorekeeper.i18n import _


class FailedNilTricks(StrEnum):
    """Where the tricks of a nil bidder go."""

    BAGS = "bags"  # always bags for the side, never toward the partner's contract
    COUNT_FOR_PARTNER = "count_for_partner"  # help the partner's contract, bags above it
    IGNORED = "ignored"  # neither help the partner nor count as bags


class Bidding(StrEnum):
    """How the table bids."""

    STANDARD = "standard"
    SUICIDE = "suicide"  # partnerships: exactly one partner of each side bids nil


@dataclass(frozen=True)
class RuleSet:
    """Every house rule. The defaults are the seed rules."""

    target: int = 500
    bag_limit: int = 10
    bag_penalty: int = 100
    nil_bonus: int = 100
    blind_nil_bonus: int = 200
    failed_nil_tricks: FailedNilTricks = FailedNilTricks.BAGS
    mercy: int | None = None  # a side at or below this score loses
    allow_nil: bool = True
    allow_blind_nil: bool = True
    blind_nil_min_deficit: int | None = None  # blind nil only when trailing by this much
    min_side_bid: int = 0  # smallest contract of a side without a nil bidder (0: off)
    big_bid_min: int | None = None  # a contract this big scores +/-big_bid_points
    big_bid_points: int = 200
    overtrick_points: int = 1  # what a bag scores: 1, or 0 where bags only count
    max_hands: int | None = None  # the game ends after this many hands
    bidding: Bidding = Bidding.STANDARD
    big_bid_double: bool = False  # a big bid scores +/-20 x contract instead
    blind_bids: bool = False  # a side may bid its contract blind ("blind 6")
    blind_bid_min: int = 6  # the smallest blind contract of a side
    blind_bid_deficit: int | None = 100  # blind only when trailing by this much

    def to_dict(self, everything: bool = False) -> dict[str, Any]:
        """Every rule; each group of rules added later only when one of them is
        not its default (or `everything`), so a record that uses none of them
        reads exactly as it did before they existed."""
        data = asdict(self)
        data["failed_nil_tricks"] = self.failed_nil_tricks.value
        data["bidding"] = self.bidding.value
        for group in LATER_RULE_GROUPS:
            if not everything and all(data[name] == _DEFAULTS[name] for name in group):
                for name in group:
                    del data[name]
        return data

    def overrides(self) -> dict[str, Any]:
        """Only the rules that differ from the defaults."""
        return {k: v for k, v in self.to_dict().items() if _DEFAULTS[k] != v}


RULE_NAMES: tuple[str, ...] = tuple(f.name for f in fields(RuleSet))
# Rules added after the first records were written, in the groups they came in.
LATER_RULES = ("big_bid_min", "big_bid_points", "overtrick_points", "max_hands", "bidding")
BIG_AND_BLIND_RULES = ("big_bid_double", "blind_bids", "blind_bid_min", "blind_bid_deficit")
LATER_RULE_GROUPS = (LATER_RULES, BIG_AND_BLIND_RULES)
_DEFAULTS: dict[str, Any] = {
    f.name: f.default.value if isinstance(f.default, StrEnum) else f.default
    for f in fields(RuleSet)
}

# name -> (smallest, largest, may be null)
INT_RULES: dict[str, tuple[int, int, bool]] = {
    "target": (1, 100_000, False),
    "bag_limit": (1, 1_000, False),
    "bag_penalty": (0, 100_000, False),
    "nil_bonus": (0, 100_000, False),
    "blind_nil_bonus": (0, 100_000, False),
    "mercy": (-100_000, -1, True),
    "blind_nil_min_deficit": (0, 100_000, True),
    "min_side_bid": (0, 13, False),
    "big_bid_min": (1, 17, True),  # and at most the variant's tricks per hand
    "big_bid_points": (1, 100_000, False),
    "overtrick_points": (0, 1, False),
    "max_hands": (1, 2_000, True),
    "blind_bid_min": (1, 17, False),  # and at most the variant's tricks per hand
    "blind_bid_deficit": (0, 100_000, True),
}
_BOOLS = ("allow_nil", "allow_blind_nil", "big_bid_double", "blind_bids")


def rules_from_dict(data: Mapping[str, Any] | None, base: RuleSet | None = None) -> RuleSet:
    """Build a rule set from overrides, reporting every bad name or value."""
    base = base or RuleSet()
    if data is None:
        return base
    if not isinstance(data, Mapping):
        raise InvalidRulesError(
            (
                Problem(
                    "rules",
                    _("rules must be an object of name: value, got {value!r}").format(
                        value=Clipped(data)
                    ),
                ),
            )
        )
    problems: list[Problem] = []
    values: dict[str, Any] = {}
    for name, value in data.items():
        if name not in RULE_NAMES:
            problems.append(
                Problem(
                    f"rules.{name}",
                    _("unknown house rule {name!r}; known rules: {known}").format(
                        name=name, known=", ".join(RULE_NAMES)
                    ),
                )
            )
            continue
        problem = _check_rule(name, value)
        if problem:
            problems.append(Problem(f"rules.{name}", problem))
        elif name == "failed_nil_tricks":
            values[name] = FailedNilTricks(value)
        elif name == "bidding":
            values[name] = Bidding(value)
        else:
            values[name] = value
    if problems:
        raise InvalidRulesError(tuple(problems))
    return replace(base, **values)


def _check_rule(name: str, value: Any) -> str | None:
    if name == "failed_nil_tricks":
        allowed = [m.value for m in FailedNilTricks]
        if value not in allowed:
            return _("failed_nil_tricks must be one of {allowed}, got {value!r}").format(
                allowed=", ".join(allowed), value=Clipped(value)
            )
        return None
    if name == "bidding":
        choices = [m.value for m in Bidding]
        if value not in choices:
            return _("bidding must be one of {allowed}, got {value!r}").format(
                allowed=", ".join(choices), value=Clipped(value)
            )
        return None
    if name in _BOOLS:
        if not isinstance(value, bool):
            return _("{name} must be true or false, got {value!r}").format(
                name=name, value=Clipped(value)
            )
        return None
    low, high, nullable = INT_RULES[name]
    if value is None and nullable:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        off = _(" or null (off)") if nullable else ""
        return _("{name} must be a whole number from {low} to {high}{off}, got {value!r}").format(
            name=name, low=low, high=high, off=off, value=Clipped(value)
        )
    return None


# Common tables' presets; "standard" is the seed rules.
PRESETS: dict[str, RuleSet] = {
    "standard": RuleSet(),
    "short": RuleSet(target=300),
    "quick": RuleSet(target=250),
    "mercy": RuleSet(mercy=-200),
    "big_bids": RuleSet(big_bid_min=10),  # 10 for 200
    "no_bags": RuleSet(overtrick_points=0),  # bags counted, never scored
    "suicide": RuleSet(bidding=Bidding.SUICIDE),  # partnerships only
    "ten_hands": RuleSet(max_hands=10),  # an evening's league game
    "bags_cancel": RuleSet(bag_penalty=110),  # "110": the 10 bags' points go too
    "double_on_10": RuleSet(big_bid_min=10, big_bid_double=True),  # 10 for 200, 11 for 220
    "blind_6": RuleSet(blind_bids=True),  # blind 6 or more when 100 behind
}


def preset_name(rules: RuleSet) -> str | None:
    """The preset a rule set matches exactly, if any."""
    return next((name for name, preset in PRESETS.items() if preset == rules), None)
