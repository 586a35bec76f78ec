"""The review draws every mark it shows in headless Chromium, with no font to depend on.

While the coach works, the review's summary used to begin each line with U+23F3 (an hourglass,
CSS ``content``), a character in none of the fonts Debian's Chromium has here (DejaVu, Liberation,
no emoji font): it showed as a box (tofu). It is drawn now as a CSS shape, and a screen reader
still hears the glyph (the generated content's alternative text). Checked here: the mark is a
shape, not a character, and no character the review dialog shows renders as the missing-glyph
box (each drawn on a canvas in the dialog's font and compared with a code point no font has).
The screenshot goes to artifacts/e2e/review-busy-*.png.
"""

from __future__ import annotations

from gin_e2e import ARTIFACTS, capture, wait_ready
from test_review import QUERY, play_hand

TOFU_JS = """([sample, drawn]) => {
  const font = getComputedStyle(sample).fontFamily;
  const canvas = document.createElement('canvas');
  canvas.width = 48; canvas.height = 48;
  const ctx = canvas.getContext('2d', {willReadFrequently: true});
  const draw = ch => {
    ctx.clearRect(0, 0, 48, 48);
    ctx.font = `32px ${font}`;
    ctx.fillText(ch, 4, 38);
    return ctx.getImageData(0, 0, 48, 48).data.join(',');
  };
  const missing = draw('\\u{10FFFD}');  // a private code point: the missing-glyph box
  const text = document.getElementById('dlg-review').innerText + drawn;
  const chars = [...new Set([...text])].filter(ch => ch.trim() !== '');
  return chars.filter(ch => draw(ch) === missing).map(ch => ch.codePointAt(0).toString(16));
}"""

BUSY_JS = """() => {
  const s = document.getElementById('review-summary');
  s.innerHTML = '<p class="sum">The coach is looking at this hand\\u2026</p>';
  s.classList.add('busy');
}"""

FRAMES_JS = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"

BUSY_MARK_JS = """() => {
  const p = document.querySelector('#review-summary.busy p');
  const mark = getComputedStyle(p, '::before');
  return {content: mark.content, width: parseFloat(mark.width), clip: mark.clipPath,
          colour: mark.backgroundColor};
}"""


def shown_part(content: str) -> str:
    """The part of a computed ``content`` the page draws (before its alternative text, `` / ``)."""
    return content.split(" / ", 1)[0]


def test_the_review_s_busy_mark_is_drawn_without_a_font(page, site_url):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(site_url + QUERY)
    wait_ready(page, 60)
    play_hand(page)
    page.wait_for_selector("#result:not([hidden]) #btn-review")
    page.click("#btn-review")
    page.wait_for_selector("#dlg-review[open] #review-summary p")
    # the summary as the review writes it while the coach works (review/ui.py: the class "busy"),
    # held whatever the coach's speed
    page.evaluate(BUSY_JS)
    mark = page.evaluate(BUSY_MARK_JS)
    drawn = shown_part(mark["content"]).strip('"')  # what CSS draws is not in innerText: checked too
    assert page.evaluate(TOFU_JS, [page.query_selector("#review-summary"), drawn]) == []
    assert shown_part(mark["content"]) in ('""', "none"), mark  # no character drawn
    assert mark["width"] > 0 and mark["clip"].startswith("polygon("), mark
    assert mark["colour"] not in ("rgba(0, 0, 0, 0)", "transparent"), mark
    spoken = page.locator("#review-summary").aria_snapshot()  # the mark's alternative text kept
    assert "\u23f3 The coach is looking at this hand" in spoken, spoken
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for width, height in ((1280, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(FRAMES_JS)  # the dialog is drawn again for the new size: after that,
        page.evaluate(BUSY_JS)  # the summary held busy again
        capture(page.locator("#dlg-review"), path=str(ARTIFACTS / f"review-busy-{width}x{height}.png"))


def test_the_missing_glyph_check_finds_a_box(page, site_url):
    """The check above can fail: the old mark's character is found as a box."""
    page.goto(site_url + QUERY)
    wait_ready(page, 60)
    page.evaluate("""() => {
        const d = document.getElementById('dlg-review');
        d.querySelector('#review-summary').innerHTML = '<p>\\u23f3 The coach is looking at this hand</p>';
        d.showModal();
    }""")
    assert page.evaluate(TOFU_JS, [page.query_selector("#review-summary"), ""]) == ["23f3"]
