#!/usr/bin/env python3
"""Benchmark the page's start and play: `make bench` (issue 16's figures, in one run).

    python scripts/bench_boot.py [--rounds 5] [--decisions 30] [--levels hard,expert]
    python scripts/bench_boot.py --snapshot-site site-snapshot --variants game-no-sw,snapshot-no-sw

Serves the built site/ with its production headers (netlify.toml) and, next to it, a bare
PyScript page on the stock runtime (Pyodide's own python_stdlib.zip and loader, PyScript
unchanged: a page whose Python only says it is ready), then drives Debian Chromium (python
playwright, no browser download). In every round, one after the other (interleaved, so a busy
machine slows every variant alike), each variant gets a Chromium of its own with a fresh
profile on disk (empty cache, no service worker: a first visit; on disk, not off the record,
so the warm load has what a returning visitor has: the disk cache with its WebAssembly code
cache, which an off-the-record context lacks, so it fetched the 9 MiB wasm again):
  game        the game as shipped: cold load, then (once the service worker controls the page)
              a warm reload
  game-no-sw  the same with service workers blocked: the HTTP cache only
  bare        the bare PyScript page, cold then warm
  snapshot, snapshot-no-sw  with --snapshot-site DIR: game and game-no-sw on that build
              (build_site.py --snapshot --out DIR), compared with them (ratios; Python phases and
              first-visit bytes of snapshot-no-sw)
``--variants`` runs some of them only.
Time to playable is performance.now() when the page says it is ready. The page's own Python is
timed by its performance marks (web/main.py: import gin_core, import ginweb.app, first render,
then the warm-up after ready and its longest import, ginweb/warmup.py), reported as medians of
the game-no-sw loads, cold and warm. Reported: medians, and
the ratios game / bare, the figures that survive a noisy machine (targets: <= 0.5 cold,
<= 0.45 warm; on this 2-core machine <= 2.0 s cold and <= 1.0 s warm), and game / game-no-sw
warm (the service worker must not slow a load: <= 1.0).
Bytes of a first visit: every file the game's cold load fetched (resource timing), raw, gzip -9
(Python's gzip) and brotli -5 (Node's zlib; quality 11 takes minutes here). Long tasks while
playing: the observers of scripts/frames.py during ``--decisions`` computer decisions and the
player's clicks per level, each frozen frame named by its cause.
Prints the figures and writes artifacts/bench/boot.json.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "e2e"))

import frames  # noqa: E402
from build_site import PYODIDE_CORE_FILES, npm_version  # noqa: E402
from gin_e2e import CHROMIUM_ARGS, pct, play_for_decisions  # noqa: E402
from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402
from serve import start_server  # noqa: E402

READY_JS = "() => document.body && document.body.dataset.ready === '1' && performance.now()"
CONTROLLED_JS = "() => !!navigator.serviceWorker.controller"
PHASE_MARKS = ("gin-py-start", "gin-engine", "gin-imported", "gin-ready", "gin-warm")
PHASES = {  # the page's own Python, ms between performance marks of web/main.py and ginweb.app
    "import gin_core": ("gin-py-start", "gin-engine"),
    "import ginweb.app": ("gin-engine", "gin-imported"),
    "first render": ("gin-imported", "gin-ready"),
    "python to ready": ("gin-py-start", "gin-ready"),
    "warm-up after ready": ("gin-ready", "gin-warm"),
}
MARKS_JS = """names => Object.fromEntries(names.map(n => [n, performance.getEntriesByName(n, 'mark')])
    .filter(([, e]) => e.length).map(([n, e]) => [n, e[0].startTime]))"""
IMPORTS_JS = """() => performance.getEntriesByType('measure')
    .filter(e => e.name.startsWith('gin-import ')).map(e => e.duration)"""
WARM_JS = "() => performance.getEntriesByName('gin-warm', 'mark').length > 0"
RESOURCES_JS = """() => performance.getEntriesByType('navigation').concat(
    performance.getEntriesByType('resource')).map(e => e.name)"""
LEVELS = ("beginner", "standard", "hard", "expert")
VARIANTS = ("game", "game-no-sw", "bare", "snapshot", "snapshot-no-sw")
# each variant: (the site it loads, service worker allowed, the game's page)
SETUP = {
    "game": ("game", True, True),
    "game-no-sw": ("game", False, True),
    "bare": ("bare", False, False),
    "snapshot": ("snapshot", True, True),
    "snapshot-no-sw": ("snapshot", False, True),
}
RATIOS = {  # name: (numerator, denominator, cold or warm)
    "game/bare cold": ("game", "bare", "cold"),
    "game/bare warm": ("game", "bare", "warm"),
    "game/game-no-sw warm": ("game", "game-no-sw", "warm"),
    "game/game-no-sw cold": ("game", "game-no-sw", "cold"),
    "snapshot/game cold": ("snapshot", "game", "cold"),
    "snapshot/game warm": ("snapshot", "game", "warm"),
    "snapshot-no-sw/game-no-sw cold": ("snapshot-no-sw", "game-no-sw", "cold"),
    "snapshot-no-sw/game-no-sw warm": ("snapshot-no-sw", "game-no-sw", "warm"),
}
BARE_HTML = """<!doctype html>
<html><head><meta charset="utf-8"><title>bare PyScript</title>
<link rel="stylesheet" href="./runtime/pyscript-{pyscript}/core.css">
<script type="module" src="./runtime/pyscript-{pyscript}/core.js"></script></head>
<body><script type="py" src="./ready.py" config="./pyscript.json"></script></body></html>
"""


def bare_site(folder: Path) -> Path:
    """A bare PyScript page on the stock runtime (node_modules/pyodide, unchanged PyScript)."""
    pyodide, pyscript = ROOT / "node_modules" / "pyodide", ROOT / "node_modules" / "@pyscript" / "core"
    ver, ps_ver = npm_version(pyodide), npm_version(pyscript)
    runtime = folder / "runtime" / f"pyodide-{ver}"
    runtime.mkdir(parents=True)
    for name in PYODIDE_CORE_FILES:
        if (pyodide / name).is_file():
            shutil.copyfile(pyodide / name, runtime / name)
    shutil.copytree(pyscript / "dist", folder / "runtime" / f"pyscript-{ps_ver}")
    (folder / "index.html").write_text(BARE_HTML.format(pyscript=ps_ver))
    (folder / "ready.py").write_text("import js\njs.document.body.dataset.ready = '1'\n")
    config = {"interpreter": f"./runtime/pyodide-{ver}/pyodide.mjs"}
    (folder / "pyscript.json").write_text(json.dumps(config))
    return folder


def python_phases(page) -> dict[str, float]:
    """Milliseconds of the page's Python phases (PHASES), once the warm-up after ready is done
    (a page without the gin-warm mark, e.g. an older build, gets the other phases after 10 s)."""
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(WARM_JS, timeout=10_000)
    marks = page.evaluate(MARKS_JS, list(PHASE_MARKS))
    phases = {
        name: round(marks[b] - marks[a], 1) for name, (a, b) in PHASES.items() if a in marks and b in marks
    }
    imports = page.evaluate(IMPORTS_JS)  # ginweb.warmup's, one task each
    if imports:
        phases["longest deferred import"] = round(max(imports), 1)
    return phases


def load(playwright, chromium: str, url: str, *, sw: bool, game: bool) -> dict:
    """A cold load in a fresh profile, then a warm reload (after the worker took control); for
    the game, the page's Python phases of each (PHASES)."""
    with tempfile.TemporaryDirectory(prefix="gin-bench-profile-") as profile:
        ctx = playwright.chromium.launch_persistent_context(
            profile, executable_path=chromium, args=CHROMIUM_ARGS, service_workers="allow" if sw else "block"
        )
        page = ctx.new_page()
        page.goto(url)
        row = {
            "cold": page.wait_for_function(READY_JS, timeout=120_000).json_value() / 1000,
            "files": page.evaluate(RESOURCES_JS),
        }
        if game:
            row["py cold"] = python_phases(page)
        if sw:
            page.wait_for_function(CONTROLLED_JS, timeout=120_000)
        page.reload()
        row["warm"] = page.wait_for_function(READY_JS, timeout=120_000).json_value() / 1000
        if game:
            row["py warm"] = python_phases(page)
        ctx.close()
    return row


