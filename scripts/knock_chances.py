"""Where a bot could knock and did not, and how those hands ended (issue 46): is the expert's
waiting where it loses against an opponent, or where it wins?

    nice -n 19 python scripts/knock_chances.py --opponent simple --first 3401 --pairs 8
    nice -n 19 python scripts/knock_chances.py --opponent hunter --first 200 --pairs 8

The arena's matches (``eaai``, its seeds: ``--first`` is an arena pair, both seatings played)
are played to their end by ``--bot`` (the expert) and ``--opponent``. At every decision of the
bot where a knock short of gin is legal (a knock chance) this script notes the lowest deadwood a
knock would leave and whether the bot knocked; at the end of each hand, how it ended. It prints
the chances taken by deadwood, and every hand by what the bot did at the hand's first chance
(knocked, waited, or had none) against how it ended, with the bot's points a hand (a hand won
counts its points, a hand lost their negative), its discards in the hand and the deadwood its
last discard left (what it held when the opponent ended the hand, in the hands it had no chance
in). What a hand would have scored had the bot knocked instead is not known here
(``scripts/divergence.py`` plays both out).
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field

from turns import turns

from gin_core import Match, preset
from gin_core.actions import Action, ActionKind
from gin_core.arrange import min_deadwood
from gin_core.cards import mask_of
from gin_core.results import HandRecord
from gin_core.tools.arena import match_seed
from gin_core.tools.opponents import arena_bot, arena_names
from gin_core.view import PlayerView

BANDS = ((1, 3), (4, 6), (7, 10))
KINDS = {"undercut": "knock undercut", "big_gin": "big gin"}  # the settlement's kinds in words


@dataclass(frozen=True)
class Chance:
    """A knock chance: the lowest deadwood a knock leaves, and whether the bot knocked."""

    deadwood: int
    knocked: bool


@dataclass
class HandTrace:
    """What the bot did in one hand: its knock chances in order, its discards (turns ended
    without ending the hand), and the deadwood its last discard left (``None`` before any)."""

    chances: list[Chance] = field(default_factory=list)
    turns: int = 0
    held: int | None = None


def knock_deadwood(view: PlayerView) -> int | None:
    """The lowest deadwood a legal knock short of gin leaves, or None if there is none."""
    hand = mask_of(view.hand)
    puts = [a.card for a in view.legal_actions if a.kind == ActionKind.KNOCK and a.card is not None]
    return min((min_deadwood(hand & ~c.bit) for c in puts), default=None)


def traced(view: PlayerView, move: Action, trace: HandTrace) -> None:
    """Note the bot's decision ``move`` at ``view`` in its hand's ``trace``."""
    left = knock_deadwood(view)
    if left is not None:
        trace.chances.append(Chance(left, move.kind == ActionKind.KNOCK))
    if move.kind == ActionKind.DISCARD and move.card is not None:
        trace.turns += 1
        trace.held = min_deadwood(mask_of(view.hand) & ~move.card.bit)


def matches(bot: str, opponent: str, first: int, pairs: int) -> Iterator[tuple[int, Match, list[HandTrace]]]:
    """(the bot's seat, the match played out, the bot's trace of each of its hands, by hand
    number) for both seatings of each arena pair from ``first``."""
    for pair in range(first, first + pairs):
        seed = match_seed(1, pair)
        for seat in (0, 1):
            names = (bot, opponent) if seat == 0 else (opponent, bot)
            match = Match(preset("eaai"), seed=seed)
            hands: defaultdict[int, HandTrace] = defaultdict(HandTrace)
            for player, view, move in turns(match, [arena_bot(n, seed) for n in names]):
                if player == seat:
                    traced(view, move, hands[len(match.records)])
            yield seat, match, [hands[number] for number in range(len(match.records))]


def ending(record: HandRecord, seat: int) -> tuple[str, int]:
    """How a hand ended for ``seat`` (its words) and ``seat``'s points from it."""
    s = record.settlement
    if s is None:
        return "dead hand", 0
    who = "its" if s.knocker == seat else "the opponent's"
    won = s.winner == seat
    points = record.points[seat] - record.points[1 - seat]
    return f"{who} {KINDS.get(s.kind, s.kind)}, {'won' if won else 'lost'}", points


def first_choice(trace: HandTrace) -> str:
    """What the bot did at the hand's first knock chance, in words."""
    if not trace.chances:
        return "had no knock chance"
    return "knocked at once" if trace.chances[0].knocked else "waited"


@dataclass
class Tallies:
    """The report's counts: chances by band (knocked or not), and by the hand's first choice
    the endings, the points, the bot's discards and the deadwood its last discard left."""

    taken: dict[tuple[int, int], Counter[bool]] = field(default_factory=lambda: defaultdict(Counter))
    ends: dict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    points: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    turns: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    held: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))

    def add(self, record: HandRecord, seat: int, trace: HandTrace) -> None:
        """Count one hand of the bot's."""
        for c in trace.chances:
            band = next(b for b in BANDS if b[0] <= c.deadwood <= b[1])
            self.taken[band][c.knocked] += 1
        what = first_choice(trace)
        words, gained = ending(record, seat)
        self.ends[what][words] += 1
        self.points[what].append(gained)
        self.turns[what].append(trace.turns)
        if trace.held is not None:
            self.held[what].append(trace.held)


def mean(values: list[int]) -> float:
    return sum(values) / len(values) if values else 0.0


def report(bot: str, opponent: str, first: int, pairs: int) -> list[str]:
    """The tables, as printed lines."""
    t = Tallies()
    for seat, match, hands in matches(bot, opponent, first, pairs):
        for record, trace in zip(match.records, hands, strict=True):
            t.add(record, seat, trace)
    lines = [f"{bot} against {opponent}, arena pairs {first}-{first + pairs - 1} (both seatings), eaai"]
    lines.append("knock chances by the deadwood a knock leaves: knocked / all")
    for (lo, hi), seen in sorted(t.taken.items()):
        lines.append(f"  {lo:>2}-{hi:<2}  {seen[True]:>4} / {seen[True] + seen[False]}")
    for what in ("knocked at once", "waited", "had no knock chance"):
        n = len(t.points[what])
        lines.append(
            f"hands where it {what}: {n}, {mean(t.points[what]):+.1f} points a hand,"
            f" {mean(t.turns[what]):.1f} discards, the last leaving {mean(t.held[what]):.1f} deadwood"
        )
        lines += [f"  {words}: {count}" for words, count in t.ends[what].most_common()]
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bot", default="expert", choices=arena_names())
    ap.add_argument("--opponent", default="simple", choices=arena_names())
    ap.add_argument("--first", type=int, default=3401, help="the first arena pair (its deal sequence)")
    ap.add_argument("--pairs", type=int, default=8)
    args = ap.parse_args()
    print("\n".join(report(args.bot, args.opponent, args.first, args.pairs)))


if __name__ == "__main__":
    main()
