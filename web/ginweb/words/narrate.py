"""Words for everything the page says: events, moves, hand results and match bonuses.

Player 0 is "You" (second person), player 1 "Computer". Texts shown on screen write cards as
symbols ("9♠"); texts for screen readers (``spoken=True``) write their names ("9 of spades"),
both made from the cards themselves, never by rewriting a text.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import replace

from gin_core import Action, Card, Event, Match, MatchResult, PlayerView, Reason, Settlement

NAMES = ("You", "Computer")


def card_word(card: Card, spoken: bool = False) -> str:
    """A card in a text: its symbol on screen, its name for a screen reader."""
    return card.name if spoken else card.symbol


def cards_words(cards: Iterable[Card], spoken: bool = False) -> str:
    return (", " if spoken else " ").join(card_word(c, spoken) for c in cards)


def who(p: int | None) -> str:
    return NAMES[p] if p is not None else "Nobody"


def verb(p: int, you: str, third: str) -> str:
    return f"You {you}" if p == 0 else f"{NAMES[p]} {third}"


def leaving_words(counts: bool) -> str:
    """The warning before your match in progress is left for another: whether the statistics
    will count it as abandoned (a match that does not count, two people's or a practice, is
    not: ``Session.abandon``)."""
    if counts:
        return "The match in progress will be abandoned (it counts as abandoned in your statistics)."
    return "The match in progress will be abandoned (it does not count in your statistics)."


def rule_message(refusal: Exception) -> str:
    """A refused move for people: the rule as the engine states it, first letter capitalised."""
    text = str(refusal)
    return text[:1].upper() + text[1:]


def event_text(ev: Event, names: Sequence[str] | None = None) -> str:
    """One log line for an engine event: as "you" and the computer, or with ``names`` (two
    people on one device: the log is read by both, so each seat by its name)."""
    p, card = ev.player, ev.card
    if names is not None:
        return ev.describe(names)
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


def reason_words(reason: Reason, odds: bool = True) -> str:
    """A bot's reason (data) in words, capitalised; ``odds=False`` leaves out the playout
    figures (the hint shows the value beside it)."""
    if not odds:
        reason = replace(reason, wins=None, points=None)
    text = reason.describe()
    return text[:1].upper() + text[1:]


def signed(value: float) -> str:
    """A figure to a tenth with its sign, minus as the minus sign."""
    return f"{value:+.1f}".replace("-", "\u2212")


def action_label(action: Action, top: Card | None = None, spoken: bool = False) -> str:
    """Short words for a move, for hints and confirmations."""
    k, c = action.kind, action.card
    word = card_word(c, spoken) if c is not None else ""
    if k == "discard":
        return f"Discard {word}"
    if k == "knock":
        return f"Knock, discarding {word}"
    if k == "gin":
        return f"Gin, discarding {word}"
    if k == "big_gin":
        return "Big gin"
    if k == "draw_pile":
        return f"Take {card_word(top, spoken)}" if top else "Take the discard"
    if k == "draw_stock":
        return "Draw from the stock"
    if k == "pass":
        return "Pass"
    return "Next hand"


def settlement_lines(s: Settlement, layoffs_text: bool = True, spoken: bool = False) -> list[str]:
    """The hand result in words: what happened, lay-offs, deadwood, and the points arithmetic
    whose result is ``s.points``."""
    k, kd, dd = s.knocker, s.knocker_deadwood, s.defender_deadwood
    if s.kind == "big_gin":
        lines = [verb(k, "go big gin: all eleven cards meld.", "goes big gin: all eleven cards meld.")]
    elif s.kind == "gin":
        lines = [verb(k, "go gin.", "goes gin.")]
    else:
        lines = [verb(k, f"knock with {kd}.", f"knocks with {kd}.")]
    if s.layoffs and layoffs_text:
        lines.append(layoff_line(s, spoken))
    lines.append(f"Deadwood: you {kd if k == 0 else dd}, computer {kd if k == 1 else dd}.")
    lines.append(points_line(s))
    return lines


def layoff_line(s: Settlement, spoken: bool) -> str:
    """The defender's lay-offs, meld by meld."""
    melds = s.knocker_arrangement.melds
    by_meld: dict[int, list[Card]] = {}
    for lay in s.layoffs:
        by_meld.setdefault(lay.meld, []).append(lay.card)
    whose = "your" if s.knocker == 0 else "the computer\u2019s"
    parts = [
        f"{cards_words(cards, spoken)} onto {whose} {cards_words(melds[i].cards, spoken)}"
        for i, cards in by_meld.items()
    ]
    return verb(s.defender, "lay off ", "lays off ") + "; ".join(parts) + "."


