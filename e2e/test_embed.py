"""The game inside a blog post on another origin: the direct include (embed.js) and the iframe
(embed.html), with third-party storage allowed and blocked.

The direct-include test saves a screenshot of the blog post with the game in it to
artifacts/e2e/embed-blog.png, and to docs/embed-blog.png (shown in docs/embedding.md) when run with
GIN_E2E_DOCS=1 or when that file is missing.

The game is served at http://localhost:PORT/ (the site_url fixture) and a sample blog
(e2e/blog/) at http://127.0.0.1:PORT2/, a different site, with a Content-Security-Policy that
allows exactly what docs/embedding.md asks of a host page. The blog's stylesheet is
deliberately heavy-handed (root font size, global box-sizing, element rules for buttons, lists,
SVG, dialogs) so the tests can show the game and the host page leave each other's styles alone.

Third-party storage: Chromium decides with the cookie setting of the profile,
``profile.cookie_controls_mode`` (0 allow third-party cookies, 1 block them); blocking them also
denies a cross-site frame localStorage, IndexedDB and Cache Storage. The iframe tests run a
Chromium of their own with a persistent profile whose Preferences set it (chromium_profile).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from gin_e2e import ARTIFACTS, LOCAL_ORIGINS, ROOT, capture, origin_of, serve, wait_mounted, wait_ready, watch
from test_game import play_turn, saved, saved_match, wait_turn

sys.path.insert(0, str(ROOT / "scripts"))
from netlify_headers import headers_for

BLOG = Path(__file__).resolve().parent / "blog"
SCREENSHOT = ROOT / "docs" / "embed-blog.png"
# What docs/embedding.md asks of a host page's Content-Security-Policy ({game} = the game's origin)
HOST_CSP = (
    "default-src 'self'; script-src 'self' {game} 'wasm-unsafe-eval' 'unsafe-eval'; "
    "style-src 'self' {game}; connect-src 'self' {game}; frame-src {game}; img-src 'self' data:"
)
ALLOW_3P = {"profile": {"cookie_controls_mode": 0, "block_third_party_cookies": False}}
BLOCK_3P = {"profile": {"cookie_controls_mode": 1, "block_third_party_cookies": True}}

TEXT = [
    "font-family",
    "font-size",
    "font-weight",
    "font-style",
    "line-height",
    "letter-spacing",
    "text-transform",
    "text-align",
    "color",
]
BOX = [
    "box-sizing",
    "padding-top",
    "padding-right",
    "padding-bottom",
    "padding-left",
    "margin-top",
    "margin-bottom",
    "border-top-width",
    "border-top-style",
    "border-top-left-radius",
    "background-color",
    "background-image",
    "box-shadow",
]
# elements of the game whose look does not depend on the page's layout
GAME_PROBES = [
    (".brand", TEXT + BOX),
    (".tool", TEXT + BOX + ["height"]),
    (".tool svg", ["width", "height", "fill"]),
    (".score output", TEXT),
    ("#stock", ["width", "height", "padding-top", "border-top-width"]),
    ("#stock-count", TEXT + BOX + ["width", "height"]),
    (".seat-label .level", TEXT + BOX),
    (".deadwood-box", TEXT + BOX),
    ("#sort-rank", TEXT + BOX + ["height"]),
    (".panel h2", TEXT + BOX),
    (".log", ["list-style-type", "padding-left", "margin-top", "font-size"]),
    (".foot", TEXT + BOX),
    ("#dlg-help h2", TEXT + BOX),
    ("#dlg-help .help-text p", TEXT + BOX),
    ("#dlg-help kbd", TEXT + BOX),
    ("#dlg-help dd", TEXT + BOX),
    ("#dlg-help button.primary", TEXT + BOX),
]
# elements of the blog, with and without the game on the page
HOST_PROBES = [
    ("html", ["font-size", "background-color"]),
    ("body", TEXT + BOX),
    ("header.site", TEXT + BOX),
    ("article > h1", TEXT + BOX),
    ("article > h2", TEXT + BOX),
    ("article > p", TEXT + BOX),
    ("article > ol > li", TEXT + BOX),
    ("#subscribe", TEXT + BOX),
    ("article > p > kbd", TEXT + BOX),
    ("article > table", BOX),
    ("article > table td", BOX),
]
STYLES_JS = """(probes) => Object.fromEntries(probes.map(([sel, props]) => {
    const el = document.querySelector(sel);
    if (!el) return [sel, null];
    const cs = getComputedStyle(el);
    return [sel, Object.fromEntries(props.map((p) => [p, cs.getPropertyValue(p)]))];
}))"""


@pytest.fixture(scope="module")
def blog(site_url, tmp_path_factory):
    """The sample blog on a second origin, pointing at the game served at site_url."""
    root = tmp_path_factory.mktemp("blog")
    for src in BLOG.iterdir():
        (root / src.name).write_text(src.read_text().replace("{{GAME}}", site_url))
    post = (root / "index.html").read_text()
    (root / "plain.html").write_text(re.sub(r"<!-- embed -->.*?<!-- /embed -->", "", post, flags=re.DOTALL))
    game = origin_of(site_url)
    (root / "netlify.toml").write_text(
        f'[[headers]]\n  for = "/*"\n  [headers.values]\n'
        f'    Content-Security-Policy = "{HOST_CSP.format(game=game)}"\n    Cache-Control = "no-cache"\n'
    )
    server, _ = serve.start_server(root, port=0, host="127.0.0.1", netlify=root / "netlify.toml")
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    LOCAL_ORIGINS.add(origin_of(url))
    yield SimpleNamespace(url=url, game=site_url, game_origin=game, root=root)
    server.shutdown()
    server.server_close()


def styles(page_or_frame, probes) -> dict:
    return page_or_frame.evaluate(STYLES_JS, [[s, p] for s, p in probes])


def computer_moves(m) -> int:
    return sum(1 for p, _ in m.history if p == 1)


@pytest.mark.browser_context_args(viewport={"width": 1280, "height": 1000})
def test_direct_include_plays_in_a_blog_post(page, page_monitor, blog, browser):
    page_monitor.also_allowed.add(blog.game_origin)
    # the blog without the game, for comparison
    page.goto(blog.url + "plain.html")
    host_alone = styles(page, HOST_PROBES)
    # the game on its own page (static markup and styles; Python need not start)
    own = browser.new_context(viewport={"width": 1280, "height": 1000})
    own_page = own.new_page()
    own_page.goto(blog.game)
    game_alone = styles(own_page, GAME_PROBES)
    own.close()

    from_game = []
    page.on("response", lambda r: r.url.startswith(blog.game) and from_game.append(r))
    response = page.goto(blog.url)
    assert "wasm-unsafe-eval" in response.headers["content-security-policy"]
    wait_mounted(page)
    assert {"gin-app", "gin-embedded"} <= set(page.get_attribute("#gin-rummy", "class").split())
    # the options of the container: beginner level, classic rules (to 100), the computer dealt
    assert page.inner_text("#opp-level").strip() == "Beginner"
    assert page.inner_text("#target-info").strip() == "to 100"
    assert saved(page)["level"] == "beginner"  # the blog's own localStorage
    # the styles: the host page unchanged, the game as on its own page
    assert styles(page, HOST_PROBES) == host_alone
    assert styles(page, GAME_PROBES) == game_alone
    # the game's keys act only when the focus is in the game
    page.focus("#subscribe")
    page.keyboard.press("?")
    assert not page.is_visible("#dlg-help")
    page.focus("#sort-rank")
    page.keyboard.press("?")
    page.wait_for_selector("#dlg-help[open]")
    page.keyboard.press("Escape")
    page.wait_for_function("!document.querySelector('#dlg-help[open]')")

    # play: pass the upcard, draw and discard, the computer replies
    play_turn(page)
    play_turn(page)
    wait_turn(page)
    m = saved_match(page)
    assert [a.kind for p, a in m.history if p == 0][-1] == "discard"
    assert computer_moves(m) >= 2
    # everything came from the game's origin with the headers a cross-origin embed needs
    assert from_game and all(r.ok for r in from_game)
    for r in from_game:
        assert r.headers.get("access-control-allow-origin") == "*", r.url
        assert r.headers.get("cross-origin-resource-policy") == "cross-origin", r.url

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shot = ARTIFACTS / SCREENSHOT.name
    bottom = page.evaluate("document.getElementById('gin-rummy').getBoundingClientRect().bottom + scrollY")
    capture(
        page,
        path=str(shot),
        full_page=True,
        clip={"x": 0, "y": 0, "width": 1280, "height": min(bottom + 40, 2400)},
    )
    if os.environ.get("GIN_E2E_DOCS") == "1" or not SCREENSHOT.exists():
        SCREENSHOT.parent.mkdir(exist_ok=True)
        shutil.copyfile(shot, SCREENSHOT)

    # the container's options start the first match only: a reload resumes it
    page.reload()
    wait_mounted(page)
    wait_turn(page)
    assert saved_match(page).history == m.history


@pytest.mark.alone  # beside a worker, its frame's saved match read stale in two of three fresh-clone runs
def test_iframe_plays_when_third_party_storage_is_allowed(chromium_profile, blog):
    context = chromium_profile(ALLOW_3P)
    page = context.new_page()
    mon = watch(page)
    mon.also_allowed.add(blog.game_origin)
    page.goto(blog.url + "frame.html")
    frame = page.wait_for_selector("iframe.game").content_frame()
    wait_mounted(frame)
    assert frame.url.startswith(blog.game + "embed.html?")
    # the compact layout: no title, no footer
    assert "gin-compact" in frame.get_attribute("#gin-rummy", "class")
    assert not frame.is_visible(".brand") and not frame.is_visible(".foot")
    assert frame.inner_text("#opp-level").strip() == "Beginner"
    # played until you have discarded and the computer moved twice (the upcard may be passed by
    # both first); the match is kept in the frame's (the game origin's) storage
    for _ in range(6):
        play_turn(frame)
        wait_turn(frame)
        m = saved_match(frame)
        yours = [a.kind for p, a in m.history if p == 0]
        if yours and yours[-1] == "discard" and computer_moves(m) >= 2:
            break
    assert yours and yours[-1] == "discard", yours
    assert computer_moves(m) >= 2
    assert mon.problems() == []


def test_iframe_offers_a_new_tab_when_third_party_storage_is_blocked(chromium_profile, blog):
    context = chromium_profile(BLOCK_3P)
    page = context.new_page()
    mon = watch(page)
    mon.also_allowed.add(blog.game_origin)
    page.goto(blog.url + "frame.html")
    frame = page.wait_for_selector("iframe.game").content_frame()
    link = frame.wait_for_selector("#gin-rummy[data-fallback='1'] a")
    assert link.inner_text() == "Play in a new tab"
    assert link.get_attribute("href") == blog.game and link.get_attribute("target") == "_blank"
    # the browser really denies this frame its storage ...
    denied = frame.evaluate("""async () => {
        let ls = "ok";
        try { localStorage.length; } catch (e) { ls = e.name; }
        const idb = await new Promise((done) => {
            const q = indexedDB.open("gin-rummy-test");
            q.onsuccess = () => { q.result.close(); done("ok"); };
            q.onerror = (e) => { e.preventDefault(); done(q.error.name); };
        });
        return {ls, idb, access: await document.hasStorageAccess()};
    }""")
    assert denied == {"ls": "SecurityError", "idb": "UnknownError", "access": False}
    # ... so the game was not even started there
    assert not any("/runtime/" in u or u.endswith(".py") for u in mon.requests)
    # the link opens the full game in a tab of its own, where it starts
    with context.expect_page() as popup:
        link.click()
    tab = popup.value
    wait_ready(tab, 60)
    assert tab.url == blog.game
    assert mon.problems() == []


def test_embed_files_are_cross_origin_readable(site_dir):
    """netlify.toml gives every file the direct include loads the CORS and CORP headers."""
    config = json.loads((site_dir / "pyscript.json").read_text())
    paths = [
        "/embed.js",
        "/index.html",
        "/style.css",
        "/main.py",
        "/puzzle.html",
        "/puzzle.py",
        "/pyscript.json",
        "/puzzle.json",
        "/" + config["interpreter"].removeprefix("./"),
    ]
    puzzle_files = json.loads((site_dir / "puzzle.json").read_text())["files"]
    paths += ["/" + f.removeprefix("./") for f in {**config["files"], **puzzle_files}]
    for path in paths:
        assert (site_dir / path.lstrip("/")).is_file(), path
        h = {k.lower(): v for k, v in headers_for(path).items()}
        assert h.get("access-control-allow-origin") == "*", path
        assert h.get("cross-origin-resource-policy") == "cross-origin", path


def test_embed_page_is_the_direct_include_in_a_frame(site_dir):
    """embed.html loads no PyScript itself: embed-frame.js checks storage, then embed.js mounts."""
    html = (site_dir / "embed.html").read_text()
    assert re.findall(r'<script[^>]*src="([^"]+)"', html) == ["./embed-frame.js"]
    assert 'import("./embed.js")' in (site_dir / "embed-frame.js").read_text()
    assert "<script>" not in html  # CSP: no inline scripts
