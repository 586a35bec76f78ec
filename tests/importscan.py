"""What a module imports, read from its source: shared by the layout rules of the page
(test_web_layout.py) and of the engine (test_engine_imports.py)."""

from __future__ import annotations

import ast


def imported(tree: ast.Module, package: list[str]) -> set[str]:
    """Every module ``tree`` imports and every ``module.name`` it takes from one (``package``:
    the package its relative imports start from), top level or inside a function,
    TYPE_CHECKING blocks included."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            found.add(module)
            found |= {f"{module}.{alias.name}" for alias in node.names}
    return found
