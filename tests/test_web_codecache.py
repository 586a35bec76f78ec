"""ginweb.kit.codecache: dataclasses run the build's code for a text it recorded, compile any
other, and make the same classes either way."""

from __future__ import annotations

import builtins
import dataclasses
import hashlib
import marshal
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
from ginweb.kit.codecache import install  # the page's package lives in web/


@pytest.fixture
def clean_dataclasses() -> Iterator[None]:
    """Leave dataclasses as it was (the builtin exec), whatever a test installed."""
    yield
    if "exec" in vars(dataclasses):
        delattr(dataclasses, "exec")


def recorded(tmp_path: Path, make: Any) -> Path:
    """The cache file the build would write for the classes ``make`` defines (as
    scripts/precompile.mjs records them)."""
    codes = {}

    def record(source: str, globals_: Any = None, locals_: Any = None) -> None:
        code = compile(source, "<string>", "exec")
        codes[hashlib.sha256(source.encode()).digest()] = code
        builtins.exec(code, globals_, locals_)

    setattr(dataclasses, "exec", record)  # noqa: B010
    try:
        make()
    finally:
        delattr(dataclasses, "exec")
    path = tmp_path / "dataclass_code.marshal"
    path.write_bytes(marshal.dumps(codes))
    return path


def point() -> type:
    @dataclasses.dataclass(frozen=True, order=True)
    class Point:
        x: int
        y: int = 0

    return Point


def other() -> type:
    @dataclasses.dataclass
    class Other:
        name: str
        tags: list[str] = dataclasses.field(default_factory=list)

    return Other


def test_a_recorded_class_runs_the_cached_code_and_behaves_the_same(
    tmp_path: Path, clean_dataclasses: None
) -> None:
    cache = install(recorded(tmp_path, point))
    assert cache is not None
    Point = point()
    assert cache.hits > 0 and cache.misses == 0  # one exec a class (3.13+) or a function
    p = Point(1)
    assert (p, repr(p), p < Point(1, 2), hash(p) == hash(Point(1, 0))) == (
        Point(1, 0),
        "point.<locals>.Point(x=1, y=0)",
        True,
        True,
    )
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.x = 2  # type: ignore[misc]


def test_a_class_the_build_did_not_see_compiles_its_own(tmp_path: Path, clean_dataclasses: None) -> None:
    cache = install(recorded(tmp_path, point))
    assert cache is not None
    Other = other()
    assert cache.hits == 0 and cache.misses > 0
    assert Other("a").tags == [] and Other("a") == Other("a", [])


def test_without_the_file_nothing_changes(tmp_path: Path, clean_dataclasses: None) -> None:
    assert install(tmp_path / "missing.marshal") is None
    assert "exec" not in vars(dataclasses)
