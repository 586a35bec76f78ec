"""Settlement of a knock: both arrangements, lay-offs, who wins and how many points, in words."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from .arrange import Arrangement, arrangement_from_masks, hand_mask, meld_order
from .cards import Card
from .checks import check_int, check_is, check_player
from .declare import declared_deadwood, default_packing
from .layoff import Layoff, defence_of, defend
from .melds import Meld
from .rules import Rules

KINDS = ("knock", "gin", "big_gin", "undercut")

Side = Literal["knocker", "defender"]
# (kind, winning side or None for an equal count that is no undercut, bonus, deadwood points)
HandOutcome = tuple[str, Side | None, int, int]
# the defender's (deadwood left, own melds, lay-offs), as :func:`~gin_core.layoff.defend` returns it
Defence = tuple[int, tuple[int, ...], list[tuple[int, int]]]


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


def settle(  # 7 parameters, 3 keyword-only: both hands, the rules, the melds and the knock's options
    knocker_hand: Sequence[Card],
    defender_hand: Sequence[Card],
    rules: Rules,
    melds: Sequence[Meld] | None = None,
    *,
    knocker: int = 0,
    big_gin: bool = False,
    multiplier: int = 1,
) -> Settlement:
    """Score a knock. ``knocker_hand`` is the 10 cards kept (11 for big gin).

    The knocker lays down ``melds`` (disjoint melds of their hand), or without them the default
    declaration from the knocker's hand alone (:func:`~gin_core.declare.default_declaration`):
    never from the defender's cards. The defender then plays their best defence.
    """
    kmask, dmask = hand_mask(knocker_hand), hand_mask(defender_hand)
    check_is(rules, Rules, "rules")
    check_player(knocker, "knocker")
    check_is(big_gin, bool, "big_gin")
    check_int(multiplier, "multiplier", 1, 1 << 16)
    packing = _declared(kmask, melds)
    (defender_deadwood, own, placed), knocker_deadwood = _showdown(kmask, dmask, rules, big_gin, packing)
    kind, winner_side, bonus, base = verdict(knocker_deadwood, defender_deadwood, rules, big_gin)
    defender = 1 - knocker
    defence, layoffs = defence_of(dmask, own, placed)
    return Settlement(
        knocker=knocker,
        kind=kind,
        winner={"knocker": knocker, "defender": defender, None: None}[winner_side],
        points=(base + bonus) * multiplier,
        bonus=bonus,
        multiplier=multiplier,
        knocker_arrangement=arrangement_from_masks(kmask, packing),
        defender_arrangement=defence,
        layoffs=layoffs,
        knocker_deadwood=knocker_deadwood,
        defender_deadwood=defender_deadwood,
    )


def _declared(kmask: int, melds: Sequence[Meld] | None) -> tuple[int, ...]:
    """The declared melds as masks in arrangement order (the default one if none given)."""
    if melds is None:
        return default_packing(kmask)
    used = 0
    for m in melds:
        if m.mask & used or m.mask & ~kmask:
            raise ValueError(f"the declared melds must be disjoint melds of the knocker's hand: {m}")
        used |= m.mask
    return meld_order(m.mask for m in melds)


def knock_points(knocker: int, defender: int, rules: Rules, big_gin: bool = False) -> int:
    """:func:`settle` on masks with the default declaration, for playouts: the points of a knock
    (no multiplier), positive when the knocker scores, negative when the defender does, 0 for an
    equal count."""
    (defender_deadwood, _, _), knocker_deadwood = _showdown(
        knocker, defender, rules, big_gin, default_packing(knocker)
    )
    _, winner_side, bonus, base = verdict(knocker_deadwood, defender_deadwood, rules, big_gin)
    if winner_side is None:
        return 0
    return base + bonus if winner_side == "knocker" else -(base + bonus)


def _showdown(
    kmask: int, dmask: int, rules: Rules, big_gin: bool, packing: tuple[int, ...]
) -> tuple[Defence, int]:
    """The defender's defence (see :func:`defend`) against the knocker's declared ``packing``,
    and the knocker's deadwood."""
    knocker_deadwood = declared_deadwood(kmask, packing)
    if big_gin and knocker_deadwood:
        raise ValueError("big gin needs all 11 cards melded")
    allow = knocker_deadwood > 0 or rules.layoff_on_gin
    return defend(dmask, packing if allow else ()), knocker_deadwood


def verdict(
    knocker_deadwood: int, defender_deadwood: int, rules: Rules, big_gin: bool = False
) -> HandOutcome:
    """(kind, winner as ``"knocker"``/``"defender"``/``None``, bonus, deadwood points) of a knock."""
    if knocker_deadwood == 0:
        return (
            ("big_gin" if big_gin else "gin"),
            "knocker",
            (rules.big_gin_bonus if big_gin else rules.gin_bonus),
            defender_deadwood,
        )
    if defender_deadwood < knocker_deadwood or (
        defender_deadwood == knocker_deadwood and rules.equal_is_undercut
    ):
        return "undercut", "defender", rules.undercut_bonus, knocker_deadwood - defender_deadwood
    base = defender_deadwood - knocker_deadwood
    return "knock", ("knocker" if base > 0 else None), 0, base
