"""What the page falls back to when stored settings or a link's parameters cannot be used
(web/ginweb/storage/settings.py, params.py; pure): the preset kept with unreadable custom rules, and the
problems listed in the order of the parameters."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from gin_core import preset

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
from ginweb.storage import settings
from ginweb.table import params

GOOD = preset("tournament").replace(knock_limit=7).to_dict()
BAD = {**GOOD, "target": []}


@pytest.mark.parametrize(
    "stored,preset_name,knock_limit,bad",
    [
        ({"preset": "custom"}, "classic", 10, []),  # "custom" without rules: the default preset
        ({"preset": "custom", "rules": BAD}, "classic", 10, ["rules"]),
        ({"preset": "tournament", "rules": BAD}, "tournament", 10, ["rules"]),  # the preset stays
        ({"preset": "custom", "rules": GOOD}, "custom", 7, []),
        ({"preset": "nope", "rules": BAD}, "classic", 10, ["preset", "rules"]),
        ({"preset": 3, "level": "x", "rules": [1]}, "classic", 10, ["level", "preset", "rules"]),
    ],
)
def test_unreadable_rules_fall_back_to_a_preset(stored, preset_name, knock_limit, bad):
    s, reset = settings.from_dict(stored)
    assert reset == bad
    assert s.preset == preset_name and s.game_rules().knock_limit == knock_limit


def test_problems_are_listed_in_the_order_of_the_parameters():
    long = "x" * (params.MAX_VALUE + 1)
    p = params.parse(f"?dealer=2&preset=nope&level={long}&seed=abc&fast=yes", lambda seed, deal: None)
    assert [text.split()[0] for text in p.problems] == ["seed:", "level", "preset", "dealer"]
    assert "characters long" in p.problems[1]
    assert (p.seed, p.deal, p.level, p.preset, p.dealer, p.fast) == (None, None, None, None, None, True)


def test_good_parameters_are_kept():
    given = {"seed": "7", "level": "hard", "preset": "tournament", "dealer": "1"}
    p = params.from_options(given, lambda seed, deal: None)
    assert (p.seed, p.level, p.preset, p.dealer, p.problems) == (7, "hard", "tournament", 1, ())


def test_a_refused_seed_is_a_problem_and_the_rest_still_applies():
    p = params.parse("?seed=42&dealer=0", lambda seed, deal: "not today" if seed == 42 else None)
    assert p.problems == ("seed: not today",) and p.seed is None and p.dealer == 0
