"""Property tests: many random matches under every preset and random rule combinations.

Every match is played by random players (uniform among the legal actions, biased towards knock
and gin so that hands end; some players also prefer the discard that keeps the least deadwood,
so that matches reach their target) and watched by a :class:`Harness` that checks, after every
action:

* a *shadow* of the hand, re-implemented here from the rules text (the :class:`Rules`
  docstring), agrees with the engine: both hands, stock, pile, phase, player to move, and the
  exact set of legal actions (recomputed from the shadow, not read from the engine);
* the 52 cards are conserved (hands + stock + pile + knock card, no duplicates);
* the legal action set is never empty before the match ends, and empty after;
* both players' views hold exactly what the shadow says each player may know, and no hidden
  card anywhere: every field is scanned recursively (dataclasses, tuples) for Card objects,
  card names inside strings, the current deal code and the seeds;
* each settlement is re-derived from the rules text (arrangements, lay-offs, kind, points,
  spade multiplier, knock limit including Oklahoma), scores are the sum of the hand results,
  the next dealer follows the rule, and at the end the totals equal hand points plus game,
  line and shutout bonuses recomputed here.

In "full" mode (a few matches per preset, and the Hypothesis tests) it also checks, at every
step: a JSON save/load round trip (identical views for both players, identical legal actions,
identical save text; play then continues on the *loaded* match), and that every illegal action
of the whole action universe, wrong-player moves included, raises IllegalAction and leaves
the state (save JSON and both views) unchanged.

Counts scale with the ``scale`` fixture / Hypothesis profile (tests/conftest.py).
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import operator
import os
import random
import re
from collections import Counter

import pytest
from hypothesis import given, note, settings
from hypothesis import strategies as st
from oracle import is_meld

from gin_core import CARDS, Action, Card, IllegalAction, Match, Rules
from gin_core.actions import WITH_CARD, WITHOUT_CARD
from gin_core.arrange import min_deadwood
from gin_core.cards import mask_of
from gin_core.dealcode import deal_seed, decode, encode, shuffled_deck
from gin_core.hand import Hand
from gin_core.presets import PRESETS
from gin_core.rules import NEXT_DEALERS, OKLAHOMA_ACES, SHUTOUTS, STOCK_ENDS
from gin_core.save import dumps, loads
from gin_core.view import PlayerView

PYODIDE = os.environ.get("GIN_PYODIDE") == "1"

VIEW_FIELDS = tuple(f.name for f in dataclasses.fields(PlayerView))
UNIVERSE = tuple(Action(k) for k in WITHOUT_CARD) + tuple(Action(k, c) for k in WITH_CARD for c in CARDS)
ENDERS = ("knock", "gin", "big_gin")
CARD_TOKEN = re.compile(r"(?<![0-9A-Z])(10|[A2-9TJQK])([CDHS])(?![0-9A-Z])", re.IGNORECASE)
SEED_BASE = 3 << 30  # match seeds far above any score, so a seed in a view is recognisable


def examples(fraction: float, minimum: int = 2) -> int:
    """A fraction of the active profile's max_examples (see conftest.py)."""
    return max(minimum, int(settings.default.max_examples * fraction))


# ----- the rules text, re-implemented -------------------------------------------------------


# the engine hands out the 52 Card singletons of CARDS; looking bits up by id() keeps the scans
# fast (Card's own __hash__/__eq__/__lt__ run in Python). Other Card objects fall back to .bit.
BIT = {id(c): 1 << i for i, c in enumerate(CARDS)}
RANK_ORDER = {id(c): (c.rank, c.suit) for c in CARDS}


_BIT_OF_ID = BIT.get
FULL_DECK = (1 << 52) - 1


def bits(cards) -> int:
    """The card mask of some cards (fast path in C for the engine's Card singletons)."""
    try:
        return functools.reduce(operator.or_, map(_BIT_OF_ID, map(id, cards)), 0)
    except TypeError:  # not the singletons
        return mask_of(cards)


def rank_order(card: Card):
    return RANK_ORDER.get(id(card)) or (card.rank, card.suit)


def value(card: Card) -> int:
    return min(card.rank, 10)


def deadwood_of(cards) -> int:
    return min_deadwood(mask_of(cards))  # cross-checked against brute force in test_arrange_bruteforce


