"""How far the expert's guesses of the opponent's hand are from the real one, per opponent
(issue 46): a knock's undercut risk and a wait's value are both only as good as these guesses.

    nice -n 19 python scripts/guess_bias.py --opponent hunter --matches 30 --bot expertad --variant replay=2
    nice -n 19 python scripts/guess_bias.py --opponent simple --matches 30 --bot expertad --variant replay=2
    nice -n 10 python scripts/guess_bias.py --opponent hard0 --matches 30 --variant threw_worse=0.5

Matches to 100 under ``eaai`` of the standard level (seat 0) against ``--opponent`` are played;
at every turn of seat 0 where a knock short of gin is allowed, the expert's sampler (with the
settings the expert learns from the match so far) guesses the opponent's hand, and this script,
which sees the real hand, prints the mean of (guessed deadwood - real deadwood) and of (the share
of guesses that undercut standard's best knock - whether the real hand undercuts it), with 95%
intervals, for all chances and by stock left; and how sharp the guesses are: that undercut
error's mean square and the share of the opponent's unknown cards a guess holds. Each ``--bot
NAME`` (an arena bot of the search, with the settings it learns from the match) and each
``--variant name=value`` (the expert's with one ``Inference`` field changed) is measured on the
same chances and seeds. The learnt risk (``undercut_risk``) is printed against the real rate too.
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Iterator
from dataclasses import dataclass, replace

from turns import turns

from gin_core import Match, preset
from gin_core.actions import Action, ActionKind
from gin_core.arrange import min_deadwood
from gin_core.bots.knowledge import Knowledge
from gin_core.bots.rollout import score
from gin_core.bots.sampler import Inference, guesses
from gin_core.bots.search import ExpertBot, SearchBot
from gin_core.bots.standard import best_knock
from gin_core.bots.undercut_risk import undercut_risk
from gin_core.cards import Mask, mask_of
from gin_core.tools.opponents import arena_bot, arena_names
from gin_core.view import PlayerView

GUESSES = 160
BANDS = (("early (stock 20+)", 20, 99), ("middle (12-19)", 12, 19), ("late (under 12)", 0, 11))


@dataclass(frozen=True)
class Chance:
    """A knock chance of seat 0: its view, standard's best knock, the opponent's real hand."""

    view: PlayerView
    knock: Action
    real: Mask


def chances(opponent: str, matches: int) -> Iterator[Chance]:
    """Every knock chance (short of gin) of standard against ``opponent`` in ``matches`` matches."""
    for seed in range(matches):
        bots = (arena_bot("standard", seed), arena_bot(opponent, seed + 1))
        match = Match(preset("eaai"), seed=seed)
        for player, view, _ in turns(match, bots):
            kinds = {a.kind for a in view.legal_actions}
            if player == 0 and ActionKind.KNOCK in kinds and not kinds & {ActionKind.GIN, ActionKind.BIG_GIN}:
                knock = best_knock(view, Knowledge.of(view))
                if knock is not None:
                    yield Chance(view, knock, mask_of(match.hand.hands[1]))


def kept(chance: Chance) -> Mask:
    """The knocker's hand after the knock's discard."""
    return mask_of(chance.view.hand) & ~chance.knock.put.bit


def undercut(chance: Chance) -> bool:
    """Whether the opponent's real hand undercuts the knock."""
    return score(chance.view.rules, [kept(chance), chance.real], 0) < 0


def errors(chance: Chance, inference: Inference, seed: int) -> tuple[float, float, float]:
    """(guessed - real deadwood, guessed share - real undercut, the share of the opponent's
    unknown cards a guess holds) at one chance: the first two say how biased the guesses are,
    the last how sharp."""
    know = Knowledge.of(chance.view)
    found = guesses(know, know.holding(), GUESSES, random.Random(seed), inference)
    knocker = kept(chance)
    guessed_cut = statistics.fmean(score(chance.view.rules, [knocker, g[0]], 0) < 0 for g in found)
    guessed_deadwood = statistics.fmean(min_deadwood(g[0]) for g in found)
    hidden = chance.real & ~know.known
    held = statistics.fmean((g[0] & hidden).bit_count() for g in found) / max(1, hidden.bit_count())
    return guessed_deadwood - min_deadwood(chance.real), guessed_cut - undercut(chance), held


def interval(xs: list[float]) -> str:
    """The mean and its 95% half-width."""
    half = 1.96 * statistics.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else float("nan")
    return f"{statistics.fmean(xs):+.2f} ± {half:.2f}"


def report(name: str, found: list[tuple[int, float, float, float]]) -> None:
    """One line a band: the deadwood and the undercut errors, the undercut share's mean squared
    error and the share of the unknown cards held (sharpness: higher is better)."""
    for band, lo, hi in (("all", 0, 99), *BANDS):
        rows = [r for r in found if lo <= r[0] <= hi]
        if len(rows) > 1:
            deadwood = interval([r[1] for r in rows])
            cut = interval([r[2] for r in rows])
            brier = statistics.fmean(r[2] ** 2 for r in rows)
            held = interval([r[3] for r in rows])
            print(
                f"  {name:<14} {band:<18} n={len(rows):4d}  deadwood {deadwood}  undercut share {cut}"
                f"  squared {brier:.3f}  cards held {held}"
            )


Measured = tuple[str, SearchBot, dict[str, float]]  # a label, the bot, Inference fields changed


def measured(ap: argparse.ArgumentParser, bots: list[str], variants: list[str]) -> list[Measured]:
    """The expert, each ``--bot`` and each ``--variant`` of the expert, or a clear error."""
    out: list[Measured] = []
    for name in ["expert", *bots]:
        bot = arena_bot(name) if name in arena_names() else None
        if not isinstance(bot, SearchBot):
            ap.error(f"--bot {name}: not an arena bot that guesses the hidden cards")
        out.append((name, bot, {}))
    fields = Inference.__dataclass_fields__
    for spec in variants:
        field, _, value = spec.partition("=")
        if field not in fields or field == "showdowns" or not value.replace(".", "", 1).isdigit():
            ap.error(f"--variant {spec}: want FIELD=NUMBER, a field of {', '.join(fields)}")
        out.append((spec, ExpertBot(), {field: float(value)}))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--opponent", default="hunter", choices=arena_names())
    ap.add_argument("--matches", type=int, default=30)
    ap.add_argument("--bot", action="append", default=[], help="an arena bot of the search, e.g. expertad")
    ap.add_argument("--variant", action="append", default=[], help="FIELD=VALUE of the sampler's Inference")
    args = ap.parse_args()
    todo = measured(ap, args.bot, args.variant)
    found = list(chances(args.opponent, args.matches))
    if not found:
        ap.error("no knock chance in these matches: play more (--matches)")
    real = [float(undercut(c)) for c in found]
    learnt = [undercut_risk(c.view, kept(c)) for c in found]
    print(f"standard against {args.opponent}, {args.matches} matches: {len(found)} knock chances")
    print(f"  undercut in fact {statistics.fmean(real):.3f}; the learnt risk {statistics.fmean(learnt):.3f}")
    for label, bot, changed in todo:
        rows = []
        for i, chance in enumerate(found):
            inference = bot.settings_for(chance.view).inference
            inference = replace(inference, **{k: type(getattr(inference, k))(v) for k, v in changed.items()})
            rows.append((chance.view.stock_size, *errors(chance, inference, i)))
        report(label, rows)


if __name__ == "__main__":
    main()
