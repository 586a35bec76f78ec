"""A bad link parameter on every entry point (issue 43 items 13 and 17): the game (index.html),
the puzzle page (puzzle.html), the embedded page (embed.html) and a blog's data-* attributes.
Each is ignored with a notice that names it, never stops the page, and a reload (the address
keeps it) starts again; two links at once open what they ask or say why."""

from __future__ import annotations

import datetime

import pytest
from gin_e2e import wait_mounted, wait_ready
from test_embed import blog  # noqa: F401  (the fixture: a blog on another origin)
from test_storage import notices

SHOWN = "#puzzle-board:not([hidden])"
SUPERSCRIPT = "%C2%B2"  # "²": str.isdigit() is true for it, int() refuses it


def today() -> str:
    return datetime.datetime.now(datetime.UTC).date().isoformat()


@pytest.mark.parametrize(
    ("query", "said"),
    [
        (f"puzzle=p{SUPERSCRIPT}", "is not a puzzle id"),
        (f"table_seed={SUPERSCRIPT}", "table_seed must be a whole number below 2**64"),
        (f"seed={SUPERSCRIPT}", "seed"),
        (f"lesson={SUPERSCRIPT}", "lesson: no lesson"),
        (f"daily={SUPERSCRIPT}", "daily:"),
    ],
)
def test_the_game_ignores_a_bad_link_parameter_with_a_notice(page, site_url, query, said):
    """``/?puzzle=p²`` showed "The game could not start: invalid literal for int()", and a
    reload failed again."""
    for _ in range(2):  # the first visit, then a reload with the same address
        page.goto(site_url + f"?{query}&fast=1")
        wait_ready(page, 150)
        page.wait_for_function("() => document.querySelector('#toasts').innerText.includes('Ignored')")
        text = notices(page)
        assert "Ignored a link parameter" in text and said in text, text
        assert "could not start" not in text and "int()" not in text
        assert page.is_visible("#my-hand")
        page.wait_for_load_state("networkidle")  # nothing left loading for the next visit to abort


@pytest.mark.parametrize("other", ["puzzle=daily", "lesson=cards"])
def test_a_daily_and_another_link_open_or_say_why(page, site_url, other):
    """``?puzzle=daily&daily=<today>`` and ``?lesson=cards&daily=<today>`` opened neither, and
    said nothing."""
    page.goto(site_url + f"?{other}&daily={today()}&fast=1")
    wait_ready(page, 150)
    name = other.partition("=")[0]
    page.wait_for_function(
        """(name) => document.querySelector('#daily-bar:not([hidden])')
            || document.querySelector('#toasts').innerText.includes(name)""",
        arg=name,
    )
    opened_daily = page.is_visible("#daily-bar")
    dialog = "#dlg-puzzle[open]" if name == "puzzle" else "#dlg-lessons[open]"
    opened_other = page.locator(dialog).count() == 1
    said = f"Ignored a link parameter: {name}" in notices(page)
    assert opened_daily or opened_other
    assert (opened_daily and opened_other) or said, notices(page)


@pytest.mark.parametrize("page_name", ["puzzle.html", "embed.html"])
def test_the_puzzle_page_says_a_bad_id_is_not_a_puzzle(page, site_url, page_name):
    page.goto(site_url + f"{page_name}?puzzle=p{SUPERSCRIPT}")
    if page_name == "embed.html":
        wait_mounted(page)
    else:
        wait_ready(page, 60)
    page.wait_for_selector("#puzzle-none:not([hidden])")
    assert "No puzzle here" in page.inner_text("#puzzle-none")
    game = page.get_attribute("#puzzle-game", "href")
    assert game.endswith(f"?puzzle=p{SUPERSCRIPT}")


def test_a_blog_post_with_a_bad_data_puzzle_says_so(page, page_monitor, blog):  # noqa: F811
    page_monitor.also_allowed.add(blog.game_origin)
    post = (blog.root / "puzzle.html").read_text().replace('data-puzzle="daily"', 'data-puzzle="p²"')
    (blog.root / "puzzle-bad.html").write_text(post)
    page.goto(blog.url + "puzzle-bad.html")
    wait_mounted(page)
    page.wait_for_selector("#puzzle-none:not([hidden])")
    assert "No puzzle here" in page.inner_text("#puzzle-none")
