"""After the first paint, fetch what start-up left out and import the modules the first paint
does not need, one per task.

The table must respond as early as possible, so ginweb.app's import chain leaves out what only
a chart or a feature's dialog needs (tests/test_web_imports.py keeps it so). Right after ready,
this imports them one per task (a click waiting in between goes first), so that no click pays for an
import. A click that comes before the warm-up ends (opening a chart or a feature's dialog within
the first second) imports what it needs itself, where the module is used (chartview, a
feature's ui or plug): the same module, only sooner. Each import is measured
(performance measures named ``gin-import <module>``; scripts/bench_boot.py reports the
longest); the mark ``gin-warm`` says the warm-up is over.

The later archive: modules no first paint or first move imports (a feature's data) are not in the
archives PyScript fetches at start but in a second one (scripts/build_site.py, ``LATER``),
named by ``later.json`` in the working directory. The warm-up first fetches and unpacks it,
without blocking play; an import of one of its modules before it arrived (a dialog opened in the
first seconds) fetches it there and then (``LaterFinder``). Without ``later.json`` (a build
that ships everything at start) there is nothing to fetch. Each module goes beside its package:
ginweb's into the working directory, gin_core's into the installed engine's folder.
(gin_core is installed from its wheel before the page's code runs: scripts/engine_wheel.py.)
The standard library's modules only ``importlib.metadata`` reads a version with (``email``)
are in the later archive too: the page imports none of them.
"""

from __future__ import annotations

import asyncio
import gc
import importlib
import io
import json
import sys
import time
import zipfile
from collections.abc import Callable, Iterator, Sequence
from importlib.machinery import ModuleSpec, PathFinder
from pathlib import Path
from types import ModuleType

import js

from .kit import dom

DEFERRED = ("ginweb.kit.charts", "ginweb.table.seatedmodel")  # nor the features' ``port.LoadsLater.deferred``
UNPACK_SLICE_MS = 8.0  # the later archive is unpacked in slices of about this much work (one task each)
MANIFEST = Path("later.json")  # {"url": the later archive, "modules": the modules it holds}


class LaterFinder:
    """A meta path finder that, asked for a module of the later archive before it arrived, fetches
    and unpacks the archive (a synchronous request: only a click in the first seconds pays it),
    then leaves the finding to the path finders."""

    def __init__(self, url: str, modules: Sequence[str]) -> None:
        self.url = url
        self.modules = frozenset(modules)
        self.unpacked = False

    def find_spec(
        self, name: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if name in self.modules and not self.unpacked:
            self.unpack(fetch_now(self.url))
        return None

    def unpack(self, data: bytes) -> None:
        """Unpack the archive at once (an import is waiting for it)."""
        for _ in self.unpacking(data):
            pass

    def unpacking(self, data: bytes) -> Iterator[None]:
        """Unpack the archive, each module beside its package (``package_folder``), pausing
        (a yield) after each ``UNPACK_SLICE_MS`` of work, then forget the path finders' directory
        listings (not ``importlib.invalidate_caches``, which also drops importlib.metadata's
        caches: nothing here changes a distribution)."""
        if self.unpacked:
            return
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            start = time.perf_counter()
            for name in zf.namelist():
                zf.extract(name, package_folder(name.split("/")[0]))
                if (time.perf_counter() - start) * 1000 > UNPACK_SLICE_MS:
                    yield
                    start = time.perf_counter()
        for finder in sys.path_importer_cache.values():
            if finder is not None and hasattr(finder, "invalidate_caches"):
                finder.invalidate_caches()
        self.unpacked = True


def package_folder(top: str) -> str:
    """The folder that holds the package ``top`` (gin_core: site-packages, where its wheel is
    installed; ginweb: the working directory), the working directory for a file of no package."""
    spec = PathFinder.find_spec(top) if top.isidentifier() else None  # sys.path, not this module's finder
    origin = spec.origin if spec else None
    return str(Path(origin).parent.parent) if origin and Path(origin).stem == "__init__" else "."


def fetch_now(url: str) -> bytes:
    """The bytes at ``url`` by a synchronous request (the only kind an import can wait for;
    a synchronous request cannot ask for binary, so the text comes as x-user-defined bytes)."""
    xhr = js.XMLHttpRequest.new()
    xhr.open("GET", url, False)
    xhr.overrideMimeType("text/plain; charset=x-user-defined")
    xhr.send()
    if xhr.status != 200:
        raise ImportError(f"the later archive {url} could not be fetched (HTTP {xhr.status})")
    return bytes(ord(c) & 0xFF for c in str(xhr.responseText))


def later_finder() -> LaterFinder | None:
    """The finder of this build's later archive, put first on ``sys.meta_path``; None when the
    build ships everything at start."""
    if not MANIFEST.is_file():
        return None
    found = json.loads(MANIFEST.read_text())
    url = str(js.URL.new(found["url"], dom.game_address()).href)  # the game's site, when embedded too
    finder = LaterFinder(url, found["modules"])
    sys.meta_path.insert(0, finder)
    return finder


async def fetch_later(finder: LaterFinder) -> None:
    """Fetch the later archive in the background and unpack it."""
    response = await js.fetch(finder.url)
    if not response.ok:
        raise ImportError(f"the later archive {finder.url} could not be fetched (HTTP {response.status})")
    buffer = await response.arrayBuffer()
    for _ in finder.unpacking(bytes(buffer.to_py())):
        await asyncio.sleep(0)  # a task of its own for each slice: a click waiting goes first


FINDER = later_finder()  # from the page's start: a module of the later archive is found at any time


def after_ready(
    names: tuple[str, ...], finder: LaterFinder | None = FINDER, arrived: Callable[[], None] = lambda: None
) -> None:
    """Once the game is playable: fetch the later archive (if the build has one), then call
    ``arrived`` and ``warm_up(names)``."""
    if finder is None:
        arrived()
        warm_up(names)
        return

    async def fetch_then_warm() -> None:
        try:
            await fetch_later(finder)
            await asyncio.sleep(0)
            arrived()
        finally:
            warm_up(names)

    dom.spawn(fetch_then_warm())


def warm_up(names: tuple[str, ...] = DEFERRED) -> None:
    """Import ``names`` one per task, then put what start-up left out of the garbage collector's
    reach (as ginweb.app.main did for the rest) and mark ``gin-warm``."""
    if not names:
        gc.freeze()
        js.performance.mark("gin-warm")
        return

    def step() -> None:
        start = js.performance.now()
        importlib.import_module(names[0])
        js.performance.measure(f"gin-import {names[0]}", dom.js_obj({"start": start}))
        warm_up(names[1:])

    dom.after(0, step)
