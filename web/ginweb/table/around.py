"""The seats around the table and the scoreboard by party, for every seating: a pure presenter
of one seat's ``SeatView`` (never of the table itself, so no hidden card can reach the screen).

The person holding the device sits at the bottom; the others sit clockwise from them: at two,
across; at three, left and right; at four, left, across (the partner) and right. Each seat
shows its name, how many cards it holds face down, whether it deals, is to move or sits the
hand out, and its party. The scoreboard has one column per party (a side of partners is one
column, its games summed, and a last column tells the games; Hollywood's three games are
rows). Everything is read from the view
(``SeatView.pairing``, ``parties``, ``hollywood``), so a new seating needs nothing here. The
two-player table's seats come from the same code: :func:`pair_seat` reads a two-player
``PlayerView`` as a table seat's (one game, seats 0 and 1, each its own party).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Protocol

from gin_core import (
    ENDED,
    Card,
    GameWatch,
    HandRecord,
    HollywoodScore,
    Phase,
    PlayerView,
    SeatView,
    TableHand,
    TablePhase,
)

from ..kit.frozen import Frozen
from ..words import narrate


class Place(StrEnum):
    """Where a seat is drawn, seen from the person holding the device."""

    YOU = "you"
    LEFT = "left"
    ACROSS = "across"
    RIGHT = "right"


PLACES: dict[int, tuple[Place, ...]] = {  # clockwise from your seat, by the table's size
    2: (Place.YOU, Place.ACROSS),
    3: (Place.YOU, Place.LEFT, Place.RIGHT),
    4: (Place.YOU, Place.LEFT, Place.ACROSS, Place.RIGHT),
}


class Seated(Protocol):
    """What the seats are drawn from: a table seat's ``SeatView``, or :func:`pair_seat`'s
    reading of a two-player match's view (one protocol, so one code draws every seating)."""

    @property
    def seat(self) -> int: ...
    @property
    def phase(self) -> TablePhase: ...
    @property
    def dealer(self) -> int: ...
    @property
    def pairing(self) -> tuple[tuple[int, int], ...]: ...
    @property
    def play(self) -> PlayerView | None: ...
    @property
    def watching(self) -> tuple[GameWatch, ...]: ...
    @property
    def parties(self) -> tuple[int, ...]: ...


class PairSeat(Frozen):
    """A two-player match's view read as a table seat's: one game between seats 0 and 1, each
    seat its own party, no game to watch."""

    seat: int
    phase: TablePhase
    dealer: int
    play: PlayerView
    pairing: tuple[tuple[int, int], ...] = ((0, 1),)
    watching: tuple[GameWatch, ...] = ()
    parties: tuple[int, ...] = (0, 1)


def pair_seat(v: PlayerView) -> PairSeat:
    """``v`` (a two-player match's) as its seat at a table of two: in play until the hand ends."""
    ended = TablePhase.MATCH_OVER if v.phase == Phase.MATCH_OVER else TablePhase.HAND_OVER
    return PairSeat(v.player, ended if v.phase in ENDED else TablePhase.PLAY, v.dealer, v)


class WatchedPile(Frozen):
    """The face-up discard pile of a game the holder does not play, public at a real table: its
    ``top`` card (None: empty), how many cards it holds, and its two players' names."""

    top: Card | None
    size: int
    players: tuple[str, str]

    @property
    def caption(self) -> str:
        """Its words under it, on the plate of one of its players (which says whom it plays)."""
        return "their pile" if self.top is not None else "their pile, empty"

    @property
    def label(self) -> str:
        """Its accessible name: "Partner and Right's discard pile, 3 cards, top card queen of
        diamonds"."""
        whose = f"{self.players[0]} and {self.players[1]}'s discard pile"
        if self.top is None:
            return f"{whose}, empty"
        return f"{whose}, {self.size} card{'' if self.size == 1 else 's'}, top card {self.top.name}"


