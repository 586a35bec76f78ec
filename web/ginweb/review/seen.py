"""What a review shows its reader, and no more: the table before each move as the reviewed seat
saw it (its own hand, the pile, and of the other hand only the cards it knew, the others face
down), the other's knock or gin without the card put face down, and the review's words with
names where one person's review says "you".

In a two-person match each person's review shows the other hand as known then: the cards taken
from the pile and not discarded since, and the whole hand once a knock laid it open (never after
a dead hand, whose hands are not shown). Against the computer the review is in hindsight: every
card of its hand you knew by the hand's end (discarded face up, taken from the pile, laid open),
at every step; a card you never saw (its knock's face-down discard, its hand after a dead hand)
stays face down, and no text names it.

Pure (no DOM). The frames are mirrored as seatview.py mirrors the table: the reviewed seat is
row 0, so the presenter draws it where "you" sit.
"""

from __future__ import annotations

import re

from gin_core import Action, ActionKind, Card, Match
from gin_core.analysis import Frame, hand_moves, position

from ..kit.frozen import Frozen
from ..words import narrate

FACE_DOWN = (ActionKind.KNOCK, ActionKind.GIN)  # their discard goes face down: the other never sees it


class Reader(Frozen):
    """Whose review it is: the seat judged and the two people's names (by seat); ``alone``: the
    only person at a table (its words say "you", its moves name the other player);
    ``table_hand``: the hand at a table the reviewed game was played in (None: a match's)."""

    seat: int
    people: tuple[str, str]
    alone: bool = False
    table_hand: int | None = None

    def title(self, hand_number: int) -> str:
        """The review's title: whose, and which hand."""
        whose = "Your" if self.alone else f"{self.me}\u2019s"
        if self.table_hand is None:
            return f"{whose} hand {hand_number} review"
        return f"{whose} game of hand {self.table_hand}: review"

    @property
    def knew(self) -> str:
        """The other row's label: the other hand as far as the reviewed seat knew it."""
        return f"{self.other}, as {'you' if self.alone else self.me} knew"

    @property
    def me(self) -> str:
        return self.people[self.seat]

    @property
    def other(self) -> str:
        return self.people[1 - self.seat]


class Sight(Frozen):
    """One step of a review as its reader saw it: the table (the other hand only as far as the
    reader knew it) and how many of the other hand's cards lie face down (unknown to the reader)."""

    frame: Frame
    face_down: int


def seat_frames(
    match: Match, hand_number: int, seat: int, never: frozenset[Card] | None = None
) -> tuple[Sight, ...]:
    """:func:`gin_core.analysis.frames` as ``seat`` saw them: before each move, and after the last;
    the other hand as ``seat`` knew it then, or with ``never`` (the cards it never saw in the
    hand: :func:`gin_core.analysis.never_seen`) in hindsight: every card of it that ``seat`` knew
    by the hand's end."""
    fresh = position(match, hand_number, 0)  # as dealt (every hand ends by a move)
    out = [_sight(fresh, seat, never)]
    for player, action in hand_moves(match, hand_number):
        fresh.apply(action, player)
        out.append(_sight(fresh, seat, never))
    return tuple(out)


def _sight(m: Match, seat: int, never: frozenset[Card] | None) -> Sight:
    """The table of ``m`` now as ``seat`` knows it (see :func:`seat_frames`), its own hand first."""
    v = m.view(seat)
    held = m.hand.hands[1 - seat]
    if never is not None:
        theirs = [c for c in held if c not in never]
    elif (
        v.showdown is not None and v.showdown.settlement is not None
    ):  # laid open (a dead hand's stays hidden)
        theirs = list(held)
    else:
        theirs = list(v.opponent_known)
    mover = None if v.to_move is None else int(v.to_move != seat)
    frame = Frame((tuple(sorted(v.hand)), tuple(sorted(theirs))), v.pile, v.stock_size, mover, m.phase)
    return Sight(frame, len(held) - len(theirs))


def hidden_label(action: Action, mine: bool) -> str | None:
    """The other person's knock or gin without the card they put face down (None: say the
    move as usual)."""
    if mine or action.kind not in FACE_DOWN:
        return None
    return "Gin, discarding face down" if action.kind == ActionKind.GIN else "Knock, discarding face down"


THIRD = {"go": "goes", "knock": "knocks", "lay": "lays", "score": "scores", "win": "wins", "take": "takes"}
YOU_VERB = re.compile(r"\b[Yy]ou (" + "|".join(THIRD) + r")\b")


def named(text: str, reader: Reader) -> str:
    """``text`` written for "you" against the computer, with both people's names instead; when
    the reader is the only person here (a friend's hand, a game at a table of seats), still
    "you", the other player by name (never "the computer" for a person)."""
    if reader.alone:
        return narrate.named(text, reader.other)
    me = reader.me
    text = YOU_VERB.sub(lambda found: f"{me} {THIRD[found.group(1)]}", text)
    text = re.sub(r"\b[Yy]our\b", f"{me}\u2019s", text)
    text = re.sub(r"\b[Yy]ou\b", me, text)
    return narrate.named(text, reader.other)
