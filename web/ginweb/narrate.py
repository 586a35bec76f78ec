"""Words for everything the page says: events, moves, hand results and match bonuses.

Player 0 is "You" (second person), player 1 "Computer". Card symbols such as "9♠" in the
bots' reasons are turned into names for screen readers by :func:`spoken`.
"""

from __future__ import annotations

import re

from gin_core import Action, Card, Event, MatchResult, Settlement

NAMES = ("You", "Computer")
_SYMBOL = re.compile(r"(10|[2-9AJQK])([\u2663\u2666\u2665\u2660])")
_SUIT_OF = {"\u2663": "C", "\u2666": "D", "\u2665": "H", "\u2660": "S"}
_ACTION_WORDS = re.compile(r"\s*\((draw_pile|draw_stock|next_hand|pass|big_gin)\)")


def who(p: int | None) -> str:
    return NAMES[p] if p is not None else "Nobody"


def verb(p: int, you: str, third: str) -> str:
    return f"You {you}" if p == 0 else f"{NAMES[p]} {third}"


def card_from_symbol(text: str) -> Card:
    m = _SYMBOL.fullmatch(text)
    if not m:
        raise ValueError(text)
    rank = "T" if m.group(1) == "10" else m.group(1)
    return Card.parse(rank + _SUIT_OF[m.group(2)])


def spoken(text: str) -> str:
    """'discards 9♠' -> 'discards 9 of spades' (card names a screen reader says well)."""
    return _SYMBOL.sub(lambda m: card_from_symbol(m.group(0)).name, text)


def rule_message(text: str) -> str:
    """An IllegalAction message for people: the rule as the engine states it, without the
    action identifiers it adds for programmers, first letter capitalised."""
    text = _ACTION_WORDS.sub("", text).strip()
    return text[:1].upper() + text[1:]


def event_text(ev: Event) -> str:
    """One log line for an engine event."""
    p, card = ev.player, ev.card
    name = card.name if card else ""
    if p != 0 or ev.kind in ("dead_hand",):
        if ev.kind == "match_over":
            return "The match is drawn" if p is None else f"{who(p)} wins the match"
        return ev.describe(NAMES)
    return {
        "cut": f"You cut the {name}",
        "deal": f"Hand {ev.number}: you deal" + (f", upcard {name}" if card else ""),
        "draw_pile": f"You take the {name}",
        "draw_stock": "You draw from the stock",
        "pass": "You pass",
        "discard": f"You discard the {name}",
        "knock": "You knock",
        "gin": "You go gin",
        "big_gin": "You go big gin",
        "match_over": "You win the match",
    }.get(ev.kind, ev.describe(NAMES))


_VERBS = ("takes ", "draws from the stock", "discards ", "passes", "knocks ", "goes gin", "big gin")


_POINTS = re.compile(r"\s*\([+-]?\d+(\.\d+)? points\)$")


def reason_text(reason: str, drop_points: bool = False) -> str:
    """A bot's reason for the log, without the move the log line already names:
    'discards 7♦: the highest card that fits nothing' -> 'The highest card that fits nothing'.
    ``drop_points`` also drops a trailing '(+2.1 points)' shown elsewhere."""
    if drop_points:
        reason = _POINTS.sub("", reason)
    if reason.startswith(_VERBS):
        colon, semi = reason.find(": "), reason.find("; ")
        if colon >= 0 and (semi < 0 or colon < semi):
            reason = reason[colon + 2:]
        elif semi >= 0:
            reason = reason[semi + 2:]
        else:
            return ""
    return reason[:1].upper() + reason[1:]


def action_label(action: Action, top: Card | None = None) -> str:
    """Short words for a move, for hints and confirmations."""
    k, c = action.kind, action.card
    if k == "discard":
        return f"Discard {c.symbol}"
    if k == "knock":
        return f"Knock, discarding {c.symbol}"
    if k == "gin":
        return f"Gin, discarding {c.symbol}"
    if k == "big_gin":
        return "Big gin"
    if k == "draw_pile":
        return f"Take {top.symbol}" if top else "Take the discard"
    if k == "draw_stock":
        return "Draw from the stock"
    if k == "pass":
        return "Pass"
    return "Next hand"


def _meld_words(cards) -> str:
    return " ".join(c.symbol for c in cards)


