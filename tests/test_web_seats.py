"""The seated table in the page (three players, partners, Hollywood): the presenter of your
seat's view, the stored record (sealed, refused cleanly when bad), the computer's moves as
background jobs, and fairness: nothing the presenter builds names a card hidden from you."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_core import SEATINGS, Seating, TableMatch, best_arrangement, save_match, table_preset
from gin_core.bots import make_bot
from gin_core.table import TablePhase

WEB = Path(__file__).resolve().parent.parent / "web"
sys.path.insert(0, str(WEB))
from ginweb.feature import PastGame  # noqa: E402  (same)
from ginweb.kit.background import Jobs  # noqa: E402  (same)
from ginweb.kit.safejson import NewerVersionError  # noqa: E402  (same)
from ginweb.review.model import review_model  # noqa: E402  (same)
from ginweb.review.seen import Reader  # noqa: E402  (same)
from ginweb.seats import record, tally  # noqa: E402  (the page's package lives in web/)
from ginweb.seats.feature import SeatsFeature  # noqa: E402  (same)
from ginweb.seats.intents import GoOver, SeatMove, SitDown, SortCards  # noqa: E402  (same)
from ginweb.seats.model import SeatsModel, covered, present  # noqa: E402  (same)
from ginweb.seats.seatings import WORDS, words_of  # noqa: E402  (same)
from ginweb.storage import stats  # noqa: E402  (same)
from ginweb.table.handview import layout  # noqa: E402  (same)
from ginweb.words import narrate  # noqa: E402  (same)

KEY = "0123456789abcdef0123456789abcdef"
YOU = 0
ALONE = {str(s): record.names(s, record.alone(d.seats)) for s, d in SEATINGS.items()}
EVERY = st.sampled_from(sorted(ALONE))  # every seating of the engine


def play(table: TableMatch, moves: int, seed: int = 0) -> TableMatch:
    """``moves`` moves by beginner bots at every seat (the next hand dealt when one ends)."""
    bots = [make_bot("beginner", seed + s) for s in range(table.seats)]
    for _ in range(moves):
        if table.result is not None:
            break
        if table.phase == TablePhase.HAND_OVER:
            table.apply(0, "next_hand")
            continue
        seat = table.to_move[0]
        view = table.view(seat).play
        assert view is not None
        table.apply(seat, bots[seat].decide(view).action)
    return table


def hand_over(table: TableMatch, seed: int = 0) -> TableMatch:
    """Play on until the hand in play is over."""
    while table.phase == TablePhase.PLAY:
        play(table, 1, seed)
    return table


# ----- the presenter ---------------------------------------------------------------------------


def test_every_seating_of_the_engine_has_its_words_and_a_table_in_the_page():
    """Seatings as data: a seating is the engine's definition and the page's words; the page
    finds everything else (parties, columns) in the seat's view."""
    assert set(WORDS) == set(SEATINGS) and len({w.choice for w in WORDS.values()}) == len(WORDS)
    for seating, definition in SEATINGS.items():
        assert len(WORDS[seating].computers) == definition.seats and words_of(str(seating)) is WORDS[seating]
        view = TableMatch(definition.preset(), seed=1, dealer=0).view(YOU)
        m = present(view, ALONE[str(seating)])
        assert m.title == WORDS[seating].title and len(m.seats) == definition.seats
        named = m.board.parties
        assert {n for p in named for n in p.split(" and ")} == set(ALONE[str(seating)])
    assert words_of("five") is None


def test_three_players_the_dealer_sits_out_and_sees_the_others_face_down():
    m = present(TableMatch(table_preset("three"), seed=5, dealer=YOU).view(YOU), ALONE["three"])
    assert len(m.games) == 1 and not m.games[0].yours
    assert m.games[0].players == ("Left", "Right") and m.games[0].cards == ()
    assert m.games[0].face_down in ((10, 10), (11, 10), (10, 11))
    assert m.watching and m.moves == ()


def test_three_players_the_deal_rotates_and_you_play_the_next_hand():
    table = hand_over(TableMatch(table_preset("three"), seed=5, dealer=YOU))
    m = present(table.view(YOU), ALONE[table.table.seating])
    assert m.moves == (("next_hand", "Next hand"),) and m.status == "Hand 1 is over"
    table.apply(YOU, "next_hand")
    m = present(table.view(YOU), ALONE[table.table.seating])
    assert table.dealer != YOU and m.games[0].yours and len(m.games[0].cards) in (10, 11)


def test_partners_two_games_yours_first():
    table = TableMatch(table_preset("partners"), seed=3, dealer=YOU)
    m = present(table.view(YOU), ALONE[table.table.seating])
    assert len(m.games) == 2 and m.games[0].yours and not m.games[1].yours


