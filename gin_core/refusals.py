"""A refused action: a :class:`Refusal` code for programs, with the card and figures it names,
and a one-line message for people that names the rule; the page renders its own words from the
data and never parses the message. Apart from :mod:`.errors` because it names cards, and cards
raise errors: the split keeps the engine's imports free of circles.
"""

from __future__ import annotations

from enum import StrEnum
from functools import partial
from typing import Any

from .cards import Card
from .checks import describe
from .errors import GinError


class Refusal(StrEnum):
    """Why an action is refused; the figures each code fills in ``IllegalAction`` are in
    brackets.

    - ``no_such_player``: the players are 0 and 1 [``player``: the value given].
    - ``match_over``: the match is over.
    - ``deal_next``: the hand is over: the only move is to deal the next hand.
    - ``not_your_turn``: it is the other player's turn [``player``: the one who tried].
    - ``hand_over``: the hand is over (asked of the hand itself).
    - ``hand_not_over``: the next hand is dealt only once this one is over.
    - ``upcard_offer``: on the first upcard the choice is to take it or pass.
    - ``wall_choice``: at the wall the choice is to take the discard to knock, or pass.
    - ``wall_take_cannot_knock``: at the wall the discard may be taken only to knock or go gin.
    - ``no_pass``: passing is allowed only on the first upcard or at the wall.
    - ``draw_first``: draw from the stock or the pile first.
    - ``stock_only``: both players passed the upcard: the first draw is from the stock.
    - ``pile_empty``: the discard pile is empty.
    - ``already_drew``: the player has drawn: now discard, knock or go gin.
    - ``no_big_gin``: big gin is not played under these rules.
    - ``big_gin_needs_melds``: big gin needs all eleven cards in melds [``deadwood``].
    - ``not_held``: the player does not hold the card [``cards``: (it,)].
    - ``just_taken``: the card was just taken from the pile and may not be discarded this turn
      [``cards``: (it,)].
    - ``wall_must_knock``: having taken the discard at the wall, the player must knock or go gin.
    - ``gin_needs_no_deadwood``: the discard leaves deadwood [``cards``: (discard,),
      ``deadwood``].
    - ``is_gin``: with no deadwood this is gin, not a knock [``cards``: (discard,)].
    - ``over_knock_limit``: the deadwood left is over the knock limit [``cards``: (discard,),
      ``deadwood``, ``limit``; limit 0: only gin ends the hand].
    - ``declared_not_held``: a declared meld holds a card the knocker does not keep (the discard
      included) [``cards``: those cards].
    - ``declared_overlap``: declared melds share a card [``cards``: the shared cards].
    - ``declared_over_limit``: the declared melds leave more deadwood than the limit (gin: any)
      [``deadwood``: declared, ``limit``].
    """

    NO_SUCH_PLAYER = "no_such_player"
    MATCH_OVER = "match_over"
    DEAL_NEXT = "deal_next"
    NOT_YOUR_TURN = "not_your_turn"
    HAND_OVER = "hand_over"
    HAND_NOT_OVER = "hand_not_over"
    UPCARD_OFFER = "upcard_offer"
    WALL_CHOICE = "wall_choice"
    WALL_TAKE_CANNOT_KNOCK = "wall_take_cannot_knock"
    NO_PASS = "no_pass"
    DRAW_FIRST = "draw_first"
    STOCK_ONLY = "stock_only"
    PILE_EMPTY = "pile_empty"
    ALREADY_DREW = "already_drew"
    NO_BIG_GIN = "no_big_gin"
    BIG_GIN_NEEDS_MELDS = "big_gin_needs_melds"
    NOT_HELD = "not_held"
    JUST_TAKEN = "just_taken"
    WALL_MUST_KNOCK = "wall_must_knock"
    GIN_NEEDS_NO_DEADWOOD = "gin_needs_no_deadwood"
    IS_GIN = "is_gin"
    OVER_KNOCK_LIMIT = "over_knock_limit"
    DECLARED_NOT_HELD = "declared_not_held"
    DECLARED_OVERLAP = "declared_overlap"
    DECLARED_OVER_LIMIT = "declared_over_limit"


