"""The package says it is typed: ``py.typed`` ships next to the modules (under Pyodide this runs
against the built wheel, so it checks the wheel too); its metadata and the front door agree; the
test extra names what the tests need."""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib.metadata import version
from importlib.resources import files
from pathlib import Path

import pytest

import gin_core


def test_py_typed_is_shipped():
    assert files("gin_core").joinpath("py.typed").is_file()


def test_the_installed_distribution_is_the_front_doors_version():
    """importlib.metadata's version (the wheel's METADATA, pyproject.toml's version) is the one
    ``gin_core.__version__`` says: the page's footer and a blog's page read the first."""
    assert version("gin_core") == gin_core.__version__


def test_the_front_door_has_an_api_version():
    """A page outside this repository checks API_VERSION before using the front door (docs/engine.md
    "The engine's wheel", e2e/blog/engine.py)."""
    assert type(gin_core.API_VERSION) is int and gin_core.API_VERSION >= 1


ROOT = Path(__file__).resolve().parent.parent
# the test extra's distributions, by the module each is imported as
EXTRA_MODULES = {"pytest": "pytest", "hypothesis": "hypothesis", "radon": "radon"}


def local_modules() -> set[str]:
    """What the tests import from this repository: the engine, the page, the tests' own helpers and
    the scripts they put on ``sys.path``."""
    found = {"gin_core", "ginweb", "tests"}
    for folder in (ROOT / "tests", ROOT / "scripts"):
        found |= {p.stem for p in folder.glob("*.py")}
    return found


def imported_roots() -> set[str]:
    """The top-level names the tests import (absolute imports, anywhere in a file)."""
    out: set[str] = set()
    for path in (ROOT / "tests").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                out |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                out.add(node.module.split(".")[0])
    return out


def third_party_imports() -> set[str]:
    return imported_roots() - set(sys.stdlib_module_names) - local_modules() - {"__future__"}


@pytest.mark.skipif(not (ROOT / "pyproject.toml").exists(), reason="only the tests were copied")
def test_the_test_extra_names_everything_the_tests_import():
    """``pip install -e ".[test]"`` then ``pytest`` works in a fresh venv: every module the tests
    import is the standard library's, this repository's, or a distribution the extra names."""
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "optional-dependencies"
    ]["test"]
    named = {re.split(r"[<>=!~\[ ;]", spec, maxsplit=1)[0].lower() for spec in extra}
    missing = {m for m in third_party_imports() if EXTRA_MODULES.get(m, m) not in named}
    assert not missing, f"the tests import {sorted(missing)}, which the test extra does not name"


@pytest.mark.skipif(not (ROOT / "pyproject.toml").exists(), reason="only the tests were copied")
def test_plain_pytest_finds_the_tests_helpers():
    """The ``pytest`` command, unlike ``python -m pytest``, does not put the working directory on
    ``sys.path``: while tests import ``tests.x``, pytest's ``pythonpath`` must name the root."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]
    if "tests" in imported_roots():
        assert "." in config["ini_options"].get("pythonpath", [])