def _texts(m: SeatsModel) -> str:
    parts = [m.title, m.status, *(s.label for s in m.seats), *(label for _, label in m.moves), *m.board.head]
    parts += [c for row in m.board.rows for c in row] + [g.status for g in m.games]
    return "\n".join(parts)


@settings(max_examples=25, deadline=None)
@given(EVERY, st.integers(0, 10_000), st.integers(0, 120))
def test_the_model_never_names_a_card_hidden_from_you(seating, seed, moves):
    table = play(TableMatch(table_preset(seating), seed=seed), moves, seed)
    view = table.view(YOU)
    m = present(view, ALONE[seating])
    mine = set(view.play.hand) if view.play is not None else set()
    known = set(view.play.opponent_known) if view.play is not None else set()
    piles = {c for match in table.games for c in match.hand.pile}
    # partners play two decks: a card hidden in one game may be seen in the other
    hidden = {c for match in table.games for h in match.hand.hands for c in h} - mine - known - piles
    text = _texts(m)
    for c in hidden:
        assert c.symbol not in text and narrate.card_word(c, spoken=True) not in text
    shown = {c for g in m.games for c in g.cards} | {g.top for g in m.games if g.top is not None}
    assert shown <= mine | piles and {c for c, _, _ in m.discards} <= mine
    assert all(g.cards == () for g in m.games if not g.yours)


# ----- the stored table ------------------------------------------------------------------------


def test_the_record_round_trips_sealed():
    table = play(TableMatch(table_preset("partners"), seed=11), 30)
    text = record.dumps(record.Seated(table, "beginner", ("Ann", None, "Bob", None)), KEY)
    data = json.loads(text)
    assert data["table"].startswith("sealed1:")
    assert set(data["table"][len("sealed1:") :]) <= set("abcdefghijklmnop")  # no seed, no card in clear
    back = record.parse(data, KEY)
    assert back.level == "beginner" and back.table.history == table.history
    assert back.people == ("Ann", None, "Bob", None)
    data.pop("people")
    data.pop("analyses")
    data.pop("uid")
    data["version"] = 1  # a record from before people: you against the computer
    assert record.parse(data, KEY).people == ("You", None, None, None)


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d.update(format="other"),
        lambda d: d.update(version=3),  # its keys are of version 4
        lambda d: d.update(version=2),
        lambda d: d.update(uid=""),
        lambda d: d.update(uid=7),
        lambda d: d.update(people=["You", "You", None]),
        lambda d: d.update(people=[None, None, None]),
        lambda d: d.update(people=["You", None]),
        lambda d: d.update(level="wizard"),
        lambda d: d.update(table=d["table"][:-4]),
        lambda d: d.pop("level"),
    ],
)
def test_a_bad_record_is_refused_with_value_error(edit: Callable[[dict[str, Any]], object]):
    table = play(TableMatch(table_preset("three"), seed=4), 12)
    data = json.loads(record.dumps(record.Seated(table, "beginner", ("You", None, None)), KEY))
    edit(data)
    with pytest.raises(ValueError):
        record.parse(data, KEY)


def test_a_newer_record_is_kept_as_it_is_not_set_aside():
    """Issue 43 item 15: a seats record of version 99 was moved to ``broken/``, where a newer
    record of puzzles or lessons is kept as it is ("Not saving")."""
    table = play(TableMatch(table_preset("three"), seed=4), 12)
    data = json.loads(record.dumps(record.Seated(table, "beginner", ("You", None, None)), KEY))
    with pytest.raises(NewerVersionError):
        record.parse(data | {"version": 99}, KEY)
    with pytest.raises(ValueError) as refused:
        record.parse(data | {"version": 0}, KEY)
    assert not isinstance(refused.value, NewerVersionError)


def test_a_record_sealed_with_another_key_is_refused():
    data = json.loads(
        record.dumps(record.Seated(TableMatch(table_preset("three")), "beginner", ("You", None, None)), KEY)
    )
    with pytest.raises(ValueError):
        record.parse(data, "f" * 32)


# ----- the feature -----------------------------------------------------------------------------


class Vault:
    def __init__(self) -> None:
        self.kept: dict[str, str] = {}
        self.stats_data = stats.empty({tally.PART: tally.check})
        self.uids = 0
        self.counts = 0

    def new_uid(self) -> str:
        self.uids += 1
        return f"uid-{self.uids}"

    def count(self, update: Callable[[dict[str, Any]], bool]) -> None:
        self.counts += 1
        update(self.stats_data)

    def read(self, name: str, parse: Callable[[Any], Any], what: str) -> Any:
        return parse(json.loads(self.kept[name])) if name in self.kept else None

    def put(self, name: str, text: str) -> None:
        self.kept[name] = text

    def remove(self, name: str) -> None:
        self.kept.pop(name, None)

    def seal_key(self) -> str:
        return KEY


