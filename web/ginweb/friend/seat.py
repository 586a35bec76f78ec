"""The hand with a friend as the table plays it (table/remote.py's ``Remote``): the table draws
this device's player's view of the duel (``DuelHand.view``: their own cards, the pile, what the
rules have shown them, never a card of the other hand), its moves go to the duel (play.py sends
them), and while the two devices exchange cards it says what they are doing. Pure but for what
play.py does with the moves."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from gin_core import Action, HandRecord, PlayerView, Rules
from gin_core.duel import DuelStage

from ..table.playstate import Blocked

if TYPE_CHECKING:
    from .play import Play

DEALING = "Dealing: each device shuffles and locks the deck in turn, so neither can see the other's cards…"
WAITING = {
    DuelStage.SHUFFLE: DEALING,
    DuelStage.MIX: DEALING,
    DuelStage.LOCK: DEALING,
    DuelStage.DEAL_KEYS: DEALING,
    DuelStage.DRAW_KEY: "A card is drawn from the stock…",
    DuelStage.SHOWDOWN: "The hands are shown…",
    DuelStage.REVEAL: "The hand is over: both devices check the whole deal and every card played…",
}
"""What the devices are doing at each stage where nobody moves (play and done: someone may)."""


class FriendSeat:
    """This device's seat in the hands of ``play``; ``helps``: both agreed to the hint and the
    tutor (the invitation said so); ``rules``: the host's rules for the next hand (its settings);
    ``earlier``: the match's hands before this one, as kept on this device (goover.py), so the
    table's scoreboard lists them all."""

    def __init__(
        self,
        play: Play,
        helps: bool,
        rules: Callable[[], Rules],
        earlier: Callable[[], tuple[HandRecord, ...]] = tuple,
    ) -> None:
        self.hands = play
        self.helps = helps
        self.rules = rules
        self.earlier = earlier

    @property
    def names(self) -> tuple[str, str]:
        me = self.hands.me
        return self.hands.names[me], self.hands.names[1 - me]

    @property
    def seat(self) -> int:
        return self.hands.me

    def view(self) -> PlayerView | None:
        """The hand's view, its records the match's hands so far (the duel's holds its own only)."""
        r = self.hands.round
        if r is None or self.hands.restoring:
            return None
        v = r.hand.view()
        before = self.earlier()
        return replace(v, records=(*before, *v.records)) if before else v

    def waiting(self) -> str | None:
        p = self.hands
        if p.restoring:
            return f"Taking up hand {p.number} with {self.names[1]} where it stood…"
        r = p.round
        if r is None:
            return None
        if r.stopped:
            return r.stopped
        if r.hand.stage is DuelStage.STOPPED:
            return "The hand is stopped."
        return WAITING.get(r.hand.stage)

    def play(self, action: Action) -> None:
        self.hands.play(action)

    def next_hand_refused(self) -> Blocked | None:
        if self.hands.me != 0:
            return Blocked.HOST_DEALS
        return None if self.hands.can_deal() else Blocked.EXCHANGING

    def next_hand(self) -> None:
        self.hands.deal(self.rules())
