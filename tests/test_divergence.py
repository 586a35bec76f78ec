"""The decision-level screens of issue 46 (scripts/divergence.py, scripts/budget_agreement.py):
departures are real, played from the real table on fresh stock draws, and read 0 where the
two players cannot differ."""

from __future__ import annotations

import argparse
import math
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import budget_agreement  # scripts, found on the path set above
import divergence
import turns

from gin_core import Match, preset
from gin_core.cards import mask_of


def args(*given: str) -> argparse.Namespace:
    """A command line of scripts/divergence.py: the hunter against standard, 2 playouts."""
    base = ["--a", "hunter", "--b", "standard", "--opponent", "simple", "--playouts", "2"]
    return divergence.parser().parse_args([*base, *given])


def test_a_departure_s_tables_keep_the_hands_and_reshuffle_the_stock():
    match = Match(preset("eaai"), seed=3)
    stock = list(match.hand.stock)
    copies = list(divergence.tables(match, 5, 4))
    assert match.hand.stock == stock  # the real table is untouched
    for t in copies:
        assert [mask_of(h) for h in t.hand.hands] == [mask_of(h) for h in match.hand.hands]
        assert sorted(c.index for c in t.hand.stock) == sorted(c.index for c in stock)
    assert len({tuple(c.index for c in t.hand.stock) for t in copies}) > 1


def test_a_walk_plays_each_bot_s_move_at_its_own_view_to_the_match_s_end():
    match = Match(preset("eaai"), seed=4)
    bots = (divergence.arena_bot("hunter", 1), divergence.arena_bot("simple", 2))
    seen = 0
    for player, view, move in turns.turns(match, bots):
        assert match.to_move == player == view.player  # a knock names its melds; legal moves do not
        assert (move.kind, move.card) in {(a.kind, a.card) for a in view.legal_actions}
        seen += 1
    assert match.result is not None and seen > 50


def test_a_move_against_itself_gains_nothing():
    match = Match(preset("eaai"), seed=3)
    move = match.legal_actions()[0]
    seats = divergence.seats_for(args(), 3)
    assert divergence.gain(match, (move, move), seats, args()) == (0.0, 0.0)


def test_the_deciding_seat_plays_on_as_the_baseline_or_as_the_quick_expert():
    assert type(divergence.seats_for(args(), 3)[0]) is type(divergence.arena_bot("hunter", 3))
    assert isinstance(divergence.seats_for(args("--self", "quick"), 3)[0], divergence.QuickExpert)


def test_departures_are_other_legal_moves_and_a_deterministic_player_has_no_twin_noise():
    """The hunter decides the same with any seed, so its twin never departs; the standard level
    departs from it, and each departure names two different moves with a gain a chance can have."""
    decisions: divergence.Decisions = Counter()
    found = list(divergence.departures(args(), 11, decisions))
    for kind in ("draws", "discards"):
        assert decisions["b", kind] == decisions["twin", kind] > 0
    assert found and all(d.who == "b" for d in found)
    for d in found:
        assert d.move != d.base and -1.0 <= d.gain <= 1.0 and d.error >= 0.0 and d.playouts == 2
        assert d.moment in divergence.KINDS[1:]
        assert (d.moment == "draws") == (d.base.split()[0] in ("draw_stock", "draw_pile", "pass"))


def test_a_saved_run_reprints_its_report(tmp_path, capsys):
    found = [divergence.Departure(5, 1, "b", "discard 4D", "discard 6H", 0.03, 0.01, 2, "discards")]
    decisions: divergence.Decisions = Counter({("b", "discards"): 7, ("twin", "discards"): 7})
    saved = tmp_path / "run.json"
    kept = {"commit": "abc", "args": vars(args()) | {"first": 5}, "matches": [5, 6]}
    divergence.save(str(saved), kept, found, decisions)
    divergence.report(found, [5, 6], decisions)
    printed = capsys.readouterr().out
    divergence.reprint(str(saved))
    again = capsys.readouterr().out
    assert again.endswith(printed) and "matches 5-6" in again
    assert "departs    1 times (14.3% of 7)  gain at a departure  +3.00" in printed


def test_the_gain_a_match_sums_a_match_s_departures():
    found = [
        divergence.Departure(1, 1, "b", "x", "y", 0.02, 0.0, 2, "discards"),
        divergence.Departure(1, 2, "b", "x", "y", 0.04, 0.0, 2, "draws"),
        divergence.Departure(2, 1, "b", "x", "y", -0.03, 0.0, 2, "discards"),
        divergence.Departure(2, 1, "twin", "x", "y", 0.5, 0.0, 2, "discards"),
    ]
    n, mean, hw, per_match, match_hw = divergence.clustered(found, "b", [1, 2, 3])
    assert n == 3 and math.isclose(mean, 0.01) and math.isclose(per_match, 0.01)
    assert hw > 0 and match_hw > 0
    n, mean, _, per_match, _ = divergence.clustered(found, "b", [1, 2, 3], "discards")
    assert n == 2 and math.isclose(mean, -0.005) and math.isclose(per_match, -0.01 / 3)
    assert math.isnan(divergence.clustered(found, "b", [1])[2])


def test_the_budget_shares_are_ratios_of_sums_clustered_by_match():
    counts: budget_agreement.Tally = Counter()
    for match, (n, off) in enumerate([(10, 1), (20, 3)]):
        counts["expert", "all", "n", match] = n
        counts["expert", "all", "off", match] = off
    total, share, half = budget_agreement.share(counts, "expert", "all", "off")
    assert (total, share) == (30, 4 / 30) and half > 0
    counts.clear()
    counts["expert", "all", "n", 0] = 4
    assert math.isnan(budget_agreement.share(counts, "expert", "all", "off")[2])