class Shadow:
    """One hand, modelled independently of gin_core.hand from the rules text. Reads only the
    dealt cards (and stock order) from the engine's freshly dealt Hand."""

    def __init__(self, rules: Rules, hand: Hand, scores: tuple[int, int]):
        self.rules = rules
        self.dealer = d = hand.dealer
        non = 1 - d
        self.hands = [list(hand.hands[0]), list(hand.hands[1])]
        self.stock = list(hand.stock)  # top of the stock is the end of the list
        self.pile = list(hand.pile)
        everything = self.hands[0] + self.hands[1] + self.stock + self.pile
        assert len(self.hands[0]) == len(self.hands[1]) == 10, "10 cards each"
        assert len(everything) == 52 and set(everything) == set(CARDS), "a full deck is dealt"
        if rules.first_upcard:
            assert len(self.pile) == 1 and len(self.stock) == 31 and hand.upcard == self.pile[0]
            self.upcard: Card | None = self.pile[0]
            self.phase, self.turn = "offer", non  # the upcard is offered to the non-dealer first
        else:
            assert not self.pile and len(self.stock) == 32 and hand.upcard is None
            self.upcard = None
            # the lower score starts, the non-dealer on a tie
            self.phase, self.turn = "draw", (d if scores[d] < scores[non] else non)
        self.limit = rules.knock_limit
        if rules.oklahoma and self.upcard is not None:
            v = value(self.upcard)
            self.limit = (0 if rules.oklahoma_ace == "gin" else 1) if v == 1 else v
        self.mult = 2 if rules.spade_doubles and self.upcard is not None and self.upcard.suit == "S" else 1
        self.passes = 0
        self.stock_only = False
        self.taken: Card | None = None
        self.must_knock = False
        self.knock_card: Card | None = None
        self.knocker: int | None = None
        self.big = False
        self.dead = False
        self.pile_draws = 0  # taken from the pile in the draw phase (the pile draw limit)
        self.threw_back = False  # the last discard was the card taken that turn
        self.cause: str | None = None  # why a dead hand died, unless the stock ended it
        self.public = set(self.pile)  # every card that has been face up on the pile
        self.held_from_pile: list[list[Card]] = [[], []]  # taken from the pile, not discarded since
        self.discards: list[tuple[int, Card]] = []
        self.pile_takes: list[list[Card]] = [[], []]
        self.declined: list[list[Card]] = [[], []]
        self.initial = ([sorted(h) for h in self.hands], list(self.stock), list(self.pile))

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def forbidden(self) -> Card | None:
        return self.taken if self.rules.no_discard_after_pickup else None

    def _can_end_with(self, cards: list[Card], forbidden: Card | None) -> bool:
        mask = mask_of(cards)
        if self.rules.big_gin and min_deadwood(mask) == 0:
            return True
        return any(min_deadwood(mask & ~c.bit) <= self.limit for c in cards if c != forbidden)

    def legal(self) -> set[Action]:
        if self.phase == "offer":
            return {Action("draw_pile"), Action("pass")}
        if self.phase == "draw":
            acts = {Action("draw_stock")}
            if self.pile and not self.stock_only:
                acts.add(Action("draw_pile"))
            return acts
        if self.phase == "wall":
            top = self.pile[-1]
            forbidden = top if self.rules.no_discard_after_pickup else None
            acts = {Action("pass")}
            if self._can_end_with(self.hands[self.turn] + [top], forbidden):
                acts.add(Action("draw_pile"))
            return acts
        if self.phase == "discard":
            hand = self.hands[self.turn]
            mask = mask_of(hand)
            acts = set()
            for c in hand:
                if c == self.forbidden():
                    continue
                if not self.must_knock:
                    acts.add(Action("discard", c))
                dw = min_deadwood(mask & ~c.bit)
                if dw == 0:
                    acts.add(Action("gin", c))
                elif dw <= self.limit:
                    acts.add(Action("knock", c))
            if self.rules.big_gin and min_deadwood(mask) == 0:
                acts.add(Action("big_gin"))
            return acts
        return set()

    def apply(self, action: Action) -> None:
        p, kind, card = self.turn, action.kind, action.card
        if kind == "pass":
            self.declined[p].append(self.pile[-1])
            if self.phase == "wall":
                self.dead, self.phase = True, "over"
                return
            self.passes += 1
            self.turn = 1 - p
            if self.passes == 2:  # both passed: the non-dealer draws from the stock
                assert self.turn == 1 - self.dealer
                self.phase, self.stock_only = "draw", True
        elif kind == "draw_stock":
            if self.pile and not self.stock_only:
                self.declined[p].append(self.pile[-1])
            self.hands[p].append(self.stock.pop())
            self.taken, self.phase = None, "discard"
        elif kind == "draw_pile":
            if self.phase == "draw":
                self.pile_draws += 1
                limit = self.rules.pile_draw_limit
                if limit is not None and self.pile_draws == limit:  # dead; the card stays
                    self.dead, self.phase, self.cause = True, "over", "pile_limit"
                    return
            c = self.pile.pop()
            self.hands[p].append(c)
            self.pile_takes[p].append(c)
            self.held_from_pile[p].append(c)
            self.taken = c
            self.must_knock = self.phase == "wall"
            self.phase = "discard"
        elif kind == "discard":
            self.hands[p].remove(card)
            if card in self.held_from_pile[p]:
                self.held_from_pile[p].remove(card)
            self.pile.append(card)
            self.public.add(card)
            self.discards.append((p, card))
            twice = self.threw_back and card == self.taken  # thrown back after a throw-back
            self.threw_back = card == self.taken
            self.taken, self.stock_only, self.turn = None, False, 1 - p
            left, end = len(self.stock), self.rules.stock_end
            if twice and self.rules.throw_back_dead:
                self.dead, self.phase, self.cause = True, "over", "thrown_back"
            elif (
                (end == "two_left" and left <= 2)
                or (end == "one_left" and left <= 1)
                or (end == "empty" and left == 0)
            ):
                self.dead, self.phase = True, "over"
            elif end == "wall" and left <= 2:
                self.phase = "wall"
            else:
                self.phase = "draw"
        elif kind in ("knock", "gin"):
            self.hands[p].remove(card)
            if card in self.held_from_pile[p]:
                self.held_from_pile[p].remove(card)
            self.knock_card, self.knocker, self.phase = card, p, "over"
        elif kind == "big_gin":
            self.knocker, self.big, self.phase = p, True, "over"
        else:
            raise AssertionError(f"unexpected action {action}")

    def hidden_from(self, player: int) -> int:
        """The mask of the cards ``player`` must not see now."""
        hidden = bits(self.stock)
        if not (self.over and self.knocker is not None):  # a knock shows both hands
            hidden |= bits(self.hands[1 - player]) & ~bits(self.public)
        if self.knock_card is not None and player != self.knocker and self.knock_card not in self.public:
            hidden |= self.knock_card.bit  # face down: only the knocker knows it (unless it was
            # taken from the pile earlier, then the defender can tell it from the showdown)
        return hidden


def expected_points(rules: Rules, sh: Shadow, dd: int) -> tuple[str, int | None, int, int]:
    """(kind, winner, points, bonus) of a knock, from the rules text."""
    kd = deadwood_of(sh.hands[sh.knocker])
    k, d = sh.knocker, 1 - sh.knocker
    if kd == 0:
        kind = "big_gin" if sh.big else "gin"
        bonus = rules.big_gin_bonus if sh.big else rules.gin_bonus
        return kind, k, (dd + bonus) * sh.mult, bonus
    if dd < kd or (dd == kd and rules.equal_is_undercut):
        return "undercut", d, (kd - dd + rules.undercut_bonus) * sh.mult, rules.undercut_bonus
    return "knock", (k if dd > kd else None), (dd - kd) * sh.mult, 0


def check_arrangement(arr, cards: list[Card]) -> None:
    melded = [c for m in arr.melds for c in m.cards]
    for m in arr.melds:
        assert is_meld(m.cards), f"not a meld: {m}"
    assert len(set(melded)) == len(melded), "melds share a card"
    assert Counter(melded + list(arr.deadwood)) == Counter(cards), "arrangement cards != hand"
    assert arr.deadwood_value == sum(value(c) for c in arr.deadwood)


