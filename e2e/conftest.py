"""Browser (end-to-end) test fixtures: built site + local server + Debian Chromium via pytest-playwright.

Fixtures
  site_dir         session: the built site/ (built once per session by scripts/build_site.py,
                   unless GIN_E2E_SKIP_BUILD=1, then the existing site/ is used as is)
  serve_site       session: factory serve_site(prefix="/") -> base URL (ends with "/"); one
                   server per prefix, each on a free port, all stopped at session end
  site_url         session: base URL of the site served at the root
  subpath_url      session: base URL of the site served under /games/gin/
  build_info       session: site/build-info.json (versions, wheel name)
  page             the pytest-playwright page, watched: the test FAILS on any request to an
                   origin other than the page's own, on a failed request, a console error or an
                   uncaught page error (mark a test @pytest.mark.allow_console_errors to allow
                   console errors/failed requests); a screenshot goes to artifacts/e2e/<test>.png
  page_monitor     what the watch saw (requests, errors) for a test to assert on
  boot_timings     session list; tests append (label, seconds) and the summary prints them

Helpers
  wait_ready(page, timeout_s=30) -> seconds since navigation start when the page's Python
  set document.body.dataset.ready = "1"; fails at once if PyScript shows an error.

Browser: /usr/bin/chromium (override with GIN_CHROMIUM), never a Playwright-downloaded one.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
import threading
from pathlib import Path
from urllib.parse import urlsplit

import pytest

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


def _load_serve_module():
    spec = importlib.util.spec_from_file_location("gin_serve", ROOT / "scripts" / "serve.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


serve = _load_serve_module()


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "allow_console_errors: do not fail the test on console errors / failed requests"
    )


# ---------------------------------------------------------------- site + servers


@pytest.fixture(scope="session")
def site_dir() -> Path:
    site = ROOT / "site"
    if os.environ.get("GIN_E2E_SKIP_BUILD") == "1":
        if not (site / "index.html").is_file():
            pytest.exit("GIN_E2E_SKIP_BUILD=1 but site/ is not built (run: make site)", returncode=3)
        return site
    cmd = [sys.executable, str(ROOT / "scripts" / "build_site.py")]
    if importlib.util.find_spec("setuptools") and importlib.util.find_spec("wheel"):
        cmd.append("--no-isolation")
    res = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if res.returncode != 0:
        pytest.exit(f"site build failed:\n{res.stdout}\n{res.stderr}", returncode=3)
    return site


@pytest.fixture(scope="session")
def build_info(site_dir) -> dict:
    return json.loads((site_dir / "build-info.json").read_text())


_LOCAL_ORIGINS: set[str] = set()


@pytest.fixture(scope="session")
def serve_site(site_dir):
    servers: dict[str, tuple[object, str]] = {}

    def _serve(prefix: str = "/") -> str:
        prefix = serve.normalize_prefix(prefix)
        if prefix not in servers:
            server, url = serve.start_server(site_dir, port=0, prefix=prefix, quiet=True)
            servers[prefix] = (server, url)
            _LOCAL_ORIGINS.add(_origin(url))
        return servers[prefix][1]

    yield _serve
    for server, _ in servers.values():
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def site_url(serve_site) -> str:
    return serve_site("/")


@pytest.fixture(scope="session")
def subpath_url(serve_site) -> str:
    return serve_site("/games/gin/")


# ---------------------------------------------------------------- browser


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not Path(CHROMIUM).exists():
        pytest.exit(f"{CHROMIUM} not found: run scripts/setup.sh (apt chromium)", returncode=3)
    args = list(browser_type_launch_args.get("args", []))
    args += [a for a in CHROMIUM_ARGS if a not in args]
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": args}


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


class PageMonitor:
    """Collects everything a test must not do: off-origin requests, failed requests,
    console errors, uncaught exceptions."""

    def __init__(self):
        self.lock = threading.Lock()
        self.page_origin: str | None = None
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
            origin = _origin(url)
            is_main_nav = False
            try:
                is_main_nav = request.is_navigation_request() and request.frame.parent_frame is None
            except Exception:  # worker requests have no frame
                pass
            if is_main_nav:
                # the page's own origin is where the test navigated to; it must be ours
                self.page_origin = origin
                if origin not in _LOCAL_ORIGINS:
                    self.offorigin.append(f"navigation to {url}")
            elif origin != self.page_origin:
                self.offorigin.append(f"{request.method} {url} (page origin {self.page_origin})")

    def on_websocket(self, ws):
        with self.lock:
            self.requests.append(ws.url)
            if urlsplit(ws.url).netloc != urlsplit(self.page_origin or "").netloc:
                self.offorigin.append(f"WEBSOCKET {ws.url} (page origin {self.page_origin})")

    def on_request_failed(self, request):
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


@pytest.fixture
def page_monitor() -> PageMonitor:
    return PageMonitor()


@pytest.fixture
def page(page, page_monitor, request):
    """pytest-playwright's page, watched by page_monitor (see module doc)."""
    mon = page_monitor
    page.context.on("request", mon.on_request)  # context: also catches workers and popups
    page.context.on("requestfailed", mon.on_request_failed)
    page.on("console", mon.on_console)
    page.on("pageerror", mon.on_page_error)
    page.on("websocket", mon.on_websocket)
    request.node._gin_page_monitor = mon
    yield page
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.nodeid.split("::", 1)[-1])[:120]
    try:
        page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
    except Exception as exc:  # a crashed page must not hide the real failure
        print(f"screenshot failed: {exc}", file=sys.stderr)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    """Turn anything page_monitor saw during the test body into a failure of that test."""
    result = yield
    mon = getattr(item, "_gin_page_monitor", None)
    if mon is not None:
        allow = item.get_closest_marker("allow_console_errors") is not None
        problems = mon.problems(allow)
        mon.reported = len(problems)
        if problems:
            pytest.fail("page misbehaved:\n  " + "\n  ".join(problems), pytrace=False)
    return result


def wait_ready(page, timeout_s: float = 30.0) -> float:
    """Wait until the page's Python set document.body.dataset.ready = "1".

    Returns the page's performance.now() at that moment in seconds, i.e. time since the
    navigation started. Fails at once if PyScript rendered an error box.
    """
    handle = page.wait_for_function(
        """() => {
            const b = document.body;
            if (b && b.dataset.ready === "1") return {ok: true, t: performance.now()};
            const err = document.querySelector(".py-error");
            if (err) return {ok: false, error: err.textContent};
            return false;
        }""",
        timeout=timeout_s * 1000,
    )
    value = handle.json_value()
    if not value["ok"]:
        pytest.fail(f"PyScript error before ready:\n{value['error']}", pytrace=False)
    return value["t"] / 1000.0


# ---------------------------------------------------------------- timings summary

_TIMINGS: list[tuple[str, float]] = []


@pytest.fixture(scope="session")
def boot_timings() -> list:
    return _TIMINGS


def pytest_terminal_summary(terminalreporter):
    if not _TIMINGS:
        return
    terminalreporter.write_sep("-", "page timings")
    for label, seconds in _TIMINGS:
        terminalreporter.write_line(f"{label}: {seconds:.2f} s")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "timings.json").write_text(
        json.dumps([{"label": l, "seconds": round(s, 3)} for l, s in _TIMINGS], indent=2) + "\n"
    )
