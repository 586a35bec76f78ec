"""The presenter: everything the table shows, built from your view and the page's state.

:func:`present` is pure (no ``js``, no DOM): given the engine's :class:`PlayerView` (which
holds only what you may know), the :class:`TableState` and how you like your hand shown, it
returns a :class:`TableModel`: the cards of each zone in order with their classes and
accessible names, every text and count, which controls are live, the scoreboard, the hand's
result and the log. The writers (table.py, board.py, panels.py) copy it into the DOM and decide
nothing. Unit-tested in CPython (tests/test_web_present.py).

With two people on one device the view is the seat at the table's (seatview.py: told as
"yours"), the other seat is called by its name (``Look.opp``), and while the device is handed
over (``Look.handover``) :func:`covered` shows only what both may see: both hands face down.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from gin_core import ENDED, ActionKind, Card, Phase, PlayerView, Settlement

from ..kit.frozen import Frozen
from ..storage.savefmt import LogLine
from ..words import narrate
from . import handover, handview
from .around import PartyBoard, SeatSpot, pair_seat, seats_around
from .port import HandButton
from .tablestate import Stage, TableState

MELD_WORD = {0: "first meld", 1: "second meld", 2: "third meld", 3: "fourth meld"}
ResultButton = Literal["next", "show-result", "practice-end", "new", "wait"]


class Spec(Frozen):
    """One card element: its key ("QS", "b3" for a face-down card, "knock"), face (None: face
    down), classes, accessible name (None: decorative), tabindex, inline style, whether it
    starts a group, its role in the hand (aria-description) and its ARIA role."""

    key: str
    card: Card | None
    cls: str = ""
    label: str | None = None
    tab: str | None = None
    style: str = ""
    start: bool = False
    desc: str | None = None
    role: str = "button"


class Look(Frozen):
    """What the presenter needs besides the view and table state."""

    sort: str = "rank"
    order: Sequence[str] = ()
    level: str = "standard"
    can_undo: bool = False
    strict: bool = False
    helped: bool = True  # the hint may be asked (a feature may turn it off: port.Guards.help_off)
    practice_code: str | None = None  # the deal of the practice hand on the table, if any
    reasons: Sequence[LogLine] = ()  # the computer's revealed reasons of the finished hand
    log: Sequence[LogLine] = ()
    hand_buttons: tuple[HandButton, ...] = ()  # the features' buttons on each finished hand
    me: str = "You"  # the seat at the table (two people: its person's name)
    opp: str = "Computer"  # the other seat (two people: its person's name)
    people: bool = False  # two people on one device: the other seat is a person
    handover: str | None = None  # the table is covered until this person takes the device
    waiting: str | None = None  # a friend's hand: what the two devices are doing (no one moves)
    target: int | None = None  # a table of seats: the score that ends a game (its rules')
    coded: bool = True  # each hand gets a deal code, shown once it is over (a friend's hand: none)


class Zones(Frozen):
    opp: tuple[Spec, ...]
    pile: tuple[Spec, ...]
    mine: tuple[Spec, ...]


class Piles(Frozen):
    stock_count: int
    stock_label: str
    stock_live: bool
    pile_label: str
    pile_live: bool
    hinted: str | None  # "stock" or "pile" when the hint suggests drawing there


class Hands(Frozen):
    mine_label: str
    can_discard: bool
    showdown: bool
    opp_label: str
    opp_deadwood: int | None  # shown once the hand is laid out
    deadwood: int | None  # None: no hand of yours on the table (sitting the hand out, covered)
    deadwood_after: str  # "after discarding K♦" with 11 cards
    can_knock: bool
    knock_info: str


class Controls(Frozen):
    take: bool
    pass_: bool
    knock: bool
    gin: bool
    big_gin: bool
    hint: bool
    undo: bool
    undo_shown: bool
    sort: str


class Facts(Frozen):
    scores: tuple[int, int]
    target: str
    hand: str
    thinking: bool
    level: str
    phase: str
    turn: Literal["you", "computer", "other", "none"]
    status: str
    me: str = "You"
    opp: str = "Computer"
    handover: str | None = None  # "Pass to …": the table is covered for the handover
    seating: str = ""  # a table of seats: its seating (gin_core's Seating); "" at your match


class ScoreRow(Frozen):
    number: int
    result: str
    you: int
    computer: int
    code: str
    dealer: int


class Scoreboard(Frozen):
    rows: tuple[ScoreRow, ...]
    current: int | None  # the hand in play (its code stays hidden), if any
    totals: tuple[int, int]
    buttons: tuple[HandButton, ...] = ()  # on each finished hand (none over a practice hand)
    names: tuple[str, str] = ("You", "Comp.")  # the columns' heads
    parties: PartyBoard | None = None  # a table of seats: one column per party, in place of the above
    coded: bool = True  # the hand in play gets a deal code once over (a friend's hand gets none)


class Result(Frozen):
    """The finished hand's panel."""

    number: int
    title: str
    lines: tuple[str, ...]
    scores: tuple[int, int]
    deal_code: str
    dealer: int
    button: ResultButton
    reasons: tuple[tuple[str, str], ...]  # (the computer's move, why), shown after the hand
    buttons: tuple[HandButton, ...] = ()  # the features' (your match's hand, not a practice one)
    names: tuple[str, str] = ("you", "computer")  # the score line's
    table: str = ""  # a table of seats: its score line, every party's total (in place of the above)
    replay: bool = True  # the deal may be played again as a practice hand (your match's)


