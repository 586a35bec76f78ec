"""Entry point (PyScript, main thread): start the gin rummy table. Everything else is in
the ginweb package next to this file; see ginweb/__init__.py.

The performance marks time the page's own Python (scripts/bench_boot.py reports them):
gin-py-start (this line), gin-engine (gin_core imported), gin-imported (the page's modules),
then gin-ready (first paint, in ginweb.app) and gin-warm (the deferred modules imported).
"""

import js

js.performance.mark("gin-py-start")
from ginweb.kit.codecache import install  # noqa: E402  (before gin_core: its dataclasses' code)

install()
# after the first mark: its import is timed; gin_core with its analysis, a door of its own that the
# page imports at start too
import gin_core.analysis  # noqa: E402,F401

js.performance.mark("gin-engine")
from ginweb.app import main  # noqa: E402  (same)

js.performance.mark("gin-imported")
main()
