"""Issue 42 in the browser: one table for every seating. New match asks for the Seating first;
every seating of the engine (gin_core's SEATINGS; words/seatwords.py their words) is played on
the table itself (your hand with its meld tint and live deadwood, the other seats around the
table, the pile and stock, the knock dialog, the showdown, the scoreboard by party) to the end
of a hand at 1280x800 and 390x844 with axe clean, comes back the same after a reload mid-hand,
is counted in the statistics under its seating (not in the two-player record); several people
pass the device, and a covered hand-over shows no card of any hand in the page, its
accessibility tree or storage in clear. Screenshots in artifacts/onetable/."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from gin_e2e import ROOT, capture, wait_ready
from test_a11y import SIZES, Audit
from test_game import FAST, SEAL_KEY, STATS_KEY, hand_keys, open_game, play_turn, seal, wait_turn
from test_pass_and_play import assert_unseen, everything_readable, named

from gin_core import SEATINGS, Card, Phase, Seating, TableMatch, load_table

SHOTS = ROOT / "artifacts" / "onetable"
SEEDS = {str(s): 21 + n for n, s in enumerate(SEATINGS)}  # each seating's deals, the same every run
TABLE_KEY = "gin-rummy/v1/seats"
ALL_CARDS = {Card.parse(f"{r}{s}") for r in "A23456789TJQK" for s in "CDHS"}
NEXT_LIVE = "#result:not([hidden]) #btn-next:not([disabled])"
PEOPLE = ("Carol", "Dave")


def shots(page, name: str) -> list[Path]:
    """The page at both sizes, as PNG files."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    old, taken = page.viewport_size, []
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        taken.append(SHOTS / f"{name}-{size}.png")
        capture(page, path=str(taken[-1]))
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


def audit_clean(audit: Audit) -> None:
    assert not audit.found, json.dumps(audit.found, indent=1)[:3000]


def stored(page) -> TableMatch:
    """The stored table, its sealed part opened as only a test may."""
    page.wait_for_function("() => !document.querySelector('[data-unsaved]')")
    text, key = page.evaluate(f"[localStorage.getItem({TABLE_KEY!r}), localStorage.getItem({SEAL_KEY!r})]")
    data = json.loads(text)
    assert set(data["table"].split(":", 1)[1]) <= set("abcdefghijklmnop")  # nothing in clear
    return load_table(seal.unseal(data["table"], key))


def sit_down(page, seating: str, people: tuple[str, ...] = ()) -> None:
    """New match: ``seating``, a beginner computer, ``people`` by name at the first seats (none:
    you alone at seat 1)."""
    page.click("[data-act=new]")
    page.wait_for_selector("#dlg-new[open]")
    page.select_option("#new-seating", seating)
    page.select_option("#new-level", "beginner")
    for n, name in enumerate(people, 1):
        page.select_option(f"#seats-kind{n}", "person")
        page.fill(f"#seats-name{n}", name)
    page.click("[data-act=seat-down]")
    page.wait_for_function("() => !document.querySelector('dialog[open]')")
    page.wait_for_selector(f"#table[data-seating={seating}]")


def play_hand(page, turns: int = 300) -> None:
    """Play your game of the hand through the table (as test_game's simple player) until every
    game of it is over ("Next hand" live), watching when you sit it out."""
    for _ in range(turns):
        page.wait_for_function(
            """() => document.getElementById('table').dataset.turn === 'you'
                     || document.querySelector('#result:not([hidden]) #btn-next:not([disabled])')""",
            timeout=120_000,
        )
        if page.locator(NEXT_LIVE).count():
            return
        play_turn(page)
    raise AssertionError("the hand did not end")


def places(page) -> dict[str, str]:
    """Each plate shown around the table: its place and the name on it."""
    return dict(
        page.eval_on_selector_all(
            "[data-place]:not([hidden])",
            "ps => ps.map(p => [p.dataset.place, p.querySelector('.name').textContent])",
        )
    )


def reload_same(page) -> None:
    """Reload mid-hand: the same table and seats come back (the computer plays on meanwhile, so
    the moves stored before are the start of those after), and your cards if it was your turn."""
    yours = page.eval_on_selector("#table", "t => t.dataset.turn") == "you"
    before, seats = stored(page), places(page)
    mine = page.eval_on_selector_all("#my-hand .card", "cs => cs.map(c => c.dataset.key).sort()")
    page.reload()
    wait_ready(page, 60)
    page.wait_for_selector("#table[data-seating]")
    after = stored(page)
    assert after.history[: len(before.history)] == before.history and len(after.hands) == len(before.hands)
    assert set(places(page)) == set(seats)
    if yours:
        assert page.eval_on_selector_all("#my-hand .card", "cs => cs.map(c => c.dataset.key).sort()") == mine


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
    page.keyboard.press("Escape")
    sit_down(page, "hollywood_partners")
    shown_places = places(page)  # your opponent (left or right) over your hand, your partner across
    assert len(shown_places) == 4 and {"you", "opponent", "across"} < set(shown_places)
    assert shown_places["across"] == "Partner"
    assert page.locator("#my-hand .card").count() in (10, 11)  # your hand, on the table itself
    audit_clean(audit)


