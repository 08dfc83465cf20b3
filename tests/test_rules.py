import pytest

from scorekeeper.core.rules import PRESETS, FailedNilTricks, RuleSet, preset_name, rules_from_dict
from scorekeeper.errors import InvalidRulesError


def test_defaults_are_the_seed_rules():
    r = RuleSet()
    assert (r.target, r.bag_limit, r.bag_penalty, r.nil_bonus, r.blind_nil_bonus) == (
        500,
        10,
        100,
        100,
        200,
    )
    assert r.failed_nil_tricks is FailedNilTricks.BAGS and r.mercy is None
    assert r.allow_nil and r.allow_blind_nil and r.blind_nil_min_deficit is None
    assert r.min_side_bid == 0 and preset_name(r) == "standard"


def test_overrides_round_trip():
    r = rules_from_dict({"target": 300, "failed_nil_tricks": "count_for_partner", "mercy": -200})
    assert r.overrides() == {"target": 300, "failed_nil_tricks": "count_for_partner", "mercy": -200}
    assert rules_from_dict(r.to_dict()) == r


def test_unknown_and_bad_values_all_reported():
    with pytest.raises(InvalidRulesError) as info:
        rules_from_dict(
            {
                "tagret": 500,
                "bag_limit": 0,
                "mercy": 50,
                "nil_bonus": "100",
                "allow_nil": 1,
                "failed_nil_tricks": "partner",
            }
        )
    messages = {p.field: p.message for p in info.value.problems}
    assert "unknown house rule 'tagret'" in messages["rules.tagret"]
    assert (
        "from 1 to 1000" in messages["rules.bag_limit"] and "got 0" in messages["rules.bag_limit"]
    )
    assert "or null (off), got 50" in messages["rules.mercy"]
    assert "got '100'" in messages["rules.nil_bonus"]
    assert "true or false, got 1" in messages["rules.allow_nil"]
    assert "got 'partner'" in messages["rules.failed_nil_tricks"]


def test_rules_must_be_an_object():
    with pytest.raises(InvalidRulesError, match="got \\[1\\]"):
        rules_from_dict([1])  # type: ignore[arg-type]


def test_presets_are_valid_and_distinct():
    assert len(set(PRESETS.values())) == len(PRESETS)
    for name, rules in PRESETS.items():
        assert preset_name(rules) == name
        assert rules_from_dict(rules.to_dict()) == rules
