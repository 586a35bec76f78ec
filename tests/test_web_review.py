"""The hand review as the page shows it (web/ginweb/review/model.py, pure): the table at each step,
the moves in words, the computer's reasons, the coach's verdicts and summary."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from gin_core import Action, Card, Match, Rules, make_bot
from gin_core.analysis import LuckParts, MatchLuck, Verdict, hand_luck, match_luck
from gin_core.analysis.coach import HandReview, Mistake, MistakeKind, review
from gin_core.analysis.replay import hand_moves

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))  # the page package lives in web/
from ginweb.review import model as presenter
from ginweb.storage.savefmt import LogLine
from ginweb.words import verdicts as verdict_words

from tests.test_coach import BAD_B, HAND_B, played

# Deal 000-2N25, dealer 1: you break your run 7♣ 8♣ 9♣ 10♣ at move 3 (index), knock at move 11.
CODE = "000-2N25"
MOVES = (
    "0:pass; 1:pass; 0:draw_stock; 0:discard TC; 1:draw_pile; 1:discard KS; 0:draw_stock; "
    "0:discard KD; 1:draw_stock; 1:discard 9H; 0:draw_stock; 0:knock JC 5C-5H-5S 7C-8C-9C QC-QH-QS"
)


@pytest.fixture(scope="module")
def match() -> Match:
    m = Match(Rules(), dealer=1, first_deal=CODE)
    for item in MOVES.split("; "):
        player, action = item.split(":", 1)
        m.apply(Action.parse(action), int(player))
    m.apply(Action.parse("next_hand"))  # the review is of a finished hand, the match goes on
    return m


@pytest.fixture(scope="module")
def coached(match: Match) -> HandReview:
    return review(match, 1)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(sorted(Card.parse(c) for c in text.split()))


def test_the_first_step_is_the_deal_face_up(match: Match, coached: HandReview) -> None:
    model = presenter.review_model(match, 1, 0, coached, {})
    assert (model.step, model.first, model.prev, model.next, model.last) == (0, 0, 0, 1, 12)
    assert model.hands[0] == cards("3S 5C 5S 7C 9C TC QC QH QS KD")
    assert len(model.hands[1]) == 10 and model.pile == (Card.parse("JD"),)
    assert model.stock.text == "Stock: 31 cards"
    assert model.move is not None and model.move.text == "You: Pass"
    assert model.reason is None and model.result == ()
    assert [m.label.text for m in model.moves[:4]] == [
        "You: Pass",
        "Computer: Pass",
        "You: Draw from the stock",
        "You: Discard 10\u2663",
    ]
    assert [m.index for m in model.moves if m.mistake] == [v.move_index for v in coached.mistakes]


@pytest.fixture(scope="module")
def broken() -> tuple[Match, HandReview]:
    """Hand B of the coach's tests: you break your run 9♥ 10♥ J♥ (move 1, index)."""
    m = played(HAND_B)
    m.apply(Action.parse("next_hand"))
    return m, review(m, 1)


def test_the_bad_discard_is_explained(broken: tuple[Match, HandReview]) -> None:
    match, coached = broken
    model = presenter.review_model(match, 1, BAD_B, coached, {})
    assert model.move is not None and model.move.spoken == "You: Discard jack of hearts"
    assert model.moves[BAD_B].mistake and model.moves[BAD_B].grade in ("mistake", "blunder")
    prefer, why = model.verdict
    assert prefer.text.startswith(f"{model.moves[BAD_B].grade.capitalize()}. Coach prefers: Discard ")
    assert "% to win the match, " in prefer.text and "points more" in prefer.text
    assert "plus " in prefer.spoken and "% to win the match" in prefer.spoken
    assert why.text == "Broke up the meld 9\u2665 10\u2665 J\u2665 by discarding J\u2665."
    assert why.spoken.endswith("by discarding jack of hearts.")
    assert (
        model.summary[0].text.startswith("Accuracy ")
        and " points lost a decision \u00b7 " in model.summary[0].text
    )
    assert model.summary[1].text.startswith("You gave away ")
    assert "% of your chance to win the match (" in model.summary[1].text
    assert any(line.text.startswith("Move 2: Discard J\u2665 \u2212") for line in model.summary[2:])


