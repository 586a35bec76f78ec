"""The timeline of one throttled first visit (`bench_boot.py --timeline`): where the seconds go.

A page on a slow link is playable only when its bytes have arrived and its code has run; the
gap between the two is what order, priority and serial chains of requests cost. This loads the
page once in a fresh profile with the network throttled (CDP, as bench_boot's throttled runs)
and prints, on the page's clock (ms since navigation start): each file's request start, first
byte and last byte with its bytes received and Chromium's priority (resource timing, CDP's
priority), first paint, the wasm's streaming compile (start and done: an init script wraps
``WebAssembly.instantiateStreaming``), the page's Python phases (web/main.py's marks), ready,
and the main thread's long tasks. Then, once ready, where ``import gin_core`` spends its time:
a script in the page imports it again (its modules set aside, then put back) with dataclasses'
class processing and the compiling of the functions it generates timed (SPLIT). Nothing of it
ships: the init script and that script are the benchmark's.
"""

from __future__ import annotations

import json
import tempfile
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from gin_e2e import CHROMIUM_ARGS

if TYPE_CHECKING:
    from playwright.sync_api import Playwright

# marks the benchmark's init script adds, then the page's own (web/main.py, ginweb.app)
MARKS = (
    "wasm-compile-start",
    "wasm-compiled",
    "gin-py-start",
    "gin-engine",
    "gin-imported",
    "gin-ready",
)
INIT_JS = """(() => {
  const streaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = (...a) => {
    performance.mark('wasm-compile-start');
    return streaming.apply(WebAssembly, a).then(r => { performance.mark('wasm-compiled'); return r; });
  };
  window.__ginLongTasks = [];
  new PerformanceObserver(l => l.getEntries().forEach(e =>
    window.__ginLongTasks.push([e.startTime, e.duration]))).observe({type: 'longtask', buffered: true});
})()"""
READ_JS = """marks => ({
  files: performance.getEntriesByType('resource').map(e => ({name: e.name, start: e.startTime,
    first: e.responseStart, end: e.responseEnd, bytes: e.transferSize, kind: e.initiatorType})),
  paint: (performance.getEntriesByName('first-contentful-paint')[0] || {startTime: null}).startTime,
  page: (n => ({'html received': n.responseEnd, 'html parsed': n.domInteractive,
    'DOMContentLoaded done': n.domContentLoadedEventEnd}))(performance.getEntriesByType('navigation')[0]),
  marks: Object.fromEntries(marks.map(n => [n, performance.getEntriesByName(n, 'mark')])
    .filter(([, e]) => e.length).map(([n, e]) => [n, e[0].startTime])),
  long: window.__ginLongTasks,
})"""
# Runs in the page's interpreter (a second <script type="py">), after ready
SPLIT = r"""
import dataclasses, json, sys, time
import js
spent = {"dataclasses": 0.0, "compile": 0.0, "classes": 0}
def timed(key, f):
    def run(*args, **kwargs):
        t = time.perf_counter()
        try:
            return f(*args, **kwargs)
        finally:
            spent[key] += (time.perf_counter() - t) * 1000
    return run
process, add_fns = dataclasses._process_class, dataclasses._FuncBuilder.add_fns_to_class
dataclasses._process_class = timed("dataclasses", process)
dataclasses._FuncBuilder.add_fns_to_class = timed("compile", add_fns)
saved = {n: m for n, m in sys.modules.items() if n == "gin_core" or n.startswith("gin_core.")}
for name in saved:
    del sys.modules[name]
t = time.perf_counter()
import gin_core
spent["import gin_core"] = (time.perf_counter() - t) * 1000
spent["classes"] = sum(
    1 for n, m in sys.modules.items() if n.startswith("gin_core") for v in vars(m).values()
    if isinstance(v, type) and v.__module__ == n and dataclasses.is_dataclass(v))
spent["modules"] = len([n for n in sys.modules if n == "gin_core" or n.startswith("gin_core.")])
sys.modules.update(saved)
dataclasses._process_class, dataclasses._FuncBuilder.add_fns_to_class = process, add_fns
js.window.__ginSplit = json.dumps(spent)
"""
INJECT_JS = """code => { const s = document.createElement('script'); s.type = 'py';
    s.textContent = code; document.body.append(s); }"""
