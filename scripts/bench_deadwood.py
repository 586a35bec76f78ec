"""Where expert's guesses of the gin hunter's deadwood go wrong: one variant of the sampler per
candidate cause, measured at the same knock chances.

Plays ``simple`` against the arena's gin hunter (``hunter``) over matches to 100 under ``eaai``
and, at each of simple's turns where a knock short of gin is allowed, guesses the hunter's hand
(``GUESSES`` guesses, expert's inference with the waiting habit learnt from the match) once per
variant: expert's own; without the likelihood of the takes, throws and passes; with the same
chance of holding every unseen card (no history-based weights); without fading old evidence;
replaying none or twice the stock draws; without the discount of hands that could have knocked;
and with the deadwood the hunter showed at earlier showdowns pulling the guesses toward it
(:mod:`gin_core.bots.deadwood_shown`). Prints, per variant, the mean guessed deadwood against the
hunter's real one, over every knock chance and over those after the match's first hand. Usage:
``python scripts/bench_deadwood.py [--matches N] [--seed S]``.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from bench_knocks import knock_chances  # scripts/ is on the path of a script

from gin_core.arrange import min_deadwood
from gin_core.bots.knowledge import Knowledge
from gin_core.bots.sampler import Inference, guesses
from gin_core.bots.search import ExpertBot
from gin_core.cards import mask_of
from gin_core.view import PlayerView

GUESSES = 160

Holding = Callable[[Knowledge], list[float]]


def uniform(know: Knowledge) -> list[float]:
    """Every unseen card equally likely in the opponent's hand (known cards certain)."""
    unseen = know.unseen.bit_count() or 1
    share = know.opp_unknown / unseen
    return [1.0 if know.known >> i & 1 else share if know.unseen >> i & 1 else 0.0 for i in range(52)]


def history(know: Knowledge) -> list[float]:
    return know.holding()


@dataclass
class Variant:
    """One way of guessing, and the guessed and real deadwood summed over knock chances (all,
    and after the match's first hand)."""

    tweak: Callable[[Inference], Inference]
    holding: Holding = history
    sums: list[float] = field(default_factory=lambda: [0.0, 0.0, 0.0, 0.0, 0.0, 0.0])

    def ask(self, view: PlayerView, real: int, seed: int) -> None:
        know = Knowledge.of(view)
        inference = self.tweak(ExpertBot(seed=3).settings_for(view).inference)
        found = guesses(know, self.holding(know), GUESSES, random.Random(seed), inference)
        guessed = sum(min_deadwood(hand) for hand, _ in found) / len(found)
        for k in (0, 3) if view.records else (0,):
            self.sums[k] += 1
            self.sums[k + 1] += guessed
            self.sums[k + 2] += real

    def line(self, name: str) -> str:
        parts = []
        for k, label in ((0, "all"), (3, "later hands")):
            n = self.sums[k] or 1.0
            parts.append(
                f"{label}: {self.sums[k]:.0f} chances, guessed {self.sums[k + 1] / n:.1f} "
                f"v real {self.sums[k + 2] / n:.1f}"
            )
        return f"{name:>12}: " + "; ".join(parts)


def without_showdowns(inference: Inference) -> Inference:
    return replace(inference, showdowns=())


VARIANTS: dict[str, Variant] = {
    "expert": Variant(without_showdowns),
    "no evidence": Variant(
        lambda i: replace(without_showdowns(i), passed_melds=1.0, threw_melds=1.0, took_loose=1.0)
    ),
    "no history": Variant(without_showdowns, uniform),
    "not faded": Variant(lambda i: replace(without_showdowns(i), timed=False)),
    "replay 0": Variant(lambda i: replace(without_showdowns(i), replay=0.0)),
    "replay 2": Variant(lambda i: replace(without_showdowns(i), replay=2.0)),
    "no waiting": Variant(lambda i: replace(without_showdowns(i), could_knock=1.0)),
    "showdowns": Variant(lambda i: i),
}


def measure(matches: int, seed: int) -> None:
    """Feed every variant the knock chances of ``matches`` matches of simple against hunter."""
    for chance, (view, hunter) in enumerate(knock_chances(matches, seed)):
        real = min_deadwood(mask_of(hunter.hand))
        for variant in VARIANTS.values():
            variant.ask(view, real, chance + 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    measure(args.matches, args.seed)
    for name, variant in VARIANTS.items():
        print(variant.line(name))


if __name__ == "__main__":
    main()
