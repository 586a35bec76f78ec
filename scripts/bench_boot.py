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
  game-static the game served with the build's precompressed siblings (serve.py --compress
              static: brotli 11, as a host with brotli_static sends it) where every other site
              is compressed on the fly (brotli 5, Netlify's stand-in); in the throttled runs too
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
Every site is served compressed on the wire (serve.py --compress fly: brotli 5, as Netlify sends
it; game-static: --compress static). Then first visits with the network throttled
(--throttled-rounds; NETWORKS: 4G 10 Mbit/s 40 ms, slow 1.6 Mbit/s 150 ms; a fresh profile,
service workers blocked): first paint, playable and the bytes received (CDP), cold and warm, of
the game, of game-static when among the variants, and, with --before-site DIR, of an earlier
build loaded after them in each round (ratios to before, and game-static/game); and Lighthouse
(desktop preset; npm lighthouse@12.2.3 from $LIGHTHOUSE or artifacts/lighthouse, which `make
bench` installs) on the same sites: its four category scores, its metrics and its failed audits
(--no-lighthouse: none).
--timeline: one more throttled first visit (4G) of each site, printed as a timeline of its files
and events (scripts/boot_timeline.py: where the seconds beyond the bytes go).
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
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "e2e"))

import boot_timeline  # noqa: E402
import frames  # noqa: E402
from build_site import PYODIDE_CORE_FILES, npm_version  # noqa: E402
from gin_e2e import CHROMIUM_ARGS, pct, play_for_decisions  # noqa: E402
from playwright.sync_api import Browser, Page, Playwright  # noqa: E402
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
VARIANTS = ("game", "game-no-sw", "game-static", "bare", "snapshot", "snapshot-no-sw")
# each variant: (the site it loads, service worker allowed, the game's page)
SETUP = {
    "game": ("game", True, True),
    "game-no-sw": ("game", False, True),
    "game-static": ("game-static", True, True),
    "bare": ("bare", False, False),
    "snapshot": ("snapshot", True, True),
    "snapshot-no-sw": ("snapshot", False, True),
}
RATIOS = {  # name: (numerator, denominator, cold or warm)
    "game/bare cold": ("game", "bare", "cold"),
    "game/bare warm": ("game", "bare", "warm"),
    "game/game-no-sw warm": ("game", "game-no-sw", "warm"),
    "game/game-no-sw cold": ("game", "game-no-sw", "cold"),
    "game-static/game cold": ("game-static", "game", "cold"),
    "game-static/game warm": ("game-static", "game", "warm"),
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


def python_phases(page: Page) -> dict[str, float]:
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


def load(playwright: Playwright, chromium: str, url: str, *, sw: bool, game: bool) -> dict[str, Any]:
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


# Chromium's network throttled through CDP (Network.emulateNetworkConditions): (latency ms,
# download Mbit/s, upload Mbit/s)
NETWORKS = {"4g": (40, 10.0, 5.0), "slow": (150, 1.6, 0.75)}
PAINT_JS = """() => (performance.getEntriesByName('first-contentful-paint')[0]
    || performance.getEntriesByName('first-paint')[0] || {startTime: NaN}).startTime / 1000"""


def throttled(playwright: Playwright, chromium: str, url: str, network: str) -> dict[str, Any]:
    """A first visit (fresh profile on disk) and a warm reload with the network throttled
    (NETWORKS) and service workers blocked (the HTTP cache only): first paint and playable
    (seconds), and the bytes the browser received until playable (CDP's encodedDataLength:
    compressed bodies and headers), of each. The reload waits for the warm-up after ready
    (its later.zip), else a warm load on 4G fetched later.zip again."""
    latency, down, up = NETWORKS[network]
    with tempfile.TemporaryDirectory(prefix="gin-bench-profile-") as profile:
        ctx = playwright.chromium.launch_persistent_context(
            profile, executable_path=chromium, args=CHROMIUM_ARGS, service_workers="block"
        )
        page = ctx.new_page()
        cdp = ctx.new_cdp_session(page)
        received: list[float] = []
        cdp.on("Network.loadingFinished", lambda e: received.append(e["encodedDataLength"]))
        cdp.send("Network.enable")
        cdp.send(
            "Network.emulateNetworkConditions",
            {
                "offline": False,
                "latency": latency,
                "downloadThroughput": down * 1e6 / 8,
                "uploadThroughput": up * 1e6 / 8,
            },
        )
        row = {}
        for kind in ("cold", "warm"):
            received.clear()
            if kind == "cold":
                page.goto(url)
            else:
                page.reload()
            playable = page.wait_for_function(READY_JS, timeout=300_000).json_value() / 1000
            page.wait_for_timeout(300)  # the last loadingFinished events
            row[kind] = {"paint": page.evaluate(PAINT_JS), "playable": playable, "bytes": sum(received)}
            with contextlib.suppress(PlaywrightTimeout):  # the warm-up's later.zip in the cache first
                page.wait_for_function(WARM_JS, timeout=60_000)
        ctx.close()
    return row


def lighthouse(url: str, chromium: str) -> dict[str, Any]:
    """Lighthouse (desktop preset) on ``url``: its four category scores and its metrics. The
    pinned npm lighthouse from $LIGHTHOUSE or artifacts/lighthouse (make bench installs it there:
    npm i -E lighthouse@12.2.3); {} with a note when it is missing."""
    default = ROOT / "artifacts" / "lighthouse" / "node_modules" / ".bin" / "lighthouse"
    binary = Path(os.environ.get("LIGHTHOUSE", default))
    if not binary.is_file():
        print(f"bench: no lighthouse at {binary}: npm i -E --prefix artifacts/lighthouse lighthouse@12.2.3")
        return {}
    with tempfile.TemporaryDirectory(prefix="gin-lighthouse-") as tmp:
        out = Path(tmp) / "report.json"
        cmd = [
            str(binary),
            url,
            "--preset=desktop",
            "--output=json",
            f"--output-path={out}",
            "--quiet",
            "--chrome-flags=--headless=new --no-sandbox",
        ]
        res = subprocess.run(
            cmd, check=False, capture_output=True, text=True, env={**os.environ, "CHROME_PATH": chromium}
        )
        if not out.is_file():
            print(f"bench: lighthouse failed: {res.stderr[-2000:]}")
            return {}
        lhr = json.loads(out.read_text())
    metrics: tuple[str, ...] = ("first-contentful-paint", "largest-contentful-paint", "speed-index")
    metrics += ("total-blocking-time", "cumulative-layout-shift", "interactive")
    return {
        "scores": {k: round(100 * (c["score"] or 0)) for k, c in lhr["categories"].items()},
        "metrics": {m: lhr["audits"][m].get("displayValue", "") for m in metrics if m in lhr["audits"]},
        "failed": sorted(
            a["id"]
            for a in lhr["audits"].values()
            if a.get("score") is not None and a["score"] < 1 and a.get("scoreDisplayMode") == "binary"
        ),
    }


def brotli_sizes(files: list[Path], quality: int = 5) -> list[int]:
    """Each file's bytes compressed with brotli at ``quality`` (Node's zlib: no Python dependency)."""
    script = (
        "const fs = require('fs'), zlib = require('zlib'); const q = Number(process.argv[1]);"
        "for (const f of process.argv.slice(2)) console.log(zlib.brotliCompressSync(fs.readFileSync(f),"
        " {params: {[zlib.constants.BROTLI_PARAM_QUALITY]: q}}).length);"
    )
    res = subprocess.run(
        [os.environ.get("NODE", "node"), "-e", script, str(quality), *map(str, files)],
        check=True,
        capture_output=True,
        text=True,
    )
    return [int(n) for n in res.stdout.split()]


def first_visit_bytes(site: Path, urls: list[str]) -> dict[str, Any]:
    """Raw, gzip -9 and brotli -5 bytes of the distinct site files a first visit fetched."""
    paths = {urlsplit(u).path.lstrip("/") or "index.html" for u in urls}
    files = [site / p for p in sorted(paths) if (site / p).is_file()]
    raw = sum(f.stat().st_size for f in files)
    gz = sum(len(gzip.compress(f.read_bytes(), 9)) for f in files)
    return {"files": len(files), "raw": raw, "gzip": gz, "brotli": sum(brotli_sizes(files))}


def long_tasks(
    browser: Browser, url: str, level: str, decisions: int, motion: bool = False
) -> dict[str, Any]:
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


def network_runs(
    p: Playwright, args: argparse.Namespace, servers: dict[str, Any], timelines: dict[str, Any]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The throttled first visits (--throttled-rounds, interleaved: each network, the game then
    --before-site), with --timeline one more 4G visit of each site into ``timelines``, and the
    Lighthouse runs of the same sites."""
    net: dict[str, dict[str, list[dict[str, Any]]]] = {}
    lh: dict[str, dict[str, Any]] = {}
    sites = [s for s in ("game", "game-static", "before") if s in servers]
    for r in range(args.throttled_rounds):
        for network in NETWORKS:
            for name in sites:
                row = throttled(p, args.chromium, servers[name][1], network)
                net.setdefault(network, {}).setdefault(name, []).append(row)
                print(f"round {r + 1}/{args.throttled_rounds} {network} {name}: {describe(row)}", flush=True)
    for name in sites if args.timeline else ():
        timelines[name] = boot_timeline.record(p, args.chromium, servers[name][1], NETWORKS["4g"])
        print(f"timeline, 4G first visit ({name}), ms since navigation start:")
        print("\n".join(boot_timeline.lines(timelines[name])), flush=True)
    if not args.no_lighthouse:
        for name in sites:
            lh[name] = lighthouse(servers[name][1], args.chromium)
    return net, lh


def print_lighthouse(lh: dict[str, dict[str, Any]]) -> None:
    for name, found in lh.items():
        if found:
            scores = ", ".join(f"{k} {v}" for k, v in found["scores"].items())
            metrics = ", ".join(f"{k} {v}" for k, v in found["metrics"].items())
            print(f"lighthouse ({name}, desktop): {scores}; {metrics}")
            if found["failed"]:
                print(f"lighthouse ({name}): failed audits: {', '.join(found['failed'])}")


def describe(row: dict[str, Any]) -> str:
    return "; ".join(
        f"{kind} paint {row[kind]['paint']:.2f} s, playable {row[kind]['playable']:.2f} s, "
        f"{row[kind]['bytes'] / 2**20:.2f} MiB received"
        for kind in ("cold", "warm")
    )


THROTTLED_RATIOS = (("game", "before"), ("game-static", "before"), ("game-static", "game"))


def report_throttled(net: dict[str, dict[str, list[dict[str, Any]]]]) -> dict[str, Any]:
    """Medians of the throttled runs per network and site, and after/before ratios."""
    out: dict[str, Any] = {}
    for network, sites in net.items():
        med = {
            name: {
                kind: {
                    m: round(statistics.median(r[kind][m] for r in rows), 3)
                    for m in ("paint", "playable", "bytes")
                }
                for kind in ("cold", "warm")
            }
            for name, rows in sites.items()
        }
        for name, m in med.items():
            print(f"throttled {network:4s} {name:11s} (medians): {describe(m)}")
        pairs = [(a, b) for a, b in THROTTLED_RATIOS if a in med and b in med]
        for a, b in pairs:
            ratios = {
                f"{kind} {m}": round(med[a][kind][m] / med[b][kind][m], 3)
                for kind in ("cold", "warm")
                for m in ("paint", "playable", "bytes")
                if med[b][kind][m]
            }
            print(f"throttled {network} {a}/{b}: " + ", ".join(f"{k} {v:.2f}" for k, v in ratios.items()))
            med[f"{a}/{b}"] = ratios
        out[network] = {"medians": med, "runs": sites}
    return out


def median(rows: list[dict[str, Any]], key: str) -> float:
    middle: float = statistics.median(r[key] for r in rows)
    return middle


def python_medians(rows: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """Median milliseconds of each Python phase, cold and warm, over the rounds."""
    out: dict[str, dict[str, float]] = {}
    for kind in ("cold", "warm"):
        phases = [r[f"py {kind}"] for r in rows if f"py {kind}" in r]
        names = [n for n in (*PHASES, "longest deferred import") if phases and all(n in p for p in phases)]
        out[kind] = {n: round(statistics.median(p[n] for p in phases), 1) for n in names}
    return out


def report(
    times: dict[str, list[dict[str, Any]]], sizes: dict[str, dict[str, Any]], tasks: dict[str, Any]
) -> dict[str, Any]:
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
    ap.add_argument(
        "--throttled-rounds",
        type=int,
        default=2,
        help="rounds of first visits with the network throttled (4g, slow; 0: skip)",
    )
    ap.add_argument(
        "--before-site",
        type=Path,
        help="an earlier build (e.g. main's) loaded after the game in every throttled round and "
        "by Lighthouse, for before/after ratios",
    )
    ap.add_argument("--no-lighthouse", action="store_true", help="skip the Lighthouse runs")
    ap.add_argument("--timeline", action="store_true", help="print a 4G first visit's timeline of each site")
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
        folders = {
            "game": site,
            "game-static": site if "game-static" in variants else None,
            "bare": bare,
            "snapshot": args.snapshot_site,
            "before": args.before_site,
        }
        servers = {  # compressed on the wire, as Netlify sends the files, or from the siblings
            name: start_server(
                folder,
                prefix="/",
                netlify=ROOT / "netlify.toml",
                compress="static" if name == "game-static" else "fly",
            )
            for name, folder in folders.items()
            if folder
        }
        times: dict[str, list[dict[str, Any]]] = {v: [] for v in variants}
        tasks: dict[str, dict[str, Any]] = {}
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
            sizes: dict[str, dict[str, Any]] = {
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
            timelines: dict[str, dict[str, Any]] = {}
            net, lh = network_runs(p, args, servers, timelines)
        finally:
            for server, _ in servers.values():
                server.shutdown()
                server.server_close()
    for rows in times.values():
        for row in rows:
            row.pop("files")
    result = {"chromium": version, "rounds": args.rounds, **report(times, sizes, tasks)}
    result["throttled"] = report_throttled(net)
    result["lighthouse"] = lh
    result["timelines"] = timelines
    print_lighthouse(lh)
    out = ROOT / "artifacts" / "bench"
    out.mkdir(parents=True, exist_ok=True)
    (out / "boot.json").write_text(json.dumps(result, indent=2) + "\n")
    print(f"bench: wrote {out.relative_to(ROOT)}/boot.json")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
