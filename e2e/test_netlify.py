"""netlify.toml checked against the built site: build settings, every header rule, the CSP.

The browser suite itself is served with these headers (conftest: serve_site), so every page
test also proves the Content-Security-Policy does not block the game.
"""

from __future__ import annotations

import re
import sys
import time
import tomllib
from pathlib import Path

import pytest
from gin_e2e import ROOT, origin_of, wait_ready

sys.path.insert(0, str(ROOT / "scripts"))
from netlify_headers import headers_for, load_rules
from precompress import is_sibling

CONFIG = tomllib.loads((ROOT / "netlify.toml").read_text())


def site_paths(site_dir: Path) -> list[str]:
    """The URL paths of the files Netlify publishes: the site's, but the precompressed siblings
    (netlify.toml's build writes none: test_build_settings_are_the_play_build)."""
    files = [p for p in site_dir.rglob("*") if p.is_file() and not is_sibling(p)]
    return ["/" + p.relative_to(site_dir).as_posix() for p in files]


def test_build_settings_are_the_play_build():
    build = CONFIG["build"]
    assert build["publish"] == "site"
    assert "scripts/build_site.py" in build["command"]
    assert "scripts/build_site.py" in (ROOT / "Makefile").read_text()
    # Netlify compresses on the fly and ignores .br/.gz files: a deploy of them would publish
    # URLs no header rule covers
    assert "--no-precompress" in build["command"].split()


def test_every_rule_matches_real_files(site_dir):
    paths = site_paths(site_dir) + ["/"]
    for pattern, regex, _ in load_rules():
        assert any(regex.match(p) for p in paths), f"netlify.toml rule {pattern!r} matches no file"


def test_types_caching_and_cors_of_every_file(site_dir):
    for path in site_paths(site_dir):
        h = {k.lower(): v for k, v in headers_for(path).items()}
        if path.endswith(".wasm"):
            assert h["content-type"] == "application/wasm", path
        if path.endswith(".mjs"):
            assert "javascript" in h["content-type"], path
        if path.startswith(("/runtime/", "/wheels/")):
            assert h["cache-control"] == "public, max-age=31536000, immutable", path
            assert h["access-control-allow-origin"] == "*", path
            assert h["cross-origin-resource-policy"] == "cross-origin", path
        else:  # one rule each: the values of several rules would be joined
            assert h.get("cache-control") == "no-cache", path
    assert headers_for("/")["Cache-Control"] == "no-cache"


def test_versioned_folders_really_are_versioned(site_dir):
    runtime = sorted(p.name for p in (site_dir / "runtime").iterdir())
    assert all(re.fullmatch(r"(pyodide|pyscript)-\d+(\.\d+)+-[0-9a-f]{8}", name) for name in runtime), runtime
    archives = list((site_dir / "wheels").glob("*/*.zip"))
    assert len(archives) == 2 and all(re.fullmatch(r"[0-9a-f]{12}", a.parent.name) for a in archives)


def test_csp_allows_only_this_origin():
    csp = headers_for("/index.html")["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in csp.split(";") if d.strip())
    assert directives["default-src"] == "'self'"
    assert "'wasm-unsafe-eval'" in directives["script-src"]
    for name, sources in directives.items():
        assert not re.search(r"https?:|\*", sources), f"{name} allows another origin: {sources}"
    # issue 17 item 14: no flow needs inline styles, data:/blob: images or blob: workers
    assert directives["style-src"] == directives["img-src"] == directives["worker-src"] == "'self'"


def test_page_is_served_and_plays_under_the_csp(page, site_url):
    response = page.goto(site_url)
    assert "wasm-unsafe-eval" in response.headers["content-security-policy"]
    wait_ready(page, 60)
    assert page.locator("#engine-version").inner_text().strip() != "?"


def test_no_header_is_set_by_two_rules_for_one_path(site_dir):
    """Netlify's dev server lets a later rule override, the emulation joins: with no header set
    twice for a path, both read netlify.toml the same way."""
    for path in site_paths(site_dir) + ["/"]:
        seen: dict[str, str] = {}
        for pattern, regex, values in load_rules():
            if regex.match(path):
                for name in values:
                    assert name.lower() not in seen, (
                        f"{path}: {name} set by {seen.get(name.lower())} and {pattern}"
                    )
                    seen[name.lower()] = pattern


def test_only_the_embed_page_may_be_framed(site_dir):
    """Issue 17 item 12: every page but embed.html refuses to be framed."""
    pages = [p for p in site_paths(site_dir) if p.endswith(".html")] + ["/"]
    assert "/embed.html" in pages and "/index.html" in pages
    for path in pages:
        h = {k.lower(): v for k, v in headers_for(path).items()}
        framable = "x-frame-options" not in h and "frame-ancestors" not in h.get(
            "content-security-policy", ""
        )
        assert framable == (path == "/embed.html"), path


@pytest.mark.allow_console_errors  # Chromium logs the refused frame
def test_a_framed_game_page_is_refused_by_the_browser(page, page_monitor, site_url):
    page_monitor.also_allowed.add(origin_of(site_url))
    page.set_content(
        f'<iframe id="a" src="{site_url}"></iframe><iframe id="b" src="{site_url}index.html">'
        f'</iframe><iframe id="c" src="{site_url}embed.html"></iframe>'
    )
    # until each frame has committed a document: the embed page, or Chromium's error page
    deadline = time.monotonic() + 30
    while any(f.url in ("", "about:blank") for f in page.frames[1:]) or len(page.frames) < 4:
        assert time.monotonic() < deadline, [f.url for f in page.frames]
        page.wait_for_timeout(50)
    urls = {f.name or f.url: f.url for f in page.frames[1:]}
    loaded = {f.url for f in page.frames[1:] if f.url.startswith(site_url)}
    assert loaded == {f"{site_url}embed.html"}, urls
