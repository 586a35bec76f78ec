"""Engine benchmark: ``python -m gin_core.bench``. Prints figures; asserts nothing.

* best arrangement (minimum deadwood) of random 10-card hands, cache cleared, mean µs;
* the same through the public :func:`best_arrangement` (builds the Meld objects);
* best discard of random 11-card hands (deadwood after every discard), mean µs;
* full hands of random play (uniform over legal actions, knocking whenever legal) per second.
"""

from __future__ import annotations

import argparse
import random
import time

from .arrange import best_arrangement, discard_deadwoods, least_discard, min_deadwood
from .cards import cards_of
from .match import Match
from .presets import preset
from .scoring import knock_points


def _hands(rng: random.Random, size: int, n: int) -> list[int]:
    return [sum(1 << i for i in rng.sample(range(52), size)) for _ in range(n)]


def _per_call_us(fn, items) -> float:
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


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=20000, help="hands per arrangement figure")
    parser.add_argument("--seconds", type=float, default=5.0, help="random-play duration")
    args = parser.parse_args(argv)
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
    pairs = list(zip(ten[::2], ten[1::2]))
    pairs = [(a, b) for a, b in pairs if not a & b]
    print(f"knock points, 10 v 10 cards {_per_call_us(lambda p: knock_points(p[0], p[1], rules), pairs):7.2f} µs/knock")
    hands, elapsed = random_play_hands(args.seconds)
    print(f"random play (eaai)          {hands / elapsed:7.0f} hands/s ({hands} hands)")


if __name__ == "__main__":
    main()
