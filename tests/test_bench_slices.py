"""The judging jobs' slices (scripts/bench_slices.py, run in Pyodide by
scripts/bench_slices_pyodide.mjs): which decisions are sampled, how a slice is measured and
reported."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
import bench_slices  # a script, found on the path set above, as the page's package is
from ginweb.kit.background import SLICE_MS

from gin_core import Match, Phase, preset
from gin_core.bots import make_bot


def test_each_kind_and_stage_of_a_hand_is_sampled_once() -> None:
    """The first draw and discard of seat 0 with a full stock and with a low one; a decision of
    one legal move is none."""
    match = Match(preset("classic"), seed=3)
    bots = [make_bot("standard", 1), make_bot("standard", 2)]
    taken: set[tuple[str, str]] = set()
    found = []
    while not match.records:
        p = match.to_move
        assert p is not None
        view = match.view(p)
        if p == 0:
            sample = bench_slices.sampled(view, taken)
            if len(view.legal_actions) < 2:
                assert sample is None
            elif sample is not None:
                kind = "discard" if view.phase == Phase.DISCARD else "draw"
                late = view.stock_size < bench_slices.LATE_STOCK
                assert sample == f"{kind} {'late' if late else 'early'}"
                found.append(sample)
        match.apply(bots[p].decide(view).action, p)
    assert len(found) == len(set(found)) >= 2


def test_a_slice_is_the_least_of_its_cpu_and_wall_time_and_long_ones_are_kept() -> None:
    out = bench_slices.Slices()
    target = SLICE_MS / 1000
    bench_slices.record(out, 3 * target, 0.5 * target, "a")  # other threads' CPU: the wall's
    bench_slices.record(out, 0.5 * target, 3 * target, "b")  # waiting for a core: the CPU's
    bench_slices.record(out, 3 * target, 3 * target, "c")
    assert out.lengths == [0.5 * target, 0.5 * target, 3 * target]
    assert [where for _, _, where, _ in out.long] == ["c"]


def test_the_report_gives_each_job_s_slices_against_the_target() -> None:
    target = SLICE_MS / 1000
    review = bench_slices.Slices([target] * 19 + [3 * target], runs=1)
    jobs = {"review": review, "hint": bench_slices.Slices()}
    lines = bench_slices.report(jobs).splitlines()
    assert lines[2].startswith("| review | 1 | 20 | ")
    assert lines[2].count("(1.00x)") == 2 and "(3.00x)" in lines[2]
    assert lines[2].endswith("| 1 | 0 |")
    assert not any(line.startswith("| hint") for line in lines)  # no slices: no row
