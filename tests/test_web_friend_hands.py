"""Every finished hand of a match with a friend is kept on the device to go over again
(friend/pasthands.py, friend/goover.py), not only the last: two devices play three hands in one
process (their texts carried at once, as the data channel would); each device keeps each hand
once both checked it; hand 2 is gone over from its own record, from this device's seat, naming
no card that seat never saw; the table's scoreboard lists the match's hands; a reload (a new
reader of the same storage) keeps the hands and their verdicts; a damaged record is refused
whole, said, and nothing else is lost."""

from __future__ import annotations

import json
import random
import re
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from gin_core import preset
from gin_core.analysis import HandReview, hand_moves
from gin_core.analysis import review as coach_review
from gin_core.bots.base import finish
from gin_core.duel import DuelMatch, DuelStage

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))

from ginweb.friend import keep, pasthands
from ginweb.friend.duel import Round
from ginweb.friend.goover import GoneOver
from ginweb.friend.seat import FriendSeat
from ginweb.kit.safejson import NewerVersionError
from ginweb.review import model as presenter
from ginweb.review.seen import Reader
from test_web_dispatch import KEY, Vault
from test_web_friend_duel import deal, play_out
from test_web_pass_review import names_any, never_seen

RULES = preset("classic").replace(target=500)  # three hands never end the match
NAMES = ("Ann", "Bea")
CARD_CODE = re.compile(r"(?<![0-9A-Z])[2-9TJQKA][CDHS](?![0-9A-Z])")


class Device:
    """What goover.py reads of play.py's Play on one device: its seat, the names, the match's
    id, the round under way and its number."""

    def __init__(self, me: int) -> None:
        self.me, self.names, self.match = me, NAMES, "5e6f7a8b"
        self.scored = DuelMatch(RULES, me)
        self.round: Round | None = None
        self.restoring = False
        self.number = 0


class Aside(Vault):
    """Storage that reads as the page's store does (storage/local.py): a record refused is set
    aside with a notice, a newer one kept as it is, and neither raises."""

    def __init__(self) -> None:
        super().__init__()
        self.notices: list[str] = []

    def read(self, name: str, parse: Any, what: str) -> Any:
        text = self.data.get(name)
        try:
            return None if text is None else parse(json.loads(text))
        except NewerVersionError:
            self.notices.append(f"Your saved {what} came from a newer version of this page")
        except ValueError as e:
            self.data[f"broken/{name}"] = self.data.pop(name)
            self.notices.append(f"Your saved {what} could not be read ({e}): set aside")
        return None


def play_hand(devices: tuple[Device, Device], rng: random.Random, kept: list[GoneOver] | None = None) -> None:
    """The match's next hand dealt, played to a checked end on both devices, each keeping it."""
    hands = [d.scored.hand() for d in devices]
    rounds = (Round(hands[0]), Round(hands[1]))
    for d, r in zip(devices, rounds, strict=True):
        d.round, d.number = r, r.hand.number
    dealer = hands[0].dealer
    deal(rounds, dealer)
    play_out(rounds, rng)
    assert all(r.hand.stage is DuelStage.DONE for r in rounds)
    for d, r in zip(devices, rounds, strict=True):
        d.scored.finish(r.hand)
    for g in kept or ():
        g.keep_checked()


@cache
def played() -> tuple[tuple[Device, Device], tuple[dict[str, str], dict[str, str]], tuple[Any, ...]]:
    """Three hands of one match (played once: the duel's work takes a second or two), each
    device keeping them in its own storage; the settlements."""
    devices = (Device(0), Device(1))
    vaults = (Aside(), Aside())
    kept = [GoneOver(d, v) for d, v in zip(devices, vaults, strict=True)]  # type: ignore[arg-type]
    rng, settled = random.Random(2), []
    for _ in range(3):
        play_hand(devices, rng, kept)
        assert devices[0].round is not None
        settled.append(devices[0].round.hand.settlement)
    return devices, (vaults[0].data, vaults[1].data), tuple(settled)


def three_hands() -> tuple[tuple[Device, Device], tuple[Aside, Aside], tuple[Any, ...]]:
    """:func:`played`'s devices and storage, copied for one test to change."""
    done, stored, settled = played()
    devices = (Device(0), Device(1))
    vaults = (Aside(), Aside())
    for d, old, v, data in zip(devices, done, vaults, stored, strict=True):
        d.round, d.number = old.round, old.number
        d.scored = DuelMatch(RULES, d.me, tuple(old.scored.outcomes))
        v.data = dict(data)
    return devices, vaults, settled


