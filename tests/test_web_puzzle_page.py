"""The puzzle page's pure parts (web/ginweb/puzzles/alone.py): it keeps nothing (an embedded
puzzle never reads nor writes a reader's storage) while a puzzle is answered, "Next puzzle"
walks the set (and wraps), "Open in the game" opens the puzzle asked for in the game, and the
rules line says the rules the position is played under."""

from __future__ import annotations

import datetime
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from gin_core import preset_name
from gin_core.puzzles.puzzle import Puzzle, daily_puzzle, puzzle_by_id, puzzle_id, puzzle_set

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
from ginweb.puzzles import alone
from ginweb.puzzles.play import TODAY, Puzzles
from ginweb.table import params

NOW = "2026-11-26T01:00:00+00:00"
GAME = "https://games.example/gin/"


class Watched(alone.Nowhere):
    """Nowhere that counts what is asked of it: nothing may be read or written."""

    def __init__(self) -> None:
        super().__init__(lambda: NOW)
        self.asked: list[str] = []

    def put(self, name: str, text: str) -> None:
        self.asked.append(f"put {name}")
        super().put(name, text)

    def read(self, name: str, parse: Callable[[Any], Any], what: str) -> Any:
        self.asked.append(f"read {name}")
        return super().read(name, parse, what)


def test_nowhere_keeps_nothing_while_a_puzzle_is_answered() -> None:
    keep = Watched()
    puzzles = Puzzles(keep, lasting=False)
    shown = puzzles.shared(TODAY)
    assert shown.puzzle == daily_puzzle(datetime.date(2026, 11, 26))
    assert puzzles.answer(str(shown.puzzle.moves[-1].action))
    assert puzzles.answered() is not None
    # the page starts by one read that finds nothing; not one write, however it is answered
    assert all(a.startswith("read") for a in keep.asked), keep.asked
    assert alone.Nowhere(lambda: NOW).read("puzzles", dict, "x") is None


def test_next_walks_the_set_and_wraps_to_the_first() -> None:
    every = puzzle_set()
    puzzles = Puzzles(alone.Nowhere(lambda: NOW), lasting=False)
    assert alone.following(puzzles.shared(every[0].id)) == every[1].id
    assert alone.following(puzzles.shared(every[-1].id)) == every[0].id
    assert alone.following(None) == alone.FIRST == every[0].id


def test_a_shared_position_is_followed_by_the_first_puzzle() -> None:
    code = puzzle_by_id(puzzle_id(3)).position.code
    puzzles = Puzzles(alone.Nowhere(lambda: NOW), lasting=False)
    shown = puzzles.shared(code)
    assert shown.puzzle is None  # valued later, in the page's background
    assert alone.following(shown) == alone.FIRST


@settings(max_examples=30, deadline=None)
@given(
    st.integers(min_value=0, max_value=len(puzzle_set()) - 2), st.sampled_from([GAME, GAME + "puzzle.html"])
)
def test_the_links_name_the_next_puzzle_and_the_game(index: int, address: str) -> None:
    puzzles = Puzzles(alone.Nowhere(lambda: NOW), lasting=False)
    pid = puzzle_id(index)
    links = alone.links(address, pid, puzzles.shared(pid))
    assert links.next_id == puzzle_id(index + 1)
    assert links.next_href == f"{GAME}puzzle.html?puzzle={links.next_id}"
    assert links.game_href == f"{GAME}?puzzle={pid}"
    assert alone.links(address, "", None).game_href == f"{GAME}?puzzle={TODAY}"


@given(st.text(max_size=60))
def test_open_in_the_game_keeps_the_asked_text_one_parameter(asked: str) -> None:
    """Issue 43 item 17: the asked text went into the link unencoded (``&seed=…`` got through
    as a parameter of its own); read back as the page reads it, it is the text asked for."""
    href = alone.links(GAME, asked, None).game_href
    query = href.removeprefix(f"{GAME}?")
    assert "&" not in query and "#" not in query and " " not in query
    read = params.parse(f"?{query}", lambda seed, deal: None, ("puzzle",), ("puzzle",))
    assert dict(read.options) == {"puzzle": asked or TODAY}


def test_open_in_the_game_encodes_a_second_parameter() -> None:
    assert alone.links(GAME, "p0001&seed=5", None).game_href == f"{GAME}?puzzle=p0001%26seed%3D5"


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(puzzle_set()))
def test_the_rules_line_names_the_preset_and_the_knock_limit(puzzle: Puzzle) -> None:
    v = puzzle.position.view()
    line = alone.rules_words(puzzle.position)
    name = preset_name(v.rules)
    assert ("house rules" in line) == (name is None)
    assert (f"knock with {v.knock_limit} or less" in line) == (v.knock_limit > 0)
    assert f"gin scores {v.rules.gin_bonus} extra" in line
