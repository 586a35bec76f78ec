"""Seatings: who sits where, who plays each hand, and the table's options (pure data).

Gin is a two-player game; the texts seat more players by playing ordinary two-player hands
among them (issue 31's reference on seatings lists the texts named below). A seating only says which seats
play each hand and who deals; every hand is a one-hand :class:`~gin_core.match.Match` under
``TableRules.rules`` (so the hand engine, its views and deal codes are the two-player ones).

Each seating is one :class:`SeatingDef` in :data:`SEATINGS` (its seats, each seat's party, the
pairings of a hand, who deals each game and next, how the hands are scored, and its preset):
:class:`~gin_core.table.TableMatch` reads only that, so a new seating is one definition here.

- ``hollywood``: two players, three games scored at once (:mod:`gin_core.hollywood`).
- ``three``: the dealer sits out and deals to the other two (ginrummy.com's three-player page;
  seed 000: "you can have the third person be the dealer"). ``rotation="loser"`` follows
  ginrummy.com: the winner plays the next hand against the previous dealer and the loser deals;
  ``rotation="clockwise"`` follows seed 000: the deal "would then rotate to the next player
  after each hand". A dead hand is dealt again by the same dealer under ``loser``.
- ``partners``: four players, seats 0 and 2 against 1 and 3 (partners opposite), two games of
  two at once, partners switching opponents each hand (Bicycle "Partnership Rummy",
  rummy-games.com "Partnership Gin").
- ``hollywood_partners``: the partners' hands, the sides scored in Hollywood's three games.
- ``four``: four players each on their own score, two games a hand, everyone meeting everyone
  in turn (no text has it: the page's own, see :func:`four_players`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, replace
from enum import StrEnum
from typing import Any

from .checks import describe
from .presets import preset
from .rules import TARGET_MAX, Rules, RulesError
from .tablescore import side_net


class Seating(StrEnum):
    """How many play and how the hands are scored (each one :class:`SeatingDef`)."""

    HOLLYWOOD = "hollywood"
    THREE = "three"
    PARTNERS = "partners"
    HOLLYWOOD_PARTNERS = "hollywood_partners"
    FOUR = "four"


class Scoring(StrEnum):
    """How a seating's hand points are scored: one running score per party to the target, or
    Hollywood's three games at once (two parties)."""

    RUNNING = "running"
    HOLLYWOOD = "hollywood"


class Rotation(StrEnum):
    """Who deals the next hand: the loser of the hand (the winner meets the previous dealer),
    the next seat, or the hand rules' ``next_dealer`` as in two-player gin."""

    LOSER = "loser"
    CLOCKWISE = "clockwise"
    HAND_RULES = "hand_rules"


class Deals(StrEnum):
    """Which player of each game (0 or 1) deals it: the one of the table dealer's party, or
    always the second (with three: the dealer deals to the one at their left, who plays first)."""

    DEALERS_PARTY = "dealers_party"
    SECOND = "second"


ROTATIONS = ("loser", "clockwise")
"""The ``TableRules.rotation`` option of a seating whose definition leaves it to the table."""

Pairing = tuple[tuple[int, int], ...]
"""The games of one hand: for each, the seats playing as the hand's player 0 and player 1."""


