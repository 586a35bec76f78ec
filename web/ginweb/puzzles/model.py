"""What the page shows of a puzzle, built from data: the position as the table would show it
(your hand, the pile, the discards seen, the stock, the score, what is being decided), the
moves you may answer with, and after your answer whether it was the best, every move's value
in words and the reason; the choice of the next puzzle near your rating; your progress.

Pure (no ``js``): the writer (ui.py) copies these into the DOM; tested in CPython
(tests/test_web_puzzles_model.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gin_core import Action, Candidate, Card, MistakeKind, PlayerView
from gin_core.puzzles.declaring import unseen_spots
from gin_core.puzzles.glicko import PlayerRating
from gin_core.puzzles.position import Position
from gin_core.puzzles.puzzle import MoveValue, Puzzle

from ..kit.frozen import Frozen
from ..words import narrate
from . import record

THEMES = {
    MistakeKind.KNOCKED_TOO_EARLY: "Knocking too early",
    MistakeKind.WAITED_TOO_LONG: "Waiting too long",
    MistakeKind.DISCARDED_INTO_MELD: "Feeding the computer's meld",
    MistakeKind.BROKE_MELD: "Breaking a meld",
    MistakeKind.KEPT_DEAD_PAIR: "Keeping a dead pair",
    MistakeKind.TOOK_UNUSED: "Taking a card that fits nothing",
    MistakeKind.DREW_WRONG: "Drawing from the wrong place",
    MistakeKind.OTHER: "Other",
}


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


class AnswerModel(Frozen):
    right: bool
    headline: str
    rows: tuple[ValueRow, ...]
    reason: str
    progress: str


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


def values(puzzle: Puzzle, played: Action) -> tuple[ValueRow, ...]:
    """Every move's value in words, best first, as the hint gives them."""
    cands = [_candidate(puzzle, m) for m in puzzle.moves]
    best = cands[0]
    pos = puzzle.position
    return tuple(
        ValueRow(answer_label(pos, c.action), narrate.hint_value(c, best)[0], n == 0, c.action == played)
        for n, c in enumerate(cands)
    )


def _candidate(puzzle: Puzzle, m: MoveValue) -> Candidate:
    return Candidate(m.action, m.points, puzzle.reason(m.action), m.win)


def answer(puzzle: Puzzle, played: Action, progress: str) -> AnswerModel:
    """The verdict on ``played``: right or not, the best move, every value, and why."""
    pos = puzzle.position
    right = played == puzzle.answer
    best = answer_label(pos, puzzle.answer)
    if right:
        headline = f"Right: {best} is the best move."
    else:
        headline = f"Not the best: you chose {answer_label(pos, played)}. The best move is {best}."
    reason = narrate.reason_words(puzzle.reason(puzzle.answer), odds=False)
    if pos.knock is not None:
        reason = declaration_reason(pos, puzzle.answer)
    return AnswerModel(right, headline, values(puzzle, played), reason, progress)


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
    return f"\u201c{shown}\u201d is not a puzzle id (such as p0421) nor a position code."


PROVISIONAL = 110
"""A rating is provisional while its deviation is above this (lichess's threshold): a new
rating's 350 falls below it after about ten answers; until then one answer moves it by
hundreds of points (issue 43, item 5)."""


def progress(data: dict[str, Any], before: PlayerRating | None = None) -> str:
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
    puzzles: Sequence[Puzzle], data: dict[str, Any], theme: MistakeKind | None, skip: str = ""
) -> Puzzle | None:
    """The unsolved puzzle (of ``theme`` if given) whose rating here (as your results moved it)
    is nearest yours, not ``skip``; None when every such puzzle is solved."""
    solved = set(data["solved"])
    target = record.rating(data).rating
    found = [p for p in puzzles if p.id not in solved and p.id != skip and theme in (None, p.theme)]
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
    blog post (README.md, "A puzzle in a blog post")."""
    folder = base[: base.rfind("/") + 1]
    return Share(
        f"{base}?puzzle={code}",
        f'<div id="gin-rummy" data-puzzle="{code}"></div>\n'
        f'<script type="module" src="{folder}embed.js"></script>',
    )
