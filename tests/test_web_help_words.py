"""The help's "How to play" says the rules of the match being played, checked against what the
engine does under every preset: it said "the lower count wins the difference" whatever the
rules (an equal count is settled with no score under classic, an undercut under tournament)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from gin_core import PRESETS, Rules, Settlement, parse_cards, preset, settle

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))  # the page package lives in web/
from ginweb.table import intents as i
from ginweb.words.rulewords import help_words
from test_web_dispatch import table


def knock(rules: Rules, knocker: str, defender: str) -> Settlement:
    return settle(parse_cards(knocker), parse_cards(defender), rules, knocker=0)


EQUAL = ("4S 5S 6S 7S 9H 9C 9D AC 2H 3C", "7H 7D 7C 2D 3D 4D KD QD JD 6H")  # 6 against 6
UNDERCUT = ("4S 5S 6S 7S 9H 9C 9D AC 2H 3C", "7H 7D 7C 2D 3D 4D KD QD JD AH")  # 6 against 1
GIN = ("4S 5S 6S 9H 9C 9D 2D 3D 4D 5D", "7S 2H 8C 8D JD JC QS 6H 4C KC")  # 7S lays off on gin


@pytest.mark.parametrize("name", list(PRESETS))
def test_the_help_says_what_the_engine_scores_under_every_preset(name: str) -> None:
    rules = preset(name)
    words = help_words(rules)
    tie, under, gin = knock(rules, *EQUAL), knock(rules, *UNDERCUT), knock(rules, *GIN)
    assert (tie.knocker_deadwood, tie.defender_deadwood) == (6, 6)
    assert (tie.kind == "undercut") == ("as low as yours or lower" in words)
    assert (tie.points == 0) == ("Equal counts score nothing." in words)
    assert under.kind == "undercut" and f"undercuts you and adds {under.bonus}." in words
    assert gin.kind == "gin" and f"Gin (no deadwood) adds {gin.bonus} and cannot be undercut" in words
    assert (gin.layoffs != ()) == ("opponent may lay off onto it" in words)
    limit = f"When your deadwood is {rules.knock_limit} or less you may knock"
    assert (limit in words) == (not rules.oklahoma and rules.knock_limit > 0)
    assert (rules.target is None) == ("One hand is played." in words)
    if rules.target is not None:
        assert f"The first to {rules.target} points wins the match" in words


def test_the_help_names_no_rule_the_match_does_not_play() -> None:
    assert "big gin" not in help_words(preset("classic"))
    assert "big gin" in help_words(preset("big_gin"))
    okla = help_words(preset("classic").replace(oklahoma=True))
    assert "first upcard's value (an ace: gin only)" in okla and "10 or less" not in okla
    assert "Only gin ends a hand" in help_words(preset("classic").replace(knock_limit=0))


def test_opening_the_help_writes_the_rules_of_the_match_being_played() -> None:
    d, s, r, _ = table(1)
    d(i.OpenHelp())
    assert r.named("help") == [(help_words(s.match.rules),)]
