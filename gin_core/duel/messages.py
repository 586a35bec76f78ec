"""The duel's messages: small frozen values with a JSON text form that parses back.

Every message carries the protocol's version, its sequence number in the hand and the hand's
number. :func:`parse` measures the text before reading it (size, nesting, number lengths) and
refuses anything that is not exactly a message of this version, with a
:class:`~.errors.DuelMessageError` naming the rule; whether the message is expected now is the
peer's question (:mod:`.peer`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..actions import ActionKind
from ..cards import Card, CardError
from ..jsontext import json_shape
from ..melds import Meld, MeldError
from .curve import HEX_DIGITS, Point, parse_hex, parse_point, parse_scalar, point_text, scalar_text
from .errors import MalformedMessage, OversizedMessage, VersionMismatch

VERSION = 1
DECK_SIZE = 52
MAX_CHARS = 12_000
"""The longest message text: a deck (52 points of 128 digits) with the keys of a hand is 8 kB."""
MAX_DEPTH = 3
MAX_NUMBER_DIGITS = 6

Keys = tuple[tuple[int, int], ...]
"""Keys for places of the deck: (place 0..51, scalar), in increasing place order."""


class Kind(StrEnum):
    """The messages: a deck (shuffled and encrypted, or locked card by card, with keys), keys
    (for cards the other may now read), a move (with the keys it reveals) and the reveal of
    every key at the end of the hand; and, outside the hand's sequence, the first word after a
    new connection (where this device stands in the hand, to agree before going on)."""

    DECK = "deck"
    KEYS = "keys"
    MOVE = "move"
    REVEAL = "reveal"
    RESUME = "resume"


@dataclass(frozen=True)
class Deck:
    """A deck of 52 encrypted cards (points), and keys for the other's cards if any."""

    seq: int
    hand: int
    deck: tuple[Point, ...]
    keys: Keys = ()

    kind = Kind.DECK


@dataclass(frozen=True)
class KeysMessage:
    """Keys that let the other read cards: a card drawn, the deal, the hand at the showdown."""

    seq: int
    hand: int
    keys: Keys

    kind = Kind.KEYS


@dataclass(frozen=True)
class Move:
    """A move of the player to act. ``card`` names the card put on the pile (a discard), never
    the face-down card of a knock or gin; ``keys`` reveal the cards the move shows. At the wall
    a take and the knock it must lead to travel together (``then``)."""

    seq: int
    hand: int
    action: ActionKind
    card: Card | None = None
    melds: tuple[Meld, ...] | None = None
    keys: Keys = ()
    then: ActionKind | None = None

    kind = Kind.MOVE


@dataclass(frozen=True)
class Reveal:
    """Every key of the sender's at the end of the hand: its lock (the shuffler's one key, else
    None) and its key of each place."""

    seq: int
    hand: int
    lock: int | None
    keys: tuple[int, ...]

    kind = Kind.REVEAL


@dataclass(frozen=True)
class Resume:
    """Where the sender stands in hand ``hand`` after a new connection: ``seq`` messages of it
    taken or sent, and ``digest`` (64 hexadecimal digits) the chain of their texts (``.peer``:
    :meth:`DuelHand.digest_at`). Not a message of the hand: :meth:`DuelHand.resync` reads it."""

    seq: int
    hand: int
    digest: str

    kind = Kind.RESUME


Message = Deck | KeysMessage | Move | Reveal | Resume

_FIELDS = {
    Kind.DECK: {"deck", "keys"},
    Kind.KEYS: {"keys"},
    Kind.MOVE: {"action", "card", "melds", "keys", "then"},
    Kind.REVEAL: {"lock", "keys"},
    Kind.RESUME: {"digest"},
}


def text(message: Message) -> str:
    """The message as compact JSON text (parsed back by :func:`parse`)."""
    body: dict[str, Any] = {"v": VERSION, "kind": message.kind, "seq": message.seq, "hand": message.hand}
    if isinstance(message, Deck):
        body |= {"deck": [point_text(p) for p in message.deck], "keys": _keys_json(message.keys)}
    elif isinstance(message, KeysMessage):
        body["keys"] = _keys_json(message.keys)
    elif isinstance(message, Move):
        body |= {
            "action": message.action,
            "card": None if message.card is None else str(message.card),
            "melds": None if message.melds is None else [str(m) for m in message.melds],
            "keys": _keys_json(message.keys),
            "then": message.then,
        }
    elif isinstance(message, Resume):
        body["digest"] = message.digest
    else:
        lock = None if message.lock is None else scalar_text(message.lock)
        body |= {"lock": lock, "keys": [scalar_text(k) for k in message.keys]}
    return json.dumps(body, separators=(",", ":"))


def _keys_json(keys: Keys) -> list[list[Any]]:
    return [[place, scalar_text(k)] for place, k in keys]


