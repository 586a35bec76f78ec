"""The lessons as data: each one's prepared deal, its steps and their words. Pure: no DOM, no
checks here (model.py asks the engine whether a choice is right, by the ``goal`` of each step).

A lesson's deal is stacked (``gin_core.stacked_deck``): ``you`` are the non-dealer, ``them``
the computer, then the upcard and the top of the stock; ``before`` are engine moves played
(alternately, as the engine asks) before the first step. Where a step looks at a knocked hand,
``them`` is the computer's knock (its ten cards laid out) and ``you`` defend.

A text names a rule's value, or a figure of its deal, by a ``{field}`` (rulewords.py and
model.words_of fill them in from the lesson's Rules and deal), never by the value itself: a
test refuses a rule's value written out (issue 43, item 1).
"""

from __future__ import annotations

from ..kit.frozen import Frozen

PICK_CARD = "card"  # pick a card of your hand
PLAY_MOVE = "move"  # play an engine move (take, pass, draw, discard, knock, gin)
PICK_WINNER = "winner"  # say who wins the knocked hand
PICK_POINTS = "points"  # say how many points the hand scores
PICK_LIMIT = "limit"  # say the knock limit of the hand


class Step(Frozen):
    """One thing the learner does: ``ask`` (what), ``kind`` (how: a card, a move, a winner,
    points), ``goal`` (the engine's test, model.py's GOALS), ``wrong`` (the rule, said when a
    choice is refused) and ``right`` (said when it is done)."""

    ask: str
    kind: str
    goal: str
    wrong: str
    right: str


class Lesson(Frozen):
    """A lesson: its id (links and embeds name it), title, introduction, prepared deal, steps,
    and the preset and deal code of its practice hand."""

    ident: str
    title: str
    intro: str
    you: str
    them: str
    upcard: str
    stock: str
    before: tuple[str, ...]
    steps: tuple[Step, ...]
    preset: str = "classic"
    practice: str = "XZQ-VX82"  # Match(seed=1)'s first deal
    shown: bool = False  # the computer's hand is shown (a knocked hand)
    options: tuple[tuple[str, object], ...] = ()  # rule options over the preset (a variant's)
    hands: tuple[tuple[str, str, int], ...] = ()  # a match's knocked hands: knocker's, defender's, knocker
    stock_left: int | None = None  # the stock played down (each draw thrown back) until you draw to this


VALUES = "Face cards (jack, queen, king) count {face}, the ace counts {ace}, every other card its number."
MELDS = (
    "A set is three or four cards of one rank; a run is three or more cards of one suit in "
    "sequence, the ace low (A-2-3, never Q-K-A)."
)
DEADWOOD = (
    "Deadwood is what is left out of your melds, counted by card value. Each card goes in one "
    "meld only, so choose the melds that leave the least."
)

LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "cards",
        "Cards and ranks",
        "Gin rummy uses one pack of 52 cards. A card counts its value: " + VALUES,
        you="AS 7D KC QH 2C 9S 5H JD 3C 8H",
        them="4D 6C TS 2H 5D 9D AC QS 6H 4C",
        upcard="3D",
        stock="8C",
        before=(),
        steps=(
            Step(
                "Pick a card worth the most points.",
                PICK_CARD,
                "highest",
                "Not the most. " + VALUES,
                "Right: a face card counts {face}, the most any card counts.",
            ),
            Step(
                "Now pick the card worth the least.",
                PICK_CARD,
                "lowest",
                "Not the least. The ace is low: it counts {ace}.",
                "Right: the ace counts {ace}. It is low in runs too: A-2-3 is a run, Q-K-A is not.",
            ),
        ),
    ),
    Lesson(
        "melds",
        "Sets and runs",
        "You win by putting your cards into melds. " + MELDS,
        you="5H 5S 5D 9C TC JC 2D KS 7H 3S",
        them="4D 6C TS 2H 8D 9D AC QS 6H 4C",
        upcard="3D",
        stock="8C",
        before=(),
        steps=(
            Step(
                "Pick a card that is in a set.",
                PICK_CARD,
                "in_set",
                "That card is in no set. A set is three or four cards of one rank.",
                "Right: the three fives are a set.",
            ),
            Step(
                "Pick a card that is in a run.",
                PICK_CARD,
                "in_run",
                "That card is in no run. A run is three or more cards of one suit in sequence.",
                "Right: 9, ten and jack of clubs are a run.",
            ),
        ),
    ),
    Lesson(
        "deadwood",
        "Deadwood and the best arrangement",
        DEADWOOD,
        you="7H 8H 9H 7S 7D 2C 4S KD QC 3H",
        them="4D 6C TS 2H 8D 9D AC QS 6H 4C",
        upcard="JS",
        stock="8C",
        before=("draw_pile",),
        steps=(
            Step(
                "The 7 of hearts fits a run and a set. "
                "Pick a card that is deadwood in your best arrangement.",
                PICK_CARD,
                "deadwood_card",
                "That card is in a meld of the best arrangement. " + DEADWOOD,
                "Right. The run 7-8-9 of hearts leaves less deadwood than the set of sevens, so the "
                "sevens of spades and diamonds are deadwood.",
            ),
            Step(
                "Discard the card that leaves the least deadwood.",
                PLAY_MOVE,
                "least_deadwood",
                "Another discard leaves less deadwood: let go of a high card that is in no meld.",
                "Right: a high unmatched card is the first to go.",
            ),
        ),
    ),
    Lesson(
        "upcard",
        "The upcard offer",
        "After the deal one card is turned up. The non-dealer (you) may take it first; if you pass, "
        "the dealer may; if both pass, you draw from the stock.",
        you="4S 5S 6S 9H 9C 2D KD QC 3H JC",
        them="4D 6C TS 2H 8D 9D AC QS 6H 4C",
        upcard="7S",
        stock="8C",
        before=(),
        steps=(
            Step(
                "The upcard is the 7 of spades. Take it or pass.",
                PLAY_MOVE,
                "take",
                "The 7 of spades joins your run 4-5-6 of spades: take an upcard that makes or grows a meld.",
                "Right: your run is now 4 to 7 of spades.",
            ),
            Step(
                "Now discard a card (you hold 11).",
                PLAY_MOVE,
                "least_deadwood",
                "Keep your melds and low cards: discard a high card that fits nothing.",
                "Right: you are back to ten cards.",
            ),
        ),
    ),
    Lesson(
        "drawing",
        "Drawing from the stock or the pile",
        "Each turn starts with a draw: the top card of the face-down stock (unknown), or the top "
        "card of the discard pile (known to both players).",
        you="4S 5S 6S 9H 9C 2D KD QC 3H JC",
        them="4D 6C TS 2H 8D 9D AC 9S 6H 4C",
        upcard="KH",
        stock="8C 5C",
        before=("pass", "pass", "draw_stock", "discard KD", "draw_stock", "discard 9S"),
        steps=(
            Step(
                "The computer discarded the 9 of spades. Draw from the pile or the stock.",
                PLAY_MOVE,
                "pile",
                "The 9 of spades makes a set of nines with your 9 of hearts and 9 of clubs: "
                "take it from the pile.",
                "Right: the pile's card made a set.",
            ),
            Step(
                "Discard a card.",
                PLAY_MOVE,
                "least_deadwood",
                "Keep your melds: discard a high card that fits nothing.",
                "Right.",
            ),
        ),
    ),
    Lesson(
        "discarding",
        "Discarding",
        "Each turn ends with a discard, face up on the pile. Keep your melds and the cards that may "
        "make one; let go of high cards that fit nothing. In {rules} the card just taken from "
        "the pile {pickup} be thrown back at once.",
        you="4S 5S 6S 9H 9C 2D KD QC 3H JC",
        them="4D 6C TS 2H 8D 9D AC QS 6H 4C",
        upcard="KH",
        stock="8C",
        before=("draw_pile",),
        steps=(
            Step(
                "Discard the card that leaves the least deadwood.",
                PLAY_MOVE,
                "least_deadwood",
                "Another discard leaves less deadwood.",
                "Right: a high card that fits nothing goes first.",
            ),
        ),
    ),
    Lesson(
        "knocking",
        "Knocking and the knock limit",
        "You may end the hand by knocking when, after your discard, your deadwood is at most the "
        "knock limit ({knock_limit} in {rules}). You lay out your melds; the lowest deadwood wins.",
        you="4S 5S 6S 9H 9C 9D 2D 3H AC KD",
        them="4D 6C TS 2H 8D JD JC QS 6H 4C",
        upcard="4H",
        stock="8C",
        before=("draw_pile",),
        steps=(
            Step(
                "Choose Knock, then the card to put down.",
                PLAY_MOVE,
                "knock",
                "That is not a knock within the limit: after your discard your deadwood must be "
                "{knock_limit} or less.",
                "Right: you knocked. The computer lays out its melds and its deadwood is counted.",
            ),
        ),
    ),
    Lesson(
        "gin",
        "Gin",
        "Gin is a knock with no deadwood at all: every card but the discard is in a meld. It scores "
        "a bonus ({gin_bonus} in {rules}) and the opponent {gin_layoffs}.",
        you="4S 5S 6S 9H 9C 9D 2D 3D 4D KD",
        them="4H 6C TS 2H 8D JD JC QS 6H 4C",
        upcard="5D",
        stock="8C",
        before=("draw_pile",),
        steps=(
            Step(
                "Choose Gin, then the card to put down.",
                PLAY_MOVE,
                "gin",
                "That is not gin: gin discards the one card left out, so the other ten are all in melds.",
                "Gin! You score the bonus and the computer's deadwood: it {gin_layoffs}.",
            ),
        ),
    ),
    Lesson(
        "layoffs",
        "Laying off",
        "When the computer knocks (not gin), you lay out your melds and may then lay off your "
        "deadwood onto its melds: a card that extends its run or completes its set is no longer "
        "deadwood.",
        you="7H 8S 8C 2D 3D 4D KD QC JC TC",
        them="4S 5S 6S 7S 9H 9C 9D AC 2H 3C",
        upcard="QH",
        stock="8H",
        before=(),
        steps=(
            Step(
                "The computer knocked with 4-5-6-7 of spades and three nines. Pick a card you can lay off.",
                PICK_CARD,
                "layoff",
                "That card fits none of the computer's melds. A card lays off when it extends a run "
                "(the same suit, next in sequence) or is the fourth card of a set.",
                "Right: that card goes onto the computer's meld.",
            ),
        ),
        shown=True,
    ),
    Lesson(
        "undercut",
        "Undercuts",
        "If the defender's deadwood, after laying off, is {undercut_if}, the defender "
        "undercuts: the defender scores the difference plus a bonus ({undercut_bonus} in {rules}).",
        you="7H 7D 7C 2D 3D 4D KD QD JD AS",
        them="4S 5S 6S 7S 9H 9C 9D AC 2H 3C",
        upcard="QH",
        stock="8H",
        before=(),
        steps=(
            Step(
                "The computer knocked with {knocker_deadwood} deadwood. Who wins the hand?",
                PICK_WINNER,
                "winner",
                "Count again: your deadwood is only {defender_deadwood}, against the computer's "
                "{knocker_deadwood}. A defender {undercut_at} the knocker undercuts.",
                "Right: you undercut the computer.",
            ),
        ),
        shown=True,
    ),
    Lesson(
        "scoring",
        "Scoring a hand",
        "The winner of a knocked hand scores the difference of the two deadwood counts; gin and an "
        "undercut add their bonus.",
        you="7H 8S 8C 2D 3D 4D KD QC JC TC",
        them="4S 5S 6S 7S 9H 9C 9D AC 2H 3C",
        upcard="QH",
        stock="8H",
        before=(),
        steps=(
            Step(
                "The computer knocked. After your lay-offs, how many points does it score?",
                PICK_POINTS,
                "points",
                "Not that: the knocker scores your deadwood after lay-offs minus its own.",
                "Right: your deadwood minus the computer's.",
            ),
        ),
        shown=True,
    ),
    Lesson(
        "match",
        "The match and its bonuses",
        "A match is played to {target} points. Whoever reaches {target} first wins the match and "
        "scores {game_bonus} more (the game bonus), and each player scores {line_bonus} for every "
        "hand they won (the line bonus). {shutout}",
        you="2D 3D 4D 5D 4S 5S 6S 9H 9C 9D",
        them="4H 6C TS 2H 8D JD JC QS 6H 4C",
        upcard="KD",
        stock="8H",
        before=(),
        steps=(
            Step(
                "Three hands: your gin, the computer's knock, your gin. Who wins the match?",
                PICK_WINNER,
                "match_winner",
                "Not so: you passed {target} points first, so you win the match.",
                "Right: you reached {target} first.",
            ),
            Step(
                "What is your total, with the game bonus and the line bonus?",
                PICK_POINTS,
                "match_total",
                "Count again: your hand points, plus {game_bonus} for the game, plus {line_bonus} for each "
                "hand you won.",
                "Right: hand points, game bonus and two line bonuses.",
            ),
        ),
        shown=True,
        hands=(
            ("2D 3D 4D 5D 4S 5S 6S 9H 9C 9D", "4H 6C TS 2H 8D JD JC QS 6H 4C", 0),
            ("4S 5S 6S 7S 9H 9C 9D AC 2H 3C", "7H 8S 8C 2D 3D 4D KD QC JC TC", 1),
            ("2D 3D 4D 5D 4S 5S 6S 9H 9C 9D", "4H 6C TS 2H 8D JD JC QS 6H 4C", 0),
        ),
    ),
    Lesson(
        "stock",
        "The end of the stock",
        "The stock does not last for ever. In {rules}, {stock_end}: nobody scores, and it is dealt again.",
        you="4S 5S 6S 9H 9C 9D JD QD KD AC",
        them="4D 6C TS 2H 8D JH JC QS 6H 4C",
        upcard="7C",
        stock="8C",
        before=("pass", "pass"),
        steps=(
            Step(
                "Both players drew and threw back until now: you just drew, and two cards are left "
                "in the stock. End the hand on your terms.",
                PLAY_MOVE,
                "end",
                "A plain discard now leaves two cards in the stock: the hand would be dead and "
                "nobody would score. End it while you can: choose Knock or Gin, then a card.",
                "Right: you ended the hand before the stock ran out.",
            ),
        ),
        stock_left=2,
    ),
    Lesson(
        "oklahoma",
        "Oklahoma: the upcard sets the knock limit",
        "In Oklahoma gin the first upcard's value is the knock limit of the hand: a 3 means you "
        "may knock with 3 or less, a face card {face}, and an ace means {oklahoma_ace}.",
        you="4S 5S 6S 9H 9C 9D JD QD KD 2C",
        them="4D 6C TS 2H 8D JH JC QS 6H 4C",
        upcard="3H",
        stock="AC",
        before=("pass", "pass", "draw_stock"),
        steps=(
            Step(
                "The first upcard was the 3 of hearts. What is the knock limit of this hand?",
                PICK_LIMIT,
                "limit",
                "In Oklahoma the first upcard's value is the knock limit: here the 3 makes it {limit}.",
                "Right: {limit}.",
            ),
            Step(
                "You drew the ace of clubs. Knock within the limit of {limit}.",
                PLAY_MOVE,
                "knock",
                "Not a knock within {limit}: after your discard your deadwood must be {limit} or "
                "less. Choose Knock, then a card that fits no meld.",
                "Right: one point of deadwood, within the limit of {limit}.",
            ),
        ),
        options=(("oklahoma", True),),
    ),
    Lesson(
        "straight",
        "Straight gin: no knocking",
        "In straight gin you may not knock at all: the only way to end the hand is gin.",
        you="4S 5S 6S 9H 9C 9D JD QD KD 2C",
        them="4D 6C TS 2H 8D JH JC QS 6H 4C",
        upcard="3H",
        stock="AC",
        before=("pass", "pass", "draw_stock"),
        steps=(
            Step(
                "You hold one card of deadwood after your best discard. Play your turn.",
                PLAY_MOVE,
                "least_deadwood",
                "Straight gin has no knock (the limit is {knock_limit}): discard the card that "
                "leaves the least deadwood and wait for gin.",
                "Right: the ace stays; one more card that fits and you go gin.",
            ),
        ),
        options=(("knock_limit", 0),),
    ),
    Lesson(
        "spades",
        "Spade doubling",
        "With spade doubling, a hand whose first upcard is a spade scores double.",
        you="AC 2D 3H 5S 6S 7S 9H 9C 9D KD",
        them="4D 6C TS 2H 8D JH JC QS 6H 4C",
        upcard="4S",
        stock="8C",
        before=("draw_pile",),
        steps=(
            Step(
                "Knock.",
                PLAY_MOVE,
                "knock",
                "Not a knock within the limit: choose Knock, then the card that fits nothing and "
                "counts the most.",
                "Right: you knocked.",
            ),
            Step(
                "How many points does your knock score?",
                PICK_POINTS,
                "points",
                "Count again: the difference of the deadwood counts, doubled because the first "
                "upcard was a spade.",
                "Right: the difference, doubled by the spade upcard.",
            ),
        ),
        options=(("spade_doubles", True),),
    ),
)

BY_ID = {lesson.ident: lesson for lesson in LESSONS}