WARM_JS = "() => performance.getEntriesByName('gin-warm', 'mark').length > 0"
READY_JS = "() => document.body && document.body.dataset.ready === '1' && performance.now()"


def record(
    playwright: Playwright, chromium: str, url: str, network: tuple[float, float, float]
) -> dict[str, Any]:
    """One throttled first visit (latency ms, down and up Mbit/s): the timeline's raw data."""
    latency, down, up = network
    with tempfile.TemporaryDirectory(prefix="gin-timeline-profile-") as profile:
        ctx = playwright.chromium.launch_persistent_context(
            profile, executable_path=chromium, args=CHROMIUM_ARGS, service_workers="block"
        )
        ctx.add_init_script(INIT_JS)
        page = ctx.new_page()
        cdp = ctx.new_cdp_session(page)
        priority: dict[str, str] = {}

        def note(e: dict[str, Any]) -> None:  # each request's priority, as Chromium gave it
            priority.setdefault(e["request"]["url"], e["request"]["initialPriority"])

        cdp.on("Network.requestWillBeSent", note)
        cdp.send("Network.enable")
        conditions = {"offline": False, "latency": latency, "downloadThroughput": down * 1e6 / 8}
        cdp.send("Network.emulateNetworkConditions", {**conditions, "uploadThroughput": up * 1e6 / 8})
        page.goto(url)
        ready = page.wait_for_function(READY_JS, timeout=300_000).json_value()
        page.wait_for_timeout(300)
        data: dict[str, Any] = page.evaluate(READ_JS, list(MARKS))
        page.wait_for_function(WARM_JS, timeout=60_000)  # not while the warm-up imports
        page.evaluate(INJECT_JS, SPLIT)
        split = page.wait_for_function("() => window.__ginSplit", timeout=60_000)
        data["split"] = json.loads(split.json_value())
        ctx.close()
    data["ready"] = ready
    for f in data["files"]:
        f["priority"] = priority.get(f["name"], "?")
    return data


def short(url: str) -> str:
    path = urlsplit(url).path
    parts = path.rstrip("/").split("/")
    return "/".join(parts[-2:]) if len(parts) > 1 else path


def lines(data: dict[str, Any]) -> list[str]:
    """The timeline as text: files by request start, then the events, then the long tasks."""
    out = [f"{'start':>7} {'1st byte':>8} {'end':>7} {'KiB':>7}  priority  file (initiator)"]
    out += [
        f"{f['start']:7.0f} {f['first']:8.0f} {f['end']:7.0f} {f['bytes'] / 1024:7.1f}  "
        f"{f['priority']:8s}  {short(f['name'])} ({f['kind']})"
        for f in sorted(data["files"], key=lambda f: f["start"])
    ]
    events = {
        **data["page"],
        "first contentful paint": data["paint"],
        **data["marks"],
        "ready": data["ready"],
    }
    for name, t in sorted(((n, t) for n, t in events.items() if t is not None), key=lambda e: e[1]):
        out.append(f"{t:7.0f}  {name}")
    busy = sum(d for _, d in data["long"])
    tasks = ", ".join(f"{s:.0f}+{d:.0f}" for s, d in data["long"])
    out.append(f"long tasks (start+ms; {busy:.0f} ms in all): {tasks}")
    split = data["split"]
    out.append(
        f"import gin_core again after ready: {split['import gin_core']:.0f} ms ({split['modules']} modules), "
        f"of which {split['dataclasses']:.0f} ms making its {split['classes']} dataclasses "
        f"({split['compile']:.0f} ms compiling the functions they generate)"
    )
    return out
