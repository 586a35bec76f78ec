"""A table of seats on the table (three players, partners, Hollywood): the session plays it
(table/seated.py), the presenter draws the holder's game with the seats around it and the
party scoreboard (table/seatedmodel.py), the record is stored sealed and refused cleanly when
bad, statistics per seating (seats/tally.py), and fairness: nothing the table shows names a card
hidden from the seat at the device, covered or not."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_core import SEATINGS, Action, ActionKind, TableMatch, table_preset
from gin_core.bots import make_bot
from gin_core.table import TablePhase

WEB = Path(__file__).resolve().parent.parent / "web"
sys.path.insert(0, str(WEB))
from ginweb.kit.safejson import NewerVersionError  # noqa: E402  (the page's package lives in web/)
from ginweb.seats import tally  # noqa: E402  (same)
from ginweb.storage import seatrecord as record  # noqa: E402  (same)
from ginweb.storage import stats  # noqa: E402  (same)
from ginweb.storage.settings import Settings  # noqa: E402  (same)
from ginweb.table.facade import TableFacade  # noqa: E402  (same)
from ginweb.table.model import Look, TableModel  # noqa: E402  (same)
from ginweb.table.playstate import Blocked, new_game  # noqa: E402  (same)
from ginweb.table.port import Plugs  # noqa: E402  (same)
from ginweb.table.seatedmodel import present_seated  # noqa: E402  (same)
from ginweb.table.session import Session  # noqa: E402  (same)
from ginweb.words import narrate  # noqa: E402  (same)
from ginweb.words.seatwords import WORDS, words_of  # noqa: E402  (same)
from test_web_dispatch import Vault  # noqa: E402  (the session's storage in memory)

KEY = "ab" * 32
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


# ----- the table on the session ---------------------------------------------------------------


def session_at(seating: str, people: tuple[str | None, ...] | None = None, seed: int = 1) -> Session:
    """A session with your match on the table, then a table of ``seating`` seated on it."""
    vault = Vault()
    from gin_core import Match, preset

    game = new_game(savefmt_match := Match(preset("eaai"), seed=3), "beginner", "mine", vault.now())
    assert savefmt_match is game.match
    s = Session(Settings(), vault, game, fresh=True)
    n = SEATINGS[seating].seats if seating in {str(k) for k in SEATINGS} else 0
    who = people if people is not None else record.alone(n)
    s.plays.seat_table(
        record.Seated(TableMatch(table_preset(seating), seed=seed, dealer=0), "beginner", who, uid="t1"), True
    )
    return s


def model(s: Session) -> TableModel:
    """What the table shows now (as screen.py builds it)."""
    sp = s.reads.seated
    assert sp is not None
    look = Look(level="beginner", log=s.game.log, **s.reads.seating())
    return present_seated(sp.view(), None if s.reads.sits_out else s.reads.view(), s.ui, look, sp.names)


def step(s: Session) -> None:
    """One move and its saving (the page saves once the move is drawn: Keeper.flush)."""
    one_move(s)
    s.kept.flush()


def one_move(s: Session) -> None:
    """One move at the table: the computer's (a beginner bot on its own view), else the person
    at the device (their first legal move; "Ready" first while covered; the next hand)."""
    sp = s.reads.seated
    assert sp is not None
    if s.ui.handover:
        s.ready()
        return
    seat = s.reads.computer_seat()
    if seat is not None:
        s.computer_plays(make_bot("beginner", seat).decide(s.reads.computer_view(seat)).action, "", seat)
        return
    if sp.table.phase == TablePhase.HAND_OVER:
        assert s.play(savefmt_next()) is None
        return
    assert not s.reads.sits_out, "a person sitting out never holds the turn"
    v = s.reads.view()
    assert v.my_turn, "the person at the device is to move"
    assert s.play(v.legal_actions[0]) is None


def savefmt_next() -> Any:
    from gin_core import Action

    return Action(ActionKind.NEXT_HAND)


def test_a_table_of_seats_is_played_on_the_table_and_your_match_waits():
    s = session_at("three")
    mine = s.reads.own_game
    assert mine.uid == "mine" and s.game is not mine and not s.reads.counts
    seen = set()
    while s.reads.seated is not None and len(s.reads.seated.table.hands) < 2:
        m = model(s)
        seen.add((s.reads.sits_out, len(m.seats)))
        assert [spot.place for spot in m.seats] == ["you", "left", "right"]
        step(s)
    assert (True, 3) in seen and (False, 3) in seen  # you sat a hand out and played one
    assert s.vault.data[record.NAME] and "match" in s.vault.data


def test_the_holders_game_is_the_two_player_table_and_the_board_has_a_column_per_party():
    s = session_at("partners")
    m = model(s)
    assert len(m.zones.mine) in (10, 11) and all(spec.card is not None for spec in m.zones.mine)
    assert m.hands.deadwood >= 0 and m.scoreboard.parties is not None
    assert m.scoreboard.parties.head == ("Hand", "You and Partner", "Left and Right", "Games")
    assert (m.facts.me, m.facts.opp, m.facts.target) == ("You and Partner", "Left and Right", "to 125")
    assert [spot.place for spot in m.seats if spot.against] in (["left"], ["right"])  # over your hand


@pytest.mark.parametrize("seating", sorted(ALONE))
def test_every_seating_is_played_to_the_end_of_a_hand_on_the_table(seating):
    s = session_at(seating, seed=4)
    for _ in range(400):
        step(s)
        if s.reads.seated is not None and s.reads.seated.table.hands:
            break
    assert s.reads.seated is not None and s.reads.seated.table.hands
    s.reach(s.ui.stage.RESULT)
    result = model(s).result
    assert result is not None and result.button in ("next", "new") and result.table
    again = record.parse(json.loads(s.vault.data[record.NAME]), KEY)
    assert again.table.history == s.reads.seated.table.history  # stored after every move


def _text(m: TableModel) -> str:
    parts = [m.facts.status, m.hands.mine_label, m.hands.opp_label, m.piles.pile_label]
    parts += [spot.label for spot in m.seats] + [ln.text for ln in m.log]
    if m.scoreboard.parties is not None:
        parts += [c for row in m.scoreboard.parties.rows for c in row]
    return "\n".join(parts)


@settings(max_examples=20, deadline=None)
@given(EVERY, st.integers(0, 10_000), st.integers(0, 90))
def test_the_table_never_names_a_card_hidden_from_the_seat_at_the_device(seating, seed, moves):
    people = ("Ann", "Bob", *([None] * (SEATINGS[seating].seats - 2)))
    s = session_at(seating, people, seed)
    for _ in range(moves):
        if s.reads.seated is None or s.reads.seated.table.result is not None:
            break
        step(s)
    sp = s.reads.seated
    assert sp is not None
    m = model(s)
    table = sp.table
    game = table.game_of(sp.seat)
    mine = set() if game is None or s.ui.handover else set(game[0].view(game[1]).hand)
    known = set() if game is None or s.ui.handover else set(game[0].view(game[1]).opponent_known)
    piles = {c for match in table.games for c in match.hand.pile}
    over = {c for match in table.games if match.result is not None for h in match.hand.hands for c in h}
    taken = {c for match in table.games for p in (0, 1) for c in match.view(p).opponent_known}  # seen taken
    hidden = (
        {c for match in table.games for h in match.hand.hands for c in h}
        - mine
        - known
        - piles
        - over
        - taken
    )
    text = _text(m)
    for c in hidden:
        assert c.symbol not in text and narrate.card_word(c, spoken=True) not in text
    shown = {spec.card for zone in (m.zones.mine, m.zones.opp, m.zones.pile) for spec in zone if spec.card}
    assert not shown & hidden
    if s.ui.handover:
        assert all(spec.card is None for spec in m.zones.mine + m.zones.opp)


def test_several_people_pass_the_device_and_the_table_covers_between_them():
    s = session_at("three", ("Ann", "Bob", None), seed=2)
    assert s.ui.handover and s.play(model(s) and savefmt_next()) == Blocked.HANDOVER
    holders = []
    for _ in range(300):
        if s.reads.seated is None or s.reads.seated.table.hands:
            break
        if s.ui.handover:
            m = model(s)
            assert m.facts.handover in ("Ann", "Bob") and all(spec.card is None for spec in m.zones.mine)
        elif s.reads.seated.holder is not None:
            holders.append(s.reads.seated.holder)
        step(s)
    assert set(holders) <= {0, 1} and len(set(holders)) >= 1


def test_a_reload_resumes_the_table_where_it_was():
    s = session_at("hollywood", seed=9)
    for _ in range(25):
        step(s)
    stored = record.parse(json.loads(s.vault.data[record.NAME]), KEY)
    again = Session(Settings(), s.vault, s.reads.own_game, fresh=False)
    again.plays.seat_table(stored, fresh=False)
    assert again.reads.seated is not None and again.reads.seated.table.history == s.reads.seated.table.history
    assert again.reads.view().hand == s.reads.view().hand and again.seat == s.seat


def test_the_holder_takes_back_a_move_while_nothing_was_seen_since():
    s = session_at("partners", seed=5)
    for _ in range(200):
        if s.reads.can_undo():
            break
        step(s)
    assert s.reads.can_undo()
    before = len(s.reads.seated.table.history)
    assert s.undo() is None and len(s.reads.seated.table.history) == before - 1


def test_a_new_match_ends_the_table_and_your_match_is_the_one_left():
    s = session_at("three")
    assert s.reads.leaving() is not None
    s.plays.leave_table()
    assert s.reads.seated is None and s.game.uid == "mine" and record.NAME not in s.vault.data


def test_a_table_of_one_person_counts_under_its_seating_and_several_do_not():
    for people, counted in ((("Ann", None, None), True), (("Ann", "Bob", None), False)):
        s = session_at("three", people, seed=1)
        s.vault.stats = stats.empty({tally.PART: tally.check})
        from ginweb.seats.feature import SeatsFeature

        f = SeatsFeature(s.vault, None, lambda _: None)  # type: ignore[arg-type]
        s.plugs = Plugs((f,))
        while s.reads.seated is not None and not s.reads.seated.table.hands:
            step(s)
        assert bool(s.vault.stats[tally.PART]["by"]) == counted
        assert s.vault.stats["hands"]["played"] == 0  # not in the two-player record


# ----- seatings as data ------------------------------------------------------------------------


def test_every_seating_of_the_engine_has_its_words():
    assert set(WORDS) == set(SEATINGS) and len({w.choice for w in WORDS.values()}) == len(WORDS)
    for seating, definition in SEATINGS.items():
        assert len(WORDS[seating].computers) == definition.seats and words_of(str(seating)) is WORDS[seating]
    assert words_of("five") is None


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


def test_a_table_stored_before_ids_reads_with_one_made_from_its_deal():
    table = TableMatch(table_preset("three"), seed=11, dealer=1)
    data = json.loads(record.dumps(record.Seated(table, "beginner", ("You", None, None)), KEY))
    del data["uid"]
    data["version"] = 3
    first = record.parse(data, KEY)
    assert first.uid == record.parse(data, KEY).uid == "table-b-1"


def test_a_seat_sitting_the_hand_out_is_shown_no_hand_and_can_play_nothing():
    s = session_at("three")  # you deal the first hand: you sit it out, Left and Right play
    assert s.reads.sits_out and s.reads.seated is not None
    game = s.reads.seated.table.games[0]
    held = {c for h in game.hand.hands for c in h}
    m = model(s)
    assert (
        not m.zones.mine and not m.zones.opp and {spec.card for spec in m.zones.pile} <= set(game.hand.pile)
    )
    assert m.facts.status == "You sit this hand out: Left and Right play."
    assert m.hands.deadwood is None  # QA: "Deadwood 0" and the sort buttons were shown under no cards
    assert s.reads.hand_keys() == [] and s.reads.shown_melds() == [] and not s.reads.can_undo()
    with pytest.raises(LookupError):
        s.reads.view()  # nobody asks a game's view of a seat that has none (the hint, the tutor, a knock)
    assert s.play(Action(ActionKind.DRAW_STOCK)) == Blocked.SITS_OUT
    assert not any(c.symbol in _text(m) for c in held - set(game.hand.pile))


def test_a_seating_is_its_definition_and_its_words():
    """Issue 42 item 4: "four" (four players each on their own score, two games a hand) was
    added by its engine definition (gin_core/seating.py) and its words (words/seatwords.py)
    alone; the table plays it like every other."""
    s = session_at("four", seed=6)
    m = model(s)
    assert [spot.place for spot in m.seats] == ["you", "left", "across", "right"]
    assert m.scoreboard.parties is not None and m.scoreboard.parties.head == (
        "Hand",
        "You",
        "Left",
        "Across",
        "Right",
    )
    for _ in range(400):
        step(s)
        if s.reads.seated is not None and s.reads.seated.table.hands:
            break
    hand = s.reads.seated.table.hands[0]
    assert len(hand.games) == 2 and len(hand.points) == 4


def test_the_tutor_asks_before_a_bad_move_at_a_table_and_is_quiet_while_you_sit_out():
    from dataclasses import replace

    from ginweb.table import intents as i
    from ginweb.table.dispatch import Dispatcher
    from ginweb.tutor.feature import TutorFeature
    from test_web_comfort import flagged, run
    from test_web_dispatch import Recorder

    for seating, sits_out in (("partners", False), ("three", True)):
        s = session_at(seating, seed=2)
        s.settings = replace(s.settings, tutor=True)
        tutor = TutorFeature()
        s.plugs = Plugs((tutor,))
        r = Recorder()
        d = Dispatcher(s, r, r, r, r, r, s.plugs)
        if sits_out:
            assert s.reads.sits_out and tutor.turn_key() is None and tutor.jobs(lambda _: False) == []
            continue
        while not (
            s.reads.seated.holder is not None and s.reads.view().my_turn and s.reads.view().phase == "discard"
        ):
            step(s)
        [(_key, work, done)] = tutor.jobs(lambda _: False)
        found = run(work)  # the review's verdicts on the holder's moves in the game shown
        assert [j.verdict.played for j in found] == list(s.reads.view().legal_actions)
        bad = found[-1].verdict.played
        done(flagged(found, bad))
        assert d(i.PlayCard(bad.card)) is False
        assert r.named("confirm")[-1][0].title == "Are you sure?"


def test_strict_mode_takes_nothing_back_at_a_table_as_at_two():
    from dataclasses import replace

    s = session_at("partners", seed=5)
    s.settings = replace(s.settings, strict=True)
    for _ in range(200):
        if s.reads.unfair() is None:
            break
        step(s)
    assert s.reads.unfair() is None  # a move the game showed nothing since: at two it could be taken back
    assert not s.reads.can_undo() and s.undo() == Blocked.UNDO_STRICT


def test_a_table_moved_in_another_tab_is_read_again_here_and_one_left_there_is_left_here():
    """Another tab owns the table now (storage/tabs.py): each change it stores is read again
    here, so a move made here after "Play here" is played on that table, not over it."""
    from types import SimpleNamespace

    from ginweb.seats.feature import SeatsFeature

    there = session_at("three", seed=3)
    here = Session(Settings(), there.vault, there.reads.own_game, fresh=False)
    here.plays.seat_table(record.parse(json.loads(there.vault.data[record.NAME]), KEY), fresh=False)
    f = SeatsFeature(there.vault, None, lambda _: None)  # type: ignore[arg-type]
    f.attach(TableFacade(here, SimpleNamespace(screen=SimpleNamespace(render=lambda: None))))  # type: ignore[arg-type]
    for _ in range(12):
        step(there)
    f.stored_changed(record.NAME)
    assert (
        here.reads.seated is not None and here.reads.seated.table.history == there.reads.seated.table.history
    )
    there.plays.leave_table()
    f.stored_changed(record.NAME)
    assert here.reads.seated is None and here.game.uid == "mine"


def test_back_to_your_match_from_a_table_and_a_new_match_says_it_abandons_the_one_waiting():
    from ginweb.table import intents as i
    from ginweb.table.dispatch import Dispatcher
    from test_web_dispatch import Recorder

    s = session_at("three")
    mine = s.reads.own_game
    assert s.reads.leaving() == "A new match ends this table of 3 (it is not kept)."  # yours not begun
    mine.match.apply(mine.match.legal_actions()[0], mine.match.to_move)  # your match under way
    words = s.reads.leaving()
    assert words is not None and words.startswith("A new match ends this table of 3")
    assert words.endswith(narrate.leaving_words(True))  # your match waiting is abandoned too: said
    r = Recorder()
    d = Dispatcher(s, r, r, r, r, r)
    d(i.LeaveTable())
    [question] = r.named("confirm")[-1]
    title, ok = question.title, question.ok
    assert (title, ok) == ("Leave the table?", "Leave the table")
    d(i.ConfirmOk())
    while r.pending:  # what the answer does runs in a task of its own (dispatch.confirm_ok)
        r.pending.pop(0)()
    assert s.reads.seated is None and s.game is mine and record.NAME not in s.vault.data
    assert s.match.history == mine.match.history  # exactly where it was


def test_going_over_your_game_opens_it_in_the_review_as_app_wires_them():
    """Issue 44: seats and the review never import each other; app.py hands the review's
    ``show_game`` to the seats, and your game of a hand over opens there from your seat."""
    from ginweb.review.feature import ReviewFeature
    from ginweb.seats.feature import SeatsFeature
    from ginweb.seats.intents import GoOver
    from ginweb.table.dispatch import Dispatcher
    from test_web_dispatch import Recorder

    s = session_at("partners", seed=1)  # one person at four: seat 0 plays every hand
    s.vault.stats = stats.empty({tally.PART: tally.check})
    r = Recorder()
    review = ReviewFeature(s.vault, r)  # type: ignore[arg-type]  # a recorder for its ui
    seats = SeatsFeature(s.vault, None, review.show_game)  # type: ignore[arg-type]  # as app.py wires them
    s.plugs = Plugs((review, seats))
    d = Dispatcher(s, r, r, r, r, r, s.plugs)
    assert s.reads.seated is not None
    while not s.reads.seated.table.hands or s.reads.seated.table.phase == TablePhase.PLAY:
        step(s)
    assert review.outside is None and d(GoOver(0, 1))
    assert review.outside is not None
    shown, step_at = review.outside
    game, player = record.game_seat(s.reads.seated.table, 1, 0) or (-1, -1)
    assert (shown.seat, shown.hand, shown.alone, step_at) == (player, 1, True, 0)
    assert shown.match is s.reads.seated.table.played(1)[game] and "You" in shown.names
    assert r.named("render"), "the review dialog was drawn"


def test_play_here_puts_back_what_the_other_tab_left_on_the_table():
    """ "Play here" (app.py ``take_over``) in a tab that had a table of seats on it, after another
    tab played on: the table comes back where that tab left it; once it ended the table, your
    match is on the table and no table is (before, the table stayed with your match shown in it)."""
    from ginweb.storage import savefmt

    here = session_at("three", seed=4)
    there = Session(
        Settings(), here.vault, here.reads.own_game, fresh=False
    )  # the other tab, on the same storage
    there.plays.seat_table(record.parse(json.loads(here.vault.data[record.NAME]), KEY), fresh=False)
    for _ in range(12):
        step(there)
    mine = savefmt.loads(here.vault.data["match"], KEY)
    here.plays.resume_stored(mine, None, record.parse(json.loads(here.vault.data[record.NAME]), KEY))
    assert here.reads.seated is not None and there.reads.seated is not None
    assert (
        here.reads.seated.table.history == there.reads.seated.table.history
        and here.reads.own_game.uid == "mine"
    )

    there.plays.back_to_match()  # the other tab ends the table: its record goes
    assert record.NAME not in here.vault.data
    here.plays.resume_stored(savefmt.loads(here.vault.data["match"], KEY), None, None)
    assert here.reads.seated is None and here.game.uid == "mine" and here.reads.counts
    assert here.reads.view().hand == there.reads.view().hand
