"""The computer's luck in the review (issue 27 item 4): worked out in the background after your
review, once the hand's end laid its hand open; kept with the match (a match stored before it
still loads); one summary line and the luck of each of its stock draws you came to know."""

from __future__ import annotations

import sys
from pathlib import Path

from gin_core import parse_cards
from gin_core.analysis import Luck, LuckKind, TheirLuck, their_luck
from gin_core.analysis.coach import HandReview

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))  # the page package lives in web/
from ginweb.review import model as presenter
from ginweb.review import record
from ginweb.review.feature import ReviewFeature
from ginweb.review.intents import OpenReview
from ginweb.storage import savefmt
from ginweb.table.dispatch import Dispatcher
from ginweb.table.playstate import new_game
from test_their_luck import wall_hand
from test_web_dispatch import KEY
from test_web_review_page import Table, feature, played, table

THEIRS = "coach:u1:theirs:1"


def worked_out(work: object) -> HandReview:
    """The coach's slices run to their end (the background's way)."""
    assert hasattr(work, "__next__")
    while True:
        try:
            next(work)
        except StopIteration as end:
            found: HandReview = end.value
            return found


def finish_their_job(d: Dispatcher) -> HandReview:
    jobs = {key: (work, done) for key, work, done in feature(d).jobs(lambda _: False)}
    work, done = jobs[THEIRS]
    found = worked_out(work)
    done(found)
    return found


def test_worked_out_kept_and_shown_after_a_knock() -> None:
    d, _s, _r, v = table()
    f = feature(d)
    found = finish_their_job(d)
    assert found.player == 1
    expected = their_luck(played(), 1, found)
    assert [key for key, _, _ in f.jobs(lambda _: False)] == ["coach:u1:1"], "kept: not asked again"
    back = savefmt.loads(v.data["match"], KEY, ReviewFeature.part_keys)
    assert record.read_theirs(back.parts[record.THEIRS], back.match.records) == {1: expected}
    assert d(OpenReview(1, 0))
    model = f.model()
    assert model is not None
    lines = [w.text for w in model.summary if w.text.startswith("The computer\u2019s cards")]
    assert lines == [presenter.their_luck_lines(expected)[0].text]
    drawn = {i.move_index for i in expected.items if i.card is not None}
    assert drawn and {m.index for m in model.moves if "its luck" in m.label.text} == drawn


def test_a_match_stored_before_it_loads_and_works_it_out_again() -> None:
    records = played().records
    assert record.read_theirs(None, records) == {}
    assert record.read_theirs({"1": {"hand": 1}}, records) == {}, (
        "an entry that does not read back is dropped"
    )
    other = TheirLuck(1, "ZZZ-ZZZZ", 0, ())
    assert record.read_theirs(record.theirs_part({1: other}), records) == {}, "not of that hand's deal"


def test_the_line_counts_hidden_draws_and_a_hidden_deal() -> None:
    card = parse_cards("4H")[0]
    some = TheirLuck(1, "000-2N25", 7, (Luck(8, LuckKind.STOCK, 2.5, card),))
    text = presenter.their_luck_lines(some)[0].text
    assert text == (
        "The computer\u2019s cards: +2.5 (1 of 7 draws). 6 of the computer\u2019s 7 draws "
        "stayed hidden. Its deal is left out: it held a card never shown in play."
    )
    assert presenter.their_luck_lines(None) == ()
    dealt = TheirLuck(1, "000-2N25", 1, (Luck(0, LuckKind.DEAL, 3.0), Luck(8, LuckKind.STOCK, -1.0, card)))
    line = presenter.their_luck_lines(dealt)[0]
    assert line.text == "The computer\u2019s cards: +2.0 (deal +3.0, 1 of 1 draw)."
    assert "minus" not in line.spoken and "\u2212" not in line.spoken
    label = presenter.with_their_luck(presenter.Words(text="a", spoken="a"), some, 8)
    assert label.text == "a \u00b7 its luck +2.5"
    assert presenter.with_their_luck(label, some, 9) == label


def test_no_computer_luck_after_a_dead_hand() -> None:
    """A dead hand lays no hand open: the coach looks at yours only."""
    t = Table(new_game(wall_hand(), "beginner", "u1", "2026-01-01"))
    keys = [key for key, _, _ in feature(t.d).jobs(lambda _: False)]
    assert keys == ["coach:u1:1"]
