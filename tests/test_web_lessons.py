"""The lessons (issue 30, items 1 and 3): each lesson's prepared deal is what its words say (the
engine's best arrangement, legal moves and scores), every step refuses a wrong choice with the
lesson's explanation and advances on a right one, and the progress record reads back only what
it should."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gin_core import (
    PRESETS,
    Action,
    Card,
    GinError,
    IllegalAction,
    Match,
    Meld,
    Refusal,
    Rules,
    Settlement,
    best_arrangement,
    deadwood,
    parse_cards,
    preset,
    settle,
    stacked_deck,
)

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))  # the page package lives in web/
from ginweb.kit.safejson import NewerVersionError
from ginweb.lessons import model, record
from ginweb.lessons.content import BY_ID, LESSONS, PLAY_MOVE, Lesson
from ginweb.lessons.feature import LessonsFeature
from ginweb.storage import settings
from ginweb.table.dispatch import Dispatcher
from ginweb.table.params import parse
from ginweb.table.playstate import new_game
from ginweb.table.port import Plugs
from ginweb.table.session import Session
from ginweb.tutor.feature import TutorFeature
from ginweb.words import narrate, rulewords
from test_web_dispatch import Recorder, Vault


def choices(p: model.Progress) -> list[str]:
    """Every choice the panel offers at the step of ``p``, in every mode of a move step."""
    lesson, step = p.lesson, p.lesson.steps[p.step]
    hand = model.position(lesson, p.played)
    modes = model.MODES if step.kind == PLAY_MOVE and hand.phase == "discard" else ("discard",)
    return [o.value for mode in modes for o in model.options(lesson, step, hand, mode)]


def walk(lesson: Lesson) -> list[tuple[model.Progress, list[str], list[str]]]:
    """Each step of ``lesson`` with its right and wrong choices, the first right one taken."""
    p, seen = model.Progress(lesson.ident), []
    while not p.finished:
        offered = choices(p)
        right = [v for v in offered if model.judge(p.lesson, p.step, p.played, v).right]
        seen.append((p, right, [v for v in offered if v not in right]))
        p = model.choose(p, right[0])
    return seen


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda x: x.ident)
def test_every_step_refuses_a_wrong_choice_with_the_lessons_words_and_advances_on_a_right_one(
    lesson: Lesson,
) -> None:
    steps = walk(lesson)
    assert len(steps) == len(lesson.steps)
    for p, right, wrong in steps:
        step = lesson.steps[p.step]
        assert right and wrong, f"{lesson.ident} step {p.step}: a real choice"
        refused = model.choose(p, wrong[0])
        assert (refused.step, refused.played) == (p.step, p.played)
        assert refused.verdict is not None and not refused.verdict.right
        assert refused.verdict.said in (model.say(lesson, step.wrong), engine_refusal(p, wrong[0]))
        done = model.choose(p, right[0])
        assert done.step == p.step + 1 and done.verdict == model.StepFeedback(
            True, model.say(lesson, step.right)
        )


def engine_refusal(p: model.Progress, value: str) -> str | None:
    """The engine's refusal of move ``value`` at ``p``'s step, as the page says it (None: legal,
    or not a move step)."""
    if p.lesson.steps[p.step].kind != PLAY_MOVE:
        return None
    try:
        model.position(p.lesson, p.played).check(Action.parse(value))
    except IllegalAction as refused:
        return narrate.rule_message(refused) + "."
    return None


# ----- what a lesson says about a rule is the rule it plays (issue 43, item 1) -----------------

TEMPLATE_NUMBER = re.compile(r"(?<![\w-])\d+(?![\w-])")  # a figure on its own, not in A-2-3


def texts(lesson: Lesson) -> list[str]:
    return [lesson.intro, *(t for s in lesson.steps for t in (s.ask, s.wrong, s.right))]


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda x: x.ident)
def test_a_lesson_states_no_rule_value_itself_and_says_its_rules_words(lesson: Lesson) -> None:
    """Every figure of a rule a lesson states comes from its Rules (a ``{field}``): none of the
    values of its rules, nor a card value, is written in its text, and every text renders."""
    rules = model.lesson_rules(lesson)
    values = {str(v) for v in rules.to_dict().values() if type(v) is int}
    values |= {str(Card.parse(c).value) for c in rulewords.CARD_VALUES.values()}
    for text in texts(lesson):
        assert not set(TEMPLATE_NUMBER.findall(text)) & values, f"{lesson.ident}: a rule value in {text!r}"
        said = model.say(lesson, text)
        assert "{" not in said and "}" not in said


def equal_counts(rules: Rules) -> Settlement:
    """A knock of 6 against 6 (the defender lays nothing off)."""
    return settle(
        parse_cards("4S 5S 6S 7S 9H 9C 9D AC 2H 3C"),
        parse_cards("7H 7D 7C 2D 3D 4D KD QD JD 6H"),
        rules,
        knocker=1,
    )


@pytest.mark.parametrize("name", list(PRESETS))
def test_the_rule_words_are_what_the_engine_plays_under_every_preset(name: str) -> None:
    rules = preset(name)
    words = rulewords.rule_words(rules, name)
    tie = equal_counts(rules)
    assert (tie.knocker_deadwood, tie.defender_deadwood) == (6, 6)
    assert (tie.kind == "undercut") == (words["undercut_if"] == "as low as the knocker's or lower")
    assert (tie.kind == "undercut") == (words["undercut_at"] == "at or below")
    lesson = BY_ID["discarding"]
    deck = stacked_deck(
        parse_cards(lesson.you), parse_cards(lesson.them), Card.parse("KH"), parse_cards("8C")
    )
    hand = model.Hand(rules.replace(first_upcard=True), deck, dealer=1)  # no_upcard: the same rule
    hand.apply(Action.parse("draw_pile"))
    kept = Action.parse("discard KH") not in hand.legal_actions()
    assert kept == (words["pickup"] == "may not")
    gin = settle(
        parse_cards("4S 5S 6S 9H 9C 9D 2D 3D 4D 5D"),
        parse_cards("7S 2H 8C 8D JD JC QS 6H 4C KC"),
        rules,
        knocker=0,
    )
    assert (gin.layoffs != ()) == (words["gin_layoffs"] == "may lay off onto it")
    okla = rules.replace(oklahoma=True, first_upcard=True)
    assert (okla.knock_limit_for(1) == 0) == (words["oklahoma_ace"] == "gin only")
    assert words["knock_limit"] == str(rules.knock_limit) and words["undercut_bonus"] == str(
        rules.undercut_bonus
    )


def test_the_undercut_lesson_says_an_equal_count_is_no_undercut_under_classic() -> None:
    lesson = BY_ID["undercut"]
    tie = equal_counts(model.lesson_rules(lesson))
    assert lesson.preset == "classic" and tie.kind == "knock" and tie.points == 0
    intro = model.panel(model.Progress("undercut")).intro
    assert "lower than the knocker's" in intro and "as low as" not in intro
    fields = {name: getattr(lesson, name) for name in Lesson.__fields__}
    tournament = Lesson(**(fields | {"preset": "tournament"}))
    assert "as low as the knocker's or lower" in model.say(tournament, lesson.intro)


# ----- a refusal names the rule that refuses first (issue 43, item 2) --------------------------


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda x: x.ident)
def test_a_move_the_engine_refuses_is_refused_with_its_rule_first(lesson: Lesson) -> None:
    for p, _, wrong in walk(lesson):
        for value in wrong:
            rule = engine_refusal(p, value)
            verdict = model.choose(p, value).verdict
            assert verdict is not None
            if rule is not None:
                assert verdict.said == rule, (lesson.ident, p.step, value)


def test_discarding_the_card_just_taken_in_the_deadwood_lesson_says_why() -> None:
    p = model.choose(model.Progress("deadwood"), "7S")
    shown = model.panel(p)
    assert shown.ask.startswith("You took the jack of spades from the discard pile.")
    said = model.choose(p, "discard JS").verdict
    assert said is not None and said.said.startswith("The jack of spades was just taken from the pile")
    assert "less deadwood" not in said.said


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda x: x.ident)
def test_a_step_names_the_card_you_took_when_its_refusal_depends_on_it(lesson: Lesson) -> None:
    for p, _, wrong in walk(lesson):
        hand = model.position(lesson, p.played)
        for value in wrong:
            try:
                hand.check(Action.parse(value))
            except IllegalAction as refused:
                if refused.code == Refusal.JUST_TAKEN:
                    assert f"You took the {refused.cards[0].name}" in model.panel(p).ask
            except GinError:
                pass


def test_a_lesson_finishes_and_a_finished_lesson_takes_no_more_choices() -> None:
    p = model.Progress("cards")
    for _, right, _ in walk(BY_ID["cards"]):
        p = model.choose(p, right[0])
    assert p.finished and model.choose(p, "AS") == p
    shown = model.panel(p)
    assert shown.finished and shown.options == () and shown.where == "Lesson done"


def test_cards_the_face_cards_count_ten_and_the_ace_one() -> None:
    (_, highest, _), (_, lowest, _) = walk(BY_ID["cards"])
    assert {Card.parse(v).rank for v in highest} == {11, 12, 13}
    assert [Card.parse(v).value for v in lowest] == [1]


def test_melds_the_lesson_hand_holds_the_set_and_the_run_it_names() -> None:
    best = best_arrangement(parse_cards(BY_ID["melds"].you))
    assert set(best.melds) == {Meld.parse("5D-5H-5S"), Meld.parse("9C-TC-JC")}


def test_deadwood_the_run_beats_the_set_in_the_engines_best_arrangement() -> None:
    lesson = BY_ID["deadwood"]
    cards = list(model.deal(lesson).hands[0])
    best = best_arrangement(cards)
    assert Meld.parse("7H-8H-9H") in best.melds
    assert {str(c) for c in best.deadwood} >= {"7S", "7D"}
    with_set = deadwood([c for c in cards if str(c) not in ("7H", "7S", "7D")])
    assert best.deadwood_value < with_set


def test_knocking_a_knock_over_the_limit_is_refused_with_the_engines_rule() -> None:
    p = model.Progress("knocking")
    refused = model.choose(p, "knock AC")
    assert refused.verdict is not None and "limit" in refused.verdict.said
    done = model.choose(p, "knock KD")
    hand = model.position(done.lesson, done.played)
    assert hand.settlement is not None and hand.settlement.kind == "knock"


def test_gin_the_gin_goes_through_and_scores_the_bonus() -> None:
    done = model.choose(model.Progress("gin"), "gin KD")
    settlement = model.position(done.lesson, done.played).settlement
    assert settlement is not None and settlement.kind == "gin" and settlement.bonus == 25


def test_the_gin_lessons_last_words_say_who_scores_as_the_engine_settles_it() -> None:
    """QA: after "You score 25 gin bonus + 70 = 95" the lesson said "Gin! The computer scores its
    whole deadwood against it", as if the computer scored."""
    done = model.choose(model.Progress("gin"), "gin KD")
    settlement = model.position(done.lesson, done.played).settlement
    assert settlement is not None and settlement.winner == 0 and done.verdict is not None
    said = done.verdict.said
    assert said.startswith("Gin! You score") and "computer scores" not in said, said
    assert model.words_of(done.lesson)["gin_layoffs"] in said  # the lay-off rule, from the rules


