"""A table of two, three or four seats playing ordinary two-player hands (see
:mod:`gin_core.seating`): the engine that says who plays, who deals and what each hand scores.

Each game of a hand is a one-hand :class:`~gin_core.match.Match` between two seats (its player
0 and player 1), so every rule check, view and deal code is the two-player one; the table only
routes a seat's action to its game, deals the next hand when all games are over, and keeps the
score. Like a match it is a pure function of its rules, seed, first dealer and the actions
applied (:mod:`gin_core.tablesave`). A seat may take back its last move of the hand as a
person may at two (:meth:`TableMatch.fair_undo`, the game's :meth:`Match.fair_undo`): only while
its game shows it nothing new since (the other games' moves show it only the table).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum

from .actions import Action, ActionKind
from .cards import Card
from .checks import check_int, check_seed, describe
from .dealcode import deal_seed, random_seed
from .errors import ArgumentError, UndoError
from .flow import Phase
from .hollywood import HollywoodScore, hollywood_score
from .match import Match, TakeBack
from .refusals import IllegalAction, Refusal
from .results import HandRecord
from .seating import (
    Pairing,
    Scoring,
    Seating,
    TableRules,
    hand_dealer,
    next_table_dealer,
    pairing,
    party_points,
)
from .tablescore import Scores, TableResult, game_result, table_result
from .view import PlayerView

GAMES_PER_HAND = 2
"""The most games in one hand (partners): each game's seed is numbered within its hand."""


class TablePhase(StrEnum):
    """Where a table stands: a hand in ``play``, every game of it over, or the end."""

    PLAY = "play"
    HAND_OVER = "hand_over"
    MATCH_OVER = "match_over"


@dataclass(frozen=True)
class GameRecord:
    """One finished game of a hand: the seats that played it (its player 0 and player 1)."""

    seats: tuple[int, int]
    record: HandRecord


@dataclass(frozen=True)
class TableHand:
    """One finished hand at the table: ``number`` from 1, the table's dealer, its games, and
    what each party (seat, or side of partners) scored in it."""

    number: int
    dealer: int
    games: tuple[GameRecord, ...]
    points: Scores

    @property
    def winner(self) -> int | None:
        """The party that scored in this hand (``None``: dead, or nobody ahead)."""
        best = max(self.points)
        return self.points.index(best) if best > 0 else None


@dataclass(frozen=True)
class GameWatch:
    """What any seat sees of a game it does not play: the table, not the hands."""

    seats: tuple[int, int]
    phase: Phase
    to_move: int | None
    pile: tuple[Card, ...]
    stock_size: int
    hand_sizes: tuple[int, int]
    showdown: HandRecord | None


@dataclass(frozen=True)
class SeatView:
    """What one seat may know: its own game exactly as a two-player :class:`PlayerView`
    (``play``, ``None`` while sitting out; a one-hand match, so its phase is ``match_over``
    once the game is over), the other games as a watcher sees them, each seat's party (its
    seat, or its side of partners), the table's ``scores`` (per party) and, when Hollywood
    scores the table, the three games."""

    seat: int
    seating: Seating
    phase: TablePhase
    dealer: int
    hand_number: int
    pairing: Pairing
    play: PlayerView | None
    watching: tuple[GameWatch, ...]
    parties: tuple[int, ...]
    scores: Scores
    hands: tuple[TableHand, ...]
    result: TableResult | None
    hollywood: HollywoodScore | None
    legal_actions: tuple[Action, ...]