def test_hand_2_of_3_is_gone_over_from_its_own_record_from_this_seat_naming_no_card_it_never_saw():
    devices, vaults, settled = three_hands()
    for d, vault in zip(devices, vaults, strict=True):
        stored = vault.data[pasthands.NAME]
        assert not CARD_CODE.search(stored), "the kept hands are sealed: no card code in clear"
        gone = GoneOver(d, vault)  # type: ignore[arg-type]
        game = gone.past_game(2)
        assert game is not None and (game.hand, game.seat, game.names, game.alone) == (2, d.me, NAMES, True)
        assert game.match.records[0].settlement == settled[1], "hand 2's own record, not the last"
        assert gone.past_game(0) is not None and gone.past_game(0).hand == 3  # type: ignore[union-attr]
        reader = Reader(d.me, NAMES, True, 2)
        hidden = never_seen(game.match, 1, d.me)
        assert hidden, "the seat never saw some cards of the stock"
        steps = len(hand_moves(game.match, 1))
        for step in range(steps + 1):
            shown = presenter.review_model(game.match, 1, step, None, {}, {}, reader)
            assert not names_any(repr(shown), hidden), f"step {step} names a card seat {d.me} never saw"
        assert shown.title.startswith("Your game of hand 2")


def test_the_scoreboard_lists_the_matchs_hands_kept_here_and_they_add_up_to_the_score():
    devices, vaults, _ = three_hands()
    host = devices[0]
    gone = GoneOver(host, vaults[0])  # type: ignore[arg-type]
    seat = FriendSeat(host, False, lambda: RULES, gone.records)  # type: ignore[arg-type]
    view = seat.view()
    assert view is not None and [r.number for r in view.records] == [1, 2, 3]
    assert all(r.deal_code == "" for r in view.records), "a friend's hand has no deal code to replay"
    totals = tuple(sum(r.points[p] for r in view.records) for p in (0, 1))
    assert totals == view.scores == host.scored.scores
    bare = FriendSeat(host, False, lambda: RULES).view()  # the duel's own view: its hand only
    assert bare is not None and [r.number for r in bare.records] == [3]


def test_a_reload_keeps_the_hands_and_their_verdicts_nothing_worked_out_again():
    devices, vaults, _ = three_hands()
    guest, vault = devices[1], vaults[1]
    gone = GoneOver(guest, vault)  # type: ignore[arg-type]
    jobs = gone.jobs(lambda _: False, lambda n: None)
    assert [j[0].split(":")[2] for j in jobs] == ["3", "2", "1"], "the latest hand first"
    told: list[int] = []
    [(_, work, done)] = [j for j in gone.jobs(lambda _: False, told.append) if j[0].split(":")[2] == "2"]
    done(finish(work))
    assert told == [2]
    again = GoneOver(guest, vault)  # type: ignore[arg-type]  # the page reloaded: read from storage
    game = again.past_game(2)
    before = gone.past_game(2)
    assert game is not None and before is not None and game.analysis is not None
    assert game.analysis == before.analysis and game.analysis.player == 1
    assert game.match.history == before.match.history
    assert [j[0].split(":")[2] for j in again.jobs(lambda _: False, lambda n: None)] == ["3", "1"]


def test_a_new_match_on_the_same_connection_keeps_only_its_own_hands():
    devices, vaults, _ = three_hands()
    for d in devices:
        d.scored = DuelMatch(RULES, d.me)  # the host's "New match": hand 1 again, the same id
    kept = [GoneOver(d, v) for d, v in zip(devices, vaults, strict=True)]  # type: ignore[arg-type]
    play_hand(devices, random.Random(1), kept)
    hands = kept[0].kept()
    assert hands is not None and [h.number for h in hands.hands] == [1]
    assert kept[0].past_game(2) is None


def test_the_oldest_hands_are_dropped_past_the_cap():
    devices, vaults, _ = three_hands()
    hands = GoneOver(devices[0], vaults[0]).kept()  # type: ignore[arg-type]
    assert hands is not None
    one = hands.hands[0]
    many = [pasthands.PastHand(n, 0, one.match, one.game) for n in range(1, pasthands.CAP + 6)]
    kept = None
    for h in many:
        kept = pasthands.added(kept, "5e6f7a8b", 0, NAMES, h)
    assert kept is not None and [h.number for h in kept.hands] == list(range(6, pasthands.CAP + 6))
    assert pasthands.parse(json.loads(pasthands.dumps(kept, KEY)), KEY).hands[0].number == 6


DAMAGE = {
    "not JSON of ours": lambda d: [1, 2],
    "an older shape, no format": lambda d: {"v": 1, "hands": d["hands"]},
    "version 0": lambda d: {**d, "version": 0},
    "a field missing": lambda d: {k: v for k, v in d.items() if k != "names"},
    "a seat of 2": lambda d: {**d, "me": 2},
    "the seal cut short": lambda d: {**d, "hands": d["hands"][:-6]},
    "another key's seal": lambda d: {**d, "hands": pasthands.seal("[]", "f" * 32)},
}