def brotli_sizes(files: list[Path]) -> int:
    """Bytes of the files compressed with brotli at quality 5 (Node's zlib: no Python dependency)."""
    script = (
        "const fs = require('fs'), zlib = require('zlib'); let n = 0;"
        "for (const f of process.argv.slice(1)) n += zlib.brotliCompressSync(fs.readFileSync(f),"
        " {params: {[zlib.constants.BROTLI_PARAM_QUALITY]: 5}}).length;"
        "console.log(n);"
    )
    res = subprocess.run(
        [os.environ.get("NODE", "node"), "-e", script, *map(str, files)],
        check=True,
        capture_output=True,
        text=True,
    )
    return int(res.stdout)


def first_visit_bytes(site: Path, urls: list[str]) -> dict:
    """Raw, gzip -9 and brotli -5 bytes of the distinct site files a first visit fetched."""
    paths = {urlsplit(u).path.lstrip("/") or "index.html" for u in urls}
    files = [site / p for p in sorted(paths) if (site / p).is_file()]
    raw = sum(f.stat().st_size for f in files)
    gz = sum(len(gzip.compress(f.read_bytes(), 9)) for f in files)
    return {"files": len(files), "raw": raw, "gzip": gz, "brotli": brotli_sizes(files)}


def long_tasks(browser, url: str, level: str, decisions: int, motion: bool = False) -> dict:
    """Main-thread long tasks (> 50 ms) while the computer makes ``decisions`` decisions and the
    player clicks, with the causes of the frames they froze (scripts/frames.py). ``motion``: the
    cards glide and the computer is paced as for a player (else ``fast=1``)."""
    ctx = browser.new_context()
    page = ctx.new_page()
    page.add_init_script(frames.OBSERVER_JS)
    page.goto(f"{url}?seed=2024&level={level}{'' if motion else '&fast=1'}")
    page.wait_for_function(READY_JS, timeout=120_000)
    page.wait_for_timeout(500)  # the first paint after ready is the start's, not play
    page.evaluate(frames.RESET_JS)
    perf = play_for_decisions(page, decisions)
    frozen = frames.summary(page.evaluate(frames.READ_JS))
    ctx.close()
    ms = [d["ms"] for d in perf]
    return {
        "decisions": len(perf),
        "decision_p50_ms": round(pct(ms, 0.5)),
        "decision_p95_ms": round(pct(ms, 0.95)),
        **frozen,
    }