class Screen:
    def __init__(self) -> None:
        self.shown: list[SeatsModel] = []

    def show(self, m: SeatsModel) -> None:
        self.shown.append(m)

    def hide(self) -> None:
        self.shown.clear()


def seated(seating: str, seed: int | None = None) -> tuple[SeatsFeature, Vault, Screen, list[str]]:
    """A feature at a table of ``seating`` (dealt from ``seed``; None: at random)."""
    f, vault, ui, said = plugged(Vault())
    f.seed = seed
    f.sit_down(SitDown(seating))
    return f, vault, ui, said


def plugged(vault: Vault) -> tuple[SeatsFeature, Vault, Screen, list[str]]:
    """A feature on ``vault`` (a tab of the page), attached to a stand-in table."""
    ui, said = Screen(), []
    reviews: list[PastGame] = []
    f = SeatsFeature(vault, ui, reviews.append)  # type: ignore[arg-type]
    host = SimpleNamespace(
        reviews=reviews,
        asked=[],
        session=SimpleNamespace(
            game=SimpleNamespace(level="beginner"),
            settings=SimpleNamespace(strict=False, sort="rank", sound=False),
        ),
        dialogs=SimpleNamespace(close=lambda ident: None),
        screen=SimpleNamespace(notice=lambda text, kind, ms: said.append(text)),
        work=lambda: None,
    )
    host.ask = lambda title, text, ok, then: host.asked.append((text, then))
    f.attach(host)  # type: ignore[arg-type]
    return f, vault, ui, said


def run_job(f: SeatsFeature) -> int:
    """Run the computer's next move to its end; the number of slices it took."""
    jobs = f.jobs(lambda key: False)
    assert len(jobs) == 1
    _, work, done = jobs[0]
    slices = 0
    try:
        while True:
            next(work)
            slices += 1
    except StopIteration as end:
        done(end.value)
    return slices


def test_the_computer_plays_the_others_and_the_table_is_stored_and_read_back():
    f, vault, ui, _ = seated("three")
    assert f.seated is not None and ui.shown[-1].watching
    slow = run_job(f)
    assert len(f.seated.table.history) == 1
    f.skip()
    assert run_job(f) < slow  # skipped: no pause before each move
    again = SeatsFeature(vault, Screen(), print)  # type: ignore[arg-type]
    again.table_set(None, False)  # type: ignore[arg-type]
    assert again.seated is not None and again.seated.table.history == f.seated.table.history


def test_your_move_is_played_and_a_wrong_one_refused():
    f, _, ui, said = seated("partners", seed=3)  # a deal where you move before your game ends
    assert f.seated is not None
    table = f.seated.table
    while YOU not in table.to_move:
        run_job(f)
    text, _ = ui.shown[-1].moves[0]
    assert f.move(SeatMove(text)) is True and table.history[-1][0] == YOU
    assert f.move(SeatMove("next_hand")) is False and said  # the hand is in play
    f.leave()
    assert f.seated is None and f.jobs(lambda key: False) == []


def test_a_table_played_in_another_tab_is_read_again_not_written_over():
    """Issue 43 item 14: tab A at a three-player table, 2 moves in tab B, "Play here" in A and
    one move: A's older table overwrote B's moves. Only the owning tab writes the table
    (``SeatsFeature.owned``); the other reads it again when it changes."""
    a, vault, _, _ = seated("three", seed=8)
    run_job(a)
    b, _, _, _ = plugged(vault)
    b.table_set(None, False)  # type: ignore[arg-type]
    assert "seats" in b.owned
    for _ in range(2):
        run_job(b)
        a.stored_changed("seats")  # the storage event of B's write
    played = json.loads(vault.kept["seats"])
    run_job(a)  # A plays here again
    assert a.seated is not None and b.seated is not None
    assert len(a.seated.table.history) == len(b.seated.table.history) + 1 == 4
    assert record.parse(json.loads(vault.kept["seats"]), KEY).table.history[:3] == b.seated.table.history
    assert played != vault.kept["seats"]


def test_a_table_left_in_another_tab_is_left_here_too():
    a, vault, ui, _ = seated("three", seed=8)
    b, _, _, _ = plugged(vault)
    b.table_set(None, False)  # type: ignore[arg-type]
    b.leave()
    a.stored_changed("seats")
    assert a.seated is None and ui.shown == [] and a.jobs(lambda key: False) == []


def test_the_computer_plays_at_the_difficulty_chosen_in_new_match():
    """New match: Seating, who sits where, then the difficulty, which the table's computer plays
    at (before, it always took your two-player match's)."""
    f, _, _, _ = seated("three")
    assert f.sit_down(SitDown("three", level="expert"))
    assert f.seated is not None and f.seated.level == "expert"
    assert f.sit_down(SitDown("three", level="nonsense"))  # not a level: your match's
    assert f.seated is not None and f.seated.level == "beginner"


