"""A match: hands played to the target with every bonus, behind one action interface.

``legal_actions()``, ``apply(action)`` and ``view(player)`` are all a player, a bot or the page
needs. The match is a pure function of its rules, seed, first dealer and the actions applied, so
it can be saved as those and rebuilt exactly (see :mod:`gin_core.save`).
"""

from __future__ import annotations

from enum import StrEnum

from .actions import Action, ActionKind
from .checks import check_player, check_seed, describe
from .dealcode import (
    cut_for_deal,
    deal_seed,
    deck_of,
    decode,
    encode,
    is_deck_code,
    normal,
    random_seed,
)
from .errors import ArgumentError, UndoError
from .events import Event
from .flow import Phase
from .hand import Hand
from .refusals import IllegalAction, Refusal
from .results import (
    HandRecord,
    MatchResult,
    hand_points,
    match_over,
    match_result,
    next_dealer,
)
from .rules import Rules, RulesError
from .view import PlayerView


class TakeBack(StrEnum):
    """Why a player may not fairly take back their last move (:meth:`Match.fair_undo`): a
    move may be taken back only if nothing was shown to them since they made it."""

    NOTHING = "nothing"  # no move of theirs in this hand, or the hand is over
    CARD_SEEN = "card_seen"  # it drew from the stock: they have seen the card drawn
    ANSWERED = "answered"  # the opponent has moved since: they have seen its reply


