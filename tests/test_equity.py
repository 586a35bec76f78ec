"""The match equity tables: exact on small cases, symmetric, monotone, 1 and 0 at the target."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from gin_core import ArgumentError, preset
from gin_core.equity import SCALE, MatchEquity, Outcomes, decode, encode, equity_for, solve, starter
from gin_core.equity_data import OUTCOMES, SHAPES
from gin_core.presets import PRESETS

TARGETED = [name for name in PRESETS if preset(name).target is not None]


def test_a_fair_coin_to_two_points():
    """Each hand is a point to either player, evenly: from 1-0 the leader wins 3 in 4."""
    rules = preset("eaai").replace(target=2)
    table = solve(rules, Outcomes(((-1, 0.5), (1, 0.5))))
    for d in (0, 1):
        assert table[d][0][0] == pytest.approx(0.5)
        assert table[d][1][0] == pytest.approx(0.75)
        assert table[d][0][1] == pytest.approx(0.25)
        assert table[d][1][1] == pytest.approx(0.5)


def test_one_hand_to_the_target_with_dead_hands():
    """To 1 point: the match is the first scored hand. The starter (the non-dealer) scores with
    chance 0.6 of the scored hands; dead hands (0) are dealt again by the same dealer."""
    rules = preset("eaai").replace(target=1)
    table = solve(rules, Outcomes(((-5, 0.2), (0, 0.5), (5, 0.3))))
    assert table[1][0][0] == pytest.approx(0.6)  # player 1 deals: player 0 starts
    assert table[0][0][0] == pytest.approx(0.4)


def test_who_deals_next_follows_the_rules():
    """The winner deals next, so the loser of a hand starts the next (the starter's edge)."""
    rules = preset("eaai").replace(target=2, next_dealer="winner")
    table = solve(rules, Outcomes(((-1, 0.4), (1, 0.6))))
    # player 0 leads 1-0 and deals: player 1 starts and wins the hand 0.6; then at 1-1 player
    # 1 deals, player 0 starts and wins the deciding hand 0.6
    assert table[0][1][0] == pytest.approx(0.4 + 0.6 * 0.6)
    # the loser deals: player 1 starts that deciding hand too
    loser = solve(rules.replace(next_dealer="loser"), Outcomes(((-1, 0.4), (1, 0.6))))
    assert loser[0][1][0] == pytest.approx(0.4 + 0.6 * 0.4)


def test_the_starter_without_an_upcard_is_the_lower_score():
    rules = preset("no_upcard")
    assert starter(rules, 0, (10, 20)) == 0  # the dealer is behind: the dealer starts
    assert starter(rules, 0, (20, 10)) == 1
    assert starter(rules, 0, (10, 10)) == 1  # a tie: the non-dealer
    assert starter(preset("eaai"), 0, (10, 20)) == 1


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_solved_tables_are_symmetric(name):
    """Player 0's chance plus player 1's, from the same score and dealer, is 1 (no ties: the
    player who reaches the target wins)."""
    rules = preset(name).replace(target=30)
    table = solve(rules, Outcomes.from_counts(dict(OUTCOMES[name])))
    for a in range(30):
        for b in range(30):
            assert table[0][a][b] + table[1][b][a] == pytest.approx(1.0)


@pytest.mark.parametrize("name", TARGETED)
def test_shipped_tables_are_monotone_and_bounded(name):
    rules = preset(name)
    equity = equity_for(rules)
    assert equity is not None
    n = rules.target
    assert n is not None
    for deals in (True, False):
        for a in range(n + 1):
            for b in range(n + 1 if a < n else n):  # both at the target: no such score
                p = equity.chance(a, b, deals)
                assert 0.0 <= p <= 1.0
                # more points never hurt, unless they cost the start (without an upcard the
                # lower score starts: at 0-0 a point for the opponent hands you the start)
                dealer = 0 if deals else 1
                first = starter(rules, dealer, (a, b))
                if b < n and starter(rules, dealer, (a + 1, b)) == first:
                    assert equity.chance(a + 1, b, deals) >= p
                if a < n and starter(rules, dealer, (a, b + 1)) == first:
                    assert equity.chance(a, b + 1, deals) <= p
                assert p + equity.chance(b, a, not deals) == pytest.approx(1.0)
        assert equity.chance(n, 0, deals) == 1.0
        assert equity.chance(n + 40, n - 1, deals) == 1.0
        assert equity.chance(n - 1, n, deals) == 0.0
        assert 0.4 < equity.chance(0, 0, deals) < 0.6


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_shipped_tables_are_solved_from_their_outcomes(name):
    """The data is what :func:`solve` makes of the outcomes shipped with it (to 1/SCALE)."""
    rules = preset(name)
    table = solve(rules, Outcomes.from_counts(dict(OUTCOMES[name])))
    equity = equity_for(rules)
    assert equity is not None
    n = equity.target
    for a in range(0, n, 7):
        for b in range(0, n, 3):
            assert equity.chance(a, b, True) == pytest.approx(table[0][a][b], abs=1.01 / SCALE)


def test_encoding_round_trips_to_the_unit():
    rows = [[(a * 7 + b * 3) % 11 / 10 for b in range(13)] for a in range(13)]
    flat = decode(encode(rows))
    assert flat == [round(SCALE * v) for row in rows for v in row]


def test_one_hand_rules_have_no_table_and_custom_rules_are_scaled():
    assert equity_for(preset("openspiel")) is None
    custom = equity_for(preset("eaai").replace(target=200))
    assert isinstance(custom, MatchEquity)
    base = equity_for(preset("eaai"))
    assert base is not None
    assert custom.chance(150, 100, True) == base.chance(75, 50, True)


@pytest.mark.skipif(os.environ.get("GIN_PYODIDE") == "1", reason="Pyodide runs no subprocess")
def test_the_tables_load_only_when_first_needed():
    """Importing the engine (the page's start-up) reads no table."""
    code = "import sys, gin_core; print('gin_core.equity_data' in sys.modules, 'zlib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


@pytest.mark.parametrize(("mine", "theirs"), [(-1, 5), (5, -1), (-100, -100)])
def test_a_negative_score_is_refused_not_read_from_a_wrapped_cell(mine, theirs):
    equity = equity_for(preset("classic"))
    assert equity is not None
    with pytest.raises(ArgumentError, match="never negative"):
        equity.chance(mine, theirs, True)
