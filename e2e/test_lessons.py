"""Learn to play (issue 30, items 1 and 3) in Chromium: a new visitor finds "Learn to play" on
the first screen, completes every lesson by keyboard only (a wrong choice first: refused with
the engine's rule or the lesson's words; then the right one), axe on every lesson screen at a
desktop and a phone size, the progress kept across a reload, and a legal first hand played as
the last lesson's practice hand (your match untouched). The embedded lesson: a blog post on
another origin with ``data-lesson="layoffs"`` opens that lesson and keeps no progress.

The right and wrong choices come from the lessons' own checks in CPython (ginweb.lessons.model),
the same the page runs.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from gin_e2e import LOCAL_ORIGINS, ROOT, capture, origin_of, serve, wait_mounted, wait_ready
from test_a11y import SIZES, Audit
from test_game import FAST, MATCH_KEY, PRACTICE_KEY, open_game, saved, table, wait_turn

sys.path.insert(0, str(ROOT / "web"))
from ginweb.lessons import model
from ginweb.lessons.content import LESSONS, PLAY_MOVE

SHOTS = Path("/work/briefs/shots")
PROGRESS_KEY = "gin-rummy/v1/lessons"


def press(page, selector: str) -> None:
    """Focus a control and press Enter on it (the keyboard's way to use a button)."""
    page.focus(selector)
    page.keyboard.press("Enter")


def step_choices(p: model.Progress) -> tuple[str, str, str | None]:
    """A wrong and a right choice at ``p``'s step, and the move kind the right one needs (discard,
    knock, gin: None when the step offers no kinds); the wrong one is of the first kind shown."""
    lesson, step = p.lesson, p.lesson.steps[p.step]
    hand = model.position(lesson, p.played)
    kinds = model.MODES if step.kind == PLAY_MOVE and hand.phase == "discard" else ("discard",)
    judged = [
        (mode, o.value, model.judge(lesson, p.step, p.played, o.value).right)
        for mode in kinds
        for o in model.options(lesson, step, hand, mode)
    ]
    wrong = next(v for mode, v, ok in judged if not ok and mode == kinds[0])
    mode, right = next((mode, v) for mode, v, ok in judged if ok)
    return wrong, right, mode if len(kinds) > 1 else None


def choose(page, value: str) -> None:
    press(page, f'#lessons-body [data-act=lesson-choose][data-value="{value}"]')


def set_mode(page, mode: str | None) -> None:
    """Choose what a card does (discard, knock, gin) when the step offers it."""
    if mode is not None:
        press(page, f'#lessons-body [data-act=lesson-mode][data-value="{mode}"]')
        page.wait_for_selector(f'[data-act=lesson-mode][data-value="{mode}"][aria-pressed="true"]')


def do_lesson(page, ident: str, audit: Audit | None, shot: Path | None = None) -> None:
    """Open lesson ``ident`` from the list and complete it by keyboard, a wrong choice first at
    every step."""
    press(page, f'#lessons-body [data-act=lesson][data-value="{ident}"]')
    page.wait_for_selector("#lessons-body .lesson-ask")
    assert page.evaluate("document.activeElement.dataset.act") == "lesson-choose"  # focus on the first choice
    if audit is not None:
        audit(f"lesson {ident}")
    if shot is not None:
        capture(page, path=str(shot))
    p = model.Progress(ident)
    while not p.finished:
        wrong, right, mode = step_choices(p)
        choose(page, wrong)
        refused = model.choose(p, wrong).verdict
        assert refused is not None
        page.wait_for_function(
            "(t) => document.getElementById('lesson-said').textContent === t", arg=refused.said
        )
        assert "wrong" in page.get_attribute("#lesson-said", "class")
        if audit is not None:  # every screen of the lesson: each step, its refusal shown
            audit(f"lesson {ident}, step {p.step + 1}")
        set_mode(page, mode)
        p = model.choose(p, right)
        choose(page, right)
        page.wait_for_function(
            "(t) => document.getElementById('lesson-said').textContent === t", arg=p.verdict.said
        )
    assert page.inner_text(".lesson-where") == "Lesson done"
    if audit is not None:
        audit(f"lesson {ident}, done")


CHANGED = """([phase, turn, n]) => document.querySelector('#dlg-confirm[open]') || (
    !document.querySelector('[data-unsaved]') && (document.getElementById('table').dataset.phase !== phase
    || document.getElementById('table').dataset.turn !== turn
    || document.querySelectorAll('#my-hand .card').length !== n))"""


def play_by_keyboard(page, limit: int = 120) -> str:
    """Play the hand on the table by keys alone: pass the upcard, draw from the stock (D), discard
    the last card of the hand (focus and Enter); the tutor's questions answered "Play it anyway"."""
    for _ in range(limit):
        phase = wait_turn(page)
        if phase.endswith("_over"):
            return phase
        state = [phase, table(page)["turn"], page.locator("#my-hand .card").count()]
        if phase in ("offer", "wall"):
            page.keyboard.press("p")
        elif phase == "draw":
            page.keyboard.press("d")
        else:
            page.focus("#my-hand .card:not(.locked) >> nth=-1")
            page.keyboard.press("Enter")
        page.wait_for_function(CHANGED, arg=state)
        if page.locator("#dlg-confirm[open]").count():
            press(page, "#confirm-ok")
            page.wait_for_function(
                CHANGED.replace("document.querySelector('#dlg-confirm[open]') ||", ""), arg=state
            )
    raise AssertionError("the hand did not end")


@pytest.mark.browser_context_args(viewport={"width": 1280, "height": 800})
def test_a_new_visitor_completes_every_lesson_by_keyboard_and_plays_a_first_hand(page, site_url):
    open_game(page, site_url, f"?seed=5&{FAST}")
    own = saved(page)
    learn = page.get_by_role("button", name="Learn to play")
    assert learn.is_visible()
    learn.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#dlg-lessons[open] .lessons-list")
    audit = Audit(page, SIZES)
    audit("lessons list")
    SHOTS.mkdir(parents=True, exist_ok=True)
    for lesson in LESSONS:
        do_lesson(page, lesson.ident, audit, SHOTS / "lessons-desktop.png" if lesson.ident == "gin" else None)
        press(page, "#lessons-back")
        page.wait_for_selector("#lessons-body .lessons-list")
    assert audit.found == {}, json.dumps(audit.found, indent=1)
    assert page.inner_text(".lessons-count").startswith(f"{len(LESSONS)} of {len(LESSONS)}")
    capture(page, path=str(SHOTS / "lessons-list-desktop.png"))
    stored = json.loads(page.evaluate(f"localStorage.getItem({PROGRESS_KEY!r})"))
    assert set(stored["done"]) == {x.ident for x in LESSONS}
    # the progress survives a reload; a lesson can be replayed
    page.reload()
    wait_ready(page, 60)
    press(page, "#btn-learn")
    page.wait_for_selector("#dlg-lessons[open] .lessons-list")
    assert page.locator(".lessons-list .lesson-done").count() == len(LESSONS)
    do_lesson(page, "gin", None)
    # the practice hand: a legal first hand, your match untouched
    press(page, "#lessons-body [data-act=lesson-practice]")
    page.wait_for_function("!document.querySelector('#dlg-lessons[open]')")
    page.wait_for_selector('[data-tutor="ready"]', state="attached")  # the tutor is on (settings: off)
    assert play_by_keyboard(page).endswith("_over")
    assert page.evaluate(f"localStorage.getItem({PRACTICE_KEY!r})")  # kept under its own key
    assert saved(page, MATCH_KEY)["uid"] == own["uid"]
    assert saved(page, MATCH_KEY)["match"] == own["match"]


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844})
def test_a_lesson_on_a_phone(page, site_url):
    open_game(page, site_url, f"?lesson=layoffs&{FAST}")
    page.wait_for_selector("#dlg-lessons[open] .lesson-ask")
    assert "lesson=" not in page.url  # a one-time parameter leaves the address bar
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    box = page.locator("#dlg-lessons").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    SHOTS.mkdir(parents=True, exist_ok=True)
    capture(page, path=str(SHOTS / "lessons-phone.png"))
    do_lesson_here(page, "layoffs")
    # the help leads to the lessons too: one dialog at a time
    press(page, "#dlg-lessons [data-act=lessons-close]")
    page.wait_for_function("!document.querySelector('dialog[open]')")
    press(page, "[data-act=help]")
    page.wait_for_selector("#dlg-help[open]")
    press(page, "#dlg-help [data-act=lessons]")
    page.wait_for_selector("#dlg-lessons[open] .lessons-list .lesson-done")
    assert not page.locator("#dlg-help[open]").count()


