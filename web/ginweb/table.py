"""Render a PlayerView onto the table: both hands, stock, pile, the status line, the buttons
that are legal now, scores and the hand's deadwood. No game logic: what is legal comes from
``view.legal_actions``; groups and deadwood from gin_core's arrangements."""

from __future__ import annotations

from dataclasses import dataclass, field

from gin_core import Card, PlayerView, deadwood

from . import dom, handview, narrate
from .board import Board, Spec

MELD_WORD = {0: "first meld", 1: "second meld", 2: "third meld", 3: "fourth meld"}


@dataclass
class UI:
    """What the page adds to the engine's view."""

    sort: str = "rank"
    order: list[str] = field(default_factory=list)
    focus: str | None = None  # the hand card holding the roving tabindex
    drawn: str | None = None  # the card just drawn (highlighted)
    hint: str | None = None  # the hand card the hint suggests
    stage: int = 0  # showdown: 0 none, 1 hands laid out, 2 lay-offs being made, 3 result shown
    laid: int = 0  # lay-offs made so far in stage 2 (one at a time, so each can be followed)
    thinking: bool = False
    level: str = "standard"
    can_undo: bool = False
    strict: bool = False


def _tint(group: int) -> str:
    return f"m{group % 4}" if group >= 0 else ("dw" if group == -1 else "lo")


def _pile_style(card: Card, depth: int) -> str:
    rot = ((card.index * 37) % 11 - 5) * 0.9
    dx = ((card.index * 53) % 7 - 3) * 1.5
    return f"--rot:{rot:.1f}deg;--dx:{dx:.1f}px;--depth:{depth}"


