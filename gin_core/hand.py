"""One deal as a state machine: the first upcard, draws and discards, knocks, the end of stock.

The :class:`Hand` owns the hidden cards (both hands, the stock order). Every action is checked
completely before anything changes, so an illegal one raises :class:`IllegalAction` and leaves
the hand as it was.
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Action, ActionKind
from .arrange import discard_deadwoods, min_deadwood
from .cards import CARDS, Card, card_list, cards_of, mask_of
from .checks import check_is, check_player, describe
from .declare import declared_deadwood
from .errors import ArgumentError, HandError
from .events import Event
from .flow import Phase, at_the_wall, dead_after_discard, pile_limit_reached
from .melds import Meld
from .refusals import IllegalAction, Refusal
from .rules import Rules
from .scoring import Settlement, settle


def stacked_deck(
    first: Sequence[Card],
    dealer: Sequence[Card],
    upcard: Card | None = None,
    stock: Sequence[Card] = (),
) -> list[Card]:
    """A deck that deals the given hands (``first`` to the non-dealer), then ``upcard``, then
    ``stock`` from the top; the remaining cards follow in index order. For puzzles and tests."""
    first, dealer, stock = card_list(first), card_list(dealer), card_list(stock)
    if len(first) != 10 or len(dealer) != 10:
        raise HandError("each hand needs 10 cards")
    if upcard is not None and not isinstance(upcard, Card):
        raise HandError(f"the upcard is a card or None, not {describe(upcard)}")
    head = [c for pair in zip(first, dealer, strict=True) for c in pair]
    head += ([upcard] if upcard else []) + stock
    if len(set(head)) != len(head):
        raise HandError("a deck holds each card once")
    rest = [c for c in CARDS if c not in head]
    return head + rest


class Hand:
    """A single deal between players 0 and 1.

    Phases: ``offer`` (the first upcard is offered: take it or pass), ``draw`` (stock or pile),
    ``wall`` (two stock cards left under the wall rule: take the discard to knock, or pass and
    the hand is dead), ``discard`` (discard, knock, gin or big gin), ``over``.
    """

    def __init__(
        self,
        rules: Rules,
        deck: list[Card],
        dealer: int,
        scores: tuple[int, int] = (0, 0),
        events: list[Event] | None = None,
    ):
        """Deal ``deck`` (52 cards, dealt from the front: ten each, alternately, non-dealer
        first, then the upcard, then the stock in order). ``scores`` decide who starts when there
        is no upcard; public events are appended to ``events``."""
        check_is(rules, Rules, "rules")
        if len(card_list(deck)) != 52 or len(set(deck)) != 52:
            raise HandError("a deal needs the 52 different cards")
        check_player(dealer, "dealer")
        if not (isinstance(scores, tuple) and len(scores) == 2 and all(type(s) is int for s in scores)):
            raise ArgumentError(f"scores must be a pair of whole numbers, not {describe(scores)}")
        if events is not None:
            check_is(events, list, "events")
        self.rules = rules
        self.dealer = dealer
        first = 1 - dealer
        self.hands: list[list[Card]] = [[], []]
        for i in range(20):
            self.hands[first if i % 2 == 0 else dealer].append(deck[i])
        rest = deck[20:]
        self.events = [] if events is None else events
        if rules.first_upcard:
            self.upcard: Card | None = rest.pop(0)
            self.pile = [self.upcard]
            self.phase = Phase.OFFER
            self.turn = first
        else:
            self.upcard = None
            self.pile = []
            self.phase = Phase.DRAW
            self.turn = dealer if scores[dealer] < scores[first] else first
        self.stock = rest[::-1]
        self.knock_limit = rules.knock_limit_for(self.upcard.value if self.upcard else None)
        self.multiplier = 2 if rules.spade_doubles and self.upcard and self.upcard.suit == "S" else 1
        self.passes = 0
        self.stock_only = False
        self.taken: Card | None = None
        self.pile_draws = 0  # draws from the pile after the first upcard (Rules.pile_draw_limit)
        self.thrown_back = False  # the last discard was the card just taken (Rules.throw_back_dead)
        self.must_knock = False
        self.knock_card: Card | None = None
        self.settlement: Settlement | None = None
        self.dead = False
        self.discards: list[tuple[int, Card]] = []
        self.pile_takes: list[list[Card]] = [[], []]
        self.known: list[list[Card]] = [[], []]  # taken from the pile and still held
        self.declined: list[list[Card]] = [[], []]

    # ----- what may be done -------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every legal action of the player to move, in a fixed order."""
        return legal_actions(
            self.rules,
            self.phase,
            self.hands[self.turn],
            self.pile,
            stock_only=self.stock_only,
            forbidden=self._forbidden(),
            must_knock=self.must_knock,
            knock_limit=self.knock_limit,
        )

    def _forbidden(self) -> int:
        return self.taken.bit if self.taken and self.rules.no_discard_after_pickup else 0

    def _wall_take_can_knock(self) -> bool:
        return wall_take_can_knock(self.rules, self.hands[self.turn], self.pile[-1], self.knock_limit)

    def check(self, action: Action) -> None:
        """Raise :class:`IllegalAction`, naming the rule, unless ``action`` is legal now."""
        kind, phase = action.kind, self.phase
        if phase == Phase.OVER:
            raise IllegalAction(Refusal.HAND_OVER)
        if kind == ActionKind.NEXT_HAND:
            raise IllegalAction(Refusal.HAND_NOT_OVER)
        if phase == Phase.OFFER and kind not in (ActionKind.DRAW_PILE, ActionKind.PASS):
            raise IllegalAction(Refusal.UPCARD_OFFER)
        if phase == Phase.WALL:
            self._check_wall(kind)
        elif phase == Phase.DRAW:
            self._check_draw(kind)
        elif phase == Phase.DISCARD:
            self._check_discard(action)

    def _check_wall(self, kind: ActionKind) -> None:
        if kind not in (ActionKind.DRAW_PILE, ActionKind.PASS):
            raise IllegalAction(Refusal.WALL_CHOICE)
        if kind == ActionKind.DRAW_PILE and not self._wall_take_can_knock():
            raise IllegalAction(Refusal.WALL_TAKE_CANNOT_KNOCK)

    def _check_draw(self, kind: ActionKind) -> None:
        if kind == ActionKind.PASS:
            raise IllegalAction(Refusal.NO_PASS)
        if kind not in (ActionKind.DRAW_STOCK, ActionKind.DRAW_PILE):
            raise IllegalAction(Refusal.DRAW_FIRST)
        if kind == ActionKind.DRAW_PILE and self.stock_only:
            raise IllegalAction(Refusal.STOCK_ONLY)
        if kind == ActionKind.DRAW_PILE and not self.pile:
            raise IllegalAction(Refusal.PILE_EMPTY)

    def _check_discard(self, action: Action) -> None:
        kind = action.kind
        if kind in (ActionKind.DRAW_STOCK, ActionKind.DRAW_PILE, ActionKind.PASS):
            raise IllegalAction(Refusal.ALREADY_DREW)
        mask = mask_of(self.hands[self.turn])
        if kind == ActionKind.BIG_GIN:
            self._check_big_gin(mask)
            return
        self._check_card_put(action)
        if kind != ActionKind.DISCARD:
            self._check_ending(action, mask)

    def _check_big_gin(self, mask: int) -> None:
        if not self.rules.big_gin:
            raise IllegalAction(Refusal.NO_BIG_GIN)
        if min_deadwood(mask) != 0:
            raise IllegalAction(Refusal.BIG_GIN_NEEDS_MELDS, deadwood=min_deadwood(mask))

    def _check_card_put(self, action: Action) -> None:
        """The card a discard, knock or gin puts down must be held and free to go."""
        card = action.put
        if card not in self.hands[self.turn]:
            raise IllegalAction(Refusal.NOT_HELD, (card,))
        if card.bit & self._forbidden():
            raise IllegalAction(Refusal.JUST_TAKEN, (card,))
        if action.kind == ActionKind.DISCARD and self.must_knock:
            raise IllegalAction(Refusal.WALL_MUST_KNOCK)

    def _check_ending(self, action: Action, mask: int) -> None:
        """A knock or gin: the deadwood it leaves, and its declared melds."""
        kind, card = action.kind, action.put
        dw = min_deadwood(mask & ~card.bit)
        if kind == ActionKind.GIN and dw != 0:
            raise IllegalAction(Refusal.GIN_NEEDS_NO_DEADWOOD, (card,), deadwood=dw)
        if kind == ActionKind.KNOCK:
            if dw == 0:
                raise IllegalAction(Refusal.IS_GIN, (card,))
            if dw > self.knock_limit:
                raise IllegalAction(Refusal.OVER_KNOCK_LIMIT, (card,), deadwood=dw, limit=self.knock_limit)
        if action.melds is not None:
            self._check_declaration(
                mask & ~card.bit, action.melds, 0 if kind == ActionKind.GIN else self.knock_limit
            )

    @staticmethod
    def _check_declaration(kept: int, melds: tuple[Meld, ...], limit: int) -> None:
        """Declared melds must be disjoint melds of the cards kept, within the limit."""
        used = 0
        for meld in melds:
            if meld.mask & ~kept:
                raise IllegalAction(Refusal.DECLARED_NOT_HELD, tuple(cards_of(meld.mask & ~kept)))
            if meld.mask & used:
                raise IllegalAction(Refusal.DECLARED_OVERLAP, tuple(cards_of(meld.mask & used)))
            used |= meld.mask
        left = declared_deadwood(kept, melds=[m.mask for m in melds])
        if left > limit:
            raise IllegalAction(Refusal.DECLARED_OVER_LIMIT, deadwood=left, limit=limit)

    # ----- doing it ---------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Play ``action`` for the player to move (checked first; illegal ones change nothing)."""
        self.check(action)
        player, kind = self.turn, action.kind
        if kind == ActionKind.PASS:
            self._pass(player)
        elif kind == ActionKind.DRAW_STOCK:
            if self.pile and not self.stock_only:
                self.declined[player].append(self.pile[-1])
            self.hands[player].append(self.stock.pop())
            self.taken = None
            self.phase = Phase.DISCARD
            self.events.append(Event("draw_stock", player))
        elif kind == ActionKind.DRAW_PILE:
            self._draw_pile(player)
        elif kind == ActionKind.DISCARD:
            self._discard(player, action.card)
        else:
            self._knock(player, action)

    def _draw_pile(self, player: int) -> None:
        if self.phase == Phase.DRAW:
            self.pile_draws += 1
            if pile_limit_reached(self.rules, self.pile_draws):
                self._die("pile_limit")
                return
        card = self.pile.pop()
        self.hands[player].append(card)
        self.pile_takes[player].append(card)
        self.known[player].append(card)
        self.taken = card
        self.must_knock = self.phase == Phase.WALL
        self.phase = Phase.DISCARD
        self.events.append(Event("draw_pile", player, card))

    def _pass(self, player: int) -> None:
        self.events.append(Event("pass", player))
        self.declined[player].append(self.pile[-1])
        if self.phase == Phase.WALL:
            self._die()
            return
        self.passes += 1
        self.turn = 1 - player
        if self.passes == 2:
            self.phase = Phase.DRAW
            self.stock_only = True

    def _discard(self, player: int, card: Card | None) -> None:
        assert card is not None
        self._let_go(player, card)
        self.pile.append(card)
        self.discards.append((player, card))
        self.events.append(Event("discard", player, card))
        thrown_back, self.thrown_back = self.thrown_back, card == self.taken
        self.taken = None
        self.stock_only = False
        self.turn = 1 - player
        left = len(self.stock)
        if self.rules.throw_back_dead and thrown_back and self.thrown_back:
            self._die("thrown_back", card)
        elif dead_after_discard(self.rules, left):
            self._die()
        elif at_the_wall(self.rules, left):
            self.phase = Phase.WALL
        else:
            self.phase = Phase.DRAW

    def _let_go(self, player: int, card: Card) -> None:
        self.hands[player].remove(card)
        if card in self.known[player]:
            self.known[player].remove(card)

    def _die(self, cause: str | None = None, card: Card | None = None) -> None:
        """End the hand with no score; ``cause`` (with the card thrown back) if it is not the
        stock running out or a pass at the wall."""
        self.dead = True
        self.phase = Phase.OVER
        self.events.append(Event("dead_hand", card=card, number=len(self.stock), cause=cause))

    def _knock(self, player: int, action: Action) -> None:
        big = action.kind == ActionKind.BIG_GIN
        if not big:
            assert action.card is not None
            self._let_go(player, action.card)
            self.knock_card = action.card
        self.settlement = settle(
            self.hands[player],
            self.hands[1 - player],
            self.rules,
            action.melds,
            knocker=player,
            big_gin=big,
            multiplier=self.multiplier,
        )
        self.events.append(Event(action.kind, player))
        self.phase = Phase.OVER