class TableModel(Frozen):
    zones: Zones
    seats: tuple[SeatSpot, ...]  # yours first, then clockwise (around.py)
    piles: Piles
    hands: Hands
    controls: Controls
    facts: Facts
    scoreboard: Scoreboard
    result: Result | None
    practice_code: str | None
    log: tuple[LogLine, ...]


def covered(v: PlayerView, look: Look) -> TableModel:
    """The two-player table while the device is handed over (handover.py): the pile, the stock,
    the scores and the log (what both people may see); both hands face down, nothing to play."""
    backs = tuple(Spec(f"b{i}", None) for i in range(v.opponent_hand_size))
    mine = tuple(Spec(f"m{i}", None) for i in range(handover.face_down(v.hand)))
    n = v.stock_size
    top = v.top
    off = Controls(False, False, False, False, False, False, False, not look.strict, look.sort)
    return TableModel(
        zones=Zones(backs, pile_specs(v), mine),
        seats=seats(v, look),
        piles=Piles(
            n,
            f"Stock, {n} card{'s' if n != 1 else ''}",
            False,
            f"Discard pile, top card {top.name}" if top else "Discard pile, empty",
            False,
            None,
        ),
        hands=Hands(
            f"{look.me}'s hand, face down",
            False,
            False,
            f"{look.opp}'s hand, face down",
            None,
            None,
            "",
            False,
            "",
        ),
        controls=off,
        facts=facts(v, TableState(), look),
        scoreboard=scoreboard(v, look),
        result=None,
        practice_code=look.practice_code,
        log=tuple(look.log),
    )


def present(v: PlayerView, ui: TableState, look: Look) -> TableModel:
    if look.handover is not None:
        return covered(v, look)
    sd = v.showdown.settlement if v.showdown and ui.stage > Stage.LIVE else None
    return TableModel(
        zones=Zones(opp_specs(v, sd, ui), pile_specs(v), my_specs(v, sd, ui, look)),
        seats=seats(v, look),
        piles=piles(v, ui),
        hands=hands(v, sd, ui, look.opp),
        controls=controls(v, look),
        facts=facts(v, ui, look),
        scoreboard=scoreboard(v, look),
        result=result(v, ui, look),
        practice_code=look.practice_code,
        log=tuple(look.log),
    )


# ----- cards ------------------------------------------------------------------------------------


def tint(group: int) -> str:
    return f"m{group % 4}" if group >= 0 else ("dw" if group == -1 else "lo")


