"""The bots' kernels take their state as values: a :class:`PlayoutState` for a playout and a
:class:`SearchSettings` for a search. These tests pin what the kernels computed on fixed states
before those values existed (the digests were taken from the bare-int signatures), so the
values carry exactly what the kernels need, and the random draws happen in the same order.
"""

from __future__ import annotations

import ast
import dataclasses
import hashlib
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

import gin_core.bots
from gin_core import Match, PlayerView, preset
from gin_core.actions import Action
from gin_core.bots import make_bot
from gin_core.bots.base import Work, finish, rng_for
from gin_core.bots.knowledge import Knowledge
from gin_core.bots.rollout import PlayoutState, playout
from gin_core.bots.search import (
    ExpertBot,
    Playouts,
    SearchBot,
    SearchSettings,
    credit_favourite,
    evaluate,
    guess_hidden,
    play_candidates,
    reason_of,
    standard_choice,
)
from gin_core.cards import Mask
from gin_core.flow import Phase
from gin_core.rules import Rules

PRESET_NAMES = ("eaai", "classic", "big_gin", "openspiel", "tournament")


def digest(items: list[object]) -> str:
    h = hashlib.sha256()
    for x in items:
        h.update(repr(x).encode() + b"\n")
    return h.hexdigest()[:16]


def playout_starts(n: int, seed: int = 7) -> Iterator[tuple[Rules, int, PlayoutState, int]]:
    """(rules, knock limit, state, wary) of ``n`` random hands in progress: every phase, stocks
    from full to empty, the upcard passed once or not, the stock-only draw, a forbidden card,
    knock limits down to gin, every wary pair, rules with every stock end and big gin."""
    rng = random.Random(seed)
    for _ in range(n):
        rules = preset(rng.choice(PRESET_NAMES))
        deck = list(range(52))
        rng.shuffle(deck)
        hands: list[Mask] = [sum(1 << c for c in deck[:10]), sum(1 << c for c in deck[10:20])]
        rest = deck[20:]
        thrown = rng.randrange(0, 29)
        pile, stock = rest[: 1 + thrown], rest[1 + thrown :]
        turn = rng.randrange(2)
        phase = rng.choice((Phase.OFFER, Phase.DRAW, Phase.DRAW, Phase.DISCARD, Phase.DISCARD))
        forbidden = passes = 0
        stock_only = False
        if phase == Phase.OFFER:
            pile, stock = pile[:1], pile[1:] + stock
            passes = rng.randrange(2)
        elif phase == Phase.DRAW:
            stock_only = rng.random() < 0.2
        else:
            if rng.random() < 0.5 and pile:
                card = pile.pop()
                forbidden = 1 << card if rules.no_discard_after_pickup else 0
            else:
                card = stock.pop()
            hands[turn] |= 1 << card
        limit = rules.knock_limit if rng.random() < 0.8 else rng.choice((0, 1, 5))
        wary = rng.randrange(4)
        state = PlayoutState(hands, pile, stock, turn, phase, forbidden, passes, stock_only)
        yield rules, limit, state, wary


def test_playouts_from_fixed_states_are_unchanged():
    results = [playout(rules, limit, state, wary) for rules, limit, state, wary in playout_starts(400)]
    assert results[:8] == [(14, 17), (-30, 13), (-5, 37), (0, 25), (9, 43), (0, 9), (16, 25), (2, 33)]
    assert sum(units for _, units in results) == 11101
    assert digest(results) == "538d1e6ce37341b4"


def test_a_playout_state_holds_what_it_is_given_and_is_consumed():
    hands = [0b111, 0b111000]
    state = PlayoutState(hands, [7], [8, 9], 1, Phase.OFFER, passes=1)
    assert (state.hands, state.pile, state.stock, state.turn, state.phase) == (hands, [7], [8, 9], 1, "offer")
    assert (state.forbidden, state.passes, state.stock_only) == (0, 1, False)
    assert "PlayoutState(" in repr(state)
    rules, limit, start, wary = next(playout_starts(1))
    stock = list(start.stock)
    playout(rules, limit, start, wary)
    assert start.stock != stock  # the lists are the playout's to use up


def search_views(n: int, seed: int = 5) -> list[PlayerView]:
    """Views of player 0 (standard) against simple where a search would run (two moves or more)."""
    rng = random.Random(seed)
    bots = (make_bot("standard", seed=3), make_bot("simple", seed=4))
    out: list[PlayerView] = []
    while len(out) < n:
        match = Match(preset("eaai").replace(target=None), seed=rng.getrandbits(30))
        while (player := match.to_move) is not None and len(out) < n:
            view = match.view(player)
            if player == 0 and len(view.legal_actions) > 1:
                out.append(view)
            match.apply(bots[player].decide(view).action)
    return out


def name(action: Action) -> str:
    return action.kind.value + (str(action.card) if action.card else "")


def test_a_level_s_settings_are_its_class_constants():
    assert SearchBot.settings() == SearchSettings(96, SearchBot.inference, 0, 1.5, 0, True)
    assert ExpertBot.settings() == SearchSettings(640, ExpertBot.inference, 2, 1.5, 0b11, True, self_wary=0.5)
    with pytest.raises(dataclasses.FrozenInstanceError):
        SearchBot.settings().samples = 1


