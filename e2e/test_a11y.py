"""Accessibility: axe-core (pinned in package.json, injected by the test from node_modules, never
fetched from anywhere) audits the table in every phase and every dialog, at a desktop and a phone
size. No violation of impact serious or critical is allowed (issue 14, item 6)."""

from __future__ import annotations

import json

import pytest
from gin_e2e import ROOT
from test_game import FAST, open_game, play_turn, play_until_over, play_until_showdown, wait_turn

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
RUN = """async () => {
    const r = await axe.run(document, {resultTypes: ['violations']});
    return JSON.stringify(r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
        .map(v => ({id: v.id, impact: v.impact, help: v.help,
                    nodes: v.nodes.slice(0, 4).map(n => n.target.join(' ') + ': ' + n.failureSummary)})));
}"""


class Audit:
    def __init__(self, page):
        self.page = page
        self.found: dict[str, list] = {}

    def __call__(self, label: str) -> None:
        page = self.page
        page.wait_for_timeout(60)  # let a just-opened dialog settle
        if not page.evaluate("typeof axe !== 'undefined'"):
            page.evaluate(AXE.read_text())  # evaluated through the DevTools protocol: no CSP change
        bad = json.loads(page.evaluate(RUN))
        if bad:
            self.found[label] = bad


def open_and_audit(audit, page, opener: str, dialog: str, label: str) -> None:
    page.click(opener)
    page.wait_for_selector(f"{dialog}[open]")
    audit(label)
    page.keyboard.press("Escape")
    page.wait_for_function("!document.querySelector('dialog[open]')")


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_no_serious_accessibility_violations_in_any_phase(page, site_url, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    audit = Audit(page)
    open_game(page, site_url, f"?seed=31&dealer=1&{FAST}")
    audit("offer")
    page.click("#btn-pass")
    assert wait_turn(page) == "draw"
    audit("draw")
    open_and_audit(audit, page, "#btn-hint", "#dlg-hint", "hint dialog")
    page.click("#stock")
    page.wait_for_function("document.querySelectorAll('#my-hand .card').length === 11")
    audit("discard")
    for opener, dialog, label in (("[data-act=new]", "#dlg-new", "new match dialog"),
                                  ("[data-act=stats]", "#dlg-stats", "statistics dialog"),
                                  ("[data-act=settings]", "#dlg-settings", "settings dialog"),
                                  ("[data-act=help]", "#dlg-help", "help dialog")):
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
    assert not audit.found, json.dumps(audit.found, indent=1)