def test_the_card_just_taken_may_not_be_discarded() -> None:
    refused = model.choose(model.Progress("discarding"), "discard KH")
    assert refused.step == 0 and refused.verdict is not None and not refused.verdict.right


def test_shown_lessons_layoff_undercut_and_points_are_the_engines() -> None:
    s = model.knocked(BY_ID["layoffs"])
    assert [str(x.card) for x in s.layoffs] == ["8S"]
    assert s.knocker_deadwood <= 10
    assert model.knocked(BY_ID["undercut"]).kind == "undercut"
    points = model.knocked(BY_ID["scoring"]).points
    assert str(points) in model.point_options(BY_ID["scoring"], model.deal(BY_ID["scoring"]))
    assert points == s.defender_deadwood - s.knocker_deadwood


def test_the_match_lesson_totals_are_the_engines() -> None:
    lesson = BY_ID["match"]
    r = model.match_of(lesson)
    assert r.winner == 0 and r.hands_won == (2, 1) and not r.shutout
    assert r.totals[0] == r.hand_points[0] + 100 + 2 * 25
    assert model.total_options(lesson)[-1] == str(r.totals[0])


def test_the_end_of_the_stock_a_plain_discard_kills_the_hand() -> None:
    lesson = BY_ID["stock"]
    hand = model.deal(lesson)
    assert (hand.turn, hand.phase, len(hand.stock)) == (0, "discard", 2)
    hand.apply(Action.parse("discard KD"))
    assert hand.dead and hand.settlement is None
    assert model.choose(model.Progress("stock"), "discard KD").step == 0