# Every legal move of 6 views searched by each level's settings: (move, points, wins, runs) of
# every trial, the moves still in the running and the units spent, hashed. Pinned before the
# settings existed, from evaluate(..., samples, inference, rng, work, halvings, favourite,
# prior, wary).
SEARCHED = {"hard": "b74783a52ef02669", "expert": "10d563b2f98c0d08"}  # expert: self_wary 0.5 (46, s37)


@pytest.mark.parametrize("level", sorted(SEARCHED))
def test_searches_with_the_settings_value_are_unchanged(level):
    bot = {"hard": SearchBot, "expert": ExpertBot}[level]
    settings, out = bot.settings(), []
    for view in search_views(6):
        know = Knowledge.of(view)
        holding = know.holding()
        work = Work(bot.slice_units, bot.total_units)
        favourite, _ = standard_choice(view, know, holding, work)
        trials = [Playouts(a, reason_of(view, know, a)) for a in view.legal_actions]
        credit_favourite(trials, favourite, settings.prior)
        found = finish(guess_hidden(know, holding, settings, rng_for(1, view), work))
        active = finish(play_candidates(view, know, trials, found, settings, work))
        out.append([(name(t.action), round(t.points, 6), t.wins, t.runs) for t in trials])
        out.append([name(t.action) for t in active])
        out.append(work.spent)
    assert digest(out) == SEARCHED[level]


def test_evaluate_is_the_two_stages_without_halvings_credit_or_wary():
    view = search_views(1)[0]
    know = Knowledge.of(view)
    holding = know.holding()
    runs = []
    for staged in (False, True):
        work = Work(500, 3_000)
        trials = [Playouts(a, reason_of(view, know, a)) for a in view.legal_actions]
        if staged:
            settings = SearchSettings(20, SearchBot.inference)
            found = finish(guess_hidden(know, holding, settings, rng_for(2, view), work))
            finish(play_candidates(view, know, trials, found, settings, work))
        else:
            finish(evaluate(view, know, holding, trials, 20, SearchBot.inference, rng_for(2, view), work))
        runs.append(([(t.points, t.wins, t.runs, t.credit) for t in trials], work.spent))
    assert runs[0] == runs[1]
    assert all(t[2] > 0 for t in runs[0][0])


MAX_PARAMETERS = 6
BOTS_DIR = Path(gin_core.bots.__file__).parent


def parameters(node: ast.FunctionDef | ast.AsyncFunctionDef, method: bool) -> int:
    """A function's parameters, a method's ``self`` or ``cls`` not counted."""
    a = node.args
    count = len(a.posonlyargs) + len(a.args) + len(a.kwonlyargs) + bool(a.vararg) + bool(a.kwarg)
    static = any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in node.decorator_list)
    return count - (method and not static and count > 0)


def says_why(node: ast.FunctionDef | ast.AsyncFunctionDef, lines: list[str]) -> bool:
    """True if a comment in the def's header (from ``def`` to its first statement) or its
    docstring says why it takes that many parameters."""
    header = lines[node.lineno - 1 : node.body[0].lineno - 1]
    comments = [line.split("#", 1)[1] for line in header if "#" in line]
    docstring = ast.get_docstring(node) or ""
    return any("parameters" in c for c in comments) or "parameters:" in docstring


def long_signatures(source: str) -> list[tuple[str, int]]:
    """(name, parameters) of each function of ``source`` over the limit that does not say why."""
    tree, lines, out = ast.parse(source), source.splitlines(), []

    def visit(node: ast.AST, in_class: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                n = parameters(child, in_class)
                if n > MAX_PARAMETERS and not says_why(child, lines):
                    out.append((child.name, n))
                visit(child, False)
            else:
                visit(child, isinstance(child, ast.ClassDef))

    visit(tree, False)
    return out


def test_no_bots_function_takes_more_than_six_parameters_without_saying_why():
    found = {path.name: long_signatures(path.read_text()) for path in sorted(BOTS_DIR.glob("*.py"))}
    assert {name: bad for name, bad in found.items() if bad} == {}


def test_the_parameter_check_counts_and_reads_comments():
    src = '''
def seven(a, b, c, d, e, f, g): ...
def six(a, b, c, d, e, *, f=0): ...
def said(a, b, c, d, e, f, g):  # 7 parameters: one per column
    ...
def documented(
    a, b, c, d, e, f, *rest
):
    """Takes many.

    Seven parameters: the old call kept."""
class K:
    def method(self, a, b, c, d, e, f): ...
    @staticmethod
    def static(a, b, c, d, e, f, g): ...
'''
    assert long_signatures(src) == [("seven", 7), ("static", 7)]


MASK_NAMES = {"hand", "mask", "forbidden", "forbid", "live", "me", "known", "unseen", "taken"}


def test_card_sets_in_bots_and_cards_signatures_are_typed_mask():
    """A parameter named like a card set is a ``Mask``, never a bare ``int``."""
    bare = []
    for path in [*sorted(BOTS_DIR.glob("*.py")), BOTS_DIR.parent / "cards.py"]:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef):
                a = node.args
                bare.extend(
                    f"{path.name}:{node.name}({arg.arg})"
                    for arg in (*a.posonlyargs, *a.args, *a.kwonlyargs)
                    if arg.arg in MASK_NAMES and arg.annotation and ast.unparse(arg.annotation) == "int"
                )
    assert bare == []
