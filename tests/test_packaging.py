"""The package says it is typed: ``py.typed`` ships next to the modules (under Pyodide this runs
against the built wheel, so it checks the wheel too); its metadata and the front door agree."""

from __future__ import annotations

from importlib.metadata import version
from importlib.resources import files

import gin_core


def test_py_typed_is_shipped():
    assert files("gin_core").joinpath("py.typed").is_file()


def test_the_installed_distribution_is_the_front_doors_version():
    """importlib.metadata's version (the wheel's METADATA, pyproject.toml's version) is the one
    ``gin_core.__version__`` says: the page's footer and a blog's page read the first."""
    assert version("gin_core") == gin_core.__version__


def test_the_front_door_has_an_api_version():
    """A page outside this repository checks API_VERSION before using the front door (README.md
    "The engine's wheel", e2e/blog/engine.py)."""
    assert type(gin_core.API_VERSION) is int and gin_core.API_VERSION >= 1
