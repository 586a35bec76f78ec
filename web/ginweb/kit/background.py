"""Work the player never waits for (the features' jobs, ``port.Background.jobs``: an analysis of a
finished hand, a replay of a deal by a stronger level) runs here: in slices, one per frame, only
while the table is idle (never while the computer thinks, a card moves or the showdown is
shown), each job once.

A job is a generator with the bots' slicing protocol (it yields after each slice of a few ms
and returns its result). :class:`Jobs` is the pure queue (tested in CPython); the table's turns
(``table/dom/turns.py``) drive it between frames. A job wrapped in :func:`while_current` stops at
its next slice once what it works for is gone (a turn played, a match left) and is then dropped
unreported, never counted done, so it is queued again should it become current again.

A key may be shared: whoever asks for a job already queued under it is told too when it is done,
and the last few results are kept, so whoever asks once it is finished has it at once (the
verdicts of your turn, worked out once whichever asks first: the tutor or the hint).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any

Slices = Generator[object, None, Any]  # a job: resumed once per slice, returns its result

SLICE_MS = 8.0
"""How long one slice of thinking (the computer's, the hint's, a feature's job)
runs before the page paints and reads input again: the engine ends a slice once it has run this
long (``gin_core.bots.base.Work``), however slow the machine. It moves only the pauses, never a
decision."""


KEPT = 4
"""How many finished jobs' results are kept for a later asker of the same key."""

MISSING = object()
"""What :meth:`Jobs.result` returns for a key whose result is not kept."""

STALE = object()
"""What :func:`while_current` returns once its job is no longer wanted."""


def while_current(work: Slices, current: Callable[[], bool]) -> Slices:
    """``work``'s slices while ``current()`` holds; :data:`STALE` once it stops holding (the
    values of a turn already played, the analysis of a match left, are not finished for nothing)."""
    while current():
        try:
            yield next(work)
        except StopIteration as end:
            return end.value
    work.close()
    return STALE


@dataclass
class Job:
    key: str
    work: Slices
    done: list[Callable[[Any], None]]


class Jobs:
    def __init__(self) -> None:
        self.queue: list[Job] = []
        self.finished: set[str] = set()
        self.results: dict[str, Any] = {}  # the last KEPT results by key

    def add(self, key: str, work: Slices, done: Callable[[Any], None]) -> bool:
        """Queue ``work`` under ``key`` unless that job is queued or finished; ``done`` gets
        its result. False if it was already there (the generator is then closed unused): ``done``
        is then told with the job queued (once, however often it asks) or at once with the
        result kept."""
        queued = next((j for j in self.queue if j.key == key), None)
        if queued is None and key not in self.finished:
            self.queue.append(Job(key, work, [done]))
            return True
        work.close()
        if queued is not None and done not in queued.done:
            queued.done.append(done)
        elif queued is None and key in self.results:
            done(self.results[key])
        return False

    def first(self, key: str) -> None:
        """Run the job under ``key`` before the others (someone waits for it)."""
        self.queue.sort(key=lambda j: j.key != key)

    def result(self, key: str) -> Any:
        """The kept result of the job under ``key``, or :data:`MISSING`."""
        return self.results.get(key, MISSING)

    def step(self) -> bool:
        """Run one slice of the first job (its ``done`` is called when it returns, unless it
        returned :data:`STALE`). True while work remains."""
        if not self.queue:
            return False
        job = self.queue[0]
        try:
            next(job.work)
        except StopIteration as end:
            self.queue.pop(0)
            if end.value is not STALE:
                self.finished.add(job.key)
                self.results[job.key] = end.value
                while len(self.results) > KEPT:
                    del self.results[next(iter(self.results))]
                for done in job.done:
                    done(end.value)
        return bool(self.queue)