class TableMatch:
    """Seats 0..n-1 playing hands under ``table`` until a party reaches the target (in
    Hollywood, until the three games are over)."""

    def __init__(self, table: TableRules, seed: int | None = None, dealer: int | None = None):
        """``seed`` fixes every deal; ``dealer`` is the first dealer (else drawn from the seed,
        as a cut would)."""
        if not isinstance(table, TableRules):
            raise ArgumentError(
                f"a table needs TableRules, e.g. table_preset('three'), not {describe(table)}"
            )
        self.table = table
        self.seed = random_seed() if seed is None else check_seed(seed)
        self.dealer_choice = None if dealer is None else self._check_seat(dealer, "dealer")
        first = random.Random(f"gin-table:{self.seed}").randrange(table.seats)
        self.first_dealer = first if self.dealer_choice is None else self.dealer_choice
        self.hands: list[TableHand] = []
        self.history: list[tuple[int, Action]] = []
        self.result: TableResult | None = None
        self._deal(self.first_dealer)

    def _check_seat(self, seat: object, what: str = "seat") -> int:
        if type(seat) is int and 0 <= seat < self.table.seats:
            return seat
        raise ArgumentError(f"{what} must be a seat from 0 to {self.table.seats - 1}, not {describe(seat)}")

    def _deal(self, dealer: int) -> None:
        self.dealer = dealer
        self.pairing = pairing(self.table, dealer, len(self.hands))
        inner = hand_dealer(self.table, dealer)
        self.games = [
            Match(self.table.hand_rules, deal_seed(self.seed, len(self.hands) * GAMES_PER_HAND + g), inner)
            for g in range(len(self.pairing))
        ]

    # ----- state ------------------------------------------------------------------------

    @property
    def seats(self) -> int:
        return self.table.seats

    @property
    def phase(self) -> TablePhase:
        if self.result is not None:
            return TablePhase.MATCH_OVER
        if self._hand_over():
            return TablePhase.HAND_OVER
        return TablePhase.PLAY

    def _hand_over(self) -> bool:
        return all(m.result is not None for m in self.games)

    def game_of(self, seat: int) -> tuple[Match, int] | None:
        """The game ``seat`` plays in this hand and its player number there (``None``: it sits
        out)."""
        for match, seats in zip(self.games, self.pairing, strict=True):
            if seat in seats:
                return match, seats.index(seat)
        return None

    @property
    def to_move(self) -> tuple[int, ...]:
        """The seats that may act now, in seat order (between hands: none; anyone deals)."""
        return tuple(s for s in range(self.seats) if self._moves(s))

    def _moves(self, seat: int) -> bool:
        found = self.game_of(seat)
        return found is not None and found[0].to_move == found[1]

    def legal_actions(self, seat: int) -> list[Action]:
        self._check_seat(seat)
        if self.phase == TablePhase.MATCH_OVER:
            return []
        if self.phase == TablePhase.HAND_OVER:
            return [Action(ActionKind.NEXT_HAND)]
        found = self.game_of(seat)
        return found[0].legal_actions() if found is not None and self._moves(seat) else []

    # ----- acting -----------------------------------------------------------------------

    def apply(self, seat: int, action: Action | str) -> None:
        """Play ``action`` for ``seat``; a refused action raises :class:`IllegalAction` and
        changes nothing (a seat sitting out, or whose opponent is to move, is refused as out
        of turn)."""
        self._check_seat(seat)
        if isinstance(action, str):
            action = Action.parse(action)
        elif not isinstance(action, Action):
            raise ArgumentError(f"an action must be an Action or its text, not {describe(action)}")
        if self.phase == TablePhase.MATCH_OVER:
            raise IllegalAction(Refusal.MATCH_OVER)
        if self.phase == TablePhase.HAND_OVER:
            if action.kind != ActionKind.NEXT_HAND:
                raise IllegalAction(Refusal.DEAL_NEXT)
            self.history.append((seat, action))
            self._deal(next_table_dealer(self.table, self.dealer, self._hand_winner_seat()))
            return
        found = self.game_of(seat)
        if found is None or not self._moves(seat):
            raise IllegalAction(Refusal.NOT_YOUR_TURN, player=seat)
        found[0].apply(action, player=found[1])
        self.history.append((seat, action))
        if self._hand_over():
            self._finish_hand()

    def fair_undo(self, seat: int) -> TakeBack | None:
        """Why ``seat`` may not take back its last move (None: it may): as in its game at two,
        a stock draw showed it a card, an answer showed it the reply; nothing to take back
        between hands or while it sits out."""
        self._check_seat(seat)
        found = self.game_of(seat)
        if self.phase != TablePhase.PLAY or found is None:
            return TakeBack.NOTHING
        return found[0].fair_undo(found[1])

    def undo(self, seat: int) -> None:
        """Take back ``seat``'s last move when :meth:`fair_undo` allows it (the other games'
        moves since stay played); otherwise :class:`UndoError` and nothing changes."""
        why = self.fair_undo(seat)
        if why is not None:
            raise UndoError(f"seat {seat} may not take back its last move ({why})")
        k = max(i for i, (s, _) in enumerate(self.history) if s == seat)
        again = TableMatch(self.table, self.seed, self.dealer_choice)
        for s, action in self.history[:k] + self.history[k + 1 :]:
            again.apply(s, action)
        self.__dict__.update(again.__dict__)

    def _hand_winner_seat(self) -> int | None:
        """The seat that won the last hand's (only) game, for the dealer rotation."""
        game = self.hands[-1].games[0]
        winner = game.record.winner
        return None if winner is None else game.seats[winner]

    def _finish_hand(self) -> None:
        games = tuple(
            GameRecord(seats, m.records[-1]) for m, seats in zip(self.games, self.pairing, strict=True)
        )
        self.hands.append(TableHand(len(self.hands) + 1, self.dealer, games, self._party_points(games)))
        self._check_over()

    def _party_points(self, games: tuple[GameRecord, ...]) -> Scores:
        return party_points(self.table, [(g.seats, (g.record.points[0], g.record.points[1])) for g in games])

    def played(self, number: int) -> tuple[Match, ...]:
        """The games of finished hand ``number`` (from 1) as they were played, each a one-hand
        match at its end (its moves can be gone over): the table's own while that hand is the
        last and the next is not dealt, else the table replayed to the end of that hand."""
        if not 0 < number <= len(self.hands):
            raise ArgumentError(
                f"hand must be a finished hand from 1 to {len(self.hands)}, not {describe(number)}"
            )
        if number == len(self.hands) and self.phase != TablePhase.PLAY:
            return tuple(self.games)
        again = TableMatch(self.table, self.seed, self.dealer_choice)
        for seat, action in self.history:
            if len(again.hands) == number:
                break
            again.apply(seat, action)
        return tuple(again.games)

    def replay(self, number: int, game: int = 0) -> Match:
        """Game ``game`` of finished hand ``number`` (from 1) dealt again as an ordinary
        one-hand two-player match, from its deal code."""
        check_int(number, "number (a finished hand)", 1, len(self.hands))
        check_int(game, "game", 0, len(self.hands[number - 1].games) - 1)
        record = self.hands[number - 1].games[game].record
        return Match(self.table.hand_rules, seed=self.seed, dealer=record.dealer, first_deal=record.deal_code)

    # ----- score ------------------------------------------------------------------------

    @property
    def parties(self) -> int:
        """How many scores are kept: one per seat, or one per side of partners."""
        return self.table.definition.party_count

    @property
    def points(self) -> Scores:
        """Each party's hand points so far (their sum over the hands)."""
        return tuple(sum(h.points[p] for h in self.hands) for p in range(self.parties))

    def hollywood(self) -> HollywoodScore:
        """The three games of a Hollywood table so far."""
        wins = [(h.winner, max(h.points)) for h in self.hands]
        return hollywood_score(self.table.rules, self.table.target, wins)

    @property
    def hollywood_scored(self) -> bool:
        """The seating scores Hollywood's three games (else one running score per party)."""
        return self.table.definition.scoring == Scoring.HOLLYWOOD

    @property
    def scores(self) -> Scores:
        """What the scoreboard shows: hand points (Hollywood: totals of the finished games)."""
        if self.hollywood_scored:
            return self.hollywood().totals
        return self.points

    def _check_over(self) -> None:
        if self.hollywood_scored:
            score = self.hollywood()
            if score.over:
                self.result = table_result(score.finished)
            return
        points = self.points
        if max(points) >= self.table.target:
            won = [sum(1 for h in self.hands if h.winner == p) for p in range(self.parties)]
            self.result = table_result([game_result(self.table.rules, points, won)])

    # ----- what a seat sees -------------------------------------------------------------

    def view(self, seat: int) -> SeatView:
        """Everything ``seat`` may know: its own game's two-player view, and of the others only
        the table (pile, stock size, hand sizes, and the showdown once it is over)."""
        self._check_seat(seat)
        found = self.game_of(seat)
        watching = tuple(
            _watch(m, seats) for m, seats in zip(self.games, self.pairing, strict=True) if seat not in seats
        )
        return SeatView(
            seat=seat,
            seating=self.table.seating,
            phase=self.phase,
            dealer=self.dealer,
            hand_number=len(self.hands) + (1 if self.phase == TablePhase.PLAY else 0),
            pairing=self.pairing,
            play=None if found is None else found[0].view(found[1]),
            watching=watching,
            scores=self.scores,
            hands=tuple(self.hands),
            result=self.result,
            parties=self.table.definition.parties,
            hollywood=self.hollywood() if self.hollywood_scored else None,
            legal_actions=tuple(self.legal_actions(seat)),
        )


def _watch(match: Match, seats: tuple[int, int]) -> GameWatch:
    over = match.result is not None
    mover = match.to_move
    return GameWatch(
        seats=seats,
        phase=match.phase,
        to_move=None if mover is None else seats[mover],
        pile=tuple(match.hand.pile),
        stock_size=len(match.hand.stock),
        hand_sizes=(len(match.hand.hands[0]), len(match.hand.hands[1])),
        showdown=match.records[-1] if over else None,
    )