def do_lesson_here(page, ident: str) -> None:
    """Complete the open lesson ``ident`` by keyboard (right choices only)."""
    p = model.Progress(ident)
    while not p.finished:
        _, right, mode = step_choices(p)
        set_mode(page, mode)
        p = model.choose(p, right)
        choose(page, right)
    page.wait_for_selector(".lesson-where:text('Lesson done')")


BLOG_POST = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Lay-offs</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,"></head><body>
<article><h1>Laying off, in one minute</h1><p>Try it:</p>
<div id="gin-rummy" data-lesson="layoffs" data-fast="1"><p>Loading the lesson…</p></div>
<script type="module" src="{game}embed.js"></script></article></body></html>"""


def test_a_blog_post_embeds_the_layoff_lesson(page, page_monitor, site_url, tmp_path):
    root = tmp_path / "blog"
    root.mkdir()
    (root / "index.html").write_text(BLOG_POST.format(game=site_url))
    server, _ = serve.start_server(root, port=0, host="127.0.0.1")
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        LOCAL_ORIGINS.add(origin_of(url))
        page_monitor.also_allowed.add(origin_of(site_url))
        page.goto(url)
        wait_mounted(page)
        page.wait_for_selector("#dlg-lessons[open] .lesson-ask")
        assert page.inner_text("#lessons-title") == "Laying off"
        assert not page.locator("[data-act=lesson-practice]").count()
        do_lesson_here(page, "layoffs")
        assert not page.locator("[data-act=lesson-practice]").count()  # no practice hand in a post
        keys = page.evaluate("Object.keys(localStorage)")
        assert not [k for k in keys if re.search(r"lessons", k)]
        # a reader who comes back (a match of the post's page now stored) sees the lesson again
        assert saved(page)["match"]  # the embed's match is kept: the next visit resumes it
        page.reload()
        wait_mounted(page)
        page.wait_for_selector("#dlg-lessons[open] .lesson-ask")  # issue 43, item 3
        assert page.inner_text("#lessons-title") == "Laying off"
    finally:
        server.shutdown()
        server.server_close()
