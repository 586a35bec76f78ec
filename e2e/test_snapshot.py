"""The snapshot build (build_site.py --snapshot, off by default): it boots and plays, and what the
snapshot froze under Node at build time is the visitor's again after every restore.

The snapshot site is built into site-snapshot/ once per session from dist/'s wheel, the one
site/ was built from (about 8 s; always, GIN_E2E_SKIP_BUILD=1 included: a site-snapshot/ left
from an older session would test old code), and served like site/.
"""

from __future__ import annotations

import json
import subprocess
import sys
from urllib.parse import urlsplit

import pytest
from gin_e2e import LOCAL_ORIGINS, ROOT, origin_of, play_for_decisions, serve, wait_ready, watch

SNAPSHOT_SITE = ROOT / "site-snapshot"

# Run in the page (a second <script type="py"> shares the game's interpreter): what differs
# between a Node build machine and a visitor, and two draws of the random module.
STATE_PROBE = r"""
import json, os, random, sys, time, js
js.window.__state = json.dumps({
    "random": [random.random(), random.getrandbits(64)],
    "environ": dict(os.environ),
    "emscripten_info": list(sys._emscripten_info),
    "argv": sys.argv, "executable": sys.executable, "cwd": os.getcwd(), "path": sys.path,
    "time": [time.timezone, time.altzone, time.daylight, list(time.tzname)],
    "hash": hash("gin rummy"),
})
"""


@pytest.fixture(scope="session")
def snapshot_url(serve_site):
    """The snapshot build served at the root (built after site/, whose wheel it reuses)."""
    serve_site("/")  # site/ first (built unless GIN_E2E_SKIP_BUILD=1): its wheel is reused
    cmd = [sys.executable, str(ROOT / "scripts" / "build_site.py"), "--no-build", "--snapshot"]
    res = subprocess.run([*cmd, "--out", SNAPSHOT_SITE.name], cwd=ROOT, capture_output=True, text=True)
    if res.returncode != 0:
        pytest.fail(f"snapshot build failed:\n{res.stdout}\n{res.stderr}")
    server, url = serve.start_server(
        SNAPSHOT_SITE, port=0, prefix="/", quiet=True, netlify=ROOT / "netlify.toml"
    )
    LOCAL_ORIGINS.add(origin_of(url))
    yield url
    server.shutdown()
    server.server_close()


def probe_state(browser, url: str) -> dict:
    """Boot ``url`` in a fresh context (New York time, French) and read STATE_PROBE."""
    context = browser.new_context(timezone_id="America/New_York", locale="fr-FR")
    try:
        page = context.new_page()
        monitor = watch(page)
        page.goto(url)
        wait_ready(page)
        page.evaluate(
            """(code) => { const s = document.createElement('script'); s.type = 'py';
                                     s.textContent = code; document.body.append(s); }""",
            STATE_PROBE,
        )
        page.wait_for_function("window.__state", timeout=30_000)
        assert monitor.problems() == []
        return json.loads(page.evaluate("window.__state"))
    finally:
        context.close()


def test_snapshot_build_boots_from_the_snapshot_and_plays(page, page_monitor, snapshot_url):
    info = json.loads((SNAPSHOT_SITE / "build-info.json").read_text())
    assert info["interpreter"].endswith("/gin-interpreter.mjs") and info["snapshot"].endswith("/snapshot.bin")
    page.goto(snapshot_url)
    wait_ready(page)
    play_for_decisions(page, 2, limit_s=120)
    fetched = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")  # the page's own
    paths = [urlsplit(r).path for r in fetched]
    assert paths.count("/" + info["snapshot"].removeprefix("./")) == 1  # preloaded, and that fetch used
    assert {p.lstrip("/") for p in paths} <= set(info["precache"])  # the worker has all of it offline
    assert page_monitor.problems() == []


def test_every_restore_is_the_visitors_interpreter(browser, site_url, snapshot_url):
    fresh = probe_state(browser, site_url)
    first, second = probe_state(browser, snapshot_url), probe_state(browser, snapshot_url)
    assert first["random"] != second["random"]  # reseeded, not the snapshot's state
    for key in ("environ", "emscripten_info", "argv", "executable", "cwd", "path", "time"):
        assert first[key] == fresh[key], key  # nothing of the Node build machine shows
    assert fresh["environ"]["LANG"] == "fr_FR.UTF-8" and fresh["time"][0] == 5 * 3600
    # documented limit: str hashes use the build's seed, the same at every restore
    assert first["hash"] == second["hash"]
