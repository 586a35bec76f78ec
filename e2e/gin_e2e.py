"""Helpers for the browser tests, importable from test modules: `from gin_e2e import wait_ready`.

(conftest.py holds the fixtures; this module has a unique name so it never clashes with
tests/conftest.py when both folders are on sys.path.)
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "artifacts" / "e2e"
CHROMIUM = os.environ.get("GIN_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# origins of the servers the fixtures started (a page may only navigate to these)
LOCAL_ORIGINS: set[str] = set()


def _load_serve_module():
    spec = importlib.util.spec_from_file_location("gin_serve", ROOT / "scripts" / "serve.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


serve = _load_serve_module()  # scripts/serve.py


def unbrotli(data: bytes) -> bytes:
    """Brotli-decoded ``data``, by Node's zlib (Python's stdlib has no brotli)."""
    script = "process.stdout.write(require('zlib').brotliDecompressSync(require('fs').readFileSync(0)))"
    return subprocess.run(
        [os.environ.get("NODE", "node"), "-e", script], input=data, check=True, capture_output=True
    ).stdout


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


CUT_OFF = ("/later.zip", "/icons/icon.svg")
"""Fetched in the background, so a reload or a navigation may abort them: the later archive
(once playable) and the tab's icon (the browser fetches it after the page loads; seen cut off
by a test's reload about once a run)."""


