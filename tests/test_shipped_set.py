"""Every script that writes the shipped puzzle set folds the daily puzzle's ledger over it
(scripts/shipped_set.py): ``make_meld_puzzles.py append`` and ``make_puzzles.py assemble`` left
the ledger as it was (and ``append`` dropped the set's IDS), so a set they wrote had puzzles with
no day and days whose puzzle was gone. ``reference_verdicts.py prune``: tests/test_reference.py."""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path

import pytest

from gin_core.puzzles.puzzle import fold_days, line_id

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import make_meld_puzzles
import make_puzzles
from shipped_set import DATA, LEDGER, assigned, shipped_lines


def copied(tmp_path: Path) -> Path:
    """A root holding copies of the set's data file and the ledger."""
    for name in (DATA, LEDGER):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(Path(make_puzzles.ROOT) / name, tmp_path / name)
    return tmp_path


def written(root: Path) -> tuple[list[str], list[str]]:
    """The set's ids and the ledger's days as written under ``root``."""
    ids = assigned((root / DATA).read_text(), "IDS")
    return ids.split(), assigned((root / LEDGER).read_text(), "DAYS").split()


def answered_otherwise(line: str) -> str:
    """A puzzle's line answered with its runner-up: a puzzle of a new id on the same position."""
    fields = line.split(" ")
    moves = fields[4].split(",")
    return " ".join([*fields[:4], ",".join([moves[1], moves[0], *moves[2:]])])


def test_append_gives_each_new_puzzle_a_day(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = copied(tmp_path)
    ids, days = written(root)
    lines = shipped_lines(root)
    first = line_id(lines[0])  # taken out of the copies, as if never added: appended anew
    data, ledger = root / DATA, root / LEDGER
    data.write_text(
        f"PUZZLES = {json.dumps(chr(10).join(lines[1:]))}\nIDS = {json.dumps(' '.join(ids[1:]))}\n"
    )
    ledger.write_text(f"DAYS = {json.dumps(' '.join(d for d in days if d != first))}\n")
    made = tmp_path / "made.txt"
    made.write_text(lines[0] + "\n" + lines[1] + "\n")  # the set's second line is not added again
    monkeypatch.setattr(make_meld_puzzles, "ROOT", root)
    make_meld_puzzles.append(argparse.Namespace(out=[str(made)]))
    after_ids, after_days = written(root)
    assert after_ids == [*ids[1:], first]
    assert after_days == [*(d for d in days if d != first), first]  # a day after the others, none moved
    assert [line_id(line) for line in shipped_lines(root)] == after_ids


def test_assemble_gives_a_retired_puzzle_s_day_to_a_new_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = copied(tmp_path)
    ids, days = written(root)
    lines = shipped_lines(root)
    retired = {line_id(line) for line in lines[:2]}
    new = answered_otherwise(lines[0])  # the first retired position, answered otherwise
    parts = tmp_path / "parts"
    parts.mkdir()
    (parts / "part-000001.txt").write_text("\n".join([*lines[2:], new]) + "\n")
    monkeypatch.setattr(make_puzzles, "ROOT", root)
    make_puzzles.assemble(argparse.Namespace(parts=str(parts)))
    after_ids, after_days = written(root)
    assert sorted(after_ids) == sorted(set(ids) - retired | {line_id(new)})
    assert sorted(after_days) == sorted(after_ids)  # each puzzle of the set one day
    assert after_days == list(fold_days(tuple(days), tuple(after_ids)))
    first, second = sorted(days.index(pid) for pid in retired)
    assert after_days[first] == line_id(new)  # the first retired day: the new puzzle
    assert after_days[second] == days[-1] and len(after_days) == len(days) - 1  # the last day's moved up
    untouched = [k for k in range(len(after_days)) if k not in (first, second)]
    assert all(after_days[k] == days[k] for k in untouched)
