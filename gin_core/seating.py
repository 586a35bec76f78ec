"""Seatings: who sits where, who plays each hand, and the table's options (pure data).

Gin is a two-player game; the texts seat more players by playing ordinary two-player hands
among them (issue 31's reference on seatings lists the texts named below). A seating only says which seats
play each hand and who deals; every hand is a one-hand :class:`~gin_core.match.Match` under
``TableRules.rules`` (so the hand engine, its views and deal codes are the two-player ones).

- ``hollywood``: two players, three games scored at once (:mod:`gin_core.hollywood`).
- ``three``: the dealer sits out and deals to the other two (ginrummy.com's three-player page;
  seed 000: "you can have the third person be the dealer"). ``rotation="loser"`` follows
  ginrummy.com: the winner plays the next hand against the previous dealer and the loser deals;
  ``rotation="clockwise"`` follows seed 000: the deal "would then rotate to the next player
  after each hand". A dead hand is dealt again by the same dealer under ``loser``.
- ``partners``: four players, seats 0 and 2 against 1 and 3 (partners opposite), two games of
  two at once, partners switching opponents each hand (Bicycle "Partnership Rummy",
  rummy-games.com "Partnership Gin").
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from enum import StrEnum
from typing import Any

from .checks import describe
from .presets import preset
from .rules import TARGET_MAX, Rules, RulesError


class Seating(StrEnum):
    """How many play and how the hands are scored."""

    HOLLYWOOD = "hollywood"
    THREE = "three"
    PARTNERS = "partners"


SEATS = {Seating.HOLLYWOOD: 2, Seating.THREE: 3, Seating.PARTNERS: 4}
ROTATIONS = ("loser", "clockwise")


@dataclass(frozen=True)
class TableRules:
    """A seating with its options.

    Attributes:
        seating: a :class:`Seating`.
        rules: the rules of each two-player hand; its ``target`` is ignored (every hand is a
            one-hand match) and its ``game_bonus``, ``line_bonus`` (the box, per hand won) and
            ``shutout``/``shutout_bonus`` score each game at the table.
        target: the score that ends a game (each of the three in Hollywood).
        rotation: three players only: ``"loser"`` deals next, or ``"clockwise"``.
    """

    seating: Seating
    rules: Rules
    target: int
    rotation: str = "loser"

    def __post_init__(self) -> None:
        if not isinstance(self.seating, Seating):
            raise RulesError(f"seating must be a Seating, not {describe(self.seating)}")
        if not isinstance(self.rules, Rules):
            raise RulesError(f"a table's rules must be a Rules value, not {describe(self.rules)}")
        if type(self.target) is not int or not 1 <= self.target <= TARGET_MAX:
            raise RulesError(f"a table's target is a whole number from 1 to {TARGET_MAX}")
        if self.rotation not in ROTATIONS:
            raise RulesError(f"rotation must be one of {', '.join(ROTATIONS)}")

    @property
    def seats(self) -> int:
        return SEATS[self.seating]

    @property
    def hand_rules(self) -> Rules:
        """The rules each hand is played under: one hand, no match bonus inside it."""
        return self.rules.replace(target=None, line_bonus=0, game_bonus=0, first_dealer=None)

    def replace(self, **changes: Any) -> TableRules:
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["seating"] = str(self.seating)
        data["rules"] = self.rules.to_dict()
        return data

    @classmethod
    def from_dict(cls, data: Any) -> TableRules:
        """Table rules as written by :meth:`to_dict`."""
        if not isinstance(data, dict) or set(data) != {"seating", "rules", "target", "rotation"}:
            raise RulesError("table rules are seating, rules, target and rotation")
        if data["seating"] not in tuple(Seating):
            raise RulesError(f"no such seating: {describe(data['seating'])}")
        return cls(Seating(data["seating"]), Rules.from_dict(data["rules"]), data["target"], data["rotation"])


def hollywood() -> TableRules:
    """Hollywood gin (pokerwiner, everything2, rummy-games.com): the classic hand rules (box 25
    per hand won, game 100, shutout 100), three games to 150 each (one text; "usually 125" in
    another: ``target`` is the option)."""
    return TableRules(Seating.HOLLYWOOD, preset("classic"), 150)


def three_players() -> TableRules:
    """Three players (ginrummy.com): the classic hand rules, one score per player, the match to
    100 with the classic bonuses; the loser of a hand deals the next."""
    return TableRules(Seating.THREE, preset("classic"), 100)


def partners() -> TableRules:
    """Four in partnerships (Bicycle, rummy-games.com): game to 125 (300 in rummytalk: the
    ``target`` option), game bonus 100, shutout 100, box 25 per hand a side wins; gin and
    undercut bonuses count in each game."""
    rules = preset("classic").replace(game_bonus=100, shutout="bonus", shutout_bonus=100, line_bonus=25)
    return TableRules(Seating.PARTNERS, rules, 125)


TABLE_PRESETS = {"hollywood": hollywood, "three": three_players, "partners": partners}


def table_preset(name: str) -> TableRules:
    """The table rules of a named seating preset."""
    make = TABLE_PRESETS.get(name) if isinstance(name, str) else None
    if make is None:
        raise RulesError(f"no such seating preset: {describe(name)} (one of {', '.join(TABLE_PRESETS)})")
    return make()


Pairing = tuple[tuple[int, int], ...]
"""The games of one hand: for each, the seats playing as the hand's player 0 and player 1."""


def pairing(table: TableRules, dealer: int, hand_number: int) -> Pairing:
    """Who plays whom in hand ``hand_number`` (from 0), ``dealer`` being the table's dealer:
    with three, the two others, the one at the dealer's left first; with four, side 0 (seats
    0, 2) against side 1 (seats 1, 3), partners switching opponents each hand."""
    if table.seating == Seating.HOLLYWOOD:
        return ((0, 1),)
    if table.seating == Seating.THREE:
        return (((dealer + 1) % 3, (dealer + 2) % 3),)
    if hand_number % 2 == 0:
        return ((0, 1), (2, 3))
    return ((0, 3), (2, 1))


def hand_dealer(table: TableRules, dealer: int) -> int:
    """Which player of each game (0 or 1) deals it: in Hollywood the table's dealer; with three
    the second of the two (the one at the dealer's left plays first); with four the side whose
    turn it is to deal (sides alternate every hand)."""
    if table.seating == Seating.THREE:
        return 1
    return dealer % 2


def next_table_dealer(table: TableRules, dealer: int, winner: int | None) -> int:
    """The table's dealer after a hand whose winning seat is ``winner`` (``None``: dead)."""
    if table.seating == Seating.THREE:
        if table.rotation == "clockwise":
            return (dealer + 1) % 3
        if winner is None:
            return dealer
        first, second = pairing(table, dealer, 0)[0]
        return second if winner == first else first
    if table.seating == Seating.PARTNERS:
        return (dealer + 1) % 4
    if winner is None:  # Hollywood: the hand rules' next_dealer, as in two-player gin
        return dealer
    if table.rules.next_dealer == "alternate":
        return 1 - dealer
    return winner if table.rules.next_dealer == "winner" else 1 - winner
