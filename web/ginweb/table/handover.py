"""The hand-over: one device, several people. Whenever the person who should look changes (two
people at a match, people at a table of three or four, a person going over their own hand)
the table is covered until that person taps Ready. This module is the one place that decides
who should hold the device, when a table is covered, what a covered table shows and every word
said about it; the table (session, presenter, dispatch) and the features that seat people or
show one person their own hand ask it and decide none of it themselves.

Covered, a table shows what every person at the device may see: the names and seats, the pile,
the stock, how many cards each hand holds, the scores and the fair log; no card of any hand, no
move, no undo, no hint (the two-player table: the presenter's ``covered`` in model.py, each hand
as :func:`face_down` says).
"""

from __future__ import annotations

from collections.abc import Sequence

from gin_core import Card

READY = "Ready"
WAIT = "Pass the device first: the next player taps when ready."


def title(to: str) -> str:
    """The heading of the covered table."""
    return f"Pass to {to}"


def instruction(to: str) -> str:
    """What the covered table says (its status line)."""
    return f"Pass the device to {to}. {to}: tap \u201cReady\u201d when only you can see the screen."


def announcement(to: str) -> str:
    """What a screen reader hears when the turn passes."""
    return f"Pass the device to {to}."


def before(to: str, what: str) -> str:
    """The words of the hand-over before something for one person only (``what``, e.g. "go
    over Bob's game")."""
    return f"Pass to {to} to {what}."


def holder_now(
    people: Sequence[int], to_move: Sequence[int], playing: Sequence[int], holder: int | None
) -> int:
    """The seat of the person who should hold the device: of the people (``people``, their
    seats) those to move, else those who play this hand (``playing``), else all of them; the one
    holding it (``holder``) keeps it while in that group, else the first."""
    group = next(
        g for g in ([s for s in to_move if s in people], sorted(set(playing) & set(people)), people) if g
    )
    return holder if holder is not None and holder in group else group[0]


def covers(people: int, person_changed: bool, new_deal: bool) -> bool:
    """Whether the table is covered now: with two people or more at the device, whenever the
    person who should look changes, and at a new deal or a resumed table (the device may then be
    in anyone's hands)."""
    return people > 1 and (person_changed or new_deal)


def face_down(cards: Sequence[Card]) -> int:
    """What a covered table shows of a hand: how many cards it holds, face down."""
    return len(cards)
