"""The trimmed standard library (issue 28): the site ships only the stdlib modules the page imports
(scripts/precompile.mjs: the modules of scripts/precompile_modules.txt, what the page's code
names in an import statement, and what those import), so a module it reaches and the build
missed would fail in a visitor's browser with ModuleNotFoundError. This runs the page on the
trimmed build: play, every dialog, then every module of the page imported (ginweb's and the
gin_core modules the page can reach); the other browser tests (review, daily, charts, embeds,
offline) run on the same build, and their page monitor fails on any Python error too."""

import json

from gin_e2e import play_for_decisions, wait_ready

# Run inside the page (a second <script type="py"> shares the game's interpreter).
LEAN_PROBE = r"""
import js, json, traceback  # only what the page imports (no pkgutil: left out)
try:
    import importlib, os, sys
    failed, names = {}, []
    for package in ("ginweb", "gin_core"):
        top = os.path.dirname(importlib.import_module(package).__file__)
        for folder, dirs, files in os.walk(top):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            rel = os.path.relpath(folder, os.path.dirname(top)).replace(os.sep, ".")
            stems = sorted({f.rsplit(".", 1)[0] for f in files if f.endswith((".py", ".pyc"))})
            names += [rel if f == "__init__" else f"{rel}.{f}" for f in stems]  # compiled: .pyc
    for name in names:
        if name.startswith("gin_core.tools"):  # the command line's arena and benchmarks
            continue
        try:
            importlib.import_module(name)
        except ImportError as exc:
            failed[name] = f"{type(exc).__name__}: {exc}"
    try:
        import difflib  # noqa: F401  (not used by the page: the trimmed build leaves it out)
        trimmed = False
    except ModuleNotFoundError:
        trimmed = True
    stdlib = sorted(n for n, m in list(sys.modules.items())
                    if (getattr(m, "__file__", None) or "").startswith("/lib/python"))
    found = {"failed": failed, "trimmed": trimmed, "stdlib": stdlib, "modules": len(names)}
except BaseException:
    found = {"error": traceback.format_exc()}
js.window.__lean = json.dumps(found)
"""

DIALOGS = (
    ("[data-act=new]", "#dlg-new"),
    ("[data-act=stats]", "#dlg-stats"),
    ("[data-act=settings]", "#dlg-settings"),
    ("[data-act=help]", "#dlg-help"),
)


def test_whole_page_runs_on_the_trimmed_stdlib(page, site_url, page_monitor, build_info):
    page.goto(f"{site_url}?seed=2024&level=standard&fast=1")
    wait_ready(page, 60)
    play_for_decisions(page, 3)
    for opener, dialog in DIALOGS:
        page.click(opener)
        page.wait_for_selector(f"{dialog}[open]")
        page.keyboard.press("Escape")
        page.wait_for_function("!document.querySelector('dialog[open]')")
    page.evaluate(
        """(code) => { const s = document.createElement('script'); s.type = 'py';
                                 s.textContent = code; document.body.append(s); }""",
        LEAN_PROBE,
    )
    page.wait_for_function("window.__lean", timeout=60_000)
    found = json.loads(page.evaluate("window.__lean"))
    assert "error" not in found, found.get("error")
    assert found["failed"] == {}, "the page needs stdlib modules the build left out: " + json.dumps(
        found["failed"], indent=1
    )
    assert found["modules"] > 50  # every module of ginweb and gin_core was tried
    assert found["trimmed"] == build_info.get("trimmed", False)
    assert page_monitor.problems() == []