# ----- several people --------------------------------------------------------------------------


def test_the_seats_chosen_are_checked_like_two_peoples_names():
    assert record.seat_people(Seating.THREE, ("person", "computer", "computer"), ("", "", "")) == (
        "You",
        None,
        None,
    )
    two = record.seat_people(Seating.HOLLYWOOD, ("person", "person"), (" Ann ", ""))
    assert two == ("Ann", "Player 2")
    for kinds, typed in [
        (("computer", "computer", "computer"), ("", "", "")),  # nobody
        (("person", "person", "computer"), ("ann", "Ann", "")),  # the same name
        (("person", "computer", "computer"), ("Left", "", "")),  # the computer's name there
        (("person", "computer", "computer"), ("x" * 21, "", "")),  # too long
    ]:
        with pytest.raises(ValueError):
            record.seat_people(Seating.THREE, kinds, typed)


@settings(max_examples=25, deadline=None)
@given(EVERY, st.integers(0, 10_000), st.integers(0, 120))
def test_a_covered_table_shows_no_hand_at_all(seating, seed, moves):
    table = play(TableMatch(table_preset(seating), seed=seed), moves, seed)
    piles = {c for match in table.games for c in match.hand.pile}
    in_hands = {c for match in table.games for h in match.hand.hands for c in h} - piles
    for seat in range(table.seats):
        m = covered(table.view(seat), ALONE[seating])
        text = _texts(m)
        assert m.handover == "You" if seat == 0 else m.handover == ALONE[seating][seat]
        assert m.moves == () and all(g.cards == () and not g.yours for g in m.games)
        if table.phase == TablePhase.PLAY:
            for c in in_hands:
                assert c.symbol not in text and narrate.card_word(c, spoken=True) not in text


def people_at(
    seating: str, kinds: tuple[str, ...], typed: tuple[str, ...], seed: int | None = None
) -> tuple[SeatsFeature, Vault, Screen]:
    f, vault, ui, said = seated(seating, seed)
    assert f.sit_down(SitDown(seating, kinds, typed)) and not said
    return f, vault, ui


def step(f: SeatsFeature, ui: Screen) -> tuple[int | None, SeatsModel]:
    """One thing done at the table: Ready, the holder's first move, or the computer's; who
    acted (None: Ready or the computer) and the model then shown."""
    assert f.seated is not None
    if f.holder is None:
        f.ready()
        return None, ui.shown[-1]
    plays = [text for text, _ in ui.shown[-1].moves] + [text for _, text, _ in ui.shown[-1].discards]
    if plays:
        holder = f.holder
        assert f.move(SeatMove(plays[0]))
        return holder, ui.shown[-1]
    run_job(f)
    return None, ui.shown[-1]


def test_two_people_and_the_computer_pass_the_device_at_every_change_of_person(monkeypatch):
    monkeypatch.setattr("ginweb.seats.feature.PLAY_S", 0.0)
    monkeypatch.setattr("ginweb.seats.feature.WATCH_S", 0.0)
    # dealt from a seed: on a random deal the table can end before each seat has played (seed 17)
    f, vault, ui = people_at("three", ("person", "person", "computer"), ("Ann", "Bob", ""), seed=1)
    assert f.seated is not None and f.holder is None and ui.shown[-1].handover in ("Ann", "Bob")
    table = f.seated.table
    last, covered_since = None, True
    # three hands, and on until each seat has played one: a dead hand is dealt again by the same
    # dealer (who sits out), so a rotation can take more than three hands

    def rotated() -> bool:
        return {s for s, _ in table.history} >= {0, 1, 2}

    while (len(table.hands) < 3 or not rotated()) and len(table.hands) < 12 and table.result is None:
        holder = f.holder
        hand = table.view(holder).play.hand if holder is not None and table.view(holder).play else ()
        shown = ui.shown[-1]
        assert {c for g in shown.games for c in g.cards} <= set(hand)  # only the holder's cards
        if shown.handover is not None:
            covered_since = True
            assert all(g.cards == () for g in shown.games)
        dealt = table.phase == TablePhase.HAND_OVER
        who, after = step(f, ui)
        if who is not None:
            assert who == last or covered_since  # a new person only after a covered table
            last, covered_since = who, False
            assert after.handover is not None or not dealt  # covered at every new hand
    assert rotated()  # a rotation: each seat played
    again = SeatsFeature(vault, Screen(), print)  # type: ignore[arg-type]
    again.table_set(None, False)  # type: ignore[arg-type]
    assert again.seated is not None and again.seated.people == ("Ann", "Bob", None)
    assert again.holder is None  # covered after a reload


