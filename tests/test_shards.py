"""The Pyodide run's shards (``GIN_SHARD=K/N``, tests/conftest.py): together they run every
collected test exactly once, and a shard the run cannot parse stops it before any test runs."""

from __future__ import annotations

from types import SimpleNamespace

import conftest
import pytest


def shard(items: list[str], text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], list[str]]:
    """The tests ``GIN_SHARD=text`` keeps of ``items``, and those it reports deselected."""
    monkeypatch.setenv("GIN_SHARD", text)
    dropped: list[str] = []
    config = SimpleNamespace(hook=SimpleNamespace(pytest_deselected=lambda items: dropped.extend(items)))
    kept = list(items)
    conftest.pytest_collection_modifyitems(config, kept)
    return kept, dropped


@pytest.mark.parametrize("n", [1, 2, 3])
def test_the_shards_run_every_test_exactly_once(n, monkeypatch):
    items = [f"test_{i}" for i in range(10)]
    shards = [shard(items, f"{k}/{n}", monkeypatch) for k in range(1, n + 1)]
    assert sorted(test for kept, _ in shards for test in kept) == sorted(items)
    for kept, dropped in shards:
        assert sorted(kept + dropped) == sorted(items)
        assert len(kept) in (len(items) // n, -(-len(items) // n))


def test_a_files_neighbouring_cases_go_to_different_shards(monkeypatch):
    """A file's heavy cases sit side by side (one test's parameters): each shard takes some."""
    items = ["expert-1", "expert-2", "cheap-1", "cheap-2"]
    assert shard(items, "1/2", monkeypatch)[0] == ["expert-1", "cheap-1"]
    assert shard(items, "2/2", monkeypatch)[0] == ["expert-2", "cheap-2"]


def test_no_shard_keeps_every_test(monkeypatch):
    items = ["a", "b", "c"]
    assert shard(items, "", monkeypatch) == (items, [])


@pytest.mark.parametrize("text", ["2", "0/2", "3/2", "a/b", "1/0", "1/2/3"])
def test_a_shard_that_is_not_k_of_n_is_refused(text):
    with pytest.raises(pytest.UsageError, match="GIN_SHARD"):
        conftest.shard_of(text)
