"""Browser (end-to-end) test fixtures: built site + local server + Debian Chromium via pytest-playwright.

Fixtures
  site_dir         session: the built site/ (built once per session by scripts/build_site.py,
                   unless GIN_E2E_SKIP_BUILD=1, then the existing site/ is used as is)
  serve_site       session: factory serve_site(prefix="/") -> base URL (ends with "/"); one
                   server per prefix, each on a free port, all stopped at session end; every
                   response carries the production headers of netlify.toml (CSP included)
  site_url         session: base URL of the site served at the root
  subpath_url      session: base URL of the site served under /games/gin/
  build_info       session: site/build-info.json (versions, archive names)
  page             the pytest-playwright page, watched: the test FAILS on any request to an
                   origin other than the page's own, on a failed request, a console error or an
                   uncaught page error (mark a test @pytest.mark.allow_console_errors to allow
                   console errors/failed requests); when the test failed (or always, with
                   GIN_E2E_SHOTS=1) a screenshot goes to artifacts/e2e/<test>.png (a full-page
                   screenshot costs about a second: not taken for every passing test)
  page_monitor     what the watch saw (requests, errors) for a test to assert on
  boot_timings     session list; tests append (label, seconds) and the summary prints them
  (every test)     a test still running after 300 s (GIN_E2E_HANG_S) stops the run, exit code 1,
                   with its name and every thread's stack: a hang fails instead of stalling
  chromium_profile factory chromium_profile(prefs=None) -> a BrowserContext of its own Chromium with
                   a persistent profile (Preferences = prefs, written before start), closed at the
                   end of the test; not off-the-record, unlike the `page` fixture's context

Helpers (in e2e/gin_e2e.py: `from gin_e2e import wait_ready`; also importable from conftest)
  wait_ready(page, timeout_s=30) -> seconds since navigation start when the page's Python
  set document.body.dataset.ready = "1"; fails at once if PyScript shows an error.

Browser: /usr/bin/chromium (override with GIN_CHROMIUM), never a Playwright-downloaded one.
"""

from __future__ import annotations

import faulthandler
import importlib.util
import json
import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from gin_e2e import (  # noqa: F401  (wait_ready re-exported for convenience)
    ARTIFACTS,
    CHROMIUM,
    CHROMIUM_ARGS,
    LOCAL_ORIGINS,
    ROOT,
    PageMonitor,
    origin_of,
    serve,
    wait_ready,
)
from playwright.sync_api import Error as PlaywrightError


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "allow_console_errors: do not fail the test on console errors / failed requests"
    )
    config.addinivalue_line(
        "markers", "alone: times the page (long tasks, decision times): run with no other test beside it"
    )
    # pytest-playwright 0.10.0's base_url fixture trips a pytest 9 deprecation; not ours
    config.addinivalue_line(
        "filterwarnings",
        "ignore:Session-scoped fixtures defined as instance methods:pytest.PytestRemovedIn10Warning",
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


@pytest.fixture(scope="session")
def serve_site(site_dir):
    servers: dict[str, tuple[object, str]] = {}

    def _serve(prefix: str = "/") -> str:
        prefix = serve.normalize_prefix(prefix)
        if prefix not in servers:
            server, url = serve.start_server(
                site_dir, port=0, prefix=prefix, quiet=True, netlify=ROOT / "netlify.toml"
            )
            servers[prefix] = (server, url)
            LOCAL_ORIGINS.add(origin_of(url))
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


@pytest.fixture
def chromium_profile(playwright, browser_type_launch_args, tmp_path):
    contexts = []

    def _launch(prefs: dict | None = None):
        profile = tmp_path / f"profile-{len(contexts)}"
        (profile / "Default").mkdir(parents=True)
        if prefs:
            (profile / "Default" / "Preferences").write_text(json.dumps(prefs))
        context = playwright.chromium.launch_persistent_context(str(profile), **browser_type_launch_args)
        contexts.append(context)
        return context

    yield _launch
    for context in contexts:
        context.close()


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
    if not (SHOTS or getattr(request.node, "_gin_failed", False)):
        return
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.nodeid.split("::", 1)[-1])[:120]
    try:
        page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
    except (PlaywrightError, OSError) as exc:  # a crashed page must not hide the real failure
        print(f"screenshot failed: {exc}", file=sys.stderr)