def check_settlement(rules: Rules, sh: Shadow, s) -> tuple[int, int]:
    """Check a knock's settlement against the rules text; return the hand points (p0, p1)."""
    k, d = sh.knocker, 1 - sh.knocker
    kcards, dcards = sh.hands[k], sh.hands[d]
    assert s.knocker == k and s.defender == d
    assert len(kcards) == (11 if sh.big else 10) and len(dcards) == 10
    kd = deadwood_of(kcards)
    assert kd <= sh.limit, f"knocked with {kd} over the limit {sh.limit}"
    if sh.big:
        assert kd == 0 and rules.big_gin
    check_arrangement(s.knocker_arrangement, kcards)
    assert s.knocker_arrangement.deadwood_value == kd == s.knocker_deadwood
    # the defender: own melds, lay-offs (in order, in chains) onto the knocker's melds only
    laid = [lay.card for lay in s.layoffs]
    check_arrangement(s.defender_arrangement, [c for c in dcards if c not in laid])
    assert len(set(laid)) == len(laid) and set(laid) <= set(dcards)
    if kd == 0 and not rules.layoff_on_gin:
        assert not s.layoffs, "lay-offs onto gin are not allowed under these rules"
    grown = [set(m.cards) for m in s.knocker_arrangement.melds]
    for lay in s.layoffs:
        assert 0 <= lay.meld < len(grown)
        assert is_meld(grown[lay.meld] | {lay.card}), f"{lay.card} does not extend {grown[lay.meld]}"
        grown[lay.meld].add(lay.card)
    dd = s.defender_arrangement.deadwood_value
    assert s.defender_deadwood == dd
    # necessary conditions for the defence being the best (exactness: test_arrange_bruteforce)
    assert dd <= deadwood_of(dcards)
    assert deadwood_of(s.defender_arrangement.deadwood) == dd, "defender left a meld in deadwood"
    if kd > 0 or rules.layoff_on_gin:
        for c in s.defender_arrangement.deadwood:
            assert not any(is_meld(g | {c}) for g in grown), f"{c} could still be laid off"
    kind, winner, points, bonus = expected_points(rules, sh, dd)
    assert (s.kind, s.winner, s.points, s.bonus, s.multiplier) == (kind, winner, points, bonus, sh.mult)
    if winner is None:
        return (0, 0)
    return (points, 0) if winner == 0 else (0, points)


# ----- views: field by field, and a recursive scan for hidden information ---------------------


def leaves(obj, path="view"):
    """Every leaf of a view (Card, str, int, bool, None) with its path. Views must be plain
    immutable data: frozen dataclasses and tuples, nothing else."""
    if obj is None or isinstance(obj, (Card, str, int)):
        yield path, obj
    elif isinstance(obj, tuple):
        for i, x in enumerate(obj):
            yield from leaves(x, f"{path}[{i}]")
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        assert type(obj).__dataclass_params__.frozen, f"{path}: mutable {type(obj).__name__}"
        for f in dataclasses.fields(obj):
            yield from leaves(getattr(obj, f.name), f"{path}.{f.name}")
    else:
        raise AssertionError(f"{path}: a view must hold only plain immutable data, not {type(obj)!r}")


def _leaf_problem(leaf, hidden: int, secret_strings, secret_ints) -> str | None:
    if isinstance(leaf, Card):
        return f"hidden card {leaf} visible" if hidden >> leaf.index & 1 else None
    if isinstance(leaf, str):
        up = leaf.upper()
        for secret in secret_strings:
            if secret in up:
                return f"secret {secret!r} visible in {leaf!r}"
        for rank, suit in CARD_TOKEN.findall(leaf):
            if hidden >> Card.parse(rank + suit).index & 1:
                return f"hidden card {rank}{suit} named in {leaf!r}"
    elif isinstance(leaf, int) and not isinstance(leaf, bool) and leaf in secret_ints:
        return "a seed is visible"
    return None


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


@functools.lru_cache(maxsize=4096)
def _named_cards(text: str) -> int:
    return mask_of(Card.parse(r + s) for r, s in CARD_TOKEN.findall(text))


def scan_hidden(obj, path, hidden: int, secret_strings: tuple[str, ...], secret_ints: set[int]):
    """Fail if any leaf of ``obj`` shows hidden information (``hidden``: a card mask). A fast
    iterative walk (it runs for both views after every action); on a problem the slow walk
    (``leaves``) names the path."""
    stack = [obj]
    bad = False
    while stack:
        o = stack.pop()
        t = type(o)
        if t is Card:
            if hidden & (BIT.get(id(o)) or o.bit):
                bad = True
                break
        elif t is tuple:
            try:  # a flat tuple of cards, the common case: checked in C
                if functools.reduce(operator.or_, map(_BIT_OF_ID, map(id, o)), 0) & hidden:
                    bad = True
                    break
            except TypeError:  # something else inside (or cards that are not the singletons)
                stack.extend(o)
        elif t is Action:  # kind is one of the fixed action names (checked by Action itself)
            if o.card is not None and hidden & (BIT.get(id(o.card)) or o.card.bit):
                bad = True
                break
        elif o is None or t is bool or isinstance(o, enum.Enum):  # fixed vocabulary (phases...)
            continue
        elif t is int:
            if o in secret_ints:
                bad = True
                break
        elif t is str:
            if _named_cards(o) & hidden or (
                len(o) >= 7 and any(secret in o.upper() for secret in secret_strings)
            ):
                bad = True
                break
        else:
            names = _FIELD_NAMES.get(t)
            if names is None:
                assert dataclasses.is_dataclass(o) and not isinstance(o, type), (
                    f"{path}: a view must hold only plain immutable data, not {t!r}"
                )
                assert t.__dataclass_params__.frozen, f"{path}: mutable {t.__name__}"
                names = _FIELD_NAMES[t] = tuple(f.name for f in dataclasses.fields(o))
            stack.extend([getattr(o, n) for n in names])
    if bad:
        for where, leaf in leaves(obj, path):
            problem = _leaf_problem(leaf, hidden, secret_strings, secret_ints)
            assert problem is None, f"{problem} at {where}"
        raise AssertionError(f"hidden information in {path}")


# ----- the harness ---------------------------------------------------------------------------