def test_one_person_is_never_covered_and_may_sit_anywhere(monkeypatch):
    monkeypatch.setattr("ginweb.seats.feature.PLAY_S", 0.0)
    monkeypatch.setattr("ginweb.seats.feature.WATCH_S", 0.0)
    f, _, ui = people_at("partners", ("computer", "computer", "person", "computer"), ("", "", "Cy", ""))
    assert f.holder == 2 and ui.shown[-1].handover is None
    assert f.seated is not None and "Cy" in ui.shown[-1].board.head[1]
    for _ in range(40):  # or until the table is over (a hand of partners can end it: seed 134)
        step(f, ui)
        assert f.holder == 2
        if f.seated is not None and f.seated.table.phase is TablePhase.MATCH_OVER:
            assert ui.shown[-1].status.startswith("The table is over") and ui.shown[-1].handover is None
            break


def test_the_computers_move_at_a_table_left_stops_at_its_next_slice(monkeypatch):
    monkeypatch.setattr("ginweb.seats.feature.PLAY_S", 0.0)
    monkeypatch.setattr("ginweb.seats.feature.WATCH_S", 0.0)
    f, _, ui = people_at("three", ("person", "computer", "computer"), ("Ann", "", ""), seed=1)
    while not f.jobs(lambda key: False):  # on to a computer's move
        step(f, ui)
    jobs, played = Jobs(), []
    for key, work, _done in f.jobs(lambda key: False):
        jobs.add(key, work, played.append)
    assert jobs.step()
    f.leave()
    while jobs.step():
        pass
    assert played == [] and jobs.finished == set(), "stopped unreported: the table it was for is gone"


# ----- a finished game laid out ----------------------------------------------------------------


@settings(max_examples=15, deadline=None)
@given(EVERY, st.integers(0, 10_000))
def test_a_finished_game_is_laid_out_as_the_showdown_shows_it(seating, seed):
    table = hand_over(TableMatch(table_preset(seating), seed=seed), seed)
    hand = table.hands[-1]
    for seat in range(table.seats):
        m = present(table.view(seat), ALONE[seating])
        for shown in m.games:
            g = next(g for g in hand.games if {ALONE[seating][s] for s in g.seats} == set(shown.players))
            s = g.record.settlement
            if s is None:  # a dead hand: nothing laid out
                assert shown.laid is None
                continue
            assert shown.laid is not None
            cards = [c for slots in shown.laid.hands for c, *_ in slots]
            assert (
                len(cards)
                == len(set(cards))
                == len(s.knocker_arrangement.cards) + len(s.defender_arrangement.cards) + len(s.layoffs)
            )
            assert sorted(shown.laid.deadwood) == sorted((s.knocker_deadwood, s.defender_deadwood))
            off = {c for slots in shown.laid.hands for c, _, _, laid in slots if laid}
            assert off == {lay.card for lay in s.layoffs}
            first = shown.players[0]
            assert shown.laid.words[0].startswith(f"{first}: ")


def test_the_holder_takes_back_a_move_while_nothing_was_seen_since(monkeypatch):
    monkeypatch.setattr("ginweb.seats.feature.PLAY_S", 0.0)
    monkeypatch.setattr("ginweb.seats.feature.WATCH_S", 0.0)
    f, _, ui, said = seated("hollywood", seed=4)  # a deal where you move before your game ends
    assert f.seated is not None
    table = f.seated.table
    while YOU not in table.to_move:
        run_job(f)
    assert not ui.shown[-1].undo  # nothing of yours to take back yet
    before = list(table.history)
    unseen = next(text for text, _ in ui.shown[-1].moves if text != "draw_stock")  # shows no card
    assert f.move(SeatMove(unseen))
    assert ui.shown[-1].undo and f.take_back()
    assert table.history == before and YOU in table.to_move and not ui.shown[-1].undo
    assert not f.take_back() and said  # nothing left to take back: refused in words


def test_the_hint_at_a_table_is_weighed_on_your_view_and_gone_after_your_move(monkeypatch):
    monkeypatch.setattr("ginweb.seats.feature.PLAY_S", 0.0)
    monkeypatch.setattr("ginweb.seats.feature.WATCH_S", 0.0)
    f, _, ui, _ = seated("partners", seed=5)
    assert f.seated is not None
    table = f.seated.table
    while YOU not in table.to_move:
        run_job(f)
    assert ui.shown[-1].help.offered and not ui.shown[-1].help.hint
    f.ask_hint()
    hint = [job for job in f.jobs(lambda key: False) if job[0].startswith("seats-hint:")]
    assert len(hint) == 1
    _, work, done = hint[0]
    try:
        while True:
            next(work)
    except StopIteration as end:
        done(end.value)
    view = table.view(YOU).play
    assert view is not None
    labels = {narrate.action_label(a, view.top) for a in view.legal_actions}
    shown = ui.shown[-1].help
    assert not shown.offered and shown.hint.split(":")[0] in labels
    assert f.move(SeatMove(str(view.legal_actions[0])))
    assert not ui.shown[-1].help.hint  # the hint was for the move just played


