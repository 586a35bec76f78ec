"""Offline play (the service worker sw.js), a new build replacing the old one, the web app
manifest and icons, and the game hosted under a sub-path.

sw.js is written by scripts/build_site.py with the build id and the precache list (every file
the page loads, see precache_list there). These tests hold it to what the page really does:
the files the page requests while it starts and plays are exactly the precached ones (plus the
manifest and its icons, which only the browser asks for), and with the network cut off (context
offline and every request aborted, the service worker's own fetches included) a reload starts
the game from the cache alone and a hand goes on.
"""

from __future__ import annotations

import json
import shutil
import struct
import subprocess
import sys
import time
import urllib.request
from urllib.parse import urlsplit

from gin_e2e import LOCAL_ORIGINS, ROOT, origin_of, serve, wait_ready, watch
from test_game import FAST, open_game, play_turn, saved_match, wait_turn

sys.path.insert(0, str(ROOT / "scripts"))
import build_site
from netlify_headers import headers_for

SW_STATE = """async () => {
    const reg = await navigator.serviceWorker.ready;
    const caches_ = {};
    for (const name of await caches.keys()) {
        caches_[name] = (await (await caches.open(name)).keys()).map((r) => r.url);
    }
    return {scope: reg.scope, script: reg.active.scriptURL, controlled: !!navigator.serviceWorker.controller,
            caches: caches_};
}"""


def cache_name(scope_url: str, build_id: str) -> str:
    return f"gin-rummy {urlsplit(scope_url).path} {build_id}"


def wait_caches(page, names: list[str], timeout_s: float = 60) -> dict:
    """Wait until the page is controlled by the worker and the origin's caches are exactly
    ``names``; returns the worker's state (SW_STATE)."""
    deadline = time.monotonic() + timeout_s
    while True:
        state = page.evaluate(SW_STATE)
        if state["controlled"] and sorted(state["caches"]) == sorted(names):
            return state
        if time.monotonic() > deadline:
            raise AssertionError(f"caches {sorted(state['caches'])}, expected {sorted(names)}")
        page.wait_for_timeout(250)


def computer_moves(m) -> int:
    return sum(1 for p, _ in m.history if p == 1)


def test_page_loads_exactly_the_precache_and_plays_offline(chromium_profile, site_url, build_info):
    # a persistent profile: Chromium reports off-the-record contexts as "not installable"
    context = chromium_profile()
    page = context.new_page()
    mon = watch(page)
    requested = []
    page.on("request", lambda r: requested.append(r.url))  # the page's own, not the worker's

    open_game(page, site_url, f"?seed=31&dealer=1&{FAST}")
    play_turn(page)  # pass the upcard
    play_turn(page)  # draw and discard
    wait_turn(page)  # the computer replied
    precache = build_info["precache"]
    state = wait_caches(page, [cache_name(site_url, build_info["build_id"])])
    assert state["scope"] == site_url and state["script"] == site_url + "sw.js"
    assert sorted(state["caches"].popitem()[1]) == sorted(site_url + p for p in precache)

    # the precache list is what the page loads: nothing missing, nothing it does not need
    paths = {urlsplit(u).path.removeprefix("/") or "index.html" for u in requested}
    manifest = json.loads((ROOT / "site" / "manifest.webmanifest").read_text())
    browser_only = {"manifest.webmanifest"} | {i["src"] for i in manifest["icons"]} - paths
    assert paths - {"sw.js"} <= set(precache), f"requested but not precached: {paths - set(precache)}"
    assert set(precache) - paths <= browser_only  # only the browser asks for these (or not)
    lazy = ("codemirror", "xterm", "mpy-", "toml-", "zip-", "pyodide_graph")  # PyScript's lazy chunks
    assert not any(p.endswith(".map") or any(x in p for x in lazy) for p in precache)

    # installable: Chromium finds nothing missing (manifest, icons, service worker)
    cdp = context.new_cdp_session(page)
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    app = cdp.send("Page.getAppManifest")
    assert app["errors"] == [] and app["url"] == site_url + "manifest.webmanifest"

    # the network off: the browser offline and every request aborted, the worker's own too
    sw_attempts = []
    context.on("requestfailed", lambda r: r.service_worker and sw_attempts.append(r.url))
    context.set_offline(True)
    context.route("**/*", lambda route: route.abort())
    responses = []
    page.on("response", lambda r: responses.append(r))
    before = saved_match(page)
    page.reload()
    wait_ready(page, 60)
    wait_turn(page)
    assert len(saved_match(page).history) == len(before.history)  # resumed where it was
    play_turn(page)
    wait_turn(page)
    after = saved_match(page)
    mine = [a for p, a in after.history[len(before.history) :] if p == 0]
    assert any(a.kind == "discard" for a in mine), mine
    assert computer_moves(after) > computer_moves(before)
    # everything came from the worker's cache
    assert responses and all(r.from_service_worker and r.ok for r in responses), [
        (r.url, r.status) for r in responses if not (r.from_service_worker and r.ok)
    ]
    # the worker tried the network first for the unversioned files and the wasm (the HTTP
    # cache keeps V8's compiled code) and failed: expected; every other versioned file was cached
    assert sw_attempts and all(
        not p.startswith(("runtime/", "wheels/")) or p.endswith(".wasm")
        for p in (u.removeprefix(site_url) for u in sw_attempts)
    )
    with mon.lock:
        mon.failed_requests = [
            f
            for f in mon.failed_requests  # "GET <url>: <failure>"
            if f.split(" ", 1)[1].rsplit(": ", 1)[0] not in sw_attempts
        ]
    assert mon.problems() == []


