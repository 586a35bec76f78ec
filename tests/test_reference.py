"""The reference analysis (scripts/reference.py): rebuilt tables, pairing, the robust
criterion and the posterior's weighting."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

import pytest

from gin_core import Rules
from gin_core.actions import Action, ActionKind
from gin_core.bots import make_bot
from gin_core.bots.knowledge import Knowledge
from gin_core.cards import CARDS, Card, mask_of, parse_cards
from gin_core.events import Event
from gin_core.hand import Hand, stacked_deck
from gin_core.match import Match
from gin_core.puzzles import puzzle_by_id, puzzle_set
from gin_core.puzzles.position import Position
from gin_core.puzzles.puzzle import DecisionKind, puzzle_id

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
from reference import (
    DEEP,
    MISS,
    MODELS,
    SHOWDOWN,
    Budget,
    Drawn,
    Likelihood,
    Model,
    Pair,
    State,
    Verdict,
    compare,
    compare_declarations,
    deck_for,
    declaration_verdict,
    effective_size,
    guessed_tables,
    measure_pair,
    play_out,
    policy_bot,
    quantile,
    resampled,
    settled,
    table_for,
    uniform_guess,
    verdict,
)

PUBLIC = ("hand", "pile", "discards", "pile_takes", "declined", "opponent_known", "stock_size", "phase")
PUBLIC += ("legal_actions", "forbidden", "scores", "dealer", "hand_number", "knock_limit", "multiplier")


@pytest.mark.parametrize("k", [0, 1, 100, 300, 500])
def test_a_rebuilt_table_is_the_position_with_the_guessed_hidden_cards(k: int) -> None:
    """The k-th puzzle of the set that is not a meld choice (whose moves are a knock's
    declarations, not the table's legal actions)."""
    pos = [pz for pz in puzzle_set() if pz.kind != DecisionKind.MELDS][k].position
    rng = random.Random(k)
    for _ in range(5):
        hand, stock = uniform_guess(Knowledge.of(pos.view()), rng)
        table = table_for(pos, deck_for(pos, hand, stock, rng))
        view, want = table.view(pos.player), pos.view()
        for field in PUBLIC:
            assert getattr(view, field) == getattr(want, field), field
        assert mask_of(table.hand.hands[1 - pos.player]) == hand
        assert table.hand.stock == [CARDS[i] for i in stock]


def test_the_opponent_keeps_what_it_was_seen_taking_under_every_model() -> None:
    pos = next(p.position for p in map(puzzle_by_id, map(puzzle_id, range(50))) if p.position.table.known)
    known = set(pos.table.known[1 - pos.player])
    for model in Model:
        for table in guessed_tables(pos, model, 4, 0).tables:
            assert known <= set(table.hand.hands[1 - pos.player])


def test_playouts_are_paired_each_guess_plays_both_moves_on_the_same_cards() -> None:
    pz = puzzle_by_id("p0001")
    tables = guessed_tables(pz.position, Model.SAMPLER, 6, 0).tables
    bots = (policy_bot("standard", 1), policy_bot("standard", 2))
    first = [play_out(t, pz.answer, bots) for t in tables]
    assert first == [play_out(t, pz.answer, bots) for t in tables]  # a table is not used up
    same = compare(pz.position, pz.answer, pz.answer, policies=("simple",), budget=Budget(batch=4, most=8))
    assert all(d == 0 for p in same for d in p.diffs)
    assert verdict(same) == Verdict.UNCLEAR


def pair(model: Model, policy: str, state: State) -> Pair:
    diffs = {State.BETTER: (1.0, 1.1, 0.9), State.WORSE: (-1.0, -1.1, -0.9), State.UNCLEAR: (1.0, -1.0, 0.1)}
    made = Pair(model, policy, diffs[state])
    assert made.state == state
    return made


def test_robust_only_when_every_model_and_policy_pair_is_won() -> None:
    models, policies = (Model.SAMPLER, Model.POSTERIOR), ("simple", "standard")
    won = [pair(m, p, State.BETTER) for m in models for p in policies]
    assert verdict(won, models, policies) == Verdict.ROBUST
    assert verdict(won[:-1], models, policies) == Verdict.UNCLEAR  # a pair not measured
    unclear = [*won[:-1], pair(Model.POSTERIOR, "standard", State.UNCLEAR)]
    assert verdict(unclear, models, policies) == Verdict.UNCLEAR
    lost = [*won[:-1], pair(Model.POSTERIOR, "standard", State.WORSE)]
    assert verdict(lost, models, policies) == Verdict.CONTRADICTED
    # the uniform model is a bound, not a judge: it neither makes nor breaks a verdict
    assert verdict([*won, pair(Model.UNIFORM, "simple", State.WORSE)], models, policies) == Verdict.ROBUST


def test_a_pair_is_won_only_with_its_interval_above_zero() -> None:
    assert Pair(Model.SAMPLER, "simple", (0.5,)).state == State.UNCLEAR  # one guess: no interval
    assert Pair(Model.SAMPLER, "simple", (0.2, 0.1, 0.3, 0.2)).state == State.BETTER
    assert Pair(Model.SAMPLER, "simple", (0.2, -0.25, 0.3, -0.2)).state == State.UNCLEAR


def test_the_check_stops_at_the_first_pair_not_won() -> None:
    pz = puzzle_by_id("p0001")
    pairs = compare(pz.position, pz.moves[1].action, pz.answer, budget=Budget(batch=4, most=8))
    assert [p.state for p in pairs[:-1]] == [State.BETTER] * (len(pairs) - 1)
    assert pairs[-1].state != State.BETTER


def test_a_move_the_opponent_model_would_not_make_costs_the_miss_factor() -> None:
    pos = puzzle_by_id("p0001").position
    rng = random.Random(2)
    hand, stock = uniform_guess(Knowledge.of(pos.view()), rng)
    deck = deck_for(pos, hand, stock, rng)
    policy = make_bot("standard", 0)
    moves_made, agreed = [], []

    def watch(table: Match, player: int, action: Action) -> None:
        if player != pos.player:
            moves_made.append(action)
            agreed.append(policy.decide(table.view(player)).action == action)

    table_for(pos, deck, watch)
    seen = Likelihood(1 - pos.player, make_bot("standard", 0))
    table_for(pos, deck, seen)
    assert moves_made and not all(agreed)  # the uniform guess explains some moves, not all
    assert seen.weight == pytest.approx(MISS ** agreed.count(False))


def test_resampling_follows_the_weights() -> None:
    rng = random.Random(0)
    picks = resampled([0.0, 3.0, 1.0, 0.0], 400, rng)
    assert picks.count(0) == picks.count(3) == 0
    assert picks.count(1) == 300 and picks.count(2) == 100
    assert effective_size([1.0] * 8) == pytest.approx(8)
    assert effective_size([1.0, 0.0, 0.0, 0.0]) == pytest.approx(1)


def diffs(*values: float) -> Pair:
    return Pair(Model.SAMPLER, "simple", values)


def test_a_comparison_stops_once_settled_either_way_or_hopeless() -> None:
    assert settled(diffs(0.2, 0.1, 0.3, 0.2), 192)  # clear above 0
    assert settled(diffs(-0.2, -0.1, -0.3, -0.2), 192)  # clear below
    noisy = [1.0, -1.0] * 8  # mean 0: no budget could clear it, but not before FUTILE_FROM guesses
    assert not settled(diffs(*noisy), 192)
    assert settled(diffs(*noisy * 2), 192)
    hopeful = [1.0, -0.7] * 16  # mean 0.15, error 0.15 at 32 guesses: more guesses could clear it
    assert not settled(diffs(*hopeful), 192)
    assert settled(diffs(*hopeful), 33)  # ...but not within 33


def test_the_shipped_check_status_names_puzzles_of_the_set_and_the_criterion_s_size() -> None:
    from reference import MODELS, POLICIES

    from gin_core.puzzles import reference_data as data

    ids = {pz.id for pz in puzzle_set()}
    robust, unclear = set(data.ROBUST.split()), set(data.UNCLEAR.split())
    assert robust <= ids and unclear <= ids and not robust & unclear
    assert (len(MODELS), len(POLICIES)) == (data.MODELS, data.POLICIES)  # the legend's words


def test_pruning_trusts_only_the_sampler_s_contradictions_from_the_first_posterior(tmp_path: Path) -> None:
    """The first run's posterior (uniform proposals) was 11-18 points above real hands: its
    verdicts retire nothing, a contradiction under the sampler does; a calibrated run decides."""
    import json

    from reference_verdicts import statuses

    from gin_core.puzzles.puzzle import current_id

    def pairs(model: str, state: str) -> list[dict[str, object]]:
        return [{"model": "sampler", "state": "better"}, {"model": model, "state": state}]

    earlier = tmp_path / "earlier.jsonl"
    earlier.write_text(
        "\n".join(
            json.dumps({"key": key, "verdict": verdict, "pairs": pairs(model, state)})
            for key, verdict, model, state in (
                ("p0001", "contradicted", "posterior", "worse"),
                ("p0002", "contradicted", "sampler", "worse"),
                ("p0003", "robust", "posterior", "better"),
                ("p0004", "contradicted", "sampler", "worse"),
            )
        )
    )
    later = tmp_path / "later.jsonl"
    later.write_text(json.dumps({"key": current_id("p0004"), "verdict": "unclear", "pairs": []}))
    found = statuses([later], [earlier])
    assert found == {current_id("p0002"): "contradicted", current_id("p0004"): "unclear"}


def test_the_deeper_check_looks_only_when_its_guesses_have_doubled_and_at_its_cap() -> None:
    assert [n for n in range(1, DEEP.most + 1) if DEEP.looks_at(n)] == [16, 32, 64, 128, 256, 384]
    assert [n for n in range(1, 65) if Budget().looks_at(n)] == [16, 32, 48, 64]  # the first runs'
    noisy = diffs(*[1.0, -1.0] * 64)  # mean 0 at 128 guesses: hopeless for the first budget...
    assert settled(noisy, 192)
    assert not settled(noisy, None)  # ...but the deeper check goes on to its cap


def test_the_deeper_check_draws_fresh_guesses_a_chunk_at_a_time_and_the_first_draw_is_unchanged() -> None:
    pos = puzzle_by_id("p0001").position

    def hands(tables: Iterable[Match]) -> list[int]:
        return [mask_of(t.hand.hands[1 - pos.player]) for t in tables]

    first = Drawn(pos, Model.SAMPLER, Budget(most=6))
    assert hands([first[k] for k in range(6)]) == hands(guessed_tables(pos, Model.SAMPLER, 6, 0).tables)
    deep = Drawn(pos, Model.SAMPLER, Budget(most=8, draw=1, chunk=3))
    assert len(deep.tables) == 0  # nothing guessed before it is asked for
    deep[4]
    assert len(deep.tables) == 6  # two chunks of three
    assert hands(deep.tables[:3]) == hands(guessed_tables(pos, Model.SAMPLER, 3, 1000).tables)
    assert hands(deep.tables[3:]) == hands(guessed_tables(pos, Model.SAMPLER, 3, 1001).tables)


def test_a_tie_under_the_deeper_check_runs_to_its_cap() -> None:
    pz = puzzle_by_id("p0001")
    budget = Budget(batch=2, most=8, futile=False, doubling=True, draw=1, chunk=4, clustered=True)
    tables = Drawn(pz.position, Model.SAMPLER, budget)
    tie = measure_pair(tables, (pz.answer, pz.answer), "simple", float, budget)
    assert tie.diffs == (0.0,) * 8 and tie.state == State.UNCLEAR
    assert len(tie.clusters) == 8 and tie.draws == len(set(tables.keys))  # each guess's draw


def test_the_options_raise_the_deeper_check_s_cap_and_draw_fresh_guesses_the_rest_as_deep() -> None:
    import argparse

    from reference_verdicts import deep_budget

    assert deep_budget(argparse.Namespace(floor=None, most=None, draw=None)) == DEEP
    deeper = deep_budget(argparse.Namespace(floor=None, most=1536, draw=3))
    assert deeper == replace(DEEP, most=1536, draw=3)
    looks = [n for n in range(1, deeper.most + 1) if deeper.looks_at(n)]
    assert looks == [16, 32, 64, 128, 256, 512, 1024, 1536]  # the first six looks as DEEP's, two more
    pos = puzzle_by_id("p0001").position
    fresh, first = (Drawn(pos, Model.SAMPLER, replace(b, chunk=3)) for b in (deeper, DEEP))
    assert fresh.draw_of(0) != first.draw_of(0)  # another draw: other guesses than the first check's


def flag_row(key: str, verdict: str, stock: int = 10, kind: str = "knocked_too_early") -> dict[str, object]:
    row = {"key": key, "tier": 0, "flagged": True, "stock": stock, "kind": kind, "verdict": verdict}
    played = "knock 5H" if kind == "knocked_too_early" else "discard 5H"
    return row | {"played": played, "best": "knock 9C" if kind == "waited_too_long" else "discard 9C"}


def test_the_deeper_check_takes_every_doubted_flag_and_a_sample_of_the_robust_ones_in_turn() -> None:
    from reference_verdicts import deepened

    robust = [flag_row(f"{k}:beginner:9", "robust") for k in range(10)]
    doubted = [flag_row("20:beginner:9", "unclear"), flag_row("21:standard:9", "contradicted")]
    others = [
        flag_row("30:beginner:9", "unclear", stock=30, kind="other"),  # the opening rule drops it
        flag_row("32:standard:9", "contradicted", kind="waited_too_long"),  # the wait rule drops it
        {**flag_row("31:beginner:9", "unclear"), "tier": 1},  # not a flag
    ]
    chosen = deepened([*robust, *doubted, *others], 0.3)
    assert [r["verdict"] for r in chosen] == ["unclear", "robust", "contradicted", "robust", "robust"]
    assert chosen == deepened([*robust, *doubted, *others], 0.3)  # a seeded sample: the same again
    assert len(deepened([*robust, *doubted], 1.0)) == 12


def test_recall_s_deeper_check_takes_the_unflagged_candidates_that_could_still_reach_the_threshold() -> None:
    from reference_verdicts import could_reach, recall_deepened

    def candidate(seed: int, verdict: str, mean: float, error: float | None) -> dict[str, object]:
        pair = {"model": "sampler", "policy": "simple", "mean": mean, "error": error}
        row = {**flag_row(f"{seed}:beginner:9", verdict), "tier": 1, "flagged": False, "pairs": [pair]}
        return row | {"run": "r.jsonl"}

    close = candidate(1, "unclear", 5.0, 2.0)  # 5 + 1.645 x 2 = 8.3: could still be beyond 8
    far = candidate(2, "unclear", 3.0, 2.0)  # at most 6.3
    sure = candidate(3, "robust", 9.0, 0.5)
    last = candidate(9, "unclear", 9.0, 2.0)  # the last hand checked: it may be part done
    assert could_reach(close) and not could_reach(far) and could_reach(candidate(4, "unclear", 1.0, None))
    assert recall_deepened([close, far, sure, last], 1.0) == [close, sure]
    assert recall_deepened([close, far, sure, last], 0.0) == [close]


def test_copies_of_one_draw_count_once_in_the_error() -> None:
    """A posterior keeps one proposal many times (restocked): the error is over the draws."""
    apart = Pair(Model.POSTERIOR, "simple", (3.0, 3.0, 3.0, -1.0, -1.0, -1.0, 2.0, 2.0, 2.0))
    drawn = replace(apart, clusters=("a", "a", "a", "b", "b", "b", "c", "c", "c"))
    assert apart.state == State.BETTER  # nine guesses read as independent...
    assert (
        drawn.draws == 3 and drawn.error > 1.5 * apart.error and drawn.state == State.UNCLEAR
    )  # ...three draws
    single = replace(apart, clusters=tuple(range(9)))  # every guess its own draw: the usual error
    assert single.error == pytest.approx(apart.error)
    assert replace(apart, clusters=("a",) * 9).state == State.UNCLEAR  # one draw: no interval


def test_the_interval_s_quantile_is_student_s_t_with_the_draws_less_one() -> None:
    """Published one-sided 95% t quantiles (df 1, 2, 3, 9, 15, 30, 100), tending to 1.645."""
    table = {1: 6.314, 2: 2.920, 3: 2.353, 9: 1.833, 15: 1.753, 30: 1.697, 100: 1.660}
    assert {df: round(quantile(df + 1), 3) for df in table} == table
    assert 1.645 < quantile(1000) < 1.648


def test_a_look_on_a_few_distinct_hands_is_not_decided_on_the_normal_quantile() -> None:
    """16 guesses that are 4 hands (the first look, late in a hand): clear of 0 by 1.645 errors
    but not by t's 2.35 with 3 degrees of freedom; the same differences as 16 hands are won."""
    values = (10.0, 0.0, 7.0, 3.0)
    diffs = tuple(v for v in values for _ in range(4))
    four = Pair(Model.POSTERIOR, "simple", diffs, tuple(k for k in range(4) for _ in range(4)))
    assert four.draws == 4 and four.mean - 1.645 * four.error > 0  # the old criterion's "better"
    assert four.state == State.UNCLEAR
    assert replace(four, diffs=tuple(-d for d in diffs)).state == State.UNCLEAR  # nor lost
    assert replace(four, clusters=tuple(range(16))).state == State.BETTER
    assert replace(four, clusters=tuple(range(16)), floor=17).state == State.UNCLEAR  # under a floor


def test_an_earlier_deeper_check_is_taken_again_only_where_today_s_criterion_reads_a_pair_otherwise() -> None:
    """A pair won by 1.645 errors on 4 draws is stale under t; one clear by t is not; a flag the
    earlier run never checked comes first, and a stale one comes back as that run left it."""
    from reference_verdicts import again_first, stale

    def pair(mean: float, draws: int, state: str) -> dict[str, object]:
        shape = {"model": "sampler", "policy": "simple", "n": 16, "error": 2.0}
        return shape | {"mean": mean, "draws": draws, "state": state}

    won = {**flag_row("1:beginner:9", "robust"), "pairs": [pair(4.0, 4, "better")]}  # 4 - 2.35 x 2 < 0
    clear = {**flag_row("2:beginner:9", "robust"), "pairs": [pair(4.0, 16, "better")]}  # 4 - 1.75 x 2 > 0
    lost = {**flag_row("3:beginner:9", "contradicted"), "pairs": [pair(-4.0, 4, "worse")]}
    assert stale(won) and not stale(clear) and stale(lost)
    assert not stale({**won, "pairs": [{**pair(1.0, 1, "unclear"), "error": None}]})  # one draw
    first = [flag_row(f"{k}:beginner:9", "unclear") for k in (1, 2, 3, 4)]
    assert again_first(first, [won, clear, lost]) == [first[3], won, lost]
    assert again_first(first, []) == first


def test_a_verdict_resting_on_a_pair_of_few_draws_is_told_apart() -> None:
    from reference_verdicts import few_draws

    def pair(state: str, draws: int, model: str = "posterior") -> dict[str, object]:
        return {"model": model, "policy": "hunter", "n": 16, "draws": draws, "state": state}

    assert few_draws({"pairs": [pair("better", 16), pair("better", 2)]}, 3)
    assert not few_draws({"pairs": [pair("better", 16), pair("unclear", 2)]}, 3)  # not decided by it
    assert not few_draws({"pairs": [pair("worse", 2, "uniform")]}, 3)  # the bound decides nothing
    assert few_draws(
        {"pairs": [{"model": "sampler", "policy": "simple", "n": 4, "state": "worse"}]}, 5
    )  # guesses


def test_new_puzzles_enter_the_set_only_once_the_check_finds_them_robust(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``prune --admit``: a part file's puzzle found robust is added after the set's lines, one
    found unclear or not checked is not, nor is a shipped or retired puzzle added again."""
    import json
    import shutil

    import reference_verdicts
    from reference_verdicts import candidates, prune

    from gin_core.puzzles.daily_ledger import DAYS
    from gin_core.puzzles.puzzle import format_line, line_id

    shipped = puzzle_set()

    def answered_otherwise(k: int) -> str:  # a shipped position with its runner-up as the answer: a new id
        fields = format_line(shipped[k]).split(" ")
        moves = fields[4].split(",")
        return " ".join([*fields[:4], ",".join([moves[1], moves[0], *moves[2:]])])

    new = [answered_otherwise(k) for k in (3, 4, 5)]
    parts = tmp_path / "parts"
    parts.mkdir()
    (parts / "part-000001.txt").write_text("\n".join([format_line(shipped[0]), *new]) + "\n")
    assert [pz.id for pz in candidates(parts, ("knock", "discard", "draw", "upcard"))] == [
        line_id(line) for line in new
    ]
    run = tmp_path / "run.jsonl"
    verdicts = ((line_id(new[0]), "robust"), (line_id(new[1]), "unclear"), (shipped[0].id, "robust"))
    run.write_text("\n".join(json.dumps({"key": key, "verdict": v, "pairs": []}) for key, v in verdicts))
    for name in ("puzzle_data.py", "puzzles/reference_data.py", "puzzles/daily_ledger.py"):
        (tmp_path / "gin_core" / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(Path(reference_verdicts.ROOT) / "gin_core" / name, tmp_path / "gin_core" / name)
    monkeypatch.setattr(reference_verdicts, "ROOT", tmp_path)
    prune([run], [], parts)
    data = (tmp_path / "gin_core" / "puzzle_data.py").read_text()
    namespace: dict[str, str] = {}
    exec(data, namespace)
    ids = namespace["IDS"].split()
    assert ids == [pz.id for pz in shipped] + [line_id(new[0])]
    added = namespace["PUZZLES"].split("\n")[-1].split(" ")
    assert added[:1] + added[2:] == new[0].split(" ")[:1] + new[0].split(" ")[2:]  # its rating: fitted
    labels = (tmp_path / "gin_core" / "puzzles" / "reference_data.py").read_text()
    assert line_id(new[0]) in labels and line_id(new[1]) not in labels and line_id(new[2]) not in labels
    assert capsys.readouterr().out == f"{len(shipped) + 1} puzzles kept, 0 retired, 1 added; robust 2\n"
    ledger: dict[str, str] = {}
    exec((tmp_path / "gin_core" / "puzzles" / "daily_ledger.py").read_text(), ledger)
    assert ledger["DAYS"].split() == [*DAYS.split(), line_id(new[0])]  # a day of its own, after the others


def test_a_puzzle_admitted_gets_the_rating_the_levels_attempts_fit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``prune --admit`` rates a new puzzle as ``rate_puzzles.py fit`` rates the set: the
    levels attempt it, the row is kept with the maker's rating as its prior, and the rating
    shipped is the fitted one, which a later ``fit`` leaves as it is."""
    import json
    import shutil

    import rate_puzzles
    import reference_verdicts
    from rate_puzzles import attempted, fitted, read_rows, refitted
    from reference_verdicts import prune

    from gin_core.puzzles.puzzle import format_line, line_id, parse_line

    shipped = puzzle_set()[3]
    fields = format_line(shipped).split(" ")
    moves = fields[4].split(",")
    line = " ".join([*fields[:4], ",".join([moves[1], moves[0], *moves[2:]])])  # answered otherwise
    pid = line_id(line)
    maker = parse_line(pid, line)
    parts = tmp_path / "parts"
    parts.mkdir()
    (parts / "part-000001.txt").write_text(line + "\n")
    run = tmp_path / "run.jsonl"
    run.write_text(json.dumps({"key": pid, "verdict": "robust", "pairs": []}))
    for name in ("puzzle_data.py", "puzzles/reference_data.py", "puzzles/daily_ledger.py"):
        (tmp_path / "gin_core" / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(Path(reference_verdicts.ROOT) / "gin_core" / name, tmp_path / "gin_core" / name)
    monkeypatch.setattr(reference_verdicts, "ROOT", tmp_path)
    prune([run], [], parts)
    rows = read_rows(tmp_path / rate_puzzles.ATTEMPTS)
    assert rows == {pid: attempted(maker)} and rows[pid]["prior"] == maker.rating
    data = (tmp_path / "gin_core" / "puzzle_data.py").read_text()
    namespace: dict[str, str] = {}
    exec(data, namespace)
    rating = int(namespace["PUZZLES"].split("\n")[-1].split(" ")[1])
    assert rating == fitted(maker.rating, rows[pid]["solved"]) != maker.rating
    assert refitted(data, rows) == (data, [rating - maker.rating])


# ----- meld choices: the declaration checked where nobody plays on ----------------------------


def offered_a_lay_off() -> Position:
    """A meld choice built to have an obvious answer: the knocker (the dealer) holds 2C 2D 2S AS
    3S and the run 3H-7H, and knocks with QC. Declaring the twos' set or the spades' run AS-2S-3S
    leaves 4 deadwood either way, but the defender took the upcard 4S and kept it: every guess of
    its hand holds the 4S, which lays off on the spades' run and on no meld of the other."""
    rules = Rules()
    deck = stacked_deck(
        parse_cards("9C 9D 9H TC JC KD KS 6C 8C 5D"),
        parse_cards("2C 2D 2S AS 3S 3H 4H 5H 6H 7H"),
        Card.parse("4S"),
        parse_cards("QC"),
    )
    m = Match(rules, seed=0, dealer=0)
    m.events = []
    m.hand = Hand(rules, deck, 0, (0, 0), m.events)
    m.events.append(Event("deal", 0, m.hand.upcard, number=m.deals))
    for action, player in ((ActionKind.DRAW_PILE, 1), (ActionKind.DISCARD, 1), (ActionKind.DRAW_STOCK, 0)):
        m.apply(Action(action, Card.parse("KD") if action == ActionKind.DISCARD else None), player)
    return Position.of(m.view(0)).knocking(Card.parse("QC"))


def declared(pos: Position, melds: str) -> Action:
    """The knock of a meld choice that declares ``melds`` (space-separated, as an action shows them)."""
    return next(a for a in pos.legal_actions if str(a) == f"knock {pos.knock} {melds}")


SETS = "2C-2D-2S 3H-4H-5H-6H-7H"
SPADES = "AS-2S-3S 3H-4H-5H-6H-7H"
SMALL = Budget(batch=8, most=16, futile=False, clustered=True, draw=1, chunk=16)


def test_a_meld_choice_check_finds_the_declaration_that_offers_no_lay_off_robust() -> None:
    pos = offered_a_lay_off()
    sets, spades = declared(pos, SETS), declared(pos, SPADES)
    rivals = [a for a in pos.legal_actions if a != sets]
    pairs = compare_declarations(pos, sets, rivals, budget=SMALL)
    assert {(p.model, p.rival) for p in pairs} == {(m, str(r)) for m in MODELS for r in rivals}
    assert {p.policy for p in pairs} == {SHOWDOWN}  # nobody plays on: no policy pairs
    spades_pairs = [p for p in pairs if p.rival == str(spades)]
    gains = [d for p in spades_pairs for d in p.diffs]
    assert all(d >= 0 for d in gains)  # never worse: the same hand, one more spot for its 4S
    assert sum(d > 0 for d in gains) > len(gains) / 2  # the 4S laid off, unless in a meld of its own
    assert declaration_verdict(pairs, rivals) == Verdict.ROBUST
    # the other way round: the spades' run is clearly worse than the set, under the first model
    wrong = compare_declarations(pos, spades, [sets], budget=SMALL)
    assert len(wrong) == 1 and wrong[0].state == State.WORSE
    assert declaration_verdict(wrong, [sets]) == Verdict.CONTRADICTED


def test_a_meld_choice_is_robust_only_when_every_other_declaration_is_beaten_under_every_model() -> None:
    rivals = [Action(ActionKind.KNOCK, Card.parse("QC")), Action(ActionKind.KNOCK, Card.parse("QD"))]

    def against(rival: Action, model: Model, state: State) -> Pair:
        return replace(pair(model, SHOWDOWN, state), rival=str(rival))

    won = [against(r, m, State.BETTER) for r in rivals for m in MODELS]
    assert declaration_verdict(won, rivals) == Verdict.ROBUST
    assert declaration_verdict(won[:-1], rivals) == Verdict.UNCLEAR  # a rival not measured under a model
    unclear = [*won[:-1], against(rivals[1], MODELS[-1], State.UNCLEAR)]
    assert declaration_verdict(unclear, rivals) == Verdict.UNCLEAR
    lost = [against(rivals[0], MODELS[0], State.WORSE)]
    assert declaration_verdict(lost, rivals) == Verdict.CONTRADICTED
    bound = [*won, against(rivals[0], Model.UNIFORM, State.WORSE)]  # the uniform bound decides nothing
    assert declaration_verdict(bound, rivals) == Verdict.ROBUST


def test_the_runs_take_every_decision_kind_the_set_spells() -> None:
    from reference_verdicts import KINDS

    from gin_core.puzzles.puzzle import DecisionKind

    assert sorted(KINDS) == sorted(str(k) for k in DecisionKind)


def test_a_contradicted_meld_choice_is_retired_and_the_summary_counts_the_kind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A meld-choice puzzle whose answer declares the spades' run (worse than the set on every
    guess) is checked as a meld choice, found contradicted, retired by ``prune``, and counted in
    the summary's melds row."""
    import json
    import shutil

    import reference_verdicts
    from reference_verdicts import prune, puzzle_figures, puzzle_row

    from gin_core.puzzles.puzzle import MoveValue, puzzle_of, stable_id

    pos = offered_a_lay_off()
    spades, sets = declared(pos, SPADES), declared(pos, SETS)
    pid = stable_id(pos.code, pos.legal_actions.index(spades))
    wrong = puzzle_of(pos, (MoveValue(spades, 10.0, None), MoveValue(sets, 6.0, None)), pid)
    row = {"key": pid, "commit": "test"} | puzzle_row(wrong, False, SMALL)
    assert row["kind"] == "melds" and row["rivals"] == [str(sets)]
    assert row["verdict"] == "contradicted"
    shipped = puzzle_set()
    monkeypatch.setattr(reference_verdicts, "puzzle_set", lambda: (*shipped, wrong))
    for name in ("puzzle_data.py", "puzzles/reference_data.py", "puzzles/daily_ledger.py"):
        (tmp_path / "gin_core" / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(Path(reference_verdicts.ROOT) / "gin_core" / name, tmp_path / "gin_core" / name)
    monkeypatch.setattr(reference_verdicts, "ROOT", tmp_path)
    run = tmp_path / "run.jsonl"
    run.write_text(json.dumps(row) + "\n")
    prune([run], [])
    namespace: dict[str, str] = {}
    exec((tmp_path / "gin_core" / "puzzle_data.py").read_text(), namespace)
    assert pid not in namespace["IDS"].split() and len(namespace["IDS"].split()) == len(shipped)
    assert capsys.readouterr().out.startswith(f"{len(shipped)} puzzles kept, 1 retired, 0 added")
    puzzle_figures([row])
    melds = [line for line in capsys.readouterr().out.splitlines() if line.startswith("melds |")]
    assert len(melds) == 1 and melds[0].split(" | ")[2:5] == ["   1", "  0 (0%, 90%: 0%-73%)", "  1"]


def test_a_meld_choice_among_new_puzzles_is_checked_as_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``puzzles --parts DIR --kinds melds``: a part file's meld choice is checked against every
    other declaration it lists (its row names them), and found robust."""
    import json

    import reference_verdicts

    from gin_core.puzzles.puzzle import MoveValue, format_line, puzzle_of

    pos = offered_a_lay_off()
    sets = declared(pos, SETS)
    others = [a for a in pos.legal_actions if a != sets]
    made = puzzle_of(pos, (MoveValue(sets, 10.0, None), *(MoveValue(a, 5.0, None) for a in others)))
    parts = tmp_path / "parts"
    parts.mkdir()
    (parts / "part-000001.txt").write_text(format_line(made) + "\n")
    out = tmp_path / "run.jsonl"
    argv = ["reference_verdicts.py", "puzzles", "--parts", str(parts), "--kinds", "melds", "--no-bound"]
    monkeypatch.setattr(sys, "argv", [*argv, "--out", str(out)])
    monkeypatch.setattr(reference_verdicts, "commit", lambda: "test")  # no git in Pyodide
    reference_verdicts.main()
    (row,) = [json.loads(line) for line in out.read_text().splitlines()]
    assert row["kind"] == "melds" and row["verdict"] == "robust"
    assert row["rivals"] == [str(a) for a in others]
    assert {p["rival"] for p in row["pairs"]} == set(row["rivals"])  # each declaration met


def test_prune_checked_only_retires_what_no_run_checked_and_refuses_a_run_left_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``prune --checked-only`` (issue 41: the set keeps only answers the check stood by): a
    puzzle no run checked is retired, a robust or unclear one kept; and a run list missing a
    puzzle the shipped labels call checked is refused, the set untouched."""
    import json
    import shutil

    import reference_verdicts
    from reference_verdicts import UncoveredLabels, prune

    from gin_core.puzzles.puzzle import Checked

    chosen = puzzle_set()[:4]
    robust, unclear, checked_now, never = (pz.id for pz in chosen)
    shipped = {robust: Checked.ROBUST, unclear: Checked.UNCLEAR}  # the others: labelled unchecked
    monkeypatch.setattr(reference_verdicts, "puzzle_set", lambda: chosen)
    monkeypatch.setattr(
        reference_verdicts, "reference_check", lambda pz: shipped.get(pz.id, Checked.UNCHECKED)
    )
    for name in ("puzzle_data.py", "puzzles/reference_data.py", "puzzles/daily_ledger.py"):
        (tmp_path / "gin_core" / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(Path(reference_verdicts.ROOT) / "gin_core" / name, tmp_path / "gin_core" / name)
    monkeypatch.setattr(reference_verdicts, "ROOT", tmp_path)
    data = tmp_path / "gin_core" / "puzzle_data.py"
    before = data.read_text()
    run = tmp_path / "run.jsonl"
    rows = [(unclear, "unclear"), (checked_now, "robust")]
    run.write_text("\n".join(json.dumps({"key": k, "verdict": v, "pairs": []}) for k, v in rows))
    with pytest.raises(
        UncoveredLabels, match=f"no run given holds 1 of the puzzles labelled checked \\(e.g. {robust}\\)"
    ):
        prune([run], [], checked_only=True)
    assert data.read_text() == before
    rows.append((robust, "robust"))
    run.write_text("\n".join(json.dumps({"key": k, "verdict": v, "pairs": []}) for k, v in rows))
    prune([run], [], checked_only=True)
    namespace: dict[str, str] = {}
    exec(data.read_text(), namespace)
    assert namespace["IDS"].split() == [pz.id for pz in chosen if pz.id != never]
    assert capsys.readouterr().out == "3 puzzles kept, 1 retired, 0 added; robust 2\n"