@settings(max_examples=15, deadline=None)
@given(EVERY, st.integers(0, 10_000), st.integers(0, 60), st.sampled_from(("rank", "suit")))
def test_your_cards_are_laid_out_as_at_two_melds_tinted_deadwood_live_sorted(seating, seed, moves, sort):
    """The seated table lays your hand out as the two-player table does (table/handview.py):
    melds first and tinted, sorted by rank or suit, with the deadwood of the best arrangement."""
    table = play(TableMatch(table_preset(seating), seed=seed), moves, seed)
    view = table.view(YOU)
    m = present(view, ALONE[seating], sort=sort)
    mine = [g for g in m.games if g.yours]
    if view.play is None or view.phase != TablePhase.PLAY:
        assert all(g.deadwood is None for g in m.games if not g.yours)
        return
    slots, deadwood = layout(view.play.hand, sort)
    assert mine[0].cards == tuple(s.card for s in slots) and mine[0].groups == tuple(s.group for s in slots)
    assert mine[0].deadwood == deadwood == best_arrangement(view.play.hand).deadwood_value
    gone = covered(view, ALONE[seating]).games
    assert all(g.groups == () and g.deadwood is None for g in gone)


def test_sort_at_the_table_is_the_holders_choice_first_else_the_settings():
    f, _, ui, _ = seated("three", seed=2)
    assert ui.shown[-1].sort == "rank"
    f.host.session.settings.sort = "suit"  # type: ignore[attr-defined]
    f.drawn()
    assert ui.shown[-1].sort == "suit"
    f.sort_cards()
    assert ui.shown[-1].sort == "rank"
    f.sort_cards()
    assert ui.shown[-1].sort == "suit" and f.control("seat-sort", {}) == SortCards()


def test_moves_at_a_table_sound_as_at_two_when_sound_is_on(monkeypatch):
    monkeypatch.setattr("ginweb.seats.feature.PLAY_S", 0.0)
    monkeypatch.setattr("ginweb.seats.feature.WATCH_S", 0.0)
    f, _, ui, _ = seated("hollywood", seed=4)
    heard: list[str] = []
    f.sound = heard.append
    assert f.seated is not None
    table = f.seated.table
    while YOU not in table.to_move:
        run_job(f)
    assert heard == []  # Sound is off
    f.host.session.settings.sound = True  # type: ignore[attr-defined]
    text = next(t for t, _ in ui.shown[-1].moves if t.startswith("draw"))
    assert f.move(SeatMove(text)) and heard == ["draw"]
    _, text, _ = ui.shown[-1].discards[0]
    assert f.move(SeatMove(text)) and heard == ["draw", "discard"]
    run_job(f)  # the computer's move sounds too
    assert len(heard) == 3


def test_strict_mode_takes_nothing_back_at_a_table_as_at_two(monkeypatch):
    monkeypatch.setattr("ginweb.seats.feature.PLAY_S", 0.0)
    monkeypatch.setattr("ginweb.seats.feature.WATCH_S", 0.0)
    f, _, ui, said = seated("hollywood", seed=4)  # a deal where you move before your game ends
    assert f.seated is not None
    f.host.session.settings.strict = True
    table = f.seated.table
    while YOU not in table.to_move:
        run_job(f)
    unseen = next(text for text, _ in ui.shown[-1].moves if text != "draw_stock")
    assert f.move(SeatMove(unseen))
    played = list(table.history)
    assert not ui.shown[-1].undo and not f.take_back()
    assert table.history == played and said == ["Undo is off in strict mode."]


def test_a_links_table_seed_deals_every_table_the_same_and_a_bad_one_is_said():
    from ginweb.table.params import parse

    f, _, _, _ = seated("three")
    assert f.link_match(parse("?table_seed=42", f.refuses_start, f.link_names), None) == (None, [])
    dealt = []
    for _ in range(2):
        f.sit_down(SitDown("three"))
        assert f.seated is not None
        dealt.append([m.hand.hands for m in f.seated.table.games])
    assert dealt[0] == dealt[1] and f.seated.table.seed == 42
    game, said = f.link_match(parse("?table_seed=-1", f.refuses_start, f.link_names), None)
    assert game is None and said and "table_seed" in said[0] and f.seed == 42


# ----- the reviews of a table's hand ------------------------------------------------------------


def finished(f: SeatsFeature, people: record.People, dealer: int) -> TableMatch:
    """Seat ``people`` at a three-player table dealt by ``dealer`` whose first hand is over."""
    table = hand_over(TableMatch(table_preset("three"), seed=7, dealer=dealer), 7)
    f.seated = record.Seated(table, "beginner", people)
    f.holder = record.persons(people)[0]
    return table


