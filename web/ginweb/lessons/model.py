"""Pure: a lesson's position, the engine's verdict on the learner's choice, and what the panel
shows. Every check asks the engine (the stacked deal's :class:`gin_core.Hand`, its legal
moves and refusals, :func:`gin_core.best_arrangement`, :func:`gin_core.settle`): nothing here
knows a rule the engine could know better.
"""

from __future__ import annotations

from collections.abc import Callable

from gin_core import (
    Action,
    ActionError,
    ActionKind,
    Card,
    CardError,
    Hand,
    HandRecord,
    IllegalAction,
    MatchResult,
    Rules,
    Settlement,
    best_arrangement,
    deadwood,
    hand_points,
    match_result,
    parse_cards,
    preset,
    settle,
    stacked_deck,
)

from ..kit.frozen import Frozen
from ..words import narrate
from ..words.rulewords import render, rule_words
from .content import BY_ID, PICK_CARD, PICK_LIMIT, PICK_WINNER, PLAY_MOVE, Lesson, Step

MODES = ("discard", "knock", "gin")  # what a card of your hand does in a move step's discard phase
WINNERS = {"you": 0, "computer": 1}


def lesson_rules(lesson: Lesson) -> Rules:
    """The rules of a lesson: its preset with its own options (a variant's)."""
    return preset(lesson.preset).replace(**dict(lesson.options))


def deal(lesson: Lesson) -> Hand:
    """The lesson's prepared deal (you the non-dealer, player 0) with its ``before`` moves played."""
    deck = stacked_deck(
        parse_cards(lesson.you),
        parse_cards(lesson.them),
        Card.parse(lesson.upcard),
        parse_cards(lesson.stock),
    )
    hand = Hand(lesson_rules(lesson), deck, dealer=1)
    for text in lesson.before:
        hand.apply(Action.parse(text))
    if lesson.stock_left is not None:
        _play_down(hand, lesson.stock_left)
    return hand


def _play_down(hand: Hand, left: int) -> None:
    """Both players draw from the stock and throw the card back until you draw and ``left``
    cards remain (the end of the stock, without thirty moves written out)."""
    while len(hand.stock) > left + 1:
        drawn = hand.stock[-1]
        hand.apply(Action(ActionKind.DRAW_STOCK))
        hand.apply(Action(ActionKind.DISCARD, drawn))
    hand.apply(Action(ActionKind.DRAW_STOCK))


def words_of(lesson: Lesson) -> dict[str, str]:
    """What a lesson's ``{field}``s say: its rules' words, and the figures of its deal (a knocked
    hand's deadwood counts, the hand's knock limit), all from the engine."""
    hand = deal(lesson)
    found = rule_words(lesson_rules(lesson), lesson.preset) | {"limit": str(hand.knock_limit)}
    if lesson.shown:
        s = knocked(lesson)
        found["knocker_deadwood"] = str(s.knocker_deadwood)
        found["defender_deadwood"] = str(s.defender_deadwood)
    return found


def say(lesson: Lesson, text: str) -> str:
    """A text of ``lesson`` in words: its rules and figures filled in (rulewords.py)."""
    return render(text, words_of(lesson))


def position(lesson: Lesson, played: tuple[str, ...]) -> Hand:
    """The lesson's deal after the learner's right moves so far."""
    hand = deal(lesson)
    for text in played:
        hand.apply(Action.parse(text))
    return hand


def knocked(lesson: Lesson) -> Settlement:
    """The computer's knock of a shown lesson (its ten cards), you defending."""
    rules = lesson_rules(lesson)
    return settle(parse_cards(lesson.them), parse_cards(lesson.you), rules, knocker=1)


def match_of(lesson: Lesson) -> MatchResult:
    """The result of a lesson's match: its knocked hands settled and totalled by the engine."""
    rules = lesson_rules(lesson)
    records = []
    for n, (knocker, defender, who) in enumerate(lesson.hands, 1):
        s = settle(parse_cards(knocker), parse_cards(defender), rules, knocker=who)
        records.append(HandRecord(n, 1, "", s, hand_points(s)))
    return match_result(rules, records)


