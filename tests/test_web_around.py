"""The seats around the table and the scoreboard by party (web/ginweb/table/around.py), a pure
presenter of one seat's view: every seating, from every seat, seats drawn clockwise from the
holder with their card backs, the dealer, whose turn and who sits out; one score column per
party (partners summed, Hollywood's three games); nothing a seat could not know."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from gin_core import ENDED, SEATINGS, Card, Match, TableMatch, preset, table_preset
from gin_core.bots import make_bot
from gin_core.table import TablePhase

WEB = Path(__file__).resolve().parent.parent / "web"
sys.path.insert(0, str(WEB))
from ginweb.table.around import Place, pair_seat, party_board, seats_around  # noqa: E402  (the page's package lives in web/)
from ginweb.table.seatview import seen_from  # noqa: E402
from ginweb.words import narrate  # noqa: E402
from test_web_seats import hand_over as to_hand_end  # noqa: E402
from test_web_seats import play  # noqa: E402

NAMES = {2: ("You", "Computer"), 3: ("You", "Left", "Right"), 4: ("You", "Left", "Partner", "Right")}
ALL_CARDS = tuple(Card.parse(f"{r}{s}") for r in "A23456789TJQK" for s in "CDHS")
CARD = re.compile(r"\b(?:[2-9]|10|[AJQK])[\u2660\u2665\u2666\u2663]|\b(?:ace|king|queen|jack) of\b", re.I)


def test_the_holder_sits_at_the_bottom_and_the_others_clockwise():
    table = TableMatch(table_preset("partners"), seed=3, dealer=0)
    for seat in range(4):
        spots = seats_around(table.view(seat), NAMES[4])
        assert [s.seat for s in spots] == [(seat + k) % 4 for k in range(4)]
        assert [s.place for s in spots] == [Place.YOU, Place.LEFT, Place.ACROSS, Place.RIGHT]
        assert spots[2].party == spots[0].party != spots[1].party == spots[3].party  # the partner across
        assert [s.partner for s in spots] == [False, False, True, False]
        assert spots[2].label.startswith(f"{NAMES[4][spots[2].seat]} (across, your partner): ")
    spots = seats_around(TableMatch(table_preset("three"), seed=1, dealer=0).view(1), NAMES[3])
    assert [(s.seat, s.place) for s in spots] == [(1, Place.YOU), (2, Place.LEFT), (0, Place.RIGHT)]
    spots = seats_around(TableMatch(table_preset("hollywood"), seed=1, dealer=0).view(0), NAMES[2])
    assert [(s.seat, s.place) for s in spots] == [(0, Place.YOU), (1, Place.ACROSS)]


def test_three_players_the_dealer_sits_out_and_holds_no_cards():
    table = TableMatch(table_preset("three"), seed=5, dealer=0)
    you, left, right = seats_around(table.view(0), NAMES[3])
    assert you.deals and you.sits_out and you.backs == 0 and not you.to_move
    assert you.label == "You: deals, sits this hand out"
    assert {left.backs, right.backs} <= {10, 11} and left.backs + right.backs in (
        20,
        21,
    )  # an upcard offered, or taken
    assert [s.seat for s in (left, right) if s.to_move] == list(table.to_move)
    assert left.label == f"Left: {left.backs} cards" + (", to move" if left.to_move else "")
    to_hand_end(table)
    assert not any(s.backs or s.to_move for s in seats_around(table.view(0), NAMES[3]))  # between hands


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(sorted(SEATINGS)), st.integers(0, 10_000), st.integers(0, 90))
def test_every_seat_sees_the_true_counts_and_turns_and_no_card(seating, seed, moves):
    """What the seats show is public (the cards each holds, whose turn), the same from every
    seat, true to the table; no seat's words name a card."""
    table = play(TableMatch(table_preset(seating), seed=seed), moves, seed)
    n = table.seats
    for seat in range(n):
        spots = seats_around(table.view(seat), NAMES[n])
        assert sorted(s.seat for s in spots) == list(range(n))
        for s in spots:
            found = table.game_of(s.seat)
            live = table.phase == TablePhase.PLAY
            held = len(found[0].hand.hands[found[1]]) if live and found is not None else 0
            assert s.backs == held and s.sits_out == (found is None)
            assert s.to_move == (s.seat in table.to_move) and s.deals == (s.seat == table.dealer)
            assert not CARD.search(s.label), s.label


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["classic", "no_upcard", "tournament"]))
def test_two_players_are_drawn_as_a_table_of_two(seed, rules):
    """The two-player table's seats come from the same drawing as every seating's: from either
    seat's view (the second person's told as "yours"), that seat at the bottom and the other
    across, with the cards each truly holds, the dealer and whose turn; nothing while the hand
    is over."""
    m = Match(preset(rules), seed=seed)
    bots = (make_bot("beginner", seed), make_bot("beginner", seed + 1))
    while True:
        live = m.phase not in ENDED
        for seat in (0, 1):
            v = seen_from(m, seat)
            you, other = seats_around(pair_seat(v), ("Ann", "Bob"))
            assert (you.place, you.name, other.place, other.name) == (Place.YOU, "Ann", Place.ACROSS, "Bob")
            for spot, s in ((you, seat), (other, 1 - seat)):
                assert spot.backs == (len(m.hand.hands[s]) if live else 0)
                assert spot.to_move == (live and m.to_move == s)
                assert spot.deals == (m.view(0).dealer == s)
                assert not spot.sits_out and not spot.partner
                assert not CARD.search(spot.label), spot.label
            assert you.party == "Ann" and other.party == "Bob"
        if not live:
            break
        p = m.to_move
        assert p is not None
        m.apply(bots[p].decide(m.view(p)).action, p)


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(sorted(SEATINGS)), st.integers(0, 10_000), st.integers(0, 200))
def test_the_scoreboard_has_a_column_per_party_with_its_points(seating, seed, moves):
    table = play(TableMatch(table_preset(seating), seed=seed), moves, seed)
    names = NAMES[table.seats]
    board = party_board(table.view(0), names)
    parties = table.table.definition.party_count
    assert len(board.parties) == parties and board.head[1 : 1 + parties] == board.parties
    assert {n for p in board.parties for n in p.split(" and ")} == set(names)
    assert all(len(row) == len(board.head) for row in board.rows)
    total = board.rows[-1] if table.hollywood_scored else next(r for r in board.rows if r[0] == "Total")
    want = table.hollywood().totals if table.hollywood_scored else table.points
    assert total[1 : 1 + parties] == tuple(str(p) for p in want)


