"""Test-wide settings: Hypothesis profiles and the size of the seeded random-game loops.

Profiles (selected by environment variables, or by ``--hypothesis-profile NAME``):

* ``gin-default``  -- moderate, for every CPython run (the whole property/save/brute-force suite
  stays well under 90 s on a 2-core machine);
* ``gin-pyodide``  -- when ``GIN_PYODIDE=1`` (set by ``scripts/pyodide_pytest.mjs``): the suite
  runs inside Pyodide under Node, 2-5x slower, so much smaller;
* ``gin-thorough`` -- when ``GIN_THOROUGH=1``: many more examples and games, for a long soak.

The seeded loops (``for seed in range(n)``) scale with :data:`SCALE` (1 by default, about 1/8
under Pyodide, 10 when thorough): tests ask for the ``count`` fixture and write
``count(base, minimum)``. Hypothesis tests take fractions of the active profile's
``max_examples`` (read from ``hypothesis.settings.default`` at import time, after this file).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

PYODIDE = os.environ.get("GIN_PYODIDE") == "1"
THOROUGH = os.environ.get("GIN_THOROUGH") == "1"

_COMMON = {
    "deadline": None,  # games vary a lot in length; the budget is the total runtime instead
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large],
    "print_blob": True,
}

settings.register_profile("gin-default", max_examples=40, **_COMMON)
settings.register_profile("gin-pyodide", max_examples=6, database=None, **_COMMON)
settings.register_profile("gin-thorough", max_examples=600, **_COMMON)

if THOROUGH:
    PROFILE, SCALE = "gin-thorough", 10.0
elif PYODIDE:
    PROFILE, SCALE = "gin-pyodide", 0.12
else:
    PROFILE, SCALE = "gin-default", 1.0

settings.load_profile(PROFILE)


@pytest.fixture(scope="session")
def scale() -> float:
    """Multiplier for the counts of seeded random games and hands (see the module docstring)."""
    return SCALE


def scaled(base: int, factor: float, minimum: int = 1) -> int:
    """``base * factor`` rounded, at least ``minimum``."""
    return max(minimum, round(base * factor))


@pytest.fixture(scope="session")
def count():
    """``count(base, minimum=1)``: a base count scaled for this run."""
    return lambda base, minimum=1: scaled(base, SCALE, minimum)


def shard_of(text: str) -> tuple[int, int] | None:
    """``GIN_SHARD=K/N`` as (K, N), 1 <= K <= N; None when unset. A bad value is refused."""
    if not text:
        return None
    k, sep, n = text.partition("/")
    if not (sep and k.isdigit() and n.isdigit() and 1 <= int(k) <= int(n)):
        raise pytest.UsageError(f"GIN_SHARD={text!r}: expected K/N with 1 <= K <= N, e.g. 1/2")
    return int(k), int(n)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """``GIN_SHARD=K/N`` keeps every N-th collected test from the K-th on. `make test-units` runs
    the Pyodide suite as two such processes beside the CPython run: the Pyodide run alone took
    two thirds longer than CPython's, and one core sat idle while it finished. Every N-th test
    (not every N-th file) spreads a file's heavy cases over the shards."""
    shard = shard_of(os.environ.get("GIN_SHARD", ""))
    if shard is None:
        return
    k, n = shard
    kept = [item for i, item in enumerate(items) if i % n == k - 1]
    config.hook.pytest_deselected(items=[item for i, item in enumerate(items) if i % n != k - 1])
    items[:] = kept
