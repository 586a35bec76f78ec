"""A hand between two devices (gin_core.duel): two peers in one process play to the end, every
message round-trips, a message out of the protocol is refused with the hand untouched, a lying
peer is caught in each way it can lie, and each side knows exactly the cards the rules show it."""

from __future__ import annotations

import copy
import json
import random
from collections import deque
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_core import Action, IllegalAction, Rules
from gin_core.actions import ENDING, ActionKind
from gin_core.arrange import min_deadwood
from gin_core.bots.base import finish
from gin_core.cards import CARDS, Card, mask_of, parse_cards
from gin_core.duel import (
    MAX_CHARS,
    Cheat,
    CheatDetected,
    DuelHand,
    DuelStage,
    MalformedMessage,
    OutOfTurnMessage,
    OversizedMessage,
    ReplayedMessage,
    VersionMismatch,
    parse,
    text,
)
from gin_core.duel.curve import card_point, multiply, point_text, scalar_text
from gin_core.duel.peer import dealt_to
from gin_core.flow import Phase
from gin_core.hand import stacked_deck

Body = dict[str, Any]


class Duel:
    """Two peers and the wire between them; each player picks a random legal move (a knock
    or gin whenever it may, so hands end)."""

    def __init__(
        self, seed: int, dealer: int = 0, rules: Rules | None = None, deck: list[Card] | None = None
    ):
        self.rng = random.Random(seed)
        rules = Rules() if rules is None else rules
        self.peers = [DuelHand(rules, 0, dealer), DuelHand(rules, 1, dealer)]
        self.choose: Callable[[DuelHand], Action] = self.random_move
        if deck is not None:  # both shuffles chosen: the deck is ``deck`` (place j: deck[j])
            self.peers[1 - dealer].order = list(range(len(CARDS)))
            self.peers[dealer].order = [CARDS.index(c) for c in deck]
        self.wire: deque[tuple[int, str]] = deque((dealer, t) for t in finish(self.peers[dealer].start()))
        self.sent: list[str] = []

    def deliver(self, sender: int, raw: str) -> None:
        outs = finish(self.peers[1 - sender].receive(raw))
        self.sent.append(raw)
        self.wire.extend((1 - sender, t) for t in outs)

    def step(self) -> None:
        """Deliver the next message, or have the player to move play."""
        if self.wire:
            self.deliver(*self.wire.popleft())
            return
        (peer,) = [p for p in self.peers if p.legal_actions()]
        self.wire.extend((peer.me, t) for t in peer.play(self.choose(peer)))

    def random_move(self, peer: DuelHand) -> Action:
        acts = peer.legal_actions()
        return self.rng.choice([a for a in acts if a.kind in ENDING] or acts)

    def done(self) -> bool:
        return all(p.stage is DuelStage.DONE for p in self.peers)

    def plain_move(self, peer: DuelHand) -> Action:
        """A random legal move that does not end the hand (the deal is random: a hand may be
        ready to knock before the message a test waits for is ever sent)."""
        acts = peer.legal_actions()
        return self.rng.choice([a for a in acts if a.kind not in ENDING] or acts)

    def until(self, want: Callable[[int, Body], bool], end: bool = False) -> tuple[int, Body]:
        """Run until the next message on the wire is one ``want`` picks; take it off the wire.
        The players make plain moves meanwhile, unless ``end``: the moves that end the hand when
        they may (a test waiting for the reveal)."""
        ending = self.choose
        self.choose = ending if end else self.plain_move
        try:
            while not (self.wire and want(self.wire[0][0], json.loads(self.wire[0][1]))):
                assert not self.done(), "the hand ended first"
                self.step()
        finally:
            self.choose = ending
        sender, raw = self.wire.popleft()
        return sender, json.loads(raw)

    def play_out(self) -> None:
        while not self.done():
            self.step()


def a_discard(s: int, b: Body) -> bool:
    return b["kind"] == "move" and b["action"] == "discard"


