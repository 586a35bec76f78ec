"""The computer's turns, the showdown and the hint: the parts of play that take time.

The computer thinks on its own view in slices between frames (``dom.in_slices``), then its
move is paced so a person can follow it; a finished hand is shown in steps (hands laid out,
each lay-off, the result). Any change of the table (a new match, an undo) bumps the session's
epoch, which abandons whatever was under way. Everything shown goes through ``render`` (the
presenter and the writers); this module only decides *when*.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Protocol

import js

from gin_core import Card, Phase, PlayerView, Settlement
from gin_core.analysis import Judged, ranked

from ...kit import dom
from ...kit.background import MISSING, Jobs, while_current
from ...words import narrate
from .. import judgement
from ..session import Session
from ..tablestate import Motion, Stage

# Pauses (ms at normal speed) that let a person follow the computer and the showdown.
PACE = {"draw": 650, "discard": 800, "reveal": 1100, "layoff": 700, "after": 350}
SPEED = {"normal": 1.0, "fast": 0.4}
PERF_KEPT = 1000


class Show(Protocol):
    """What the turns need of the screen."""

    def render(self, motion: Motion = Motion.MOVE) -> None: ...
    def texts(self) -> None: ...
    def announce(self, text: str) -> None: ...
    def notice(self, text: str, kind: str, ms: int) -> None: ...
    def later(self, fn: Callable[[], None]) -> None: ...


class HintBox(Protocol):
    def hint_open(self, view: PlayerView) -> None: ...
    def hint_show(self, moves: Sequence[Judged], top: Card | None) -> None: ...
    def close_hint(self) -> None: ...


class Turns:
    def __init__(self, session: Session, show: Show, box: HintBox, fast: Callable[[], bool]) -> None:
        self.session = session
        self.show = show
        self.box = box
        self.fast = fast
        self.driving = False
        self.hinting = False
        self.perf: list[dict[str, object]] = []
        self.jobs = Jobs()  # background work: the features' (background.py)
        self.working = False
        self.match_ended: Callable[[], object] = lambda: None  # the match result is shown (app.py)

    def pace(self, name: str) -> float:
        if self.fast():
            return 0
        return PACE[name] * SPEED.get(self.session.settings.speed, 1.0)

    def kick(self) -> None:
        """Let the computer play (or the showdown run) if it is its time."""
        self.work()
        if not self.driving:
            self.driving = True
            dom.spawn(self.drive())

    async def drive(self) -> None:
        try:
            while True:
                s = self.session
                epoch = s.epoch
                if s.reads.ended() and s.ui.stage < Stage.RESULT and not s.ui.handover:
                    await self.showdown(epoch)
                    if epoch != s.epoch:
                        continue
                seat = s.reads.computer_seat()
                if seat is None:
                    return
                await self.computer_turn(epoch, seat)
        finally:
            self.driving = False
            self.work()

    async def computer_turn(self, epoch: int, seat: int) -> None:
        """The computer's move at ``seat`` (at two, seat 1), thought on its own view, paced
        as the player follows it (a game the player does not play, more briskly)."""
        s = self.session
        view = s.reads.computer_view(seat)
        s.computer_thinks()
        self.show.texts()
        t0 = dom.now()
        done = await dom.in_slices(s.bot.think(view), lambda: epoch == s.epoch)
        if done is None:
            return
        decision, slices = done
        total = dom.now() - t0
        self.measure(view.phase, total, slices)
        watched = s.reads.seated is not None and not s.reads.seated.against(seat)
        pace = "after" if watched else "discard" if view.phase == Phase.DISCARD else "draw"
        wait = self.pace(pace) - total
        if wait > 0:
            await dom.pause(wait)
        if epoch != s.epoch:
            return
        s.computer_plays(decision.action, narrate.reason_words(decision.reason), seat)
        self.show.render()
        self.show.later(s.kept.flush)
        if not watched:
            self.said_played()
        await dom.pause(self.pace("after"))

    def said_played(self) -> None:
        """The computer's move in your game, and what you may do now, for a screen reader."""
        s = self.session
        if s.ui.handover or s.reads.sits_out:
            return
        move = s.game.log[-1].text if s.reads.seated is not None else narrate.computer_move(s.match)
        self.show.announce(f"{move}. {s.reads.said(narrate.status_text(s.reads.view(), False, spoken=True))}")

    def measure(self, phase: str, total: float, slices: list[float]) -> None:
        """Keep each decision's timing for the browser benchmark (window.ginPerfJSON)."""
        self.perf.append(
            {
                "level": self.session.bot.name,
                "phase": str(phase),
                "ms": round(total, 2),
                "busy_ms": round(sum(slices), 2),
                "max_slice_ms": round(max(slices), 2),
                "slices": len(slices),
            }
        )
        del self.perf[:-PERF_KEPT]
        js.window.ginPerfJSON = json.dumps(self.perf)

    async def showdown(self, epoch: int) -> None:
        """Show the finished hand in steps: laid out, each lay-off, the result."""
        s = self.session
        if s.reads.sits_out:  # a game watched: its result at once (every seat sees it)
            s.reach(Stage.RESULT)
            self.show.render()
            return
        v = s.reads.view()
        sd = v.showdown.settlement if v.showdown else None
        if sd is not None and not await self.lay_out(sd, epoch):
            return
        s.reach(Stage.RESULT)
        self.show.render()
        self.show.announce(s.reads.said(narrate.hand_spoken(v)))
        self.work()
        if (
            v.result is not None
            and not s.reads.practicing
            and s.reads.seated is None
            and await self.wait("reveal", epoch)
        ):
            self.match_ended()

    async def lay_out(self, sd: Settlement, epoch: int) -> bool:
        """The hands laid out, then each lay-off in turn; False if the table changed meanwhile."""
        s = self.session
        if s.ui.stage < Stage.LAID_OUT:
            s.reach(Stage.LAID_OUT)
            self.show.render()
            self.show.announce(s.reads.said(narrate.settlement_lines(sd, spoken=True)[0]))
            if not await self.wait("reveal", epoch):
                return False
        if not sd.layoffs or s.ui.stage >= Stage.LAYING_OFF:
            return True
        for k in range(1, len(sd.layoffs) + 1):
            s.reach(Stage.LAYING_OFF, k)
            self.show.render()
            if not await self.wait("layoff", epoch):
                return False
        return True

    async def wait(self, pace: str, epoch: int) -> bool:
        """Pause; False if the table changed meanwhile."""
        await dom.pause(self.pace(pace))
        return epoch == self.session.epoch

    def idle(self) -> bool:
        """Nothing the player waits for is under way: the computer is not thinking or moving,
        no showdown is being shown (the hint waits for a job: ``judged``)."""
        stage = self.session.ui.stage
        return not self.driving and stage in (Stage.LIVE, Stage.RESULT)

    def work(self) -> None:
        """Queue the background work the features want now (``port.Background.jobs``) and run the
        queue, a slice per frame while the table is idle."""
        for f in self.session.plugs.background:
            for key, work, done in f.jobs(self.known):
                self.jobs.add(key, work, done)
        self.run()

    def run(self) -> None:
        """Run the queue of background work, unless it runs already."""
        if not self.working and self.jobs.queue:
            self.working = True
            dom.spawn(self.run_jobs())

    def known(self, key: str) -> bool:
        return key in self.jobs.finished or any(j.key == key for j in self.jobs.queue)

    async def run_jobs(self) -> None:
        try:
            while self.jobs.queue:
                if self.idle():
                    self.jobs.step()
                    await dom.pause(0)
                else:
                    await dom.pause(150)
        finally:
            self.working = False

    def ask_hint(self) -> None:
        dom.spawn(self.hint())

    async def hint(self) -> None:
        """Show the moves of your turn best first, as the hand's analysis will judge them."""
        s = self.session
        if self.hinting:
            return
        if not s.reads.deciding():
            self.show.notice("Hints are for your turn.", "info", 3000)
            return
        self.hinting = True
        try:
            view = s.reads.view()
            self.box.hint_open(view)
            found = await self.judged()
            if found is None:
                self.box.close_hint()
                return
            moves = ranked(found)
            self.box.hint_show(moves, view.top)
            s.hinted(narrate.hint_target(moves[0].verdict.played) if moves else None)
            self.show.render(Motion.NONE)
        finally:
            self.hinting = False

    async def judged(self) -> tuple[Judged, ...] | None:
        """The verdicts of your moves this turn: at once if the tutor's job already found them,
        else its job (the turn's shared key: ``table/judgement.py``) run before any other while
        you wait; None if the turn ends first."""
        s = self.session
        key = self.turn_key()
        while key is not None and key == self.turn_key():
            found = self.jobs.result(key)
            if found is not MISSING:
                return found  # type: ignore[no-any-return]
            if not self.known(key):
                match = None if s.state.remote else s.game.match
                work = judgement.judging(match, s.reads.view(), s.reads.progress(), s.game.bot_seed)
                self.jobs.add(key, while_current(work, lambda: key == self.turn_key()), lambda _: None)
            self.jobs.first(key)
            self.run()
            await dom.pause(40)
        return None

    def when_judged(self, then: Callable[[], None]) -> None:
        """Call ``then`` once the verdicts of your turn are known (worked out before any other
        background work: a move of yours waits for them, moves.py's ``held``); never if the
        turn ends first."""

        async def wait() -> None:
            if await self.judged() is not None:
                then()

        dom.spawn(wait())

    def turn_key(self) -> str | None:
        """The key of your turn's verdicts (None: not your turn)."""
        s = self.session
        if not s.reads.deciding():
            return None
        return judgement.turn_key(s.game.uid, s.epoch, s.reads.progress())