class SeatSpot(Frozen):
    """One seat as drawn around the table: ``backs`` is how many cards it holds face down as
    everyone sees them (0 while it sits out), ``party`` the name of the party it scores for,
    ``partner``: another seat of the holder's party; ``pile``: the pile of the other game this
    seat plays, drawn on its plate (on one plate of that game's, beside the table)."""

    seat: int
    place: Place
    name: str
    backs: int
    deals: bool
    to_move: bool
    sits_out: bool
    party: str
    partner: bool = False
    against: bool = False  # it plays the holder's game this hand (drawn over the holder's hand)
    elsewhere: str = ""  # in another game of the hand: whom it plays there
    pile: WatchedPile | None = None

    @property
    def label(self) -> str:
        """The seat in words: "Carol (left): deals, sits this hand out", "Dave (across, your
        partner): 10 cards, to move"."""
        where = [str(self.place)] if self.place not in (Place.YOU, self.name.lower()) else []
        where += ["your partner"] if self.partner else []
        said = f"{self.name} ({', '.join(where)})" if where else self.name
        doing = ", ".join(self.doing())
        return f"{said}: {doing}" if doing else said

    def doing(self) -> list[str]:
        """What the seat is doing, in words (deals, sits out, holds cards, is to move)."""
        backs = f"{self.backs} card{'' if self.backs == 1 else 's'}" if self.backs else ""
        said = (
            (self.elsewhere, bool(self.elsewhere)),
            ("deals", self.deals),
            ("sits this hand out", self.sits_out),
            (backs, bool(backs)),
            ("to move", self.to_move),
        )
        return [w for w, on in said if on]


class PartyBoard(Frozen):
    """The scoreboard: a header cell per column (the first names the rows: hands or games, then
    one per party) and its rows; ``parties``: the party columns' names."""

    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    parties: tuple[str, ...]


def party_names(view: Seated, who: tuple[str, ...]) -> tuple[str, ...]:
    """Who scores: each player, or each side of partners (its seats' names, e.g. "You and
    Partner"), in party order."""
    count = max(view.parties) + 1
    return tuple(" and ".join(n for s, n in enumerate(who) if view.parties[s] == p) for p in range(count))


def _backs(view: Seated) -> dict[int, int]:
    """How many cards each seat that plays this hand holds, as ``view``'s seat may know: its
    own hand and its opponent's from its game, the others from the games it watches."""
    held: dict[int, int] = {}
    for w in view.watching:
        held.update(zip(w.seats, w.hand_sizes, strict=True))
    game = next((pair for pair in view.pairing if view.seat in pair), None)
    if view.play is not None and game is not None:
        held[view.seat] = len(view.play.hand)
        held[game[1] if game[0] == view.seat else game[0]] = view.play.opponent_hand_size
    return held


def seats_around(view: Seated, who: tuple[str, ...]) -> tuple[SeatSpot, ...]:
    """Every seat of the table as ``view``'s seat sees it (``who``: every seat's name), its own
    first, then clockwise."""
    n = len(who)
    playing = {s for pair in view.pairing for s in pair}
    moving, held, elsewhere = _in_play(view, who)
    piles = _piles(view, who)
    names = party_names(view, who)
    mine = next((pair for pair in view.pairing if view.seat in pair), ())
    spots = []
    for place, k in zip(PLACES[n], range(n), strict=True):
        seat = (view.seat + k) % n
        out = seat not in playing
        party = names[view.parties[seat]]
        partner = seat != view.seat and view.parties[seat] == view.parties[view.seat]
        spots.append(
            SeatSpot(
                seat,
                place,
                who[seat],
                held.get(seat, 0),
                seat == view.dealer,
                seat in moving,
                out,
                party,
                partner,
                seat != view.seat and seat in mine,
                elsewhere.get(seat, ""),
                piles.get(seat),
            )
        )
    return tuple(spots)


def _in_play(view: Seated, who: tuple[str, ...]) -> tuple[set[int], dict[int, int], dict[int, str]]:
    """While a hand is played: the seats to move, the cards each holds, whom each seat of
    another game plays (between hands: none of them)."""
    if view.phase != TablePhase.PLAY:
        return set(), {}, {}
    return _to_move(view), _backs(view), _elsewhere(view, who)