def median(rows: list[dict], key: str) -> float:
    return statistics.median(r[key] for r in rows)


def python_medians(rows: list[dict]) -> dict[str, dict[str, float]]:
    """Median milliseconds of each Python phase, cold and warm, over the rounds."""
    out: dict[str, dict[str, float]] = {}
    for kind in ("cold", "warm"):
        phases = [r[f"py {kind}"] for r in rows if f"py {kind}" in r]
        names = [n for n in (*PHASES, "longest deferred import") if phases and all(n in p for p in phases)]
        out[kind] = {n: round(statistics.median(p[n] for p in phases), 1) for n in names}
    return out


def report(times: dict[str, list[dict]], sizes: dict[str, dict], tasks: dict) -> dict:
    med = {v: {k: round(median(rows, k), 3) for k in ("cold", "warm")} for v, rows in times.items()}
    ratios = {
        name: med[a][kind] / med[b][kind] for name, (a, b, kind) in RATIOS.items() if a in med and b in med
    }
    for variant, m in med.items():
        runs = ", ".join(f"{r['cold']:.2f}/{r['warm']:.2f}" for r in times[variant])
        print(
            f"{variant:11s} time to playable: cold {m['cold']:.2f} s, warm {m['warm']:.2f} s "
            f"(runs cold/warm: {runs})"
        )
    for name, value in ratios.items():
        print(f"ratio {name}: {value:.2f}")
    py = {v: python_medians(times[v]) for v in ("game-no-sw", "snapshot-no-sw") if v in times}
    for variant, kinds in py.items():
        for kind, phases in kinds.items():
            words = ", ".join(f"{k} {v:.0f}" for k, v in phases.items())
            print(f"page's Python, {kind} ({variant}, ms medians): {words}")
    for variant, size in sizes.items():
        print(
            f"first visit ({variant}): {size['files']} files, {size['raw'] / 2**20:.2f} MiB raw, "
            f"{size['gzip'] / 2**20:.2f} MiB gzip -9, {size['brotli'] / 2**20:.2f} MiB brotli -5"
        )
    for level, t in tasks.items():
        print(
            f"{level:9s} {t['decisions']} decisions (p50 {t['decision_p50_ms']} ms, "
            f"p95 {t['decision_p95_ms']} ms): {frames.describe(t)}"
        )
    return {
        "medians_s": med,
        "python_phases_ms": py.get("game-no-sw", {}),
        **({"snapshot_python_phases_ms": py["snapshot-no-sw"]} if "snapshot-no-sw" in py else {}),
        "ratios": {k: round(v, 3) for k, v in ratios.items()},
        "runs": times,
        "first_visit_bytes": sizes,
        "long_tasks": tasks,
    }


