"""Seatings played by bots: the invariants of every table (conservation of points, turn order,
rotation, seats sitting out, fairness of every view, save round trips and deal-code replays)."""

from __future__ import annotations

import random
from dataclasses import fields, is_dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_core.actions import Action
from gin_core.bots import make_bot
from gin_core.cards import Card
from gin_core.errors import UndoError
from gin_core.seating import TABLE_PRESETS, Scoring, Seating, table_preset
from gin_core.table import TableMatch, TablePhase
from gin_core.tablesave import dumps, loads
from gin_core.tablescore import side_net


def examples(fraction: float, minimum: int = 2) -> int:
    """A fraction of the active profile's max_examples (see conftest.py)."""
    return max(minimum, int(settings.default.max_examples * fraction))


SEATINGS = st.sampled_from(sorted(TABLE_PRESETS))
LOW_TARGET = {Scoring.HOLLYWOOD: 60, Scoring.RUNNING: 80}  # short matches: each of three games, or one


def new_table(name: str, seed: int, rotation: str = "loser") -> TableMatch:
    rules = table_preset(name)
    rules = rules.replace(target=LOW_TARGET[rules.definition.scoring])
    if name == "three":
        rules = rules.replace(rotation=rotation)
    return TableMatch(rules, seed=seed)


class Players:
    """One bot per seat, deciding from that seat's two-player view only; ``rng`` picks which of
    the seats to move acts first (partners' two games run side by side)."""

    def __init__(self, table: TableMatch, level: str, seed: int):
        self.bots = [make_bot(level, seed + s) for s in range(table.seats)]
        self.rng = random.Random(seed)

    def step(self, table: TableMatch) -> tuple[int, Action]:
        if table.phase == TablePhase.HAND_OVER:
            seat = self.rng.randrange(table.seats)
            return seat, table.legal_actions(seat)[0]
        seat = self.rng.choice(table.to_move)
        play = table.view(seat).play
        assert play is not None
        return seat, self.bots[seat].decide(play).action


def play_out(
    table: TableMatch, players: Players, limit: int | None = None, check=None
) -> list[tuple[int, Action]]:
    moves = []
    while table.result is None and (limit is None or len(moves) < limit):
        if check is not None:
            check(table)
        seat, action = players.step(table)
        table.apply(seat, action)
        moves.append((seat, action))
    return moves


def check_turns(table: TableMatch) -> None:
    """Only seats playing this hand may act, at most one per game, each in its own game."""
    movers = table.to_move
    if table.phase == TablePhase.HAND_OVER:
        assert movers == () and all(table.legal_actions(s) for s in range(table.seats))
        return
    games = [table.pairing.index(next(p for p in table.pairing if s in p)) for s in movers]
    assert len(set(games)) == len(games) >= 1
    for s in range(table.seats):
        assert bool(table.legal_actions(s)) == (s in movers)
        if table.game_of(s) is None:
            assert table.view(s).play is None


def cards_in(value: object) -> set[Card]:
    """Every card reachable from a view's fields."""
    if isinstance(value, Card):
        return {value}
    if is_dataclass(value) and not isinstance(value, type):
        return set().union(*(cards_in(getattr(value, f.name)) for f in fields(value)))
    if isinstance(value, (tuple, list, frozenset, set)):
        return set().union(*(cards_in(v) for v in value))
    return set()


def check_views(table: TableMatch) -> None:
    """No view shows a card of a live game that the seat could not know: the stock, and a
    hand's cards other than its own and those its opponent is known to have taken."""
    for g, (match, seats) in enumerate(zip(table.games, table.pairing, strict=True)):
        if match.result is not None:
            continue
        h = match.hand
        for seat in range(table.seats):
            view = table.view(seat)
            own = seats.index(seat) if seat in seats else None
            hidden = set(h.stock)
            for p in (0, 1):
                if p != own:
                    hidden |= set(h.hands[p]) - set(h.known[p])
            shown = (
                cards_in(view.play)
                if own is not None
                else cards_in([w for w in view.watching if w.seats == seats])
            )
            assert not shown & hidden, (seat, g, shown & hidden)


@settings(max_examples=examples(0.25))
@given(SEATINGS, st.integers(0, 2**32), st.sampled_from(["beginner", "standard"]))
def test_scores_are_the_sum_of_the_hand_results_and_the_rotation_follows_the_text(name, seed, level):
    table = new_table(name, seed)
    play_out(table, Players(table, level, seed), check=check_turns)
    assert table.result is not None and table.phase == TablePhase.MATCH_OVER
    for h in table.hands:
        games = [(g.record.points[0], g.record.points[1]) for g in h.games]
        if table.table.definition.sides:
            assert h.points == side_net(games)
        else:
            assert sum(h.points) == sum(a + b for a, b in games)
    assert table.points == tuple(sum(h.points[p] for h in table.hands) for p in range(table.parties))
    for game in table.result.games:
        parts = (game.hand_points, game.game_bonus, game.line_bonus, game.shutout_bonus)
        assert game.totals == tuple(map(sum, zip(*parts, strict=True)))
    if table.hollywood_scored:
        score = table.view(1).hollywood
        assert score is not None and score.over and len(table.result.games) == 3
        assert table.result.totals == table.scores == score.totals
        assert score.games[0].points[0] == sum(h.points[0] for h in table.hands[: score_end(table)])
    check_rotation(table)