def pile_style(card: Card, depth: int) -> str:
    """A small fixed tilt and shift per card, so the pile looks thrown, the same on every render."""
    rot = ((card.index * 37) % 11 - 5) * 0.9
    dx = ((card.index * 53) % 7 - 3) * 1.5
    return f"--rot:{rot:.1f}deg;--dx:{dx:.1f}px;--depth:{depth}"


def my_specs(v: PlayerView, sd: Settlement | None, ui: TableState, look: Look) -> tuple[Spec, ...]:
    if sd is not None:
        return tuple(
            shown_spec(c, g, st, laid) for c, g, st, laid in showdown_slots(sd, 0, laid_count(sd, ui))
        )
    slots, _ = handview.layout(v.hand, look.sort, look.order)
    keys = [str(sl.card) for sl in slots]
    focus = ui.focus if ui.focus in keys else (keys[0] if keys else None)
    return tuple(hand_spec(v, ui, sl.card, sl.group, sl.start, focus) for sl in slots)


def hand_spec(v: PlayerView, ui: TableState, card: Card, group: int, start: bool, focus: str | None) -> Spec:
    k = str(card)
    cls = [tint(group)]
    desc = [MELD_WORD.get(group, "meld") if group >= 0 else "deadwood"]
    if k == ui.drawn:
        cls.append("drawn")
        desc.append("just drawn")
    if v.forbidden is not None and card == v.forbidden:
        cls.append("locked")
        desc.append("taken from the pile: it may not be discarded this turn")
    if k == ui.hint:
        cls.append("hinted")
        desc.append("suggested by the hint")
    return Spec(
        k, card, " ".join(cls), card.name, "0" if k == focus else "-1", start=start, desc=", ".join(desc)
    )


def shown_spec(card: Card, group: int, start: bool, laid: bool) -> Spec:
    """A card of a hand laid out at the showdown (seen, not played)."""
    cls = tint(group) + (" laid" if laid else "")
    if group >= 0:
        desc = "laid off" if laid else MELD_WORD.get(group, "meld")
    else:
        desc = "deadwood" if group == -1 else "to lay off"
    return Spec(str(card), card, cls, card.name, None, start=start, desc=desc, role="img")


def seats(v: PlayerView, look: Look) -> tuple[SeatSpot, ...]:
    """The two seats, drawn as every seating's are (around.py): yours, then the other across,
    each with its name, its cards face down, whether it deals and whether it is to move."""
    who = (look.me, look.opp) if v.player == 0 else (look.opp, look.me)
    return seats_around(pair_seat(v), who)


def opp_specs(v: PlayerView, sd: Settlement | None, ui: TableState) -> tuple[Spec, ...]:
    if sd is not None:
        return tuple(
            shown_spec(c, g, st, laid) for c, g, st, laid in showdown_slots(sd, 1, laid_count(sd, ui))
        )
    known = list(v.opponent_known)
    out = [Spec(str(c), c, "known", c.name, desc="taken from the pile", role="img") for c in known]
    out += [Spec(f"b{i}", None) for i in range(v.opponent_hand_size - len(known))]
    return tuple(out)


def pile_specs(v: PlayerView) -> tuple[Spec, ...]:
    shown = list(v.pile[-3:])
    out = [Spec(str(c), c, "pc", style=pile_style(c, len(shown) - 1 - i)) for i, c in enumerate(shown)]
    s = v.showdown.settlement if v.showdown else None
    if s is not None and s.kind != ActionKind.BIG_GIN and v.phase in ENDED:
        out.append(Spec("knock", None, "pc knockcard", style="--rot:8deg;--dx:10px;--depth:0"))
    return tuple(out)


def laid_count(s: Settlement, ui: TableState) -> int:
    """How many of a showdown's lay-offs are shown made."""
    if ui.stage >= Stage.RESULT:
        return len(s.layoffs)
    return ui.laid if ui.stage == Stage.LAYING_OFF else 0