def _mine(hand: Hand) -> list[Card]:
    return list(hand.hands[0])


def _in_meld(kind: str) -> Callable[[Lesson, Hand, str], bool]:
    def check(lesson: Lesson, hand: Hand, value: str) -> bool:
        card = Card.parse(value)
        return any(card in m.cards for m in best_arrangement(_mine(hand)).melds if m.kind == kind)

    return check


def _extreme(pick: Callable[..., int]) -> Callable[[Lesson, Hand, str], bool]:
    return lambda lesson, hand, value: Card.parse(value).value == pick(c.value for c in _mine(hand))


def _least_deadwood(lesson: Lesson, hand: Hand, value: str) -> bool:
    action = Action.parse(value)
    if action.kind != ActionKind.DISCARD or action.card is None:
        return False
    legal = [a.put for a in hand.legal_actions() if a.kind == ActionKind.DISCARD]
    left = {c: deadwood([x for x in _mine(hand) if x != c]) for c in legal}
    return left.get(action.card) == min(left.values())


def _kind(kind: ActionKind) -> Callable[[Lesson, Hand, str], bool]:
    return lambda lesson, hand, value: Action.parse(value).kind == kind


GOALS: dict[str, Callable[[Lesson, Hand, str], bool]] = {
    "highest": _extreme(max),
    "lowest": _extreme(min),
    "in_set": _in_meld("set"),
    "in_run": _in_meld("run"),
    "deadwood_card": lambda lesson, hand, value: Card.parse(value) in best_arrangement(_mine(hand)).deadwood,
    "least_deadwood": _least_deadwood,
    "take": _kind(ActionKind.DRAW_PILE),
    "pile": _kind(ActionKind.DRAW_PILE),
    "knock": _kind(ActionKind.KNOCK),
    "gin": _kind(ActionKind.GIN),
    "end": lambda lesson, hand, value: Action.parse(value).kind in (ActionKind.KNOCK, ActionKind.GIN),
    "layoff": lambda lesson, hand, value: Card.parse(value) in {x.card for x in knocked(lesson).layoffs},
    "winner": lambda lesson, hand, value: WINNERS.get(value) == knocked(lesson).winner,
    "points": lambda lesson, hand, value: value == str(settled(lesson, hand).points),
    "limit": lambda lesson, hand, value: value == str(hand.knock_limit),
    "match_winner": lambda lesson, hand, value: WINNERS.get(value) == match_of(lesson).winner,
    "match_total": lambda lesson, hand, value: value == str(match_of(lesson).totals[0]),
}


class StepFeedback(Frozen):
    """The engine's verdict on a choice: right, and the words to say (the lesson's, and the
    engine's own refusal when the move is not legal)."""

    right: bool
    said: str


def judge(lesson: Lesson, step: int, played: tuple[str, ...], value: str) -> StepFeedback:
    """The verdict on choosing ``value`` at step ``step`` (``played``: the right moves so far):
    a move the engine refuses is refused with the engine's rule, first and alone (the lesson's
    explanation of its goal may not be why: issue 43, item 2); one that misses the step's goal
    with the lesson's explanation; the right one is said done."""
    s = lesson.steps[step]
    hand = position(lesson, played)
    try:
        if s.kind == PLAY_MOVE:
            hand.check(Action.parse(value))
        ok = GOALS[s.goal](lesson, hand, value)
    except IllegalAction as refused:
        return StepFeedback(False, narrate.rule_message(refused) + ".")
    except (ActionError, CardError):
        ok = False
    return StepFeedback(ok, say(lesson, s.right if ok else s.wrong))


def settled(lesson: Lesson, hand: Hand) -> Settlement:
    """The knocked hand a scoring step asks about: the lesson's hand once you knocked, else the
    computer's knock of a shown lesson."""
    return hand.settlement if hand.settlement is not None else knocked(lesson)


