"""The cost of a fair deal between two devices: two peers (gin_core.duel) in one process play
hands to a verified end; per device and hand: the work (scalar multiplications), its time, and
the longest slice between two yields (what a page's frame would wait for). Then the cost of
taking a hand up again after a reload at its most (its whole record replayed: gin_core.duel.resume).

    .venv/bin/python scripts/bench_duel.py [HANDS] [SEED]        # CPython
    node scripts/bench_duel_pyodide.mjs [HANDS] [SEED]           # the same inside Pyodide

Every hand is checked to end verified on both devices with the same result (thousands of hands:
a soak of the protocol, too long for the test suite).
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Generator

from gin_core import Rules
from gin_core.actions import ENDING
from gin_core.cards import CARDS
from gin_core.duel import DuelHand, DuelStage, load_record, record_of, resumed
from gin_core.duel.curve import card_point, multiply
from gin_core.duel.deal import new_key


def cpu_time() -> float:
    """This process's CPU time; in Pyodide the wall clock (its process clock is a 32-bit count
    of microseconds there, which overflows after about 36 minutes: a 1,000-hand soak raised
    ``RuntimeError`` there)."""
    return time.perf_counter() if sys.platform == "emscripten" else time.process_time()


class Meter:
    """Runs a peer's work a slice (one unit) at a time, timing each slice."""

    def __init__(self) -> None:
        self.units = 0
        self.seconds = 0.0
        self.longest = 0.0
        self.longest_cpu = 0.0  # the process's own time: a busy machine's pauses left out

    def run(self, work: Generator[int, None, list[str]]) -> list[str]:
        while True:
            start, cpu = time.perf_counter(), cpu_time()
            try:
                self.units += next(work)
            except StopIteration as done:
                self.note(start, cpu)
                out: list[str] = done.value
                return out
            self.note(start, cpu)

    def note(self, start: float, cpu: float) -> None:
        spent = time.perf_counter() - start
        self.seconds += spent
        self.longest = max(self.longest, spent)
        self.longest_cpu = max(self.longest_cpu, cpu_time() - cpu)


def play(seed: int, dealer: int) -> tuple[list[Meter], list[DuelHand]]:
    """One hand to its verified end; the meters and the peers of both devices."""
    rng = random.Random(seed)
    peers = [DuelHand(Rules(), 0, dealer), DuelHand(Rules(), 1, dealer)]
    meters = [Meter(), Meter()]
    wire = [(dealer, t) for t in meters[dealer].run(peers[dealer].start())]
    while not all(p.stage is DuelStage.DONE for p in peers):
        if wire:
            sender, raw = wire.pop(0)
            wire += [(1 - sender, t) for t in meters[1 - sender].run(peers[1 - sender].receive(raw))]
            continue
        (peer,) = [p for p in peers if p.legal_actions()]
        acts = peer.legal_actions()
        wire += [(peer.me, t) for t in peer.play(rng.choice([a for a in acts if a.kind in ENDING] or acts))]
    assert peers[0].settlement == peers[1].settlement and peers[0].dead == peers[1].dead
    return meters, peers


def taken_up(peer: DuelHand) -> Meter:
    """The meter of replaying ``peer``'s whole record (its text read back first), checked to
    stand where the peer stood."""
    meter = Meter()
    replay = resumed(load_record(record_of(peer).dumps()))
    while True:
        start, cpu = time.perf_counter(), cpu_time()
        try:
            meter.units += next(replay)
        except StopIteration as done:
            meter.note(start, cpu)
            assert done.value.texts == peer.texts and done.value.stage is peer.stage
            return meter
        meter.note(start, cpu)


def one_multiplication(repeats: int = 200) -> float:
    """The least time of one scalar multiplication over ``repeats`` (the least is the machine's
    speed; a busy machine only adds to it)."""
    point, key = card_point(CARDS[0]), new_key()
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        multiply(key, point)
        best = min(best, time.perf_counter() - start)
    return best


def main(hands: int = 3, seed: int = 0) -> None:
    print(f"Python {sys.version.split()[0]} on {sys.platform}: {hands} hands")
    unit = one_multiplication()
    print(f"one multiplication: {unit * 1000:.2f} ms at least (of 200)")
    rows, again = [], []
    for n in range(hands):
        meters, peers = play(seed + n, n % 2)
        rows.append((meters[n % 2], meters[1 - n % 2]))
        again.append((taken_up(peers[n % 2]), taken_up(peers[1 - n % 2])))
    report(rows, unit, hands)
    print("taken up again after a reload, at the hand's end (the whole record replayed):")
    report(again, unit, hands)


def report(rows: list[tuple[Meter, Meter]], unit: float, hands: int) -> None:
    for role, i in (("dealer", 0), ("other", 1)):
        units = sum(r[i].units for r in rows) / hands
        seconds = sum(r[i].seconds for r in rows) / hands
        longest = max(r[i].longest for r in rows)
        longest_cpu = max(r[i].longest_cpu for r in rows)
        print(
            f"{role:7s}: {units:5.1f} multiplications a hand, {seconds * 1000:7.1f} ms of work a hand, "
            f"longest slice {longest * 1000:5.1f} ms ({longest_cpu * 1000:.1f} ms of CPU); "
            f"{units * unit * 1000:5.0f} ms at the least multiplication's time"
        )


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
