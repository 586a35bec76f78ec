"""What the page shows of a puzzle, built from data: the position as the table would show it
(your hand, the pile, the discards seen, the stock, the score, what is being decided), the
moves you may answer with, and after your answer whether it was the best, every move's value
in words and the reason; the choice of the next puzzle near your rating; your progress.

Pure (no ``js``): the writer (ui.py) copies these into the DOM; tested in CPython
(tests/test_web_puzzles_model.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Literal

from gin_core import Action, Card, PlayerView
from gin_core.analysis import MistakeKind
from gin_core.bots import CLEAR_ERRORS, clearly_better
from gin_core.puzzles.declaring import unseen_spots
from gin_core.puzzles.glicko import PlayerRating
from gin_core.puzzles.position import Position
from gin_core.puzzles.puzzle import Checked, DecisionKind, MoveValue, Puzzle, puzzle_id, reference_check
from gin_core.puzzles.reference_data import MODELS, POLICIES
from gin_core.puzzles.verify import SCALE

from ..kit.frozen import Frozen
from ..words import narrate
from . import record


class HandCard(Frozen):
    """A card of your hand: its code (for the face), its name, and the move of discarding it
    (the action's text; None when it may not be discarded now)."""

    code: str
    name: str
    move: str | None


class Move(Frozen):
    """A move other than a plain discard: the action's text and its words."""

    move: str
    label: str


class BoardModel(Frozen):
    title: str
    task: str  # what is being decided
    hand: tuple[HandCard, ...]
    hand_label: str  # what the hand is for a screen reader: its cards are moves only in a discard
    pile: str  # the pile's top card, in words
    pile_code: str | None
    discards: str  # the discards seen, by whom
    stock: str
    score: str
    moves: tuple[Move, ...]


class ValueRow(Frozen):
    label: str
    value: str
    best: bool
    yours: bool


AnswerGrade = Literal["right", "close", "wrong"]


class AnswerModel(Frozen):
    """The verdict on an answer: ``right`` when it counts as solved (the best move, or one the
    best is not clearly better than: ``verdict`` "close"), the headline, every move's value on
    one scale, the ``legend`` that names that scale, the reason for the best move, progress."""

    right: bool
    headline: str
    rows: tuple[ValueRow, ...]
    reason: str
    progress: str
    verdict: AnswerGrade = "right"
    legend: str = ""


def move_label(action: Action, top: Card | None) -> str:
    """A move in words; a knock's declared melds named (the meld choice)."""
    text = narrate.action_label(action, top)
    if action.melds:
        text += ", laying down " + " \u00b7 ".join(narrate.cards_words(m.cards) for m in action.melds)
    return text


def declaration_label(position: Position, action: Action) -> str:
    """A declaration of a meld choice in words: its meld groups and the deadwood it leaves."""
    melds = action.melds or ()
    declared = {c for m in melds for c in m.cards}
    left = sum(c.value for c in position.hand if c not in declared and c != action.card)
    groups = " · ".join(narrate.cards_words(m.cards) for m in melds)
    return f"Lay down {groups} ({left} deadwood)"


def answer_label(position: Position, action: Action) -> str:
    """A move of a puzzle in words: a meld choice's declarations by their meld groups."""
    if position.knock is not None:
        return declaration_label(position, action)
    return move_label(action, position.view().top)


def task_words(position: Position, v: PlayerView) -> str:
    """What is being decided: the table's status, or the meld choice after the knock."""
    if position.knock is None:
        return narrate.status_text(v)
    return (
        f"You knock, discarding {narrate.card_word(position.knock)}. Which melds do you lay down? "
        "The computer may lay off cards on them."
    )


def board(position: Position, title: str) -> BoardModel:
    """The position as the table would show it, and the moves to answer with."""
    v = position.view()
    legal = v.legal_actions
    discards = {a.card: str(a) for a in legal if a.kind == "discard" and a.card is not None}
    hand = tuple(HandCard(str(c), c.name, discards.get(c)) for c in sorted(v.hand))
    moves = tuple(Move(str(a), answer_label(position, a)) for a in legal if a.kind != "discard")
    top = v.top
    return BoardModel(
        title,
        task_words(position, v),
        hand,
        "Your hand: choose a card to discard it" if discards else f"Your hand, {len(hand)} cards",
        "Discard pile: empty" if top is None else f"Discard pile: {narrate.card_word(top)} on top",
        None if top is None else str(top),
        seen_words(v),
        f"Stock: {v.stock_size} cards",
        score_words(v),
        moves,
    )


def seen_words(v: PlayerView) -> str:
    """The discards of this hand, by whom, and the cards the computer took from the pile."""
    mine = [c for p, c in v.discards if p == v.player]
    theirs = [c for p, c in v.discards if p != v.player]
    parts = [
        f"You discarded: {narrate.cards_words(mine) or 'nothing yet'}.",
        f"The computer discarded: {narrate.cards_words(theirs) or 'nothing yet'}.",
    ]
    if v.opponent_known:
        parts.append(f"The computer holds {narrate.cards_words(v.opponent_known)} (taken from the pile).")
    return " ".join(parts)


def score_words(v: PlayerView) -> str:
    you, cpu = v.scores[v.player], v.scores[v.opponent]
    target = v.rules.target
    if target is None:
        return "One hand, scored on its own."
    return f"Score: you {you}, the computer {cpu}, playing to {target}."


UNVERIFIED = "not verified"  # the value cell of a move the verifying search did not value


def values(puzzle: Puzzle, played: Action) -> tuple[ValueRow, ...]:
    """Every move, best first, each valued on the one scale of the table (:func:`value_words`);
    a shipped puzzle's moves past the verified ones are listed without a value."""
    pos = puzzle.position
    return tuple(
        ValueRow(
            answer_label(pos, m.action),
            value_words(m) if n < puzzle.verified else UNVERIFIED,
            n == 0,
            m.action == played,
        )
        for n, m in enumerate(puzzle.moves)
    )


def value_words(m: MoveValue) -> str:
    """A move's value on the table's one scale: its chance to win the match and its expected
    points of this hand ("52.1% to win the match · -4.4 pts", with a true minus sign), points
    alone under one-hand rules."""
    pts = f"{narrate.signed(m.points)} pts"
    return pts if m.win is None else f"{100 * m.win:.1f}% to win the match \u00b7 {pts}"


def legend(puzzle: Puzzle) -> str:
    """What the values are, and where they come from: one scale for the whole table."""
    by_match = puzzle.moves[0].win is not None
    what = (
        "Value: your chance to win the match once this hand is over, and the points this hand is "
        "expected to bring you"
        if by_match
        else "Value: the points this hand is expected to bring you"
    )
    if puzzle.verified == len(puzzle.moves):
        return f"{what}, all measured by the same playouts on likely hidden cards. " + double_check(puzzle)
    return (
        f"{what}, measured for the best {puzzle.verified} moves by a search {SCALE} times the "
        f"hint's; the other moves, which the hint rated lower, are listed {UNVERIFIED}. "
        + double_check(puzzle)
    )


def double_check(puzzle: Puzzle) -> str:
    """What the reference check found of a shipped puzzle's answer, in a sentence (a meld
    choice's in its own: nobody plays on after a knock, see :func:`declarations_checked`)."""
    found = reference_check(puzzle)
    if puzzle.kind == DecisionKind.MELDS:
        return declarations_checked(found)
    if found == Checked.ROBUST:
        return (
            f"Double-checked: the best move beat the next best with each of {MODELS} ways of guessing "
            f"the hidden cards and each of {POLICIES} styles of play carrying on."
        )
    if found == Checked.UNCLEAR:
        return (
            "Double-checked in part: no way of guessing the hidden cards and no style of play "
            "carrying on found the next best move clearly better, but the best did not clearly "
            f"win in all {MODELS * POLICIES} pairings."
        )
    return "Not yet double-checked with other ways of guessing the hidden cards and other styles of play."


def declarations_checked(found: Checked) -> str:
    """What the reference check found of a meld choice's answer: its declaration against every
    other one listed under each way of guessing the hidden cards; no style of play carries on,
    since the knock ends the hand (``scripts/reference.py`` ``compare_declarations``)."""
    if found == Checked.ROBUST:
        return (
            f"Double-checked: the best declaration beat every other one with each of {MODELS} ways of "
            "guessing the hidden cards (nobody plays on after a knock)."
        )
    if found == Checked.UNCLEAR:
        return (
            "Double-checked in part: no way of guessing the hidden cards found another declaration "
            "clearly better, but the best did not clearly beat every other one with each of the "
            f"{MODELS} ways."
        )
    return "Not yet double-checked with other ways of guessing the hidden cards."


def verdict_of(puzzle: Puzzle, played: Action) -> AnswerGrade:
    """Right: the best move; close: the best is not clearly better (its gap within the noise of
    its estimate, :func:`gin_core.bots.ranking.clearly_better`), or ``played`` is the runner-up
    the reference check did not find clearly worse whoever plays on (:func:`doubted`); else
    wrong."""
    if played == puzzle.answer:  # exactly: a meld choice's answers are one knock's declarations
        return "right"
    best, mine = puzzle.moves[0], puzzle.value_of(played)
    if not clearly_better(best.score() - mine.score(), mine.error) or doubted(puzzle, played):
        return "close"
    return "wrong"


def doubted(puzzle: Puzzle, played: Action) -> bool:
    """Whether ``played`` is the runner-up of a puzzle the reference check found unclear: under
    some hand model x continuation policy pair the answer did not clearly beat it, so the
    puzzle's own values are not enough to call it wrong (the check compared these two moves
    only)."""
    return played == puzzle.moves[1].action and reference_check(puzzle) == Checked.UNCLEAR


def headline(puzzle: Puzzle, played: Action, verdict: AnswerGrade) -> str:
    """The verdict in words; a close one with both values and the noise it is within."""
    pos = puzzle.position
    best = answer_label(pos, puzzle.answer)
    if verdict == "right":
        return f"Right: {best} is the best move."
    mine = answer_label(pos, played)
    if verdict == "wrong":
        return f"Not the best: you chose {mine}. The best move is {best}."
    top, yours = puzzle.moves[0], puzzle.value_of(played)
    by_match = top.win is not None and yours.win is not None
    unit = 100.0 if by_match else 1.0
    gap = unit * (top.score() - yours.score())
    error = unit * (yours.error or 0.0)
    what = "points of match-win chance" if by_match else "points"
    head = (
        f"Close: both moves are reasonable. You chose {mine} ({value_words(yours)}); {best} "
        f"is rated {gap:.1f} {what} higher ({value_words(top)}), "
    )
    if clearly_better(top.score() - yours.score(), yours.error):  # the double check doubted it
        return head + (
            "but checked with other ways of guessing the hidden cards and other styles of play "
            "carrying on, it was not clearly better every time."
        )
    return head + (
        f"within the estimate's noise: under {CLEAR_ERRORS:g} paired standard errors of the gap "
        f"({CLEAR_ERRORS * error:.1f} {what})."
    )


def answer(puzzle: Puzzle, played: Action, progress: str) -> AnswerModel:
    """The verdict on ``played``: right, close or not, the best move, every value, and why."""
    pos = puzzle.position
    verdict = verdict_of(puzzle, played)
    reason = best_reason(puzzle)
    if pos.knock is not None:
        reason = declaration_reason(pos, puzzle.answer)
    rows = values(puzzle, played)
    head = headline(puzzle, played, verdict)
    return AnswerModel(verdict != "wrong", head, rows, reason, progress, verdict, legend(puzzle))


def best_reason(puzzle: Puzzle) -> str:
    """Why the best move, naming it: the engine's reason leaves the move out ("leaves 9
    deadwood"), so the move's label is its subject ("Discard Q♠: leaves 9 deadwood.")."""
    words = replace(puzzle.reason(puzzle.answer), wins=None, points=None).describe()
    return f"{answer_label(puzzle.position, puzzle.answer)}: {words}."


def declaration_reason(position: Position, action: Action) -> str:
    """Why a declaration, in words: the lay-off spots it leaves for cards you have not seen."""
    spots = unseen_spots(position.view(), action)
    cards = "card" if spots == 1 else "cards"
    return (
        f"{answer_label(position, action)} leaves {spots} {cards} you have not seen that the "
        "computer could lay off on your melds; the values weigh what it probably holds."
    )


def not_a_puzzle(asked: str) -> str:
    """Why a link's or an embed's puzzle shows nothing, in the same words on the game's page and
    the puzzle page (the engine's reason, e.g. a position code's base64 length, is no help)."""
    shown = asked if len(asked) <= 40 else asked[:40] + "\u2026"
    return f"\u201c{shown}\u201d is not a puzzle id (such as {puzzle_id(0)}) nor a position code."


PROVISIONAL = 110
"""A rating is provisional while its deviation is above this (lichess's threshold): a new
rating's 350 falls below it after about ten answers; until then one answer moves it by
hundreds of points (issue 43, item 5)."""


def progress(data: record.PuzzleRecord, before: PlayerRating | None = None) -> str:
    """Your puzzle rating (and its change), said provisional with its deviation until it
    settles, then your streak and best streak."""
    now = record.rating(data)
    text = f"Your puzzle rating: {now.rating:.0f}"
    if before is not None and round(now.rating) != round(before.rating):
        text += f" ({narrate.signed(round(now.rating - before.rating))})"
    if now.deviation > PROVISIONAL:
        text += f", provisional (\u00b1{now.deviation:.0f} until it is within \u00b1{PROVISIONAL})"
    return f"{text}. Streak: {data['streak']}, best {data['best']}."


def next_puzzle(
    puzzles: Sequence[Puzzle], data: record.PuzzleRecord, theme: MistakeKind | None, skip: str = ""
) -> Puzzle | None:
    """The puzzle not yet answered here (of ``theme`` if given) whose rating here (as your results
    moved it) is nearest yours, not ``skip``; None when every such puzzle is answered. A puzzle
    missed is not offered again: a shipped puzzle counts once (record.answer), so it would come
    back, count nothing and stay the nearest."""
    target = record.rating(data).rating
    found = [
        p
        for p in puzzles
        if p.id != skip and theme in (None, p.theme) and not record.answered_before(data, p.id)
    ]
    return min(
        found,
        key=lambda p: (abs(record.local_rating(data, p.id, p.rating).rating - target), p.id),
        default=None,
    )


class Share(Frozen):
    link: str
    snippet: str


def share(base: str, code: str) -> Share:
    """The link that opens position ``code`` as a puzzle, and the snippet that shows it in a
    blog post (docs/embedding.md, "A puzzle in a blog post")."""
    folder = base[: base.rfind("/") + 1]
    return Share(
        f"{base}?puzzle={code}",
        f'<div id="gin-rummy" data-puzzle="{code}"></div>\n'
        f'<script type="module" src="{folder}embed.js"></script>',
    )