class Table:
    def __init__(self, board: Board):
        self.board = board
        g = dom.by_id
        self.el = {k: g(k) for k in (
            "status", "stock", "stock-count", "pile", "opp-hand", "my-hand", "deadwood",
            "score-you", "score-cpu", "target-info", "hand-info", "opp-name", "opp-level",
            "thinking", "dealer-you", "dealer-cpu", "btn-take", "btn-pass", "btn-knock",
            "btn-gin", "btn-big-gin", "btn-hint", "btn-undo", "sort-rank", "sort-suit",
            "knock-info", "seat-me", "table", "opp-deadwood", "deadwood-after",
        )}
        self.last_status = ""

    # ----- zones ----------------------------------------------------------------------

    def my_specs(self, v: PlayerView, ui: UI) -> list[Spec]:
        s = v.showdown.settlement if v.showdown and ui.stage else None
        if s is not None:
            return [self._show(c, g, st, laid) for c, g, st, laid in showdown_slots(s, 0, laid_count(s, ui))]
        slots, _ = handview.layout(v.hand, ui.sort, ui.order)
        keys = [str(sl.card) for sl in slots]
        focus = ui.focus if ui.focus in keys else (keys[0] if keys else None)
        out = []
        for sl in slots:
            k = str(sl.card)
            cls = [_tint(sl.group)]
            desc = [MELD_WORD.get(sl.group, "meld") if sl.group >= 0 else "deadwood"]
            if k == ui.drawn:
                cls.append("drawn")
                desc.append("just drawn")
            if v.forbidden is not None and sl.card == v.forbidden:
                cls.append("locked")
                desc.append("taken from the pile: it may not be discarded this turn")
            if k == ui.hint:
                cls.append("hinted")
                desc.append("suggested by the hint")
            out.append(Spec(k, sl.card, " ".join(cls), sl.card.name, "0" if k == focus else "-1",
                            start=sl.start, desc=", ".join(desc)))
        return out

    def _show(self, card: Card, group: int, start: bool, laid: bool) -> Spec:
        cls = _tint(group) + (" laid" if laid else "")
        desc = ("laid off" if laid else MELD_WORD.get(group, "meld")) if group >= 0 else (
            "deadwood" if group == -1 else "to lay off")
        return Spec(str(card), card, cls, card.name, None, start=start, desc=desc, role="img")

    def opp_specs(self, v: PlayerView, ui: UI) -> list[Spec]:
        s = v.showdown.settlement if v.showdown and ui.stage else None
        if s is not None:
            return [self._show(c, g, st, laid) for c, g, st, laid in showdown_slots(s, 1, laid_count(s, ui))]
        known = list(v.opponent_known)
        out = [Spec(str(c), c, "known", c.name, desc="taken from the pile", role="img") for c in known]
        out += [Spec(f"b{i}", None) for i in range(v.opponent_hand_size - len(known))]
        return out

    def pile_specs(self, v: PlayerView, ui: UI) -> list[Spec]:
        shown = list(v.pile[-3:])
        out = [Spec(str(c), c, "pc", style=_pile_style(c, len(shown) - 1 - i)) for i, c in enumerate(shown)]
        s = v.showdown.settlement if v.showdown else None
        if s is not None and s.kind != "big_gin" and v.phase in ("hand_over", "match_over"):
            out.append(Spec("knock", None, "pc knockcard", style="--rot:8deg;--dx:10px;--depth:0"))
        return out

    # ----- everything -------------------------------------------------------------------

    def render(self, v: PlayerView, ui: UI, motion: str = "move", origin=None) -> None:
        zones = {
            "opp-hand": self.opp_specs(v, ui),
            "pile-cards": self.pile_specs(v, ui),
            "my-hand": self.my_specs(v, ui),
        }
        self.board.update(zones, motion, origin)
        self.texts(v, ui)

    def texts(self, v: PlayerView, ui: UI) -> None:
        """Everything but the cards: labels, counts, buttons, scores, the status line."""
        e = self.el
        acts = v.legal_actions if v.my_turn else ()
        kinds = {a.kind for a in acts}
        over = v.phase in ("hand_over", "match_over")
        # stock and pile
        dom.set_text(e["stock-count"], str(v.stock_size))
        dom.set_attr(e["stock"], "aria-label", f"Stock, {v.stock_size} card{'s' if v.stock_size != 1 else ''}")
        live_stock, live_pile = "draw_stock" in kinds, "draw_pile" in kinds
        e["stock"].classList.toggle("live", live_stock)
        dom.set_attr(e["stock"], "aria-disabled", None if live_stock else "true")
        e["stock"].classList.toggle("empty", v.stock_size == 0)
        top = v.top
        dom.set_attr(e["pile"], "aria-label", f"Discard pile, top card {top.name}" if top else "Discard pile, empty")
        e["pile"].classList.toggle("live", live_pile)
        dom.set_attr(e["pile"], "aria-disabled", None if live_pile else "true")
        e["stock"].classList.toggle("hinted", ui.hint == "stock")
        e["pile"].classList.toggle("hinted", ui.hint == "pile")
        # hands
        hand_n = len(v.hand)
        dw = deadwood(v.hand)
        after = handview.after_discard(v.hand, v.forbidden) if v.my_turn and v.phase == "discard" else None
        if after is not None:
            dw = after[1]
        after_text = f"after discarding {after[0].symbol}" if after else ""
        me_label = f"Your hand, {hand_n} cards, deadwood {dw}" + (
            f" after discarding the {after[0].name}" if after else "")
        dom.set_attr(e["my-hand"], "aria-label", me_label)  # (laid out at a showdown: set below)
        e["my-hand"].classList.toggle("can-discard", v.my_turn and v.phase == "discard")
        e["my-hand"].classList.toggle("showdown", ui.stage > 0)
        e["opp-hand"].classList.toggle("showdown", ui.stage > 0)
        known = ", ".join(c.name for c in v.opponent_known)
        opp_label = f"Computer's hand, {v.opponent_hand_size} cards" + (f"; known: {known}" if known else "")
        dom.set_attr(e["opp-hand"], "aria-label", opp_label)
        sd = v.showdown.settlement if v.showdown and ui.stage else None
        if sd is not None:
            me_dw = sd.knocker_deadwood if sd.knocker == 0 else sd.defender_deadwood
            opp_dw = sd.knocker_deadwood if sd.knocker == 1 else sd.defender_deadwood
            to_lay = sd.layoffs[laid_count(sd, ui):]  # until laid off, the defender still holds them
            if to_lay:
                lay = sum(x.card.value for x in to_lay)
                me_dw, opp_dw = (me_dw + lay, opp_dw) if sd.knocker == 1 else (me_dw, opp_dw + lay)
            dw = me_dw
            dom.set_text(e["opp-deadwood"], f"deadwood {opp_dw}")
            dom.set_attr(e["my-hand"], "aria-label", f"Your cards laid out, deadwood {me_dw}")
            dom.set_attr(e["opp-hand"], "aria-label", f"Computer's cards laid out, deadwood {opp_dw}")
        dom.set_hidden(e["opp-deadwood"], sd is None)
        dom.set_text(e["deadwood"], str(dw))
        dom.set_text(e["deadwood-after"], after_text if sd is None else "")
        limit = v.knock_limit
        e["seat-me"].classList.toggle("can-knock", dw <= limit and not over)
        dom.set_text(e["knock-info"], "gin only" if limit == 0 else f"knock at {limit}")
        # buttons
        dom.set_hidden(e["btn-take"], not (v.phase in ("offer", "wall") and "draw_pile" in kinds))
        dom.set_hidden(e["btn-pass"], "pass" not in kinds)
        dom.set_hidden(e["btn-knock"], "knock" not in kinds)
        dom.set_hidden(e["btn-gin"], "gin" not in kinds)
        dom.set_hidden(e["btn-big-gin"], "big_gin" not in kinds)
        e["btn-hint"].disabled = not (v.my_turn and not over)
        e["btn-undo"].disabled = not ui.can_undo
        dom.set_hidden(e["btn-undo"], ui.strict)
        dom.set_attr(e["sort-rank"], "aria-pressed", "true" if ui.sort == "rank" else "false")
        dom.set_attr(e["sort-suit"], "aria-pressed", "true" if ui.sort == "suit" else "false")
        # scores and hand facts
        dom.set_text(e["score-you"], str(v.scores[0]))
        dom.set_text(e["score-cpu"], str(v.scores[1]))
        target = v.rules.target
        dom.set_text(e["target-info"], f"to {target}" if target is not None else "one hand")
        facts = [f"Hand {v.hand_number}"]
        if v.rules.oklahoma and v.upcard is not None:
            facts.append(f"Oklahoma: {v.upcard.symbol} sets the limit")
        if v.multiplier != 1:
            facts.append(f"spade upcard: \u00d7{v.multiplier}")
        dom.set_text(e["hand-info"], " \u00b7 ".join(facts))
        dom.set_hidden(e["dealer-you"], v.dealer != 0)
        dom.set_hidden(e["dealer-cpu"], v.dealer != 1)
        dom.set_hidden(e["thinking"], not ui.thinking)
        dom.set_text(e["opp-level"], ui.level.capitalize())
        e["table"].dataset.phase = v.phase
        e["table"].dataset.turn = "you" if v.my_turn else ("computer" if v.to_move == 1 else "none")
        self.status(narrate.status_text(v, ui.thinking))

    def status(self, text: str) -> None:
        if text != self.last_status:
            self.last_status = text
            dom.set_text(self.el["status"], text)


def laid_count(s, ui: UI) -> int:
    """How many of a showdown's lay-offs are shown made."""
    return len(s.layoffs) if ui.stage >= 3 else ui.laid if ui.stage == 2 else 0


def showdown_slots(s, player: int, laid_n: int) -> list[tuple[Card, int, bool, bool]]:
    """(card, group, starts a group, laid off) for ``player``'s side of a knocked hand, with the
    first ``laid_n`` lay-offs made."""
    if player == s.knocker:
        melds = [list(m.cards) for m in s.knocker_arrangement.melds]
        laid = set()
        for lay in s.layoffs[:laid_n]:
            melds[lay.meld].append(lay.card)
            laid.add(lay.card)
        slots = handview.arrangement_slots(melds, s.knocker_arrangement.deadwood)
    else:
        extra = [lay.card for lay in s.layoffs[laid_n:]]
        laid = set()
        slots = handview.arrangement_slots([m.cards for m in s.defender_arrangement.melds],
                                           s.defender_arrangement.deadwood, extra)
    return [(c, g, st, c in laid) for c, g, st in slots]