class Harness:
    """Plays a match action by action and checks every invariant after each one."""

    def __init__(self, match: Match, full: bool = False, roundtrip: bool | None = None):
        self.m = match
        self.rules = match.rules
        self.full = full
        self.roundtrip = full if roundtrip is None else roundtrip
        self.scores = [0, 0]
        self.won = [0, 0]
        self.dead_hands = 0
        self.hand_points: list[tuple[int, int]] = []
        self.seen_events = [0, 0]
        self.seen_records = [0, 0]
        self.steps = 0
        self.known_mismatches: list = []
        self.expected: set[Action] = set()  # the legal actions by the shadow, set by check()
        self._check_first_dealer()
        self.shadow = Shadow(self.rules, match.hand, (0, 0))
        scan_hidden(self.rules, "rules", (1 << 52) - 1, (encode(match.seed),), {match.seed})
        self.check()

    # -- the start of the match and of each hand --

    def _check_first_dealer(self) -> None:
        m = self.m
        cuts = [e for e in m.events if e.kind == "cut"]
        if m.dealer_choice is not None:
            assert m.hand.dealer == m.dealer_choice and not cuts
        elif self.rules.first_dealer is not None:
            assert m.hand.dealer == self.rules.first_dealer and not cuts
        else:  # cut for the deal: low card deals, equal ranks cut again
            assert cuts and len(cuts) % 2 == 0 and m.events[: len(cuts)] == cuts
            pairs = [(cuts[i], cuts[i + 1]) for i in range(0, len(cuts), 2)]
            for a, b in pairs:
                assert (a.player, b.player) == (0, 1) and a.card != b.card
            for a, b in pairs[:-1]:
                assert a.card.rank == b.card.rank
            a, b = pairs[-1]
            assert a.card.rank != b.card.rank
            assert m.hand.dealer == (0 if a.card.rank < b.card.rank else 1)

    # -- acting --

    def step(self, action: Action, player: int | None = None) -> None:
        m, sh = self.m, self.shadow
        if self.full:
            self.check_illegal()
        before_phase = sh.phase
        mover = sh.turn
        prev_dealer = sh.dealer
        m.apply(action, player)
        self.steps += 1
        if action.kind == "next_hand":
            assert before_phase == "over"
            last = m.records[-1]
            w = last.winner
            if w is None:
                dealer = prev_dealer  # a dead (or pointless) hand is redealt by the same dealer
            elif self.rules.next_dealer == "alternate":
                dealer = 1 - prev_dealer
            elif self.rules.next_dealer == "winner":
                dealer = w
            else:
                dealer = 1 - w
            assert m.hand.dealer == dealer, "next dealer does not follow the rule"
            self.shadow = Shadow(self.rules, m.hand, (self.scores[0], self.scores[1]))
        else:
            assert action in self.expected, f"engine accepted {action}, the rules text forbids it"
            sh.apply(action)
            assert m.history[-1] == (mover, action)
            if sh.over:
                self._finish_hand()
        if self.roundtrip:
            self.check_roundtrip()
        self.check()

    def _finish_hand(self) -> None:
        m, sh = self.m, self.shadow
        assert len(m.records) == len(self.hand_points) + 1
        rec = m.records[-1]
        assert rec.number == m.deals and rec.dealer == sh.dealer
        # the deal code fixes the deal: it re-deals exactly the cards this hand started from
        deck = shuffled_deck(decode(rec.deal_code))
        again = Hand(self.rules, deck, sh.dealer, (self.scores[0], self.scores[1]))
        assert ([sorted(h) for h in again.hands], again.stock, again.pile) == sh.initial
        if sh.dead:
            assert rec.settlement is None and rec.points == (0, 0)
            dead = next(e for e in reversed(m.events) if e.kind == "dead_hand")
            assert dead.cause == sh.cause
            if sh.cause is None:
                expected_left = {"two_left": 2, "one_left": 1, "empty": 0, "wall": 2}[self.rules.stock_end]
                assert len(sh.stock) == expected_left, "hand died at the wrong stock count"
            points = (0, 0)
            self.dead_hands += 1
        else:
            assert rec.settlement is not None
            points = check_settlement(self.rules, sh, rec.settlement)
            assert rec.points == points
            if rec.settlement.winner is not None:
                self.won[rec.settlement.winner] += 1
        self.hand_points.append(points)
        self.scores = [self.scores[0] + points[0], self.scores[1] + points[1]]
        target = self.rules.target
        ends = True if target is None else max(self.scores) >= target
        assert (m.result is not None) == ends, "match end does not follow the target"
        if ends:
            self._check_totals()

    def _check_totals(self) -> None:
        r, res = self.rules, self.m.result
        hp = self.scores
        game, shut, shutout = [0, 0], [0, 0], False
        if r.target is not None:
            assert (hp[0] >= r.target) != (hp[1] >= r.target), "exactly one player reaches the target"
            w = 0 if hp[0] >= r.target else 1
            game[w] = r.game_bonus
            if (
                r.shutout != "none"
                and self.won[1 - w] == 0
                and not (r.shutout_needs_no_dead_hand and self.dead_hands)
            ):
                shutout = True
                shut[w] = r.shutout_bonus if r.shutout == "bonus" else hp[w]  # "double": hand points again
        line = [r.line_bonus * self.won[p] for p in (0, 1)]
        totals = tuple(hp[p] + game[p] + line[p] + shut[p] for p in (0, 1))
        assert res.hand_points == tuple(hp)
        assert res.hands_won == tuple(self.won)
        assert res.game_bonus == tuple(game) and res.line_bonus == tuple(line)
        assert res.shutout_bonus == tuple(shut) and res.shutout == shutout
        assert res.totals == totals
        assert res.winner == (None if totals[0] == totals[1] else int(totals[1] > totals[0]))

    # -- the checks after every action --

    def check(self) -> None:
        m, sh = self.m, self.shadow
        h = m.hand
        # the engine's hand agrees with the shadow
        for p in (0, 1):
            assert len(h.hands[p]) == len(sh.hands[p]) and bits(h.hands[p]) == bits(sh.hands[p])
        assert h.stock == sh.stock and h.pile == sh.pile and h.knock_card == sh.knock_card
        # 52 cards conserved
        cards = h.hands[0] + h.hands[1] + h.stock + h.pile + ([h.knock_card] if h.knock_card else [])
        assert len(cards) == 52 and bits(cards) == FULL_DECK, "cards not conserved"
        # phase, player to move, legal actions
        over = m.result is not None
        phase = "match_over" if over else ("hand_over" if sh.over else sh.phase)
        assert m.phase == phase
        assert m.to_move == (None if sh.over else sh.turn)
        legal = m.legal_actions()
        assert len(set(legal)) == len(legal), "duplicate legal actions"
        if over:
            assert legal == []
        else:
            assert legal, f"no legal action in phase {phase}"
            expected = self.expected = {Action("next_hand")} if sh.over else sh.legal()
            assert set(legal) == expected, f"legal actions {sorted(map(str, set(legal) ^ expected))} differ"
        assert (
            tuple(m.scores)
            == tuple(self.scores)
            == tuple(sum(r.points[p] for r in m.records) for p in (0, 1))
        )
        for p in (0, 1):
            self.check_view(p, legal)

    def check_view(self, p: int, legal: list[Action]) -> None:
        m, sh = self.m, self.shadow
        v = m.view(p)
        assert type(v) is PlayerView
        opp = 1 - p
        assert v.player == p and (v.rules is self.rules or v.rules == self.rules) and v.phase == m.phase
        assert v.to_move == m.to_move
        assert v.hand == tuple(sorted(sh.hands[p], key=rank_order))
        assert v.opponent_hand_size == len(sh.hands[opp])
        assert v.pile == tuple(sh.pile) and v.stock_size == len(sh.stock)
        assert v.discards == tuple(sh.discards)
        assert v.pile_takes == (tuple(sh.pile_takes[0]), tuple(sh.pile_takes[1]))
        assert v.declined == (tuple(sh.declined[0]), tuple(sh.declined[1]))
        # opponent_known never claims a card the opponent does not hold; it should be exactly the
        # cards the opponent took from the pile and still holds. The exact equality fails on an
        # engine bug (test_opponent_known_* below), so it is collected here, not asserted, to
        # keep the other checks of this harness running.
        known, should = sorted(map(id, v.opponent_known)), sorted(map(id, sh.held_from_pile[opp]))
        assert len(v.opponent_known) <= len(sh.pile_takes[opp]) and not bits(v.opponent_known) & ~bits(
            sh.pile_takes[opp]
        ), f"opponent_known {v.opponent_known} holds cards the opponent never took from the pile"
        if known != should:
            self.known_mismatches.append((m.deals, p, v.opponent_known, tuple(sh.held_from_pile[opp])))
        assert v.upcard == sh.upcard
        mine = sh.phase == "discard" and sh.turn == p
        assert v.forbidden == (sh.forbidden() if mine else None)
        assert v.must_knock == (sh.must_knock and mine)
        assert v.knock_limit == sh.limit and v.multiplier == sh.mult
        assert v.dealer == sh.dealer and v.hand_number == m.deals == len(m.records) + (not sh.over)
        assert v.scores == tuple(self.scores)
        assert v.knock_card == (sh.knock_card if sh.knocker == p else None)
        assert v.showdown is (m.records[-1] if sh.over else None)
        assert v.deal_code == (m.records[-1].deal_code if sh.over else None)
        assert len(v.records) == len(m.records) and v.result is m.result
        assert len(v.events) == len(m.events)
        if m.to_move == p or (m.to_move is None and m.result is None):
            assert list(v.legal_actions) == legal
        else:
            assert v.legal_actions == ()
        assert v.opponent == opp and v.my_turn == (m.to_move == p)
        hidden = sh.hidden_from(p)
        if self.full or sh.over:
            unseen = mask_of(v.unseen())
            assert hidden & ~unseen == 0, "unseen() must include every hidden card"
            assert not unseen & mask_of(v.hand + v.pile + v.opponent_known)
        # the recursive scan: every field but the append-only logs (scanned as they grow)
        secret_strings: tuple[str, ...] = ()
        secret_ints = {m.seed}
        if not sh.over:
            code = encode(m.deal_seed)
            secret_strings = (code, code.replace("-", ""))
            secret_ints.add(m.deal_seed)
        # rules: == self.rules, scanned once; events and records: append-only, scanned as they grow
        fields = [n for n in VIEW_FIELDS if n not in ("events", "records", "rules")]
        try:
            scan_hidden(
                tuple(getattr(v, n) for n in fields), f"view({p})", hidden, secret_strings, secret_ints
            )
        except AssertionError:  # name the field
            for n in fields:
                scan_hidden(getattr(v, n), f"view({p}).{n}", hidden, secret_strings, secret_ints)
            raise
        for i in range(self.seen_events[p], len(v.events)):
            e = v.events[i]
            if e.kind == "cut":  # cut before the shuffle (checked at the start): says nothing of the deal
                continue
            scan_hidden(e, f"view({p}).events[{i}]", hidden, secret_strings, secret_ints)
        self.seen_events[p] = len(v.events)
        for i in range(self.seen_records[p], len(v.records)):
            scan_hidden(v.records[i], f"view({p}).records[{i}]", hidden, secret_strings, secret_ints)
        self.seen_records[p] = len(v.records)

    def snapshot(self):
        m = self.m
        return dumps(m), m.view(0), m.view(1), m.legal_actions(), len(m.history), len(m.events)

    def check_illegal(self) -> None:
        """Every action that is not legal now raises IllegalAction and changes nothing."""
        m = self.m
        before = self.snapshot()
        legal = set(before[3])
        for a in UNIVERSE:
            if a in legal:
                continue
            ILLEGAL_TALLY[self._category(a)] += 1
            with pytest.raises(IllegalAction):
                m.apply(a)
            with pytest.raises(IllegalAction):
                m.apply(str(a), m.to_move)
        if m.to_move is not None:
            for a in legal:  # the right action from the wrong player
                ILLEGAL_TALLY["wrong player"] += 1
                with pytest.raises(IllegalAction):
                    m.apply(a, player=1 - m.to_move)
        assert self.snapshot() == before, "an illegal action changed the match"

    def _category(self, a: Action) -> str:
        """Why ``a`` is illegal now, in the words of the rules (for the coverage tally)."""
        sh = self.shadow
        if sh.over:
            return "between hands"
        if sh.phase != "discard" or a.kind in ("draw_stock", "draw_pile", "pass", "next_hand"):
            return "wrong phase"
        hand = sh.hands[sh.turn]
        if a.kind == "big_gin":
            return "big gin not allowed"
        if a.card not in hand:
            return "card not held"
        if a.card == sh.forbidden():
            return "card just taken from the pile"
        if a.kind == "discard":
            return "must knock at the wall"
        dw = deadwood_of([c for c in hand if c != a.card])
        if a.kind == "gin":
            return "gin with deadwood"
        return "knock with no deadwood (gin)" if dw == 0 else "knock over the limit"

    def check_roundtrip(self) -> None:
        """Save and load; the loaded match is identical and play continues on it."""
        m = self.m
        text = dumps(m)
        loaded = loads(text)
        assert dumps(loaded) == text
        assert loaded.view(0) == m.view(0) and loaded.view(1) == m.view(1)
        assert loaded.legal_actions() == m.legal_actions()
        assert loaded.history == m.history and loaded.records == m.records and loaded.result == m.result
        self.m = loaded

    def finish(self) -> None:
        """Once the match is over: nothing at all is legal any more."""
        m = self.m
        assert m.result is not None and m.legal_actions() == []
        before = self.snapshot()
        for a in UNIVERSE:
            for player in (None, 0, 1):
                with pytest.raises(IllegalAction):
                    m.apply(a, player)
        assert self.snapshot() == before