def _elsewhere(view: Seated, who: tuple[str, ...]) -> dict[int, str]:
    """For each seat of a game ``view``'s seat watches (partners: the other game), whom it
    plays (a seat's words name no card: the piles are the table's)."""
    said = {}
    for w in view.watching if view.play is not None else ():
        said[w.seats[0]] = f"plays {who[w.seats[1]]}"
        said[w.seats[1]] = f"plays {who[w.seats[0]]}"
    return said


def _piles(view: Seated, who: tuple[str, ...]) -> dict[int, WatchedPile]:
    """While the holder plays a game of the hand, each other game's pile, by the seat whose
    plate shows it: the first of its seats clockwise from the holder that sits beside the table
    (left or right: the plate across is a single line). A seat sitting the hand out sees the
    game it watches on the table itself, not here."""
    if view.play is None or view.phase != TablePhase.PLAY:
        return {}
    n = len(who)
    found = {}
    for w in view.watching:
        beside = [s for s in w.seats if PLACES[n][(s - view.seat) % n] in (Place.LEFT, Place.RIGHT)]
        if beside:
            at = min(beside, key=lambda s: (s - view.seat) % n)
            top = w.pile[-1] if w.pile else None
            found[at] = WatchedPile(top, len(w.pile), (who[w.seats[0]], who[w.seats[1]]))
    return found


def _to_move(view: Seated) -> set[int]:
    """The seats to move in the games of the hand, as every seat sees them."""
    moving = {w.to_move for w in view.watching if w.to_move is not None}
    play = view.play
    game = next((pair for pair in view.pairing if view.seat in pair), None)
    if play is not None and game is not None and play.to_move is not None:
        moving.add(game[play.to_move])
    return moving


def _sides(view: SeatView) -> bool:
    """Partners: a party of several seats, whose hand is the net of its games."""
    return len(set(view.parties)) < len(view.parties)


def party_board(view: SeatView, who: tuple[str, ...]) -> PartyBoard:
    """The scoreboard, one column per party: a row per finished hand (with partners, each hand's
    net for each side), the totals, and the totals with bonuses once the table is over; in
    Hollywood a row per game."""
    names = party_names(view, who)
    if view.hollywood is not None:
        return _hollywood(view.hollywood, names, view.hands)
    games = ("",) if _sides(view) else ()  # partners: how each hand's two games were scored
    rows = [_hand_row(h, who, bool(games)) for h in view.hands]
    rows.append(("Total", *(str(sum(h.points[p] for h in view.hands)) for p in range(len(names))), *games))
    if view.result is not None:
        rows.append(("With bonuses", *(str(t) for t in view.result.totals), *games))
    return PartyBoard(("Hand", *names, *(("Games",) if games else ())), tuple(rows), names)


def _hollywood(score: HollywoodScore, names: tuple[str, ...], hands: tuple[TableHand, ...]) -> PartyBoard:
    """Each hand's points per party (a row each, to go over its games), then Hollywood's three
    games, a row each (marked once over), and the totals of those finished (a game counts, with
    its bonuses, once it is over)."""
    each = tuple((str(h.number), *(str(p) for p in h.points)) for h in hands)
    played = tuple(
        (f"Game {i}" + (" (over)" if g.result is not None else ""), *(str(p) for p in g.points))
        for i, g in enumerate(score.games, 1)
    )
    total = ("Finished games", *(str(t) for t in score.totals))  # with their bonuses (gin_core)
    return PartyBoard(("Hand", *names), (*each, *played, total), names)


def _hand_row(hand: TableHand, who: tuple[str, ...], games: bool) -> tuple[str, ...]:
    """A finished hand's points per party (``games``: and its games' results in words)."""
    cells = (str(hand.number), *(str(p) for p in hand.points))
    if not games:
        return cells
    return (*cells, "; ".join(game_result((who[g.seats[0]], who[g.seats[1]]), g.record) for g in hand.games))


def game_result(players: tuple[str, str], record: HandRecord) -> str:
    """How a finished game was scored, gin_core's arithmetic in the players' names."""
    s = record.settlement
    return "Dead hand: no score" if s is None else narrate.game_words(s, players)