def test_partners_one_column_per_side_and_both_games_told():
    table = to_hand_end(TableMatch(table_preset("partners"), seed=3, dealer=0), 1)
    board = party_board(table.view(0), NAMES[4])
    assert board.head == ("Hand", "You and Partner", "Left and Right", "Games")
    hand = table.hands[0]
    said = [
        "Dead hand: no score"
        if g.record.settlement is None
        else narrate.game_words(g.record.settlement, (NAMES[4][g.seats[0]], NAMES[4][g.seats[1]]))
        for g in hand.games
    ]
    assert board.rows[0] == ("1", *(str(p) for p in hand.points), "; ".join(said))


SECOND_PERSON_SLIPS = re.compile(r"\bYou (knocks|has|goes|undercuts)\b|\b(undercuts|to|of) You\b")


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 1))
def test_a_game_of_yours_on_the_scoreboard_speaks_to_you_in_the_second_person(seed, dealer):
    """QA: the partners' scoreboard said "You knocks: 56 - 9 deadwood = 47 to You" (the engine's
    third-person words with the name "You"); each game's words agree with who is speaking."""
    table = to_hand_end(TableMatch(table_preset("partners"), seed=seed, dealer=dealer), seed)
    board = party_board(table.view(0), NAMES[4])
    games = board.rows[0][board.head.index("Games")]
    assert not SECOND_PERSON_SLIPS.search(games), games
    for g in table.hands[0].games:
        s = g.record.settlement
        if s is not None:  # between two others, the engine's own words (true minus signs)
            assert narrate.game_words(s, ("Left", "Right")) == s.explain(("Left", "Right")).replace(
                " - ", " \u2212 "
            )


