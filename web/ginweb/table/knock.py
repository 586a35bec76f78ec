"""What a knock or gin offers you: the card to put down face down and the melds to lay down.

At a table you lay your melds down before the computer shows a card, so the choice is yours and
uses only what you can see: every least-deadwood declaration of the cards you keep, your own
grouping on screen first when it is one of them, else the engine's default (fewest lay-off spots
for cards you have not seen). Pure: the dialog renders these choices."""

from __future__ import annotations

from collections.abc import Sequence

from gin_core import Action, Card, Meld, PlayerView, declarations

from ..kit.frozen import Frozen
from ..words.narrate import cards_words


class KnockChoice(Frozen):
    """One way to end the hand: the action (card and declared melds) and what it leaves."""

    action: Action
    deadwood: int

    @property
    def card(self) -> Card:
        """The card put face down."""
        assert self.action.card is not None  # a knock or gin always names it
        return self.action.card

    @property
    def melds(self) -> tuple[Meld, ...]:
        return self.action.melds or ()

    def label(self, spoken: bool = False) -> str:
        """'4♠ face down: [8♣ 8♥ 8♠] [9♣ 9♦ 9♥ 9♠], 4 deadwood' (each meld in brackets)."""
        sep, (open_, close) = ("; ", ("", "")) if spoken else (" ", ("[", "]"))
        melds = sep.join(f"{open_}{cards_words(m.cards, spoken)}{close}" for m in self.melds)
        card = self.action.card
        assert card is not None  # a knock or gin names its card
        put = card.name if spoken else card.symbol
        left = f", {self.deadwood} deadwood" if self.action.kind == "knock" else ""
        return f"{put} face down: {melds}{left}"


Ranked = tuple[tuple[int, int, int], KnockChoice]  # (yours first, deadwood, engine's order), choice


def knock_choices(v: PlayerView, kind: str, shown: Sequence[frozenset[Card]] = ()) -> list[KnockChoice]:
    """Every least-deadwood way to ``kind`` (knock or gin) now, your grouping ``shown`` (the
    melds as on screen) first, then the fewest deadwood and the engine's order."""
    unseen = v.unseen()
    limit = v.knock_limit if kind == "knock" else 0
    out: list[Ranked] = []
    for legal in v.legal_actions:
        if legal.kind == kind:
            out += _card_choices(v.hand, legal, limit, unseen, shown)
    out.sort(key=_order)
    return [choice for _, choice in out]


def _card_choices(
    hand: Sequence[Card], legal: Action, limit: int, unseen: frozenset[Card], shown: Sequence[frozenset[Card]]
) -> list[Ranked]:
    """The least-deadwood declarations of the cards kept when ``legal``'s card goes face down,
    each ranked (none when the rest cannot go down within ``limit``)."""
    card = legal.card
    assert card is not None  # a knock or gin always names its card
    kept = [c for c in hand if c != card]
    decls = declarations(kept, limit, unseen)
    if not decls:
        return []
    best = _left(kept, decls[0])
    out: list[Ranked] = []
    for rank, decl in enumerate(d for d in decls if _left(kept, d) == best):
        key = (0 if _is_shown(decl, shown) else 1, best, rank)
        out.append((key, KnockChoice(Action(legal.kind, card, melds=decl or None), best)))
    return out


def _is_shown(decl: tuple[Meld, ...], shown: Sequence[frozenset[Card]]) -> bool:
    """Whether every declared meld is one of the groups on screen (so it is your own grouping;
    declaring no meld is nobody's)."""
    return {frozenset(m.cards) for m in decl} <= set(shown) and bool(decl)


def _order(item: Ranked) -> tuple[tuple[int, int, int], int, int]:
    """The sort key of a choice: its rank, then (between cards ranked alike) the higher card
    put face down first."""
    return item[0], -item[1].card.value, -item[1].card.index


def _left(kept: Sequence[Card], decl: tuple[Meld, ...]) -> int:
    melded = {c for m in decl for c in m.cards}
    return sum(c.value for c in kept if c not in melded)