ILLEGAL_TALLY: Counter = Counter()  # illegal actions tried by check_illegal, by reason


# ----- random players ------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Style:
    """How a random player picks. ``knock``/``gin``: probability of knocking / going gin (or
    big gin) when possible; ``greedy``: probability of the discard keeping the least deadwood
    (else uniform among the legal actions); ``take``: probability of taking a pile card that
    lowers the deadwood."""

    knock: float = 0.85
    gin: float = 0.85
    greedy: float = 0.0
    take: float = 0.0


STYLES = (
    Style(0.85, 0.85, 0.0, 0.0),  # uniform, but ends the hand when it can
    Style(0.7, 0.9, 0.5, 0.3),
    Style(0.9, 0.95, 0.9, 0.7),
    Style(0.3, 1.0, 0.95, 0.9),  # waits: undercuts and gins
    Style(0.0, 1.0, 1.0, 0.9),  # gin hunter: never knocks (gin, big gin, dead hands)
)


def choose(rng: random.Random, m: Match, style: Style) -> Action:
    acts = m.legal_actions()
    gins = [a for a in acts if a.kind in ("gin", "big_gin")]
    if gins and rng.random() < style.gin:
        return rng.choice(gins)
    knocks = [a for a in acts if a.kind == "knock"]
    if knocks and rng.random() < style.knock:
        return rng.choice(knocks)
    h = m.hand
    if h.phase in ("offer", "draw") and h.pile and Action("draw_pile") in acts and rng.random() < style.take:
        mask = mask_of(h.hands[h.turn])
        top = h.pile[-1]
        with_top = min(min_deadwood((mask | top.bit) & ~c.bit) for c in h.hands[h.turn])
        if with_top < min_deadwood(mask):
            return Action("draw_pile")
    if h.phase == "discard" and style.greedy and rng.random() < style.greedy:
        discards = [a for a in acts if a.kind == "discard"]
        if discards:
            mask = mask_of(h.hands[h.turn])
            scored = [(min_deadwood(mask & ~a.card.bit), a) for a in discards]
            best = min(s for s, _ in scored)
            return rng.choice([a for s, a in scored if s == best])
    if h.phase == "discard" and (gins or knocks) and len(acts) > len(gins) + len(knocks):
        acts = [a for a in acts if a.kind == "discard"]  # declined to end: keep playing
    return rng.choice(acts)


