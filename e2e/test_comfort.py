"""Comfort and the tutor in Chromium (issue 30, items 2 and 4): each card size fits a phone with
all eleven cards in view, the left-handed layout mirrors the panels and the hand's controls,
the system's reduced-motion preference (and the setting) leaves no animation running, sound is
kept and waits for a click, and the tutor asks before a bad discard ("Change my move" lets you
choose again). axe audits the settings dialog and the tutor's question. Screenshots go to
/work/briefs/shots/comfort-*.png when that folder exists, else artifacts/e2e/."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gin_e2e import ARTIFACTS, capture, wait_ready
from test_a11y import SIZES, Audit
from test_game import FAST, SETTINGS_KEY, open_game, play_until_showdown, wait_turn

from gin_core.puzzles.puzzle import DecisionKind, puzzle_set

BRIEF_SHOTS = Path("/work/briefs/shots")
PHONE = {"width": 390, "height": 844}
# seed 16, the computer dealing: you are offered 4S, and take it: eleven cards in hand
TUTOR_DEAL = "?seed=16&dealer=1"
# deal 000-3C8J, the computer dealing: you pass the upcard, the computer takes it and throws
# 8C, which you take: eleven cards in hand, the tutor's and the hint's work to do
BROKEN_RUN_DEAL = "?seed=000-3C8J&dealer=1"
# deal KJS-MX83, the computer dealing (tests/test_coach.py's HAND_B): you take the upcard 9D;
# JH then breaks your run 9H 10H JH, a blunder in the review (8C the best, +8.6% to win the
# match), and the tutor asks
BROKEN_MELD_DEAL = "?seed=KJS-MX83&dealer=1"
RUNNING = "document.getAnimations().filter(a => a.playState === 'running').length"


def keep_shot(page, name: str) -> None:
    folder = BRIEF_SHOTS if BRIEF_SHOTS.is_dir() else ARTIFACTS
    folder.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    capture(page, path=str(folder / f"comfort-{name}-{size['width']}x{size['height']}.png"))


def set_comfort(page, check: tuple[str, ...] = (), motion: str | None = None) -> None:
    """Through the Settings dialog: check these inputs (CSS selectors), then save."""
    page.click("[data-act=settings]")
    page.wait_for_selector("#dlg-settings[open]")
    for sel in check:
        page.check(sel)
    if motion is not None:
        page.select_option("#set-motion", motion)
    page.click("[data-act=settings-save]")
    page.wait_for_function("!document.querySelector('dialog[open]')")


def take_upcard(page) -> None:
    page.wait_for_selector("#btn-take:not([hidden])")
    page.click("#btn-take")
    page.wait_for_function("document.querySelectorAll('#my-hand .card').length === 11")
    page.wait_for_function("() => !document.querySelector('[data-unsaved]')")


def take_the_thrown_8c(page) -> None:
    """At BROKEN_RUN_DEAL: pass the upcard, then take the 8C the computer throws."""
    page.click("#btn-pass")
    wait_turn(page)
    assert page.get_attribute("#pile", "aria-label") == "Discard pile, top card 8 of clubs"
    page.click("#pile")
    page.wait_for_function("document.querySelectorAll('#my-hand .card').length === 11")


def hand_boxes(page) -> list[list[float]]:
    return page.eval_on_selector_all(
        "#my-hand .card",
        "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.left, r.right, r.width]; })",
    )


def test_each_card_size_fits_a_phone_with_all_eleven_cards_in_view(page, site_url):
    page.set_viewport_size(PHONE)
    open_game(page, site_url, f"{TUTOR_DEAL}&{FAST}")
    take_upcard(page)
    widths = []
    for size in ("small", "medium", "large"):
        set_comfort(page, (f"input[name=card_size][value={size}]",))
        assert page.evaluate("document.body.dataset.cards") == size
        page.wait_for_timeout(100)  # the new size laid out
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], size
        boxes = hand_boxes(page)
        assert len(boxes) == 11
        for k, (left, right, _) in enumerate(boxes):
            assert left >= 0 and right <= PHONE["width"], (size, k, left, right)
            seen = (boxes[k + 1][0] if k + 1 < len(boxes) else right) - left
            assert seen >= 14, f"{size}: card {k} shows only {seen:.0f} px"
        widths.append(boxes[0][2])
        keep_shot(page, f"cards-{size}")
    assert widths[0] < widths[1] < widths[2], widths


def test_left_handed_mirrors_the_panels_and_the_hands_controls(page, site_url):
    page.set_viewport_size({"width": 1280, "height": 800})
    open_game(page, site_url, f"?seed=77&{FAST}")

    def places() -> dict:
        return page.evaluate("""() => Object.fromEntries(['.layout > .table', '.layout > .side',
            '.hand-bar .deadwood-box', '.hand-bar .sort'].map(s => [s, document.querySelector(s)
            .getBoundingClientRect().left]))""")

    before = places()
    assert before[".layout > .side"] > before[".layout > .table"]
    assert before[".hand-bar .sort"] > before[".hand-bar .deadwood-box"]
    set_comfort(page, ("#set-left",))
    after = places()
    assert after[".layout > .side"] < after[".layout > .table"]
    assert after[".hand-bar .sort"] < after[".hand-bar .deadwood-box"]
    keep_shot(page, "left-handed")
    page.reload()
    wait_ready(page, 60)
    assert page.evaluate("document.body.classList.contains('left-handed')")
    page.set_viewport_size(PHONE)
    keep_shot(page, "left-handed")


def test_reduced_motion_leaves_no_animation_running(page, site_url):
    page.emulate_media(reduced_motion="reduce")
    open_game(page, site_url, f"{TUTOR_DEAL}&level=beginner")  # not fast=1: motion as the settings say
    page.wait_for_selector("#btn-take:not([hidden])")
    page.wait_for_timeout(300)
    assert page.evaluate(RUNNING) == 0
    set_comfort(page, motion="off")  # "Reduce motion: off" animates whatever the system says
    page.wait_for_function(f"{RUNNING} > 0")  # the upcard beckons
    set_comfort(page, motion="system")
    page.wait_for_timeout(300)
    assert page.evaluate(RUNNING) == 0
    page.set_viewport_size(PHONE)
    take_upcard(page)
    page.wait_for_timeout(300)
    assert page.evaluate(RUNNING) == 0
    page.emulate_media(reduced_motion="no-preference")
    set_comfort(page, motion="on")  # the setting alone, on a system that animates
    page.wait_for_timeout(300)
    assert page.evaluate(RUNNING) == 0


COUNT_AUDIO = """window.ginAudioContexts = 0;
if (window.AudioContext) {
  const Made = window.AudioContext;
  window.AudioContext = class extends Made { constructor(...a) { super(...a); window.ginAudioContexts++; } };
}"""


def test_sound_is_kept_and_waits_for_a_click(page, site_url):
    page.add_init_script(COUNT_AUDIO)
    open_game(page, site_url, f"?seed=77&dealer=1&{FAST}")
    assert not page.is_checked("#set-sound")
    set_comfort(page, ("#set-sound",))
    assert json.loads(page.evaluate(f"localStorage.getItem({SETTINGS_KEY!r})"))["sound"] is True
    page.reload()
    wait_ready(page, 60)
    page.wait_for_timeout(300)
    assert page.evaluate("window.ginAudioContexts") == 0, "no sound before a click"
    page.click("[data-act=settings]")
    assert page.is_checked("#set-sound")
    page.keyboard.press("Escape")
    page.wait_for_selector("#btn-pass:not([hidden])")
    page.click("#btn-pass")  # a pass makes no sound
    assert wait_turn(page) == "draw"
    page.click("#stock")
    page.wait_for_function("window.ginAudioContexts === 1")


def test_the_tutor_asks_before_a_bad_discard_and_lets_you_change_it(page, site_url):
    page.set_viewport_size({"width": 1280, "height": 800})
    audit = Audit(page, SIZES)
    open_game(page, site_url, f"{BROKEN_MELD_DEAL}&{FAST}")
    take_upcard(page)
    page.click("[data-act=settings]")
    page.wait_for_selector("#dlg-settings[open]")
    audit("settings dialog")
    page.check("#set-tutor")
    page.click("[data-act=settings-save]")
    page.wait_for_selector("[data-tutor=ready]", timeout=60_000)
    page.click("#my-hand .card[data-key='JH']")
    page.wait_for_selector("#dlg-confirm[open]")
    assert page.inner_text("#confirm-title") == "Are you sure?"
    text = page.inner_text("#confirm-text")
    assert text.startswith("Discard J\u2665?") and "Blunder. Coach prefers: Discard 8\u2663 (+" in text, text
    assert page.inner_text("#confirm-ok") == "Play it anyway"
    assert page.inner_text("#confirm-cancel") == "Change my move"
    audit("tutor question")
    keep_shot(page, "tutor")
    page.set_viewport_size(PHONE)
    keep_shot(page, "tutor")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.click("#confirm-cancel")
    page.wait_for_function("!document.querySelector('dialog[open]')")
    assert len(page.query_selector_all("#my-hand .card")) == 11, "nothing played"
    page.click("#my-hand .card[data-key='8C']")
    page.wait_for_function("document.querySelectorAll('#my-hand .card').length === 10")
    assert not page.is_visible("#dlg-confirm")
    assert not audit.found, json.dumps(audit.found, indent=1)


HAND_BAR = (
    """() => ['.deadwood-box', '.sort'].map(s => document.querySelector(s).getBoundingClientRect().bottom)"""
)


@pytest.mark.browser_context_args(viewport={"width": 1280, "height": 800})
def test_large_cards_at_1280x800_keep_the_deadwood_and_sort_row_above_the_fold(page, site_url):
    """Issue 43, item 7: at a showdown the hand's result pushed your deadwood and sort row
    25 px below the fold; it now sits beside its buttons and scrolls within."""
    open_game(page, site_url, f"?seed=123&{FAST}")
    set_comfort(page, ("input[name=card_size][value=large]",))
    assert all(bottom <= 800 for bottom in page.evaluate(HAND_BAR))
    play_until_showdown(page)
    page.evaluate("scrollTo(0, 0)")
    assert all(bottom <= 800 for bottom in page.evaluate(HAND_BAR)), page.evaluate(HAND_BAR)
    box = page.locator("#btn-next").bounding_box()
    assert box is not None and box["y"] + box["height"] <= 800
    keep_shot(page, "showdown-large")
    page.click("#result .reasons summary")  # the computer's reasons opened: the result scrolls within
    page.wait_for_timeout(100)
    assert all(bottom <= 800 for bottom in page.evaluate(HAND_BAR))


TOOL_NAMES = """() => [...document.querySelectorAll('.topbar .tool')].map(t => {
    const s = t.querySelector('span'), b = s.getBoundingClientRect(), c = getComputedStyle(s);
    return [s.textContent, b.width, b.height, b.right, b.bottom, c.clip];
})"""


@pytest.mark.parametrize("size", [(390, 844), (360, 740), (844, 390)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_phones_toolbar_shows_every_tools_name(page, site_url, size):
    """Issue 43, item 7: the phone's toolbar was icons only; each tool's name now shows under its
    icon (upright: five to a row; on its side: one row, the table still whole on screen)."""
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    open_game(page, site_url, f"?seed=123&{FAST}")
    tools = page.evaluate(TOOL_NAMES)
    assert len(tools) >= 9
    for name, w, h, right, bottom, clip in tools:
        assert w >= 15 and h >= 9 and right <= width and bottom <= height and clip == "auto", (
            name,
            w,
            h,
            clip,
        )
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    if width > height:  # on its side: one row, and the hand's controls still on screen
        assert page.locator(".topbar").bounding_box()["height"] < 60
        assert all(bottom <= height for bottom in page.evaluate(HAND_BAR))
    keep_shot(page, "toolbar")


THUMB = 44  # px: the least height and width of a control a thumb uses on a phone (WCAG 2.5.5)
SMALL_CONTROLS = """() => [...document.querySelectorAll('button, a[href], input, select, summary')]
    .filter(e => !e.closest('dialog') && !e.matches('.skip') && e.getClientRects().length)
    .map(e => { const b = e.getBoundingClientRect(), name = e.dataset.act || e.id || e.textContent.trim();
                return [name, Math.round(b.width), Math.round(b.height)]; })
    .filter(([, w, h]) => w < 44 || h < 44)"""


def test_every_control_on_a_phones_table_is_a_thumbs_size_at_the_hands_end(page, site_url):
    """QA: at a hand's end on a phone the Sort buttons were 32 px tall, "Replay this deal" 24,
    "Why the computer played as it did" 20, the scoreboard's Review and deal code about 20, the
    chart's summary 32: every control on the table (the skip link, shown on focus, aside) is now
    at least 44 px each way."""
    page.set_viewport_size(PHONE)
    open_game(page, site_url, f"?seed=31&{FAST}")
    play_until_showdown(page)
    page.wait_for_selector("#result:not([hidden]) [data-act=replay]")
    assert page.locator("#scoreboard [data-act=review]").count()  # the controls the test is about are shown
    assert page.evaluate(SMALL_CONTROLS) == []


def test_the_settings_dialog_fits_a_phone_with_no_sideways_scroll(page, site_url):
    """QA: on a phone the Rules part of Settings was 531 px wide in a 356 px dialog (a fieldset
    is as wide as its widest content: the preset's long name), so the preset, the rules' help
    and their fields were cut off at the right edge and the dialog scrolled sideways."""
    page.set_viewport_size(PHONE)
    open_game(page, site_url, f"?seed=123&{FAST}")
    page.click("[data-act=settings]")
    page.wait_for_selector("#dlg-settings[open]")
    wide = page.evaluate("""() => {
        const d = document.getElementById('dlg-settings'), edge = d.getBoundingClientRect().right;
        return [d.scrollWidth - d.clientWidth, [...d.querySelectorAll('input, select, label, p, legend')]
            .filter(e => e.getClientRects().length && e.getBoundingClientRect().right > edge + 0.5)
            .map(e => e.id || e.textContent.trim().slice(0, 30))]; }""")
    assert wide == [0, []], wide


ONE_LINE = """sel => { const e = document.querySelector(sel), lh = parseFloat(getComputedStyle(e).lineHeight);
    return [e.getClientRects().length, e.getBoundingClientRect().height < 1.5 * lh + 4]; }"""


def test_the_opponents_deadwood_at_the_showdown_is_one_line_on_a_phone(page, site_url):
    """QA: at the showdown on a phone the opponent's "deadwood 15" chip wrapped onto two lines
    (the label row squeezed it); the chip's words now stay together."""
    page.set_viewport_size(PHONE)
    open_game(page, site_url, f"?seed=31&{FAST}")
    play_until_showdown(page)
    page.wait_for_selector("#opp-deadwood:not([hidden])")
    assert page.evaluate(ONE_LINE, "#opp-deadwood") == [1, True], page.inner_text("#opp-deadwood")
    capture(page, path=str(ARTIFACTS.parent / "qa-showdown-deadwood-chip.png"))


def test_statistics_opens_on_its_heading_and_says_no_daily_in_a_sentence(page, site_url):
    """QA: Statistics opened with the focus in the daily's date field (on a phone, the date picker
    in your face), and an empty history read "1. No daily played yet.", a list of one. It opens
    on its heading, as the other dialogs open on theirs or their first control, and says so in
    a sentence. The heading is focused by a call (for screen readers): opened by a click or a
    tap it draws no focus ring, opened from the keyboard it does (``:focus-visible``)."""
    page.set_viewport_size(PHONE)
    open_game(page, site_url, f"?seed=123&{FAST}")
    page.click("[data-act=stats]")
    page.wait_for_selector("#dlg-stats[open]")
    assert page.evaluate("document.activeElement.id") == "stats-title"
    assert page.evaluate(HEADING_RING) == [False, "none"]  # opened by a tap or a click: no ring
    assert page.locator("#daily-history li").count() == 0 and not page.is_visible("#daily-history")
    assert page.inner_text("#daily-history-none") == "No daily played yet."
    capture(page, path=str(ARTIFACTS.parent / "qa-statistics-opens.png"))
    page.keyboard.press("Escape")
    page.focus("[data-act=stats]")
    page.keyboard.press("Enter")  # opened from the keyboard: the ring shows where the focus went
    page.wait_for_selector("#dlg-stats[open]")
    assert page.evaluate("document.activeElement.id") == "stats-title"
    assert page.evaluate(HEADING_RING) == [True, "solid"]


HEADING_RING = """() => { const h = document.getElementById('stats-title');
    return [h.matches(':focus-visible'), getComputedStyle(h).outlineStyle]; }"""


SMALL_IN_DIALOG = """sel => [...document.querySelector(sel)
        .querySelectorAll('button, a[href], input, select, summary')]
    .filter(e => e.getClientRects().length && !e.disabled && !e.matches('.puzzle-hand button.card'))
    .map(e => e.matches('[type=radio], [type=checkbox]')
        ? (e.closest('label') || document.querySelector(`label[for="${e.id}"]`) || e) : e)
    .map(e => { const b = e.getBoundingClientRect(),
                      name = e.dataset.act || e.id || e.textContent.trim().slice(0, 30);
                return [name, Math.round(b.width), Math.round(b.height)]; })
    .filter(([, w, h]) => w < 44 || h < 44)"""


CARD_TARGETS = """() => [...document.querySelectorAll('#puzzle-board .puzzle-hand button.card')]
  .flatMap(c => {
    const b = c.getBoundingClientRect(), half = (44 - b.width) / 2 - 0.5;
    const x = b.x + b.width / 2, y = b.y + b.height / 2;
    return [[b.left - half, y], [b.right + half, y], [x, b.top - half]]
        .filter(([px, py]) => document.elementFromPoint(px, py)?.closest('button.card') !== c)
        .map(([px, py]) => [c.dataset.action, Math.round(b.width), Math.round(px), Math.round(py)]); })"""


def test_every_control_in_a_phones_dialogs_is_a_thumbs_size(page, site_url):
    """QA: inside the dialogs on a phone the review's moves were 32 px tall and its step buttons
    40-42, Help's "Learn to play" 32, the settings' radios and checkboxes 18-20 (now the whole
    label is the target), the puzzle's hand cards 38 px wide: each is at least 44 px each way
    (a radio or checkbox by its label, which a tap on checks it; a puzzle's card, its drawing
    unchanged, by where a tap 3 px beyond its edge lands: CARD_TARGETS, on a discard puzzle; the
    puzzle the dialog opens on changes with the day, and may be one)."""
    page.set_viewport_size(PHONE)
    open_game(page, site_url, f"?seed=31&{FAST}")
    small = {}
    for act, dlg in (("help", "#dlg-help"), ("settings", "#dlg-settings")):
        page.click(f"[data-act={act}]")
        page.wait_for_selector(f"{dlg}[open]")
        small[dlg] = page.evaluate(SMALL_IN_DIALOG, dlg)
        capture(page, path=str(ARTIFACTS.parent / f"qa-dialog-thumbs-{act}.png"))
        page.keyboard.press("Escape")
    play_until_showdown(page)
    page.click("#result:not([hidden]) #btn-review")
    page.wait_for_selector("#dlg-review[open] #review-moves button")
    small["#dlg-review"] = page.evaluate(SMALL_IN_DIALOG, "#dlg-review")
    capture(page, path=str(ARTIFACTS.parent / "qa-dialog-thumbs-review.png"))
    page.keyboard.press("Escape")
    page.click("[data-act=puzzles]")
    page.wait_for_selector("#puzzle-board [data-act=puzzle-move]")
    small["puzzles"] = page.evaluate(SMALL_IN_DIALOG, "#puzzle-board")
    discard = next(pz for pz in puzzle_set() if pz.kind == DecisionKind.DISCARD)  # whichever the set keeps
    page.goto(site_url + f"?puzzle={discard.id}&{FAST}")
    wait_ready(page, 60)
    page.wait_for_selector("#puzzle-board .puzzle-hand button.card")
    page.locator("#puzzle-board .puzzle-hand").scroll_into_view_if_needed()
    small["puzzle cards"] = page.evaluate(CARD_TARGETS)
    capture(page, path=str(ARTIFACTS.parent / "qa-dialog-thumbs-puzzle.png"))
    assert all(not found for found in small.values()), small
    assert len(small) == 5
