#!/usr/bin/env python3
"""Soak the start of the page: many cold loads in Chromium, every renderer crash counted.

    python scripts/soak_boot.py [--loads 300] [--parallel 2] [--warm] [--site site]
                                [--gwp-asan] [--abort-every N] [--burners N]

Run by hand (minutes, not a test). Serves the built site (scripts/serve.py, production headers)
and loads the page ``--loads`` times, each in a fresh browser context (empty HTTP cache, no
service worker: a first visit), split over ``--parallel`` processes, each with its own Chromium
(relaunched every 50 loads), so that many renderers start Python at once. ``--warm`` reloads
each page once more (the service worker then controls it). A load is "ok" when the page says
it is ready, "crash" when the renderer crashed ("Target crashed"), "killed" when the whole
browser went away (killed from outside), "error" when PyScript showed an error or the page
raised, "timeout" after 120 s, "aborted" when the soak closed it on purpose.

The e2e-like stresses that issue 16's crash was first seen under:
  --gwp-asan       GWP-ASan (Chromium's sampling allocator, on in a share of real renderers) on
                   in every renderer, sampling every 50th allocation: each sampled allocation's
                   stack is taken with the frame-pointer unwinder that crashed renderers running
                   Pyodide with JSPI. Before the build turned JSPI off, every such load crashed.
  --abort-every N  every Nth load closes its context at a random moment of the boot (0.3-4 s
                   after navigating: while Pyodide is fetched, compiled or imports), as tests do
  --burners N      N CPU-bound processes (nice 19) for the soak's duration: a loaded machine

Also recorded, because crashes under load were the open question (issue 16): the machine's load
average and the number of Chromium processes on the machine (other workers' included) at every
load, the kernel's out-of-memory lines (dmesg) before and after, and every minidump Chromium
wrote meanwhile (its signature, scripts/minidump.py: a crash the harness did not see, a closed
context's say, is counted too). Prints a summary; writes artifacts/soak/boot.json.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from minidump import PENDING, signature  # noqa: E402
from serve import start_server  # noqa: E402

READY_JS = "() => document.body && document.body.dataset.ready === '1' && performance.now()"
FAILED_JS = "() => !!document.querySelector('.py-error')"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
_GWP_ASAN = (
    "ProcessSamplingProbability/1.0/AllocationSamplingMultiplier/50/AllocationSamplingRange/1/"
    "MaxAllocations/2000/MaxMetadata/2000/TotalPages/4000"
)
GWP_ASAN_ARGS = [f"--enable-features=GwpAsanMalloc:{_GWP_ASAN},GwpAsanPartitionAlloc:{_GWP_ASAN}"]
PER_BROWSER = 50
OUTCOMES = ("ok", "crash", "killed", "error", "timeout", "aborted")


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


def boot(page: Page, url: str, warm: bool, row: dict[str, Any]) -> None:
    """Load ``url`` (and reload it with ``warm``) until ready; the seconds go into ``row``."""
    for kind in ("cold", "warm") if warm else ("cold",):
        if kind == "cold":
            page.goto(url)
        else:
            page.reload()
        ready = page.wait_for_function(f"() => ({FAILED_JS})() ? -1 : ({READY_JS})()", timeout=120_000)
        row[kind] = ready.json_value() / 1000
        if row[kind] < 0:
            row["outcome"] = "error"
            return


def one_load(browser: Browser, url: str, warm: bool, abort_after: float | None = None) -> dict[str, Any]:
    """Load the page in a fresh context; its outcome, time to ready and the machine's state.
    With ``abort_after`` (seconds), close the context that long after navigating instead."""
    from playwright.sync_api import Error as PlaywrightError

    row: dict[str, Any] = {"load1": os.getloadavg()[0], "chromium_processes": chromium_processes()}
    crashed: list[bool] = []
    errors: list[str] = []
    try:
        ctx = browser.new_context()
        page = ctx.new_page()
        page.on("crash", lambda _: crashed.append(True))
        page.on("pageerror", lambda err: errors.append(str(err)))
        if abort_after is not None:
            page.goto(url, wait_until="commit")
            page.wait_for_timeout(abort_after * 1000)  # then closed below, mid-boot
            row["outcome"] = "crash" if crashed else "aborted"
            row["abort_after"] = round(abort_after, 2)
        else:
            boot(page, url, warm, row)
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


def soak(
    url: str, loads: int, warm: bool, chromium: str, log: Path, args: list[str], abort_every: int
) -> list[dict[str, Any]]:
    """``loads`` loads, one after the other, in a Chromium (extra ``args``) relaunched every
    PER_BROWSER loads, every ``abort_every``-th one closed during its boot; each row is also
    appended to ``log`` at once (a soak stopped early keeps its rows)."""
    from playwright.sync_api import sync_playwright

    rows: list[dict[str, Any]] = []
    with sync_playwright() as p:
        while len(rows) < loads:
            browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS + args)
            for _ in range(min(PER_BROWSER, loads - len(rows))):
                abort = abort_every and (len(rows) + 1) % abort_every == 0
                rows.append(one_load(browser, url, warm, random.uniform(0.3, 4.0) if abort else None))
                row = rows[-1]
                with log.open("a") as fh:
                    fh.write(json.dumps(row) + "\n")
                seconds = row.get("cold", row.get("abort_after", 0))
                print(
                    f"[{os.getpid()}] load {len(rows)}: {row['outcome']} after {seconds:.2f} s "
                    f"(load avg {row['load1']:.1f}, {row['chromium_processes']} chromium) "
                    f"{row.get('detail', '')}",
                    flush=True,
                )
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
    ap.add_argument("--gwp-asan", action="store_true", help="GWP-ASan on in every renderer, sampling often")
    ap.add_argument("--abort-every", type=int, default=0, help="close every Nth load during its boot")
    ap.add_argument("--burners", type=int, default=0, help="CPU-bound processes (nice 19) meanwhile")
    args = ap.parse_args()

    oom_before = oom_lines()
    dumps_before = set(PENDING.glob("*.dmp"))
    burn = [
        subprocess.Popen(["nice", "-n", "19", sys.executable, "-c", "while True: pass"])
        for _ in range(args.burners)
    ]
    server, url = start_server(ROOT / args.site, prefix="/", netlify=ROOT / "netlify.toml")
    started = time.time()
    shares = [args.loads // args.parallel + (i < args.loads % args.parallel) for i in range(args.parallel)]
    try:
        with ProcessPoolExecutor(max_workers=args.parallel) as pool:
            log = (ROOT / args.out).with_suffix(".jsonl")
            log.parent.mkdir(parents=True, exist_ok=True)
            log.write_text("")
            n = args.parallel
            extra = GWP_ASAN_ARGS if args.gwp_asan else []
            parts = pool.map(
                soak,
                [url] * n,
                shares,
                [args.warm] * n,
                [args.chromium] * n,
                [log] * n,
                [extra] * n,
                [args.abort_every] * n,
            )
            rows = [row for part in parts for row in part]
    finally:
        server.shutdown()
        server.server_close()
        for proc in burn:
            proc.terminate()
            proc.wait()
    outcomes = {k: sum(r["outcome"] == k for r in rows) for k in OUTCOMES}
    cold = [r["cold"] for r in rows if "cold" in r and r["cold"] > 0]
    summary = {
        "loads": len(rows),
        "outcomes": outcomes,
        "minutes": round((time.time() - started) / 60, 1),
        "cold_s_median": round(statistics.median(cold), 2) if cold else None,
        "cold_s_max": round(max(cold), 2) if cold else None,
        "load1_median": round(statistics.median(r["load1"] for r in rows), 1),
        "load1_max": round(max(r["load1"] for r in rows), 1),
        "chromium_processes_max": max(r["chromium_processes"] for r in rows),
        "new_oom_lines": [ln for ln in oom_lines() if ln not in oom_before],
        "minidumps": [signature(d) for d in sorted(set(PENDING.glob("*.dmp")) - dumps_before)],
    }
    out = ROOT / args.out
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"summary": summary, "args": vars(args), "rows": rows}, indent=1))
    print(json.dumps(summary, indent=1))
    return 0 if outcomes["ok"] + outcomes["aborted"] == len(rows) and not summary["minidumps"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