# each seating played at one size, the sizes taking turns: both sizes play hands to the end,
# and every seating is audited and shown at both (Audit(page, SIZES), shots)
PLAYED_AT = [(str(s), sorted(SIZES)[k % 2]) for k, s in enumerate(SEATINGS)]


@pytest.mark.parametrize("seating, size", PLAYED_AT)
def test_every_seating_is_played_on_the_table_to_the_end_of_a_hand_and_resumes_after_a_reload(
    page, site_url, seating, size
):
    """Played through the table's controls at one size (audited and shown at both)."""
    audit = Audit(page, SIZES)
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    open_game(page, site_url, f"?{FAST}&table_seed={SEEDS[seating]}")
    sit_down(page, seating)
    table = stored(page)
    n = table.seats
    assert len(places(page)) == n  # you, your opponent over your hand, the others beside the table
    if n == 4:
        other_games_pile(page)
    audit(f"{seating}, mid-hand")
    shots(page, f"{seating}-{size}-play")
    reload_same(page)
    play_hand(page)
    assert len(stored(page).hands) == 1
    scored_as_stored(page)
    audit(f"{seating}, the hand over")
    shots(page, f"{seating}-{size}-play-hand-over")
    if stored(page).hands[0].games[0].seats.count(0) or len(stored(page).hands[0].games) > 1:
        go_over_your_game(page)
        audit(f"{seating}, your game gone over")
        page.keyboard.press("Escape")
    counted_apart(page, seating)
    audit_clean(audit)


def other_games_pile(page) -> None:
    """At four, the other game's face-up pile is drawn on the plate of one of its seats beside
    the table: its top card face up, named with both players (the presenter's truth to the
    table: tests/test_web_around.py)."""
    page.wait_for_selector(".side-seat .watch-pile:not([hidden]) .card")
    [(place, label, face)] = page.eval_on_selector_all(
        ".watch-pile:not([hidden])",
        "ps => ps.map(p => [p.closest('[data-place]').dataset.place, p.getAttribute('aria-label'),"
        " p.querySelector('.card').className])",
    )
    players = {name for spot, name in places(page).items() if spot not in ("you", "opponent")}
    found = re.fullmatch(r"(.+) and (.+)'s discard pile, \d+ cards?, top card (\w+) of (\w+)", label)
    assert place in ("left", "right") and found is not None, (place, label)
    assert {found[1], found[2]} == players and f"s{found[4][0].upper()}" in face.split(), (label, face)


def scored_as_stored(page) -> None:
    """The scoreboard has a column per party, and its first row is the hand's points per party
    (in Hollywood too, its three games after the hands)."""
    table = stored(page)
    first = page.locator("#scoreboard tbody tr").first.inner_text().split("\t")
    assert first[1 : 1 + table.parties] == [str(p) for p in table.hands[0].points]
    assert page.locator("#scoreboard thead th").count() >= 1 + table.parties
    assert page.is_hidden(".board-panel .chart-box")  # a match's chart: none for a table


def go_over_your_game(page) -> None:
    """Between hands, your game of the hand move by move in the review's dialog, from your seat."""
    rows = page.locator("#scoreboard tbody [data-act=seat-go-over][data-hand='1']").count()
    assert rows == 1  # every hand's row offers it
    page.click("#btn-seat-go-over")
    page.wait_for_selector("#dlg-review[open]")
    assert page.inner_text("#review-title").startswith("Your game of hand 1")


