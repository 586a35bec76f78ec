"""Why a bot chose its move, as data: a kind, the cards it mentions and named figures.

The page renders its own words from a :class:`Reason` (and shows it only once the hand is over:
a reason may name cards of the bot's hand); :meth:`Reason.describe` gives English for the
arena, the command line and tests.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from ..arrange import best_arrangement
from ..cards import CARDS, Card, Mask, cards_of
from ..melds import meld_masks


class MeldShape(StrEnum):
    """The two kinds of meld: a set (one rank) or a run (one suit, consecutive)."""

    SET = "set"
    RUN = "run"


class ReasonKind(StrEnum):
    """What a bot's reason says. ``cards`` and the figures each kind carries:

    Any phase:

    - ``only_move``: the only legal move. cards: the card put down, if any.
    - ``cannot_end``: passes at the wall because taking the card could not end the hand.
    - ``big_gin``: all eleven cards meld.
    - ``gin``: goes gin. cards: (the card put down,).
    - ``next_hand``: deals the next hand.

    Drawing (``cards[0]`` is the face-up card when there is one):

    - ``makes_meld``: takes the card: it completes a meld. cards: (taken, *the meld's cards);
      ``meld``: its shape.
    - ``lowers_deadwood``: takes the card to lower the deadwood. cards: (taken,); ``before``,
      ``deadwood``: the deadwood before and after.
    - ``takes``: takes the card (a search candidate that makes no meld). cards: (taken,).
    - ``fits_nothing``: passes or draws from the stock: the face-up card fits nothing.
      cards: (face-up card,) or () if there is none.
    - ``helps_too_little``: passes or draws: the card would join a meld but a stock draw is worth
      more. cards: (face-up card,).
    - ``pile_forbidden``: draws from the stock: the face-up card may not be taken.
    - ``pile_limit``: draws from the stock: taking the face-up card would be the draw from the
      pile that reaches ``Rules.pile_draw_limit`` and ends the hand dead. cards: (face-up card,).
    - ``ends_dead``: takes the face-up card, the draw that ends the hand dead, because playing on
      likely loses: the opponent can likely knock and it cannot. cards: (taken,); ``opponent``:
      the opponent's likely count; ``deadwood``: its own expected count after a stock draw.
    - ``no_take_back``: draws from the stock rather than take back the face-up card it threw
      since the last stock draw (bots never pass cards back and forth). cards: (face-up card,).
    - ``draws``: draws from the stock (a search candidate).
    - ``passes``: passes on the upcard (a search candidate). cards: (face-up card,).
    - ``take_to_knock``: at the wall, takes the card to knock. cards: (taken,); ``deadwood``: the
      count it will knock with, when known.
    - ``wall_pass``: at the wall, passes and the hand is dead. ``deadwood``: the count it could
      have knocked with, when known; ``opponent``: the opponent's likely count, when weighed.

    Discarding (``cards[0]`` is the card put down):

    - ``must_end``: knocks because the hand must end now. ``deadwood``: the count.
    - ``knocks_at_once``: knocks as soon as it can. ``deadwood``.
    - ``knock_beats_likely``: knocks: well under the opponent's likely count. ``deadwood``,
      ``opponent``.
    - ``knocks``: knocks (a search candidate). ``deadwood``.
    - ``keeps_pair``: discards, keeping a pair that could become a meld. cards: (discard, the two
      kept cards); ``meld``: the shape they would make.
    - ``leaves_deadwood``: discards the card leaving this count. ``deadwood``.
    - ``lone_high``: discards the highest card that fits nothing.
    - ``loose_high``: discards the highest unmelded card.
    - ``waits``: only as ``declined`` of a discard: does not knock with ``deadwood``, too close to
      the opponent's likely ``opponent``; waits for gin or an undercut.

    Any reason may add: ``safe`` (a discard the opponent is unlikely to use), ``declined`` (the
    knock it did not make, a ``waits`` reason), and from a search ``wins`` (percent of the
    playouts or guessed hands won) with ``points`` (their mean points for the bot).
    """

    ONLY_MOVE = "only_move"
    CANNOT_END = "cannot_end"
    BIG_GIN = "big_gin"
    GIN = "gin"
    NEXT_HAND = "next_hand"
    MAKES_MELD = "makes_meld"
    LOWERS_DEADWOOD = "lowers_deadwood"
    TAKES = "takes"
    FITS_NOTHING = "fits_nothing"
    HELPS_TOO_LITTLE = "helps_too_little"
    PILE_FORBIDDEN = "pile_forbidden"
    PILE_LIMIT = "pile_limit"
    ENDS_DEAD = "ends_dead"
    NO_TAKE_BACK = "no_take_back"
    DRAWS = "draws"
    PASSES = "passes"
    TAKE_TO_KNOCK = "take_to_knock"
    WALL_PASS = "wall_pass"
    MUST_END = "must_end"
    KNOCKS_AT_ONCE = "knocks_at_once"
    KNOCK_BEATS_LIKELY = "knock_beats_likely"
    KNOCKS = "knocks"
    KEEPS_PAIR = "keeps_pair"
    LEAVES_DEADWOOD = "leaves_deadwood"
    LONE_HIGH = "lone_high"
    LOOSE_HIGH = "loose_high"
    WAITS = "waits"


ENDING = frozenset(
    {
        ReasonKind.BIG_GIN,
        ReasonKind.GIN,
        ReasonKind.MUST_END,
        ReasonKind.KNOCKS_AT_ONCE,
        ReasonKind.KNOCK_BEATS_LIKELY,
        ReasonKind.KNOCKS,
    }
)


@dataclass(frozen=True, slots=True)
class Reason:
    """One reason; see :class:`ReasonKind` for what each kind carries. Figures are ``None`` when
    the kind does not use them."""

    kind: ReasonKind
    cards: tuple[Card, ...] = ()
    meld: MeldShape | None = None
    deadwood: int | None = None
    before: int | None = None
    opponent: int | None = None
    safe: bool = False
    declined: Reason | None = None
    wins: int | None = None
    points: float | None = None

    def describe(self) -> str:
        """The reason in English, one line (without the move itself)."""
        text = _TEXTS[self.kind](self)
        if self.safe:
            text += "; the opponent is unlikely to use it"
        if self.declined is not None:
            text = f"{self.declined.describe()}; {text}"
        if self.wins is not None and self.points is not None:
            where = "against the likely hands" if self.kind in ENDING else "of the playouts"
            text += f"; wins {self.wins}% {where} ({self.points:+.1f} points)"
        return text


def _symbols(cards: tuple[Card, ...]) -> str:
    return " ".join(c.symbol for c in cards)


def _first(r: Reason) -> str:
    return r.cards[0].symbol if r.cards else ""


_TEXTS: dict[ReasonKind, Callable[[Reason], str]] = {
    ReasonKind.ONLY_MOVE: lambda r: "the only legal move",
    ReasonKind.CANNOT_END: lambda r: "taking the card could not end the hand",
    ReasonKind.BIG_GIN: lambda r: "all eleven cards meld",
    ReasonKind.GIN: lambda r: "all ten cards meld",
    ReasonKind.NEXT_HAND: lambda r: "deals the next hand",
    ReasonKind.MAKES_MELD: lambda r: f"makes a {r.meld} {_symbols(r.cards[1:])}",
    ReasonKind.LOWERS_DEADWOOD: lambda r: f"lowers the deadwood from {r.before} to {r.deadwood}",
    ReasonKind.TAKES: lambda r: f"takes {_first(r)}",
    ReasonKind.FITS_NOTHING: lambda r: f"{_first(r)} fits nothing" if r.cards else "no face-up card",
    ReasonKind.HELPS_TOO_LITTLE: lambda r: f"{_first(r)} does not help enough",
    ReasonKind.PILE_FORBIDDEN: lambda r: "the face-up card may not be taken",
    ReasonKind.PILE_LIMIT: lambda r: (
        f"taking {_first(r)} would reach the limit of draws from the pile: a dead hand"
    ),
    ReasonKind.ENDS_DEAD: lambda r: (
        f"takes {_first(r)} to end the hand dead: the opponent likely holds about {r.opponent}, "
        f"low enough to knock, and a stock draw leaves it about {r.deadwood}"
    ),
    ReasonKind.NO_TAKE_BACK: lambda r: f"does not take back {_first(r)}, thrown since the last stock draw",
    ReasonKind.DRAWS: lambda r: "draws from the stock",
    ReasonKind.PASSES: lambda r: f"passes on {_first(r)}",
    ReasonKind.TAKE_TO_KNOCK: lambda r: (
        f"takes {_first(r)} to knock" + (f" with {r.deadwood}" if r.deadwood is not None else "")
    ),
    ReasonKind.WALL_PASS: lambda r: (
        f"knocking with {r.deadwood} risks an undercut; the hand is dead"
        if r.deadwood is not None
        else "the hand is dead"
    ),
    ReasonKind.MUST_END: lambda r: f"knocks with {r.deadwood}: the hand must end now",
    ReasonKind.KNOCKS_AT_ONCE: lambda r: f"knocks with {r.deadwood}: knocks as soon as it can",
    ReasonKind.KNOCK_BEATS_LIKELY: lambda r: (
        f"knocks with {r.deadwood}: the opponent likely holds about {r.opponent}"
    ),
    ReasonKind.KNOCKS: lambda r: f"knocks with {r.deadwood}",
    ReasonKind.KEEPS_PAIR: lambda r: f"keeps {_symbols(r.cards[1:])} for a {r.meld}",
    ReasonKind.LEAVES_DEADWOOD: lambda r: f"leaves {r.deadwood} deadwood",
    ReasonKind.LONE_HIGH: lambda r: "the highest card that fits nothing",
    ReasonKind.LOOSE_HIGH: lambda r: "the highest loose card",
    ReasonKind.WAITS: lambda r: (
        f"does not knock: {r.deadwood} is too close to the opponent's likely {r.opponent}; "
        "waits for gin or an undercut"
    ),
}


def meld_with(hand: Mask, card: int) -> tuple[MeldShape, Mask] | None:
    """The smallest meld of ``hand`` (which holds ``card``) that ``card`` joins, as (shape, mask),
    or None."""
    melds = [m for m in meld_masks(hand) if m >> card & 1]
    if not melds:
        return None
    best = min(melds, key=lambda m: m.bit_count())
    shape = MeldShape.SET if len({c.rank for c in cards_of(best)}) == 1 else MeldShape.RUN
    return shape, best


def takes_for_meld(card: Card, joined: tuple[MeldShape, Mask]) -> Reason:
    """Takes ``card``: it makes the meld ``joined`` (from :func:`meld_with`)."""
    shape, mask = joined
    return Reason(ReasonKind.MAKES_MELD, (card, *cards_of(mask)), meld=shape)


def draw_kept(hand: Mask, live: Mask) -> tuple[Card, Card, MeldShape] | None:
    """The unmelded pair of ``hand`` with the most live cards (in ``live``) that would complete
    it, and the meld it would make; None if no loose pair has any."""
    loose = [c.index for c in best_arrangement(cards_of(hand)).deadwood]
    best, best_outs = None, 0
    for k, a in enumerate(loose):
        for b in loose[k + 1 :]:
            sa, ra = divmod(a, 13)
            sb, rb = divmod(b, 13)
            if ra == rb:
                outs = sum(1 for s in range(4) if live >> (13 * s + ra) & 1)
                shape = MeldShape.SET
            elif sa == sb and abs(ra - rb) <= 2:
                lo, hi = min(ra, rb), max(ra, rb)
                ends = [lo + 1] if hi - lo == 2 else [lo - 1, hi + 1]
                outs = sum(1 for r in ends if 0 <= r < 13 and live >> (13 * sa + r) & 1)
                shape = MeldShape.RUN
            else:
                continue
            if outs > best_outs:
                best, best_outs = (CARDS[a], CARDS[b], shape), outs
    return best
