"""Every word the page says about a kind of mistake, one record per :class:`~gin_core.analysis.MistakeKind`.

A finished hand's steps, the statistics of mistakes, the theme menu of positions to solve and the
question asked before a move each speak of the same kinds; reading them from one record keeps a
kind's name and its reasons together (``tests/test_web_mistake_words.py`` holds that every kind
has one, and that the theme menu in index.html shows the titles). Reasons are built from the
engine's data: the :class:`Mistake`'s cards and counts, and the hint's :class:`Reason` of the
moves compared; never from prose.
"""

from __future__ import annotations

from collections.abc import Callable

from gin_core import Action, ActionKind, Reason
from gin_core.analysis import Mistake, MistakeKind

from ..kit.frozen import Frozen
from . import narrate

Afterwards = Callable[[Mistake, Action, bool], str]
"""The line on a mistake made, once the hand is over (the move played; True: spoken, cards by
name)."""
Beforehand = Callable[[Mistake, Reason, Reason], str]
"""The tutor's reason to question a move before it is played (its hint reason, the best's)."""


class MistakeWords(Frozen):
    """A kind of mistake in words: ``title`` names it as a theme to practise, ``short`` in the
    statistics ("mistakes made most often"); ``afterwards`` says why a move played was one (once
    the hand is over), ``beforehand`` why a move about to be played would be (asked before it)."""

    title: str
    short: str
    afterwards: Afterwards
    beforehand: Beforehand


RANK_PLURALS = (
    "aces",
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "sevens",
    "eights",
    "nines",
    "tens",
    "jacks",
    "queens",
    "kings",
)


def gone_words(m: Mistake, spoken: bool) -> str:
    """The cards that would have completed a dead pair: "both other nines were gone"."""
    a, b = m.cards[0], m.cards[1]
    if a.rank == b.rank and len(m.gone) == 2:
        return f"both other {RANK_PLURALS[a.rank - 1]} were gone"
    verb = "was" if len(m.gone) == 1 else "were"
    return f"{narrate.cards_words(m.gone, spoken)} {verb} gone"


def _first(m: Mistake, spoken: bool) -> str:
    return narrate.card_word(m.cards[0], spoken) if m.cards else ""


def _rest(m: Mistake, skip: int = 1) -> str:
    return narrate.cards_words(m.cards[skip:])


def _waited(m: Mistake, _: Action, spoken: bool) -> str:
    end = "gone gin" if m.best_deadwood == 0 else f"knocked with {m.best_deadwood}"
    return f"Waited too long: could have {end}, putting down {_first(m, spoken)}."


def _drew_wrong(m: Mistake, played: Action, spoken: bool) -> str:
    if played.kind == ActionKind.DRAW_PILE:
        return f"Took {_first(m, spoken)}: drawing from the stock was worth more."
    return f"Left {_first(m, spoken)}: taking it was worth more."


def _other_afterwards(m: Mistake, _: Action, __: bool) -> str:
    return f"That left {m.deadwood} deadwood; the coach's move left {m.best_deadwood}."


def better_does(best: Reason, lead: str = "") -> str:
    """What the better move does, in the hint's words (after ``lead``, if given)."""
    text = narrate.reason_words(best, odds=False)
    return f"{lead}{text[:1].lower()}{text[1:]}." if lead else f"{text}."


def knock_risk(_: Mistake, played: Reason, __: Reason) -> str:
    """A knock's record against the hands the computer likely holds (its undercut risk)."""
    if played.wins is None:
        return "Knocking now is likely to cost you: waiting is worth more."
    count = "" if played.deadwood is None else f" with {played.deadwood}"
    return (
        f"Knocking{count} wins against {played.wins}% of the hands the computer likely holds; "
        f"against the other {100 - played.wins}% it is undercut (or even): waiting is worth more."
    )


def _other_beforehand(m: Mistake, _: Reason, best: Reason) -> str:
    """A move of no named kind: the deadwood each leaves when they differ, else what the better
    move does."""
    if m.deadwood is not None and m.best_deadwood is not None and m.deadwood != m.best_deadwood:
        return f"It leaves {m.deadwood} deadwood where the better move leaves {m.best_deadwood}."
    return better_does(best)


MISTAKES: dict[MistakeKind, MistakeWords] = {
    MistakeKind.KNOCKED_TOO_EARLY: MistakeWords(
        "Knocking too early",
        "knocked too early",
        lambda m, _, __: f"Knocked too early with {m.deadwood}: playing on was worth more.",
        knock_risk,
    ),
    MistakeKind.WAITED_TOO_LONG: MistakeWords(
        "Waiting too long",
        "waited too long",
        _waited,
        lambda _, __, best: better_does(best, "You can end the hand now: "),
    ),
    MistakeKind.DISCARDED_INTO_MELD: MistakeWords(
        "Feeding the computer's meld",
        "discarded into the computer's meld",
        lambda m, _, spoken: (
            f"Discarded {_first(m, spoken)} into the computer's meld: it took"
            f" {narrate.cards_words(m.cards[1:], spoken)} from the pile."
        ),
        lambda m, _, __: (
            f"The computer took {_rest(m)} from the pile: "
            f"{narrate.cards_words(m.cards[:1])} may join its meld."
        ),
    ),
    MistakeKind.BROKE_MELD: MistakeWords(
        "Breaking a meld",
        "broke up a meld",
        lambda m, _, spoken: (
            f"Broke up the meld {narrate.cards_words(sorted(m.cards), spoken)}"
            f" by discarding {_first(m, spoken)}."
        ),
        lambda m, _, __: f"It breaks up your meld with {_rest(m)}.",
    ),
    MistakeKind.KEPT_DEAD_PAIR: MistakeWords(
        "Keeping a dead pair",
        "kept a dead pair",
        lambda m, _, spoken: f"Kept {narrate.cards_words(m.cards, spoken)}, but {gone_words(m, spoken)}.",
        lambda m, _, __: (
            f"Your pair {_rest(m, 0)} is dead ({narrate.cards_words(m.gone)} already seen): let it go first."
        ),
    ),
    MistakeKind.TOOK_UNUSED: MistakeWords(
        "Taking a card that fits nothing",
        "took a card that fit nothing",
        lambda m, _, spoken: f"Took {_first(m, spoken)}, which fit nothing.",
        lambda m, _, __: f"{_rest(m, 0)} fits nothing in your hand.",
    ),
    MistakeKind.DREW_WRONG: MistakeWords(
        "Drawing from the wrong place",
        "drew from the wrong place",
        _drew_wrong,
        lambda _, __, best: better_does(best, "The other draw: "),
    ),
    MistakeKind.OTHER: MistakeWords("Other", "other", _other_afterwards, _other_beforehand),
}
"""Each kind of mistake in words, in the order the statistics break ties by."""
