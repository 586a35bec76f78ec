"""Write the shipped puzzle set, gin_core/puzzle_data.py, and fold the daily puzzle's ledger,
gin_core/puzzles/daily_ledger.py, over it: the one writer for every script that changes the set
(make_puzzles.py assemble, make_meld_puzzles.py append, reference_verdicts.py prune), so none
leaves the ledger behind the set (fold_days: a retired puzzle's day goes to a new puzzle, no
other day of the pass changes)."""

from __future__ import annotations

import ast
import json
from collections.abc import Sequence
from pathlib import Path

from gin_core.puzzles.puzzle import fold_days, line_id

DATA = Path("gin_core") / "puzzle_data.py"
LEDGER = Path("gin_core") / "puzzles" / "daily_ledger.py"


def wrapped(ids: str) -> str:
    """Space-separated ids as a Python string literal of lines of twelve (within the line limit)."""
    words = ids.split()
    if len(words) <= 12:
        return json.dumps(ids)
    rows = [" ".join(words[k : k + 12]) for k in range(0, len(words), 12)]
    return (
        "(\n"
        + "".join(f"    {json.dumps(r + (' ' if k + 1 < len(rows) else ''))}\n" for k, r in enumerate(rows))
        + ")"
    )


def assigned(text: str, name: str) -> str:
    """The string a module's text assigns to ``name`` (read, not imported: the file as it is now,
    not the module this process imported before a write)."""
    for statement in ast.parse(text).body:
        if isinstance(statement, ast.Assign) and ast.unparse(statement.targets[0]) == name:
            found = ast.literal_eval(statement.value)
            if isinstance(found, str):
                return found
    raise ValueError(f"the module assigns no string to {name}")


def shipped_lines(root: Path) -> list[str]:
    """The lines of the set under ``root`` as its data file holds them."""
    return [line for line in assigned((root / DATA).read_text(), "PUZZLES").split("\n") if line]


def write_set(root: Path, lines: Sequence[str], ids: Sequence[str] | None = None) -> None:
    """Write the set under ``root`` as ``lines`` (each puzzle's id ``ids``, else its line's
    digest), the data file's head kept, and fold the ledger over the set."""
    named = [line_id(line) for line in lines] if ids is None else list(ids)
    data = root / DATA
    text = data.read_text()
    head = text[: text.index("PUZZLES = ")]
    puzzles, ids_text = json.dumps("\n".join(lines)), json.dumps(" ".join(named))
    data.write_text(f"{head}PUZZLES = {puzzles}\nIDS = {ids_text}\n")
    ledger = root / LEDGER
    body = ledger.read_text()
    days = " ".join(fold_days(tuple(assigned(body, "DAYS").split(" ")), tuple(named)))
    ledger.write_text(body[: body.index("DAYS = ")] + f"DAYS = {wrapped(days)}\n")