def play(
    harness: Harness,
    rng: random.Random,
    styles: tuple[Style, Style],
    max_steps: int = 20000,
    full_until: int | None = None,
    roundtrip_every: int = 0,
) -> Harness:
    """Play to the end of the match (or ``max_steps``). ``full_until``: switch off the full
    per-step checks after that many steps (they cost O(moves) each) except between hands;
    from then on the round trip runs every ``roundtrip_every`` steps (0: never) and after every
    hand."""
    while harness.m.result is None and harness.steps < max_steps:
        if full_until is not None and harness.steps >= full_until:
            between = harness.m.phase == "hand_over"  # every hand end keeps the illegal checks
            harness.full = between
            harness.roundtrip = bool(roundtrip_every) and (harness.steps % roundtrip_every == 0 or between)
        m = harness.m
        who = m.to_move if m.to_move is not None else rng.randrange(2)
        action = choose(rng, m, styles[who])
        harness.step(action, rng.choice((None, who)))
    if harness.m.result is not None:
        harness.finish()
    return harness


# ----- the tests -----------------------------------------------------------------------------

PRESET_NAMES = sorted(PRESETS)
VOLUME_HANDS = 40  # hands per preset in the volume test (x scale; GIN_THOROUGH=1 plays 400)


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_preset_random_matches(name, count):
    """The volume run: seeded random matches per preset until VOLUME_HANDS hands (x scale) have
    been played, every cheap invariant checked after every action."""
    rules = PRESETS[name]()
    want = count(VOLUME_HANDS, 5)
    hands = dead = matches = 0
    kinds: Counter = Counter()
    while hands < want:
        rng = random.Random(f"{name}:{matches}")
        styles = (rng.choice(STYLES), rng.choice(STYLES))
        dealer = rng.choice((None, None, 0, 1))
        h = play(Harness(Match(rules, seed=SEED_BASE + matches, dealer=dealer)), rng, styles)
        assert h.m.result is not None
        matches += 1
        hands += len(h.m.records)
        dead += h.dead_hands
        kinds.update(r.settlement.kind for r in h.m.records if r.settlement)
    print(f"{name}: {matches} matches, {hands} hands, {dead} dead, {dict(kinds)}")


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_preset_full_checks(name, count):
    """Complete matches per preset with the expensive checks at every step: JSON round trip
    (play continues on the loaded match) and the whole illegal-action universe. Both cost
    O(moves so far) per step, so they run for the first 150 moves (x scale); after that the
    round trip runs every 10th move and both run at every hand end, to the end of the match.
    (test_save.py does the round trip at every point of complete matches.)"""
    rules = PRESETS[name]()
    full_steps = count(150, 30)
    for i in range(count(1 if name != "openspiel" else 3, 1)):
        rng = random.Random(f"full:{name}:{i}")
        k = i + PRESET_NAMES.index(name)  # the presets share out the pairs of styles
        styles = (STYLES[k % len(STYLES)], STYLES[(k + 2) % len(STYLES)])
        h = Harness(Match(rules, seed=SEED_BASE + 7919 * i), full=True)
        play(h, rng, styles, full_until=full_steps, roundtrip_every=10)