def point_options(lesson: Lesson, hand: Hand) -> tuple[str, ...]:
    """The answers offered for a scoring step: the engine's points and two near misses (the
    defender's count alone, the points not doubled or ten more), smallest first."""
    s = settled(lesson, hand)
    undoubled = s.points // s.multiplier if s.multiplier > 1 else s.points + 10
    near = dict.fromkeys((s.points, s.defender_deadwood, undoubled, s.points + 10))
    return tuple(str(n) for n in sorted(list(near)[:3]))


def total_options(lesson: Lesson) -> tuple[str, ...]:
    """The answers offered for a match total: the engine's, and without the line or the game
    bonus."""
    r = match_of(lesson)
    total = r.totals[0]
    return tuple(str(n) for n in sorted({total, total - r.line_bonus[0], total - r.game_bonus[0]}))


def limit_options(hand: Hand) -> tuple[str, ...]:
    """The answers offered for a knock limit step: the engine's limit of this hand, the usual
    10, and 0 (gin only)."""
    return tuple(str(n) for n in sorted({hand.knock_limit, 10, 0}))


class Option(Frozen):
    """A choice offered: the value sent, the words shown, the words a screen reader says."""

    value: str
    text: str
    spoken: str


def _card_options(hand: Hand, mode: str | None) -> tuple[Option, ...]:
    cards = sorted(_mine(hand))
    prefix = "" if mode is None else f"{mode} "
    verb = "" if mode is None else f"{mode.capitalize()} "
    return tuple(Option(f"{prefix}{c}", c.symbol, f"{verb}{c.name}") for c in cards)


def _move_options(hand: Hand, mode: str) -> tuple[Option, ...]:
    """A move step's choices: your cards (to discard, knock or go gin with), else the draws."""
    if hand.phase == "discard":
        return _card_options(hand, mode)
    top = hand.pile[-1] if hand.pile else None
    return tuple(
        Option(a.kind.value, narrate.action_label(a, top), narrate.action_label(a, top, spoken=True))
        for a in hand.legal_actions()
    )


def _number_options(lesson: Lesson, step: Step, hand: Hand) -> tuple[Option, ...]:
    """A points or knock limit step's choices."""
    if step.kind == PICK_LIMIT:
        return tuple(Option(n, n, f"Knock limit {n}") for n in limit_options(hand))
    found = total_options(lesson) if lesson.hands else point_options(lesson, hand)
    return tuple(Option(p, p, f"{p} points") for p in found)


def options(lesson: Lesson, step: Step, hand: Hand, mode: str) -> tuple[Option, ...]:
    """The choices of ``step``: your cards, the engine's moves, the winners or the numbers."""
    if step.kind == PICK_CARD:
        return _card_options(hand, None)
    if step.kind == PICK_WINNER:
        return (Option("you", "You", "You win"), Option("computer", "The computer", "The computer wins"))
    if step.kind == PLAY_MOVE:
        return _move_options(hand, mode)
    return _number_options(lesson, step, hand)


class Progress(Frozen):
    """Where the learner is in an open lesson: the step, the right moves played, the move kind
    chosen for cards (discard, knock, gin), and the last verdict."""

    ident: str
    step: int = 0
    played: tuple[str, ...] = ()
    mode: str = "discard"
    verdict: StepFeedback | None = None

    @property
    def lesson(self) -> Lesson:
        return BY_ID[self.ident]

    @property
    def finished(self) -> bool:
        return self.step >= len(self.lesson.steps)


def choose(p: Progress, value: str) -> Progress:
    """The progress after choosing ``value``: refused (the same step, the explanation said), or
    the next step (a right move is played on the lesson's deal)."""
    if p.finished:
        return p
    lesson = p.lesson
    v = judge(lesson, p.step, p.played, value)
    if not v.right:
        return Progress(p.ident, p.step, p.played, p.mode, v)
    moved = lesson.steps[p.step].kind == PLAY_MOVE
    return Progress(p.ident, p.step + 1, (*p.played, value) if moved else p.played, "discard", v)