@dataclass(frozen=True)
class SeatingDef:
    """One seating as data.

    Attributes:
        seats: how many sit at the table.
        parties: each seat's party (who scores together): its own seat, or its side.
        pairings: the games of each hand, in turn by hand number (cycled).
        from_dealer: the pairings' seats count from the table's dealer (seat ``(dealer + s) %
            seats``), else they are the seats themselves.
        deals: which player of each game deals it.
        rotation: who deals next (``None``: the table's ``rotation`` option, one of ROTATIONS).
        scoring: running scores, or Hollywood's three games.
        preset: the seating's table rules as the texts give them.
    """

    seats: int
    parties: tuple[int, ...]
    pairings: tuple[Pairing, ...]
    from_dealer: bool
    deals: Deals
    rotation: Rotation | None
    scoring: Scoring
    preset: Callable[[], TableRules]

    def __post_init__(self) -> None:
        if len(self.parties) != self.seats or set(self.parties) != set(range(self.party_count)):
            raise RulesError("a seating gives each seat a party, numbered from 0")
        for games in self.pairings:
            seated = [s for game in games for s in game]
            if len(set(seated)) != len(seated) or not all(0 <= s < self.seats for s in seated):
                raise RulesError("a seating's games pair distinct seats of the table")
            if any(self.parties[a] == self.parties[b] for a, b in games):
                raise RulesError("a seating's games are played between parties")
        if (self.scoring == Scoring.HOLLYWOOD or self.sides) and self.party_count != 2:
            raise RulesError("Hollywood scoring and sides of partners need two parties")
        if (self.deals == Deals.DEALERS_PARTY or self.sides) and any(
            self.parties[g[0]] for gs in self.pairings for g in gs
        ):
            raise RulesError("a game dealt by the dealer's party has party 0 as its player 0")

    @property
    def party_count(self) -> int:
        return max(self.parties) + 1

    @property
    def sides(self) -> bool:
        """Partners: a party of several seats, whose hand is the net of its games."""
        return self.party_count < self.seats


