"""Card faces as HTML: corner indices, suit pips laid out like a real deck, court panels.

Suits, crowns and the back pattern are SVG symbols defined once in index.html (``#sS`` ...),
so a face is a few ``<use>`` references and nothing is fetched.
"""

from __future__ import annotations

from functools import lru_cache

from gin_core import Card

RANK_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
COURT = {11: "J", 12: "Q", 13: "K"}

# Pip centres in a 100 x 140 card box (x: 30 / 50 / 70; pips below the middle are turned).
_L, _C, _R = 30, 50, 70
_T, _B = 26, 114
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    2: ((_C, _T), (_C, _B)),
    3: ((_C, _T), (_C, 70), (_C, _B)),
    4: ((_L, _T), (_R, _T), (_L, _B), (_R, _B)),
    5: ((_L, _T), (_R, _T), (_C, 70), (_L, _B), (_R, _B)),
    6: ((_L, _T), (_R, _T), (_L, 70), (_R, 70), (_L, _B), (_R, _B)),
    7: ((_L, _T), (_R, _T), (_C, 48), (_L, 70), (_R, 70), (_L, _B), (_R, _B)),
    8: ((_L, _T), (_R, _T), (_C, 48), (_L, 70), (_R, 70), (_C, 92), (_L, _B), (_R, _B)),
    9: ((_L, _T), (_R, _T), (_L, 55), (_R, 55), (_C, 70), (_L, 85), (_R, 85), (_L, _B), (_R, _B)),
    10: ((_L, _T), (_R, _T), (_C, 41), (_L, 55), (_R, 55), (_L, 85), (_R, 85), (_C, 99), (_L, _B), (_R, _B)),
}
PIP = 19  # pip size in card-box units


def rank_label(card: Card) -> str:
    return RANK_LABELS[card.rank - 1]


def _use(suit: str, cx: float, cy: float, size: float) -> str:
    x, y = cx - size / 2, cy - size / 2
    turn = f' transform="rotate(180 {cx} {cy})"' if cy > 70 else ""
    return f'<use href="#s{suit}" x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}"{turn}/>'


def _index(card: Card, where: str) -> str:
    ten = " ten" if card.rank == 10 else ""
    return (
        f'<span class="ix {where}{ten}"><span class="rk" data-r="{rank_label(card)}"></span>'
        f'<svg class="su" viewBox="0 0 100 100"><use href="#s{card.suit}"/></svg></span>'
    )


def _centre(card: Card) -> str:
    if card.rank == 1:
        body = _use(card.suit, 50, 70, 46)
        return f'<svg class="pips ace" viewBox="0 0 100 140">{body}</svg>'
    if card.rank <= 10:
        body = "".join(_use(card.suit, x, y, PIP) for x, y in PIPS[card.rank])
        return f'<svg class="pips" viewBox="0 0 100 140">{body}</svg>'
    letter = COURT[card.rank]
    return (
        f'<span class="court c{letter}"><svg class="crown" viewBox="0 0 100 60">'
        f'<use href="#court{letter}"/></svg><span class="cl" data-r="{letter}"></span>'
        f'<svg class="cs" viewBox="0 0 100 100"><use href="#s{card.suit}"/></svg></span>'
    )


@lru_cache(maxsize=64)
def face_html(card: Card) -> str:
    """Inner HTML of a face-up card (decorative: the element carries the accessible name, and
    the rank letters are CSS content, so the name, "jack of diamonds", is the only text)."""
    return _index(card, "tl") + _centre(card) + _index(card, "br")


BACK_HTML = '<span class="back-art"></span>'
