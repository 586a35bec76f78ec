"""The puzzles as the page plays them: which puzzle is on screen (the puzzle of the day, the
next one near your rating, your own mistake, a shared position), the answer kept until the
values are known, your progress kept in storage (``puzzles``, read again before every change),
and the values of a position not in the shipped set worked out as background work.

A position not in the set is judged as the hand's analysis judges a move
(``gin_core.analysis.think_seen``, ranked as the hint ranks: judged.py): your own mistake with
the seed its analysis drew its guesses with, so the puzzle's values, order and grade are the
analysis's own; a shared position, or a mistake queued before its seed was kept, with a seed
drawn from its code (:func:`code_seed`): the analysis's method and strength, other guesses. A
meld choice (the knocker's melds, which the analysis does not judge) keeps the hint-strength
values of ``think_solve``.

Your mistakes are valued ahead, in the background, newest first (:meth:`Puzzles.ahead`), and
their values kept with them in the stored record (valued.py's form): a mistake so valued shows
its verdict as soon as you answer; one not valued yet is valued once it is on screen.

An embedded puzzle keeps its progress in memory only: a blog's reader's storage is never
written. Pure: no ``js``.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import time
from collections.abc import Callable, Generator, Sequence
from typing import TYPE_CHECKING, Literal

from gin_core import Action, GinError, PlayerView
from gin_core.analysis import Judged, MistakeKind, ranked, think_seen
from gin_core.puzzles.position import Position
from gin_core.puzzles.puzzle import (
    MoveValue,
    Puzzle,
    PuzzleError,
    daily_puzzle,
    puzzle_by_id,
    puzzle_id,
    puzzle_of,
    think_solve,
)

from ..kit.background import SLICE_MS
from ..kit.frozen import Frozen
from . import judged, model, record, valued
from .valued import Valued

if TYPE_CHECKING:
    from ..storage.vault import Vault

Kind = Literal["today", "next", "mistake", "shared"]
Values = tuple[MoveValue, ...] | tuple[Judged, ...]  # a position's values: the hint's, or the analysis's
NAME = "puzzles"  # the storage key of the progress
TODAY = "daily"  # the word a link or an embed uses for the puzzle of the day
KEEP_VALUES = 8  # the positions whose values are kept for the visit


class Shown(Frozen):
    """The puzzle on screen: its kind and title, the position, the puzzle once its values are
    known (a shipped one, a meld choice), or else the analysis's verdicts on its moves once known
    (``ranked``: best first, in valued.py's form), the move you answered with (None: not yet),
    and the seed of your mistake's analysis (None: not stored, or not a mistake)."""

    kind: Kind
    title: str
    position: Position
    puzzle: Puzzle | None
    played: Action | None = None
    ranked: Valued | None = None
    seed: int | None = None

    @property
    def valued(self) -> bool:
        return self.puzzle is not None or self.ranked is not None


class Puzzles:
    """Your puzzle progress and the puzzle on screen; ``lasting`` False keeps it in memory only."""

    def __init__(self, keep: Vault, lasting: bool = True) -> None:
        self.keep = keep
        self.lasting = lasting
        self.data = self.load() or record.empty()
        self.shown: Shown | None = None
        self.all: tuple[Puzzle, ...] = ()  # the shipped set, read once when first asked for
        self.progress_before = record.rating(self.data)
        self.kept: dict[str, Values] = {}  # the values of the last positions valued, by job key

    def today(self) -> datetime.date:
        return datetime.date.fromisoformat(self.keep.now()[:10])

    def load(self) -> record.PuzzleRecord | None:
        """The progress as stored (None: none, or set aside as unreadable); fields that cannot
        be read are reset, said once naming them, and the rest stored back."""
        found = self.keep.read(NAME, record.validate, "record of puzzles")
        if found is None:
            return None
        data: record.PuzzleRecord = found[0]
        if found[1]:
            self.keep.notify(
                f"Some of your puzzle progress could not be read and was reset: {', '.join(found[1])}."
            )
            self.data = data
            self.save()
        return data

    def refresh(self) -> None:
        """Read the progress as stored now (another tab may have changed it)."""
        stored = self.load() if self.lasting else None
        if stored is not None:
            self.data = stored

    def save(self) -> None:
        if self.lasting:
            self.keep.put(NAME, json.dumps(self.data, separators=(",", ":")))

    # ----- what to show --------------------------------------------------------------------------

    def rated(self, puzzle: Puzzle) -> int:
        """A shipped puzzle's rating here (as your results moved it)."""
        return round(record.local_rating(self.data, puzzle.id, puzzle.rating).rating)

    def show(self, kind: Kind, title: str, puzzle: Puzzle) -> Shown:
        self.shown = Shown(kind, title, puzzle.position, puzzle)
        return self.shown

    def today_puzzle(self) -> Shown:
        day = self.today()
        return self.show("today", f"Puzzle of the day, {day.isoformat()}", daily_puzzle(day))

    def next(self, theme: MistakeKind | None) -> Shown | None:
        skip = self.shown.puzzle.id if self.shown is not None and self.shown.puzzle is not None else ""
        if not self.all:
            self.all = _finish(read_set(None))
        found = model.next_puzzle(self.all, self.data, theme, skip)
        if found is None:
            return None
        return self.show("next", f"Puzzle {found.id}, rated {self.rated(found)}", found)

    def mistake(self) -> Shown | None:
        """Your next mistake due (its values are worked out in the background)."""
        for code in record.due_mistakes(self.data, self.today()):
            try:
                position = Position.parse(code)
            except GinError:
                continue
            seed = record.seed_of(self.data, code)
            kept = valued.from_data(record.values_of(self.data, code))
            values = kept if kept is not None and kept.fits(position) else None  # else valued again
            title = "Your mistake: find the better move"
            return self.on_screen(Shown("mistake", title, position, None, ranked=values, seed=seed))
        return None

    def shared(self, text: str) -> Shown:
        """A puzzle asked for by a link or an embed: TODAY (the puzzle of the day), an id, or a
        position code.
        Raises GinError (PuzzleError or PositionCodeError) for text that is none of them."""
        if text == TODAY:
            return self.today_puzzle()
        try:
            found = puzzle_by_id(text)
        except PuzzleError:
            position = Position.parse(text)
            return self.on_screen(Shown("shared", "A shared position: find the best move", position, None))
        return self.show("shared", f"Puzzle {found.id}, rated {self.rated(found)}", found)

    def add_mistakes(self, flagged: Sequence[tuple[PlayerView, int]]) -> int:
        """Queue your flagged decisions (each view with its analysis's seed); how many are new."""
        self.refresh()
        added = 0
        for v, seed in flagged:
            try:
                added += record.add_mistake(self.data, Position.of(v).code, seed)
            except GinError:
                continue
        if added:
            self.save()
        return added

    # ----- background work ------------------------------------------------------------------------

    def set_read(self, found: tuple[Puzzle, ...]) -> None:
        self.all = self.all or found

    def on_screen(self, shown: Shown) -> Shown:
        """Put ``shown`` on screen, with its values if they were worked out before (a missed
        mistake back in the same visit: the background runs a key's job once)."""
        kept = None if shown.valued else self.kept.get(_key(shown))
        self.shown = shown if kept is None else _valued(shown, kept)
        return self.shown

    def job_key(self) -> str | None:
        """The key of the job that values the position on screen (None: nothing on screen)."""
        return None if self.shown is None else _key(self.shown)

    def work(self) -> tuple[str, Generator[int, None, Values]] | None:
        """The job that values the position on screen (key, work), if it is still needed: the
        analysis's verdicts on every move (a meld choice: the hint-strength values)."""
        s, key = self.shown, self.job_key()
        if s is None or key is None or s.valued:
            return None
        if s.position.knock is not None:
            return key, think_solve(s.position, slice_ms=SLICE_MS)
        view = s.position.view()
        return key, think_seen(
            view, len(s.position.moves), seed_for(s.position.code, s.seed), slice_ms=SLICE_MS
        )

    def ahead(self, known: Callable[[str], bool]) -> tuple[str, Generator[int, None, Values]] | None:
        """The job that values your newest mistake not valued yet (key, work), None if every one
        is valued or its job ``known`` (queued, or done this visit)."""
        for m in reversed(self.data["mistakes"]):
            if "values" in m:
                continue
            key = judged_key(m["code"], m.get("seed"))
            if not known(key):
                return key, _mistake_values(m["code"], m.get("seed"))
        return None

    def free_for(self, key: str) -> bool:
        """Whether job ``key`` may go on: no other position is on screen waiting for its values."""
        s = self.shown
        return s is None or s.valued or self.job_key() == key

    def keep_values(self, key: str, found: Values) -> None:
        """Keep the values of job ``key`` with the mistake it valued, as stored now (it may have
        been solved meanwhile, here or in another tab: then nothing is kept)."""
        verdicts = tuple(j for j in found if isinstance(j, Judged))
        mistake = next(
            (m for m in self.data["mistakes"] if judged_key(m["code"], m.get("seed")) == key), None
        )
        if not verdicts or mistake is None:
            return
        self.refresh()
        kept = valued.to_data(valued.of(ranked(verdicts)))
        if record.keep_values(self.data, mistake["code"], mistake.get("seed"), kept):
            self.save()

    def solved(self, key: str, found: Values) -> bool:
        """The values of job ``key`` are in; True if they are of the position on screen."""
        self.kept = dict(list((self.kept | {key: found}).items())[-KEEP_VALUES:])
        s = self.shown
        if s is None or s.valued or key != self.job_key():
            return False
        self.shown = _valued(s, found)
        if s.played is not None:
            self.keep_answer(s.played)
        return True

    # ----- answers ---------------------------------------------------------------------------------

    def answer(self, move: str) -> bool:
        """Answer the puzzle on screen (once); False if there is none or the move is not legal.
        The progress is recorded now, or when the values are known."""
        s = self.shown
        if s is None or s.played is not None:
            return False
        try:
            action = Action.parse(move)
        except GinError:
            return False
        if action not in s.position.view().legal_actions:
            return False
        self.shown = s.replace(played=action)
        if s.valued:
            self.keep_answer(action)
        return True

    def keep_answer(self, played: Action) -> None:
        s = self.shown
        assert s is not None and s.valued  # recorded once the values are known
        self.refresh()
        self.progress_before = record.rating(self.data)
        right = self.grade(played) != "wrong"  # a close answer counts as solved
        if s.kind == "mistake":
            record.answer_mistake(self.data, s.position.code, right, self.today())
        elif s.puzzle is not None and (s.kind != "shared" or s.puzzle.id):
            record.answer(self.data, s.puzzle.id, s.puzzle.rating, right)
            if s.kind == "today":
                record.answer_day(self.data, self.today(), right)
        self.save()

    def grade(self, played: Action) -> model.AnswerGrade:
        """``played`` graded on the values on screen (the analysis's, when it judged them)."""
        s = self.shown
        assert s is not None and s.valued
        if s.ranked is not None:
            return judged.grade_of(s.ranked, played)
        assert s.puzzle is not None
        return model.verdict_of(s.puzzle, played)

    def answered(self) -> model.AnswerModel | None:
        """The verdict on your answer, once you answered and the values are known."""
        s = self.shown
        if s is None or s.played is None or not s.valued:
            return None
        return answer_of(s, model.progress(self.data, self.progress_before))


def answer_of(s: Shown, progress: str) -> model.AnswerModel:
    """The verdict on the answer of a puzzle answered whose values are known."""
    assert s.played is not None
    if s.ranked is not None:
        return judged.answer(s.position, s.ranked, s.played, progress, s.seed is not None)
    assert s.puzzle is not None
    return model.answer(s.puzzle, s.played, progress)


def code_seed(code: str) -> int:
    """The seed of the guesses a position is judged with when no analysis's seed is known: drawn
    from its code, so the same position gets the same values every time (a shared position, a
    mistake queued before its seed was kept)."""
    return int.from_bytes(hashlib.sha256(f"position:{code}".encode()).digest()[:4], "big")


def _key(s: Shown) -> str:
    """The key of the job that values ``s``: its position and the seed of its guesses."""
    if s.position.knock is not None:
        return f"puzzle:{s.position.code}"
    return judged_key(s.position.code, s.seed)


def seed_for(code: str, seed: int | None) -> int:
    """The seed position ``code`` is judged with: the analysis's ``seed``, else one of its code."""
    return code_seed(code) if seed is None else seed


def judged_key(code: str, seed: int | None) -> str:
    """The key of the job that judges position ``code`` with the analysis's ``seed`` (None: one
    drawn from the code): the same whether the puzzle is on screen or valued ahead."""
    return f"judged:{seed_for(code, seed)}:{code}"


def _mistake_values(code: str, seed: int | None) -> Generator[int, None, Values]:
    """Your mistake ``code`` judged as the analysis judges it (none for a code that is not a
    position, or a meld choice, which the analysis does not judge)."""
    try:
        position = Position.parse(code)
    except GinError:
        return ()
    if position.knock is not None:
        return ()
    return (
        yield from think_seen(position.view(), len(position.moves), seed_for(code, seed), slice_ms=SLICE_MS)
    )


def _valued(s: Shown, found: Values) -> Shown:
    """``s`` with its values: the verdicts ranked, or the puzzle of the hint-strength values."""
    verdicts = tuple(j for j in found if isinstance(j, Judged))
    if verdicts:
        return s.replace(ranked=valued.of(ranked(verdicts)))
    return s.replace(puzzle=puzzle_of(s.position, tuple(m for m in found if isinstance(m, MoveValue))))


def read_set(slice_ms: float | None = SLICE_MS) -> Generator[int, None, tuple[Puzzle, ...]]:
    """The shipped set, read in slices of ``slice_ms`` (None: at once), so that "Next puzzle"
    finds it read: parsing a thousand positions at the click would freeze the page."""
    found: list[Puzzle] = []
    start = time.perf_counter()
    while True:
        try:
            found.append(puzzle_by_id(puzzle_id(len(found))))
        except PuzzleError:
            return tuple(found)
        if slice_ms is not None and (time.perf_counter() - start) * 1000 > slice_ms:
            yield len(found)
            start = time.perf_counter()


def _finish(work: Generator[int, None, tuple[Puzzle, ...]]) -> tuple[Puzzle, ...]:
    try:
        while True:
            next(work)
    except StopIteration as end:
        found: tuple[Puzzle, ...] = end.value
        return found
