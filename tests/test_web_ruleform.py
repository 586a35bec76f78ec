"""The rules part of the Settings form (web/ginweb/table/ruleform.py, pure): built from the engine's
rule metadata, and what the controls hold reads back as the same rules."""

from __future__ import annotations

import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from gin_core import PRESETS, Rules, RulesError, preset, rule_fields

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
from ginweb.table import ruleform

FIELDS = rule_fields()


class Controls(HTMLParser):
    """Each element with an id (its attributes), and each select's option texts."""

    def __init__(self) -> None:
        super().__init__()
        self.by_id: dict[str, dict[str, str | None]] = {}
        self.options: dict[str, list[str]] = {}
        self.select: str | None = None
        self.in_option = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.by_id[str(a["id"])] = a
        if tag == "select":
            self.select = str(a.get("id"))
            self.options[self.select] = []
        self.in_option = tag == "option"

    def handle_data(self, data: str) -> None:
        if self.in_option and self.select:
            self.options[self.select].append(data)
            self.in_option = False


def test_every_rule_of_the_engine_has_a_control_with_its_label_and_range():
    html = ruleform.form_html((("Knocking", ("knock_limit",)),), FIELDS)
    c = Controls()
    c.feed(html)
    for f in FIELDS:
        assert f"rule-{f.name}" in c.by_id, f.name
        assert f.label in html
    knock = c.by_id["rule-knock_limit"]
    assert (knock["min"], knock["max"]) == ("0", "10")
    assert "rule-target-none" in c.by_id and "A single hand" in html
    assert c.options["rule-first_dealer"] == ["Cut for the deal", "You", "Computer"]
    assert c.options["rule-stock_end"] == [
        label for _, label in next(f for f in FIELDS if f.name == "stock_end").choices
    ]


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_reads_back_from_its_controls(name):
    rules = preset(name)
    assert ruleform.rules_of(ruleform.controls_of(rules, FIELDS), FIELDS) == rules


def test_a_number_that_is_not_one_names_its_rule():
    controls = ruleform.controls_of(Rules(), FIELDS)
    controls["gin_bonus"] = ruleform.Control("lots")
    with pytest.raises(RulesError, match="gin_bonus"):
        ruleform.rules_of(controls, FIELDS)
    controls["gin_bonus"] = ruleform.Control("5000")
    with pytest.raises(RulesError, match="gin_bonus"):
        ruleform.rules_of(controls, FIELDS)


def test_a_single_hand_is_the_target_none_box():
    controls = ruleform.controls_of(Rules(), FIELDS)
    controls["target"] = ruleform.Control("100", none=True)
    assert ruleform.rules_of(controls, FIELDS).target is None