Move = tuple[int | None, Action]
"""One entry of a match's history: the player who moved (``None``: a ``next_hand`` by
whoever dealt it) and the action."""


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
        if rules is not None and not isinstance(rules, Rules):
            raise RulesError(f"rules must be a Rules value, e.g. preset('classic'), not {describe(rules)}")
        self.rules = Rules() if rules is None else rules
        self.seed = random_seed() if seed is None else check_seed(seed)
        self.first_deal = None if first_deal is None else normal(first_deal)
        self.dealer_choice = None if dealer is None else check_player(dealer, "dealer")
        self.redo_stack: list[tuple[Move, ...]] = []
        self._start()

    def _start(self) -> None:
        """The match before its first action: the cut for the deal (if any) and the first hand."""
        self.events: list[Event] = []
        dealer = self.rules.first_dealer if self.dealer_choice is None else self.dealer_choice
        if dealer is None:
            dealer, cuts = cut_for_deal(self.seed)
            for a, b in cuts:
                self.events += [Event("cut", 0, a), Event("cut", 1, b)]
        self.first_dealer = dealer
        self.scores = [0, 0]
        self.records: list[HandRecord] = []
        self.history: list[Move] = []
        self.deals = 0
        self.result: MatchResult | None = None
        self._deal(dealer)

    def _deal(self, dealer: int) -> None:
        if self.deals == 0 and self.first_deal is not None:
            self.dealt_code = self.first_deal
        else:
            self.dealt_code = encode(deal_seed(self.seed, self.deals))
        deck = deck_of(self.dealt_code)
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
        """The code of the current deal (hidden information until the hand is over): a deal
        code, or the deck code of a first deal given as one (:mod:`.dealcode`)."""
        return self.dealt_code

    @property
    def deal_seed(self) -> int | None:
        """The shuffle seed of the current deal (None: dealt from a deck code)."""
        return None if is_deck_code(self.dealt_code) else decode(self.dealt_code)

    def legal_actions(self) -> list[Action]:
        if self.result is not None:
            return []
        if self.hand.phase == "over":
            return [Action(ActionKind.NEXT_HAND)]
        return self.hand.legal_actions()

    # ----- acting -----------------------------------------------------------------------

    def apply(self, action: Action | str, player: int | None = None) -> None:
        """Play ``action`` (an :class:`Action` or its text). If ``player`` is given it must be
        the player to move. Illegal actions raise :class:`IllegalAction` and change nothing.
        A new action forgets the actions :meth:`undo` took back."""
        if isinstance(action, str):
            action = Action.parse(action)
        elif not isinstance(action, Action):
            raise ArgumentError(f"an action must be an Action or its text, not {describe(action)}")
        if player is not None and (type(player) is not int or player not in (0, 1)):
            raise IllegalAction(Refusal.NO_SUCH_PLAYER, player=player)
        self._play(action, player)
        self.redo_stack.clear()

    def _play(self, action: Action, player: int | None) -> None:
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

    # ----- taking moves back ------------------------------------------------------------

    def undo_point(self, player: int) -> int | None:
        """How many actions stay if ``player`` takes back their last move of this hand (with
        the opponent's replies after it); ``None`` if they made none, or the hand is over."""
        check_player(player)
        if self.phase in ("hand_over", "match_over"):
            return None
        for i in range(len(self.history) - 1, -1, -1):
            mover, action = self.history[i]
            if action.kind == "next_hand":
                return None
            if mover == player:
                return i
        return None

    def can_undo(self, player: int) -> bool:
        return self.undo_point(player) is not None

    def fair_undo(self, player: int) -> TakeBack | None:
        """Why ``player`` may not take back their last move without using what it showed them
        (None: they may). A stock draw showed them a card (taken back, the same card would
        still be on top of the stock, so they could look and then take the pile); a move the
        opponent has answered showed them its reply. A person's undo follows this rule;
        :meth:`undo` itself takes back any move (analysis, tools)."""
        k = self.undo_point(player)
        if k is None:
            return TakeBack.NOTHING
        if any(mover != player for mover, _ in self.history[k + 1 :]):
            return TakeBack.ANSWERED
        if self.history[k][1].kind == ActionKind.DRAW_STOCK:
            return TakeBack.CARD_SEEN
        return None

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def undo(self, player: int) -> None:
        """Take back ``player``'s last move of this hand and the opponent's replies after it;
        :meth:`redo` plays them again while nothing new has been played."""
        k = self.undo_point(player)
        if k is None:
            raise UndoError(f"player {player} has no move to take back in this hand")
        self.redo_stack.append(tuple(self.history[k:]))
        self._rebuild(self.history[:k])

    def redo(self) -> None:
        """Play again the moves the last :meth:`undo` took back."""
        if not self.redo_stack:
            raise UndoError("there is no move to play again")
        for player, action in self.redo_stack.pop():
            self._play(action, player)

    def restore_redo(self, stack: list[tuple[Move, ...]]) -> None:
        """Set what :meth:`redo` will play (from a save), if :meth:`undo` could have left it:
        each batch, played from here in turn, is a move of one player and the opponent's
        replies, inside the hand. Otherwise raise :class:`UndoError` (or :class:`IllegalAction`
        for a move the rules refuse); nothing changes."""
        kept = list(self.history)
        try:
            for batch in reversed(stack):
                self._play_batch(batch)
        finally:
            if stack:
                self._rebuild(kept)
        self.redo_stack = list(stack)

    def _play_batch(self, batch: tuple[Move, ...]) -> None:
        if not batch or batch[0][0] is None:
            raise UndoError("a move taken back names no player")
        player = batch[0][0]
        for i, (mover, action) in enumerate(batch):
            if action.kind == "next_hand" or (i > 0 and mover != 1 - player):
                raise UndoError("moves taken back are one player's move and the replies to it")
            self._play(action, mover)
        if self.phase in ("hand_over", "match_over"):
            raise UndoError("moves taken back cannot end the hand")

    def _rebuild(self, moves: list[Move]) -> None:
        """The match as it was after ``moves`` (a prefix of its history)."""
        self._start()
        for player, action in moves:
            self._play(action, player)

    def _finish_hand(self) -> None:
        settlement = self.hand.settlement
        points = hand_points(settlement)
        self.scores = [self.scores[0] + points[0], self.scores[1] + points[1]]
        self.records.append(HandRecord(self.deals, self.hand.dealer, self.deal_code, settlement, points))
        if match_over(self.rules, self.scores, self.records):
            self.result = match_result(self.rules, self.records)
            self.events.append(Event("match_over", self.result.winner))

    # ----- what a player sees -----------------------------------------------------------

    def view(self, player: int) -> PlayerView:
        """Everything ``player`` may know, and nothing more."""
        check_player(player)
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