def test_the_variants_are_the_engines_rules() -> None:
    oklahoma = model.deal(BY_ID["oklahoma"])
    assert oklahoma.knock_limit == 3 == Card.parse(BY_ID["oklahoma"].upcard).value
    assert model.deal(BY_ID["straight"]).knock_limit == 0
    refused = model.choose(model.Progress("straight"), "knock 2C")
    assert refused.verdict is not None and "limit" in refused.verdict.said
    spades = model.choose(model.Progress("spades"), "knock KD")
    settlement = model.position(spades.lesson, spades.played).settlement
    assert settlement is not None and settlement.multiplier == 2
    assert model.choose(spades, str(settlement.points)).finished


def test_every_lesson_is_listed_in_order_with_its_done_mark() -> None:
    items = model.lesson_list(frozenset({"gin"}))
    assert [x.ident for x in items] == [x.ident for x in LESSONS]
    assert [x.ident for x in items if x.done] == ["gin"]


# ----- the progress kept ---------------------------------------------------------------------------


def test_progress_reads_back_what_was_written() -> None:
    done = frozenset({"cards", "gin"})
    assert record.read(json.loads(record.write(done))) == done


@given(st.lists(st.one_of(st.sampled_from([x.ident for x in LESSONS]), st.text(max_size=8), st.integers())))
def test_progress_keeps_only_known_lessons(done: list[Any]) -> None:
    assert record.read({"v": 1, "done": done}) == {x for x in done if isinstance(x, str) and x in BY_ID}