def state(peer: DuelHand) -> tuple[Any, ...]:
    return (peer.stage, peer.seq, dict(peer.known), dict(peer.their_keys), list(peer.played), peer.decks)


@pytest.fixture(scope="module")
def dealt() -> Duel:
    """A hand dealt and read by both (the non-dealer, player 1, to move)."""
    duel = Duel(7)
    while not all(p.stage is DuelStage.PLAY for p in duel.peers) or duel.wire:
        duel.step()
    return duel


@pytest.fixture(scope="module")
def ended() -> tuple[Duel, int, Body]:
    """A hand played to its end, the dealer's reveal still on the wire."""
    duel = Duel(11)
    sender, body = duel.until(lambda s, b: b["kind"] == "reveal", end=True)
    return duel, sender, body


# ----- whole hands --------------------------------------------------------------------------


def test_two_peers_play_hands_to_a_verified_end(count):
    for seed in range(count(1, 1)):
        duel = Duel(seed, dealer=seed % 2)
        duel.play_out()
        a, b = duel.peers
        assert a.played == b.played
        assert a.table.hands == b.table.hands and a.table.pile == b.table.pile
        assert a.settlement == b.settlement and a.dead == b.dead
        assert a.settlement is not None or a.dead
        assert sorted(a.known.values()) == sorted(CARDS) == sorted(b.known.values())


def test_a_hand_without_an_upcard_is_dealt_and_played(count):
    duel = Duel(3, dealer=1, rules=Rules(first_upcard=False))
    duel.play_out()
    assert duel.peers[0].settlement == duel.peers[1].settlement


def test_every_message_parses_back_to_its_text(ended):
    duel, _, _ = ended
    kinds = set()
    for raw in duel.sent:
        message = parse(raw)
        kinds.add(message.kind)
        assert text(message) == raw and parse(text(message)) == message
        assert len(raw) <= MAX_CHARS
    assert kinds == {"deck", "keys", "move"}


def test_a_discard_names_its_card_and_a_knock_hides_its_card(ended):
    duel, _, _ = ended
    moves = [json.loads(raw) for raw in duel.sent if json.loads(raw)["kind"] == "move"]
    assert all((m["card"] is not None) == (m["action"] == "discard") for m in moves)


def to_the_wall(take: bool) -> Duel:
    """Both hands hold three melds and an ace; each player draws from the stock and discards
    the card drawn until the wall, where the player to move takes the discard and knocks
    (``take``) or passes."""
    first = parse_cards("2H 3H 4H 5S 5D 5C 9S TS JS AC")
    second = parse_cards("6D 7D 8D QC QD QH 2S 3S 4S AD")
    kept = {*first, *second}
    duel = Duel(
        0, dealer=1, rules=Rules(stock_end="wall"), deck=stacked_deck(first, second, Card.parse("KC"))
    )

    def script(peer: DuelHand) -> Action:
        acts = peer.legal_actions()
        if peer.wall_take is not None:
            return next(a for a in acts if a.kind == ActionKind.KNOCK)
        if peer.table.phase == Phase.WALL:
            return Action(ActionKind.DRAW_PILE if take else ActionKind.PASS)
        drawn = [a for a in acts if a.kind == ActionKind.DISCARD and a.card not in kept]
        return (
            drawn[0]
            if drawn
            else Action(ActionKind.PASS if peer.table.phase == Phase.OFFER else "draw_stock")
        )

    duel.choose = script
    duel.play_out()
    return duel


def test_a_take_at_the_wall_travels_with_its_knock():
    duel = to_the_wall(take=True)
    walls = [json.loads(raw) for raw in duel.sent if '"then":"knock"' in raw]
    assert len(walls) == 1 and walls[0]["action"] == "draw_pile" and len(walls[0]["keys"]) == 10
    a, b = duel.peers
    assert a.settlement == b.settlement is not None
    take, knock = a.played[-2:]
    assert take.kind == ActionKind.DRAW_PILE and knock.kind == ActionKind.KNOCK
    assert take.player == knock.player == a.settlement.knocker


