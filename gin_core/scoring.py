"""Settlement of a knock: both arrangements, lay-offs, who wins and how many points, in words."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .arrange import Arrangement, optimal_arrangements
from .cards import Card
from .layoff import Layoff, best_defence
from .rules import Rules

KINDS = ("knock", "gin", "big_gin", "undercut")


@dataclass(frozen=True)
class Settlement:
    """The outcome of a knocked hand.

    ``winner`` is ``None`` only for an equal count under rules where that is no undercut: the
    knocker then wins the difference, zero, and nobody is credited with the hand.
    """

    knocker: int
    kind: str
    winner: int | None
    points: int
    bonus: int
    multiplier: int
    knocker_arrangement: Arrangement
    defender_arrangement: Arrangement
    layoffs: tuple[Layoff, ...]
    knocker_deadwood: int
    defender_deadwood: int

    @property
    def defender(self) -> int:
        return 1 - self.knocker

    def explain(self, names: Sequence[str] = ("Player 1", "Player 2")) -> str:
        """The points arithmetic in plain words, e.g. 'Gin: 25 bonus + 17 deadwood = 42'."""
        k, d = names[self.knocker], names[self.defender]
        kd, dd = self.knocker_deadwood, self.defender_deadwood
        if self.kind in ("gin", "big_gin"):
            label = "Big gin" if self.kind == "big_gin" else "Gin"
            text = f"{label} by {k}: {self.bonus} bonus + {dd} deadwood of {d}"
        elif self.kind == "undercut":
            text = f"{d} undercuts {k}: {self.bonus} bonus + ({kd} - {dd}) deadwood"
        elif self.winner is None:
            text = f"{k} knocks with {kd}, {d} also has {dd}: no points"
        else:
            text = f"{k} knocks: {dd} - {kd} deadwood"
        if self.multiplier != 1:
            text += ", doubled by the spade upcard"
        if self.winner is None:
            return text
        return f"{text} = {self.points} to {names[self.winner]}"


def settle(
    knocker_hand: Sequence[Card],
    defender_hand: Sequence[Card],
    rules: Rules,
    *,
    knocker: int = 0,
    big_gin: bool = False,
    multiplier: int = 1,
) -> Settlement:
    """Score a knock. ``knocker_hand`` is the 10 cards kept (11 for big gin).

    The knocker lays down a minimum-deadwood arrangement; among equal ones, the one that lets
    the defender lay off least. The defender then plays their best defence.
    """
    choices = optimal_arrangements(knocker_hand)
    knocker_deadwood = choices[0].deadwood_value
    gin = knocker_deadwood == 0
    if big_gin and not gin:
        raise ValueError("big gin needs all 11 cards melded")
    allow = not gin or rules.layoff_on_gin
    best = None
    for arrangement in choices:
        defence = best_defence(defender_hand, arrangement.melds, allow)
        if best is None or defence[0].deadwood_value > best[1][0].deadwood_value:
            best = (arrangement, defence)
    assert best is not None
    arrangement, (defence, layoffs) = best
    defender_deadwood = defence.deadwood_value
    defender = 1 - knocker
    if gin:
        kind = "big_gin" if big_gin else "gin"
        bonus = rules.big_gin_bonus if big_gin else rules.gin_bonus
        winner: int | None = knocker
        base = defender_deadwood
    elif defender_deadwood < knocker_deadwood or (
        defender_deadwood == knocker_deadwood and rules.equal_is_undercut
    ):
        kind, bonus, winner = "undercut", rules.undercut_bonus, defender
        base = knocker_deadwood - defender_deadwood
    else:
        kind, bonus = "knock", 0
        base = defender_deadwood - knocker_deadwood
        winner = knocker if base > 0 else None
    return Settlement(
        knocker=knocker,
        kind=kind,
        winner=winner,
        points=(base + bonus) * multiplier,
        bonus=bonus,
        multiplier=multiplier,
        knocker_arrangement=arrangement,
        defender_arrangement=defence,
        layoffs=layoffs,
        knocker_deadwood=knocker_deadwood,
        defender_deadwood=defender_deadwood,
    )