def test_the_hand_s_result_is_split_into_parts_that_add_up(match: Match, coached: HandReview) -> None:
    """Luck against skill, read from the review (issue 41.6): the line's parts add up to the
    result exactly, your decisions' part is what your moves gave away against the coach's best,
    as the accuracy line and the mistakes count it (the measured losses' excess is noise)."""
    model = presenter.review_model(match, 1, 0, coached, {})
    luck = hand_luck(match, 1, coached)
    parts = luck.parts()
    line = model.summary[-1].text
    assert line == presenter.luck_text(parts)
    assert line.startswith(f"You {'won' if luck.result > 0 else 'lost'} {abs(luck.result)} point")
    assert round(sum(said(line)), 1) == luck.result
    assert abs(parts.decisions + sum(v.loss for v in coached.verdicts)) <= 0.051
    lost_a_decision = float(model.summary[0].text.split(" \u00b7 ")[1].split()[0])
    n = len(coached.verdicts)
    assert abs(-parts.decisions - lost_a_decision * n) <= 0.05 * n + 0.05  # the line's figure is to a tenth


def said(line: str) -> list[float]:
    """The signed figures of a luck line after its "=", in order."""
    figures = re.findall(r"([+\u2212]\d+\.\d)", line.partition(" = ")[2])
    return [float(f.replace("\u2212", "-")) for f in figures]


def two_hands() -> Match:
    """A match of two finished hands, a beginner (you) against the standard level."""
    m = Match(Rules(), seed=11, dealer=0)
    bots = (make_bot("beginner", 11), make_bot("standard", 12))
    while len(m.records) < 2:
        p = m.to_move
        if p is None:
            m.apply(Action.parse("next_hand"))
        else:
            m.apply(bots[p].decide(m.view(p)).action, p)
    return m


def test_the_match_s_luck_adjusted_result_once_two_hands_are_reviewed() -> None:
    m = two_hands()
    reviews = {n: review(m, n) for n in (1, 2)}
    model = presenter.review_model(m, 2, 0, reviews[2], {}, reviews)
    line = model.summary[-1]
    assert line.text == presenter.match_luck_text(match_luck(m, reviews))
    assert line.text.startswith("This match, 2 hands reviewed: net ")
    assert "minus" in line.spoken or "\u2212" not in line.text
    alone = presenter.review_model(m, 2, 0, reviews[2], {}, {2: reviews[2]})
    assert alone.summary == model.summary[:-1]
    total = match_luck(m, reviews)
    assert total.parts is not None and round(sum(said(line.text)), 1) == total.result
    assert total.parts == reviews_parts(m, reviews)
    parts = LuckParts(-7, 5.5, -2.0, 0.2, -10.7)
    assert presenter.match_luck_text(MatchLuck(3, -7, 3.7, -10.7, parts)) == (
        "This match, 3 hands reviewed: net \u22127 = +5.5 from the cards, \u22122.0 from the "
        "computer\u2019s turns, +0.2 estimate noise, \u221210.7 from your decisions."
    )


def reviews_parts(m: Match, reviews: dict[int, HandReview]) -> LuckParts:
    """The hands' parts added up, one by one."""
    found = [hand_luck(m, n, r).parts() for n, r in sorted(reviews.items())]
    return LuckParts(
        sum(p.result for p in found),
        round(sum(p.cards for p in found), 1),
        round(sum(p.turns for p in found), 1),
        round(sum(p.noise for p in found), 1),
        round(sum(p.decisions for p in found), 1),
    )


def test_grades_and_signed_figures_in_words() -> None:
    assert (
        presenter.signed(3.46) == "+3.5"
        and presenter.signed(-2) == "\u22122.0"
        and presenter.signed(0.01) == "0.0"
    )
    bad = Verdict(3, Action.parse("discard TC"), Action.parse("discard KD"), -3.0, 4.5, None, 0.5)
    assert presenter.verdict_lines(bad, None)[0].text.startswith("Inaccuracy. Coach prefers: Discard K")
    fine = Verdict(3, Action.parse("discard TC"), Action.parse("discard KD"), 4.0, 4.5, None, 1.0)
    assert presenter.verdict_lines(fine, None)[0].text.startswith("Coach: good. Discard K")


