"""The puzzle page's pure parts (puzzle.html, and a puzzle embedded in a blog post): a keeper
that keeps nothing, so a reader's storage is never read nor written; the rules line; the page's
two links (the next puzzle of the set, the same puzzle in the whole game). Pure: no ``js``;
tested in CPython (tests/test_web_puzzle_page.py). The page itself is page.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from gin_core import preset_name
from gin_core.puzzles.position import Position
from gin_core.puzzles.puzzle import next_id, puzzle_id

from ..kit.frozen import Frozen
from ..kit.urltext import quote
from ..storage import stats
from .play import TODAY, Shown

if TYPE_CHECKING:
    from ..storage.stats import StatsUpdate

T = TypeVar("T")

FIRST = puzzle_id(0)


class Nowhere:
    """Records (storage/vault.py's ``Vault``) with no storage: puts are dropped, reads find
    nothing, nothing is counted; ``now`` is given (the page's clock, UTC) for the puzzle of the
    day."""

    def __init__(self, now: Callable[[], str]) -> None:
        self.clock = now
        self.stats_data = stats.empty()

    def put(self, name: str, text: str) -> None:
        """Nothing is kept: an embedded puzzle never writes the reader's storage."""

    def read(self, name: str, parse: Callable[[Any], T], what: str) -> T | None:
        return None

    def remove(self, name: str) -> None:
        """Nothing was kept."""

    def seal_key(self) -> str:
        return ""  # nothing is sealed where nothing is kept

    def count(self, update: StatsUpdate) -> None:
        """Nothing is counted: the reader's statistics are their own page's."""

    def notify(self, text: str) -> None:
        """Nothing is read, so nothing is ever reset."""

    def now(self) -> str:
        return self.clock()

    def new_uid(self) -> str:
        return ""  # no match is played here

    def lasting(self) -> bool:
        return False


class Links(Frozen):
    next_id: str  # the puzzle "Next puzzle" shows
    next_href: str  # the same on its own page (a new tab, a shared link)
    game_href: str  # this puzzle in the whole game


def following(shown: Shown | None) -> str:
    """The id after the shown puzzle's in the set (the first after the last, or after a shared
    position not in the set)."""
    pid = "" if shown is None or shown.puzzle is None else shown.puzzle.id
    return next_id(pid) if pid else FIRST


def links(address: str, asked: str, shown: Shown | None) -> Links:
    """The links of the page at ``address`` (the game's folder, or the page's own address)
    showing the puzzle asked for as ``asked`` (TODAY, an id or a position code)."""
    folder = address[: address.rfind("/") + 1]
    nxt = following(shown)
    return Links(nxt, f"{folder}puzzle.html?puzzle={nxt}", f"{folder}?puzzle={quote(asked or TODAY)}")


def rules_words(position: Position) -> str:
    """The rules of the position in a line: the preset's name (or "house rules"), the knock
    limit of this hand (and a knock forced at the wall) and the gin bonus."""
    v = position.view()
    name = preset_name(v.rules)
    named = "house rules" if name is None else f"{name.replace('_', ' ')} rules"
    knock = "gin only" if v.knock_limit == 0 else f"knock with {v.knock_limit} or less"
    wall = "; this turn must end with a knock" if v.must_knock else ""
    return f"Rules: {named}; {knock} this hand{wall}; gin scores {v.rules.gin_bonus} extra."
