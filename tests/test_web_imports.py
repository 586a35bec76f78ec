"""The page's start-up imports: what the first paint must not import (ginweb/warmup.py imports
it after ready), and the Frozen value classes that replaced dataclasses to keep imports cheap."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import FrozenInstanceError, dataclass
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parent.parent / "web"
sys.path.insert(0, str(WEB))
from ginweb.kit.frozen import Frozen  # noqa: E402  (the page's package lives in web/)

# Imports ginweb.app with stand-ins for the browser-only modules (js, pyodide.ffi) and prints
# the page's and the engine's modules that the import loaded, then imports what warmup.py defers.
IMPORT_APP = """
import json, sys, types

class Stub:
    def __getattr__(self, name): return Stub()
    def __call__(self, *args, **kwargs): return Stub()
    def __str__(self): return "BODY"

js = types.ModuleType("js")
js.__getattr__ = lambda name: Stub()
ffi = types.ModuleType("pyodide.ffi")
for name in ("create_once_callable", "create_proxy", "jsnull", "to_js"):
    setattr(ffi, name, Stub())
sys.modules.update({"js": js, "pyodide": types.ModuleType("pyodide"), "pyodide.ffi": ffi})
sys.path.insert(0, sys.argv[1])
import ginweb.app
loaded = sorted(m for m in sys.modules if m.startswith(("ginweb", "gin_core")))
from ginweb.table.port import LoadsLater
from ginweb.warmup import DEFERRED
deferred = [*DEFERRED, *(name for f in LoadsLater.__subclasses__() for name in f.deferred)]
for name in deferred:  # what warm_up will import, after ready (app.main: the features' too)
    __import__(name)
print(json.dumps({"loaded": loaded, "deferred": deferred}))
"""


@pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide has no subprocesses (a fresh interpreter)")
def test_first_paint_imports_leave_out_the_deferred_modules() -> None:
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    out = subprocess.run(
        [sys.executable, "-c", IMPORT_APP, str(WEB)], capture_output=True, text=True, check=True, env=env
    )
    found = json.loads(out.stdout)
    loaded, deferred = set(found["loaded"]), set(found["deferred"])
    assert {"ginweb.app", "ginweb.warmup", "ginweb.table.intents"} <= loaded
    assert deferred >= {"ginweb.review.model", "ginweb.kit.charts", "ginweb.table.seatedmodel"}
    assert not loaded & deferred, "a first-paint module imports one that warmup.py defers"
    assert not {m for m in loaded if m.startswith("gin_core.puzzles")}, (
        "the puzzles load after the first paint"
    )


class Pair(Frozen):
    card: str
    origin: tuple[float, float] | None = None
    said: bool = False


@dataclass(frozen=True)
class PairDC:
    card: str
    origin: tuple[float, float] | None = None
    said: bool = False


class Empty(Frozen):
    pass


class Wider(Pair):
    extra: int = 0


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [
        (("7H",), {}),
        (("7H", (1.0, 2.0)), {}),
        (("7H",), {"said": True}),
        ((), {"card": "AS", "origin": None}),
    ],
)
def test_frozen_builds_like_a_frozen_dataclass(args: tuple[object, ...], kwargs: dict[str, object]) -> None:
    a, d = Pair(*args, **kwargs), PairDC(*args, **kwargs)  # type: ignore[arg-type]
    assert (a.card, a.origin, a.said) == (d.card, d.origin, d.said)
    assert repr(a) == repr(d).replace("PairDC", "Pair")
    assert a == Pair(*args, **kwargs) and hash(a) == hash(Pair(*args, **kwargs))  # type: ignore[arg-type]
    assert hash(a) == hash(d)
    assert Pair.__match_args__ == PairDC.__match_args__ == ("card", "origin", "said")


def test_frozen_equality_is_by_class_and_values() -> None:
    assert Pair("7H") != Pair("7H", said=True)
    assert Pair("7H") != PairDC("7H")
    assert Empty() == Empty() and hash(Empty()) == hash(Empty())
    assert Wider("7H") != Pair("7H") and Wider.__match_args__ == ("card", "origin", "said", "extra")
    assert Wider("7H", None, False, 3).extra == 3
    assert len({Pair("7H"), Pair("7H"), Pair("8H")}) == 2


def test_frozen_refuses_what_a_frozen_dataclass_refuses() -> None:
    p = Pair("7H")
    with pytest.raises(FrozenInstanceError):
        p.card = "8H"  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        del p.card
    with pytest.raises(TypeError, match="missing argument 'card'"):
        Pair()  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="takes 3 arguments"):
        Pair("7H", None, False, 1)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="'colour'"):
        Pair("7H", colour=1)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="'card'"):
        Pair("7H", card="8H")  # type: ignore[misc]
    match p:
        case Pair(card, origin):
            assert (card, origin) == ("7H", None)
        case _:
            pytest.fail("class pattern did not match")
