"""Rule metadata (issue 15): every option of Rules has a label, help and range or choices,
and those are exactly what Rules accepts -- the settings form can be built from them alone."""

from __future__ import annotations

from dataclasses import MISSING, fields

import pytest

from gin_core import Rules, RulesError
from gin_core.rules import RULE_FIELDS, RuleField, rule_fields


def test_every_field_has_metadata_in_field_order():
    assert [f.name for f in rule_fields()] == [f.name for f in fields(Rules)]
    for f in rule_fields():
        assert f.label and f.help and f.label[0].isupper() and f.help.endswith(".")
        assert f.kind in ("bool", "int", "choice")
        if f.kind == "int":
            assert f.low <= f.high
        if f.kind == "choice":
            assert f.choices and all(value and label for value, label in f.choices)
            assert len(set(f.values)) == len(f.values)
        else:
            assert not f.choices


def test_defaults_are_allowed_values():
    for f, dc in zip(RULE_FIELDS, fields(Rules), strict=True):
        assert dc.default is not MISSING
        f.check(dc.default)


def _allowed_and_refused(f: RuleField) -> tuple[list[object], list[object]]:
    """Values the metadata says are allowed, and values just outside it."""
    others: list[object] = ["", "x", 1.0, [], {}]
    if f.kind == "bool":
        allowed, refused = [True, False], [0, 1, "true", *others]
    elif f.kind == "int":
        allowed = sorted({f.low, (f.low + f.high) // 2, f.high})
        refused = [f.low - 1, f.high + 1, True, False, float(f.low), str(f.high), *others]
    else:
        allowed = list(f.values)
        refused = [v.upper() for v in f.values] + [0, True, *others]
    (allowed if f.none_means is not None else refused).append(None)
    return allowed, refused


@pytest.mark.parametrize("f", RULE_FIELDS, ids=lambda f: f.name)
def test_ranges_and_choices_agree_with_rules_validation(f):
    allowed, refused = _allowed_and_refused(f)
    for value in allowed:
        f.check(value)
        assert getattr(Rules(**{f.name: value}), f.name) == value
    for value in refused:
        with pytest.raises(RulesError, match=f"rule {f.name} must be"):
            f.check(value)
        with pytest.raises(RulesError, match=f"rule {f.name} must be"):
            Rules(**{f.name: value})


def test_the_one_cross_field_rule():
    with pytest.raises(RulesError, match="need a first upcard"):
        Rules(first_upcard=False, oklahoma=True)
    with pytest.raises(RulesError, match="need a first upcard"):
        Rules(first_upcard=False, spade_doubles=True)


def test_expected_text_names_range_choices_and_none():
    by_name = {f.name: f for f in RULE_FIELDS}
    assert by_name["knock_limit"].expected() == "a whole number from 0 to 10"
    assert by_name["target"].expected() == "a whole number from 1 to 10000, or None (a single hand)"
    assert by_name["stock_end"].expected() == "one of two_left, one_left, empty, wall"
    assert by_name["oklahoma"].expected() == "true or false"
