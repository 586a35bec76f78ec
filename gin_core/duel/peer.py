"""One device's side of a hand between two devices: the deal, the moves, the showdown, the proof.

Each peer keeps the engine's own state machine (:class:`~gin_core.hand.Hand`) on a deck in
which every place it can read holds its card and the places it cannot read hold the other
cards in a fixed order (a stand-in, never knowledge); when a card is revealed, the hand is
replayed on the corrected deck. The other's moves go through that hand, so the engine checks
them; a check that needs a hidden card (a knock's deadwood, a take at the wall) waits for the
cards the rules then show, and at the end every move is replayed on the verified deck.

What a peer knows is :attr:`DuelHand.known`: the places whose two keys it holds.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Generator
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from ..actions import ENDING, Action, ActionKind
from ..cards import CARDS, Card
from ..checks import check_int, check_is, check_items, check_player
from ..errors import ArgumentError
from ..flow import Phase
from ..hand import Hand
from ..melds import Meld
from ..refusals import IllegalAction, Refusal
from ..rules import Rules
from ..scoring import Settlement
from ..view import PlayerView
from . import deal
from .curve import Point, distinct, prepare
from .errors import Cheat, CheatDetected, MalformedMessage, OutOfTurnMessage, ReplayedMessage
from .messages import VERSION, Deck, Keys, KeysMessage, Kind, Message, Move, Resume, Reveal, parse, text
from .seen import duel_view

Sending = Generator[int, None, list[str]]
"""Work in slices (one unit per scalar multiplication) that ends with the texts to send."""
MAX_HANDS = 999_999
"""The highest hand number (a message's numbers have at most six digits)."""
MAX_SCORE = 1_000_000
HAND_CARDS = 10
DEALT = 2 * HAND_CARDS
UPCARD = DEALT


class DuelStage(StrEnum):
    """Where the hand stands, which says whose message is awaited:

    ``shuffle`` (the dealer's locked deck), ``mix`` (the other's mixed deck), ``lock`` (the
    dealer's relocked deck, with keys), ``deal_keys`` (the other's keys for the dealer's cards),
    ``play`` (the move of the player to act), ``draw_key`` (the key of a card drawn from the
    stock), ``showdown`` (the defender's cards), ``reveal`` (every key: the dealer's, then the
    other's), ``done`` (verified) and ``stopped`` (a peer was caught lying)."""

    SHUFFLE = "shuffle"
    MIX = "mix"
    LOCK = "lock"
    DEAL_KEYS = "deal_keys"
    PLAY = "play"
    DRAW_KEY = "draw_key"
    SHOWDOWN = "showdown"
    REVEAL = "reveal"
    DONE = "done"
    STOPPED = "stopped"


@dataclass(frozen=True)
class Played:
    """One move of the hand as both peers log it: the card by its place in the deck (the place
    of a face-down knock card is known to both, its card only to its player until the end)."""

    player: int
    kind: ActionKind
    place: int | None = None
    melds: tuple[Meld, ...] | None = None


def dealt_to(place: int, dealer: int) -> int:
    """The player dealt the card at ``place`` (0..19): alternately, the non-dealer first."""
    return 1 - dealer if place % 2 == 0 else dealer


class DuelHand:
    """One hand of a duel, as one device plays it (``me``: its seat, 0 or 1). ``secrets``: this
    device's keys and shuffle (new ones by default; a stored hand's when it is taken up again,
    :mod:`.resume`)."""

    def __init__(  # 6 parameters: the hand's place in the match, and this device's secrets
        self,
        rules: Rules,
        me: int,
        dealer: int,
        number: int = 1,
        scores: tuple[int, int] = (0, 0),
        secrets: deal.Secrets | None = None,
    ):
        self.rules = check_is(rules, Rules, "rules")
        self.me = check_player(me, "me")
        self.dealer = check_player(dealer, "dealer")
        self.number = check_int(number, "the hand's number", 1, MAX_HANDS)
        points = check_items(scores, int, "scores")
        if len(points) != 2 or any(type(p) is not int or not 0 <= p <= MAX_SCORE for p in points):
            raise ArgumentError(f"scores are two whole numbers in 0..{MAX_SCORE}")
        self.scores = (points[0], points[1])
        self.seq = 0
        self.stage = DuelStage.SHUFFLE
        self.cheat: CheatDetected | None = None
        mine = deal.Secrets.new(me == dealer) if secrets is None else secrets.checked(me == dealer)
        self.lock, self.keys, self.order = mine.lock, list(mine.keys), list(mine.order)
        self.decks: list[tuple[Point, ...]] = []
        self.their_keys: dict[int, int] = {}
        self.known: dict[int, Card] = {}
        self.played: list[Played] = []
        self.wall_take: Played | None = None
        self.table = self._replay(self._stand_in())
        self.texts: dict[int, tuple[int, str]] = {}  # every message of the hand by seq: (sender, text)
        self.steps: list[tuple[str, str]] = []  # ("in", text taken) and ("play", move): to replay it
        self.expected: tuple[int, str] | None = None  # the other's (seq, digest) after a resync

    # ----- what this device sees --------------------------------------------------------

    @property
    def dealing(self) -> bool:
        return self.me == self.dealer

    @property
    def waiting_for(self) -> int | None:
        """The seat whose message the hand awaits (None: finished or stopped)."""
        other = 1 - self.dealer
        return {
            DuelStage.SHUFFLE: self.dealer,
            DuelStage.MIX: other,
            DuelStage.LOCK: self.dealer,
            DuelStage.DEAL_KEYS: other,
            DuelStage.PLAY: self.table.turn,
            DuelStage.DRAW_KEY: 1 - self.table.turn,
            DuelStage.SHOWDOWN: None if self.table.settlement is None else 1 - self.table.settlement.knocker,
            DuelStage.REVEAL: 1 - self.me,  # the dealer reveals first, as soon as the hand is over
        }.get(self.stage)

    @property
    def hand(self) -> tuple[Card, ...]:
        """This device's cards (sorted; none before the deal is read)."""
        return tuple(sorted(c for c in self.table.hands[self.me] if c in self.known.values()))

    def legal_actions(self) -> list[Action]:
        """What this device's player may do now (empty unless it is their move)."""
        if self.stage is not DuelStage.PLAY or self.table.turn != self.me or self.table.phase == Phase.OVER:
            return []
        if self.wall_take is not None:
            return [a for a in self.table.legal_actions() if a.kind in ENDING]
        return self.table.legal_actions()

    def view(self) -> PlayerView:
        """What this device's player may know now (gin_core.duel.seen), for the table to draw."""
        return duel_view(self)

    @property
    def settlement(self) -> Settlement | None:
        """The verified result of the hand (None until both decks are verified; a dead hand
        has none)."""
        return self.table.settlement if self.stage is DuelStage.DONE else None

    @property
    def dead(self) -> bool:
        return self.stage is DuelStage.DONE and self.table.dead

    # ----- the engine on what this device knows -----------------------------------------

    def _stand_in(self) -> list[Card]:
        """The deck with each known card at its place and the rest in CARDS order."""
        known = self.known
        rest = iter(c for c in CARDS if c not in known.values())
        return [known[i] if i in known else next(rest) for i in range(len(CARDS))]

    def _replay(self, deck: list[Card], played: list[Played] | None = None) -> Hand:
        """The engine's hand on ``deck`` after the moves played (IllegalAction if one is refused)."""
        hand = Hand(self.rules, deck, self.dealer, self.scores)
        for move in self.played if played is None else played:
            card = None if move.place is None or move.kind not in _WITH_CARD else deck[move.place]
            hand.apply(Action(move.kind, card, move.melds))
        return hand

    def places_of(self, player: int) -> set[int]:
        """The places of the cards ``player`` holds now."""
        deck = self._stand_in()
        return {deck.index(c) for c in self.table.hands[player]}

    # ----- receiving ----------------------------------------------------------------------

    def receive(self, raw: object) -> Sending:
        """Take the other device's message: refused (a :class:`DuelMessageError`, nothing changed)
        unless it is the one the hand awaits; a lie stops the hand (:class:`CheatDetected`)."""
        message = parse(raw)
        self._check_expected(message)
        yield from prepare()
        try:
            out = yield from self._HANDLERS[message.kind](self, message)
            self.texts[message.seq] = (1 - self.me, text(message))
            self.steps.append(("in", text(message)))
            self._check_history()
        except CheatDetected as cheat:
            self.stage, self.cheat = DuelStage.STOPPED, cheat
            raise
        return out

    def _check_expected(self, message: Message) -> None:
        if message.hand < self.number or (message.hand == self.number and message.seq < self.seq):
            raise ReplayedMessage(f"message {message.seq} of hand {message.hand} was already played")
        if message.hand != self.number or message.seq != self.seq:
            raise OutOfTurnMessage(f"the next message is number {self.seq} of hand {self.number}")
        if self.waiting_for != 1 - self.me or message.kind != _AWAITED[self.stage]:
            who = "this device" if self.waiting_for == self.me else "no one"
            wanted = _AWAITED.get(self.stage)
            raise OutOfTurnMessage(f"the hand awaits {wanted or 'nothing'} from {who}, not {message.kind}")

    def _send(self, *messages: Message) -> list[str]:
        for m in messages:
            self.texts[m.seq] = (self.me, text(m))
        return [text(m) for m in messages]

    # ----- a new connection: agree on the hand so far ----------------------------------------

    def digest_at(self, seq: int) -> str:
        """The chain of the hand's first ``seq`` message texts (SHA-256), as both devices see them."""
        chain = hashlib.sha256(f"gin-duel/{VERSION}/hand {self.number}".encode()).digest()
        for s in range(seq):
            chain = hashlib.sha256(chain + self.texts[s][1].encode()).digest()
        return chain.hex()

    def resume_text(self) -> str:
        """The first message after a new connection: where this device stands in the hand."""
        return text(Resume(self.seq, self.number, self.digest_at(self.seq)))

    def resync(self, raw: object) -> list[str]:
        """Take the other device's :meth:`resume_text`: the texts it missed (this device's, sent
        since where it stands), or none if it is ahead (its texts are then awaited, and its
        digest checked once they are in). A message that is no resume, or of another hand, is
        refused (:class:`DuelMessageError`); a record of the hand unlike this one stops it
        (:class:`CheatDetected`, ``history``)."""
        message = parse(raw)
        if not isinstance(message, Resume):
            raise MalformedMessage("after a new connection the first message is a resume")
        if message.hand != self.number:
            raise OutOfTurnMessage(f"this device is at hand {self.number}, not {message.hand}")
        if message.seq > self.seq:
            self.expected = (message.seq, message.digest)
            return []
        if self.digest_at(message.seq) != message.digest:
            self._stop(CheatDetected(Cheat.HISTORY, f"the first {message.seq} messages differ"))
        missed = [self.texts[s] for s in range(message.seq, self.seq)]
        if any(sender != self.me for sender, _ in missed):
            self._stop(CheatDetected(Cheat.HISTORY, "it has lost a message it sent"))
        return [t for _, t in missed]

    def _check_history(self) -> None:
        """Once the other's texts after a resync are in, its digest must be the chain here."""
        if self.expected is not None and self.seq >= self.expected[0]:
            seq, digest = self.expected
            self.expected = None
            if self.digest_at(seq) != digest:
                raise CheatDetected(Cheat.HISTORY, f"the first {seq} messages differ")

    def _stop(self, cheat: CheatDetected) -> None:
        self.stage, self.cheat = DuelStage.STOPPED, cheat
        raise cheat

    def _next_seq(self) -> int:
        self.seq += 1
        return self.seq - 1

    # ----- the deal ---------------------------------------------------------------------

    def start(self) -> Sending:
        """The dealer's first message (the locked deck); the other device sends nothing."""
        if not self.dealing or self.decks:
            return []
        assert self.lock is not None
        yield from prepare()
        d1 = yield from deal.lock_deck(self.lock, self.order)
        self.decks = [d1]
        self.stage = DuelStage.MIX
        return self._send(Deck(self._next_seq(), self.number, d1))

    def _on_deck(self, message: Message) -> Sending:
        assert isinstance(message, Deck)
        if not distinct(message.deck):
            raise CheatDetected(Cheat.NOT_A_PERMUTATION, "a card appears twice in the deck")
        if self.stage is DuelStage.SHUFFLE:
            _no_keys(message.keys)
            d2 = yield from deal.mix_deck(message.deck, self.order, self.keys)
            self.decks = [message.deck, d2]
            self.seq += 1
            self.stage = DuelStage.LOCK
            return self._send(Deck(self._next_seq(), self.number, d2))
        if self.stage is DuelStage.MIX:
            _no_keys(message.keys)
            assert self.lock is not None
            d3 = yield from deal.relock_deck(message.deck, self.lock, self.keys)
            self.decks += [message.deck, d3]
            self.seq += 1
            self.stage = DuelStage.DEAL_KEYS
            theirs = self._my_keys(self._dealt(1 - self.me))
            return self._send(Deck(self._next_seq(), self.number, d3, theirs))
        self._expect_places(message.keys, self._dealt(self.me))
        known = yield from self._read(message.deck, message.keys)
        self.decks.append(message.deck)
        self.seq += 1
        self._learn(message.keys, known)
        self.stage = DuelStage.PLAY
        return self._send(KeysMessage(self._next_seq(), self.number, self._my_keys(self._dealt(1 - self.me))))

    def _dealt(self, player: int) -> list[int]:
        """The places dealt to ``player``, and the upcard's."""
        places = [i for i in range(DEALT) if dealt_to(i, self.dealer) == player]
        return places + ([UPCARD] if self.rules.first_upcard else [])

    def _my_keys(self, places: list[int]) -> Keys:
        return tuple((i, self.keys[i]) for i in sorted(places))

    def _expect_places(self, keys: Keys, places: list[int] | set[int]) -> None:
        if [i for i, _ in keys] != sorted(places):
            raise MalformedMessage(f"the keys expected now are those of places {sorted(places)}")

    def _read(self, deck: tuple[Point, ...], keys: Keys) -> Generator[int, None, dict[int, Card]]:
        """The cards the keys read, each checked to be a card of the deck not placed yet."""
        known: dict[int, Card] = {}
        for place, key in keys:
            card = deal.read(deck[place], self.keys[place], key)
            yield 1
            taken = {c: i for i, c in (self.known | known).items()}
            if card is None or taken.get(card, place) != place:
                raise CheatDetected(Cheat.WRONG_DECRYPTION, f"place {place}")
            known[place] = card
        return known

    def _learn(self, keys: Keys, known: dict[int, Card], played: list[Played] | None = None) -> None:
        """Keep the keys and cards read, and replay the hand on the corrected deck."""
        self.their_keys |= dict(keys)
        self.known |= known
        self.table = self._replay(self._stand_in(), played)
        if played is not None:
            self.played = played

    def _on_keys(self, message: Message) -> Sending:
        assert isinstance(message, KeysMessage)
        if self.stage is DuelStage.DEAL_KEYS:
            places = self._dealt(self.me)
        elif self.stage is DuelStage.DRAW_KEY:
            places = [len(CARDS) - len(self.table.stock) - 1]
        else:
            places = sorted(self.places_of(1 - self.me))
        self._expect_places(message.keys, places)
        known = yield from self._read(self.decks[-1], message.keys)
        self.seq += 1
        self._learn(message.keys, known)
        if self.stage is DuelStage.SHOWDOWN:
            return self._end_hand()
        self.stage = DuelStage.PLAY
        return []

    # ----- moves ----------------------------------------------------------------------------

    def play(self, action: Action) -> list[str]:
        """This device's move: refused with :class:`IllegalAction` (nothing changed) unless
        legal now; the texts to send (none for a take at the wall, sent with the knock)."""
        check_is(action, Action, "a move")
        if Action(action.kind, action.card) not in self.legal_actions():
            raise _refusal(self, action)
        place = None if action.card is None else self._stand_in().index(action.card)
        move = Played(self.me, action.kind, place, action.melds)
        moves = [self.wall_take, move] if self.wall_take else [move]
        table = self._replay(self._stand_in(), [*self.played, *moves])  # declared melds checked
        self.steps.append(("play", str(action)))
        if self.table.phase == Phase.WALL and action.kind == ActionKind.DRAW_PILE:
            self.wall_take, self.table = move, table
            return []
        return self._send_move(moves, table)

    def _send_move(self, moves: list[Played], table: Hand) -> list[str]:
        first, move = moves[0], moves[-1]
        reveal = self._revealed_by(move)
        discard = move.kind == ActionKind.DISCARD and move.place is not None
        card = self._stand_in()[move.place] if discard and move.place is not None else None
        then = move.kind if len(moves) == 2 else None
        out = Move(self._next_seq(), self.number, first.kind, card, move.melds, self._my_keys(reveal), then)
        self.played += moves
        self.wall_take = None
        self.table = table
        self.stage = self._after_move(move)
        return self._send(out) + (self._end_hand_now() if self.stage is DuelStage.REVEAL else [])

    def _revealed_by(self, move: Played) -> list[int]:
        """The places whose keys a move gives: the discard's, or a knocker's cards kept."""
        held = self.places_of(move.player)
        if move.kind == ActionKind.DISCARD and move.place is not None:
            return [move.place]
        if move.kind == ActionKind.BIG_GIN:
            return sorted(held)
        if move.kind in ENDING:
            return sorted(held - {move.place})
        return []

    def _after_move(self, move: Played) -> DuelStage:
        if self.table.phase == Phase.OVER:
            return DuelStage.SHOWDOWN if self.table.settlement is not None else DuelStage.REVEAL
        if move.kind == ActionKind.DRAW_STOCK and move.player == self.me:
            return DuelStage.DRAW_KEY
        return DuelStage.PLAY

    def _on_move(self, message: Message) -> Sending:
        assert isinstance(message, Move)
        mover = 1 - self.me
        ending = message.then if message.then is not None else message.action
        wall = self.table.phase == Phase.WALL
        if (message.then is not None) != (wall and message.action == ActionKind.DRAW_PILE):
            raise MalformedMessage("at the wall a take is sent with the knock it leads to, and only there")
        if message.then is not None and message.then not in ENDING:
            raise MalformedMessage("a take at the wall leads to a knock or gin")
        moves = [Played(mover, ActionKind.DRAW_PILE)] if message.then is not None else []
        held = self.places_of(mover)
        if moves:  # the take is checked with the knock, on the cards it reveals
            held.add(self._stand_in().index(self.table.pile[-1]))
        place, known = yield from self._check_reveal(message, ending, held)
        move = Played(mover, ending, place, message.melds)
        if message.action == ActionKind.DISCARD and (place is None or message.card != known.get(place)):
            raise CheatDetected(Cheat.WRONG_CARD, f"{message.card} named, place {place} holds another")
        try:
            self._learn(message.keys, known, [*self.played, *moves, move])
        except IllegalAction as refused:
            raise CheatDetected(Cheat.ILLEGAL_MOVE, str(refused)) from None
        self.seq += 1
        self.stage = self._after_move(move)
        return self._answer(move)

    def _check_reveal(
        self, message: Move, ending: ActionKind, held: set[int]
    ) -> Generator[int, None, tuple[int | None, dict[int, Card]]]:
        """The place a move plays from and the cards its keys read (checked to be held)."""
        places = [i for i, _ in message.keys]
        if not set(places) <= held:
            raise CheatDetected(Cheat.NOT_HELD, f"places {sorted(set(places) - held)}")
        need = {ActionKind.DISCARD: 1, ActionKind.BIG_GIN: len(held)}.get(ending, 0)
        need = len(held) - 1 if ending in (ActionKind.KNOCK, ActionKind.GIN) else need
        if len(places) != need or (ending == ActionKind.DISCARD) != (message.card is not None):
            raise MalformedMessage(f"a {ending} names {'its card and ' if need == 1 else ''}{need} keys")
        known = yield from self._read(self.decks[-1], message.keys)
        if ending == ActionKind.DISCARD:
            return places[0], known
        rest = held - set(places)
        return (rest.pop() if ending in ENDING and rest else None), known

    def _answer(self, move: Played) -> list[str]:
        """What this device sends after the other's move: the key of a card drawn, or its
        cards at the showdown (and its keys if it ends the hand)."""
        if move.kind == ActionKind.DRAW_STOCK:
            place = len(CARDS) - len(self.table.stock) - 1
            return self._send(KeysMessage(self._next_seq(), self.number, self._my_keys([place])))
        if self.stage is DuelStage.SHOWDOWN:
            mine = sorted(self.places_of(self.me))
            out = self._send(KeysMessage(self._next_seq(), self.number, self._my_keys(mine)))
            return out + self._end_hand_now()
        return self._end_hand_now() if self.stage is DuelStage.REVEAL else []

    # ----- the end: every key, and the proof ---------------------------------------------

    def _end_hand(self) -> list[str]:
        self.stage = DuelStage.REVEAL
        return self._end_hand_now()

    def _end_hand_now(self) -> list[str]:
        """The dealer reveals first, as soon as the hand is over."""
        self.stage = DuelStage.REVEAL
        return self._send(self._reveal()) if self.dealing else []

    def _reveal(self) -> Reveal:
        return Reveal(self._next_seq(), self.number, self.lock, tuple(self.keys))

    def _on_reveal(self, message: Message) -> Sending:
        assert isinstance(message, Reveal)
        if (message.lock is None) != self.dealing:
            raise MalformedMessage("the dealer's reveal has its lock, the other's none")
        for place, key in self.their_keys.items():
            if message.keys[place] != key:
                raise CheatDetected(Cheat.WRONG_KEY, f"place {place}")
        deck = yield from (self._verify_mixer(message) if self.dealing else self._verify_dealer(message))
        self.seq += 1
        self.their_keys = dict(enumerate(message.keys))
        try:
            self._learn((), dict(enumerate(deck)))
        except IllegalAction as refused:
            raise CheatDetected(Cheat.ILLEGAL_MOVE, str(refused)) from None
        out = [] if self.dealing else self._send(self._reveal())
        self.stage = DuelStage.DONE
        return out

    def _verify_mixer(self, message: Reveal) -> Generator[int, None, list[Card]]:
        """The dealer checks step 2 and reads the deck through its own order."""
        order = yield from deal.unmix(self.decks[0], self.decks[1], message.keys)
        if order is None:
            raise CheatDetected(Cheat.NOT_A_PERMUTATION, "the mixed deck is not the locked deck shuffled")
        deck = [CARDS[self.order[i]] for i in order]
        return self._agrees(deck)

    def _verify_dealer(self, message: Reveal) -> Generator[int, None, list[Card]]:
        """The other checks step 3, then reads every place (so step 1 locked the 52 cards)."""
        assert message.lock is not None
        ok = yield from deal.relocked(self.decks[1], self.decks[2], message.lock, message.keys)
        if not ok:
            raise CheatDetected(Cheat.WRONG_KEY, "the relocked deck does not fit the keys revealed")
        deck = []
        for place, point in enumerate(self.decks[2]):
            card = self.known.get(place) or deal.read(point, self.keys[place], message.keys[place])
            yield 0 if place in self.known else 1
            deck.append(card)
        if None in deck or len(set(deck)) != len(CARDS):
            raise CheatDetected(Cheat.NOT_A_PERMUTATION, "the deck does not hold the 52 cards")
        return self._agrees([c for c in deck if c is not None])

    def _agrees(self, deck: list[Card]) -> list[Card]:
        for place, card in self.known.items():
            if deck[place] != card:
                raise CheatDetected(Cheat.WRONG_CARD, f"place {place} was shown as the {card}")
        return deck

    _HANDLERS: ClassVar[dict[Kind, Callable[[DuelHand, Message], Sending]]] = {
        Kind.DECK: _on_deck,
        Kind.KEYS: _on_keys,
        Kind.MOVE: _on_move,
        Kind.REVEAL: _on_reveal,
    }


_WITH_CARD = (ActionKind.DISCARD, ActionKind.KNOCK, ActionKind.GIN)
_AWAITED = {
    DuelStage.SHUFFLE: Kind.DECK,
    DuelStage.MIX: Kind.DECK,
    DuelStage.LOCK: Kind.DECK,
    DuelStage.DEAL_KEYS: Kind.KEYS,
    DuelStage.PLAY: Kind.MOVE,
    DuelStage.DRAW_KEY: Kind.KEYS,
    DuelStage.SHOWDOWN: Kind.KEYS,
    DuelStage.REVEAL: Kind.REVEAL,
}


def _no_keys(keys: Keys) -> None:
    if keys:
        raise MalformedMessage("a shuffled deck carries no keys")


def _refusal(hand: DuelHand, action: Action) -> IllegalAction:
    """Why this device may not play ``action`` now (the engine's rule, or not its turn)."""
    if hand.stage is DuelStage.PLAY and hand.table.turn == hand.me:
        hand.table.check(action)  # raises the engine's rule
        return IllegalAction(Refusal.WALL_MUST_KNOCK)  # a take at the wall: knock or gin now
    return IllegalAction(Refusal.NOT_YOUR_TURN, player=hand.me)
