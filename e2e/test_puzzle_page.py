"""The puzzle page (web/puzzle.html, ginweb/puzzles/page.py) in Chromium: a puzzle solved by
keyboard alone and "Next puzzle" shows the next one in place, a position code is valued in the
page, the page works directly on a blog of another origin (embed.js's data-puzzle) and in an
iframe from another origin (embed.html?puzzle=; a frame denied storage links the page in a new
tab), it reads and writes no storage, and axe passes at an embed's widths and at phone size.
The last test prints, not asserts, how long the page and the whole game's puzzle take to show
a puzzle and the bytes each fetched (the figures of benchmarks/puzzles.md)."""

from __future__ import annotations

import os
import sys

import pytest
from gin_e2e import ROOT, wait_mounted, wait_ready, watch
from test_a11y import Audit
from test_embed import ALLOW_3P, BLOCK_3P, blog  # noqa: F401  (the fixture: a blog on another origin)
from test_puzzles import shot, tab_to, today_puzzle

from gin_core.puzzles.puzzle import puzzle_by_id, puzzle_id

sys.path.insert(0, str(ROOT / "web"))
from ginweb.puzzles.model import not_a_puzzle

SIZES = {"narrow embed": (360, 640), "wide embed": (700, 760), "phone": (390, 844)}
SHOWN = "#puzzle-board:not([hidden])"
KEYS = "Object.keys(localStorage).concat(Object.keys(sessionStorage))"
NOT_THE_TABLE = "() => ['dlg-puzzle', 'hand', 'btn-puzzles'].every(id => !document.getElementById(id))"


def test_a_puzzle_solved_by_keyboard_and_the_next_one_in_place(page, site_url):
    page.set_viewport_size({"width": 480, "height": 760})
    puzzle = puzzle_by_id(puzzle_id(20))
    page.goto(site_url + f"puzzle.html?puzzle={puzzle.id}")
    wait_ready(page, 60)
    page.wait_for_selector(SHOWN)
    assert page.evaluate(KEYS) == []
    assert page.evaluate(NOT_THE_TABLE)
    assert puzzle.id in page.inner_text("#puzzle-title")
    audit = Audit(page, SIZES)
    audit("puzzle page")
    tab_to(page, f"el.dataset.action === {str(puzzle.answer)!r}")
    page.keyboard.press("Enter")
    page.wait_for_selector("#puzzle-answer.right")
    rows = page.locator("#puzzle-answer tbody tr").count()
    assert rows == len(puzzle.moves)
    assert page.evaluate("document.activeElement.id") == "puzzle-next"
    audit("puzzle page answered")
    shot(page, "page")
    page.keyboard.press("Enter")  # "Next puzzle", in place
    following = puzzle_id(21)
    title = "document.getElementById('puzzle-title').textContent"
    page.wait_for_function(f"() => {title}.includes({following!r})")
    assert page.url.endswith(f"?puzzle={puzzle.id}")  # no navigation: a blog post stays put
    assert page.inner_text("#puzzle-answer") == ""
    assert page.get_attribute("#puzzle-game", "href").endswith(f"?puzzle={following}")
    assert page.evaluate(KEYS) == []
    assert not audit.found, audit.found