@pytest.mark.parametrize(
    "raw", [None, [], "x", {"done": []}, {"v": "1", "done": []}, {"v": 1, "done": "cards"}]
)
def test_a_record_that_is_not_progress_is_refused(raw: Any) -> None:
    with pytest.raises(ValueError):
        record.read(raw)


def test_a_newer_record_is_left_as_it_is() -> None:
    with pytest.raises(NewerVersionError):
        record.read({"v": record.VERSION + 1, "done": []})


class Kept:
    def __init__(self, stored: Any = None) -> None:
        self.stored = stored
        self.written: list[tuple[str, str]] = []

    def read(self, name: str, parse: Any, what: str) -> Any:
        return None if self.stored is None else parse(self.stored)

    def put(self, name: str, text: str) -> None:
        self.written.append((name, text))


def finish_cards(f: LessonsFeature) -> None:
    f.open_lesson("cards")
    for _, right, _ in walk(BY_ID["cards"]):
        f.choose(right[0])


def test_a_finished_lesson_is_stored_under_its_own_key() -> None:
    kept = Kept({"v": 1, "done": ["gin"]})
    f = LessonsFeature(kept, None)
    assert not f.choose("AS")  # no lesson open
    finish_cards(f)
    assert kept.written == [(record.KEY, record.write(frozenset({"cards", "gin"})))]


def test_an_embedded_lesson_keeps_no_progress() -> None:
    kept = Kept({"v": 1, "done": ["gin"]})
    f = LessonsFeature(kept, None, lasting=False)
    finish_cards(f)
    assert kept.written == [] and f.lessons_done() == {"cards"}
    assert not f.practice()


def test_a_link_opens_a_known_lesson_and_names_an_unknown_one() -> None:
    f = LessonsFeature(Kept(), None)
    assert f.link_match(parse("?lesson=layoffs", lambda s, d: None, ["lesson"]), None) == (None, [])
    f.draw()
    assert f.progress == model.Progress("layoffs")
    game, said = f.link_match(parse("?lesson=nope", lambda s, d: None, ["lesson"]), None)
    assert game is None and said and "nope" in said[0]


def test_a_lessons_practice_hand_has_the_tutor_on_and_leaves_your_match_alone() -> None:
    vault = Vault()
    prefs = settings.Settings().with_rules(preset("classic"))
    assert not prefs.tutor
    lessons = LessonsFeature(Kept(), None)
    tutor = TutorFeature(tutored=lessons.tutors)  # as app.py wires them
    own = new_game(Match(prefs.game_rules(), seed=5), "beginner", "u0", vault.now())
    s = Session(prefs, vault, own, True, Plugs([tutor, lessons]))
    r = Recorder()
    Dispatcher(s, r, r, r, r, r, s.plugs)
    history = list(s.match.history)
    assert tutor.turn_key() is None and not lessons.tutors()
    assert not lessons.practice()  # no lesson open
    finish_cards(lessons)
    assert lessons.practice()
    assert s.reads.practicing and s.match.first_deal == BY_ID["cards"].practice
    assert lessons.tutors() and tutor.turn_key() is not None
    s.plays.end_practice()
    assert not lessons.tutors() and s.game is own and list(s.match.history) == history