def run_analyses(f: SeatsFeature) -> int:
    """Run the coach's jobs of the hand just played; how many there were."""
    jobs = f.jobs(lambda key: False)
    for _, work, done in jobs:
        try:
            while True:
                next(work)
        except StopIteration as end:
            done(end.value)
    return len(jobs)


def test_the_only_person_reviews_their_game_from_their_seat_and_it_is_kept_sealed():
    f, vault, ui, _ = seated("three")
    table = finished(f, ("You", None, None), dealer=1)  # you play seat 2
    f.drawn()
    assert ui.shown[-1].go_over == ((0, "Go over your game"),)
    assert run_analyses(f) == 1 and f.jobs(lambda key: False) == []  # judged once
    assert f.go_over(GoOver(0)) is True
    shown = f.host.reviews[-1]  # type: ignore[attr-defined]
    assert shown.alone and shown.analysis is not None and shown.hand == 1 and not shown.update
    game, player = record.game_seat(table, 1, 0) or (-1, -1)
    assert shown.match is table.games[game] and shown.seat == player and shown.names[player] == "You"
    assert shown.analysis.player == player
    kept = json.loads(vault.kept[record.NAME])
    assert kept["version"] == record.VERSION and isinstance(kept["analyses"], str)
    assert "verdicts" not in kept["analyses"]
    again = SeatsFeature(vault, Screen(), print)  # type: ignore[arg-type]
    again.table_set(None, False)  # type: ignore[arg-type]
    assert again.seated is not None and again.seated.analyses == f.seated.analyses  # type: ignore[union-attr]


def test_a_person_who_sat_out_has_no_review_and_several_people_pass_the_device_first():
    f, _, ui, _ = seated("three")
    finished(f, ("Ann", "Bob", None), dealer=0)  # Ann deals and sits out
    f.drawn()
    assert ui.shown[-1].go_over == ((1, "Go over Bob\u2019s game"),)
    assert f.go_over(GoOver(0)) is False and f.go_over(GoOver(2)) is False
    assert f.go_over(GoOver(1)) is True and f.host.reviews == []  # type: ignore[attr-defined]
    text, then = f.host.asked[-1]  # type: ignore[attr-defined]
    assert text == "Pass to Bob to go over Bob\u2019s game of hand 1."
    then("")
    shown = f.host.reviews[-1]  # type: ignore[attr-defined]
    assert not shown.alone and shown.names[shown.seat] == "Bob" and "Ann" not in shown.names
    run_analyses(f)  # the coach's verdicts come in: the open review is refreshed
    assert f.host.reviews[-1].update and f.host.reviews[-1].analysis is not None  # type: ignore[attr-defined]


def test_every_hand_of_the_table_can_be_gone_over_not_only_the_last(monkeypatch):
    """Between hands, a person's game of any hand over (their seat's view, analysed), not only
    the hand just played; one who sat a hand out is told so."""
    f, _, ui, said = seated("three")
    table = TableMatch(table_preset("three").replace(target=500), seed=7, dealer=1)  # you play hand 1
    while len(table.hands) < 2 or table.phase == TablePhase.PLAY:
        if table.phase == TablePhase.HAND_OVER:
            table.apply(0, "next_hand")
        play(table, 1, 7)
    f.seated, f.holder = record.Seated(table, "beginner", ("You", None, None)), 0
    f.drawn()
    assert ui.shown[-1].go_over == ((0, "Go over your game"),) and ui.shown[-1].hands_over == 2
    while run_analyses(f):  # the games of both hands are analysed between hands
        pass
    assert {h for h, _ in f.seated.analyses} == {h for h in (1, 2) if record.game_seat(table, h, 0)}
    for hand in (1, 2):
        if record.game_seat(table, hand, 0) is None:
            assert (
                f.go_over(GoOver(0, hand)) is False
                and said[-1] == f"You sat out hand {hand}: no game to go over."
            )
            continue
        assert f.go_over(GoOver(0, hand)) is True
        shown = f.host.reviews[-1]  # type: ignore[attr-defined]
        game, player = record.game_seat(table, hand, 0) or (-1, -1)
        assert shown.hand == hand and shown.seat == player and shown.analysis is not None
        assert save_match(shown.match) == save_match(table.played(hand)[game])
        assert shown.match.records[-1] == table.hands[hand - 1].games[game].record


def test_a_table_review_shows_its_seat_only_and_says_you_when_alone():
    table = hand_over(TableMatch(table_preset("three"), seed=7, dealer=1), 7)
    game, player = record.game_seat(table, 1, 0) or (-1, -1)
    match = table.games[game]
    names = ("You", "Right") if player == 0 else ("Right", "You")
    m = review_model(match, 1, 0, None, {}, {}, Reader(player, names, True, 1))
    assert m.title == "Your game of hand 1: review" and m.rows == ("You", "Right, as you knew")
    assert m.hands[1] == () and len(m.hands[0]) == 10  # as dealt: the other hand unknown
    two = review_model(match, 1, 0, None, {}, {}, Reader(player, ("Ann", "Bob"), False, 3))
    assert two.title == f"{('Ann', 'Bob')[player]}\u2019s game of hand 3: review"