def test_a_pass_at_the_wall_is_sent_and_ends_the_hand():
    """A pass at the wall was once held back like a take, and the hand waited for ever."""
    duel = to_the_wall(take=False)
    assert all(p.dead for p in duel.peers)
    assert json.loads(duel.sent[-3])["action"] == "pass"


# ----- refused messages: the hand untouched -------------------------------------------------


def refused(duel: Duel, sender: int, raw: object, error: type[Exception]) -> None:
    receiver = duel.peers[1 - sender]
    before = state(receiver)
    with pytest.raises(error):
        finish(receiver.receive(raw))
    assert state(receiver) == before


def test_malformed_oversized_other_version_messages_are_refused(dealt):
    duel = copy.deepcopy(dealt)
    good = {"v": 1, "kind": "move", "seq": duel.peers[0].seq, "hand": 1, "action": "pass"}
    good |= {"card": None, "melds": None, "keys": [], "then": None}
    for raw, error in [
        ("not json", MalformedMessage),
        ("[1, 2]", MalformedMessage),
        (42, MalformedMessage),
        ("[" * 50 + "]" * 50, MalformedMessage),
        (json.dumps(good | {"seq": 10**20}), MalformedMessage),
        (json.dumps(good | {"extra": 1}), MalformedMessage),
        (json.dumps(good | {"action": "steal"}), MalformedMessage),
        (json.dumps(good | {"keys": [[60, "0" * 64]]}), MalformedMessage),
        (json.dumps(good | {"keys": [[1, "00"]]}), MalformedMessage),
        (json.dumps(good | {"card": "ZZ"}), MalformedMessage),
        (json.dumps(good | {"kind": "hello"}), MalformedMessage),
        (json.dumps(good | {"v": 2}), VersionMismatch),
        (json.dumps(good | {"melds": ["x" * MAX_CHARS]}), OversizedMessage),
    ]:
        refused(duel, 1, raw, error)


def test_a_deck_of_points_off_the_curve_is_refused():
    duel = Duel(5)
    body = json.loads(duel.wire.popleft()[1])
    body["deck"][3] = "0" * 127 + "1"
    refused(duel, 0, json.dumps(body), MalformedMessage)


def test_a_replayed_message_is_refused(dealt):
    duel = copy.deepcopy(dealt)
    sender, body = duel.until(lambda s, b: b["kind"] == "move")
    duel.deliver(sender, json.dumps(body))
    refused(duel, sender, json.dumps(body), ReplayedMessage)


def plain_move(peer: DuelHand) -> Action:
    """A legal move that does not end the hand (the deal is random: a knock may be offered at once)."""
    return next(a for a in peer.legal_actions() if a.kind not in ENDING)


def test_out_of_turn_messages_are_refused(dealt):
    duel = copy.deepcopy(dealt)
    duel.choose = plain_move  # a plain discard comes before any end (it failed 1 run in 5)
    sender, body = duel.until(a_discard)
    refused(duel, sender, json.dumps(body | {"seq": body["seq"] + 1}), OutOfTurnMessage)
    refused(duel, sender, json.dumps(body | {"hand": 2}), OutOfTurnMessage)
    keys = {"v": 1, "kind": "keys", "seq": body["seq"], "hand": 1, "keys": []}
    refused(duel, sender, json.dumps(keys), OutOfTurnMessage)  # keys when a move is awaited
    duel.deliver(sender, json.dumps(body))
    receiver = duel.peers[1 - sender]
    assert receiver.waiting_for == receiver.me  # its own move now: none from the other
    refused(duel, sender, json.dumps(body | {"seq": receiver.seq}), OutOfTurnMessage)
    with pytest.raises(IllegalAction):
        duel.peers[sender].play(Action(ActionKind.DRAW_STOCK))