def test_a_new_build_is_used_on_the_next_load_and_old_caches_go(page, site_dir, build_info, tmp_path):
    deployed = tmp_path / "site"
    shutil.copytree(site_dir, deployed)
    server, url = serve.start_server(deployed, port=0, quiet=True, netlify=ROOT / "netlify.toml")
    LOCAL_ORIGINS.add(origin_of(url))
    try:
        open_game(page, url, f"?seed=31&{FAST}")
        old = cache_name(url, build_info["build_id"])
        wait_caches(page, [old])

        # deploy a new build: a changed stylesheet, its new version in the page, and sw.js
        # rewritten, as the build does them
        css = deployed / "style.css"
        css.write_text(css.read_text() + "\n.gin-app { --build-mark: 2; }\n")
        versions = build_site.version_page_refs(deployed)
        assert versions["style.css"] != build_info["versions"]["style.css"]
        new_id = build_site.write_service_worker(deployed, build_info["precache"], versions)
        assert new_id != build_info["build_id"]

        page.reload()
        wait_ready(page, 60)
        # this load already uses the new build ...
        assert (
            page.evaluate("getComputedStyle(document.body).getPropertyValue('--build-mark')").strip() == "2"
        )
        # ... and the new worker took over: its cache only, the old build's cache deleted
        state = wait_caches(page, [cache_name(url, new_id)])
        assert state["script"] == url + "sw.js"
        cached_css = page.evaluate(f"""async () => (await (await caches.open({cache_name(url, new_id)!r}))
                                        .match('style.css')).text()""")
        assert "--build-mark: 2" in cached_css
        assert len(state["caches"][cache_name(url, new_id)]) == len(build_info["precache"])
    finally:
        server.shutdown()
        server.server_close()


def test_game_plays_under_a_subpath(page, subpath_url, page_monitor):
    assert urlsplit(subpath_url).path == "/games/gin/"
    open_game(page, subpath_url, f"?seed=31&dealer=1&{FAST}")
    for _ in range(3):  # pass the upcard, then two turns of draw and discard
        play_turn(page)
    wait_turn(page)
    m = saved_match(page)
    discards = [p for p, a in m.history if a.kind == "discard"]
    assert discards.count(0) >= 2 and discards.count(1) >= 2, m.history
    # the worker of the sub-path, everything fetched from under it
    state = page.evaluate(SW_STATE)
    assert state["scope"] == subpath_url and state["script"] == subpath_url + "sw.js"
    paths = [urlsplit(u).path for u in page_monitor.requests if u.startswith("http")]
    assert paths and all(p.startswith("/games/gin/") for p in paths), paths


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_manifest_icons_and_worker_files(site_dir, site_url, build_info):
    manifest = json.loads((site_dir / "manifest.webmanifest").read_text())
    assert manifest["name"] == "Gin Rummy" and manifest["short_name"]
    assert (manifest["start_url"], manifest["scope"], manifest["display"]) == (".", ".", "standalone")
    assert manifest["theme_color"].startswith("#") and manifest["background_color"].startswith("#")
    sizes = {}
    for icon in manifest["icons"]:
        data = (site_dir / icon["src"]).read_bytes()
        if icon["type"] == "image/png":
            w, h = _png_size(data)
            assert icon["sizes"] == f"{w}x{h}", icon
            sizes.setdefault(icon["purpose"], set()).add(w)
    assert sizes == {"any": {192, 512}, "maskable": {192, 512}}
    html = (site_dir / "index.html").read_text()
    assert 'rel="manifest" href="./manifest.webmanifest"' in html
    # the committed icons are what scripts/make_icons.py draws
    res = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "make_icons.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert res.returncode == 0, res.stderr
    # sw.js carries this build's id and list, and is never cached by HTTP
    sw = (site_dir / "sw.js").read_text()
    assert f'"id": "{build_info["build_id"]}"' in sw and json.dumps(build_info["precache"]) in sw
    assert headers_for("/sw.js")["Cache-Control"] == "no-cache"
    with urllib.request.urlopen(site_url + "sw.js", timeout=10) as r:
        assert r.headers["Cache-Control"] == "no-cache"
        assert r.headers["Content-Type"].startswith("text/javascript")


REGISTERED = "async () => !!(await navigator.serviceWorker.getRegistration())"


def test_the_worker_is_installed_while_the_player_rests(page, site_url):
    """sw-register.js registers the worker (whose install copies the whole build) only once the
    player has rested IDLE_MS (3 s: no click, touch or key) or the page is hidden, never in the
    middle of play, where it froze frames."""
    open_game(page, site_url, f"?seed=31&dealer=1&{FAST}")
    for _ in range(3):  # keep playing for longer than IDLE_MS, never resting that long
        page.wait_for_timeout(1200)
        page.keyboard.press("Shift")
        assert not page.evaluate(REGISTERED)
    page.wait_for_function(REGISTERED, timeout=10_000, polling=250)  # the player rests


def test_the_worker_is_installed_when_the_page_is_hidden(chromium_profile, site_url):
    page = chromium_profile().new_page()
    open_game(page, site_url, f"?seed=31&{FAST}")
    assert not page.evaluate(REGISTERED)
    page.evaluate("""() => { Object.defineProperty(document, 'visibilityState', {value: 'hidden'});
                             document.dispatchEvent(new Event('visibilitychange')); }""")
    page.wait_for_function(REGISTERED, timeout=2_000, polling=100)
