"""Boot the page in Chromium: Python starts, the engine from the wheel is shown, nothing leaves the origin."""

from urllib.parse import urlsplit

import gin_core
from gin_e2e import wait_ready


def _boot(page, url, page_monitor, build_info):
    resp = page.goto(url)
    assert resp is not None and resp.ok, f"GET {url} -> {resp and resp.status}"
    seconds = wait_ready(page)
    shown = page.locator("#engine-version").inner_text().strip()
    assert shown == build_info["gin_core_version"], "page shows a different engine version than the wheel"
    assert shown == gin_core.__version__, "site/ is stale: rebuild it (make site)"
    # every request stayed on the page's own origin (the monitor also fails the test otherwise)
    origin = f"{urlsplit(url).scheme}://{urlsplit(url).netloc}"
    http = [r for r in page_monitor.requests if r.startswith(("http:", "https:"))]
    assert http and all(r.startswith(origin + "/") for r in http), http
    assert page_monitor.problems() == []
    # the runtime really came from our versioned folders and the wheel from wheels/
    paths = [urlsplit(r).path for r in http]
    assert any(p.endswith(build_info["interpreter"].lstrip(".").replace("pyodide.mjs", "pyodide.asm.wasm"))
               for p in paths)
    assert any(p.endswith(f"/runtime/pyscript-{build_info['pyscript_version']}/core.js") for p in paths)
    assert any(p.endswith(build_info["wheel"].lstrip(".")) for p in paths)
    return seconds, http


def test_boot_at_root(page, site_url, page_monitor, build_info, boot_timings):
    seconds, _ = _boot(page, site_url, page_monitor, build_info)
    boot_timings.append(("time to ready, served at /", seconds))
    print(f"time to ready at {site_url}: {seconds:.2f} s")
    assert page.title() == "Gin Rummy"


def test_boot_under_subpath(page, subpath_url, page_monitor, build_info, boot_timings):
    assert urlsplit(subpath_url).path == "/games/gin/"
    seconds, http = _boot(page, subpath_url, page_monitor, build_info)
    boot_timings.append(("time to ready, served at /games/gin/", seconds))
    print(f"time to ready at {subpath_url}: {seconds:.2f} s")
    # relative URLs only: nothing was fetched from outside the sub-path
    outside = [r for r in http if not urlsplit(r).path.startswith("/games/gin/")]
    assert outside == []


def test_subpath_without_trailing_slash_redirects(page, subpath_url, page_monitor):
    bare = subpath_url.rstrip("/")  # .../games/gin
    page.goto(bare)
    assert page.url == subpath_url
    wait_ready(page)
