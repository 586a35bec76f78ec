"""After the first paint, import the modules the first paint does not need, one per task.

The table must respond as early as possible, so ginweb.app's import chain leaves out what only
a chart or a feature's dialog needs (tests/test_web_imports.py keeps it so). Right after ready,
this imports them one per task (a click waiting in between goes first), so that no click pays for an
import. A click that comes before the warm-up ends (opening a chart or a feature's dialog within
the first second) imports what it needs itself, where the module is used (chartview, a
feature's ui or plug): the same module, only sooner. Each import is measured
(performance measures named ``gin-import <module>``; scripts/bench_boot.py reports the
longest); the mark ``gin-warm`` says the warm-up is over.
"""

from __future__ import annotations

import gc
import importlib

import js

from .kit import dom

DEFERRED = ("ginweb.kit.charts",)  # not imported by ginweb.app, nor the features' ``Feature.deferred``


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