def counted_apart(page, seating: str) -> None:
    """The hand is in the statistics under its seating, not in the two-player record; a new
    two-player match ends the table (not kept)."""
    from ginweb.words.seatwords import WORDS  # web/ is on the path once test_game is imported

    kept = json.loads(page.evaluate(f"localStorage.getItem({STATS_KEY!r})"))
    table = json.loads(page.evaluate(f"localStorage.getItem({TABLE_KEY!r})"))
    own = json.loads(page.evaluate("localStorage.getItem('gin-rummy/v1/match')") or "{}")
    # which match was counted, if any: the table's id, your match's, or another's
    counted = {"counted": kept.get("counted"), "table": table.get("uid"), "own": own.get("uid")}
    assert kept["seatings"]["by"][seating]["hands"] == 1, kept["seatings"]
    assert kept["hands"]["played"] == 0, counted
    page.click("[data-act=stats]")
    page.wait_for_selector("#dlg-stats[open]")
    row = page.locator("#seats-stats tbody tr").first.inner_text().split("\t")
    assert row[0] == WORDS[Seating(seating)].title and row[5] == "1"  # Hands
    page.keyboard.press("Escape")
    page.click("[data-act=new]")
    page.wait_for_selector("#dlg-new[open]")
    page.select_option("#new-seating", "two")
    page.click("[data-act=new-start]")
    page.wait_for_function(f"localStorage.getItem({TABLE_KEY!r}) === null")
    page.wait_for_selector("#table:not([data-seating])")


def in_hands(table: TableMatch) -> set[Card]:
    """Every card held in a hand of a game in play (not on a pile; a finished game's hands are
    laid out for everyone, and each game has its own deck: the same card laid out in a finished
    game cannot be told from the text, so it is left out too)."""
    piles = {c for m in table.games for c in m.hand.pile}
    over = [m for m in table.games if m.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)]
    laid_out = {c for m in over for h in m.hand.hands for c in h}
    playing = [m for m in table.games if m not in over]
    return {c for m in playing for h in m.hand.hands for c in h} - piles - laid_out


def known_to(table: TableMatch, seat: int) -> set[Card]:
    """What ``seat`` may know of the hands: its own, and what its opponent took from the pile."""
    found = table.game_of(seat)
    if found is None:
        return set()
    view = found[0].view(found[1])
    return set(view.hand) | set(view.opponent_known)


def test_people_pass_the_device_and_a_covered_table_names_no_card_of_any_hand(page, site_url):
    audit = Audit(page, SIZES)
    open_game(page, site_url, f"?{FAST}&table_seed=31")
    under = {c for text in everything_readable(page).values() for c in named(text, ALL_CARDS)}
    sit_down(page, "three", PEOPLE)  # over your two-player match (its own deck: its cards left out)
    covers = 0
    for _ in range(120):  # Carol and Dave, the computer at seat 3: hands to the end of the second
        page.wait_for_function(
            "() => !document.getElementById('handover').hidden"
            " || document.getElementById('table').dataset.turn === 'you'"
            " || document.querySelector('#result:not([hidden]) #btn-next:not([disabled])')",
            timeout=60_000,
        )
        table = stored(page)
        if page.is_visible("#handover"):
            assert_unseen(page, in_hands(table) - under)
            if not covers:
                audit("three, two people, covered")
                shots(page, "handover-covered")
            covers += 1
            page.click("#btn-ready")
            page.wait_for_selector("#handover", state="hidden")
            seat = PEOPLE.index(page.inner_text("#me-name").strip())
            seen = everything_readable(page)  # the computer may play meanwhile: hidden before and after
            after = stored(page)
            hidden = (
                (in_hands(table) & in_hands(after)) - known_to(table, seat) - known_to(after, seat) - under
            )
            assert not any(named(text, hidden) for text in seen.values()), sorted(map(str, hidden))
            continue
        if page.locator(NEXT_LIVE).count():
            if len(table.hands) == 2:
                break
            page.click("#btn-next")
            continue
        play_turn(page)
    assert covers >= 2 and len(stored(page).hands) == 2  # covered at each new deal and change of person
    audit_clean(audit)


def test_the_hint_and_a_fair_undo_work_at_a_table(page, site_url):
    """Item 2: the table's hint weighs your moves in your game, and a move that showed you
    nothing (the face-up card taken) is taken back, as at two."""
    open_game(page, site_url, f"?{FAST}&table_seed=41")
    sit_down(page, "partners")
    wait_turn(page)
    page.click("#btn-hint")
    page.wait_for_selector("#dlg-hint[open] .hints li")
    assert page.locator("#dlg-hint .hints li.best").count() == 1
    page.keyboard.press("Escape")
    before, hand = len(stored(page).history), sorted(hand_keys(page))
    page.click("#btn-take" if page.is_visible("#btn-take") else "#pile")
    page.wait_for_function("document.querySelectorAll('#my-hand .card').length === 11")
    page.click("#btn-undo")
    page.wait_for_function("document.querySelectorAll('#my-hand .card').length === 10")
    assert len(stored(page).history) == before and sorted(hand_keys(page)) == hand
    assert "take back" in page.inner_text("#log").lower()
    # your match waited under the table: "Back to your match" ends the table and brings it back
    page.click("#table-bar [data-act=table-leave]")
    page.wait_for_selector("#dlg-confirm[open]")
    page.click("#confirm-ok")
    page.wait_for_selector("#table:not([data-seating])")
    page.wait_for_function(f"localStorage.getItem({TABLE_KEY!r}) === null")
    assert page.is_hidden("#table-bar") and page.locator("#my-hand .card").count() in (10, 11)