def test_a_move_the_rules_refuse_is_refused_here_with_the_hand_untouched(dealt):
    duel = copy.deepcopy(dealt)
    mover = next(p for p in duel.peers if p.legal_actions())
    before = state(mover)
    with pytest.raises(IllegalAction) as refusal:
        mover.play(Action(ActionKind.DISCARD, mover.hand[0]))  # the upcard is offered
    assert refusal.value.code == "upcard_offer"
    assert state(mover) == before and not duel.wire


# ----- a lying peer is caught, and the hand stops -------------------------------------------


def caught(duel: Duel, sender: int, body: Body, code: Cheat) -> None:
    receiver = duel.peers[1 - sender]
    with pytest.raises(CheatDetected) as lie:
        finish(receiver.receive(json.dumps(body)))
    assert lie.value.code == code
    assert receiver.stage is DuelStage.STOPPED and receiver.legal_actions() == []


def test_a_discard_naming_another_card_is_caught(dealt):
    duel = copy.deepcopy(dealt)
    sender, body = duel.until(a_discard)
    other = next(str(c) for c in CARDS if str(c) != body["card"])
    caught(duel, sender, body | {"card": other}, Cheat.WRONG_CARD)


def test_a_wrong_key_for_a_card_is_caught(dealt):
    duel = copy.deepcopy(dealt)
    sender, body = duel.until(a_discard)
    place, _ = body["keys"][0]
    caught(duel, sender, body | {"keys": [[place, scalar_text(12345)]]}, Cheat.WRONG_DECRYPTION)


def test_a_wrong_key_for_a_card_drawn_is_caught(dealt):
    duel = copy.deepcopy(dealt)
    sender, body = duel.until(lambda s, b: b["kind"] == "keys" and len(b["keys"]) == 1)
    caught(duel, sender, body | {"keys": [[body["keys"][0][0], scalar_text(777)]]}, Cheat.WRONG_DECRYPTION)


def test_a_discard_from_a_place_not_held_is_caught(dealt):
    duel = copy.deepcopy(dealt)
    sender, body = duel.until(a_discard)
    liar = duel.peers[sender]
    stock = 51  # the bottom of the stock: no one holds it
    caught(duel, sender, body | {"keys": [[stock, scalar_text(liar.keys[stock])]]}, Cheat.NOT_HELD)


def test_an_illegal_move_is_caught_by_the_engine(dealt):
    """A knock over the limit: the cards it shows are checked by the engine."""
    duel = copy.deepcopy(dealt)
    sender, body = duel.until(lambda s, b: b["kind"] == "move" and b["action"] == "draw_stock")
    duel.deliver(sender, json.dumps(body))
    duel.deliver(*duel.wire.popleft())  # the key of the card drawn
    liar = duel.peers[sender]
    deck = liar._stand_in()
    held = sorted(liar.places_of(liar.me))
    face_down = min(held, key=lambda i: deck[i].value)  # keep the most deadwood
    kept = [i for i in held if i != face_down]
    assert min_deadwood(mask_of(deck[i] for i in kept)) > liar.table.knock_limit
    knock = body | {"seq": liar.seq, "action": "knock", "card": None}
    knock["keys"] = [[i, scalar_text(liar.keys[i])] for i in kept]
    caught(duel, sender, knock, Cheat.ILLEGAL_MOVE)


def test_a_pass_out_of_its_phase_is_caught(dealt):
    duel = copy.deepcopy(dealt)
    sender, body = duel.until(lambda s, b: b["kind"] == "move" and b["action"] == "draw_stock")
    caught(duel, sender, body | {"action": "pass"}, Cheat.ILLEGAL_MOVE)


def test_a_deck_with_a_card_twice_is_caught():
    duel = Duel(5)
    sender, raw = duel.wire.popleft()
    body = json.loads(raw)
    body["deck"][1] = body["deck"][0]
    caught(duel, sender, body, Cheat.NOT_A_PERMUTATION)


