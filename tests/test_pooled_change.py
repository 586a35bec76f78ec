"""``scripts/pooled_change.py``: a candidate against a baseline pair by pair, pooled over
opponents, from saved parts that may leave gaps."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from gin_core.tools import arena
from gin_core.tools.arena import Part, Tally

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import pooled_change


def saved(
    tmp_path: Path, a: str, b: str, first: int, shares: list[float], nets: list[list[int]] | None = None
) -> str:
    path = tmp_path / f"{a}-{b}-{first}-{len(list(tmp_path.iterdir()))}.json.gz"
    Part(a, b, "eaai", 1, first, Tally(), Tally(), shares, 1.0, nets).save(str(path))
    return str(path)


def test_changes_are_taken_on_the_pairs_both_played_and_pooled_over_opponents(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    early = saved(tmp_path, "cand", "hunter", 10, [1.0, 0.5])
    late = saved(tmp_path, "cand", "hunter", 14, [0.0, 1.0])  # pairs 12-13 never played: a gap
    base = saved(tmp_path, "expert", "hunter", 10, [0.5, 0.5, 1.0, 1.0, 0.5, 0.5])
    other = saved(tmp_path, "cand", "simple", 3, [1.0, 1.0, 0.5])
    other_base = saved(tmp_path, "expert", "simple", 4, [0.5, 1.0, 1.0])
    pooled_change.main(["--pair", f"{early},{late}", base, "--pair", other, other_base])
    lines = capsys.readouterr().out.splitlines()
    hunter = [0.5, 0.0, -0.5, 0.5]  # pairs 10, 11, 14, 15
    simple = [0.5, -0.5]  # pairs 4, 5
    for line, changes in zip(lines, (hunter, simple, hunter + simple), strict=True):
        mean, lo, hi = arena.interval(changes)
        better, worse = sum(x > 0 for x in changes), sum(x < 0 for x in changes)
        assert f"{len(changes)} pairs, better on {better} pairs, worse on {worse}" in line
        assert f"{100 * mean:+.1f} points (95% CI {100 * lo:+.1f} .. {100 * hi:+.1f})" in line
    assert lines[0].startswith("cand v hunter, against expert") and lines[2].startswith("pooled: 6 pairs")


def test_parts_that_are_not_one_run_or_other_deals_are_refused(tmp_path: Path) -> None:
    cand = saved(tmp_path, "cand", "hunter", 0, [1.0])
    with pytest.raises(ValueError, match="parts of different runs"):
        pooled_change.compared(f"{cand},{saved(tmp_path, 'cand', 'simple', 1, [1.0])}", cand)
    with pytest.raises(ValueError, match="not the same deals"):
        pooled_change.compared(cand, saved(tmp_path, "expert", "simple", 0, [1.0]))
    with pytest.raises(ValueError, match="no pair in common"):
        pooled_change.compared(cand, saved(tmp_path, "expert", "hunter", 5, [1.0]))
    with pytest.raises(ValueError, match="pair 0 saved twice"):
        pooled_change.compared(f"{cand},{saved(tmp_path, 'cand', 'hunter', 0, [0.5])}", cand)


def test_a_level_s_parts_join_those_saved_under_the_candidate_it_adopted(tmp_path: Path) -> None:
    """``expertsw`` became the expert (``opponents.ADOPTED``): its parts and the expert's are one
    baseline, as for the arena's ``--merge``; another candidate's are not."""
    cand = saved(tmp_path, "cand", "hunter", 0, [1.0, 1.0])
    old, new = saved(tmp_path, "expertsw", "hunter", 0, [0.5]), saved(tmp_path, "expert", "hunter", 1, [0.0])
    line, found = pooled_change.compared(cand, f"{old},{new}")
    assert found.changes == [0.5, 1.0] and line.startswith("cand v hunter, against expert:")
    with pytest.raises(ValueError, match="parts of different runs"):
        pooled_change.compared(cand, f"{old},{saved(tmp_path, 'expertag', 'hunter', 1, [0.0])}")


def test_a_missing_part_is_a_clear_refusal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cand = saved(tmp_path, "cand", "hunter", 0, [1.0])
    with pytest.raises(SystemExit):
        pooled_change.main(["--pair", cand, str(tmp_path / "none.json.gz")])
    assert "No such file" in capsys.readouterr().err


def test_net_points_a_hand_are_compared_on_the_same_pairs_and_pooled(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The change of net points a hand is the arena's :func:`points_change` over the pairs both
    played (the candidate's nets at pairs 11 and 12 against the baseline's there), pooled over
    opponents; a part saved without nets leaves the points out rather than guessing them."""
    cand = saved(tmp_path, "cand", "hunter", 11, [1.0, 0.5, 0.0], [[30, 9], [-4, 8], [-20, 10]])
    base = saved(tmp_path, "expert", "hunter", 10, [0.5, 0.5, 1.0], [[0, 7], [12, 9], [8, 8]])
    other = saved(tmp_path, "cand", "simple", 0, [1.0, 1.0], [[40, 8], [25, 9]])
    other_base = saved(tmp_path, "expert", "simple", 0, [0.5, 1.0], [[10, 9], [30, 7]])
    pooled_change.main(["--pair", cand, base, "--pair", other, other_base])
    lines = capsys.readouterr().out.splitlines()
    hunter = ([[30, 9], [-4, 8]], [[12, 9], [8, 8]])
    simple = ([[40, 8], [25, 9]], [[10, 9], [30, 7]])
    pooled = (hunter[0] + simple[0], hunter[1] + simple[1])
    for line, (mine, theirs) in zip(lines, (hunter, simple, pooled), strict=True):
        change, lo, hi = arena.points_change(mine, theirs)
        assert line.endswith(f"change of net points a hand {change:+.2f} (95% CI {lo:+.2f} .. {hi:+.2f})")
    bare = saved(tmp_path, "expert", "hunter", 11, [0.5])
    line, found = pooled_change.compared(cand, bare)
    assert found.mine is None and "net points" not in line


def test_the_points_change_is_a_paired_ratio_difference_with_its_interval() -> None:
    """Worked by hand: equal rates change by 0, the two pairs' deviations (+1 and -1 hands'
    worth) give a variance of 1; a candidate that nets 2 points more in every hand of every
    pair changes by exactly 2 with no spread; swapping the two sides negates the change."""
    assert arena.points_change([[10, 5], [0, 5]], [[5, 5], [5, 5]]) == pytest.approx((0.0, -1.96, 1.96))
    theirs = [[12, 9], [-8, 8], [3, 10]]
    mine = [[d + 2 * h, h] for d, h in theirs]
    assert arena.points_change(mine, theirs) == pytest.approx((2.0, 2.0, 2.0))
    change, lo, hi = arena.points_change([[30, 9], [-4, 8], [5, 7]], theirs)
    assert arena.points_change(theirs, [[30, 9], [-4, 8], [5, 7]]) == pytest.approx((-change, -hi, -lo))
