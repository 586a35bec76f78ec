"""Engine benchmark: ``python -m gin_core.tools.bench``. Prints figures; asserts nothing.

* best arrangement (minimum deadwood) of random 10-card hands, cache cleared, mean µs;
* the same through the public :func:`best_arrangement` (builds the Meld objects);
* best discard of random 11-card hands (deadwood after every discard), mean µs;
* full hands of random play (uniform over legal actions, knocking whenever legal) per second.

``--think LEVEL`` instead times a bot's searched decisions against ``simple`` in CPU time
(immune to other processes): the whole run, each decision, and its longest slice, i.e. the
longest the page would be frozen, plus the garbage collector's pauses; and a digest of the
decisions, so a speed-up can be shown to leave every decision unchanged.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import random
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

from ..arrange import best_arrangement, discard_deadwoods, least_discard, min_deadwood
from ..cards import cards_of
from ..match import Match
from ..presets import preset
from ..scoring import knock_points

if TYPE_CHECKING:
    from ..actions import Action
    from ..bots.base import Bot
    from ..view import PlayerView

T = TypeVar("T")


def _hands(rng: random.Random, size: int, n: int) -> list[int]:
    return [sum(1 << i for i in rng.sample(range(52), size)) for _ in range(n)]


def _per_call_us(fn: Callable[[T], object], items: Sequence[T]) -> float:
    start = time.perf_counter()
    for item in items:
        fn(item)
    return (time.perf_counter() - start) / len(items) * 1e6


def random_play_hands(seconds: float, rules_name: str = "eaai", seed: int = 1) -> tuple[int, float]:
    """Play random hands for about ``seconds``; returns (hands, elapsed)."""
    rng = random.Random(seed)
    rules = preset(rules_name).replace(target=None)
    hands = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        match = Match(rules, seed=rng.getrandbits(35))
        while match.result is None:
            actions = match.legal_actions()
            ends = [a for a in actions if a.kind in ("knock", "gin", "big_gin")]
            match.apply(ends[0] if ends else rng.choice(actions))
        hands += 1
    return hands, time.perf_counter() - start


def sliced_decision(
    bot: Bot, view: PlayerView, clock: Callable[[], float] = time.process_time
) -> tuple[Action, list[float]]:
    """A bot's decision and the time of each slice of its thinking by ``clock`` (seconds of
    CPU by default; ``scripts/page_think.py`` times the wall clock, as the page does)."""
    thinking, slices = bot.think(view), []
    while True:
        t = clock()
        try:
            next(thinking)
        except StopIteration as done:
            slices.append(clock() - t)
            return done.value.action, slices
        slices.append(clock() - t)


def think_figures(level: str, decisions: int, seed: int = 5) -> str:
    """Time ``decisions`` searched decisions of ``level`` (ones that yield at least once)."""
    from ..bots import make_bot

    pauses: dict[int, list[float]] = {0: [], 1: [], 2: []}
    started = [0.0]

    def timed(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started[0] = time.process_time()
        else:
            pauses[info["generation"]].append(time.process_time() - started[0])

    rng, digest = random.Random(seed), hashlib.sha256()
    bot, simple = make_bot(level, seed=3), make_bot("simple", seed=4)
    busy: list[float] = []
    longest: list[float] = []
    gc.callbacks.append(timed)
    start = time.process_time()
    try:
        while len(busy) < decisions:
            match = Match(preset("eaai").replace(target=None), seed=rng.getrandbits(30))
            while (player := match.to_move) is not None and len(busy) < decisions:
                view = match.view(player)
                if player == 1:
                    match.apply(simple.decide(view).action)
                    continue
                action, slices = sliced_decision(bot, view)
                digest.update(str(action).encode())
                match.apply(action)
                if len(slices) > 1:
                    busy.append(sum(slices) * 1000)
                    longest.append(max(slices) * 1000)
    finally:
        gc.callbacks.remove(timed)
    total = time.process_time() - start
    busy.sort()
    longest.sort()

    def pct(xs: list[float], q: float) -> float:
        return xs[min(len(xs) - 1, int(len(xs) * q))]

    lines = [
        f"{level}: {len(busy)} searched decisions, {total:.2f} s CPU in all (with the opponent's)",
        f"decision      mean {sum(busy) / len(busy):6.1f} ms  p95 {pct(busy, 0.95):6.1f} ms"
        f"  max {busy[-1]:6.1f} ms",
        f"longest slice p50  {pct(longest, 0.5):6.1f} ms  p95 {pct(longest, 0.95):6.1f} ms"
        f"  max {longest[-1]:6.1f} ms",
    ]
    for generation, times in pauses.items():
        if times:
            lines.append(
                f"gc gen {generation}: {len(times):4d} pauses, "
                f"mean {1000 * sum(times) / len(times):5.2f} ms, max {1000 * max(times):5.2f} ms"
            )
    lines.append(f"decisions digest {digest.hexdigest()[:16]}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=20000, help="hands per arrangement figure")
    parser.add_argument("--seconds", type=float, default=5.0, help="random-play duration")
    parser.add_argument("--think", metavar="LEVEL", help="time this bot's decisions instead")
    parser.add_argument("--decisions", type=int, default=150, help="searched decisions to time")
    args = parser.parse_args(argv)
    if args.think:
        print(think_figures(args.think, args.decisions))
        return
    rng = random.Random(2024)
    ten, eleven = _hands(rng, 10, args.n), _hands(rng, 11, args.n)
    raw = min_deadwood.__wrapped__
    print(f"min deadwood, 10 cards      {_per_call_us(raw, ten):7.2f} µs/hand")
    print(f"min deadwood, 11 cards      {_per_call_us(raw, eleven):7.2f} µs/hand")
    public = _per_call_us(lambda h: best_arrangement(cards_of(h)), ten[:5000])
    print(f"best_arrangement, 10 cards  {public:7.2f} µs/hand")
    print(f"every discard, 11 cards     {_per_call_us(discard_deadwoods, eleven):7.2f} µs/hand")
    print(f"least discard, 11 cards     {_per_call_us(least_discard, eleven):7.2f} µs/hand")
    rules = preset("eaai")
    pairs = list(zip(ten[::2], ten[1::2], strict=False))  # an odd last hand has no pair
    pairs = [(a, b) for a, b in pairs if not a & b]
    knock = _per_call_us(lambda p: knock_points(p[0], p[1], rules), pairs)
    print(f"knock points, 10 v 10 cards {knock:7.2f} µs/knock")
    hands, elapsed = random_play_hands(args.seconds)
    print(f"random play (eaai)          {hands / elapsed:7.0f} hands/s ({hands} hands)")


if __name__ == "__main__":
    main()
