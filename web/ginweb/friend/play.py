"""The hands with a friend over the open channel: the host deals (its rules, sent with the
hand's number, dealer and scores: talk.py), both pages run the duel protocol (duel.py) in
background slices between frames and send what it returns; each page shows its hand in the
dialog (handview.py) and plays its moves from there. The work is measured in the page: every
slice's length, for the deal's total and its longest slice (``window.ginFriendPerf``)."""

from __future__ import annotations

import json
from collections.abc import Callable

from gin_core import Action, GinError, IllegalAction, Rules

from ..kit import dom
from . import talk
from .duel import Round, seen
from .handview import HandView, hand_view

Send = Callable[[str], bool]


class Cost:
    """The work of one hand in this page: its total, its longest slice (ms) and its slices."""

    def __init__(self, hand: int) -> None:
        self.hand = hand
        self.work_ms = 0.0
        self.max_slice_ms = 0.0
        self.slices = 0
        self.over_50 = 0  # slices over 50 ms (wall clock: another process's turn counts too)

    def add(self, slices: list[float]) -> None:
        self.over_50 += sum(ms > 50 for ms in slices)
        self.work_ms += sum(slices)
        self.max_slice_ms = max(self.max_slice_ms, *slices, 0.0)
        self.slices += len(slices)

    def data(self) -> dict[str, float]:
        return {
            "hand": self.hand,
            "work_ms": round(self.work_ms, 2),
            "max_slice_ms": round(self.max_slice_ms, 2),
            "slices": self.slices,
            "over_50": self.over_50,
        }


class Play:
    """The hands of one connection: ``me`` 0 (the host) or 1, the players' names by seat."""

    def __init__(self, me: int, names: tuple[str, str], send: Send, drawn: Callable[[], None]) -> None:
        self.me = me
        self.names = names
        self.send = send
        self.drawn = drawn  # the dialog is drawn again (the feature's)
        self.round: Round | None = None
        self.scores = (0, 0)
        self.number = 0
        self.pumping = False
        self.problem = ""  # the words of the last refusal (a move, a message)
        self.perf: list[Cost] = []  # per hand
        self.over = False  # the connection ended: nothing more is sent

    def view(self) -> HandView | None:
        if self.round is None:
            return None
        return hand_view(seen(self.round), self.names, self.me, self.round.stopped)

    def can_deal(self) -> bool:
        """The host deals when no hand is under way (the first, or the last verified)."""
        if self.me != 0 or self.over:
            return False
        return self.round is None or seen(self.round).stage in ("done", "stopped")

    def deal(self, rules: Rules) -> None:
        """The host starts the next hand on ``rules``; the dealer alternates, the host first."""
        self.add_scores()
        self.number += 1
        dealer = (self.number - 1) % 2
        self.send(talk.deal(self.number, rules, dealer, self.scores))
        self.round = Round.deal(rules, 0, dealer, self.number, self.scores)
        self.perf.append(Cost(self.number))
        dom.spawn(self.pump())

    def add_scores(self) -> None:
        s = seen(self.round).settlement if self.round is not None else None
        if s is not None and s.winner is not None:
            points = list(self.scores)
            points[s.winner] += s.points
            self.scores = (points[0], points[1])

    def heard(self, text: str) -> None:
        """A message after the hello: a deal (the friend's page) or the duel's."""
        if talk.kind(text) == "deal":
            self.dealt(text)
        elif self.round is not None:
            self.round.inbox.append(text)
            dom.spawn(self.pump())
        else:
            self.problem = "A message from the other device came before any hand: it was ignored."
            self.drawn()

    def dealt(self, text: str) -> None:
        if self.me != 1:
            self.problem = "The other device tried to deal: only the host deals. It was ignored."
            self.drawn()
            return
        try:
            number, rules, dealer, scores = talk.deal_of(text)
            self.round = Round.deal(rules, 1, dealer, number, scores)
        except (talk.TalkError, GinError) as e:
            self.problem = f"A deal was refused: {e}."
            self.drawn()
            return
        self.number, self.scores = number, scores
        self.perf.append(Cost(number))
        dom.spawn(self.pump())

    async def pump(self) -> None:
        """Run the hand's pending work in slices (one at a time), sending what it returns."""
        r = self.round
        if self.pumping or r is None:
            return
        self.pumping = True
        try:
            while r.pending() and r is self.round:
                done = await dom.in_slices(r.work(), lambda: r is self.round)
                if done is None:
                    return
                texts, slices = done
                self.measure(slices)
                for t in texts:
                    self.send(t)
                self.problem = r.refused[-1] if r.refused else ""
                self.drawn()
        finally:
            self.pumping = False

    def measure(self, slices: list[float]) -> None:
        self.perf[-1].add(slices)
        dom.window.ginFriendPerf = json.dumps([c.data() for c in self.perf])

    def move(self, text: str) -> bool:
        """Play your move ``text`` (an action's text); False, said, if it is refused."""
        if self.round is None:
            return False
        try:
            texts = self.round.play(Action.parse(text))
        except (IllegalAction, GinError) as e:
            self.problem = f"That move is refused: {e}."
            self.drawn()
            return False
        self.problem = ""
        for t in texts:
            self.send(t)
        self.drawn()
        dom.spawn(self.pump())
        return True