def score_end(table: TableMatch) -> int:
    """How many hands game 1 of a Hollywood table took (every win counts in it while it lasts)."""
    target, points = table.table.target, [0, 0]
    for n, h in enumerate(table.hands, 1):
        points = [points[0] + h.points[0], points[1] + h.points[1]]
        if max(points) >= target:
            return n
    return len(table.hands)


def check_rotation(table: TableMatch) -> None:
    seating = table.table.seating
    for before, after in zip(table.hands, table.hands[1:], strict=False):
        if table.table.definition.sides:
            assert after.dealer == (before.dealer + 1) % 4
            pairs = [g.seats for g in before.games], [g.seats for g in after.games]
            assert all(a[0] % 2 == 0 and a[1] % 2 == 1 for a in pairs[1]) and pairs[0] != pairs[1]
        elif seating == Seating.THREE:
            game = before.games[0]
            players = set(game.seats)
            assert before.dealer not in players and after.dealer not in set(after.games[0].seats)
            if game.record.winner is None:
                assert after.dealer == before.dealer
            else:
                winner = game.seats[game.record.winner]
                assert after.dealer == (players - {winner}).pop()
                assert set(after.games[0].seats) == {winner, before.dealer}


@settings(max_examples=examples(0.1))
@given(st.integers(0, 2**32))
def test_three_players_clockwise_the_deal_moves_one_seat_each_hand(seed):
    table = new_table("three", seed, rotation="clockwise")
    play_out(table, Players(table, "beginner", seed))
    assert all(b.dealer == (a.dealer + 1) % 3 for a, b in zip(table.hands, table.hands[1:], strict=False))


@settings(max_examples=examples(0.15))
@given(SEATINGS, st.integers(0, 2**32))
def test_no_view_reveals_a_hidden_card(name, seed):
    table = new_table(name, seed)
    play_out(table, Players(table, "beginner", seed), limit=160, check=check_views)


@settings(max_examples=examples(0.2))
@given(SEATINGS, st.integers(0, 2**32), st.integers(0, 300))
def test_a_save_mid_match_loads_to_the_same_table_and_plays_on_the_same(name, seed, steps):
    table = new_table(name, seed)
    players = Players(table, "beginner", seed)
    play_out(table, players, limit=steps)
    text = dumps(table)
    loaded = loads(text)
    assert dumps(loaded) == text and loaded.view(0) == table.view(0)
    for seat, action in play_out(table, players):
        loaded.apply(seat, action)
    assert dumps(loaded) == dumps(table) and loaded.result == table.result


@settings(max_examples=examples(0.1))
@given(SEATINGS, st.integers(0, 2**32))
def test_every_game_is_an_ordinary_deal_its_deal_code_replays(name, seed):
    table = new_table(name, seed)
    moves = play_out(table, Players(table, "beginner", seed))
    hand, per_game = 0, {}
    for seat, action in moves:
        if action.kind == "next_hand":
            hand += 1
            continue
        record = table.hands[hand]
        assert any(seat in game.seats for game in record.games)  # a seat sitting out never acted
        g = next(i for i, game in enumerate(record.games) if seat in game.seats)
        per_game.setdefault((hand, g), []).append((record.games[g].seats.index(seat), action))
    for (hand, g), game_moves in per_game.items():
        replay = table.replay(hand + 1, g)
        for player, action in game_moves:
            replay.apply(action, player)
        assert replay.records == [table.hands[hand].games[g].record]


@settings(max_examples=examples(0.3), deadline=None)
@given(SEATINGS, st.integers(0, 10_000), st.integers(0, 90))
def test_a_seat_takes_back_its_last_move_only_while_its_game_showed_it_nothing(name, seed, moves):
    table = new_table(name, seed)
    play_out(table, Players(table, "beginner", seed), limit=moves)
    for seat in range(table.seats):
        found = table.game_of(seat)
        why = table.fair_undo(seat)
        if found is None or table.phase != TablePhase.PLAY:
            assert why == "nothing"
        else:
            assert why == found[0].fair_undo(found[1])
        before = dumps(table)
        if why is not None:
            with pytest.raises(UndoError):
                table.undo(seat)
            assert dumps(table) == before  # untouched on refusal
            continue
        k = max(i for i, (s, _) in enumerate(table.history) if s == seat)
        taken = table.history[k]
        others = [m for i, m in enumerate(table.history) if i != k]
        table.undo(seat)
        assert table.history == others  # the other games' moves since stay played
        assert seat in table.to_move and taken[1] in table.legal_actions(seat)
        assert loads(dumps(table)).history == others
        table.apply(*taken)  # played again: the same table
        assert table.view(seat) == loads(before).view(seat)
        return


def test_the_upcard_taken_is_taken_back_and_an_answered_pass_is_not():
    table = new_table("three", 1)
    seat = table.to_move[0]
    table.apply(seat, "draw_pile")
    assert table.fair_undo(seat) is None
    table.undo(seat)
    assert table.history == [] and table.to_move == (seat,)
    table.apply(seat, "pass")
    (other,) = table.to_move
    table.apply(other, table.legal_actions(other)[0])
    assert table.fair_undo(seat) == "answered"
    assert table.fair_undo(table.dealer) == "nothing"  # the dealer sits out