def test_a_seat_sitting_the_hand_out_is_shown_no_deadwood_and_no_sort(page, site_url):
    """QA: while you sat a hand out at three (no card of yours on the table), the bar under your
    hand said "Deadwood 0" beside the Sort buttons; it shows neither, and both come back with
    your cards at the next hand."""
    open_game(page, site_url, f"?{FAST}&table_seed=22")
    sit_down(page, "three")  # you deal the first hand: you sit it out
    assert page.locator("#my-hand .card").count() == 0
    bar = page.inner_text("#seat-me .hand-bar")  # the text shown (none of a hidden element)
    assert "Deadwood" not in bar and "Sort" not in bar, bar
    page.wait_for_selector(NEXT_LIVE)
    page.click(NEXT_LIVE)
    page.wait_for_function("document.querySelectorAll('#my-hand .card').length >= 10")
    bar = page.inner_text("#seat-me .hand-bar")
    assert "Deadwood" in bar and "Sort" in bar, bar


TOP_BAR = """() => [...document.querySelectorAll('.topbar .score')].filter(e => e.getClientRects().length)
    .map(e => e.querySelector('.who').textContent)"""


def test_at_three_the_top_bar_shows_every_players_score_on_a_phone(page, site_url):
    """QA: at three the top bar showed you and your current opponent only; every player of the
    table is scored there now, on a phone too (no sideways scroll)."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, site_url, f"?{FAST}&table_seed=22")
    sit_down(page, "three")  # you sit the first hand out: the leader is shown as your "opponent"
    assert sorted(page.evaluate(TOP_BAR)) == ["Left", "Right", "You"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    capture(page, path=str(ROOT / "artifacts" / "qa-three-seats-top-bar.png"))


PLATE_BOXES = """() => [...document.querySelectorAll('[data-place]')].filter(p => p.getClientRects().length)
    .map(p => [p.dataset.place, p.getBoundingClientRect().left, p.getBoundingClientRect().right,
      ...[...p.querySelectorAll('*')].filter(e => e.getClientRects().length)
        .map(e => e.getBoundingClientRect())
        .reduce((a, r) => [Math.min(a[0], r.left), Math.max(a[1], r.right)], [Infinity, -Infinity])])"""
"""Each plate shown: its place, its left and right edges, and those of all it holds."""


@pytest.mark.parametrize("seating", [str(s) for s in SEATINGS])
def test_every_plate_is_inside_the_viewport_on_a_phone_and_a_desktop(page, site_url, seating):
    """QA: at three on a phone (390x844) the seats beside the piles were squeezed to slivers and
    the right one's plate was cut off at the screen's edge. Every plate of every seating, with
    all it holds (name, cards' backs, dealer chip, the other game's pile), lies inside its own
    edges and the viewport's width at both sizes, and the page does not scroll sideways; at
    three both while you sit the first hand out (two seats beside the piles) and in the next,
    which you play (one seat beside them, sitting out)."""
    open_game(page, site_url, f"?{FAST}&table_seed={SEEDS[seating]}")
    sit_down(page, seating)
    plates_inside(page, seating)
    if seating == "three":
        assert page.locator("#my-hand .card").count() == 0  # table seed 22: you deal, you sit out
        page.wait_for_selector(NEXT_LIVE)
        page.click(NEXT_LIVE)
        page.wait_for_function("document.querySelectorAll('#my-hand .card').length >= 10")
        plates_inside(page, "three, the second hand")


def plates_inside(page, seating: str) -> None:
    """Every plate shown at each size of SIZES within its edges and the viewport's width."""
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        boxes = page.evaluate(PLATE_BOXES)
        assert {b[0] for b in boxes} >= set(places(page)) - {"you"}, boxes  # your plate: none on a phone
        outside = [b for b in boxes if b[1] < 0 or b[2] > width]
        assert not outside, f"{seating} at {size}: {outside} outside 0..{width}"
        spilled = [b for b in boxes if b[3] < b[1] - 0.5 or b[4] > b[2] + 0.5]
        assert not spilled, f"{seating} at {size}: {spilled} (a plate's contents beyond its edges)"
        assert page.evaluate("document.documentElement.scrollWidth") <= width, f"{seating} at {size}"