@st.composite
def rules_strategy(draw) -> Rules:
    """Any valid combination of options."""
    bonus = st.sampled_from((0, 10, 20, 25, 31, 50, 100)) | st.integers(0, 1000)
    first_upcard = draw(st.booleans())
    return Rules(
        knock_limit=draw(st.integers(0, 10)),
        oklahoma=first_upcard and draw(st.booleans()),
        oklahoma_ace=draw(st.sampled_from(OKLAHOMA_ACES)),
        spade_doubles=first_upcard and draw(st.booleans()),
        first_upcard=first_upcard,
        no_discard_after_pickup=draw(st.booleans()),
        stock_end=draw(st.sampled_from(STOCK_ENDS)),
        big_gin=draw(st.booleans()),
        gin_bonus=draw(bonus),
        big_gin_bonus=draw(bonus),
        undercut_bonus=draw(bonus),
        equal_is_undercut=draw(st.booleans()),
        layoff_on_gin=draw(st.booleans()),
        target=draw(st.none() | st.integers(10, 200)),
        game_bonus=draw(bonus),
        line_bonus=draw(bonus),
        shutout=draw(st.sampled_from(SHUTOUTS)),
        shutout_bonus=draw(bonus),
        shutout_needs_no_dead_hand=draw(st.booleans()),
        next_dealer=draw(st.sampled_from(NEXT_DEALERS)),
        first_dealer=draw(st.sampled_from((None, 0, 1))),
    )


FULL_STEPS = 30 if PYODIDE else 80
styles_strategy = st.tuples(st.sampled_from(STYLES), st.sampled_from(STYLES))


@settings(max_examples=examples(0.15))
@given(
    rules=rules_strategy(),
    seed=st.integers(0, 2**20),
    dealer=st.sampled_from((None, 0, 1)),
    rng_seed=st.integers(0, 2**32),
    styles=styles_strategy,
)
def test_random_rules_full_checks(rules, seed, dealer, rng_seed, styles):
    """Random rule combinations, every check at every step for the first FULL_STEPS moves; then
    the cheap ones at every step, the round trip every 25th move and both expensive ones at
    every hand end, to the end of the match (capped at 1000 moves)."""
    note(repr(rules))
    h = Harness(Match(rules, seed=SEED_BASE + seed, dealer=dealer), full=True)
    play(h, random.Random(rng_seed), styles, max_steps=1000, full_until=FULL_STEPS, roundtrip_every=25)


@settings(max_examples=examples(0.75))
@given(
    rules=rules_strategy(), seed=st.integers(0, 2**20), rng_seed=st.integers(0, 2**32), styles=styles_strategy
)
def test_random_rules_whole_matches(rules, seed, rng_seed, styles):
    """Random rule combinations played to the end with the cheap checks, so that the bonuses
    and dealer rules of every combination reach their match end."""
    note(repr(rules))
    greedy = (STYLES[2], STYLES[3])
    h = Harness(Match(rules, seed=SEED_BASE + seed))
    play(h, random.Random(rng_seed), greedy if rules.knock_limit < 3 else styles, max_steps=2500)


# ----- targeted properties -------------------------------------------------------------------


def test_every_kind_of_illegal_action_is_tried(count):
    """The full checks do try every kind of illegal action (each raised IllegalAction and
    changed nothing, or the full-check tests would have failed): wrong player, wrong phase,
    cards not held, knocks over the limit, the card just taken from the pile, discarding at the
    wall after taking, gin with deadwood, big gin where not played; after the match: anything."""
    ILLEGAL_TALLY.clear()
    for i, rules in enumerate((PRESETS["openspiel"](), PRESETS["tournament"]().replace(target=30))):
        for j in range(count(3, 1)):
            rng = random.Random(f"illegal:{i}:{j}")
            h = Harness(Match(rules, seed=SEED_BASE + 13 * j + i), full=True)
            play(h, rng, (STYLES[j % 3], STYLES[1]), full_until=FULL_STEPS)
    # the wall: single hands played out to the end with every check at every step
    wall = Rules(stock_end="wall", knock_limit=10, target=None, no_discard_after_pickup=False)
    for j in range(40):
        if ILLEGAL_TALLY["must knock at the wall"]:
            break
        h = Harness(Match(wall, seed=SEED_BASE + 17 * j), full=True)
        patient = Style(0.0, 0.0, 1.0, 0.9)  # low deadwood, but never ends the hand by choice
        play(h, random.Random(f"wall:{j}"), (patient, patient))
    wanted = {
        "wrong player",
        "wrong phase",
        "between hands",
        "card not held",
        "knock over the limit",
        "card just taken from the pile",
        "gin with deadwood",
        "big gin not allowed",
        "must knock at the wall",
    }
    assert wanted <= set(ILLEGAL_TALLY), f"not tried: {wanted - set(ILLEGAL_TALLY)}; {ILLEGAL_TALLY}"


def test_opponent_known_counts_a_card_taken_back_after_discarding_it():
    """Regression: view.opponent_known keeps a card the opponent discarded *earlier* and then
    took back from the pile (order matters). Scenario: the opponent discards X (dealt to them),
    we take X, we discard X, the opponent takes X back: X is in their hand and known to us."""
    rules = PRESETS["classic"]().replace(no_discard_after_pickup=False, target=None)
    for seed in range(400):
        m = Match(rules, seed=SEED_BASE + seed, dealer=0)
        rng = random.Random(seed)
        discarded = [set(), set()]  # discarded by each player, never taken from the pile before
        took = [set(), set()]
        while m.phase not in ("hand_over", "match_over"):
            h = m.hand
            p = h.turn
            acts = m.legal_actions()
            if h.phase in ("offer", "draw", "wall"):
                top = h.pile[-1] if h.pile else None
                take = Action("draw_pile") in acts and (top in discarded[p] or rng.random() < 0.6)
                m.apply(
                    Action("draw_pile") if take else rng.choice([a for a in acts if a.kind != "draw_pile"])
                )
                if take:
                    took[p].add(top)
                    if top in discarded[p]:
                        v = m.view(1 - p)
                        assert top in v.opponent_known, (
                            f"seed {SEED_BASE + seed}: player {p} discarded {top}, then took it back "
                            f"from the pile and holds it; player {1 - p}'s view: opponent_known="
                            f"{v.opponent_known}, discards={v.discards}, pile_takes={v.pile_takes}"
                        )
                        return
                continue
            if h.phase == "discard":
                # give back the card just taken (allowed under these rules), else any discard
                taken = h.taken
                if taken is not None and Action("discard", taken) in acts:
                    action = Action("discard", taken)
                else:
                    action = rng.choice([a for a in acts if a.kind == "discard"])
                if action.card not in took[p]:
                    discarded[p].add(action.card)
                m.apply(action)
    pytest.fail("no game reached the scenario; the search needs adjusting")


