"""A position: one decision from the deciding player's view, as a short code anyone can share.

A position holds only what the deciding player knows: the rules, the scores, the dealer, the
hand's number, the first upcard, their own hand, and the public moves of the hand so far (who
passed, drew from the stock or the pile, and what they threw). Everything else a decision uses
(the pile, the discards and who made them, the cards taken from the pile, the declined upcards,
the stock size, the phase, the forbidden card, must-knock) is replayed from those moves by the
rules, so a code cannot hold a fact that contradicts another, and never a hidden card.

The code is the bytes below in URL-safe base64 without padding (letters, digits, ``-``, ``_``):
a version, the rules (a preset's number, or every rule that differs from the default), the
seats, the hand number, the scores, the upcard, the hand (a count, then card indices), then one
byte per public move (0 stock, 1 pile, 2 pass, 3 + card: a discard). A meld-choice position (the
knocker's melds, once the knock card is chosen) ends with :data:`KNOCKING` and the knock card.
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass, replace
from functools import cached_property

from ..actions import Action, ActionKind
from ..bots.kernel import hand_events
from ..cards import CARDS, Card
from ..checks import describe
from ..errors import GinError
from ..events import Event
from ..presets import PRESETS
from ..rules import RULE_FIELDS, Rules
from ..view import PlayerView
from .public import MOVE_KINDS, PublicHand, PublicMoveError, moves_of, replay

VERSION = 1
RULE_SETS: tuple[tuple[str, Rules], ...] = (("default", Rules()),) + tuple(
    (name, make()) for name, make in PRESETS.items()
)
CUSTOM = 255  # the rules byte of rules that are no preset: the differing rules follow
NONE_INT = 0xFFFF  # an int rule left as None
NO_CARD = 52
STOCK, PILE, PASS, DISCARD = 0, 1, 2, 3
KNOCKING = 255  # the byte before the knock card of a meld-choice position


class PositionCodeError(GinError):
    """Raised for text that is not a position code (the message names the rule broken)."""


class PositionError(GinError):
    """Raised for a view that is not a decision of the player who holds it."""


@dataclass(frozen=True)
class Position:
    """One decision from the deciding player's view: only what that player can know (hand, the
    pile, every discard and who made it, cards taken from the pile, declined upcards, stock size,
    the scores, the dealer, the phase, the forbidden card, must-knock, knock limit, multiplier,
    the rules (a preset name, or the full rules when not a preset)). The fields are the facts
    the code carries; the rest are properties replayed from ``moves``. ``knock`` is the card
    knocked with when the decision is the knocker's melds (the legal moves are then the
    declarations, see :mod:`gin_core.puzzles.declaring`)."""

    rules: Rules
    player: int
    dealer: int
    hand_number: int
    scores: tuple[int, int]
    upcard: Card | None
    hand: tuple[Card, ...]
    moves: tuple[Event, ...]
    knock: Card | None = None

    @classmethod
    def of(cls, view: PlayerView) -> Position:
        """The position of ``view``: :class:`PositionError` unless it is the holder's turn with
        at least two legal moves."""
        if not isinstance(view, PlayerView):
            raise PositionError(f"a position is made from a PlayerView, not {describe(view)}")
        if not view.my_turn or len(view.legal_actions) < 2:
            raise PositionError("a position is a decision: the player's turn, with two or more legal moves")
        moves = tuple(e for e in hand_events(view) if e.kind in MOVE_KINDS)
        pos = cls(
            view.rules,
            view.player,
            view.dealer,
            view.hand_number,
            view.scores,
            view.upcard,
            tuple(sorted(view.hand)),
            moves,
        )
        try:
            pos.check()
        except PositionCodeError as e:
            raise PositionError(f"the view's moves do not replay: {e}") from None
        return pos

    @cached_property
    def table(self) -> PublicHand:
        """The public facts replayed from the moves (:class:`PositionCodeError` if they break
        a rule)."""
        try:
            return replay(self.rules, self.dealer, self.scores, self.upcard, self.moves)
        except PublicMoveError as e:
            raise PositionCodeError(str(e)) from None

    def check(self) -> None:
        """Raise :class:`PositionCodeError` unless this is a real decision of ``player``."""
        t = self.table
        if t.turn != self.player:
            raise PositionCodeError("the moves leave the other player to move")
        size = 11 if t.phase == "discard" else 10
        if len(self.hand) != size or len(set(self.hand)) != size:
            raise PositionCodeError(f"the hand must hold {size} different cards in the {t.phase} phase")
        seen = set(self.hand) & (set(t.pile) | set(t.known[1 - self.player]))
        if seen:
            raise PositionCodeError(f"{min(seen)} is in the hand and on the table")
        if not set(t.known[self.player]) <= set(self.hand):
            raise PositionCodeError("a card taken from the pile and kept is not in the hand")
        knock = None if self.knock is None else Action(ActionKind.KNOCK, self.knock)
        if knock is not None and knock not in self.table_view().legal_actions:
            raise PositionCodeError(f"knocking with {self.knock} is not a legal move here")
        if len(self.view().legal_actions) < 2:
            raise PositionCodeError("a position is a decision: it needs two or more legal moves")

    @property
    def phase(self) -> str:
        return self.table.phase

    @property
    def pile(self) -> tuple[Card, ...]:
        return tuple(self.table.pile)

    @property
    def preset(self) -> str | None:
        """The name of the rules (``default`` or a preset's), or None for other rules."""
        return next((name for name, known in RULE_SETS if known == self.rules), None)

    @property
    def discards(self) -> tuple[tuple[int, Card], ...]:
        return tuple(self.table.discards)

    @property
    def stock_size(self) -> int:
        return self.table.stock

    @property
    def knock_limit(self) -> int:
        return self.table.knock_limit

    @property
    def multiplier(self) -> int:
        return self.table.multiplier

    @property
    def legal_actions(self) -> tuple[Action, ...]:
        return self.view().legal_actions

    def knocking(self, card: Card) -> Position:
        """The meld choice after knocking with ``card`` here (:class:`PositionCodeError` if that
        knock is not legal or leaves fewer than two declarations)."""
        pos = replace(self, knock=card)
        pos.check()
        return pos

    def table_view(self) -> PlayerView:
        """The player's view of the table's decision (a meld choice's is the knock decision)."""
        return self.table.view(self.player, self.hand, self.hand_number, self.scores)

    def view(self) -> PlayerView:
        """The player's view of this decision, with its legal actions (events: the deal and the
        hand's moves; no records); a meld choice's legal actions are the declarations."""
        view = self.table_view()
        if self.knock is None:
            return view
        from .declaring import declaration_actions  # the meld choice's values: only when needed

        return replace(view, legal_actions=declaration_actions(view, self.knock))

    @property
    def code(self) -> str:
        """The position as compact URL-safe text (see the module docstring)."""
        data = bytes([VERSION, *_rules_bytes(self.rules), self.player << 1 | self.dealer])
        data += self.hand_number.to_bytes(2, "big")
        data += b"".join(s.to_bytes(2, "big") for s in self.scores)
        data += bytes([self.upcard.index if self.upcard else NO_CARD, len(self.hand)])
        data += bytes(c.index for c in self.hand) + bytes(_move_byte(e) for e in self.moves)
        if self.knock is not None:
            data += bytes([KNOCKING, self.knock.index])
        return base64.urlsafe_b64encode(data).decode().rstrip("=")

    @classmethod
    def parse(cls, text: str) -> Position:
        """The position of a code (:class:`PositionCodeError` naming what is wrong)."""
        data = _bytes_of(text)
        reader = _Reader(data)
        if reader.byte() != VERSION:
            raise PositionCodeError(f"not a position code of version {VERSION}")
        rules = _read_rules(reader)
        seats = reader.byte()
        if seats > 3:
            raise PositionCodeError("the seats byte must name players 0 and 1")
        number, scores = reader.int16(), (reader.int16(), reader.int16())
        upcard = reader.upcard()
        hand = tuple(reader.card() for _ in range(reader.byte()))
        if tuple(sorted(hand)) != hand:
            raise PositionCodeError("the hand's cards must be in order")
        rest, knock = _split_knock(reader.rest())
        moves = _read_moves(rest, rules, seats & 1, scores, upcard)
        pos = cls(rules, seats >> 1, seats & 1, number, scores, upcard, hand, moves, knock)
        pos.check()
        return pos

    def __str__(self) -> str:
        return self.code


class _Reader:
    """Reads a code's bytes in order; running out is a :class:`PositionCodeError`."""

    def __init__(self, data: bytes):
        self.data, self.at = data, 0

    def byte(self) -> int:
        if self.at >= len(self.data):
            raise PositionCodeError("the position code is cut short")
        self.at += 1
        return self.data[self.at - 1]

    def int16(self) -> int:
        return self.byte() << 8 | self.byte()

    def upcard(self) -> Card | None:
        """The first upcard, or None (no upcard under the rules)."""
        if self.data[self.at : self.at + 1] == bytes([NO_CARD]):
            self.at += 1
            return None
        return self.card()

    def card(self) -> Card:
        index = self.byte()
        if index >= NO_CARD:
            raise PositionCodeError(f"card number {index} is not a card (0..51)")
        return CARDS[index]

    def rest(self) -> bytes:
        return self.data[self.at :]


def _split_knock(data: bytes) -> tuple[bytes, Card | None]:
    """The move bytes and, for a meld choice, the knock card after :data:`KNOCKING`."""
    if len(data) < 2 or data[-2] != KNOCKING:
        return data, None
    if data[-1] >= NO_CARD:
        raise PositionCodeError(f"card number {data[-1]} is not a card (0..51)")
    return data[:-2], CARDS[data[-1]]


def _bytes_of(text: object) -> bytes:
    if not isinstance(text, str) or not text or len(text) > 2000:
        raise PositionCodeError("a position code is text of letters, digits, - and _")
    if text.strip("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"):
        raise PositionCodeError("a position code holds only letters, digits, - and _")
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise PositionCodeError("a position code's length is not one of base64 text") from None


def _rules_bytes(rules: Rules) -> bytes:
    for k, (_, known) in enumerate(RULE_SETS):
        if known == rules:
            return bytes([k])
    default = RULE_SETS[0][1]
    diffs = [(k, f) for k, f in enumerate(RULE_FIELDS) if getattr(rules, f.name) != getattr(default, f.name)]
    out = bytes([CUSTOM, len(diffs)])
    for k, f in diffs:
        value = getattr(rules, f.name)
        if f.kind == "choice":
            out += bytes([k, f.values.index(value)])
        elif f.kind == "bool":
            out += bytes([k, int(value)])
        else:
            out += bytes([k]) + (NONE_INT if value is None else value).to_bytes(2, "big")
    return out


def _read_rules(reader: _Reader) -> Rules:
    k = reader.byte()
    if k < len(RULE_SETS):
        return RULE_SETS[k][1]
    if k != CUSTOM:
        raise PositionCodeError(f"rule set {k} is no preset (0..{len(RULE_SETS) - 1}, or {CUSTOM})")
    changes: dict[str, object] = {}
    for _ in range(reader.byte()):
        index = reader.byte()
        if index >= len(RULE_FIELDS):
            raise PositionCodeError(f"rule number {index} is no rule")
        f = RULE_FIELDS[index]
        if f.kind == "choice":
            choice = reader.byte()
            changes[f.name] = f.values[choice] if choice < len(f.values) else choice
        elif f.kind == "bool":
            changes[f.name] = reader.byte() == 1
        else:
            value = reader.int16()
            changes[f.name] = None if value == NONE_INT else value
    try:
        return RULE_SETS[0][1].replace(**changes)
    except GinError as e:
        raise PositionCodeError(f"bad rules: {e}") from None


def _move_byte(e: Event) -> int:
    if e.kind == "draw_stock":
        return STOCK
    if e.kind == "draw_pile":
        return PILE
    if e.kind == "pass":
        return PASS
    assert e.card is not None
    return DISCARD + e.card.index


def _read_moves(
    data: bytes, rules: Rules, dealer: int, scores: tuple[int, int], upcard: Card | None
) -> tuple[Event, ...]:
    """The moves of the bytes, each given its player (and a draw from the pile its card) by
    replaying them."""
    steps: list[tuple[str, Card | None]] = []
    for b in data:
        if b >= DISCARD + 52:
            raise PositionCodeError(f"move byte {b} is no move (0..{DISCARD + 51})")
        steps.append(("discard", CARDS[b - DISCARD]) if b >= DISCARD else (_KINDS[b], None))
    try:
        return moves_of(rules, dealer, scores, upcard, steps)
    except PublicMoveError as e:
        raise PositionCodeError(str(e)) from None


_KINDS = ("draw_stock", "draw_pile", "pass")