def settlement_lines(s: Settlement, layoffs_text: bool = True) -> list[str]:
    """The hand result in words: what happened, lay-offs, deadwood, and the points arithmetic
    whose result is ``s.points``."""
    k, d = s.knocker, s.defender
    kd, dd = s.knocker_deadwood, s.defender_deadwood
    lines: list[str] = []
    if s.kind == "big_gin":
        lines.append(verb(k, "go big gin: all eleven cards meld.", "goes big gin: all eleven cards meld."))
    elif s.kind == "gin":
        lines.append(verb(k, "go gin.", "goes gin."))
    else:
        lines.append(verb(k, f"knock with {kd}.", f"knocks with {kd}."))
    if s.layoffs and layoffs_text:
        melds = s.knocker_arrangement.melds
        by_meld: dict[int, list[Card]] = {}
        for lay in s.layoffs:
            by_meld.setdefault(lay.meld, []).append(lay.card)
        parts = [
            f"{_meld_words(cards)} onto {'your' if k == 0 else 'the computer' + chr(8217) + 's'} {_meld_words(melds[i].cards)}"
            for i, cards in by_meld.items()
        ]
        lines.append(verb(d, "lay off ", "lays off ") + "; ".join(parts) + ".")
    lines.append(f"Deadwood: you {kd if k == 0 else dd}, computer {kd if k == 1 else dd}.")
    m = s.multiplier
    mult = f" \u00d7 {m} (spade upcard)" if m != 1 else ""
    if s.kind in ("gin", "big_gin"):
        label = "big gin" if s.kind == "big_gin" else "gin"
        sum_text = f"{s.bonus} {label} bonus + {dd}"
        if m != 1:
            sum_text = f"({sum_text}){mult}"
        lines.append(f"{verb(k, 'score', 'scores')} {sum_text} = {s.points}.")
    elif s.kind == "undercut":
        sum_text = f"{s.bonus} undercut bonus + ({kd} \u2212 {dd})"
        if m != 1:
            sum_text = f"({sum_text}){mult}"
        lines.append(f"Undercut! {verb(d, 'score', 'scores')} {sum_text} = {s.points}.")
    elif s.winner is None:
        lines.append(f"Equal counts ({kd} each) are no undercut here: no points.")
    else:
        sum_text = f"{dd} \u2212 {kd}"
        if m != 1:
            sum_text = f"({sum_text}){mult}"
        lines.append(f"{verb(k, 'score', 'scores')} {sum_text} = {s.points}.")
    return lines


def hand_headline(settlement: Settlement | None) -> str:
    if settlement is None:
        return "Dead hand: no score"
    w = settlement.winner
    if w is None:
        return "No points this hand"
    kind = {"gin": "Gin", "big_gin": "Big gin", "undercut": "Undercut", "knock": "Knock"}[settlement.kind]
    pts = f"{settlement.points} point{'s' if settlement.points != 1 else ''}"
    return f"{kind}: {'you win' if w == 0 else 'computer wins'} {pts}"


def hand_short(settlement: Settlement | None) -> str:
    """A scoreboard cell: 'You: gin', 'Computer: undercut', 'Dead'."""
    if settlement is None:
        return "Dead hand"
    w = settlement.winner
    kind = {"gin": "gin", "big_gin": "big gin", "undercut": "undercut", "knock": "knock"}[settlement.kind]
    if w is None:
        return f"{who(settlement.knocker)}: knock, tie"
    return f"{who(w)}: {kind}"


def result_rows(r: MatchResult) -> list[tuple[str, int, int]]:
    """(label, you, computer) rows itemising the match total."""
    rows = [("Points from hands", r.hand_points[0], r.hand_points[1])]
    if any(r.game_bonus):
        rows.append(("Game bonus", r.game_bonus[0], r.game_bonus[1]))
    if any(r.line_bonus):
        rows.append((f"Line bonus (hands won: {r.hands_won[0]} / {r.hands_won[1]})",
                     r.line_bonus[0], r.line_bonus[1]))
    if any(r.shutout_bonus):
        rows.append(("Shutout bonus", r.shutout_bonus[0], r.shutout_bonus[1]))
    rows.append(("Total", r.totals[0], r.totals[1]))
    return rows


def match_headline(r: MatchResult) -> str:
    if r.winner is None:
        return "The match is drawn"
    margin = abs(r.totals[0] - r.totals[1])
    base = "You win the match" if r.winner == 0 else "Computer wins the match"
    return f"{base}{' with a shutout' if r.shutout else ''}, by {margin} point{'s' if margin != 1 else ''}"