class PageMonitor:
    """Collects everything a test must not do: off-origin requests, failed requests,
    console errors, uncaught exceptions.

    ``also_allowed``: origins besides the page's own that requests may go to (a test of a page
    that embeds the game from another of our servers adds the game's origin)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.page_origin: str | None = None
        self.also_allowed: set[str] = set()
        self.requests: list[str] = []
        self.offorigin: list[str] = []
        self.failed_requests: list[str] = []
        self.console_errors: list[str] = []
        self.page_errors: list[str] = []
        self.reported = 0

    def on_request(self, request):
        url = request.url
        scheme = urlsplit(url).scheme
        with self.lock:
            self.requests.append(url)
            if scheme in ("data", "blob", "about"):
                return
            origin = origin_of(url)
            is_main_nav = False
            with contextlib.suppress(PlaywrightError):  # worker requests have no frame
                is_main_nav = request.is_navigation_request() and request.frame.parent_frame is None
            if is_main_nav:
                # the page's own origin is where the test navigated to; it must be ours
                self.page_origin = origin
                if origin not in LOCAL_ORIGINS:
                    self.offorigin.append(f"navigation to {url}")
            elif origin != self.page_origin and origin not in self.also_allowed:
                self.offorigin.append(f"{request.method} {url} (page origin {self.page_origin})")

    def on_websocket(self, ws):
        with self.lock:
            self.requests.append(ws.url)
            if urlsplit(ws.url).netloc != urlsplit(self.page_origin or "").netloc:
                self.offorigin.append(f"WEBSOCKET {ws.url} (page origin {self.page_origin})")

    def on_request_failed(self, request):
        if request.failure == "net::ERR_ABORTED" and request.url.split("?")[0].endswith(CUT_OFF):
            return  # fetched in the background: a test that reloads or leaves cuts it off
        with self.lock:
            self.failed_requests.append(f"{request.method} {request.url}: {request.failure}")

    def on_console(self, msg):
        if msg.type == "error":
            loc = msg.location or {}
            with self.lock:
                self.console_errors.append(f"{msg.text} @ {loc.get('url', '?')}:{loc.get('lineNumber', '?')}")

    def on_page_error(self, error):
        with self.lock:
            self.page_errors.append(str(error))

    def problems(self, allow_console_errors: bool = False) -> list[str]:
        with self.lock:
            out = [f"off-origin request: {r}" for r in self.offorigin]
            out += [f"uncaught page error: {e}" for e in self.page_errors]
            if not allow_console_errors:
                out += [f"console error: {e}" for e in self.console_errors]
                out += [f"failed request: {e}" for e in self.failed_requests]
            return out


def watch(page, monitor: PageMonitor | None = None) -> PageMonitor:
    """Watch a page made outside the ``page`` fixture (e.g. in a persistent profile) the way
    that fixture does; the test asserts ``monitor.problems() == []`` itself."""
    mon = monitor or PageMonitor()
    page.context.on("request", mon.on_request)
    page.context.on("requestfailed", mon.on_request_failed)
    page.on("console", mon.on_console)
    page.on("pageerror", mon.on_page_error)
    page.on("websocket", mon.on_websocket)
    return mon


def capture(target, path: str, **options) -> None:
    """Save a screenshot of ``target`` (a page or a locator) at ``path``. Headless Chromium on two
    busy cores once waited over 30 s for a frame to capture while the test went on fine (CI, a
    review dialog resized to a phone); a stalled capture is taken again if the page still paints
    frames, and a page that paints none fails the test: a player would see it frozen."""
    page = getattr(target, "page", target)  # a locator's page; a page is its own
    try:
        target.screenshot(path=path, timeout=20_000, **options)
        return
    except PlaywrightTimeout as stalled:
        if not paints(page):
            raise AssertionError(f"no frame painted for 10 s after a capture stalled: {stalled}") from None
    print(f"a screenshot stalled while the page painted frames; taken again: {path}", file=sys.stderr)
    target.screenshot(path=path, timeout=30_000, **options)


def paints(page, frames: int = 3, timeout_ms: float = 10_000) -> bool:
    """True if ``page`` runs ``frames`` animation frames within ``timeout_ms`` (its main thread
    is free and it renders); the wait polls once a frame, so it never blocks on a frozen page."""
    key = f"__ginFrames{time.monotonic_ns()}"
    try:
        count = f"(window['{key}'] = (window['{key}'] || 0) + 1)"
        page.wait_for_function(f"() => {count} > {frames}", polling="raf", timeout=timeout_ms)
    except PlaywrightTimeout:
        return False
    return True


def wait_ready(page, timeout_s: float = 30.0) -> float:
    """Wait until the page's Python set document.body.dataset.ready = "1".

    Returns the page's performance.now() at that moment in seconds, i.e. time since the
    navigation started. Fails at once if PyScript rendered an error box.
    """
    ready = 'document.body && document.body.dataset.ready === "1"'
    return _wait_or_fail(page, ready, timeout_s, "PyScript error before ready") / 1000.0


def wait_mounted(frame, timeout_s: float = 60.0) -> None:
    """Wait until a game mounted by embed.js (in a page or an iframe's frame) is ready: its
    root, the #gin-rummy container, gets data-ready="1". Fails at once on a PyScript error."""
    ready = """document.querySelector('#gin-rummy.gin-app[data-ready="1"]')"""
    _wait_or_fail(frame, ready, timeout_s, "PyScript error before the embedded game was ready")


def _wait_or_fail(frame, ready: str, timeout_s: float, failure: str) -> float:
    """Wait until the JS expression ``ready`` holds; fail at once if PyScript shows an error.
    Returns performance.now() at that moment (ms)."""
    handle = frame.wait_for_function(
        f"""() => {{
            if ({ready}) return {{ok: true, t: performance.now()}};
            const err = document.querySelector(".py-error");
            if (err) return {{ok: false, error: err.textContent}};
            return false;
        }}""",
        timeout=timeout_s * 1000,
    )
    value = handle.json_value()
    if not value["ok"]:
        pytest.fail(f"{failure}:\n{value['error']}", pytrace=False)
    return value["t"]


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    if not xs:
        return 0.0
    k = (len(xs) - 1) * p
    lo, hi = int(k), min(int(k) + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def wait_saved(page) -> None:
    """Wait until the last move is saved: it is drawn first and saved in a task just after (the
    root carries ``data-unsaved`` meanwhile), so a reload before that resumes the move before."""
    page.wait_for_function("() => !document.querySelector('[data-unsaved]')")


def confirm_if_asked(page, timeout_ms: float = 5_000) -> None:
    """Confirm the knock's dialog if it opens; a click the table refused (a notice instead, e.g.
    while the computer's move is still being drawn) leaves the caller's loop to look again."""
    try:
        page.wait_for_selector("#dlg-confirm[open] #confirm-ok", timeout=timeout_ms)
    except PlaywrightTimeout:
        return
    page.click("#dlg-confirm[open] #confirm-ok")


def play_for_decisions(page, decisions: int, limit_s: float = 240) -> list[dict]:
    """Play simply (stock, discard the highest deadwood, knock when offered, next hand) until
    the computer has made ``decisions`` decisions; returns the page's decision records
    (``window.ginPerfJSON``: ms, busy_ms, max_slice_ms, slices per decision)."""

    start = time.monotonic()
    while time.monotonic() - start < limit_s:
        perf = json.loads(page.evaluate("window.ginPerfJSON || '[]'"))
        if len(perf) >= decisions:
            return perf
        page.wait_for_function(
            """() => { const t = document.getElementById('table');
                       return t.dataset.turn === 'you' || t.dataset.phase.endsWith('_over'); }""",
            timeout=120_000,
        )
        phase = page.evaluate("document.getElementById('table').dataset.phase")
        if phase == "match_over":
            page.click("#dlg-match [data-act=match-new]")
        elif phase == "hand_over":
            page.click("#btn-next")
        elif phase in ("offer", "wall"):
            page.click("#btn-pass")
        elif phase == "draw":
            page.click("#stock")
            page.wait_for_function("document.querySelectorAll('#my-hand .card').length === 11")
        else:
            if page.is_visible("#btn-knock") or page.is_visible("#btn-gin"):
                page.click("#btn-gin" if page.is_visible("#btn-gin") else "#btn-knock")
                confirm_if_asked(page)
            else:
                cards = page.query_selector_all("#my-hand .card.dw:not(.locked)") or page.query_selector_all(
                    "#my-hand .card:not(.locked)"
                )
                cards[-1].click()
        page.wait_for_timeout(20)
    return json.loads(page.evaluate("window.ginPerfJSON || '[]'"))
