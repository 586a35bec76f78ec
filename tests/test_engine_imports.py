"""The engine's import graph, read from the source (issue 44): no import circle anywhere in
gin_core (TYPE_CHECKING and function-level imports count: a circle hidden in a function is still
one a reader must untangle), and the analysis and the puzzles reach the bots' search machinery
only through its front door, ``gin_core.bots.kernel`` (or the public ``gin_core.bots``)."""

from __future__ import annotations

import ast
from pathlib import Path

from importscan import circles, imported

import gin_core

ENGINE = Path(gin_core.__file__).resolve().parent
BOT_DOORS = {"gin_core.bots", "gin_core.bots.kernel"}
KERNEL_USERS = ("gin_core.analysis", "gin_core.puzzles")


def module_name(path: Path) -> str:
    parts = path.relative_to(ENGINE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def engine_modules() -> dict[str, tuple[Path, ast.Module]]:
    return {module_name(p): (p, ast.parse(p.read_text(), str(p))) for p in sorted(ENGINE.rglob("*.py"))}


def imports_of(name: str, path: Path, tree: ast.Module, known: set[str]) -> set[str]:
    """The engine modules ``tree`` (module ``name``) imports, less its own packages: a package
    is always imported before its modules (``from . import deal`` in a package's module takes a
    sibling, it closes no circle)."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    parts = name.split(".")
    enclosing = {".".join(parts[:i]) for i in range(1, len(parts) + 1)}
    return (imported(tree, package) & known) - enclosing


def import_graph() -> dict[str, set[str]]:
    modules = engine_modules()
    known = set(modules)
    return {name: imports_of(name, path, tree, known) for name, (path, tree) in modules.items()}


def test_circles_finds_a_circle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [["a", "b", "c"]]


def test_the_engine_has_no_import_circle():
    assert circles(import_graph()) == []


def test_analysis_and_puzzles_use_only_the_bots_front_doors():
    private = {
        (name, target)
        for name, targets in import_graph().items()
        if name.startswith(KERNEL_USERS)
        for target in targets
        if target.startswith("gin_core.bots") and target not in BOT_DOORS
    }
    assert private == set()
