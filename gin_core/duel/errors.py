"""What a duel refuses: a message that breaks the protocol (the hand goes on untouched) and a
peer caught lying (the hand stops). Each names the rule in one line and carries it as data."""

from __future__ import annotations

from enum import StrEnum

from ..errors import GinError


class DuelMessageError(GinError):
    """A message refused before it touched the hand; the hand waits for a proper one."""


class MalformedMessage(DuelMessageError):
    """Not a message of this protocol: not JSON, a field missing, extra or of the wrong type."""


class OversizedMessage(DuelMessageError):
    """A message longer than any this protocol sends (:data:`~.messages.MAX_CHARS`)."""


class VersionMismatch(DuelMessageError):
    """A message of another version of the protocol."""


class ReplayedMessage(DuelMessageError):
    """A message whose sequence number was already played (a replay or a duplicate)."""


class OutOfTurnMessage(DuelMessageError):
    """A message sent when the protocol waits for another: the wrong sender, kind or hand, or
    a sequence number ahead of the next one."""


class DuelRecordError(GinError):
    """A stored hand that cannot be taken up again: not a record of this version, or one whose
    moves do not replay (damaged storage); nothing is resumed."""


class Cheat(StrEnum):
    """How a peer was caught lying; the hand is stopped and the player told.

    - ``not_a_permutation``: a deck with a point twice, or a shuffle that is not a permutation
      of the deck it was given (seen once the keys are revealed).
    - ``wrong_decryption``: a key that decrypts a card to no card, or to a card already placed.
    - ``wrong_card``: a card named that is not the card its key decrypts.
    - ``not_held``: a card played from a place the player does not hold.
    - ``wrong_key``: a key revealed at the end unlike the key sent during the hand, or one that
      does not fit the peer's own encryption steps.
    - ``illegal_move``: a move the rules refuse (checked by the engine, on the cards as revealed).
    - ``history``: after a new connection, the other device's record of the hand differs from
      this one's (its digest of the messages both have, or a message it says it never had).
    """

    NOT_A_PERMUTATION = "not_a_permutation"
    WRONG_DECRYPTION = "wrong_decryption"
    WRONG_CARD = "wrong_card"
    NOT_HELD = "not_held"
    WRONG_KEY = "wrong_key"
    ILLEGAL_MOVE = "illegal_move"
    HISTORY = "history"


_CHEAT_WORDS = {
    Cheat.NOT_A_PERMUTATION: "the other device's shuffle is not a permutation of the deck",
    Cheat.WRONG_DECRYPTION: "the other device's key decrypts no card of the deck",
    Cheat.WRONG_CARD: "the other device named a card its key does not decrypt",
    Cheat.NOT_HELD: "the other device played a card its player does not hold",
    Cheat.WRONG_KEY: "the other device revealed a key unlike the one it used",
    Cheat.ILLEGAL_MOVE: "the other device made a move the rules refuse",
    Cheat.HISTORY: "the other device's record of the hand differs from this one's",
}


class CheatDetected(GinError):
    """The other peer lied (``code`` says how, ``detail`` what); the hand is stopped."""

    def __init__(self, code: Cheat, detail: str = ""):
        self.code = code
        self.detail = detail
        super().__init__(_CHEAT_WORDS[code] + (f": {detail}" if detail else ""))
