"""Fast playouts: the rest of one hand on card masks, both sides playing a quick greedy policy.

The search levels guess the hidden cards (the opponent's hand and the stock order), then play
each candidate move out to the end of the hand with this module. The policy, for both sides:
take the face-up card if it lowers the deadwood, discard the card leaving the least deadwood
(the higher one on ties), knock or go gin as soon as allowed (a seat may be given a lower knock
limit: the coach's model of the standard level, who knocks only well under its estimate of the
other's count); a *wary* player (expert's model of a good one) does not knock when the knock
would be undercut, which it can tell because a playout knows both guessed hands. Every rule
option that changes how a hand ends is modelled (knock limit, stock ends including the wall,
big gin, upcard passes, the card-taken restriction, the pile draw limit and the dead second
throw-back); scoring gives the engine's points (:func:`~gin_core.scoring.knock_points`) by a
shorter count (:mod:`.knock_points`).

The two rules that end a hand on pile draws end a playout where :class:`~gin_core.hand.Hand`
would end it. ``Rules.pile_draw_limit``: the state carries the hand's counted pile draws so far
(from the player's view, :func:`.knowledge.pile_history`); a take in the draw phase that reaches
the limit ends the playout dead (a take of the first upcard or at the wall is not counted). The
presets' limit of 50 is not reached in ordinary play: the policy takes a card only when it
lowers the taker's deadwood, which no stock draw raises, so pile cards are not passed back and
forth; hard against simple (40 hands each of eaai and openspiel) reached at most 7 counted draws
before a playout and 14 with the playout's takes. So under the presets the search makes the
moves it made before the limit was modelled (the decision digests and the arena's tallies are
unchanged, see docs/bots.md). ``Rules.throw_back_dead``: the policy takes a card only
if the best discard after it leaves less deadwood than the hand held, so it never throws the
taken card back (discarding it would leave the same deadwood); only the first discard of a
playout that starts after a move taking from the pile (which the policy did not choose) can be
a throw-back, and the state names that card (``fatal``) when the hand's last discard was one.
"""

from __future__ import annotations

from ..arrange import min_deadwood, top_card
from ..cards import CARD_VALUES, Mask
from ..flow import Phase, at_the_wall, dead_after_discard
from ..rules import Rules
from .heuristics import best_after, cached_discard
from .knock_points import knock_score
from .knowledge import fits

TURN_UNITS = 2  # work units of one simulated turn (two best-discard searches)
END_UNITS = 3  # work units of scoring a knock


def score(rules: Rules, hands: list[Mask], knocker: int, big: bool = False) -> int:
    """Points of a knock for player 0 (negative when player 1 scores)."""
    points = knock_score(hands[knocker], hands[1 - knocker], rules, big)
    return points if knocker == 0 else -points


# Phase members are compared by identity; looked up on the enum they cost 50 ns each in CPython.
_OFFER, _DRAW, _DISCARD = Phase.OFFER, Phase.DRAW, Phase.DISCARD


class PlayoutState:
    """Where a playout starts, and what it consumes: both hands (``hands[turn]`` holds 11 cards
    in the discard phase), the pile (the face-up card last) and the stock (the next card last),
    whose turn it is and the phase: ``OFFER`` (``passes`` players have passed the upcard),
    ``DRAW`` (``stock_only`` after both passed) or ``DISCARD`` (``forbidden``: the card just
    taken, when the rules forbid discarding it; ``fatal``: the card whose discard ends the hand
    dead, the card just taken right after a throw-back under ``Rules.throw_back_dead``), and
    ``pile_draws``: the hand's draws from the pile so far as ``Rules.pile_draw_limit`` counts
    them. :func:`playout` reads the fields into locals once and then mutates the hands and
    lists, so a state plays out once.

    A plain class with slots, not a dataclass: the search makes one per playout (a dataclass
    would also cost milliseconds of ``exec`` at import in Pyodide)."""

    __slots__ = (
        "fatal",
        "forbidden",
        "hands",
        "passes",
        "phase",
        "pile",
        "pile_draws",
        "stock",
        "stock_only",
        "turn",
    )

    def __init__(  # 10 parameters: one per field, the state of a hand in progress
        self,
        hands: list[Mask],
        pile: list[int],
        stock: list[int],
        turn: int,
        phase: Phase,
        forbidden: Mask = 0,
        passes: int = 0,
        stock_only: bool = False,
        pile_draws: int = 0,
        fatal: Mask = 0,
    ) -> None:
        self.hands = hands
        self.pile = pile
        self.stock = stock
        self.turn = turn
        self.phase = phase
        self.forbidden = forbidden
        self.passes = passes
        self.stock_only = stock_only
        self.pile_draws = pile_draws
        self.fatal = fatal

    def __repr__(self) -> str:
        return (
            f"PlayoutState({self.hands}, {self.pile}, {self.stock}, {self.turn}, {self.phase!s}, "
            f"forbidden={self.forbidden}, passes={self.passes}, stock_only={self.stock_only}, "
            f"pile_draws={self.pile_draws}, fatal={self.fatal})"
        )


