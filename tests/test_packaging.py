"""The package says it is typed: ``py.typed`` ships next to the modules (under Pyodide this runs
against the built wheel, so it checks the wheel too)."""

from __future__ import annotations

from importlib.resources import files


def test_py_typed_is_shipped():
    assert files("gin_core").joinpath("py.typed").is_file()
