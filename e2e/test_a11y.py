"""Accessibility: axe-core (pinned in package.json, injected by the test from node_modules, never
fetched from anywhere) audits the table in every phase and every dialog, at a desktop and a phone
size (the same page resized). No violation of impact serious or critical is allowed (issue 14, item 6)."""

from __future__ import annotations

import json

from gin_e2e import ROOT
from test_game import FAST, open_game, play_turn, play_until_over, play_until_showdown, wait_turn

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
RUN = """async () => {
    const r = await axe.run(document, {resultTypes: ['violations']});
    return JSON.stringify(r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
        .map(v => ({id: v.id, impact: v.impact, help: v.help,
                    nodes: v.nodes.slice(0, 4).map(n => n.target.join(' ') + ': ' + n.failureSummary)})));
}"""


SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


class Audit:
    """Audits the page as it is shown (``sizes``: at each of these sizes in turn, the page
    resized, labels then read "label (size)"), and collects what it finds by label."""

    def __init__(self, page, sizes: dict[str, tuple[int, int]] | None = None):
        self.page = page
        self.sizes = sizes
        self.found: dict[str, list] = {}
        self.audited: list[str] = []

    def __call__(self, label: str) -> None:
        page = self.page
        if not page.evaluate("typeof axe !== 'undefined'"):
            page.evaluate(AXE.read_text())  # evaluated through the DevTools protocol: no CSP change
        if self.sizes is None:
            self._run(label)
            return
        old = page.viewport_size
        for name, (width, height) in self.sizes.items():
            page.set_viewport_size({"width": width, "height": height})
            self._run(f"{label} ({name})")
        page.set_viewport_size(old)

    def _run(self, label: str) -> None:
        self.page.wait_for_timeout(60)  # let a just-opened dialog (or a new layout) settle
        bad = json.loads(self.page.evaluate(RUN))
        self.audited.append(label)
        if bad:
            self.found[label] = bad


def open_and_audit(audit, page, opener: str, dialog: str, label: str) -> None:
    page.click(opener)
    page.wait_for_selector(f"{dialog}[open]")
    audit(label)
    page.keyboard.press("Escape")
    page.wait_for_function("!document.querySelector('dialog[open]')")


def test_no_serious_accessibility_violations_in_any_phase(page, site_url):
    page.set_viewport_size({"width": SIZES["desktop"][0], "height": SIZES["desktop"][1]})
    audit = Audit(page, SIZES)  # one play-through, each state audited at both sizes
    open_game(page, site_url, f"?seed=31&dealer=1&{FAST}")
    audit("offer")
    page.click("#btn-pass")
    assert wait_turn(page) == "draw"
    audit("draw")
    open_and_audit(audit, page, "#btn-hint", "#dlg-hint", "hint dialog")
    page.click("#stock")
    page.wait_for_function("document.querySelectorAll('#my-hand .card').length === 11")
    audit("discard")
    for opener, dialog, label in (
        ("[data-act=new]", "#dlg-new", "new match dialog"),
        ("[data-act=stats]", "#dlg-stats", "statistics dialog"),
        ("[data-act=settings]", "#dlg-settings", "settings dialog"),
        ("[data-act=help]", "#dlg-help", "help dialog"),
    ):
        open_and_audit(audit, page, opener, dialog, label)
    page.click("[data-act=stats]")
    page.click("[data-act=stats-reset]")
    page.wait_for_selector("#dlg-confirm[open]")
    audit("confirm dialog")
    page.click("#confirm-cancel")
    page.keyboard.press("Escape")
    play_turn(page)
    play_until_showdown(page)
    audit("showdown")
    open_game(page, site_url, f"?seed=123&preset=openspiel&{FAST}")
    play_until_over(page)
    page.wait_for_selector("#dlg-match[open]")
    audit("match over dialog")
    page.keyboard.press("Escape")
    audit("match over")
    assert len(audit.audited) == 2 * 12, audit.audited  # every phase and dialog at both sizes
    assert not audit.found, json.dumps(audit.found, indent=1)