class CardFace(Frozen):
    text: str
    spoken: str
    red: bool


class PanelModel(Frozen):
    """What the lesson panel shows."""

    title: str
    intro: str
    where: str
    ask: str
    hand: tuple[CardFace, ...]
    table: str
    them: str
    options: tuple[Option, ...]
    modes: tuple[str, ...]
    mode: str
    said: str
    right: bool | None
    finished: bool


def _face(c: Card) -> CardFace:
    return CardFace(c.symbol, c.name, c.suit in "HD")


def _table_words(hand: Hand) -> str:
    """The pile and the stock; once the hand is knocked, the engine's score of it."""
    if hand.settlement is not None:
        return " ".join(narrate.settlement_lines(hand.settlement))
    top = hand.pile[-1].name if hand.pile else "empty"
    return f"Discard pile: {top}. Stock: {len(hand.stock)} cards."


def _them_words(lesson: Lesson) -> str:
    """What the lesson shows face up: the computer's knock, or the hands of its match."""
    if lesson.hands:
        rules = lesson_rules(lesson)
        heads = (
            narrate.hand_headline(settle(parse_cards(k), parse_cards(d), rules, knocker=w))
            for k, d, w in lesson.hands
        )
        return " ".join(f"Hand {n}: {h}." for n, h in enumerate(heads, 1))
    if not lesson.shown:
        return ""
    s = knocked(lesson)
    melds = ", ".join(narrate.cards_words(m.cards) for m in s.knocker_arrangement.melds)
    return f"The computer's melds: {melds}; its deadwood: {s.knocker_deadwood}."


def just_did(hand: Hand) -> str:
    """What you just did that a refusal may depend on: the card you took from the pile (it may
    not be discarded at once under most rules), said before the step's question."""
    if hand.turn != 0 or hand.phase != "discard" or hand.taken is None:
        return ""
    kept = " It may not be discarded this turn." if hand.rules.no_discard_after_pickup else ""
    return f"You took the {hand.taken.name} from the discard pile.{kept} "


def _asked(p: Progress, hand: Hand) -> tuple[str, str, tuple[Option, ...], tuple[str, ...]]:
    """Where the lesson is, what it asks, the choices, and the move kinds offered for cards."""
    lesson = p.lesson
    if p.finished:
        return "Lesson done", "Well done. Play a practice hand, or choose another lesson.", (), ()
    step = lesson.steps[p.step]
    discard_phase = step.kind == PLAY_MOVE and hand.phase == "discard"
    where = f"Step {p.step + 1} of {len(lesson.steps)}"
    ask = (just_did(hand) if step.kind == PLAY_MOVE else "") + say(lesson, step.ask)
    return where, ask, options(lesson, step, hand, p.mode), MODES if discard_phase else ()


def panel(p: Progress) -> PanelModel:
    """The panel of progress ``p``: the step asked, your cards, the choices, the last verdict."""
    lesson = p.lesson
    hand = position(lesson, p.played)
    where, ask, offered, modes = _asked(p, hand)
    return PanelModel(
        title=lesson.title,
        intro=say(lesson, lesson.intro),
        where=where,
        ask=ask,
        hand=tuple(_face(c) for c in sorted(_mine(hand))),
        table="" if lesson.shown else _table_words(hand),
        them=_them_words(lesson),
        options=offered,
        modes=modes,
        mode=p.mode,
        said="" if p.verdict is None else p.verdict.said,
        right=None if p.verdict is None else p.verdict.right,
        finished=p.finished,
    )


class ListItem(Frozen):
    ident: str
    title: str
    done: bool


def lesson_list(done: frozenset[str]) -> tuple[ListItem, ...]:
    """Every lesson in order, marked done or not."""
    from .content import LESSONS

    return tuple(ListItem(x.ident, x.title, x.ident in done) for x in LESSONS)