def legal_actions(  # eight parameters: the public facts of one turn, as one pure function
    rules: Rules,
    phase: str,
    hand: Sequence[Card],
    pile: Sequence[Card],
    *,
    stock_only: bool,
    forbidden: int,
    must_knock: bool,
    knock_limit: int,
) -> list[Action]:
    """Every legal action of the player to move, in a fixed order, from what that player sees
    (``forbidden``: the mask of the card that may not be discarded); shared by :class:`Hand`
    and positions rebuilt from their public facts (:mod:`gin_core.puzzles`)."""
    if phase == Phase.OFFER:
        return [Action(ActionKind.DRAW_PILE), Action(ActionKind.PASS)]
    if phase == Phase.DRAW:
        acts = [Action(ActionKind.DRAW_STOCK)]
        if pile and not stock_only:
            acts.append(Action(ActionKind.DRAW_PILE))
        return acts
    if phase == Phase.WALL:
        acts = (
            [Action(ActionKind.DRAW_PILE)] if wall_take_can_knock(rules, hand, pile[-1], knock_limit) else []
        )
        return acts + [Action(ActionKind.PASS)]
    if phase == Phase.DISCARD:
        return discard_actions(rules, hand, forbidden, must_knock, knock_limit)
    return []


def discard_actions(
    rules: Rules, hand: Sequence[Card], forbidden: int, must_knock: bool, knock_limit: int
) -> list[Action]:
    """The discards, knocks and gins (and big gin) of an 11-card hand."""
    mask = mask_of(hand)
    left = discard_deadwoods(mask, forbidden)
    acts: list[Action] = []
    for card in sorted(hand):
        dw = left.get(card.index)
        if dw is None:
            continue
        if not must_knock:
            acts.append(Action(ActionKind.DISCARD, card))
        if dw == 0:
            acts.append(Action(ActionKind.GIN, card))
        elif dw <= knock_limit:
            acts.append(Action(ActionKind.KNOCK, card))
    if rules.big_gin and min_deadwood(mask) == 0:
        acts.append(Action(ActionKind.BIG_GIN))
    return acts


def wall_take_can_knock(rules: Rules, hand: Sequence[Card], top: Card, knock_limit: int) -> bool:
    """At the wall: True if taking ``top`` lets the player knock or go gin (as they then must)."""
    mask = mask_of(hand) | top.bit
    forbidden = top.bit if rules.no_discard_after_pickup else 0
    if rules.big_gin and min_deadwood(mask) == 0:
        return True
    return any(dw <= knock_limit for dw in discard_deadwoods(mask, forbidden).values())
