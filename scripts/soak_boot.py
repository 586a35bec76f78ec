#!/usr/bin/env python3
"""Soak the start of the page: many cold loads in Chromium, every renderer crash counted.

    python scripts/soak_boot.py [--loads 300] [--parallel 2] [--warm] [--site site]

Run by hand (minutes, not a test). Serves the built site (scripts/serve.py, production headers)
and loads the page ``--loads`` times, each in a fresh browser context (empty HTTP cache, no
service worker: a first visit), split over ``--parallel`` processes, each with its own Chromium
(relaunched every 50 loads), so that many renderers start Python at once. ``--warm`` reloads
each page once more (the service worker then controls it). A load is "ok" when the page says
it is ready, "crash" when the renderer crashed ("Target crashed"), "killed" when the whole
browser went away (killed from outside), "error" when PyScript showed an error or the page
raised, "timeout" after 120 s.

Also recorded, because crashes under load were the open question (issue 16): the machine's load
average and the number of Chromium processes on the machine (other workers' included) at every
load, and the kernel's out-of-memory lines (dmesg) before and after. Prints a summary; writes
artifacts/soak/boot.json.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from serve import start_server  # noqa: E402

READY_JS = "() => document.body && document.body.dataset.ready === '1' && performance.now()"
FAILED_JS = "() => !!document.querySelector('.py-error')"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
PER_BROWSER = 50


def chromium_processes() -> int:
    """Chromium processes on the whole machine (other workers' tests included)."""
    count = 0
    for comm in Path("/proc").glob("[0-9]*/comm"):
        try:
            count += comm.read_text().strip().startswith("chromium")
        except OSError:
            continue
    return count


def oom_lines() -> list[str]:
    """The kernel's out-of-memory kills so far (empty when dmesg is not readable)."""
    res = subprocess.run(["dmesg"], check=False, capture_output=True, text=True)
    return [ln for ln in res.stdout.splitlines() if "out of memory" in ln.lower() or "oom" in ln.lower()]


def outcome_of(exc: Exception, *, crashed: bool, browser_alive: bool) -> str:
    """Name a failed load. "killed": the whole browser went away (its processes were killed from
    outside: no renderer crash of ours takes the browser down); "crash": the page's renderer
    crashed while the browser lived on."""
    if not browser_alive:
        return "killed"
    if crashed:
        return "crash"
    return "timeout" if "Timeout" in type(exc).__name__ else "error"


def one_load(browser, url: str, warm: bool) -> dict:
    """Load the page in a fresh context; its outcome, time to ready and the machine's state."""
    from playwright.sync_api import Error as PlaywrightError

    row: dict[str, Any] = {"load1": os.getloadavg()[0], "chromium_processes": chromium_processes()}
    crashed: list[bool] = []
    errors: list[str] = []
    try:
        ctx = browser.new_context()
        page = ctx.new_page()
        page.on("crash", lambda _: crashed.append(True))
        page.on("pageerror", lambda err: errors.append(str(err)))
        for kind in ("cold", "warm") if warm else ("cold",):
            if kind == "cold":
                page.goto(url)
            else:
                page.reload()
            row[kind] = page.wait_for_function(f"() => ({FAILED_JS})() ? -1 : ({READY_JS})()",
                                               timeout=120_000).json_value() / 1000
            if row[kind] < 0:
                row["outcome"] = "error"
                break
        row.setdefault("outcome", "ok")
    except PlaywrightError as exc:  # a crash or a timeout: named below, the soak goes on
        row["outcome"] = outcome_of(exc, crashed=bool(crashed), browser_alive=browser.is_connected())
        row["detail"] = f"{type(exc).__name__}: {str(exc).splitlines()[0]}"
    if errors:
        row["page_errors"] = errors[:3]
    if browser.is_connected():
        try:
            ctx.close()
        except PlaywrightError as exc:  # a crashed context may refuse to close; the next load gets a new one
            row["close_error"] = str(exc).splitlines()[0]
    return row


def soak(url: str, loads: int, warm: bool, chromium: str, log: Path) -> list[dict]:
    """``loads`` loads, one after the other, in a Chromium relaunched every PER_BROWSER loads;
    each row is also appended to ``log`` at once (a soak stopped early keeps its rows)."""
    from playwright.sync_api import sync_playwright

    rows: list[dict] = []
    with sync_playwright() as p:
        while len(rows) < loads:
            browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            for _ in range(min(PER_BROWSER, loads - len(rows))):
                rows.append(one_load(browser, url, warm))
                row = rows[-1]
                with log.open("a") as fh:
                    fh.write(json.dumps(row) + "\n")
                print(f"[{os.getpid()}] load {len(rows)}: {row['outcome']} cold {row.get('cold', 0):.2f} s "
                      f"(load avg {row['load1']:.1f}, {row['chromium_processes']} chromium) "
                      f"{row.get('detail', '')}", flush=True)
                if not browser.is_connected():
                    break  # killed from outside: a new browser for the next load
            if browser.is_connected():
                browser.close()
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--loads", type=int, default=300)
    ap.add_argument("--parallel", type=int, default=1)
    ap.add_argument("--warm", action="store_true", help="reload each page once more")
    ap.add_argument("--site", default="site")
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    ap.add_argument("--out", default="artifacts/soak/boot.json")
    args = ap.parse_args()

    oom_before = oom_lines()
    server, url = start_server(ROOT / args.site, prefix="/", netlify=ROOT / "netlify.toml")
    started = time.time()
    shares = [args.loads // args.parallel + (i < args.loads % args.parallel) for i in range(args.parallel)]
    try:
        with ProcessPoolExecutor(max_workers=args.parallel) as pool:
            log = (ROOT / args.out).with_suffix(".jsonl")
            log.parent.mkdir(parents=True, exist_ok=True)
            log.write_text("")
            parts = pool.map(soak, [url] * args.parallel, shares, [args.warm] * args.parallel,
                             [args.chromium] * args.parallel, [log] * args.parallel)
            rows = [row for part in parts for row in part]
    finally:
        server.shutdown()
        server.server_close()
    outcomes = {k: sum(r["outcome"] == k for r in rows) for k in ("ok", "crash", "killed", "error", "timeout")}
    cold = [r["cold"] for r in rows if "cold" in r and r["cold"] > 0]
    summary = {
        "loads": len(rows), "outcomes": outcomes, "minutes": round((time.time() - started) / 60, 1),
        "cold_s_median": round(statistics.median(cold), 2) if cold else None,
        "cold_s_max": round(max(cold), 2) if cold else None,
        "load1_median": round(statistics.median(r["load1"] for r in rows), 1),
        "load1_max": round(max(r["load1"] for r in rows), 1),
        "chromium_processes_max": max(r["chromium_processes"] for r in rows),
        "new_oom_lines": [ln for ln in oom_lines() if ln not in oom_before],
    }
    out = ROOT / args.out
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"summary": summary, "args": vars(args), "rows": rows}, indent=1))
    print(json.dumps(summary, indent=1))
    return 0 if outcomes["ok"] == len(rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
