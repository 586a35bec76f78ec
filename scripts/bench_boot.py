#!/usr/bin/env python3
"""Benchmark the page: time to playable, bytes transferred, the computer's decision time.

    python scripts/bench_boot.py [--runs 5] [--prefix /games/gin/] [--decisions 30]

Serves the built site/ (scripts/serve.py) on a free port, drives Debian Chromium with the
python playwright package (no browser download), and measures
  cold: a fresh browser context per run (empty HTTP cache, like a first visit)
  warm: reload in the same context (HTTP cache revalidated, compiled wasm cached)
  bytes: what a first visit transfers (navigation + resource timing transferSize)
  decisions: the computer's decision time in the page per level (p50 / p95), playing the
     human side simply (e2e/gin_e2e.play_for_decisions), ?fast=1 so no animation pauses count
The site is served with its production headers (netlify.toml). Prints min / median / max and
writes artifacts/bench/boot.json.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

sys.path.insert(0, str(ROOT / "e2e"))

from gin_e2e import pct, play_for_decisions  # noqa: E402
from serve import start_server  # noqa: E402

CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
READY_JS = "() => document.body && document.body.dataset.ready === '1' && performance.now()"
BYTES_JS = """() => performance.getEntriesByType('navigation').concat(
    performance.getEntriesByType('resource')).reduce((n, e) => n + (e.transferSize || 0), 0)"""
LEVELS = ("beginner", "standard", "hard", "expert")


def stats(xs: list[float]) -> dict:
    return {"min": min(xs), "median": statistics.median(xs), "max": max(xs), "runs": xs}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--prefix", default="/")
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    ap.add_argument("--decisions", type=int, default=30, help="computer decisions per level (0: skip)")
    args = ap.parse_args()

    from playwright.sync_api import sync_playwright

    server, url = start_server(ROOT / "site", prefix=args.prefix, netlify=ROOT / "netlify.toml")
    cold, warm, sizes, decisions = [], [], [], {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)
            for i in range(args.runs):
                ctx = browser.new_context()
                page = ctx.new_page()
                page.goto(url)
                cold.append(page.wait_for_function(READY_JS, timeout=60_000).json_value() / 1000)
                sizes.append(page.evaluate(BYTES_JS))
                page.reload()
                warm.append(page.wait_for_function(READY_JS, timeout=60_000).json_value() / 1000)
                print(f"run {i + 1}/{args.runs}: cold {cold[-1]:.2f} s, warm {warm[-1]:.2f} s", flush=True)
                ctx.close()
            for level in LEVELS if args.decisions else ():
                ctx = browser.new_context()
                page = ctx.new_page()
                page.goto(f"{url}?seed=2024&level={level}&fast=1")
                page.wait_for_function(READY_JS, timeout=60_000)
                ms = [d["ms"] for d in play_for_decisions(page, args.decisions)]
                decisions[level] = {"n": len(ms), "p50_ms": pct(ms, .5), "p95_ms": pct(ms, .95)}
                print(f"{level}: {len(ms)} decisions, p50 {pct(ms, .5):.0f} ms, "
                      f"p95 {pct(ms, .95):.0f} ms", flush=True)
                ctx.close()
            version = browser.version
            browser.close()
    finally:
        server.shutdown()
        server.server_close()

    result = {"url": url, "chromium": version, "cold_s": stats(cold), "warm_s": stats(warm),
              "first_visit_bytes": stats(sizes), "decisions": decisions}
    out = ROOT / "artifacts" / "bench"
    out.mkdir(parents=True, exist_ok=True)
    (out / "boot.json").write_text(json.dumps(result, indent=2) + "\n")
    for kind in ("cold", "warm"):
        s = result[f"{kind}_s"]
        print(f"time to ready ({kind}): min {s['min']:.2f} s, median {s['median']:.2f} s, max {s['max']:.2f} s")
    print(f"bytes transferred on a first visit: {statistics.median(sizes) / 2**20:.2f} MiB")
    print(f"bench: wrote {out.relative_to(ROOT)}/boot.json")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