def end_turn(
    rules: Rules, limit: int, state: PlayoutState, p: int, forbidden: Mask, wary: bool = False
) -> tuple[int | None, int]:
    """Player ``p`` (holding 11 cards in ``state.hands``) ends the turn, ``forbidden`` the card
    they may not discard: the hand, pile and stock of ``state`` change. Returns (points if the
    hand ended or None, deadwood kept). A ``wary`` player does not knock into an undercut."""
    return finish_turn(rules, limit, state, p, cached_discard(state.hands[p], forbidden), wary)


def finish_turn(
    rules: Rules, limit: int, state: PlayoutState, p: int, discard: tuple[int, int], wary: bool
) -> tuple[int | None, int]:
    """:func:`end_turn` with the best discard already known: (card, deadwood left)."""
    hands = state.hands
    if rules.big_gin and min_deadwood(hands[p]) == 0:
        return score(rules, hands, p, big=True), 0
    card, dw = discard
    hands[p] &= ~(1 << card)
    if dw <= limit:
        points = score(rules, hands, p)
        if not wary or dw == 0 or (points if p == 0 else -points) > 0:
            return points, dw
    state.pile.append(card)
    return (0 if dead_after_discard(rules, len(state.stock)) else None), dw


def playout(  # 5 parameters: the hand, its rules and how each seat knocks
    rules: Rules, limit: int, state: PlayoutState, wary: int = 0, limits: tuple[int, int] | None = None
) -> tuple[int, int]:
    """Play to the end of the hand from ``state`` (which is consumed); returns (points for
    player 0, work units used). Bit ``p`` of ``wary`` set: player ``p`` never knocks into an
    undercut. Player ``p`` knocks with ``limits[p]`` deadwood or less (kept between 0, so gin
    stays allowed, and ``limit``, the rules'); without ``limits``, both with ``limit``.
    """
    seats = (
        (limit, limit) if limits is None else (max(0, min(limit, limits[0])), max(0, min(limit, limits[1])))
    )
    hands = state.hands  # the fields as locals: the loop below reads them every turn
    pile = state.pile
    stock = state.stock
    turn = state.turn
    phase = state.phase
    forbidden = state.forbidden
    passes = state.passes
    stock_only = state.stock_only
    rule_forbids = rules.no_discard_after_pickup
    dws = [min_deadwood(h) if h.bit_count() == 10 else 99 for h in hands]
    turns = checks = 0
    cap = len(stock) + 12
    room = draws_left(rules, state.pile_draws, cap)
    while turns < cap:
        turns += 1
        p = turn
        if phase is not _DISCARD:
            top = pile[-1] if pile else -1
            bit = 1 << top if top >= 0 else 0
            forbid = bit if rule_forbids else 0
            if phase is _DRAW and at_the_wall(rules, len(stock)):
                return wall_turn(rules, state, p, forbid, seats[p]), units(turns)
            take = top >= 0 and not stock_only and lowers(hands[p], top, dws[p], forbid)
            if take:
                room -= phase is _DRAW  # a take of the first upcard is not counted
                if room <= 0:  # this draw reaches the pile draw limit: the hand is dead
                    return 0, units(turns, checks)
                hands[p] |= bit
                pile.pop()
                discard = cached_discard(hands[p], forbid)
            elif phase is _OFFER:
                passes += 1
                turn = 1 - p
                if passes == 2:
                    phase, stock_only = _DRAW, True
                continue
            else:
                drawn = stock.pop()
                discard = drawn_discard(hands[p], drawn, dws[p])
                hands[p] |= 1 << drawn
        else:
            discard = cached_discard(hands[p], forbidden)
            if state.fatal >> discard[0] & 1:  # a second throw-back, unless it knocks: dead
                points, _ = finish_turn(rules, seats[p], state, p, discard, (wary >> p & 1) == 1)
                return (0 if points is None else points), units(turns)
        points, dws[p] = finish_turn(rules, seats[p], state, p, discard, (wary >> p & 1) == 1)
        if points is not None:
            return points, units(turns, checks)
        checks += dws[p] <= seats[p]  # a wary player scored a knock and held back
        phase, stock_only, turn = _DRAW, False, 1 - p
    return 0, units(turns, checks)


