"""Charts (web/ginweb/kit/charts.py, pure): well-formed SVG that scales, a focusable point per
figure with its words, escaped text, and a table holding the same figures."""

from __future__ import annotations

import datetime
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gin_core import Match, preset
from gin_core.bots import make_bot

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
from ginweb.daily import record as daily
from ginweb.daily.model import results_chart
from ginweb.kit import charts
from ginweb.storage import stats

SVG = "{http://www.w3.org/2000/svg}"


def parse(chart: charts.Chart) -> ET.Element:
    root = ET.fromstring(chart.svg)
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == f"0 0 {charts.WIDTH} {charts.HEIGHT}" and root.get("width") is None
    assert root.find(f"{SVG}title").text == chart.table.caption
    return root


def points(root: ET.Element) -> list[ET.Element]:
    found = [g for g in root.iter(f"{SVG}g") if g.get("class") == "chart-point"]
    for g in found:
        assert g.get("tabindex") == "0" and g.get("aria-label") == g.find(f"{SVG}title").text
    return found


@pytest.fixture(scope="module")
def match() -> Match:
    m = Match(preset("classic"), seed=7)
    bots = [make_bot("simple", 1), make_bot("simple", 2)]
    while m.result is None:
        p = m.to_move
        if p is None:
            m.apply("next_hand")
            continue
        m.apply(bots[p].decide(m.view(p)).action, p)
    return m


def test_the_scoreboard_has_a_point_per_hand_with_its_result(match):
    chart = charts.scoreboard(match.records, 100)
    root = parse(chart)
    pts = points(root)
    assert len(pts) == len(match.records) and len(chart.table.rows) == len(match.records)
    assert chart.table.header == ("Hand", "Result", "You", "Computer")
    assert chart.table.rows[-1][2:] == (str(match.scores[0]), str(match.scores[1]))
    for row, g, r in zip(chart.table.rows, pts, match.records, strict=True):
        assert row[0] == str(r.number) and row[1] in g.get("aria-label")
        assert f"You {row[2]}, Computer {row[3]}" in g.get("aria-label")
    assert [ln.get("class") for ln in root.iter(f"{SVG}polyline")] == ["chart-you", "chart-computer"]
    assert len(root.findall(f".//{SVG}polyline")[0].get("points").split()) == len(match.records) + 1
    assert any(ln.get("class") == "chart-target" for ln in root.iter(f"{SVG}line"))
    assert (
        chart.summary
        == f"After {len(match.records)} hands: You {match.scores[0]}, Computer {match.scores[1]}; target 100."
    )


def test_figures_stay_inside_the_view(match):
    root = parse(charts.scoreboard(match.records, 100))
    for c in root.iter(f"{SVG}circle"):
        assert 0 <= float(c.get("cx")) <= charts.WIDTH and 0 <= float(c.get("cy")) <= charts.HEIGHT
    # the target line is drawn at 100 even when nobody came near it
    low = charts.scoreboard(match.records[:1], 100)
    target = next(ln for ln in parse(low).iter(f"{SVG}line") if ln.get("class") == "chart-target")
    assert charts.TOP <= float(target.get("y1")) < charts.HEIGHT - charts.BOTTOM


def test_names_are_escaped(match):
    chart = charts.scoreboard(match.records[:2], 100, names=('<b>&me"', "you'"))
    root = parse(chart)
    assert "<b>" not in chart.svg
    assert all('<b>&me"' in g.get("aria-label") or "you'" in g.get("aria-label") for g in points(root))
    assert chart.table.header[2] == '<b>&me"'  # the table holds data; the page escapes what it writes


@pytest.mark.parametrize(
    "chart",
    [
        charts.scoreboard([], 100),
        charts.rolling_wins([]),
        charts.points_per_hand([]),
        charts.hand_endings({}),
        charts.hand_endings(charts.endings_from_stats(stats.empty())),
        results_chart([]),
    ],
)
def test_no_data_says_so(chart):
    root = parse(chart)
    assert points(root) == [] and chart.table.rows == ()
    assert [t.get("class") for t in root.iter(f"{SVG}text")] == ["chart-empty chart-label"]
    assert chart.summary == root.find(f"{SVG}text").text


def test_rolling_wins_use_the_last_matches():
    won = [True, False, True, True, False, False, True]
    chart = charts.rolling_wins(won, window=3)
    pts = points(parse(chart))
    assert len(pts) == len(won)
    assert [row[2] for row in chart.table.rows] == [
        "1 of 1",
        "1 of 2",
        "2 of 3",
        "2 of 3",
        "2 of 3",
        "1 of 3",
        "1 of 3",
    ]
    assert chart.summary == "1 of 3 of the latest matches won (33%); 7 matches in all."


def test_points_per_hand_go_up_and_down():
    chart = charts.points_per_hand([12, -30, 0, 45])
    root = parse(chart)
    assert len(points(root)) == 4
    assert [r.get("class") for r in root.iter(f"{SVG}rect")] == [
        "chart-up",
        "chart-down",
        "chart-up",
        "chart-up",
    ]
    assert chart.table.rows == (("1", "+12"), ("2", "-30"), ("3", "+0"), ("4", "+45"))
    assert chart.summary == "4 hands, +6.8 points a hand on average."


def test_hand_endings_from_the_statistics():
    data = stats.empty()
    data["you"].update(gins=3, big_gins=1, knocks_won=5, undercuts=2)
    data["computer"].update(gins=2, knocks_won=7, undercuts=1)
    data["hands"]["dead"] = 4
    chart = charts.hand_endings(charts.endings_from_stats(data))
    assert chart.table.header == ("Ending", "You", "Computer", "All")
    assert chart.table.rows == (
        ("Gin", "4", "2", "6"),
        ("Knock", "5", "7", "12"),
        ("Undercut", "2", "1", "3"),
        ("Dead", "", "", "4"),
    )
    assert len(points(parse(chart))) == 7  # a pair of bars per ending, one for dead hands
    assert chart.summary == "25 hands: gin 6, knock 12, undercut 3, dead 4."


def test_daily_results_list_finished_dailies_oldest_first():
    won, lost = (
        daily.Outcome(140, 20, (daily.HandMark.GIN,), 12),
        daily.Outcome(60, 130, (daily.HandMark.LOST,)),
    )
    entries = [
        daily.DayEntry(datetime.date(2026, 11, 25), 3, None),
        daily.DayEntry(datetime.date(2026, 11, 24), 2, lost),
        daily.DayEntry(datetime.date(2026, 11, 23), 1, won),
    ]
    chart = results_chart(entries)
    assert chart.table.rows == (
        ("#1", "2026-11-23", "won 140\u201320", "+12"),
        ("#2", "2026-11-24", "lost 60\u2013130", "not computed"),
    )
    root = parse(chart)
    assert [g.get("aria-label") for g in points(root)] == [
        "Daily #1: won 140\u201320, +12 against the expert",
        "Daily #2: lost 60\u2013130, not computed against the expert",
    ]
    assert chart.summary == "1 of 2 dailies won."


@given(st.lists(st.integers(-500, 500), min_size=1, max_size=80))
def test_any_bars_are_well_formed_and_inside(values):
    root = parse(charts.points_per_hand(values))
    for r in root.iter(f"{SVG}rect"):
        y, h = float(r.get("y")), float(r.get("height"))
        assert y >= charts.TOP - 0.1 and y + h <= charts.HEIGHT - charts.BOTTOM + 0.6 and h > 0