def parse_args() -> tuple[argparse.Namespace, list[str]]:
    """The command line, and the variants to run (checked against VARIANTS and --snapshot-site)."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--decisions", type=int, default=30, help="computer decisions per level (0: skip)")
    ap.add_argument("--levels", default=",".join(LEVELS))
    ap.add_argument(
        "--motion",
        action="store_true",
        help="also play --decisions at standard with the cards gliding (no fast=1)",
    )
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    ap.add_argument(
        "--snapshot-site",
        type=Path,
        help="a snapshot build (build_site.py --snapshot --out DIR): adds the variants "
        "snapshot and snapshot-no-sw",
    )
    ap.add_argument(
        "--variants", help=f"comma-separated, of {', '.join(VARIANTS)} (default: all that can run)"
    )
    args = ap.parse_args()
    variants = [v for v in VARIANTS if not v.startswith("snapshot") or args.snapshot_site]
    if args.variants:
        variants = args.variants.split(",")
        if unknown := [v for v in variants if v not in VARIANTS]:
            ap.error(f"unknown variants {unknown}")
    if any(v.startswith("snapshot") for v in variants) and not args.snapshot_site:
        ap.error("the snapshot variants need --snapshot-site")
    return args, variants


def main() -> int:
    args, variants = parse_args()
    from playwright.sync_api import sync_playwright

    site = ROOT / "site"
    with tempfile.TemporaryDirectory(prefix="gin-bench-") as tmp, sync_playwright() as p:
        bare = bare_site(Path(tmp))
        folders = {"game": site, "bare": bare, "snapshot": args.snapshot_site}
        servers = {
            name: start_server(folder, prefix="/", netlify=ROOT / "netlify.toml")
            for name, folder in folders.items()
            if folder
        }
        times: dict[str, list[dict]] = {v: [] for v in variants}
        tasks: dict[str, dict] = {}
        try:
            for r in range(args.rounds):
                for variant in variants:
                    served, sw, game = SETUP[variant]
                    times[variant].append(load(p, args.chromium, servers[served][1], sw=sw, game=game))
                    row = times[variant][-1]
                    print(
                        f"round {r + 1}/{args.rounds} {variant}: "
                        f"cold {row['cold']:.2f} s, warm {row['warm']:.2f} s",
                        flush=True,
                    )
            sizes = {
                v: first_visit_bytes(folders[SETUP[v][0]], times[v][0]["files"])
                for v in ("game-no-sw", "snapshot-no-sw")
                if v in times
            }
            browser = p.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)
            for level in args.levels.split(",") if args.decisions else ():
                tasks[level] = long_tasks(browser, servers["game"][1], level, args.decisions)
            if args.motion and args.decisions:
                tasks["standard, with motion"] = long_tasks(
                    browser, servers["game"][1], "standard", args.decisions, motion=True
                )
            version = browser.version
            browser.close()
        finally:
            for server, _ in servers.values():
                server.shutdown()
                server.server_close()
    for rows in times.values():
        for row in rows:
            row.pop("files")
    result = {"chromium": version, "rounds": args.rounds, **report(times, sizes, tasks)}
    out = ROOT / "artifacts" / "bench"
    out.mkdir(parents=True, exist_ok=True)
    (out / "boot.json").write_text(json.dumps(result, indent=2) + "\n")
    print(f"bench: wrote {out.relative_to(ROOT)}/boot.json")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
