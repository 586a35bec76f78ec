"""Boot the page in Chromium: Python starts, the built engine is shown, nothing leaves the origin."""

import importlib.util
import inspect
import json
import os
import subprocess
import sys
import traceback
from urllib.parse import urlsplit

from gin_e2e import CHROMIUM, CHROMIUM_ARGS, ROOT, play_for_decisions, wait_ready, watch

import gin_core
from gin_core.cards import Card


def _boot(page, url, page_monitor, build_info):
    resp = page.goto(url)
    assert resp is not None and resp.ok, f"GET {url} -> {resp and resp.status}"
    seconds = wait_ready(page)
    # the installed wheel's metadata (importlib.metadata), shown once the later archive arrived
    page.wait_for_function("document.querySelector('#engine-version').textContent.trim() !== '…'")
    shown = page.locator("#engine-version").inner_text().strip()
    assert shown == build_info["gin_core_version"], "page shows a different engine version than the wheel"
    assert shown == gin_core.__version__, "site/ is stale: rebuild it (make site)"
    # every request stayed on the page's own origin (the monitor also fails the test otherwise)
    origin = f"{urlsplit(url).scheme}://{urlsplit(url).netloc}"
    http = [r for r in page_monitor.requests if r.startswith(("http:", "https:"))]
    assert http and all(r.startswith(origin + "/") for r in http), http
    assert page_monitor.problems() == []
    # the runtime really came from our versioned folders and the page's Python from wheels/
    paths = [urlsplit(r).path for r in http]
    assert any(
        p.endswith(build_info["interpreter"].lstrip(".").replace("pyodide.mjs", "pyodide.asm.wasm"))
        for p in paths
    )
    assert any(p.endswith(build_info["pyscript_core"].lstrip(".")) for p in paths)
    assert any(p.endswith(build_info["app"].lstrip(".")) for p in paths)
    assert any(p.endswith(build_info["engine"].lstrip(".")) for p in paths)
    # what the page preloads (scripts/build_site.py) it uses: each fetched once, never again
    preloaded = page.evaluate(
        "[...document.querySelectorAll('link[rel=preload], link[rel=modulepreload]')].map(l => l.href)"
    )
    assert any(h.endswith("/app.zip") for h in preloaded)
    assert any(h.endswith(build_info["engine"].lstrip(".")) for h in preloaded)
    versions = build_info["versions"]  # main.py and pyscript.json come with this build's version
    assert {f"{url.split('?')[0]}{n}?v={versions[n]}" for n in ("main.py", "pyscript.json")} <= set(preloaded)
    fetched = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")  # the page's own
    assert {h: fetched.count(h) for h in preloaded} == {h: 1 for h in preloaded}
    return seconds, http


def test_boot_at_root(page, site_url, page_monitor, build_info, boot_timings):
    seconds, _ = _boot(page, site_url, page_monitor, build_info)
    boot_timings.append(("time to ready, served at /", seconds))
    print(f"time to ready at {site_url}: {seconds:.2f} s")
    assert page.title() == "Gin Rummy"


def test_boot_under_subpath(page, subpath_url, page_monitor, build_info, boot_timings):
    assert urlsplit(subpath_url).path == "/games/gin/"
    seconds, http = _boot(page, subpath_url, page_monitor, build_info)
    boot_timings.append(("time to ready, served at /games/gin/", seconds))
    print(f"time to ready at {subpath_url}: {seconds:.2f} s")
    # relative URLs only: nothing was fetched from outside the sub-path
    outside = [r for r in http if not urlsplit(r).path.startswith("/games/gin/")]
    assert outside == []


def test_subpath_without_trailing_slash_redirects(page, subpath_url, page_monitor):
    bare = subpath_url.rstrip("/")  # .../games/gin
    page.goto(bare)
    assert page.url == subpath_url
    wait_ready(page)


# Run inside the page (a second <script type="py"> shares the game's interpreter): the stdlib
# modules run from source, the app modules run from source (gin_core and ginweb ship compiled
# only) or whose .pyc is missing or stale (PyScript's package, whose sources PyScript writes),
# the last frame of an engine error's traceback (the page's error report: file and line without
# a source), the docstrings of gin_core's dataclasses, how many dataclasses ran the build's code
# (ginweb/kit/codecache.py) and how many compiled their own, and whether modules the page does
# not use are left out (the trimmed build) or still import (--no-trim, from source).
PRECOMPILED_PROBE = r"""
import importlib, importlib.util, json, os, sys, traceback, zipimport, js
from gin_core.cards import Card
try:
    Card.parse("zz")
except ValueError as exc:
    frame = traceback.extract_tb(exc.__traceback__)[-1]
    report = "".join(traceback.format_exception(exc))  # the page's error report path
from_source = sorted(n for n, m in list(sys.modules.items())
                     if isinstance(getattr(getattr(m, "__spec__", None), "loader", None),
                                   zipimport.zipimporter)
                     and m.__file__.endswith(".py"))
stale = []
for name, m in list(sys.modules.items()):
    if name.split(".")[0] in ("gin_core", "ginweb") and getattr(m, "__file__", None):
        if not m.__file__.endswith(".pyc") or os.path.exists(m.__file__[:-1]):
            stale.append(name)
    elif name.split(".")[0] == "pyscript" and getattr(m, "__file__", None):
        source = open(m.__file__, "rb").read()
        try:
            pyc = open(m.__cached__, "rb").read()
        except OSError:
            pyc = b""
        if pyc[4:8] != b"\x03\0\0\0" or pyc[8:16] != importlib.util.source_hash(source):
            stale.append(name)
rest = []
for n in ("difflib", "statistics", "unittest"):
    try:
        rest.append(importlib.import_module(n).__file__)
    except ModuleNotFoundError:
        rest.append(None)
import dataclasses
docs = [[name, c.__qualname__, c.__doc__]
        for name, m in list(sys.modules.items()) if name.split(".")[0] == "gin_core"
        for c in vars(m).values()
        if isinstance(c, type) and dataclasses.is_dataclass(c) and c.__module__ == name]
made = getattr(getattr(dataclasses, "exec", None), "__self__", None)
js.window.__precompiled = json.dumps({"from_source": from_source, "stale": stale, "rest": rest,
                                      "frame": [frame.filename, frame.lineno], "report": report,
                                      "docs": docs, "made": made and [made.hits, made.misses]})
"""


