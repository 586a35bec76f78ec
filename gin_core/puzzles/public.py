"""The public side of a hand, replayed from its public moves: what both players see.

A position stores the moves, not the pile or the discards, so the facts cannot disagree: the
table replays the moves by the rules of :class:`gin_core.hand.Hand` (who moves, the offer of
the first upcard, the stock-only draw after two passes, the pile draw limit, the wall, the
forbidden card) without any hidden card, and refuses a move those rules refuse.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..actions import Action
from ..cards import Card
from ..errors import GinError
from ..events import Event
from ..flow import Phase, at_the_wall, dead_after_discard, pile_limit_reached
from ..hand import legal_actions
from ..rules import Rules
from ..view import PlayerView

MOVE_KINDS = ("pass", "draw_stock", "draw_pile", "discard")
FULL_STOCK = 32  # 52 cards less two hands of ten


class PublicMoveError(GinError):
    """Raised for a public move the rules refuse, or one that ends the hand."""


class PublicHand:
    """The public state of a hand being replayed (one :meth:`play` per public move)."""

    def __init__(self, rules: Rules, dealer: int, scores: tuple[int, int], upcard: Card | None):
        if rules.first_upcard != (upcard is not None):
            raise PublicMoveError("the rules' first upcard and the position's upcard disagree")
        first = 1 - dealer
        self.rules, self.dealer, self.upcard = rules, dealer, upcard
        self.phase = Phase.OFFER if upcard else Phase.DRAW
        if upcard:
            self.turn = first
        else:
            self.turn = dealer if scores[dealer] < scores[first] else first
        self.pile: list[Card] = [upcard] if upcard else []
        self.stock = FULL_STOCK - (1 if upcard else 0)
        self.knock_limit = rules.knock_limit_for(upcard.value if upcard else None)
        self.multiplier = 2 if rules.spade_doubles and upcard and upcard.suit == "S" else 1
        self.passes, self.pile_draws = 0, 0
        self.stock_only = self.thrown_back = self.must_knock = False
        self.taken: Card | None = None
        self.discards: list[tuple[int, Card]] = []
        self.takes: tuple[list[Card], list[Card]] = ([], [])
        self.known: tuple[list[Card], list[Card]] = ([], [])
        self.declined: tuple[list[Card], list[Card]] = ([], [])
        self.events: list[Event] = []

    def play(self, kind: str, card: Card | None = None) -> Event:
        """Play one public move of the player to move (``card``: the discard's)."""
        if self.phase not in (Phase.OFFER, Phase.DRAW, Phase.WALL, Phase.DISCARD):
            raise PublicMoveError("a move after the end of the hand")
        if kind == "pass":
            self._pass()
        elif kind == "draw_stock":
            self._draw_stock()
        elif kind == "draw_pile":
            card = self._draw_pile()
        elif kind == "discard" and card is not None:
            self._discard(card)
        else:
            raise PublicMoveError(f"{kind} is not a public move")
        event = Event(kind, self.events_player(kind), card)
        self.events.append(event)
        return event

    def events_player(self, kind: str) -> int:
        """Who made the move just played (the turn passed on after a pass or a discard)."""
        return 1 - self.turn if kind in ("pass", "discard") else self.turn

    def _pass(self) -> None:
        if self.phase not in (Phase.OFFER, Phase.WALL):
            raise PublicMoveError("a pass outside the upcard offer and the wall")
        if self.phase == Phase.WALL:
            raise PublicMoveError("a pass at the wall ends the hand")
        self.declined[self.turn].append(self.pile[-1])
        self.passes += 1
        self.turn = 1 - self.turn
        if self.passes == 2:
            self.phase, self.stock_only = Phase.DRAW, True

    def _draw_stock(self) -> None:
        if self.phase != Phase.DRAW:
            raise PublicMoveError(f"a draw from the stock in the {self.phase} phase")
        if self.stock <= 0:
            raise PublicMoveError("a draw from an empty stock")
        if self.pile and not self.stock_only:
            self.declined[self.turn].append(self.pile[-1])
        self.stock -= 1
        self.taken, self.phase = None, Phase.DISCARD

    def _draw_pile(self) -> Card:
        if self.phase == Phase.DISCARD or not self.pile or self.stock_only:
            raise PublicMoveError("a draw from the pile when it may not be taken")
        if self.phase == Phase.DRAW:
            self.pile_draws += 1
            if pile_limit_reached(self.rules, self.pile_draws):
                raise PublicMoveError("the pile draw limit ends the hand")
        card = self.pile.pop()
        self.takes[self.turn].append(card)
        self.known[self.turn].append(card)
        self.taken, self.must_knock = card, self.phase == Phase.WALL
        self.phase = Phase.DISCARD
        return card

    def _discard(self, card: Card) -> None:
        if self.phase != Phase.DISCARD or self.must_knock:
            raise PublicMoveError("a discard before drawing, or at the wall")
        if card == self.taken and self.rules.no_discard_after_pickup:
            raise PublicMoveError(f"{card} was just taken from the pile")
        if card in self.pile or card in self.known[1 - self.turn]:
            raise PublicMoveError(f"{card} is discarded but is on the pile or held by the other player")
        if card in self.known[self.turn]:
            self.known[self.turn].remove(card)
        self.pile.append(card)
        self.discards.append((self.turn, card))
        thrown_back, self.thrown_back = self.thrown_back, card == self.taken
        self.taken, self.stock_only, self.turn = None, False, 1 - self.turn
        if self.rules.throw_back_dead and thrown_back and self.thrown_back:
            raise PublicMoveError("a second card thrown back ends the hand")
        if dead_after_discard(self.rules, self.stock):
            raise PublicMoveError("the stock is used up: the hand is over")
        self.phase = Phase.WALL if at_the_wall(self.rules, self.stock) else Phase.DRAW

    def view(self, player: int, hand: tuple[Card, ...], number: int, scores: tuple[int, int]) -> PlayerView:
        """The view of ``player`` (to move, holding ``hand``) at this point of the hand."""
        forbidden = self.taken if self.rules.no_discard_after_pickup else None
        deal = Event("deal", self.dealer, self.upcard, number=number)
        return PlayerView(
            player=player,
            rules=self.rules,
            phase=self.phase,
            to_move=self.turn,
            hand=hand,
            opponent_hand_size=10,
            pile=tuple(self.pile),
            stock_size=self.stock,
            discards=tuple(self.discards),
            pile_takes=(tuple(self.takes[0]), tuple(self.takes[1])),
            declined=(tuple(self.declined[0]), tuple(self.declined[1])),
            opponent_known=tuple(self.known[1 - player]),
            upcard=self.upcard,
            forbidden=forbidden,
            must_knock=self.must_knock,
            knock_limit=self.knock_limit,
            multiplier=self.multiplier,
            dealer=self.dealer,
            hand_number=number,
            scores=scores,
            knock_card=None,
            showdown=None,
            deal_code=None,
            records=(),
            result=None,
            events=(deal, *self.events),
            legal_actions=self.legal(hand, forbidden),
        )

    def legal(self, hand: tuple[Card, ...], forbidden: Card | None) -> tuple[Action, ...]:
        """The legal actions of the player to move, holding ``hand`` (the engine's own rule)."""
        acts = legal_actions(
            self.rules,
            self.phase,
            hand,
            self.pile,
            stock_only=self.stock_only,
            forbidden=forbidden.bit if forbidden else 0,
            must_knock=self.must_knock,
            knock_limit=self.knock_limit,
        )
        return tuple(acts)


def replay(
    rules: Rules, dealer: int, scores: tuple[int, int], upcard: Card | None, moves: Iterable[Event]
) -> PublicHand:
    """The table after ``moves`` (each must be the move its player could make then)."""
    table = PublicHand(rules, dealer, scores, upcard)
    for e in moves:
        made = table.play(e.kind, e.card if e.kind == "discard" else None)
        if made != e:
            raise PublicMoveError(f"move {len(table.events)} ({e.kind}) does not follow from the ones before")
    return table


def moves_of(
    rules: Rules,
    dealer: int,
    scores: tuple[int, int],
    upcard: Card | None,
    steps: Iterable[tuple[str, Card | None]],
) -> tuple[Event, ...]:
    """The moves of a sequence of (kind, discarded card), each given its player and the card
    a draw from the pile takes."""
    table = PublicHand(rules, dealer, scores, upcard)
    return tuple(table.play(kind, card) for kind, card in steps)