def test_hollywood_a_row_per_game_a_column_per_player():
    table = TableMatch(table_preset("hollywood"), seed=9, dealer=0)
    for _ in range(3):
        to_hand_end(table, 2)
        if table.phase == TablePhase.HAND_OVER:
            table.apply(0, "next_hand")
    board = party_board(table.view(0), NAMES[2])
    assert board.head == ("Hand", "You", "Computer") and board.rows[-1][0] == "Finished games"
    hands = len(table.hands)
    assert [r[0] for r in board.rows[:hands]] == [str(h.number) for h in table.hands]  # a row per hand
    assert [r[1:] for r in board.rows[:hands]] == [tuple(str(p) for p in h.points) for h in table.hands]
    score = table.hollywood()
    games = board.rows[hands:]
    assert [r[0].split(" ")[0:2] for r in games[:3]] == [["Game", "1"], ["Game", "2"], ["Game", "3"]]
    for g, row in zip(score.games, games, strict=False):
        assert row[1:] == tuple(str(p) for p in g.points)
        assert row[0].endswith("(over)") == (g.result is not None)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(sorted(SEATINGS)), st.integers(0, 10_000), st.integers(0, 120))
def test_the_other_games_face_up_pile_is_drawn_on_one_plate_beside_the_table(seating, seed, moves):
    """While a seat plays its game, each other game of the hand shows its face-up pile (public at
    a real table) on the plate of one of that game's seats beside the table: its true top card
    and size, named for assistive technology with both players; no other card of any game. A
    seat sitting the hand out sees that game on the table itself, so no plate shows a pile then,
    nor between hands."""
    table = play(TableMatch(table_preset(seating), seed=seed), moves, seed)
    n = table.seats
    for seat in range(n):
        view = table.view(seat)
        spots = seats_around(view, NAMES[n])
        drawn = {s.seat: s.pile for s in spots if s.pile is not None}
        if view.play is None or table.phase != TablePhase.PLAY:
            assert not drawn
            continue
        assert len(drawn) == len(view.watching) == len(view.pairing) - 1
        for at, pile in drawn.items():
            [pair] = [p for p in view.pairing if at in p]
            assert seat not in pair and spots[(at - seat) % n].place in (Place.LEFT, Place.RIGHT)
            game = table.game_of(at)
            assert game is not None
            on_pile = game[0].hand.pile
            assert pile.size == len(on_pile) and pile.top == (on_pile[-1] if on_pile else None)
            assert pile.players == (NAMES[n][pair[0]], NAMES[n][pair[1]])
            # "their pile" under it: the plate says whom its seat plays, the pile's other player
            other = pair[1] if pair[0] == at else pair[0]
            assert spots[(at - seat) % n].elsewhere == f"plays {NAMES[n][other]}"
            assert pile.caption.startswith("their pile")
            named = {c for c in ALL_CARDS if re.search(rf"\b{c.name}\b", pile.label)}
            assert named == ({pile.top} if pile.top is not None else set()), pile.label
            assert pile.label.startswith(f"{pile.players[0]} and {pile.players[1]}'s discard pile")


def test_at_partners_the_pile_of_the_partners_game_is_on_the_plate_beside_you():
    table = TableMatch(table_preset("partners"), seed=3, dealer=0)
    for seat in range(4):
        spots = seats_around(table.view(seat), NAMES[4])
        [spot] = [s for s in spots if s.pile is not None]
        assert spot.place in (Place.LEFT, Place.RIGHT) and not spot.against and spot.elsewhere
        assert {spot.seat, spots[2].seat} == set(next(p for p in table.view(seat).pairing if seat not in p))