SHOTS = os.environ.get("GIN_E2E_SHOTS") == "1"
# no browser test takes a minute on a quiet machine; one past this is hung (GIN_E2E_HANG_S=seconds)
HANG_S = float(os.environ.get("GIN_E2E_HANG_S", "300"))


class HangWatch:
    """Stops the whole run (exit code 1) with every thread's stack when one test runs past
    HANG_S seconds: a wait with no timeout of its own (page.evaluate on a stuck page) must not
    stall `make test` for ever."""

    def __init__(self, item):
        self.timer = threading.Timer(HANG_S, self._expired, args=(item,))
        self.timer.daemon = True

    @staticmethod
    def _expired(item) -> None:
        capture = item.config.pluginmanager.getplugin("capturemanager")
        if capture is not None:
            capture.suspend_global_capture(in_=True)  # to the terminal, not a capture buffer
        nodeid = item.nodeid
        sys.stderr.write(f"\n*** e2e: {nodeid} still running after {HANG_S:g} s: hung, run stopped ***\n")
        faulthandler.dump_traceback(file=sys.stderr, all_threads=True)
        sys.stderr.flush()
        os._exit(1)

    def __enter__(self):
        self.timer.start()

    def __exit__(self, *exc):
        self.timer.cancel()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Mark a test that failed (set-up or body) so the page fixture keeps its screenshot."""
    report = yield
    if report.failed:
        item._gin_failed = True
    return report


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


# ---------------------------------------------------------------- renderer crashes

CRASH_RETRIES = 1  # per session: a second renderer crash fails as usual
_CRASHES: list[str] = []
_SESSION_START = time.time()


def _crashed(reports) -> bool:
    return any(r.failed and "Target crashed" in str(r.longrepr) for r in reports)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item, nextitem):
    """A test whose Chromium renderer crashed ("Target crashed") runs once more, at most once a
    session; every crash is listed in the summary with the signature of each minidump Chromium
    wrote meanwhile (scripts/minidump.py). Any other failure, and a second crash, fail as usual.
    The crash issue 16 chased (Pyodide's JSPI stacks and Chromium's frame-pointer unwinder) is
    fixed in the build and tested by test_boot.py; this keeps an unknown one from hiding."""
    from _pytest.runner import runtestprotocol

    item.ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
    with HangWatch(item):
        reports = runtestprotocol(item, nextitem=nextitem, log=False)
    if _crashed(reports):
        _CRASHES.append(item.nodeid)
        if len(_CRASHES) <= CRASH_RETRIES:
            item._initrequest()  # fresh function-scoped fixtures (as pytest-rerunfailures does)
            with HangWatch(item):
                reports = runtestprotocol(item, nextitem=nextitem, log=False)
    for report in reports:
        item.ihook.pytest_runtest_logreport(report=report)
    item.ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
    return True


# ---------------------------------------------------------------- timings summary

_TIMINGS: list[tuple[str, float]] = []


@pytest.fixture(scope="session")
def boot_timings() -> list:
    return _TIMINGS


def pytest_terminal_summary(terminalreporter):
    if _CRASHES:
        terminalreporter.write_sep(
            "-", f"Chromium renderer crashes: {len(_CRASHES)} (retried: {CRASH_RETRIES})"
        )
        for nodeid in _CRASHES:
            terminalreporter.write_line(nodeid)
        sys.path.insert(0, str(ROOT / "scripts"))
        from minidump import PENDING, signature

        for dump in sorted(PENDING.glob("*.dmp")):
            if dump.stat().st_mtime >= _SESSION_START:
                terminalreporter.write_line(f"minidump: {signature(dump)}")
    if not _TIMINGS:
        return
    terminalreporter.write_sep("-", "page timings")
    for label, seconds in _TIMINGS:
        terminalreporter.write_line(f"{label}: {seconds:.2f} s")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    rows = [{"label": label, "seconds": round(seconds, 3)} for label, seconds in _TIMINGS]
    (ARTIFACTS / "timings.json").write_text(json.dumps(rows, indent=2) + "\n")
