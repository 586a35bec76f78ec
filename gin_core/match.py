"""A match: hands played to the target with every bonus, behind one action interface.

``legal_actions()``, ``apply(action)`` and ``view(player)`` are all a player, a bot or the page
needs. The match is a pure function of its rules, seed, first dealer and the actions applied, so
it can be saved as those and rebuilt exactly (see :mod:`gin_core.save`).
"""

from __future__ import annotations

from .actions import Action
from .dealcode import (
    MATCH_SEED_BITS, cut_for_deal, deal_seed, decode, encode, random_seed, shuffled_deck,
)
from .errors import IllegalAction, Refusal
from .events import Event
from .flow import Phase
from .hand import Hand
from .results import HandRecord, MatchResult, hand_points, match_over, match_result, next_dealer
from .rules import Rules
from .view import PlayerView


class Match:
    """Two players, 0 and 1, playing hands until the rules say the match is over."""

    def __init__(
        self,
        rules: Rules | None = None,
        seed: int | None = None,
        dealer: int | None = None,
        first_deal: str | None = None,
    ):
        """``seed`` fixes every deal (random if omitted); ``dealer`` overrides who deals first
        (else ``rules.first_dealer``, else a cut); ``first_deal`` is a deal code to replay as
        the first hand (later hands still come from ``seed``)."""
        self.rules = rules or Rules()
        self.seed = random_seed() if seed is None else seed
        if type(self.seed) is not int or not 0 <= self.seed < 1 << MATCH_SEED_BITS:
            raise ValueError(f"seed must be an int in 0..2**{MATCH_SEED_BITS}-1")
        self.first_deal = None if first_deal is None else encode(decode(first_deal))
        self.events: list[Event] = []
        self.dealer_choice = dealer
        if dealer is None:
            dealer = self.rules.first_dealer
        if dealer is None:
            dealer, cuts = cut_for_deal(self.seed)
            for a, b in cuts:
                self.events += [Event("cut", 0, a), Event("cut", 1, b)]
        if dealer not in (0, 1):
            raise ValueError("dealer must be 0 or 1")
        self.first_dealer = dealer
        self.scores = [0, 0]
        self.records: list[HandRecord] = []
        self.history: list[tuple[int | None, Action]] = []
        self.deals = 0
        self.result: MatchResult | None = None
        self._deal(dealer)

    def _deal(self, dealer: int) -> None:
        if self.deals == 0 and self.first_deal is not None:
            self.deal_seed = decode(self.first_deal)
        else:
            self.deal_seed = deal_seed(self.seed, self.deals)
        deck = shuffled_deck(self.deal_seed)
        self.hand = Hand(self.rules, deck, dealer, (self.scores[0], self.scores[1]), self.events)
        self.deals += 1
        self.events.append(Event("deal", dealer, self.hand.upcard, number=self.deals))

    # ----- state ------------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        if self.result is not None:
            return Phase.MATCH_OVER
        return Phase.HAND_OVER if self.hand.phase == Phase.OVER else self.hand.phase

    @property
    def to_move(self) -> int | None:
        """The player to act; ``None`` between hands (either may deal the next) and at the end."""
        return self.hand.turn if self.hand.phase != "over" else None

    @property
    def deal_code(self) -> str:
        """The code of the current deal (hidden information until the hand is over)."""
        return encode(self.deal_seed)

    def legal_actions(self) -> list[Action]:
        if self.result is not None:
            return []
        if self.hand.phase == "over":
            return [Action("next_hand")]
        return self.hand.legal_actions()

    # ----- acting -----------------------------------------------------------------------

    def apply(self, action: Action | str, player: int | None = None) -> None:
        """Play ``action`` (an :class:`Action` or its text). If ``player`` is given it must be
        the player to move. Illegal actions raise :class:`IllegalAction` and change nothing."""
        if isinstance(action, str):
            action = Action.parse(action)
        if player is not None and (type(player) is not int or player not in (0, 1)):
            raise IllegalAction(Refusal.NO_SUCH_PLAYER, player=player)
        if self.result is not None:
            raise IllegalAction(Refusal.MATCH_OVER)
        if self.hand.phase == "over":
            if action.kind != "next_hand":
                raise IllegalAction(Refusal.DEAL_NEXT)
            self.history.append((player, action))
            self._deal(next_dealer(self.rules, self.hand.dealer, self.records[-1]))
            return
        if player is not None and player != self.hand.turn:
            raise IllegalAction(Refusal.NOT_YOUR_TURN, player=player)
        self.hand.check(action)
        mover = self.hand.turn
        self.history.append((mover, action))
        self.hand.apply(action)
        if self.hand.phase == "over":
            self._finish_hand()

    def _finish_hand(self) -> None:
        settlement = self.hand.settlement
        points = hand_points(settlement)
        self.scores = [self.scores[0] + points[0], self.scores[1] + points[1]]
        self.records.append(
            HandRecord(self.deals, self.hand.dealer, self.deal_code, settlement, points)
        )
        if match_over(self.rules, self.scores, self.records):
            self.result = match_result(self.rules, self.records)
            self.events.append(Event("match_over", self.result.winner))

    # ----- what a player sees -----------------------------------------------------------

    def view(self, player: int) -> PlayerView:
        """Everything ``player`` may know, and nothing more."""
        if player not in (0, 1):
            raise ValueError("player must be 0 or 1")
        h = self.hand
        over = h.phase == "over"
        opponent = 1 - player
        showdown = self.records[-1] if over else None
        mine = h.turn == player and h.phase == "discard"
        return PlayerView(
            player=player,
            rules=self.rules,
            phase=self.phase,
            to_move=self.to_move,
            hand=tuple(sorted(h.hands[player])),
            opponent_hand_size=len(h.hands[opponent]),
            pile=tuple(h.pile),
            stock_size=len(h.stock),
            discards=tuple(h.discards),
            pile_takes=(tuple(h.pile_takes[0]), tuple(h.pile_takes[1])),
            declined=(tuple(h.declined[0]), tuple(h.declined[1])),
            opponent_known=tuple(h.known[opponent]),
            upcard=h.upcard,
            forbidden=h.taken if mine and self.rules.no_discard_after_pickup else None,
            must_knock=h.must_knock and mine,
            knock_limit=h.knock_limit,
            multiplier=h.multiplier,
            dealer=h.dealer,
            hand_number=self.deals,
            scores=(self.scores[0], self.scores[1]),
            knock_card=h.knock_card if over and h.settlement and h.settlement.knocker == player else None,
            showdown=showdown,
            deal_code=self.deal_code if over else None,
            records=tuple(self.records),
            result=self.result,
            events=tuple(self.events),
            legal_actions=tuple(self.legal_actions()) if self.to_move in (player, None) else (),
        )
