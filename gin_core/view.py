"""A player's view: exactly what one player may know, as plain immutable data.

Bots and the page receive views, never the match. A view holds copies (tuples of cards, frozen
records), so nothing in it leads back to the opponent's hand, the stock order or the seed. The
deal code of a hand is shown only once the hand is over, because it encodes the shuffle.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action
from .arrange import Arrangement, best_arrangement, least_discard, min_deadwood
from .cards import CARDS, Card, mask_of
from .events import Event
from .results import HandRecord, MatchResult
from .rules import Rules


@dataclass(frozen=True)
class PlayerView:
    """What ``player`` knows now.

    Attributes:
        phase: ``offer``, ``draw``, ``wall``, ``discard``, ``hand_over`` or ``match_over``.
        to_move: the player whose turn it is (``None`` between hands).
        hand: this player's cards (11 in the discard phase).
        pile: the discard pile, bottom to top.
        discards: every discard of this hand, in order, as (player, card).
        pile_takes: per player, the cards taken from the pile this hand.
        declined: per player, pile tops they saw and did not take (passed or drew from stock).
        opponent_known: cards the opponent took from the pile and has not discarded since.
        forbidden: the card this player may not discard this turn (just taken from the pile).
        must_knock: taken at the wall: this turn must end with a knock or gin.
        knock_card: the card this player knocked with (face down; only the knocker sees it).
        showdown: both hands laid out, once the hand has been knocked.
        deal_code: the code of the deal, shown once the hand is over.
        legal_actions: what this player may do now (empty when it is not their turn).
    """

    player: int
    rules: Rules
    phase: str
    to_move: int | None
    hand: tuple[Card, ...]
    opponent_hand_size: int
    pile: tuple[Card, ...]
    stock_size: int
    discards: tuple[tuple[int, Card], ...]
    pile_takes: tuple[tuple[Card, ...], tuple[Card, ...]]
    declined: tuple[tuple[Card, ...], tuple[Card, ...]]
    opponent_known: tuple[Card, ...]
    upcard: Card | None
    forbidden: Card | None
    must_knock: bool
    knock_limit: int
    multiplier: int
    dealer: int
    hand_number: int
    scores: tuple[int, int]
    knock_card: Card | None
    showdown: HandRecord | None
    deal_code: str | None
    records: tuple[HandRecord, ...]
    result: MatchResult | None
    events: tuple[Event, ...]
    legal_actions: tuple[Action, ...]

    @property
    def opponent(self) -> int:
        return 1 - self.player

    @property
    def my_turn(self) -> bool:
        return self.to_move == self.player

    @property
    def top(self) -> Card | None:
        return self.pile[-1] if self.pile else None

    @property
    def arrangement(self) -> Arrangement:
        """This player's least-deadwood arrangement (of all 11 cards in the discard phase)."""
        return best_arrangement(self.hand)

    @property
    def deadwood(self) -> int:
        """The deadwood of :attr:`arrangement`."""
        return min_deadwood(mask_of(self.hand))

    @property
    def least_discard(self) -> tuple[Card, int] | None:
        """With 11 cards: the discard leaving the least deadwood (never the card just taken when
        the rules forbid it; ties: the higher card) and the deadwood after it; else None."""
        if len(self.hand) != 11:
            return None
        index, left = least_discard(mask_of(self.hand), self.forbidden.bit if self.forbidden else 0)
        return CARDS[index], left

    def unseen(self) -> frozenset[Card]:
        """Cards this player has not seen: the opponent's unknown cards and the stock."""
        seen = set(self.hand) | set(self.pile) | set(self.opponent_known)
        if self.knock_card:
            seen.add(self.knock_card)
        if self.showdown and self.showdown.settlement:
            s = self.showdown.settlement
            seen.update(s.knocker_arrangement.cards, s.defender_arrangement.cards)
            seen.update(lay.card for lay in s.layoffs)
        return frozenset(c for c in CARDS if c not in seen)