@dataclass(frozen=True)
class TableRules:
    """A seating with its options.

    Attributes:
        seating: a :class:`Seating`.
        rules: the rules of each two-player hand; its ``target`` is ignored (every hand is a
            one-hand match) and its ``game_bonus``, ``line_bonus`` (the box, per hand won) and
            ``shutout``/``shutout_bonus`` score each game at the table.
        target: the score that ends a game (each of the three in Hollywood).
        rotation: where the seating leaves it to the table (three): ``"loser"`` deals next,
            or ``"clockwise"``.
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
    def definition(self) -> SeatingDef:
        return SEATINGS[self.seating]

    @property
    def seats(self) -> int:
        return self.definition.seats

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


def hollywood_partners() -> TableRules:
    """Hollywood scoring at a partners' table (the two texts combined; none has both): each
    hand played as by partners (two games, the side ahead on their net wins the difference),
    the side's result entered in Hollywood's three games, each to 150 with the partners'
    bonuses."""
    return TableRules(Seating.HOLLYWOOD_PARTNERS, partners().rules, 150)


def four_players() -> TableRules:
    """Four players, each on their own score, two games of two at once every hand (none of the
    texts seats four without partners: the choices here are ours). Everyone meets everyone in
    turn (three hands make a round), the second player of each game deals it, the deal moves
    clockwise; the classic hand rules, one score per player to 100 with the classic bonuses
    (as three players)."""
    return TableRules(Seating.FOUR, preset("classic"), 100)


PARTNER_GAMES: tuple[Pairing, ...] = (((0, 1), (2, 3)), ((0, 3), (2, 1)))
"""Partners opposite (seats 0 and 2 against 1 and 3), switching opponents every hand."""

SEATINGS: dict[Seating, SeatingDef] = {
    Seating.HOLLYWOOD: SeatingDef(
        seats=2,
        parties=(0, 1),
        pairings=(((0, 1),),),
        from_dealer=False,
        deals=Deals.DEALERS_PARTY,
        rotation=Rotation.HAND_RULES,
        scoring=Scoring.HOLLYWOOD,
        preset=hollywood,
    ),
    Seating.THREE: SeatingDef(
        seats=3,
        parties=(0, 1, 2),
        pairings=(((1, 2),),),  # the two after the dealer, who sits out
        from_dealer=True,
        deals=Deals.SECOND,
        rotation=None,
        scoring=Scoring.RUNNING,
        preset=three_players,
    ),
    Seating.PARTNERS: SeatingDef(
        seats=4,
        parties=(0, 1, 0, 1),
        pairings=PARTNER_GAMES,
        from_dealer=False,
        deals=Deals.DEALERS_PARTY,
        rotation=Rotation.CLOCKWISE,
        scoring=Scoring.RUNNING,
        preset=partners,
    ),
    Seating.HOLLYWOOD_PARTNERS: SeatingDef(
        seats=4,
        parties=(0, 1, 0, 1),
        pairings=PARTNER_GAMES,
        from_dealer=False,
        deals=Deals.DEALERS_PARTY,
        rotation=Rotation.CLOCKWISE,
        scoring=Scoring.HOLLYWOOD,
        preset=hollywood_partners,
    ),
    Seating.FOUR: SeatingDef(
        seats=4,
        parties=(0, 1, 2, 3),
        pairings=(((0, 1), (2, 3)), ((0, 2), (1, 3)), ((0, 3), (1, 2))),
        from_dealer=False,
        deals=Deals.SECOND,
        rotation=Rotation.CLOCKWISE,
        scoring=Scoring.RUNNING,
        preset=four_players,
    ),
}
"""Every seating the engine knows, by name: the one place a seating is defined."""

SEATS = {seating: d.seats for seating, d in SEATINGS.items()}
TABLE_PRESETS = {str(seating): d.preset for seating, d in SEATINGS.items()}


def table_preset(name: str) -> TableRules:
    """The table rules of a named seating preset."""
    make = TABLE_PRESETS.get(name) if isinstance(name, str) else None
    if make is None:
        raise RulesError(f"no such seating preset: {describe(name)} (one of {', '.join(TABLE_PRESETS)})")
    return make()


def pairing(table: TableRules, dealer: int, hand_number: int) -> Pairing:
    """Who plays whom in hand ``hand_number`` (from 0), ``dealer`` being the table's dealer
    (with three: the two others, the one at the dealer's left first)."""
    d = table.definition
    games = d.pairings[hand_number % len(d.pairings)]
    if not d.from_dealer:
        return games
    return tuple(((dealer + a) % d.seats, (dealer + b) % d.seats) for a, b in games)


def hand_dealer(table: TableRules, dealer: int) -> int:
    """Which player of each game (0 or 1) deals it: the one of the dealer's party (Hollywood:
    the table's dealer; partners: the side whose turn it is), or the second (three)."""
    d = table.definition
    if d.deals == Deals.SECOND:
        return 1
    return d.parties[dealer]  # party 0 plays as player 0 of every game (SeatingDef checks it)


def next_table_dealer(table: TableRules, dealer: int, winner: int | None) -> int:
    """The table's dealer after a hand whose winning seat is ``winner`` (``None``: dead)."""
    d = table.definition
    rotation = d.rotation or Rotation(table.rotation)
    if rotation == Rotation.CLOCKWISE:
        return (dealer + 1) % d.seats
    if winner is None:  # a dead hand: the same dealer deals again
        return dealer
    if rotation == Rotation.LOSER:
        first, second = pairing(table, dealer, 0)[0]
        return second if winner == first else first
    if table.rules.next_dealer == "alternate":  # the hand rules' next_dealer, two seats
        return 1 - dealer
    return winner if table.rules.next_dealer == "winner" else 1 - winner


def party_points(
    table: TableRules, games: Sequence[tuple[tuple[int, int], tuple[int, int]]]
) -> tuple[int, ...]:
    """What each party scored in a hand from its games (each: its seats, and their points):
    the sum of its seats' points; partners' sides by the net of their games, the side ahead
    winning the difference ("if one member wins by 12 and the other loses by 10, that side wins
    the hand by 2"; a dead game counts nothing, leaving only the other)."""
    d = table.definition
    if d.sides:  # party 0 plays as player 0 of every game
        return side_net([scored for _, scored in games])
    points = [0] * d.party_count
    for seats, scored in games:
        for seat, p in zip(seats, scored, strict=True):
            points[d.parties[seat]] += p
    return tuple(points)
