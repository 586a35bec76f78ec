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


def saved(tmp_path: Path, a: str, b: str, first: int, shares: list[float]) -> str:
    path = tmp_path / f"{a}-{b}-{first}-{len(list(tmp_path.iterdir()))}.json.gz"
    Part(a, b, "eaai", 1, first, Tally(), Tally(), shares, 1.0).save(str(path))
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


def test_a_missing_part_is_a_clear_refusal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cand = saved(tmp_path, "cand", "hunter", 0, [1.0])
    with pytest.raises(SystemExit):
        pooled_change.main(["--pair", cand, str(tmp_path / "none.json.gz")])
    assert "No such file" in capsys.readouterr().err
