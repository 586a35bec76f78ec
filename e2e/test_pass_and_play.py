"""Two people on one device (issue 31 item 1): a hand played by two people through the page.

At every turn the other person's cards (those the seat at the table cannot know: learnt here
from the sealed save, opened as only a test may) appear nowhere on the page (the whole DOM,
the accessibility tree) nor in localStorage outside the sealed part; on the handover screen
neither hand does. A reload mid-hand comes back on the handover screen with the same names;
axe finds nothing serious on the handover screen; the hand is not counted in the statistics.
"""

from __future__ import annotations

import json
from pathlib import Path

from gin_e2e import capture, wait_ready
from test_a11y import SIZES, Audit
from test_game import STATS_KEY, open_game, play_turn, saved, table

from gin_core import Card, Match, load_match

NAMES = ("Ann", "Bob")
SHOTS = Path("/work/briefs/shots")


def start_two_people(page) -> None:
    """The "New match" form: two players on this device, their names, the first player deals
    (no cut: a cut card is shown to both before the shuffle and may then be dealt to either)."""
    page.click("[data-act=new]")
    page.wait_for_selector("#dlg-new[open]")
    page.select_option("#new-players", "people")
    page.fill("#new-name1", NAMES[0])
    page.fill("#new-name2", NAMES[1])
    page.fill("#new-code", "4242")
    page.select_option("#new-dealer", "0")
    page.click("[data-act=new-start]")
    page.wait_for_selector("#handover:not([hidden])")


def hidden(m: Match, seat: int) -> set[Card]:
    """The other seat's cards ``seat`` cannot know."""
    return set(m.view(1 - seat).hand) - set(m.view(seat).opponent_known)


def everything_readable(page) -> dict[str, str]:
    """The whole DOM, the accessibility tree and localStorage (the sealed part left out: it is
    written in the letters a-p only)."""
    storage = json.loads(page.evaluate("JSON.stringify(Object.assign({}, localStorage))"))
    clear = []
    for key, text in storage.items():
        try:
            data = json.loads(text)
        except ValueError:
            data = text
        if isinstance(data, dict) and isinstance(data.get("sealed"), str):
            assert set(data.pop("sealed").split(":", 1)[1]) <= set("abcdefghijklmnop")
        clear.append(f"{key}={json.dumps(data, ensure_ascii=False)}")
    return {
        "DOM": page.content(),
        "aria": page.locator("body").aria_snapshot(),
        "storage": "\n".join(clear),
    }


def named(text: str, cards: set[Card]) -> set[Card]:
    """The cards of ``cards`` that ``text`` names: by name, symbol, or key as a value."""
    bare = text.replace('"', "")
    return {c for c in cards if c.name in text or c.symbol in text or f'"{c}"' in text or f"key={c}" in bare}


def assert_unseen(page, cards: set[Card]) -> None:
    for where, text in everything_readable(page).items():
        found = named(text, cards)
        assert not found, f"{where} shows {sorted(map(str, found))}"


def seat_at_table(page) -> int:
    return NAMES.index(page.inner_text("#me-name").strip())


def shots(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    old = page.viewport_size
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        capture(page, path=str(SHOTS / f"pass-{name}-{size}.png"))
    page.set_viewport_size(old)


def hint_with_eleven_cards(page) -> None:
    """Draw, then ask the hint: its moves name every card of this person's hand ("Discard …"),
    and must be gone from the page once the device is handed over."""
    page.click("#stock")
    page.wait_for_function("document.querySelectorAll('#my-hand .card').length === 11")
    page.click("#btn-hint")
    page.wait_for_selector("#hint-body li")
    page.keyboard.press("Escape")


def handover(page, audit: Audit | None = None) -> None:
    """On the handover screen: neither hand anywhere; then the next person taps Ready."""
    m = load_match(saved(page)["match"])
    assert table(page)["turn"] == "none"
    to = NAMES[m.to_move]
    assert f"Pass to {to}" in page.inner_text("#handover")
    assert_unseen(page, hidden(m, 0) | hidden(m, 1))
    if audit is not None:
        audit("handover")
        shots(page, "handover")
    page.click("#btn-ready")
    page.wait_for_selector("#handover", state="hidden")
    assert seat_at_table(page) == m.to_move


def test_two_people_play_a_hand_and_never_see_each_others_cards(page, site_url):
    open_game(page, site_url, "?seed=4242&fast=1")
    start_two_people(page)
    audit = Audit(page, SIZES)
    handover(page, audit)
    turns = 0
    hinted = False
    for _ in range(80):
        if table(page)["phase"].endswith("_over"):
            break
        if page.is_visible("#handover"):
            handover(page)
            continue
        seat = seat_at_table(page)
        m = load_match(saved(page)["match"])
        assert m.to_move == seat and table(page)["turn"] == "you"
        assert_unseen(page, hidden(m, seat))
        mine = set(m.view(seat).hand)
        assert named(everything_readable(page)["aria"], mine) == mine, "the seat at the table sees its hand"
        if turns == 1:
            shots(page, "table")
        if not hinted and turns >= 2 and table(page)["phase"] == "draw":
            hint_with_eleven_cards(page)
            hinted = True
        play_turn(page)
        turns += 1
        if turns == 4:  # a reload mid-hand: the same seating, on the handover screen
            page.reload()
            wait_ready(page, 60)
            page.wait_for_selector("#handover:not([hidden])")
            assert page.inner_text("#name-you").strip() in NAMES
            assert {page.inner_text("#name-you").strip(), page.inner_text("#name-cpu").strip()} == set(NAMES)
    else:
        raise AssertionError("the hand did not end")
    assert turns > 4 and hinted
    assert not audit.found, audit.found
    stats = json.loads(page.evaluate(f"localStorage.getItem({STATS_KEY!r})") or "{}")
    assert stats.get("hands", {}).get("played", 0) == 0, "a pass-and-play hand is not counted"
