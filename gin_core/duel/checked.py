"""A hand between two devices, once both have checked it, as the engine's one-hand match.

At the end of a hand each device reads the whole deck and replays every move on it (the
``done`` stage): from then on the hand is an ordinary deal, known to both. :func:`checked_match`
deals that deck again as a one-hand :class:`~gin_core.match.Match` (its deck code names the
order: :mod:`gin_core.dealcode`) and plays the same moves, so everything made for a finished
hand (the coach's review of one seat's decisions from that seat's view, replay, "play on from
here") serves a hand played with a friend too.
"""

from __future__ import annotations

from ..actions import Action, ActionKind
from ..cards import Card
from ..dealcode import deck_code
from ..errors import ArgumentError
from ..hand import Hand
from ..match import Match
from .peer import DuelHand, DuelStage

_WITH_CARD = frozenset({ActionKind.DISCARD, ActionKind.KNOCK, ActionKind.GIN})


def checked_match(hand: DuelHand, seed: int = 0) -> Match:
    """The checked ``hand`` as a one-hand match (no target: judged in points), its moves played
    (``ArgumentError`` before both devices checked it). ``seed`` deals any later hand (none is
    played)."""
    if hand.stage is not DuelStage.DONE:
        raise ArgumentError("a hand becomes a match once both devices have checked it (its stage 'done')")
    deck = [hand.known[place] for place in range(len(hand.known))]
    rules = hand.rules.replace(target=None)
    dealt, dealer = _as_dealt_at_love(hand, deck)
    match = Match(rules, seed=seed, dealer=dealer, first_deal=deck_code(dealt))
    for move in hand.played:
        card = deck[move.place] if move.place is not None and move.kind in _WITH_CARD else None
        match.apply(Action(move.kind, card, move.melds), move.player)
    return match


def _as_dealt_at_love(hand: DuelHand, deck: list[Card]) -> tuple[list[Card], int]:
    """The deck and dealer that deal each player the same cards at 0-0 with the same player to
    start. Without a first upcard the player behind starts (``Hand``); at 0-0 the non-dealer
    does, so a hand the dealer started is dealt by the other, each pair of the first twenty
    cards swapped."""
    started = Hand(hand.rules, deck, hand.dealer, hand.scores).turn
    if started != hand.dealer:
        return deck, hand.dealer
    return [deck[i ^ 1] for i in range(20)] + deck[20:], 1 - hand.dealer
