"""The hands with a friend over the open channel: the host deals (its rules, sent with the
hand's number, dealer and scores: talk.py), both pages run the duel protocol (duel.py) in
background slices between frames and send what it returns; each page shows its hand on the
table (seat.py) and plays its moves there, and the dialog says how the match stands
(handview.py). Each page keeps the match after every step
(keep.py), before sending, so a reload or a dropped connection takes it up where it stood. The
work is measured in the page: every slice's length, for the deal's total and its longest slice
(``window.ginFriendPerf``)."""

from __future__ import annotations

import json
from collections.abc import Callable

from gin_core import Action, GinError, Rules
from gin_core.duel import DuelMatch, DuelStage, load_duel_match

from ..kit import dom
from . import keep, talk
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
    """The hands of one connection: ``me`` 0 (the host) or 1, the players' names by seat, the
    match's id (said in each hello). The match (gin_core's ``DuelMatch``) is scored on each
    device from the hands it verified, by the host's rules: the friend's device checks that each
    deal follows it. Every step is kept (``keep``, keep.py's text) before what it makes is sent,
    so a reload or a dropped connection loses nothing (:meth:`take_up`)."""

    def __init__(  # 6 parameters: the seat, names and match, and the three ways out of it
        self,
        me: int,
        names: tuple[str, str],
        match: str,
        send: Send,
        drawn: Callable[[], None],
        keep: Callable[[str], None],
    ) -> None:
        self.me = me
        self.names = names
        self.match = match
        self.send = send
        self.drawn = drawn  # the dialog is drawn again (the feature's)
        self.keep = keep
        self.round: Round | None = None
        self.scored: DuelMatch | None = None  # the match the hands are part of
        self.number = 0  # the hand under way or last played (0: none yet)
        self.deal_text = ""  # the host's deal of this hand (sent again to a friend who lost it)
        self.acked = False  # the host heard the friend has this hand over: it may deal
        self.told_ready = False  # the friend told the host this hand is over
        self.restoring = False  # the kept hand is being replayed
        self.waiting: list[str] = []  # texts heard meanwhile
        self.pumping = False
        self.problem = ""  # the words of the last refusal (a move, a message)
        self.perf: list[Cost] = []  # per hand
        self.over = False  # the connection ended: nothing more is sent

    def view(self) -> HandView | None:
        if self.restoring:
            words = f"Taking up hand {self.number} with {self.names[1 - self.me]} where it stood…"
            return HandView(status=words, result="")
        if self.round is None:
            return None
        return hand_view(seen(self.round), self.names, self.me, self.round.stopped, self.scored)

    def kept(self) -> keep.Kept:
        r = self.round
        return keep.Kept(
            match=self.match,
            me=self.me,
            names=self.names,
            number=self.number,
            scored=self.scored.dumps() if self.scored is not None else "",
            hand=r.record() if r is not None else "",
            deal=self.deal_text,
            acked=self.acked,
            stopped=r.stopped if r is not None else "",
        )

    def save(self) -> None:
        self.keep(keep.dumps(self.kept()))

    def can_deal(self) -> bool:
        """The host deals when no hand is under way: the first, or the last one over on both
        devices (or stopped)."""
        if self.me != 0 or self.over or self.restoring:
            return False
        r = self.round
        return r is None or bool(r.stopped) or (r.over() and self.acked)

    def deal(self, rules: Rules) -> None:
        """The host starts the next hand of the match (a new match on ``rules`` if none is under
        way); the match says who deals (the host first, then as the rules say) and the scores."""
        if self.scored is None or self.scored.over:
            self.scored = DuelMatch(rules, 0)
        hand = self.scored.hand()
        self.number = hand.number
        self.deal_text = talk.deal(hand.number, hand.rules, hand.dealer, hand.scores)
        self.round = Round(hand)
        self.acked = False
        self.perf.append(Cost(self.number))
        self.save()
        self.send(self.deal_text)
        dom.spawn(self.pump())

    def heard(self, text: str) -> None:
        """A message after the hello: a deal (the friend's page), a ``ready`` (the host's), a
        ``resume`` after a new connection, or the duel's."""
        kind = talk.kind(text)
        if self.restoring:
            self.waiting.append(text)
        elif kind == "deal":
            self.dealt(text)
        elif kind == "ready":
            self.readied(text)
        elif kind == "resume" and self.round is not None:
            self.send_all(self.round.resync(text))
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
            scored = self.scored if number > 1 and self.scored is not None else DuelMatch(rules, 1)
            scored.check_deal(number, rules, dealer, scores)
            self.round, self.scored = Round(scored.hand()), scored
        except (talk.TalkError, GinError) as e:
            self.problem = f"A deal was refused: {e}."
            self.drawn()
            return
        self.number, self.told_ready = number, False
        self.perf.append(Cost(number))
        self.save()
        dom.spawn(self.pump())

    def readied(self, text: str) -> None:
        try:
            number = talk.ready_of(text)
        except talk.TalkError as e:
            self.problem = f"A message was refused: {e}."
            number = -1
        if self.me == 0 and number == self.number and not self.acked:
            self.acked = True
            self.save()
        self.drawn()

    def tell_ready(self) -> None:
        """The friend's device tells the host its hand is over (once per hand and connection)."""
        r = self.round
        if self.me == 1 and r is not None and r.over() and not r.stopped and not self.told_ready:
            self.told_ready = True
            self.send(talk.ready(self.number))

    def send_all(self, texts: list[str]) -> None:
        """Keep the step (the hand's outcome in the match once verified), then send its texts."""
        r, scored = self.round, self.scored
        if (
            r is not None
            and scored is not None
            and r.hand.stage is DuelStage.DONE
            and scored.number < r.hand.number
        ):
            scored.finish(r.hand)
        self.save()
        for t in texts:
            self.send(t)
        self.problem = self.round.refused[-1] if self.round is not None and self.round.refused else ""
        self.tell_ready()
        self.drawn()

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
                self.send_all(texts)
        finally:
            self.pumping = False

    def measure(self, slices: list[float]) -> None:
        self.perf[-1].add(slices)
        dom.window.ginFriendPerf = json.dumps([c.data() for c in self.perf])

    def play(self, action: Action) -> None:
        """Play your move, made on the table (``IllegalAction`` if refused: nothing sent)."""
        if self.round is None or self.restoring:
            raise LookupError("no hand with the friend is under way")
        texts = self.round.play(action)
        self.send_all(texts)
        dom.spawn(self.pump())

    # ----- a match taken up again on a new connection ----------------------------------------

    async def take_up(self, kept: keep.Kept, their_hand: int) -> None:
        """The kept match (the same as the other device's, by its hello): its hand replayed in
        slices, then each device sends the other what it missed (``resume``), or the host its
        deal of a hand the friend never had."""
        self.number, self.deal_text, self.acked = kept.number, kept.deal, kept.acked
        try:
            self.scored, record = (load_duel_match(kept.scored) if kept.scored else None), kept.hand
        except GinError as e:
            self.problem = f"The kept match could not be taken up ({e}): the host may deal a new one."
            record = ""
        if record:
            self.restoring = True
            self.drawn()
            try:
                done = await dom.in_slices(Round.restored(record, kept.stopped), lambda: not self.over)
            except GinError as e:
                done = None
                self.problem = f"The kept hand could not be taken up ({e}): the host may deal a new one."
            self.restoring = False
            self.round = done[0] if done is not None else None
            self.perf.append(Cost(self.number))
        self.rejoin(their_hand)
        waiting, self.waiting = self.waiting, []
        for text in waiting:
            self.heard(text)
        self.drawn()

    def rejoin(self, their_hand: int) -> None:
        """What this device sends first on the new connection (see :meth:`take_up`)."""
        r = self.round
        if r is None:
            return
        if r.hand.number <= their_hand:
            self.send(r.hand.resume_text())
        elif self.me == 0 and r.hand.number == their_hand + 1:
            self.send(self.deal_text)
            self.send_all(r.replay_all())
        else:
            self.problem = f"The other device is at hand {their_hand}, this one at {r.hand.number}."
        self.tell_ready()
        dom.spawn(self.pump())
