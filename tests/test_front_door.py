"""The engine's doors (issue 25, item 5; issue 44, item 6): ``gin_core`` exports the game,
``gin_core.analysis``, ``gin_core.bots``, ``gin_core.puzzles`` and ``gin_core.duel`` what is
behind them; every error the engine raises is exported by the door of its package; the page
imports the engine only through the doors it is allowed."""

from __future__ import annotations

import ast
import importlib
import pkgutil
from pathlib import Path

import pytest

import gin_core
import gin_core.analysis
import gin_core.duel
import gin_core.puzzles
from gin_core import GinError

GINWEB = Path(__file__).resolve().parent.parent / "web" / "ginweb"
# each package behind a door of its own; every other module is behind gin_core's
DOORS = ("gin_core.analysis", "gin_core.bots", "gin_core.duel", "gin_core.puzzles")


def door_of(module: str) -> str:
    return next((d for d in DOORS if module == d or module.startswith(d + ".")), "gin_core")


def test_every_gin_error_is_exported_from_its_door() -> None:
    found = set()
    for module in pkgutil.walk_packages(gin_core.__path__, "gin_core."):
        for value in vars(importlib.import_module(module.name)).values():
            if isinstance(value, type) and issubclass(value, GinError) and value.__module__ == module.name:
                found.add(value)
                door = importlib.import_module(door_of(module.name))
                assert getattr(door, value.__name__, None) is value, f"{value.__name__}: {door.__name__}"
                assert value.__name__ in door.__all__
    assert len(found) >= 13


@pytest.mark.parametrize("door", ["gin_core", *DOORS])
def test_a_door_exports_what_it_names(door: str) -> None:
    module = importlib.import_module(door)
    assert module.__all__ == sorted(module.__all__, key=lambda n: (not n.isupper(), n))
    assert [n for n in module.__all__ if not hasattr(module, n)] == []


def test_the_front_door_holds_the_game_not_what_reviews_it() -> None:
    """What a blog's page needs (docs/engine.md) is at the front door; the analysis, the puzzles
    and the duel are not (API_VERSION 2)."""
    assert {"Card", "Match", "PlayerView", "best_arrangement", "make_bot", "settle", "TableMatch"} <= set(
        gin_core.__all__
    )
    for door in (gin_core.analysis, gin_core.duel, gin_core.puzzles):
        assert not set(door.__all__) & set(gin_core.__all__), door.__name__
    assert gin_core.API_VERSION == 2


# the page imports the doors, never a module behind one; but gin_core.puzzles' modules (issue 29's
# contract: the first paint does not load them, the page imports them when a puzzle is asked for)
PAGE_MAY_IMPORT = ("gin_core", *DOORS)


def engine_imports(path: Path) -> list[str]:
    """Every gin_core module ``path`` imports, top level or in a function."""
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.append(node.module)
        elif isinstance(node, ast.Import):
            out += [alias.name for alias in node.names]
    return [m for m in out if m.split(".")[0] == "gin_core"]


def test_the_page_imports_the_engine_only_through_its_doors() -> None:
    pages = sorted(GINWEB.rglob("*.py"))
    assert len(pages) > 30
    for path in pages:
        for module in engine_imports(path):
            allowed = module in PAGE_MAY_IMPORT or door_of(module) == "gin_core.puzzles"
            assert allowed, f"{path.relative_to(GINWEB)} imports {module}"