def showdown_slots(s: Settlement, player: int, laid_n: int) -> list[tuple[Card, int, bool, bool]]:
    """(card, group, starts a group, laid off) for ``player``'s side of a knocked hand, with the
    first ``laid_n`` lay-offs made."""
    laid: set[Card] = set()
    if player == s.knocker:
        melds = [list(m.cards) for m in s.knocker_arrangement.melds]
        for lay in s.layoffs[:laid_n]:
            melds[lay.meld].append(lay.card)
            laid.add(lay.card)
        slots = handview.arrangement_slots(melds, s.knocker_arrangement.deadwood)
    else:
        extra = [lay.card for lay in s.layoffs[laid_n:]]
        slots = handview.arrangement_slots(
            [m.cards for m in s.defender_arrangement.melds], s.defender_arrangement.deadwood, extra
        )
    return [(c, g, st, c in laid) for c, g, st in slots]


# ----- texts and controls -----------------------------------------------------------------------


def live_kinds(v: PlayerView) -> set[str]:
    return {a.kind for a in v.legal_actions} if v.my_turn else set()


def piles(v: PlayerView, ui: TableState) -> Piles:
    kinds = live_kinds(v)
    n = v.stock_size
    top = v.top
    return Piles(
        stock_count=n,
        stock_label=f"Stock, {n} card{'s' if n != 1 else ''}",
        stock_live=ActionKind.DRAW_STOCK in kinds,
        pile_label=f"Discard pile, top card {top.name}" if top else "Discard pile, empty",
        pile_live=ActionKind.DRAW_PILE in kinds,
        hinted=ui.hint if ui.hint in ("stock", "pile") else None,
    )


def hands(v: PlayerView, sd: Settlement | None, ui: TableState, who: str = "Computer") -> Hands:
    """The two hands' labels and counts (``who``: the other seat's name)."""
    discarding = v.my_turn and v.phase == Phase.DISCARD
    after = v.least_discard if discarding else None
    dw = after[1] if after is not None else v.deadwood
    mine, opp = _hand_labels(v, after, dw, who)
    opp_dw = None
    if sd is not None:
        dw, opp_dw = shown_deadwood(sd, ui)
        mine = f"Your cards laid out, deadwood {dw}"
        opp = f"{who}'s cards laid out, deadwood {opp_dw}"
    limit = v.knock_limit
    return Hands(
        mine_label=mine,
        can_discard=discarding,
        showdown=ui.stage > Stage.LIVE,
        opp_label=opp,
        opp_deadwood=opp_dw,
        deadwood=dw,
        deadwood_after=f"after discarding {after[0].symbol}" if after and sd is None else "",
        can_knock=dw <= limit and v.phase not in ENDED,
        knock_info="gin only" if limit == 0 else f"knock at {limit}",
    )


def _hand_labels(v: PlayerView, after: tuple[Card, int] | None, dw: int, who: str) -> tuple[str, str]:
    """The two hands' names during play: your deadwood ``dw`` as it will be after the best
    discard (``after``) when you have one to make; the computer's cards you have seen."""
    mine = f"Your hand, {len(v.hand)} cards, deadwood {dw}" + (
        f" after discarding the {after[0].name}" if after else ""
    )
    known = ", ".join(c.name for c in v.opponent_known)
    opp = f"{who}'s hand, {v.opponent_hand_size} cards" + (f"; known: {known}" if known else "")
    return mine, opp


def shown_deadwood(sd: Settlement, ui: TableState) -> tuple[int, int]:
    """(yours, the computer's) deadwood as the showdown stands: cards not yet laid off still count
    against the defender."""
    me = sd.knocker_deadwood if sd.knocker == 0 else sd.defender_deadwood
    opp = sd.knocker_deadwood if sd.knocker == 1 else sd.defender_deadwood
    lay = sum(x.card.value for x in sd.layoffs[laid_count(sd, ui) :])
    return (me + lay, opp) if sd.knocker == 1 else (me, opp + lay)


