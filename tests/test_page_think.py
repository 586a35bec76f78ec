"""The page's decision times per level (scripts/page_think.py, run in Pyodide by
scripts/page_think_pyodide.mjs): the page's slices, the levels on the same deals."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
import page_think  # a script, found on the path set above, as the page's package is
from ginweb.kit.background import SLICE_MS

from gin_core import Match, preset
from gin_core.actions import ActionKind
from gin_core.bots import make_bot
from gin_core.flow import Phase


def test_the_slices_are_the_pages():
    assert page_think.page_slice_ms() == SLICE_MS


def test_each_level_is_timed_on_its_searched_decisions_against_hards():
    times = page_think.measure(["hard", "expert"], 2, seed=5)
    assert [len(t.thinking) for t in times.values()] == [2, 2]
    for t in times.values():
        assert all(0 < longest <= thinking for longest, thinking in zip(t.longest, t.thinking, strict=True))
    lines = page_think.report(times).splitlines()
    assert lines[1].startswith("hard | 2 | ") and lines[1].count("(1.00x)") == 5
    assert lines[2].startswith("expert | 2 | ")


def test_a_decision_s_moment_is_what_it_decides():
    """Draws (and offers), discards and knock chances are told apart by the view alone."""
    simple, match, seen = make_bot("simple", 4), Match(preset("eaai").replace(target=None), seed=7), {}
    while (player := match.to_move) is not None:
        view = match.view(player)
        knocks = any(a.kind == ActionKind.KNOCK for a in view.legal_actions)
        expected = (
            page_think.Moment.DRAW
            if view.phase != Phase.DISCARD
            else page_think.Moment.KNOCK
            if knocks
            else page_think.Moment.DISCARD
        )
        seen[page_think.moment_of(view)] = expected
        assert page_think.moment_of(view) == expected
        match.apply(simple.decide(view).action)
    assert set(seen) == set(page_think.Moment)


def test_the_moments_split_each_level_s_decisions():
    times = page_think.measure(["hard", "expert"], 3, seed=5)
    rows = page_think.report_moments(times).splitlines()[1:]
    for level in ("hard", "expert"):
        counts = [int(r.split(" | ")[2]) for r in rows if r.startswith(f"{level} | ")]
        assert sum(counts) == 3 == len(times[level].moments)
        assert sorted(times[level].thinking) == sorted(
            t for m in page_think.Moment for t in times[level].at(m)
        )
