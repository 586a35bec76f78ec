"""A hand between two devices with no dealer and no server: a fair deal by mental poker, and a
message protocol a hostile peer cannot abuse.

The deal (:mod:`.deal`, over the prime-order group P-256, :mod:`.curve`): the dealer locks
the 52 cards with one key and shuffles them; the other device shuffles again and locks each
place with a key of its own; the dealer takes its lock off and locks each place with a key of
its own. A card is read with both keys of its place, so each device gives the other the key
of a place exactly when the rules show that card: the hands dealt, the upcard, a card drawn
from the stock (to its drawer), a discard, the cards a knocker keeps and the defender's hand
at the showdown. When the hand is over both reveal every key, and each device checks the other's
steps, reads the whole deck, and replays every move on it through the engine.

Threat model: the other device is modified at will (it reads its own memory, sends anything,
at any time); the network passes messages but may repeat or reorder them. Then:

- it learns no card it may not know: a place's card is under two keys and it holds one, until
  the rules show the card; reading a card without the other key is breaking the discrete
  logarithm problem of P-256 (about 128-bit security: decisional Diffie-Hellman);
- it cannot choose or steer the deal: each device's shuffle is secret and uniform
  (:mod:`secrets`), and the other cannot tell which card it moves;
- a wrong card, a wrong key, a move the rules refuse, a deck that is not the 52 cards, or
  keys at the end unlike those used, is caught (:class:`CheatDetected`, with its :class:`Cheat`)
  and the hand stops; a card hashed to the curve has no known logarithm to any other card, so
  no key turns one card into another;
- a message that is malformed, oversized, of another version, replayed or out of turn is
  refused (:class:`DuelMessageError` subclasses) and the hand waits, untouched.

The match around the hands (:mod:`.match`): each device scores the hands it verified by the
host's rules and checks that each deal follows. A hand is taken up again after a reload or a
dropped connection (:mod:`.resume`): each device
replays its own record, and on the new connection both check they hold the same messages.

It is not protected against: a peer that leaves (the other is told and may report it), nor
two people who share their screens. Nothing here is constant-time; a device's timing is
visible only on that device.
"""

from .checked import checked_match
from .curve import ORDER, Point
from .deal import Secrets
from .errors import (
    Cheat,
    CheatDetected,
    DuelMessageError,
    DuelRecordError,
    MalformedMessage,
    OutOfTurnMessage,
    OversizedMessage,
    ReplayedMessage,
    VersionMismatch,
)
from .match import DuelMatch, DuelMatchError, load_duel_match
from .messages import MAX_CHARS, VERSION, Deck, KeysMessage, Kind, Message, Move, Resume, Reveal, parse, text
from .peer import DuelHand, DuelStage, Played
from .resume import DuelRecord, load_record, record_of, resumed

__all__ = [
    "MAX_CHARS",
    "ORDER",
    "VERSION",
    "Cheat",
    "CheatDetected",
    "Deck",
    "DuelHand",
    "DuelMatch",
    "DuelMatchError",
    "DuelMessageError",
    "DuelRecord",
    "DuelRecordError",
    "DuelStage",
    "KeysMessage",
    "Kind",
    "MalformedMessage",
    "Message",
    "Move",
    "OutOfTurnMessage",
    "OversizedMessage",
    "Played",
    "Point",
    "ReplayedMessage",
    "Resume",
    "Reveal",
    "Secrets",
    "VersionMismatch",
    "checked_match",
    "load_duel_match",
    "load_record",
    "parse",
    "record_of",
    "resumed",
    "text",
]
