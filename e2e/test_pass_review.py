"""The review in a match of two people on one device (issue 31 item 1: the review follows each
seat's own view): two people play a hand, then each opens their own review behind a handover
("Pass to Bob to see Bob's review", Ready). While one person's review is shown, the other
person's cards that this person never saw appear nowhere (the whole DOM, the accessibility tree,
localStorage outside its sealed parts); axe finds nothing serious on the review at both sizes;
the coach's reviews of such a match are not counted in the statistics.
"""

from __future__ import annotations

import json

from test_a11y import SIZES, Audit
from test_game import STATS_KEY, open_game, play_turn, saved, table
from test_pass_and_play import NAMES, assert_unseen, handover, shots, start_two_people

from gin_core import Card, Match, load_match


def never_seen(m: Match, seat: int) -> set[Card]:
    """The other person's cards that ``seat`` never saw in the hand just over."""
    return set(m.view(1 - seat).hand) & set(m.view(seat).unseen())


def open_review_of(page, seat: int) -> None:
    """The Review button, whose review, then the handover to that person and Ready."""
    page.click("#btn-review")
    page.wait_for_selector("#dlg-confirm[open] input[name=confirm-choice]")
    page.check(f"input[name=confirm-choice][value='{seat}']")
    page.click("#confirm-ok")
    name = NAMES[seat]
    page.wait_for_function(
        "t => document.querySelector('#dlg-confirm[open] #confirm-text')?.textContent === t",
        arg=f"Pass to {name} to see {name}\u2019s review.",
    )
    assert not page.is_visible("#dlg-review"), "no review before the handover"
    assert page.inner_text("#confirm-ok").strip() == "Ready"
    page.click("#confirm-ok")
    page.wait_for_selector("#dlg-review[open]")
    page.wait_for_selector("#review-summary:not(.busy)", timeout=120_000)  # the coach's verdicts in
    assert page.inner_text("#review-title").strip() == f"{name}\u2019s hand 1 review"


def play_the_hand(page) -> None:
    for _ in range(120):
        if table(page)["phase"].endswith("_over"):
            return
        if page.is_visible("#handover"):
            handover(page)
            continue
        play_turn(page)
    raise AssertionError("the hand did not end")


def test_each_person_reviews_their_own_hand_behind_the_handover(page, site_url):
    open_game(page, site_url, "?seed=4242&fast=1")
    start_two_people(page)
    play_the_hand(page)
    page.wait_for_selector("#result:not([hidden]) #btn-review")
    m = load_match(saved(page)["match"])
    audit = Audit(page, SIZES)
    for seat in (1, 0):
        open_review_of(page, seat)
        assert_unseen(page, never_seen(m, seat))
        text = page.inner_text("#dlg-review")
        assert NAMES[seat] in text and NAMES[1 - seat] in text
        page.click("[data-act=review-last]")
        page.wait_for_selector("#review-now .rresult")
        assert_unseen(page, never_seen(m, seat))
        audit(f"review of {NAMES[seat]}")
        shots(page, f"review-{NAMES[seat].lower()}")
        page.click("[data-act=review-close]")
        page.wait_for_selector("#dlg-review", state="hidden")
    assert not audit.found, audit.found
    stats = json.loads(page.evaluate(f"localStorage.getItem({STATS_KEY!r})") or "{}")
    assert stats.get("coach", {}).get("hands", 0) == 0, "a two-person match's reviews are not counted"