def check_precompiled(page, build_info) -> None:
    """The page booted and played runs every stdlib module it imports from the .pyc of the
    precompiled list (scripts/precompile_modules.txt: add what this names), gin_core's and
    ginweb's from .pyc without a source, PyScript's own from up-to-date .pyc; an error's report
    still names the file and line it came from (the .pyc hold no column positions); gin_core's
    dataclasses keep their docstrings (the build strips the others) and run the code the build
    compiled for them (the dataclasses of ``import gin_core``: none compiled in the page); the
    stdlib the page does not use is left out (the trimmed build) or still imports (from source,
    --no-trim)."""
    assert build_info.get("precompiled"), "site/ was built with --no-precompile: rebuild it (make site)"
    page.evaluate(
        """(code) => { const s = document.createElement('script'); s.type = 'py';
                                 s.textContent = code; document.body.append(s); }""",
        PRECOMPILED_PROBE,
    )
    page.wait_for_function("window.__precompiled", timeout=30_000)
    found = json.loads(page.evaluate("window.__precompiled"))
    assert found["from_source"] == []
    assert found["stale"] == []
    try:
        Card.parse("zz")
    except ValueError as exc:
        line = traceback.extract_tb(exc.__traceback__)[-1].lineno  # the same error here, from source
    engine = "/lib/python3.14/site-packages/gin_core/cards.py"  # installed from its wheel
    assert found["frame"] == [engine, line], found
    assert f'File "{engine}", line {line}, in parse' in found["report"]
    # the build strips docstrings but a dataclass's (without one, @dataclass would make one with
    # inspect.signature at every import): the engine's dataclasses have their sources' own
    assert len(found["docs"]) > 10, found["docs"]
    for module, qualname, doc in found["docs"]:
        cls = importlib.import_module(module)
        for part in qualname.split("."):
            cls = getattr(cls, part)
        assert inspect.cleandoc(doc) == inspect.cleandoc(cls.__doc__), (module, qualname)  # 3.13 dedents
    hits, _ = found["made"]  # a class imported after gin_core (a puzzle's) may compile its own
    assert hits >= _dataclasses_of_import_gin_core(), found["made"]
    if build_info.get("trimmed"):
        assert found["rest"] == [None, None, None], found["rest"]
    else:
        assert all(f.endswith(".py") for f in found["rest"]), found["rest"]


def _dataclasses_of_import_gin_core() -> int:
    """How many dataclasses ``import gin_core`` and its analysis make (a fresh CPython: the same
    modules: web/main.py imports both)."""
    count = (
        "import dataclasses, sys, gin_core.analysis"
        "; print(sum(1 for n, m in list(sys.modules.items())"
        " if n.split('.')[0] == 'gin_core' for c in vars(m).values()"
        " if isinstance(c, type) and dataclasses.is_dataclass(c) and c.__module__ == n))"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return int(
        subprocess.run(
            [sys.executable, "-c", count], capture_output=True, text=True, check=True, env=env
        ).stdout
    )


def _soak_module():
    spec = importlib.util.spec_from_file_location("gin_soak_boot", ROOT / "scripts" / "soak_boot.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_no_renderer_crash_when_gwp_asan_samples_the_boot_and_python_runs_precompiled(
    playwright, site_url, build_info
):
    """The page boots and plays in a Chromium whose GWP-ASan samples allocations often. With
    Pyodide's JSPI on, the renderer crashed in every such load (SIGSEGV in Chromium's
    ScanStackForNextFrame, past the end of a V8-allocated stack); the build turns JSPI off
    (scripts/build_site.py, without_jspi). The page booted and played then runs precompiled
    (check_precompiled: the same page a test of its own would boot and play)."""
    gwp_asan = _soak_module().GWP_ASAN_ARGS  # the soak's --gwp-asan
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS + gwp_asan)
    try:
        page = browser.new_context().new_page()
        crashes: list[bool] = []
        page.on("crash", lambda _: crashes.append(True))
        monitor = watch(page)
        page.goto(f"{site_url}?seed=2024&level=hard&fast=1")
        wait_ready(page, 90)
        play_for_decisions(page, 4)
        assert crashes == []
        check_precompiled(page, build_info)
        assert crashes == []
        assert monitor.problems() == []
    finally:
        browser.close()
