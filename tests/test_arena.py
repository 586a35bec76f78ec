"""The arena: mirrored pairs, the interval, forfeits, the printed table."""

from __future__ import annotations

import sys

import pytest

from gin_core import arena
from gin_core.actions import Action
from gin_core.cards import CARDS
from gin_core.bots import BOTS
from gin_core.bots.base import Bot, Decision


def test_pairs_swap_seats_on_the_same_deals():
    _, a, b = arena.play_pair(("simple", "beginner", "eaai", 5, 0))
    assert a.matches + b.matches == 2
    assert a.hands == b.hands > 0
    s = arena.match_seed(5, 0)
    assert s == arena.match_seed(5, 0) != arena.match_seed(6, 0)
    one = arena.play_match(("simple", "beginner"), "eaai", s)
    two = arena.play_match(("beginner", "simple"), "eaai", s)
    assert a.matches == one[0].matches + two[1].matches


def test_run_is_deterministic_and_counts_every_match():
    first = arena.run("beginner", "simple", "openspiel", 6, 3, jobs=1)
    again = arena.run("beginner", "simple", "openspiel", 6, 3, jobs=1)
    assert [t.matches for t in first[:2]] == [t.matches for t in again[:2]]
    assert first[2] == again[2] and len(first[2]) == 3
    assert first[0].matches + first[1].matches == 6


@pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide has no multiprocessing")
def test_parallel_run_equals_serial_run():
    serial = arena.run("beginner", "simple", "openspiel", 6, 3, jobs=1)
    parallel = arena.run("beginner", "simple", "openspiel", 6, 3, jobs=2)
    assert [t.matches for t in serial[:2]] == [t.matches for t in parallel[:2]]
    assert serial[2] == parallel[2]


def test_interval():
    mean, lo, hi = arena.interval([1.0, 0.5, 0.5, 0.0])
    assert mean == 0.5 and lo < 0.5 < hi
    assert arena.interval([0.5, 0.5]) == (0.5, 0.5, 0.5)


class Cheat(Bot):
    """Always discards a card it does not hold."""

    name = "cheat"

    def plan(self, view, rng, work):
        yield from ()
        card = next(c for c in reversed(CARDS) if c not in view.hand)
        kind = "discard" if view.phase == "discard" else view.legal_actions[0].kind
        return Decision(Action(kind, card) if kind == "discard" else Action(kind), "cheats")


def test_illegal_action_forfeits(monkeypatch):
    monkeypatch.setitem(BOTS, "cheat", Cheat)
    cheat, other = arena.play_match(("cheat", "simple"), "eaai", 1)
    assert cheat.illegal == 1 and other.matches == 1 and cheat.matches == 0


def test_main_prints_a_table(capsys):
    assert arena.main(["--a", "standard", "--b", "simple", "--games", "2", "--jobs", "1", "--rules", "openspiel"]) == 0
    out = capsys.readouterr().out
    assert "2 matches (1 mirrored pairs)" in out and "95% CI" in out
    assert "A standard" in out and "B simple" in out and "ms p95" in out