def test_on_a_phone_every_control_of_the_puzzle_page_is_a_thumbs_size(page, site_url):
    """QA: in a blog post on a phone, "Next puzzle" and "Open in the game" were 20 px tall links;
    every control of the puzzle page is now at least 44 px each way (the hand's cards aside:
    38 x 53 px, as on the table, where eleven share the width)."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site_url + f"puzzle.html?puzzle={puzzle_id(20)}")
    wait_ready(page, 60)
    page.wait_for_selector(SHOWN)
    small = page.eval_on_selector_all(
        "button:not(.card), a[href], select, input",
        "es => es.filter(e => e.getClientRects().length).map(e => [e.id || e.textContent.trim(),"
        " Math.round(e.getBoundingClientRect().width), Math.round(e.getBoundingClientRect().height)])"
        ".filter(([, w, h]) => w < 44 || h < 44)",
    )
    assert page.locator("#puzzle-next").is_visible() and small == [], small


def test_a_shared_position_is_valued_in_the_page(page, site_url):
    code = puzzle_by_id(puzzle_id(7)).position.code
    page.goto(site_url + f"puzzle.html?puzzle={code}")
    wait_ready(page, 60)
    page.wait_for_selector(SHOWN)
    assert "shared position" in page.inner_text("#puzzle-title")
    first = page.get_attribute("#puzzle-board [data-act=puzzle-move]", "data-action")
    page.click(f'#puzzle-board [data-action="{first}"]')
    page.wait_for_selector("#puzzle-answer.right, #puzzle-answer.close, #puzzle-answer.wrong", timeout=60_000)
    assert page.locator("#puzzle-answer tbody tr").count() >= 2
    assert page.evaluate(KEYS) == []


@pytest.mark.parametrize("asked", ["not-a-code", "p9999"])
def test_a_bad_code_is_said(page, site_url, asked):
    """Issue 43, item 7: the puzzle page and the game's page say the same words (the puzzle page
    said "a position code's length is not one of base64 text")."""
    page.goto(site_url + f"puzzle.html?puzzle={asked}")
    wait_ready(page, 60)
    said = not_a_puzzle(asked)
    assert page.inner_text("#puzzle-none") == f"No puzzle here: {said}"
    assert page.is_hidden("#puzzle-board")
    page.goto(site_url + f"?puzzle={asked}&fast=1")
    wait_ready(page, 60)
    page.wait_for_function("(t) => document.getElementById('toasts').innerText.includes(t)", arg=said)


@pytest.mark.browser_context_args(viewport={"width": 1280, "height": 1000})
def test_the_puzzle_page_mounted_in_a_blog_of_another_origin(page, page_monitor, blog):  # noqa: F811
    page_monitor.also_allowed.add(blog.game_origin)
    page.goto(blog.url + "puzzle.html")
    wait_mounted(page)
    page.wait_for_selector(SHOWN)
    assert page.evaluate(NOT_THE_TABLE)
    assert page.evaluate("window.scrollY") == 0  # the post is not scrolled to the puzzle
    puzzle = today_puzzle()
    page.click(f'#puzzle-board [data-action="{puzzle.answer}"]')
    page.wait_for_selector("#puzzle-answer.right")
    page.click("#puzzle-next")
    page.wait_for_function("() => document.getElementById('puzzle-answer').textContent === ''")
    assert page.url == blog.url + "puzzle.html"
    assert page.evaluate(KEYS) == []
    shot(page, "blog")


def test_the_puzzle_in_an_iframe_of_another_origin(chromium_profile, blog):  # noqa: F811
    context = chromium_profile(ALLOW_3P)
    page = context.new_page()
    mon = watch(page)
    mon.also_allowed.add(blog.game_origin)
    page.goto(blog.url + "puzzle-frame.html")
    frame = page.wait_for_selector("iframe.game").content_frame()
    wait_mounted(frame)
    frame.wait_for_selector(SHOWN)
    assert frame.url.startswith(blog.game + "embed.html?puzzle=daily")
    puzzle = today_puzzle()
    frame.click(f'#puzzle-board [data-action="{puzzle.moves[-1].action}"]')
    frame.wait_for_selector("#puzzle-answer.wrong")
    assert frame.evaluate(KEYS) == [] and page.evaluate(KEYS) == []
    assert mon.problems() == []


def test_a_frame_without_storage_links_the_puzzle_in_a_new_tab(chromium_profile, blog):  # noqa: F811
    """Where the browser denies a cross-site frame its storage (PyScript cannot start there),
    embed.html links the puzzle page itself, which starts in a tab of its own."""
    page = chromium_profile(BLOCK_3P).new_page()
    mon = watch(page)
    mon.also_allowed.add(blog.game_origin)
    page.goto(blog.url + "puzzle-frame.html")
    frame = page.wait_for_selector("iframe.game").content_frame()
    link = frame.wait_for_selector("#gin-rummy[data-fallback='1'] a")
    assert link.inner_text() == "Open the puzzle in a new tab"
    assert link.get_attribute("href") == blog.game + "puzzle.html?puzzle=daily"
    with page.context.expect_page() as popup:
        link.click()
    tab = popup.value
    wait_ready(tab, 60)
    tab.wait_for_selector(SHOWN)
    assert mon.problems() == []


BYTES = """() => performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))
    .reduce((n, e) => n + (e.encodedBodySize || 0), 0)"""
PAGES = {
    "puzzle page": ("puzzle.html?puzzle={pid}", SHOWN),
    "whole game": ("?puzzle={pid}&fast=1", "#dlg-puzzle[open] #puzzle-board:not([hidden])"),
}


def shown_at(browser, url: str, selector: str) -> tuple[float, float, int]:
    """(ms from navigation to the puzzle shown, ms of it from the page's Python start, bytes of
    every body fetched) in a fresh context."""
    context = browser.new_context(viewport={"width": 480, "height": 760})
    page = context.new_page()
    page.goto(url)
    at = page.wait_for_function(
        f"() => document.querySelector({selector!r}) ? performance.now() : null", timeout=90_000
    ).json_value()
    page.wait_for_timeout(200)
    python = page.evaluate("performance.getEntriesByName('gin-py-start')[0].startTime")
    fetched = page.evaluate(BYTES)
    context.close()
    return float(at), float(at) - float(python), int(fetched)


def test_time_and_bytes_to_a_puzzle(browser, site_url):
    """Printed, not asserted (benchmarks/puzzles.md): the puzzle page against the whole game's
    puzzle, fresh loads of each, alternating, on loopback: two in the suite, as many as
    ``GIN_PUZZLE_LOADS`` says for the benchmark (five there)."""
    pid = today_puzzle().id
    found: dict[str, list[tuple[float, float, int]]] = {name: [] for name in PAGES}
    for _ in range(int(os.environ.get("GIN_PUZZLE_LOADS", "2"))):
        for name, (path, selector) in PAGES.items():
            found[name].append(shown_at(browser, site_url + path.format(pid=pid), selector))
    for name, runs in found.items():
        total = sorted(round(t) for t, _, _ in runs)
        python = sorted(round(p) for _, p, _ in runs)
        print(f"\n{name}: shown at {total} ms, of which Python {python} ms; {runs[-1][2]:,} bytes fetched")
