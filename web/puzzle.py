"""Entry point of the puzzle page (puzzle.html; PyScript, main thread): one gin puzzle, and
nothing of the table. See ginweb/puzzles/page.py.

The performance marks are the game page's (main.py): gin-py-start (this line), gin-imported
(the page's modules, gin_core's puzzles with them), gin-ready (the puzzle shown)."""

import js

js.performance.mark("gin-py-start")
from ginweb.warmup import FINDER, fetch_later  # noqa: E402

if FINDER:  # the puzzles are in the later archive: its gin_core modules go beside the installed engine
    await fetch_later(FINDER)  # noqa: F704  (PyScript runs this file async)
from ginweb.puzzles.page import main  # noqa: E402  (after the first mark: its import is timed)

js.performance.mark("gin-imported")
main()
js.performance.mark("gin-ready")