def parse(raw: object) -> Message:
    """The message in ``raw`` text, or a :class:`DuelMessageError` saying why it is none."""
    body = _read(raw)
    if body.get("v") != VERSION:
        raise VersionMismatch(f"this is version {VERSION} of the duel protocol, not {body.get('v')!r}")
    kind, seq, hand = body.get("kind"), body.get("seq"), body.get("hand")
    if kind not in tuple(Kind):
        raise MalformedMessage(f"a message's kind is one of {', '.join(Kind)}")
    if type(seq) is not int or type(hand) is not int or seq < 0 or hand < 0:
        raise MalformedMessage("a message's seq and hand are whole numbers from 0")
    fields = set(body) - {"v", "kind", "seq", "hand"}
    if fields != _FIELDS[Kind(kind)]:
        raise MalformedMessage(f"a {kind} message has the fields {', '.join(sorted(_FIELDS[Kind(kind)]))}")
    return _BUILD[Kind(kind)](seq, hand, body)


def _read(raw: object) -> dict[str, Any]:
    if not isinstance(raw, str):
        raise MalformedMessage("a message is JSON text")
    if len(raw) > MAX_CHARS:
        raise OversizedMessage(f"a message is at most {MAX_CHARS:,} characters, not {len(raw):,}")
    shape = json_shape(raw)
    if shape.depth > MAX_DEPTH or shape.longest_number > MAX_NUMBER_DIGITS:
        raise MalformedMessage("a message nests at most 3 deep and has no number over 6 digits")
    try:
        body = json.loads(raw)
    except ValueError:
        raise MalformedMessage("a message is JSON text") from None
    if not isinstance(body, dict):
        raise MalformedMessage("a message is a JSON object")
    return body


def _deck(seq: int, hand: int, body: dict[str, Any]) -> Deck:
    cards = body["deck"]
    if not isinstance(cards, list) or len(cards) != DECK_SIZE:
        raise MalformedMessage(f"a deck is a list of {DECK_SIZE} points")
    points = tuple(parse_point(p) for p in cards)
    if any(p is None for p in points):
        raise MalformedMessage("a deck's cards are points of P-256, 128 hexadecimal digits each")
    return Deck(seq, hand, tuple(p for p in points if p is not None), _keys(body["keys"]))


def _keys(value: object) -> Keys:
    if not isinstance(value, list) or len(value) > DECK_SIZE:
        raise MalformedMessage("keys are a list of [place, key] pairs")
    keys = []
    for pair in value:
        if not (isinstance(pair, list) and len(pair) == 2 and type(pair[0]) is int):
            raise MalformedMessage("keys are a list of [place, key] pairs")
        place, scalar = pair[0], parse_scalar(pair[1])
        if not 0 <= place < DECK_SIZE or scalar is None:
            raise MalformedMessage(f"a key is a place 0..51 and {HEX_DIGITS} hexadecimal digits")
        keys.append((place, scalar))
    places = [place for place, _ in keys]
    if places != sorted(set(places)):
        raise MalformedMessage("keys name each place once, in increasing order")
    return tuple(keys)


def _keys_message(seq: int, hand: int, body: dict[str, Any]) -> KeysMessage:
    return KeysMessage(seq, hand, _keys(body["keys"]))


def _move(seq: int, hand: int, body: dict[str, Any]) -> Move:
    action, then = _action_kind(body["action"]), body["then"]
    try:
        card = None if body["card"] is None else Card.parse(_text(body["card"]))
        melds = _melds(body["melds"])
    except (CardError, MeldError) as e:
        raise MalformedMessage(f"a move's card and melds are written as cards: {e}") from None
    then_kind = None if then is None else _action_kind(then)
    return Move(seq, hand, action, card, melds, _keys(body["keys"]), then_kind)


def _action_kind(value: object) -> ActionKind:
    if value not in tuple(ActionKind):
        raise MalformedMessage(f"a move's action is one of {', '.join(ActionKind)}")
    return ActionKind(str(value))


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise MalformedMessage("a move's card and melds are text")
    return value


def _melds(value: object) -> tuple[Meld, ...] | None:
    if value is None:
        return None
    if not isinstance(value, list) or not value or len(value) > 3:
        raise MalformedMessage("a move declares one to three melds, or none")
    return tuple(Meld.parse(_text(m)) for m in value)


def _reveal(seq: int, hand: int, body: dict[str, Any]) -> Reveal:
    lock = None if body["lock"] is None else parse_scalar(body["lock"])
    keys = body["keys"]
    if body["lock"] is not None and lock is None:
        raise MalformedMessage(f"a lock is {HEX_DIGITS} hexadecimal digits")
    if not isinstance(keys, list) or len(keys) != DECK_SIZE:
        raise MalformedMessage(f"a reveal has the {DECK_SIZE} keys of the deck")
    scalars = tuple(parse_scalar(k) for k in keys)
    if any(k is None for k in scalars):
        raise MalformedMessage(f"a key is {HEX_DIGITS} hexadecimal digits")
    return Reveal(seq, hand, lock, tuple(k for k in scalars if k is not None))


def _resume(seq: int, hand: int, body: dict[str, Any]) -> Resume:
    digest = body["digest"]
    if parse_hex(digest, HEX_DIGITS) is None:
        raise MalformedMessage(f"a resume's digest is {HEX_DIGITS} hexadecimal digits")
    return Resume(seq, hand, digest)


_BUILD: dict[Kind, Callable[[int, int, dict[str, Any]], Message]] = {
    Kind.DECK: _deck,
    Kind.KEYS: _keys_message,
    Kind.MOVE: _move,
    Kind.REVEAL: _reveal,
    Kind.RESUME: _resume,
}