def controls(v: PlayerView, look: Look) -> Controls:
    kinds = live_kinds(v)
    return Controls(
        take=v.phase in (Phase.OFFER, Phase.WALL) and ActionKind.DRAW_PILE in kinds,
        pass_=ActionKind.PASS in kinds,
        knock=ActionKind.KNOCK in kinds,
        gin=ActionKind.GIN in kinds,
        big_gin=ActionKind.BIG_GIN in kinds,
        hint=look.helped and v.my_turn and v.phase not in ENDED,
        undo=look.can_undo,
        undo_shown=not look.strict,
        sort=look.sort,
    )


def facts(v: PlayerView, ui: TableState, look: Look) -> Facts:
    """The facts line; while the device is handed over, nobody's turn and who takes it."""
    target = v.rules.target
    hand = [f"Hand {v.hand_number}"]
    if v.rules.oklahoma and v.upcard is not None:
        hand.append(f"Oklahoma: {v.upcard.symbol} sets the limit")
    if v.multiplier != 1:
        hand.append(f"spade upcard: \u00d7{v.multiplier}")
    return Facts(
        scores=(v.scores[0], v.scores[1]),
        target=f"to {target}" if target is not None else "one hand",
        hand=" \u00b7 ".join(hand),
        thinking=ui.thinking,
        level="" if look.people else look.level.capitalize(),
        phase=str(v.phase),
        turn=_turn(v, look),
        status=_status(v, ui, look),
        me=look.me,
        opp=look.opp,
        handover=look.handover,
    )


def _turn(v: PlayerView, look: Look) -> Literal["you", "computer", "other", "none"]:
    if look.handover is not None or look.waiting is not None or v.to_move is None:
        return "none"
    if v.my_turn:
        return "you"
    return "other" if look.people else "computer"


def _status(v: PlayerView, ui: TableState, look: Look) -> str:
    if look.handover is not None:
        return handover.instruction(look.handover)
    if look.waiting is not None:
        return look.waiting
    return _said(narrate.status_text(v, ui.thinking), look)


def _said(text: str, look: Look) -> str:
    """A text written for you against the computer, with the other player's name (two people,
    or a table of seats)."""
    return narrate.named(text, look.opp) if look.opp != "Computer" else text


# ----- scoreboard and result --------------------------------------------------------------------


def scoreboard(v: PlayerView, look: Look) -> Scoreboard:
    rows = tuple(
        ScoreRow(
            r.number,
            _said(narrate.hand_short(r.settlement), look),
            r.points[0],
            r.points[1],
            r.deal_code,
            r.dealer,
        )
        for r in v.records
    )
    current = v.hand_number if v.phase not in ENDED else None
    names = (look.me, look.opp) if look.people else ("You", "Comp.")
    return Scoreboard(rows, current, (v.scores[0], v.scores[1]), look.hand_buttons, names, coded=look.coded)


def result(v: PlayerView, ui: TableState, look: Look) -> Result | None:
    """The finished hand's result, once the showdown has been shown."""
    rec = v.showdown if ui.stage >= Stage.RESULT else None
    if rec is None:
        return None
    s = rec.settlement
    lines = (
        narrate.settlement_lines(s)
        if s
        else ["Nobody knocked before the end of the stock: the hand is redealt by the same dealer."]
    )
    button: ResultButton = "next"
    if look.practice_code is not None:
        button = "practice-end"
    elif v.phase == Phase.MATCH_OVER:
        button = "show-result"
    return Result(
        number=rec.number,
        title=_said(narrate.hand_headline(s), look),
        lines=tuple(_said(line, look) for line in lines),
        scores=(v.scores[0], v.scores[1]),
        deal_code=rec.deal_code,
        dealer=rec.dealer,
        button=button,
        reasons=tuple((ln.text, ln.why) for ln in look.reasons),
        buttons=look.hand_buttons,
        names=(look.me, look.opp) if look.people else ("you", "computer"),
    )