def test_a_mixed_deck_that_is_not_a_permutation_is_caught_at_the_end():
    """The mixer swaps a locked card at the bottom of the stock (never drawn: the hand dies with
    two cards left) for one it made itself from the ace of spades: the dealer finds it when
    the keys are revealed."""
    duel = Duel(13)
    sender, body = duel.until(lambda s, b: b["kind"] == "deck")  # the dealer's locked deck
    duel.deliver(sender, json.dumps(body))
    mixer_id, mixed = duel.until(lambda s, b: b["kind"] == "deck")
    mixer = duel.peers[mixer_id]
    forged = multiply(mixer.keys[51], multiply(99991, card_point(CARDS[51])))
    mixed["deck"][51] = point_text(forged)
    mixer.decks[1] = (*mixer.decks[1][:51], forged)
    duel.deliver(mixer_id, json.dumps(mixed))
    dealer_id, _ = duel.until(lambda s, b: b["kind"] == "reveal", end=True)  # the liar skips its checks
    dealer = duel.peers[dealer_id]
    reveal = {"v": 1, "kind": "reveal", "seq": dealer.seq, "hand": 1, "lock": None}
    reveal["keys"] = [scalar_text(k) for k in mixer.keys]
    caught(duel, mixer_id, reveal, Cheat.NOT_A_PERMUTATION)


def test_a_key_revealed_unlike_the_one_used_is_caught(ended):
    duel, sender, body = copy.deepcopy(ended)
    receiver = duel.peers[1 - sender]
    used = next(iter(receiver.their_keys))
    body["keys"][used] = scalar_text(4242)
    caught(duel, sender, body, Cheat.WRONG_KEY)


def test_the_dealers_false_key_for_an_unread_place_is_caught(ended):
    duel, sender, body = copy.deepcopy(ended)
    unread = next(i for i in range(52) if i not in duel.peers[1 - sender].their_keys)
    body["keys"][unread] = scalar_text(4242)
    caught(duel, sender, body, Cheat.WRONG_KEY)


def test_the_mixers_false_key_for_an_unread_place_is_caught(ended):
    duel, sender, body = copy.deepcopy(ended)
    duel.deliver(sender, json.dumps(body))
    mixer, reveal = duel.until(lambda s, b: b["kind"] == "reveal", end=True)
    unread = next(i for i in range(52) if i not in duel.peers[1 - mixer].their_keys)
    reveal["keys"][unread] = scalar_text(4242)
    caught(duel, mixer, reveal, Cheat.NOT_A_PERMUTATION)


# ----- knowledge: exactly what the rules show ------------------------------------------------


def allowed(peer: DuelHand) -> set[int]:
    """The places whose cards the rules have shown ``peer`` during play: its deal, the upcard,
    its own stock draws and every discard (a card taken from the pile was shown before)."""
    places = {i for i in range(20) if dealt_to(i, peer.dealer) == peer.me}
    places |= {20} if peer.rules.first_upcard else set()
    stock = 21 if peer.rules.first_upcard else 20
    for move in peer.played:
        if move.kind == ActionKind.DRAW_STOCK:
            places |= {stock} if move.player == peer.me else set()
            stock += 1
        if move.kind == ActionKind.DISCARD and move.place is not None:
            places.add(move.place)
    return places


@settings(max_examples=max(1, settings.default.max_examples // 30))
@given(seed=st.integers(0, 2**32 - 1), dealer=st.sampled_from([0, 1]))
def test_each_side_knows_exactly_what_the_rules_show(seed, dealer):
    duel = Duel(seed, dealer)
    while not duel.done():
        duel.step()
        for peer in duel.peers:
            if peer.stage in (DuelStage.PLAY, DuelStage.DRAW_KEY) and not peer.wall_take:
                drawing = peer.stage is DuelStage.DRAW_KEY
                shown = allowed(peer) - ({len(CARDS) - len(peer.table.stock) - 1} if drawing else set())
                assert set(peer.known) == shown
                assert set(peer.their_keys) == shown  # it holds the other's key of no other place
                assert set(peer.hand) <= set(peer.known.values())
    for peer in duel.peers:
        assert len(peer.known) == len(CARDS)
