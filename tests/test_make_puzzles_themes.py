"""``make_puzzles.py run --themes`` and ``--wide``: a candidate whose hint's top two diagnose as
another theme, or differ by less than asked, is dropped before the costly verification; one of
the asked theme and width goes on to it (the way to make the "waited too long" knocks and the
wide draws, which hold under the reference far more often than the rest)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from gin_core.puzzles.puzzle import Puzzle, puzzle_set

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import make_puzzles


class Verifying(Exception):
    """Raised in place of the verification: the candidate reached it."""


def late_knock() -> Puzzle:
    """The shipped "waited too long" puzzle (valued by the match) with the widest margin."""
    found = [p for p in puzzle_set() if p.theme == "waited_too_long" and p.moves[0].win is not None]
    return max(found, key=lambda p: p.margin)


@pytest.fixture
def stopped_at_verifying(monkeypatch: pytest.MonkeyPatch) -> None:
    """The verification replaced by :class:`Verifying`; a candidate the beginner plays right is
    kept all the same (the beginner knocks in :func:`late_knock` too)."""

    def verify(*_: object, **__: object) -> None:
        raise Verifying

    monkeypatch.setattr(make_puzzles, "verify", verify)
    monkeypatch.setattr(make_puzzles, "EASY_KEEP", 1.0)


@pytest.mark.usefixtures("stopped_at_verifying")
def test_a_candidate_of_another_theme_is_dropped_before_verifying(tmp_path: Path) -> None:
    view = late_knock().position.view()
    maker = make_puzzles.Maker(tmp_path, 1200, themes=("knocked_too_early", "broke_meld"))
    assert maker.try_view(view, 7) is None
    assert maker.counts["theme_not_asked"] == 1
    assert maker.counts["verified"] == 0
    asked = make_puzzles.Maker(tmp_path, 1200, themes=("waited_too_long",))
    with pytest.raises(Verifying):
        asked.try_view(view, 7)
    assert asked.counts["verified"] == 1


def test_an_unknown_theme_is_refused_by_name(tmp_path: Path) -> None:
    args = make_puzzles.argparse.Namespace(
        parts=str(tmp_path / "parts"),
        until="23:59",
        target=1,
        seed=1,
        chunk=1,
        hard=False,
        kinds="",
        themes="too_early",
    )
    with pytest.raises(SystemExit, match="no theme too_early"):
        make_puzzles.run(args)
    assert not (tmp_path / "parts").exists()  # refused before anything is made


@pytest.mark.usefixtures("stopped_at_verifying")
def test_a_candidate_narrower_than_asked_is_dropped_before_verifying(tmp_path: Path) -> None:
    view = late_knock().position.view()
    found = sorted(make_puzzles.hint(view, 7), key=lambda c: -make_puzzles.score(c))
    gap = (make_puzzles.score(found[0]) - make_puzzles.score(found[1])) / make_puzzles.EASY_MARGIN_WIN
    narrow = make_puzzles.Maker(tmp_path, 1200, wide=gap * 1.01)
    assert narrow.try_view(view, 7) is None
    assert narrow.counts["narrower_than_asked"] == 1
    assert narrow.counts["verified"] == 0
    wide = make_puzzles.Maker(tmp_path, 1200, wide=gap * 0.99)
    with pytest.raises(Verifying):
        wide.try_view(view, 7)
    assert wide.counts["verified"] == 1