def points_line(s: Settlement) -> str:
    """The points arithmetic whose result is ``s.points`` (spade doubling shown)."""
    k, d, kd, dd = s.knocker, s.defender, s.knocker_deadwood, s.defender_deadwood
    if s.kind != "undercut" and s.winner is None:
        return f"Equal counts ({kd} each) are no undercut here: no points."
    if s.kind in ("gin", "big_gin"):
        label = "big gin" if s.kind == "big_gin" else "gin"
        head, who_, sum_text = "", k, f"{s.bonus} {label} bonus + {dd}"
    elif s.kind == "undercut":
        head, who_, sum_text = "Undercut! ", d, f"{s.bonus} undercut bonus + ({kd} \u2212 {dd})"
    else:
        head, who_, sum_text = "", k, f"{dd} \u2212 {kd}"
    if s.multiplier != 1:
        sum_text = f"({sum_text}) \u00d7 {s.multiplier} (spade upcard)"
    return f"{head}{verb(who_, 'score', 'scores')} {sum_text} = {s.points}."


def game_words(s: Settlement, names: Sequence[str]) -> str:
    """How one game at a table was scored, its two players by name (``s.explain``'s arithmetic,
    true minus signs): a player named "You" (the holder) is spoken to, "You knock: 56 \u2212 9
    deadwood = 47 to you", never "You knocks ... to You"."""
    k, d = names[s.knocker], names[s.defender]
    kd, dd = s.knocker_deadwood, s.defender_deadwood
    if s.kind in ("gin", "big_gin"):
        label = "Big gin" if s.kind == "big_gin" else "Gin"
        text = f"{label} by {_them(k)}: {s.bonus} bonus + {dd} deadwood of {_them(d)}"
    elif s.kind == "undercut":
        text = f"{_agree(d, 'undercut')} {_them(k)}: {s.bonus} bonus + ({kd} \u2212 {dd}) deadwood"
    elif s.winner is None:
        have = "have" if d == NAMES[0] else "has"
        return f"{_agree(k, 'knock')} with {kd}, {d} also {have} {dd}: no points"
    else:
        text = f"{_agree(k, 'knock')}: {dd} \u2212 {kd} deadwood"
    if s.multiplier != 1:
        text += ", doubled by the spade upcard"
    return text if s.winner is None else f"{text} = {s.points} to {_them(names[s.winner])}"


def _agree(name: str, stem: str) -> str:
    """A player and a verb that agree: "You knock", "Left knocks"."""
    return f"{name} {stem}" if name == NAMES[0] else f"{name} {stem}s"


def _them(name: str) -> str:
    """A player named inside a sentence: "you", or their name."""
    return "you" if name == NAMES[0] else name


def hand_headline(settlement: Settlement | None, names: Sequence[str] | None = None) -> str:
    """The hand's result in a few words: for you against the computer, or with two people's
    ``names`` (the log is read by both)."""
    if settlement is None:
        return "Dead hand: no score"
    w = settlement.winner
    if w is None:
        return "No points this hand"
    kind = {"gin": "Gin", "big_gin": "Big gin", "undercut": "Undercut", "knock": "Knock"}[settlement.kind]
    pts = f"{settlement.points} point{'s' if settlement.points != 1 else ''}"
    if names is not None:
        return f"{kind}: {names[w]} wins {pts}"
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
        rows.append(
            (f"Line bonus (hands won: {r.hands_won[0]} / {r.hands_won[1]})", r.line_bonus[0], r.line_bonus[1])
        )
    if any(r.shutout_bonus):
        rows.append(("Shutout bonus", r.shutout_bonus[0], r.shutout_bonus[1]))
    rows.append(("Total", r.totals[0], r.totals[1]))
    return rows