def test_opponent_known_forgets_the_knock_card():
    """Regression: a card the knocker took from the pile and later knocked with (face down)
    leaves the defender's opponent_known: the knocker no longer holds it."""
    for seed in range(300):
        m = Match(PRESETS["tournament"]().replace(target=None), seed=SEED_BASE + seed, dealer=0)
        rng = random.Random(seed)
        while m.phase not in ("hand_over", "match_over"):
            h = m.hand
            acts = m.legal_actions()
            enders = [a for a in acts if a.kind in ("knock", "gin")]
            with_taken = [a for a in enders if a.card in h.pile_takes[h.turn]]
            if with_taken:
                knocker, card = h.turn, with_taken[0].card
                m.apply(with_taken[0])
                v = m.view(1 - knocker)
                assert card not in v.opponent_known, (
                    f"seed {SEED_BASE + seed}: player {knocker} took {card} from the pile, then "
                    f"knocked with it; the defender's view still lists it: opponent_known="
                    f"{v.opponent_known}, knocker's showdown cards "
                    f"{v.showdown.settlement.knocker_arrangement.cards}"
                )
                return
            if enders and rng.random() < 0.3:
                m.apply(enders[0])
            elif Action("draw_pile") in acts and rng.random() < 0.7:
                m.apply(Action("draw_pile"))
            else:
                m.apply(choose(rng, m, Style(0, 0, 0.9, 0.5)))
    pytest.fail("no game reached the scenario; the search needs adjusting")


def test_earlier_deal_codes_do_not_reveal_the_current_deal():
    """Regression: the deal codes published after each hand must not let a player compute the
    current shuffle (an earlier engine dealt hand 1 from the match seed itself, so
    deal_seed(decode(code), n) gave away every later deal)."""
    for name in PRESET_NAMES:
        rules = PRESETS[name]()
        if rules.target is None:
            continue
        m = Match(rules, seed=SEED_BASE + 17)
        rng = random.Random(name)
        while m.deals < 2:
            acts = m.legal_actions()
            enders = [a for a in acts if a.kind in ENDERS]
            m.apply(enders[0] if enders else rng.choice(acts))
        assert m.phase not in ("hand_over", "match_over")
        v = m.view(0)
        codes = [r.deal_code for r in v.records]
        derivable = {deal_seed(decode(code), k) for code in codes for k in range(m.deals + 1)}
        assert m.deal_seed not in derivable, (
            f"{name}: hand {m.deals} (in progress) has seed {m.deal_seed}, which player 0 computes "
            f"from the published deal code {codes[0]} of hand 1: deal_seed(decode({codes[0]!r}), "
            f"{m.deals - 1}) == {deal_seed(decode(codes[0]), m.deals - 1)}"
        )


@pytest.mark.parametrize("bad_player", [2, -1, True])
def test_next_hand_rejects_a_player_that_does_not_exist(bad_player):
    """Regression: between hands, ``next_hand`` with an impossible ``player`` (2, -1, True...)
    raises IllegalAction and leaves the match unchanged (it used to be stored in the history,
    making the save unloadable)."""
    m = Match(PRESETS["classic"](), seed=SEED_BASE + 5)
    rng = random.Random(5)
    while m.phase != "hand_over":
        acts = m.legal_actions()
        enders = [a for a in acts if a.kind in ENDERS]
        m.apply(enders[0] if enders else rng.choice(acts))
    before = dumps(m)
    with pytest.raises(IllegalAction):
        m.apply(Action("next_hand"), player=bad_player)
    assert dumps(m) == before
    # and during a hand the same players are refused
    m.apply(Action("next_hand"))
    for a in m.legal_actions():
        if bad_player is not True or m.to_move != 1:
            with pytest.raises(IllegalAction):
                m.apply(a, player=bad_player)


def test_every_preset_reaches_every_phase_and_outcome(count):
    """The random players do exercise the engine: across presets we see every phase, dead hands
    at every stock end and every settlement kind but big gin (see the next test)."""
    phases, kinds, ends = set(), Counter(), Counter()
    for name in PRESET_NAMES:
        rules = PRESETS[name]()
        single = rules.target is None  # single hands (the wall preset) are cheap: play more
        for i in range(count(len(STYLES) * (4 if single else 1), len(STYLES) * (4 if single else 1))):
            rng = random.Random(f"cover:{name}:{i}")
            m = Match(rules, seed=SEED_BASE + 31 * i)
            style = STYLES[i % len(STYLES)]
            while m.result is None:
                phases.add(m.phase)
                m.apply(choose(rng, m, style))
            for r in m.records:
                if r.settlement:
                    kinds[r.settlement.kind] += 1
                else:
                    ends[rules.stock_end] += 1
    assert phases >= {"offer", "draw", "wall", "discard", "hand_over"}
    assert {"knock", "gin", "undercut"} <= set(kinds), kinds
    assert set(ends) == set(STOCK_ENDS), ends


def test_big_gin_hands_settle_correctly(count):
    """Big gin is rare under random play: gin hunters that prefer big gin play the big_gin
    preset (and random rules with big gin) under the full harness until big gins happen."""
    big = 0
    hunter = Style(0.0, 1.0, 1.0, 0.9)
    want = count(3, 1)
    for i in range(400):
        rules = (
            PRESETS["big_gin"]()
            if i % 2 == 0
            else Rules(big_gin=True, big_gin_bonus=50, layoff_on_gin=True, spade_doubles=True, target=None)
        )
        h = Harness(Match(rules, seed=SEED_BASE + 101 * i))
        rng = random.Random(i)
        while h.m.result is None and h.steps < 5000:
            acts = h.m.legal_actions()
            if Action("big_gin") in acts:
                h.step(Action("big_gin"))
                big += 1
            else:
                h.step(choose(rng, h.m, hunter))
        if big >= want:
            return
    pytest.fail(f"only {big} big gins in 400 matches")
