"""The puzzle page (puzzle.html; embed.js and embed.html show it for ``data-puzzle`` and
``?puzzle=``): one puzzle as the whole page, answered by a click or the keyboard (the moves are
buttons), then the verdict with every move's value and the reason, and the links to the next
puzzle and to the whole game. "Next puzzle" swaps the puzzle in place (a blog post stays where
it is).

It is small on purpose: it imports no table session, restores no match, starts no warm-up and
reads and writes no storage (alone.Nowhere), so a reader's own match, statistics and puzzle
progress are never touched. The presenter and the writer are the puzzles dialog's (model.py,
ui.py)."""

from __future__ import annotations

import datetime
from typing import Any

from gin_core import GinError

from ..kit import dom
from . import alone, model
from .play import TODAY, Puzzles, answer_of
from .record import MAX_CODE
from .ui import PuzzlesUI

PARAM = "puzzle"


class PuzzlePage:
    def __init__(self, address: str, asked: str) -> None:
        """``address``: the game's address (links); ``asked``: the puzzle asked for."""
        self.address = address
        self.asked = asked
        self.ui = PuzzlesUI()
        self.puzzles = Puzzles(alone.Nowhere(_now), lasting=False)

    def start(self) -> None:
        self.show(self.asked, focus=False)  # a blog post is not scrolled to the puzzle
        dom.listen(dom.root, "click", self.click)
        dom.set_attr(dom.root, "data-ready", "1")

    def show(self, text: str, focus: bool = True) -> None:
        """Show the puzzle ``text`` names (TODAY, an id or a position code), or say why not."""
        self.asked = text
        try:
            shown = self.puzzles.shared(text)
        except GinError:
            self.ui.nothing(f"No puzzle here: {model.not_a_puzzle(text)}")
            self.links()
            return
        self.ui.board(model.board(shown.position, shown.title), focus)
        dom.set_text(dom.by_id("puzzle-rules"), alone.rules_words(shown.position))
        self.ui.answer(None)
        self.links()
        work = self.puzzles.work()  # a shared position: its values are worked out at once
        if work is not None:
            dom.spawn(self.solve(*work))

    def links(self) -> None:
        found = alone.links(self.address, self.asked, self.puzzles.shown)
        nxt = dom.by_id("puzzle-next")
        nxt.href = found.next_href
        nxt.dataset.value = found.next_id
        dom.by_id("puzzle-game").href = found.game_href

    def click(self, event: Any) -> None:
        el = dom.closest(event.target, "[data-act]")
        if el is None:
            return
        act = str(el.dataset.act)
        if act == "puzzle-move":
            self.answer(str(el.dataset.action))
        elif act == "puzzle-next":
            event.preventDefault()
            self.show(str(el.dataset.value))

    def answer(self, move: str) -> None:
        if self.puzzles.answer(move):
            self.verdict()

    def verdict(self) -> None:
        s = self.puzzles.shown
        if s is None or s.played is None:
            return
        if not s.valued:
            self.ui.answer(None, waiting=True)
            return
        self.ui.answer(answer_of(s, ""))

    async def solve(self, key: str, work: Any) -> None:
        """Value the shared position on screen between frames; dropped once another is shown."""
        done = await dom.in_slices(work, lambda: self.puzzles.job_key() == key)
        if done is not None and self.puzzles.solved(key, done[0]):
            self.verdict()


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat()


def main() -> None:
    """Start the page: the puzzle asked for by the address (?puzzle=) or, embedded, by the
    container's data-puzzle; the puzzle of the day when none is."""
    given = dom.data_options([PARAM]) if dom.embedded else {}
    asked = given.get(PARAM) or _from_address() or TODAY
    PuzzlePage(dom.game_address(), asked).start()


def _from_address() -> str:
    found = dom.opt(dom.window.URLSearchParams.new(dom.window.location.search).get(PARAM))
    return "" if found is None else str(found)[:MAX_CODE]