@pytest.mark.parametrize("name", DAMAGE)
def test_a_damaged_record_is_set_aside_with_a_notice_and_nothing_else_is_lost(name: str):
    devices, vaults, _ = three_hands()
    host, vault = devices[0], vaults[0]
    vault.data[keep.NAME] = "the match with a friend, kept apart"
    vault.data[pasthands.NAME] = json.dumps(DAMAGE[name](json.loads(vault.data[pasthands.NAME])))
    with pytest.raises(ValueError):
        pasthands.parse(json.loads(vault.data[pasthands.NAME]), KEY)
    gone = GoneOver(host, vault)  # type: ignore[arg-type]
    assert gone.kept() is None and gone.past_game(2) is None and gone.records() == ()
    [said] = vault.notices
    assert "hands with a friend, kept to go over could not be read" in said, said
    assert vault.data[keep.NAME] == "the match with a friend, kept apart", "the match goes on"
    assert f"broken/{pasthands.NAME}" in vault.data, "set aside, not deleted"


def test_after_a_record_set_aside_the_next_hand_is_kept_afresh():
    devices, vaults, _ = three_hands()
    vaults[0].data[pasthands.NAME] = "[]"
    gone = GoneOver(devices[0], vaults[0])  # type: ignore[arg-type]
    play_hand(devices, random.Random(9), [gone])
    assert [h.number for h in gone.kept().hands] == [4]  # type: ignore[union-attr]
    assert [h.number for h in GoneOver(devices[0], vaults[0]).kept().hands] == [4]  # type: ignore[arg-type,union-attr]


def test_a_newer_record_is_left_as_it_is():
    devices, vaults, _ = three_hands()
    vault = vaults[0]
    newer = {**json.loads(vault.data[pasthands.NAME]), "version": 2}
    vault.data[pasthands.NAME] = json.dumps(newer)
    assert GoneOver(devices[0], vault).kept() is None  # type: ignore[arg-type]
    assert "newer version" in vault.notices[0] and json.loads(vault.data[pasthands.NAME]) == newer


def test_verdicts_of_another_seat_or_game_are_refused():
    devices, vaults, _ = three_hands()
    hands = GoneOver(devices[0], vaults[0]).kept()  # type: ignore[arg-type]
    assert hands is not None
    first, second = hands.hands[0], hands.hands[1]
    code = first.match.records[0].deal_code
    for review in (HandReview(1, code, (), 1), HandReview(1, second.match.records[0].deal_code, (), 0)):
        wrong = pasthands.analysed(hands, first, review)
        with pytest.raises(ValueError, match="verdicts kept with hand 1 are of another game"):
            pasthands.parse(json.loads(pasthands.dumps(wrong, KEY)), KEY)
    right = pasthands.analysed(hands, first, HandReview(1, code, (), 0))
    assert pasthands.parse(json.loads(pasthands.dumps(right, KEY)), KEY).hands[0].analysis is not None


def test_a_rows_go_over_names_its_hand_and_one_not_kept_here_is_said():
    from ginweb.friend.feature import FriendFeature
    from ginweb.friend.intents import GoOverHand
    from ginweb.friend.ontable import HandsOnTable

    feature = FriendFeature(Vault(), None, lambda _: None)  # type: ignore[arg-type]  # no dialog needed
    assert feature.control("friend-go-over", {"hand": "2"}) == GoOverHand(2)
    assert feature.control("friend-go-over", {"hand": "\u00b2"}) == GoOverHand(0)  # not a number: the last
    devices, vaults, _ = three_hands()
    shown: list[Any] = []
    said: list[str] = []

    class Table:
        def notice(self, text: str, kind: str) -> None:
            said.append(text)

    gone = GoneOver(devices[0], vaults[0])  # type: ignore[arg-type]
    on = HandsOnTable(Table(), devices[0], None, vaults[0], gone, shown.append)  # type: ignore[arg-type]
    assert on.go_over(2) and shown[-1].hand == 2 and shown[-1].seat == 0
    assert on.go_over(0) and shown[-1].hand == 3, "0: the hand just played"
    assert not on.go_over(7) and said == ["Hand 7 is not kept on this device: there is nothing to go over."]


def test_a_friends_hand_s_luck_line_names_the_friend_not_the_computer():
    devices, vaults, _ = three_hands()
    guest = devices[1]
    game = GoneOver(guest, vaults[1]).past_game(2)  # type: ignore[arg-type]
    assert game is not None
    review = coach_review(game.match, 1, player=guest.me)
    shown = presenter.review_model(game.match, 1, 0, review, {}, {}, Reader(guest.me, NAMES, True, 2))
    luck = next(w.text for w in shown.summary if "from the cards" in w.text)
    friend = NAMES[1 - guest.me]
    assert f"from {friend}\u2019s turns" in luck and "from your decisions" in luck, luck
    assert "computer" not in " ".join(w.text + w.spoken for w in shown.summary).lower()