def named(text: str, opp: str) -> str:
    """``text`` written for you against the computer, with the other seat called ``opp`` (two
    people on one device: the seat at the table is "you", the other person by name)."""
    for word, name in (("the computer\u2019s", f"{opp}\u2019s"), ("Computer", opp), ("computer", opp)):
        text = text.replace(word, name)
    return text


def match_headline(r: MatchResult, names: Sequence[str] | None = None) -> str:
    """The match's end in words: for you against the computer, or with two people's ``names``."""
    if r.winner is None:
        return "The match is drawn"
    margin = abs(r.totals[0] - r.totals[1])
    if names is not None:
        base = f"{names[r.winner]} wins the match"
    else:
        base = "You win the match" if r.winner == 0 else "Computer wins the match"
    return f"{base}{' with a shutout' if r.shutout else ''}, by {margin} point{'s' if margin != 1 else ''}"


_ENDINGS = (("knock", "knock"), ("gin", "go gin"), ("big_gin", "go big gin"))
"""The ways to end the hand with a discard, as the status line offers them (in this order)."""


def status_text(v: PlayerView, thinking: bool = False, spoken: bool = False) -> str:
    """The status line: whose turn it is and what you may do (from your view alone)."""
    if v.phase == "match_over" and v.result is not None:
        return match_headline(v.result)
    if v.phase == "hand_over":
        return hand_headline(v.showdown.settlement if v.showdown else None)
    if not v.my_turn:
        return "Computer is thinking\u2026" if thinking else "Computer\u2019s turn"
    return _your_turn(v, spoken)


def _your_turn(v: PlayerView, spoken: bool) -> str:
    """What you may do on your turn: the phase says which move is due, the legal actions
    whether you may take the discard and how you may end the hand."""
    kinds = {a.kind for a in v.legal_actions}
    top = card_word(v.top, spoken) if v.top is not None else ""
    if v.phase == "offer":
        return f"Take the {top} or pass."
    if v.phase == "wall":
        if "draw_pile" in kinds:
            return f"Two cards left: take the {top} only to knock, or pass (no score)."
        return "Two cards left and the discard cannot help you knock: pass (no score)."
    if v.phase == "draw":
        take = f" or take the {top}" if "draw_pile" in kinds else ""
        return f"Your turn: draw from the stock{take}."
    if v.must_knock:
        return "You took the discard at the wall: knock or go gin."
    return _discard_text(kinds)


def _discard_text(kinds: Collection[str]) -> str:
    """'Discard a card, or knock or go gin.': the discard, and the ways to end the hand that
    ``kinds`` (the legal actions' kinds) allow."""
    extra = [words for kind, words in _ENDINGS if kind in kinds]
    return "Discard a card" + (", or " + " or ".join(extra) if extra else "") + "."


def computer_move(m: Match) -> str:
    """The computer's last move in words (for the live region after it plays)."""
    mine = (e for e in reversed(m.events) if e.player == 1 and e.kind not in ("cut", "deal"))
    return event_text(next(mine, m.events[-1]))


def hand_spoken(v: PlayerView) -> str:
    """The finished hand said in full: result, the arithmetic, the score."""
    s = v.showdown.settlement if v.showdown else None
    lines = settlement_lines(s, spoken=True)[1:] if s else []
    return f"{hand_headline(s)}. {' '.join(lines)} Score: you {v.scores[0]}, computer {v.scores[1]}."


def hint_target(action: Action) -> str | None:
    """What the hint marks on the table: the card to play, or "stock" / "pile" to draw from."""
    if action.card is not None:
        return str(action.card)
    return {"draw_stock": "stock", "draw_pile": "pile"}.get(action.kind)
