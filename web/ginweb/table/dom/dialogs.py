"""Modal dialogs (native <dialog>): confirmations with a choice, hints, new match, statistics,
the match result. Their shells are static HTML in index.html; this fills them in."""

from __future__ import annotations

import json
from collections.abc import Sequence

from gin_core import PRESETS, Card, MatchResult, PlayerView
from gin_core.analysis import Judged

from ...kit import dom
from ...kit.dom import Js
from ...storage import stats
from ...storage.settings import LEVEL_TEXT, LEVELS, PRESET_TEXT, Settings
from ...words import narrate, verdicts
from ..port import Question

VALUE_TITLE = (
    "The first move: its chance to win the match once this hand is over and its expected points of "
    "this hand; another: what the hand's analysis will say it gives away against its better move"
)


def _open(dlg: Js) -> None:
    if not dlg.open:
        dlg.showModal()


class Dialogs:
    def __init__(self) -> None:
        g = dom.by_id
        self.confirm_dlg = g("dlg-confirm")
        self.hint_dlg = g("dlg-hint")
        self.new_dlg = g("dlg-new")
        self.stats_dlg = g("dlg-stats")
        self.match_dlg = g("dlg-match")
        self.help_dlg = g("dlg-help")
        self.choices: list[str] = []

    def close_all(self) -> None:
        for d in list(dom.root.querySelectorAll("dialog[open]")):
            d.close()

    def forget(self) -> None:
        """Two people: the device changes hands. Close the dialogs and empty those that may
        name the last person's cards (the hint's moves, a knock's melds): a closed dialog is
        still in the page."""
        self.close_all()
        dom.by_id("hint-body").innerHTML = ""
        dom.set_text(dom.by_id("confirm-text"), "")
        dom.by_id("confirm-choices").innerHTML = ""

    # ----- confirm ------------------------------------------------------------------------

    def confirm(self, question: Question) -> None:
        """Ask ``question`` (its first choice checked); :meth:`confirm_value` reads the answer."""
        dom.set_text(dom.by_id("confirm-title"), question.title)
        dom.set_text(dom.by_id("confirm-text"), question.text)
        box = dom.by_id("confirm-choices")
        choices = question.choices
        if len(choices) > 1:
            default = choices[0][0]
            items = "".join(
                f'<label class="choice"><input type="radio" name="confirm-choice" value="{dom.esc(v)}"'
                f"{' checked' if v == default else ''}> <span>{dom.esc(label)}</span></label>"
                for v, label in choices
            )
            box.innerHTML = f"<legend>{dom.esc(question.legend)}</legend>{items}"
            box.hidden = False
        else:
            box.innerHTML = ""
            box.hidden = True
        self.choices = [v for v, _ in choices]
        ok_btn = dom.by_id("confirm-ok")
        dom.set_text(ok_btn, question.ok)
        dom.set_text(dom.by_id("confirm-cancel"), question.cancel)
        _open(self.confirm_dlg)
        ok_btn.focus()

    def confirm_value(self) -> str:
        """Close the confirmation and return the value chosen ("" without choices)."""
        value = ""
        checked = dom.q(self.confirm_dlg, "input[name=confirm-choice]:checked")
        if checked is not None:
            value = str(checked.value)
        elif self.choices:
            value = self.choices[0]
        self.confirm_dlg.close()
        return value

    def close(self, ident: str) -> None:
        dlg = dom.by_id(ident)
        if dlg is not None and dlg.open:
            dlg.close()

    def showing(self, ident: str) -> bool:
        """Dialog ``ident`` is open (a confirmation closed by Escape says nothing to dispatch)."""
        dlg = dom.by_id(ident)
        return dlg is not None and bool(dlg.open)

    # ----- hint ---------------------------------------------------------------------------

    def hint_open(self, view: PlayerView) -> None:
        moves = len(view.legal_actions)
        dom.by_id("hint-body").innerHTML = (
            '<p class="busy"><span class="spinner" aria-hidden="true"></span> '
            f"Judging each of your {moves} moves as the hand\u2019s analysis will judge it\u2026</p>"
        )
        _open(self.hint_dlg)

    def hint_show(self, moves: Sequence[Judged], top: Card | None) -> None:
        if not moves:
            dom.by_id("hint-body").innerHTML = "<p>No move to suggest: this move is forced.</p>"
            return
        rows = []
        for i, j in enumerate(moves):
            action = j.verdict.played
            label = narrate.action_label(action, top)
            why = narrate.reason_words(j.played_why, odds=False)
            val, worse = verdicts.choice(j, moves[0])
            rows.append(
                f'<li class="{"best" if i == 0 else ""}"><div class="hl"><b>{dom.esc(label)}</b>'
                f'<span class="val{" neg" if worse else ""}" '
                f'title="{VALUE_TITLE}">{dom.esc(val)}</span></div>'
                f'<div class="why">{dom.esc(why)}</div>'
                f'<button type="button" data-act="hint-play" data-action="{dom.esc(str(action))}" '
                f'aria-label="Play: {dom.esc(narrate.action_label(action, top, spoken=True))}">'
                "Play</button></li>"
            )
        dom.by_id("hint-body").innerHTML = (
            '<p class="note">Best first, as the hand\u2019s analysis will judge each move once the hand is '
            "over: each was played out on likely deals. The first: its chance to win the match once "
            "this hand is over (in a match to a target) and its points of this hand; the others: what "
            "the analysis will say each gives away against the move it prefers, and its grade.</p>"
            f'<ol class="hints">{"".join(rows)}</ol>'
        )
        first = dom.q(self.hint_dlg, "[data-act=hint-play]")
        if first is not None:
            first.focus()

    def close_hint(self) -> None:
        if self.hint_dlg.open:
            self.hint_dlg.close()

    # ----- new match ----------------------------------------------------------------------

    def new_match(self, s: Settings, level: str, leaving: str | None) -> None:
        """The new match form; ``leaving``: the warning about the match in progress (None: none)."""
        lv = "".join(
            f'<option value="{k}"{" selected" if k == level else ""}>{LEVEL_TEXT[k][0]}</option>'
            for k in LEVELS
        )
        presets = [(k, PRESET_TEXT.get(k, k)) for k in PRESETS]
        if s.preset == "custom":
            presets.insert(0, ("custom", "Your custom rules (from Settings)"))
        pr = "".join(
            f'<option value="{k}"{" selected" if k == s.preset else ""}>{dom.esc(t)}</option>'
            for k, t in presets
        )
        dom.by_id("new-level").innerHTML = lv
        dom.by_id("new-preset").innerHTML = pr
        dom.by_id("new-code").value = ""
        dom.by_id("new-dealer").value = "cut"
        dom.by_id("new-players").value = "computer"
        dom.set_text(dom.by_id("new-error"), "")
        dom.set_text(dom.by_id("new-warning"), leaving or "")
        dom.set_hidden(dom.by_id("new-warning"), leaving is None)
        _open(self.new_dlg)

    def new_error(self, text: str) -> None:
        dom.set_text(dom.by_id("new-error"), text)

    # ----- statistics ---------------------------------------------------------------------

    def show_statistics(self, d: stats.StatsRecord) -> None:
        m, h, you, cpu = d["matches"], d["hands"], d["you"], d["computer"]

        def pct(a: int, b: int) -> str:
            return f" ({round(100 * a / b)}%)" if b else ""

        rows = [
            ("Matches played", m["played"]),
            ("Matches won", f"{m['won']}{pct(m['won'], m['played'])}"),
            ("Matches lost / drawn", f"{m['lost']} / {m['drawn']}"),
            ("Matches abandoned", m["abandoned"]),
            ("Matches with moves taken back", m["with_undo"]),
            ("Shutouts won / lost", f"{m['shutouts_won']} / {m['shutouts_lost']}"),
            ("Hands played", h["played"]),
            ("Hands won", f"{h['won']}{pct(h['won'], h['played'])}"),
            ("Hands lost / tied / dead", f"{h['lost']} / {h['tied']} / {h['dead']}"),
            ("Your gins (big gins)", f"{you['gins']} ({you['big_gins']})"),
            ("Your knocks won", you["knocks_won"]),
            ("Your undercuts", you["undercuts"]),
            ("Computer's gins", cpu["gins"]),
            ("Times you were undercut", cpu["undercuts"]),
            ("Points won / conceded", f"{d['points']['you']} / {d['points']['computer']}"),
        ]
        rows += stats.kind_rows(d)  # best match and averages for each preset and target
        for lvl, rec in d["by_level"].items():
            rows.append((f"{lvl.capitalize()}: matches won", f"{rec['won']} of {rec['played']}"))
        body = "".join(f'<tr><th scope="row">{dom.esc(k)}</th><td>{dom.esc(v)}</td></tr>' for k, v in rows)
        dom.by_id("stats-body").innerHTML = f"<table class='stats'><tbody>{body}</tbody></table>"
        _open(self.stats_dlg)
        # on its heading, not the first field below it (a phone's date picker); by a call, as the
        # `autofocus` attribute is refused in a cross-origin frame (an embed) with a console error
        dom.by_id("stats-title").focus()

    def export_stats(self, d: stats.StatsRecord, now: str) -> None:
        data = stats.export(d)
        data["exported"] = now
        dom.download("gin-rummy-statistics.json", json.dumps(data, indent=2))

    # ----- match over ---------------------------------------------------------------------

    def match_over(self, r: MatchResult, names: tuple[str, str] | None = None) -> None:
        """The match's result, itemised (``names``: two people's, seat by seat)."""
        dom.set_text(dom.by_id("match-title"), narrate.match_headline(r, names))
        you, cpu = (dom.esc(n) for n in names or ("You", "Computer"))
        rows = "".join(
            f'<tr class="{"total" if label == "Total" else ""}"><th scope="row">{dom.esc(label)}</th>'
            f"<td>{a}</td><td>{b}</td></tr>"
            for label, a, b in narrate.result_rows(r)
        )
        dom.by_id("match-body").innerHTML = (
            f'<table class="itemised"><thead><tr><th></th><th scope="col">{you}</th>'
            f'<th scope="col">{cpu}</th></tr></thead><tbody>{rows}</tbody></table>'
        )
        self.match_dlg.classList.toggle("won", r.winner == 0 and names is None)
        _open(self.match_dlg)
        dom.by_id("match-new").focus()

    def help(self, rules_words: str) -> None:
        """Open "How to play", its rules paragraph saying the match's own rules."""
        dom.by_id("help-rules").textContent = rules_words
        _open(self.help_dlg)