def test_an_older_table_record_reads_back_without_analyses():
    table = hand_over(TableMatch(table_preset("three"), seed=7, dealer=1), 7)
    data = json.loads(record.dumps(record.Seated(table, "beginner", ("You", None, None)), KEY))
    data["version"] = 2
    del data["analyses"], data["uid"]
    assert record.parse(data, KEY).analyses == {}


# ----- statistics per seating ---------------------------------------------------------------------


def played_out(seating: str, seed: int) -> TableMatch:
    table = TableMatch(table_preset(seating), seed=seed, dealer=0)
    while table.result is None:
        play(table, 50, seed)
    return table


@settings(max_examples=10, deadline=None)
@given(EVERY, st.integers(0, 10_000), st.integers(0, 3))
def test_a_table_counts_under_its_seating_once_and_apart_from_the_two_player_record(seating, seed, seat):
    table = played_out(seating, seed)
    seat %= table.seats
    data = stats.empty({tally.PART: tally.check})
    before = {k: v for k, v in data.items() if k != tally.PART}
    mine = table.table.definition.parties[seat]
    assert tally.count(data[tally.PART], "t1", tally.tally_of(table, seat))
    assert not tally.count(data[tally.PART], "t1", tally.tally_of(table, seat))  # once
    assert {k: v for k, v in data.items() if k != tally.PART} == before  # the two-player record
    counts = data[tally.PART]["by"][seating]
    assert counts["hands"] == len(table.hands) and counts["tables"] == 1
    assert counts["hands_won"] == sum(h.winner == mine for h in table.hands)
    won = table.result.winner
    assert (counts["won"], counts["lost"], counts["drawn"]) == (
        int(won == mine),
        int(won is not None and won != mine),
        int(won is None),
    )


def test_counting_hand_by_hand_adds_up_to_counting_at_the_end():
    table = played_out("three", 7)
    again = TableMatch(table_preset("three"), seed=7, dealer=0)
    part = tally.empty()
    for seat, action in table.history:  # the same table replayed, counted after every move
        again.apply(seat, action)
        tally.count(part, "t", tally.tally_of(again, 0))
    at_end = tally.empty()
    tally.count(at_end, "t", tally.tally_of(table, 0))
    assert part == at_end and len(part["counted"]) == 1


def test_the_stored_part_is_checked_and_a_damaged_count_reset():
    good = {"tables": 2, "won": 1, "lost": 1, "drawn": 0, "hands": 9, "hands_won": 4}
    raw = {"by": {"three": good, "partners": {"hands": -1}, "five": good}, "counted": {"a": [9, 1], "b": "x"}}
    part, bad = tally.check(raw)
    assert part == {"by": {"three": good}, "counted": {"a": [9, 1]}} and bad == ["by.partners"]
    assert tally.check(None) == (tally.empty(), []) and tally.check([1])[1] == [""]
    assert stats.validate(stats.empty(), {tally.PART: tally.check})[0][tally.PART] == tally.empty()


def test_the_feature_counts_a_table_of_one_person_only(monkeypatch):
    monkeypatch.setattr("ginweb.seats.feature.PLAY_S", 0.0)
    monkeypatch.setattr("ginweb.seats.feature.WATCH_S", 0.0)
    for kinds, typed, counted in (
        (("person", "computer", "computer"), ("Ann", "", ""), True),
        (("person", "person", "computer"), ("Ann", "Bob", ""), False),
    ):
        f, vault, ui = people_at("three", kinds, typed, seed=1)
        while f.seated is not None and not f.seated.table.hands:
            step(f, ui)
        assert bool(vault.stats_data[tally.PART]["by"]) == counted
        assert vault.counts == int(counted)  # at the hand's end, not at every move
        if counted:
            assert vault.stats_data[tally.PART]["by"]["three"]["hands"] == 1
            assert vault.stats_data["hands"]["played"] == 0  # not in the two-player record
            again = record.parse(json.loads(vault.kept[record.NAME]), KEY)
            assert again.uid == f.seated.uid != ""  # kept with the table: counted once after a reload


def test_a_table_stored_before_ids_reads_with_one_made_from_its_deal():
    table = TableMatch(table_preset("three"), seed=11, dealer=1)
    data = json.loads(record.dumps(record.Seated(table, "beginner", ("You", None, None)), KEY))
    del data["uid"]
    data["version"] = 3
    first = record.parse(data, KEY)
    assert first.uid == record.parse(data, KEY).uid == "table-b-1"
