"""Issue 42 in the browser: New match asks for the Seating first; every seating of the engine
(gin_core's SEATINGS, Hollywood at a partners' table included; seats/seatings.py their words) is
played to the end of a hand at 1280x800 and 390x844 with axe clean, comes back the same after a
reload mid-hand, is counted in the statistics under its seating (not in the two-player
record), and a covered hand-over shows no card of any hand in the page, its
accessibility tree or storage in clear. Screenshots in artifacts/onetable/."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gin_e2e import ROOT
from test_a11y import SIZES, Audit
from test_game import FAST, STATS_KEY, open_game
from test_pass_and_play import assert_unseen, everything_readable, named
from test_seats import (
    ALL_CARDS,
    MOVES,
    NEXT,
    READY,
    TABLE_KEY,
    audit_clean,
    in_hands,
    play_hand,
    reload_same,
    sit_down_people,
    stored,
)

from gin_core import SEATINGS, Seating

SHOTS = ROOT / "artifacts" / "onetable"
SEEDS = {str(s): 21 + n for n, s in enumerate(SEATINGS)}  # each seating's deals, the same every run


def shots(page, name: str) -> list[Path]:
    """The page at both sizes, as PNG files."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    old, taken = page.viewport_size, []
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        taken.append(SHOTS / f"{name}-{size}.png")
        page.screenshot(path=str(taken[-1]))
    page.set_viewport_size(old)
    return taken


VISIBLE_FIELDS = (
    "fs => fs.filter(f => getComputedStyle(f).display !== 'none')"
    ".map(f => f.querySelector('label, legend').textContent)"
)


def shown(page, selector: str) -> bool:
    return page.eval_on_selector(selector, "e => getComputedStyle(e).display !== 'none'")


def fields(page) -> list[str]:
    """The labels of New match's fields shown, in order."""
    return page.eval_on_selector_all("#dlg-new .field", VISIBLE_FIELDS)


def test_new_match_asks_for_the_seating_first_then_who_sits_where_then_the_level(page, site_url):
    audit = Audit(page, SIZES)
    open_game(page, site_url, f"?{FAST}")
    page.click("[data-act=new]")
    page.wait_for_selector("#dlg-new[open]")
    assert fields(page)[:3] == ["Seating", "Players", "Difficulty"]
    choices = page.eval_on_selector_all("#new-seating option", "os => os.map(o => o.textContent)")
    values = page.eval_on_selector_all("#new-seating option", "os => os.map(o => o.value)")
    assert choices[0] == "Two players" and values[0] == "two"
    assert sorted(values[1:]) == sorted(str(s) for s in SEATINGS)  # one each
    assert shown(page, "[data-act=new-start]") and not shown(page, "[data-act=seat-down]")
    audit("new match, two players")
    page.select_option("#new-seating", "hollywood_partners")
    assert fields(page) == ["Seating", "At the table", "Difficulty"]  # the rules are the seating's own
    assert shown(page, "[data-act=seat-down]") and not shown(page, "[data-act=new-start]")
    audit("new match, a seating")
    shots(page, "new-match")
    page.select_option("#new-level", "beginner")
    page.click("[data-act=seat-down]")
    page.wait_for_selector("#dlg-seats[open]")
    assert page.inner_text("#seats-title") == "Partners: three games at once"
    audit_clean(audit)


@pytest.mark.parametrize("seating", [str(s) for s in SEATINGS])
def test_every_seating_is_played_to_the_end_of_a_hand_and_resumes_after_a_reload(page, site_url, seating):
    audit = Audit(page, SIZES)
    open_game(page, site_url, f"?{FAST}&table_seed={SEEDS[seating]}")
    page.click("[data-act=new]")
    page.wait_for_selector("#dlg-new[open]")
    page.select_option("#new-seating", seating)
    page.select_option("#new-level", "beginner")
    page.click("[data-act=seat-down]")
    page.wait_for_selector("#dlg-seats[open]")
    page.wait_for_selector(f"{MOVES}, #seats-moves [data-act=seat-skip]")
    audit(f"{seating}, mid-hand")
    shots(page, seating)
    reload_same(page)
    play_hand(page)
    assert page.locator(NEXT).count() and len(stored(page).hands) == 1
    scored_as_stored(page)
    audit(f"{seating}, the hand over")
    shots(page, f"{seating}-hand-over")
    counted_apart(page, seating)
    audit(f"{seating}, statistics")
    shots(page, f"{seating}-statistics")
    audit_clean(audit)


def scored_as_stored(page) -> None:
    """Every game of the hand is shown (partners: two) with both hands laid out once scored,
    and the scoreboard's first row is the hand's points per party (in Hollywood, game 1's)."""
    table = stored(page)
    hand = table.hands[0]
    assert page.locator("#seats-games .seat-game").count() == len(hand.games)
    scored = sum(g.record.settlement is not None for g in hand.games)
    assert page.locator("#seats-games .rhand.laid").count() == 2 * scored
    first = page.locator("#seats-board tbody tr").first.inner_text().split("\t")
    points = table.hollywood().games[0].points if table.hollywood_scored else hand.points
    assert first[1 : 1 + table.parties] == [str(p) for p in points]


def counted_apart(page, seating: str) -> None:
    """The hand is in the statistics under its seating, not in the two-player record."""
    from ginweb.seats.seatings import WORDS  # web/ is on the path once test_game is imported

    kept = json.loads(page.evaluate(f"localStorage.getItem({STATS_KEY!r})"))
    assert kept["seatings"]["by"][seating]["hands"] == 1 and kept["hands"]["played"] == 0
    page.keyboard.press("Escape")  # leaving ends the table (it was counted as it went): not kept
    page.wait_for_function("!document.querySelector('#dlg-seats[open]')")
    page.wait_for_function(f"localStorage.getItem({TABLE_KEY!r}) === null")
    page.click("[data-act=stats]")
    page.wait_for_selector("#dlg-stats[open]")
    row = page.locator("#seats-stats tbody tr").first.inner_text().split("\t")
    assert row[0] == WORDS[Seating(seating)].title and row[5] == "1"  # Hands


def test_a_covered_hand_over_names_no_card_of_any_hand(page, site_url):
    open_game(page, site_url, f"?{FAST}&table_seed=31")
    under = {c for text in everything_readable(page).values() for c in named(text, ALL_CARDS)}
    sit_down_people(page)  # over your two-player match (its own deck: its cards are left out)
    table = stored(page)
    assert page.locator(f"#dlg-seats {READY}").count() == 1
    assert_unseen(page, in_hands(table) - under)
    shots(page, "handover-covered")
