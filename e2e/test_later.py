"""The later archive (issue 28): what no first paint and no first move needs (the puzzle set)
ships in wheels/<hash>/later.zip, fetched only once the game is playable (scripts/build_site.py
LATER_MODULES, web/ginweb/warmup.py); a puzzle asked for before it arrived still opens (the
import fetches it itself)."""

from __future__ import annotations

from gin_e2e import wait_ready

SHOWN = "#dlg-puzzle[open] #puzzle-board:not([hidden])"
ENTRIES = """name => performance.getEntriesByType('resource')
    .filter(e => e.name.split('?')[0].endsWith(name)).map(e => e.startTime)"""


def test_the_later_archive_is_fetched_after_the_game_is_playable(page, site_url, build_info):
    later = build_info["later"].removeprefix("./")
    page.goto(site_url)
    wait_ready(page, 60)
    page.wait_for_function("() => performance.getEntriesByName('gin-warm').length > 0", timeout=60_000)
    ready = page.evaluate("performance.getEntriesByName('gin-ready')[0].startTime")
    app = page.evaluate(ENTRIES, build_info["app"].removeprefix("./"))
    fetched = page.evaluate(ENTRIES, later)
    assert app and max(app) < ready, "app.zip is fetched at start"
    assert len(fetched) == 1 and fetched[0] >= ready, (fetched, ready)


def test_a_puzzle_asked_for_before_the_later_archive_arrived_opens(page, site_url, build_info):
    later = build_info["later"].removeprefix("./")
    held, asked = [], []

    def hold_the_first(route):
        asked.append(route.request.url)
        if held:
            route.continue_()  # the import's own request
        else:
            held.append(route)  # warmup's background fetch: still on its way

    page.route(f"**/{later}", hold_the_first)
    page.goto(site_url)
    wait_ready(page, 60)
    for _ in range(300):  # warmup asks for the archive once the game is playable
        if held:
            break
        page.wait_for_timeout(100)
    assert len(held) == 1, "warmup asked for the later archive once the game was playable"
    page.click("#btn-puzzles")
    page.wait_for_selector(SHOWN, timeout=30_000)
    assert page.locator("#puzzle-board > *").count() > 0
    assert len(asked) == 2, "opening the puzzles fetched the archive itself"
    held[0].continue_()
    page.wait_for_function("() => performance.getEntriesByName('gin-warm').length > 0", timeout=60_000)
