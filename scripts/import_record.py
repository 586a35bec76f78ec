#!/usr/bin/env python3
"""The page's import record: which modules of the start archives a first visit does not import
by its first moves, the candidates for later.zip (build_site.LATER_MODULES).

    python scripts/import_record.py [--site site] [--decisions 2] [--level standard]

Serves the built site (netlify.toml's headers), loads the game in Debian Chromium with the
later archive held back (its request never answered, so the warm-up never imports what it
defers), reads ``sys.modules`` in the page when it is playable and again after ``--decisions``
computer decisions, and prints, biggest first, each compiled module of app.zip and of
python_stdlib.zip that neither reading found, with its size in bytes, then how many of each
archive's modules were imported.
"""

from __future__ import annotations

import argparse
import json
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "e2e"))

from bench_boot import READY_JS  # noqa: E402
from build_site import archive_module  # noqa: E402
from gin_e2e import CHROMIUM_ARGS, play_for_decisions  # noqa: E402
from serve import start_server  # noqa: E402

# Run inside the page (a second <script type="py"> shares the game's interpreter)
PROBE = r"""
import js, json, sys
js.window.__imported = json.dumps(sorted(sys.modules))
"""
INJECT = """(code) => { window.__imported = null; const s = document.createElement('script');
    s.type = 'py'; s.textContent = code; document.body.append(s); }"""


def imported(site: Path, chromium: str, level: str, decisions: int) -> set[str]:
    """The modules the page imported by its first ``decisions`` decisions, the later archive
    held back."""
    from playwright.sync_api import sync_playwright

    later = json.loads((site / "build-info.json").read_text())["later"].removeprefix("./")
    server, url = start_server(site, netlify=ROOT / "netlify.toml")
    found: set[str] = set()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            page = browser.new_page()
            page.route(f"**/{later}", lambda route: None)  # never answered
            page.goto(f"{url}?seed=2024&level={level}&fast=1")
            page.wait_for_function(READY_JS, timeout=120_000)
            for step in (0, decisions):
                if step:
                    play_for_decisions(page, step)
                page.evaluate(INJECT, PROBE)
                page.wait_for_function("window.__imported", timeout=60_000)
                found |= set(json.loads(page.evaluate("window.__imported")))
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return found


def compiled_modules(archive: Path) -> dict[str, int]:
    """The modules an archive holds compiled, with their .pyc's size."""
    with zipfile.ZipFile(archive) as zf:
        return {archive_module(i.filename): i.file_size for i in zf.infolist() if i.filename.endswith(".pyc")}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--site", type=Path, default=ROOT / "site")
    ap.add_argument("--level", default="standard")
    ap.add_argument("--decisions", type=int, default=2)
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    args = ap.parse_args()
    site = args.site.resolve()
    found = imported(site, args.chromium, args.level, args.decisions)
    info = json.loads((site / "build-info.json").read_text())
    stdlib = Path(info["interpreter"]).parent / "python_stdlib.zip"
    for name, archive in (("app.zip", Path(info["app"])), ("python_stdlib.zip", stdlib)):
        modules = compiled_modules(site / archive)
        unused = sorted(((size, m) for m, size in modules.items() if m not in found), reverse=True)
        for size, module in unused:
            print(f"{name}: {module} {size}")
        print(f"{name}: {len(modules) - len(unused)} of {len(modules)} modules imported")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