def wall_turn(rules: Rules, state: PlayoutState, p: int, forbidden: Mask, limit: int) -> int:
    """Player ``p`` at the wall: takes the face-up card and knocks if the best discard but
    ``forbidden`` leaves ``limit`` deadwood or less, else passes and the hand is dead; returns
    the points for player 0 (the take is not counted toward the pile draw limit)."""
    hands, pile = state.hands, state.pile
    bit = 1 << pile[-1]
    if best_after(hands[p] | bit, forbidden) > limit:
        return 0
    hands[p] |= bit
    pile.pop()
    card, _ = cached_discard(hands[p], forbidden)
    hands[p] &= ~(1 << card)
    return score(rules, hands, p)


def draws_left(rules: Rules, pile_draws: int, turns: int) -> int:
    """How many more draws from the pile a hand that has made ``pile_draws`` of them (as
    ``Rules.pile_draw_limit`` counts) may make before one ends it, the one that does included;
    with no limit, more than a playout of ``turns`` turns can make."""
    most = rules.pile_draw_limit
    return turns + 1 if most is None else most - pile_draws


def lowers(held: Mask, card: int, deadwood: int, forbidden: Mask) -> bool:
    """True if taking ``card`` into the 10-card ``held`` of ``deadwood`` (then discarding the
    best card but ``forbidden``) leaves less deadwood. A card joining no meld only replaces a
    card worth more: it lowers the count if it is worth less than the hand's highest card and
    than the hand's own best discard saves (looked up for ``held``, not searched with the card)."""
    if fits(held, card):
        return best_after(held | 1 << card, forbidden) < deadwood
    value = CARD_VALUES[card]
    return value < CARD_VALUES[top_card(held)] and value + best_after(held) < deadwood


def drawn_discard(held: Mask, card: int, deadwood: int) -> tuple[int, int]:
    """(card, deadwood left) of the best discard once ``card`` is drawn into the 10-card
    ``held`` of ``deadwood``, ties to the higher card then the higher index, as
    :func:`~gin_core.arrange.least_discard` breaks them. A card joining no meld is no part of
    any packing, so the choice is between it (leaving ``deadwood``) and the hand's own best
    discard (leaving that discard's count plus the card's value); when the card outranks every
    card held (worth more, or as much with a higher index), it is the discard, no look-up."""
    if fits(held, card):
        return cached_discard(held | 1 << card)
    value, top = CARD_VALUES[card], top_card(held)
    if value > CARD_VALUES[top] or (value == CARD_VALUES[top] and card > top):
        return card, deadwood
    other, left = cached_discard(held)
    left += value
    if deadwood < left or (deadwood == left and (value, card) > (CARD_VALUES[other], other)):
        return card, deadwood
    return other, left


def units(turns: int, checks: int = 0) -> int:
    """Work units of a playout of ``turns`` turns that scored ``checks`` knocks it did not make."""
    return TURN_UNITS * turns + END_UNITS * (1 + checks)


def playout_bound(stock: int, wary: int) -> int:
    """The most work units one playout from a stock of ``stock`` cards can use."""
    turns = stock + 12
    return units(turns, turns if wary else 0)