def test_costs_in_match_win_chance_with_the_points_beside_them() -> None:
    """Under a target the chance to win the match comes first; one-hand rules keep points."""
    assert verdict_words.worth(7.6, 0.031) == "+3.1% to win the match, 7.6 points more"
    assert verdict_words.worth(7.6, None) == "worth 7.6 points more"
    assert presenter.given(1.0, None) == "1.0 point"
    assert presenter.given(12.4, 0.045) == "4.5% of your chance to win the match (12.4 points)"
    assert presenter.lost(7.6, 0.031).text == "\u22123.1% \u00b7 \u22127.6 points"
    assert presenter.lost(7.6, 0.031).spoken == "minus 3.1%, minus 7.6 points"
    assert presenter.lost(7.6, None).text == "\u22127.6 points"


def test_the_computer_s_reasons_show_on_its_moves(match: Match, coached: HandReview) -> None:
    log = [
        LogLine(5, 1, "Computer takes the 10 of clubs", "Makes a run 8♣ 9♣ 10♣"),
        LogLine(4, 0, "You discard"),
    ]
    reasons = presenter.reasons_by_move(log, match, 1)
    assert reasons == {4: "Makes a run 8♣ 9♣ 10♣"}
    model = presenter.review_model(match, 1, 4, coached, reasons)
    assert model.move is not None and model.move.text == "Computer: Take 10\u2663"
    assert model.reason is not None and model.reason.text == "Makes a run 8♣ 9♣ 10♣"
    assert model.verdict == ()


def test_the_last_step_shows_how_the_hand_ended(match: Match, coached: HandReview) -> None:
    model = presenter.review_model(match, 1, 99, coached, {})
    assert model.step == model.last == model.next == len(hand_moves(match, 1))
    assert model.move is None and model.verdict == ()
    assert model.result[0].text.startswith("You knock with")
    assert model.stock.text == "Stock: 27 cards"


def test_while_the_coach_thinks_the_review_still_steps(match: Match) -> None:
    model = presenter.review_model(match, 1, 3, None, {})
    assert model.summary[0].text.startswith("The coach is looking")
    assert model.verdict == () and not any(m.mistake for m in model.moves)


def test_the_words_are_deterministic(match: Match, coached: HandReview) -> None:
    assert presenter.review_model(match, 1, 3, coached, {}) == presenter.review_model(
        match, 1, 3, coached, {}
    )


@pytest.mark.parametrize(
    ("mistake", "played", "text"),
    [
        (
            Mistake(MistakeKind.KEPT_DEAD_PAIR, cards("9C 9D"), cards("9H 9S")),
            "discard KD",
            "Kept 9\u2663 9\u2666, but both other nines were gone.",
        ),
        (
            Mistake(MistakeKind.KEPT_DEAD_PAIR, cards("6C 7C"), cards("5C 8C")),
            "discard KD",
            "Kept 6\u2663 7\u2663, but 5\u2663 8\u2663 were gone.",
        ),
        (Mistake(MistakeKind.TOOK_UNUSED, cards("KH")), "draw_pile", "Took K\u2665, which fit nothing."),
        (
            Mistake(MistakeKind.DREW_WRONG, cards("5H")),
            "draw_stock",
            "Left 5\u2665: taking it was worth more.",
        ),
        (
            Mistake(MistakeKind.WAITED_TOO_LONG, cards("KD"), best_deadwood=0),
            "discard 2C",
            "Waited too long: could have gone gin, putting down K\u2666.",
        ),
        (
            Mistake(MistakeKind.DISCARDED_INTO_MELD, (Card.parse("8H"), *cards("8C 8D"))),
            "discard 8H",
            "Discarded 8\u2665 into the computer's meld: it took 8\u2663 8\u2666 from the pile.",
        ),
    ],
)
def test_mistakes_in_words(mistake: Mistake, played: str, text: str) -> None:
    assert presenter.mistake_text(mistake, Action.parse(played)) == text
    assert "\u2663" not in presenter.mistake_text(mistake, Action.parse(played), spoken=True)