_MESSAGES: dict[Refusal, str] = {
    Refusal.NO_SUCH_PLAYER: "no player {player_text}: the players are 0 and 1",
    Refusal.MATCH_OVER: "the match is over",
    Refusal.DEAL_NEXT: "the hand is over: deal the next hand",
    Refusal.NOT_YOUR_TURN: "it is not player {player}'s turn",
    Refusal.HAND_OVER: "the hand is over: no more moves",
    Refusal.HAND_NOT_OVER: "the next hand is dealt only when this one is over",
    Refusal.UPCARD_OFFER: "first upcard: take it or pass",
    Refusal.WALL_CHOICE: "the wall: take the discard to knock, or pass to end the hand",
    Refusal.WALL_TAKE_CANNOT_KNOCK: "the wall: the discard may be taken only to knock or go gin",
    Refusal.NO_PASS: "passing is allowed only on the first upcard or at the wall",
    Refusal.DRAW_FIRST: "draw first: from the stock or the discard pile",
    Refusal.STOCK_ONLY: "both players passed the upcard: the non-dealer draws from the stock",
    Refusal.PILE_EMPTY: "the discard pile is empty: draw from the stock",
    Refusal.ALREADY_DREW: "you have drawn: now discard, knock or go gin",
    Refusal.NO_BIG_GIN: "big gin is not played under these rules",
    Refusal.BIG_GIN_NEEDS_MELDS: "big gin needs all 11 cards in melds",
    Refusal.NOT_HELD: "you do not hold the {card}",
    Refusal.JUST_TAKEN: "the {card} was just taken from the pile: it may not be discarded this turn",
    Refusal.WALL_MUST_KNOCK: "the wall: having taken the discard you must knock or go gin",
    Refusal.GIN_NEEDS_NO_DEADWOOD: "gin needs no deadwood; discarding the {card} leaves {deadwood}",
    Refusal.IS_GIN: "with no deadwood this is gin: declare gin",
    Refusal.OVER_KNOCK_LIMIT: "knocking needs deadwood of at most the limit: {deadwood} left, {limit_text}",
    Refusal.DECLARED_NOT_HELD: "declared melds may use only the cards you keep, not the {card}",
    Refusal.DECLARED_OVERLAP: "declared melds may not share a card: the {card} is in two",
    Refusal.DECLARED_OVER_LIMIT: "the declared melds leave {deadwood} deadwood: {limit_text}",
}


class IllegalAction(GinError):
    """An action the rules do not allow now. ``code`` says which rule, ``cards`` and the figures
    what it is about (see :class:`Refusal`); ``str()`` is the rule in words. State is unchanged.
    """

    def __init__(
        self,
        code: Refusal,
        cards: tuple[Card, ...] = (),
        *,
        deadwood: int | None = None,
        limit: int | None = None,
        player: object = None,
    ):
        self.code = code
        self.cards = cards
        self.deadwood = deadwood
        self.limit = limit
        self.player = player
        super().__init__(self.message())

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled with every figure (the default would call ``IllegalAction(message)``), so a
        refusal crosses a process boundary (multiprocessing, a worker) as the same data."""
        rebuild = partial(IllegalAction, deadwood=self.deadwood, limit=self.limit, player=self.player)
        return rebuild, (self.code, self.cards)

    def message(self) -> str:
        """The refused rule in words, one line."""
        limit_text = "only gin ends this hand" if self.limit == 0 else f"the limit is {self.limit}"
        card = self.cards[0].name if self.cards else ""
        return _MESSAGES[self.code].format(
            card=card,
            deadwood=self.deadwood,
            limit_text=limit_text,
            player=self.player,
            player_text=describe(self.player),
        )
