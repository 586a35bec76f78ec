"""Named rule presets: one per rule text the product is built from, plus two research standards.

Each preset's docstring says which text it follows and every choice made where that text is
silent or ambiguous. The functions build fresh :class:`Rules`; :data:`PRESETS` maps names to them.
"""

from __future__ import annotations

from collections.abc import Callable

from .checks import describe
from .rules import Rules, RulesError


def classic() -> Rules:
    """Classic gin with game, line and shutout bonuses (the 'how to play' guide).

    Low cut chooses the first dealer; the loser of a hand deals the next. Knock at 10 or less;
    gin 25 plus the opponent's deadwood, no lay-offs on gin; undercut 25 plus the difference,
    only when the defender's count is *lower* (an equal count is not an undercut: the knocker
    wins the difference, zero). The two-card rule cancels the hand when a discard leaves two
    stock cards (the text's wall variant is the ``stock_end="wall"`` option). Play to 100; the
    player reaching 100 gets 100 more, each hand won is worth 25 at the end, and a player who
    won no hand gives the winner a flat 100 shutout bonus. Chosen: the card taken from the pile
    may not be discarded that turn (the text says so for the first turn and means it generally).

    Chosen where the text is silent (it never says what ends a hand in which the players pass
    the pile's cards back and forth): the hand is dead at the 50th draw from the pile, as in
    OpenSpiel (``pile_draw_limit``; ordinary hands draw from it at most about 13 times).
    """
    return Rules(
        equal_is_undercut=False,
        target=100,
        game_bonus=100,
        line_bonus=25,
        shutout="bonus",
        shutout_bonus=100,
        next_dealer="loser",
    )


def winner_deals() -> Rules:
    """Plain gin where the winner deals and the stock is played out (the two-player card sheet).

    Each round's winner deals the next. The upcard goes to the non-dealer, then the dealer.
    Knock at 10 or less; gin 25 plus the opponent's deadwood with no lay-offs; undercut 25 plus
    the difference when the opponent has the same or fewer points. The hand is a draw when the
    player who took the last stock card discards without knocking. Chosen where the text is
    silent: low cut for the first deal, a 100-point target ("a predefined winning score"), no
    game or line bonuses (the text only says the winner takes the pot), and the card just taken
    from the pile may not be discarded that turn.

    Chosen where the text is silent (it never says what ends a hand in which the players pass
    the pile's cards back and forth): the hand is dead at the 50th draw from the pile, as in
    OpenSpiel (``pile_draw_limit``; ordinary hands draw from it at most about 13 times).
    """
    return Rules(stock_end="empty", next_dealer="winner", target=100)


def no_upcard() -> Rules:
    """Gin to 150 with no upcard and lay-offs on gin (the rummy-for-two rule sheet).

    There is no first upcard: the player with the lower score starts (the non-dealer on a tie)
    and must draw from the stock. The deal alternates; the text lets "any player" deal first,
    so the low cut decides. The card taken from the pile may not be discarded that turn. A
    player who would draw the last stock card ends the hand with no score, read here as: the
    hand is dead once a discard leaves one card in the stock. The defender may lay off even
    onto gin, and gin is never undercut. The text's scoring paragraph is cut off and its list of
    allowed sets is missing: melds are the usual sets and runs; the undercut bonus is the 20
    the text states; the gin bonus, never stated, is the usual 25; an equal count is an
    undercut (as in the other texts). Target 150, no further bonuses.

    Chosen where the text is silent (it never says what ends a hand in which the players pass
    the pile's cards back and forth): the hand is dead at the 50th draw from the pile, as in
    OpenSpiel (``pile_draw_limit``; ordinary hands draw from it at most about 13 times).
    """
    return Rules(
        first_upcard=False,
        stock_end="one_left",
        layoff_on_gin=True,
        undercut_bonus=20,
        target=150,
    )


def tournament() -> Rules:
    """Pure gin as played on the online tournament site, to 100 by default.

    First upcard to the non-dealer, then the dealer, then the non-dealer draws from the stock;
    the upcard taken may not be discarded that turn. Knock at 10 or less (Oklahoma, where the
    first upcard sets the limit and an ace means 1, is the ``oklahoma`` option with
    ``oklahoma_ace="one"``); gin 25; the knocker is undercut on a higher or equal count (25 plus
    the difference); no lay-offs on gin; the last two stock cards may not be taken. The text
    offers targets of 50 to 300, default 100. Chosen: the deal alternates and the low cut picks
    the first dealer; no game or line bonuses (the text names none).

    Chosen where the text is silent (it never says what ends a hand in which the players pass
    the pile's cards back and forth): the hand is dead at the 50th draw from the pile, as in
    OpenSpiel (``pile_draw_limit``; ordinary hands draw from it at most about 13 times).
    """
    return Rules(oklahoma_ace="one", target=100)


def big_gin() -> Rules:
    """Gin with big gin, game and line bonuses and doubled shutouts (the online game site).

    Dealing alternates; the upcard goes to the non-dealer, then the dealer. Knock at 10 or less;
    gin 25, big gin (11 melded cards, no discard) 31, plus the knock points; no lay-offs on gin
    or big gin; undercut 25 plus the difference on a lower or equal count; gin is never
    undercut. The hand is a tie with two cards left in the stock. Game bonus 100 to the player
    reaching 100, line bonus 25 per hand won, and a shutout doubles the winner's hand points
    before the line bonus; as the text asks, a dead hand voids the shutout. Chosen: low cut for
    the first deal.

    Chosen where the text is silent (it never says what ends a hand in which the players pass
    the pile's cards back and forth): the hand is dead at the 50th draw from the pile, as in
    OpenSpiel (``pile_draw_limit``; ordinary hands draw from it at most about 13 times).
    """
    return Rules(
        big_gin=True,
        big_gin_bonus=31,
        target=100,
        game_bonus=100,
        line_bonus=25,
        shutout="double",
        shutout_needs_no_dead_hand=True,
    )


def eaai() -> Rules:
    """The EAAI-21 Gin Rummy challenge rules, the benchmark of the published results.

    To 100; gin 25; undercut 25 including ties; the hand is cancelled when a discard leaves two
    stock cards; no other bonuses. The starting player (the non-dealer) alternates after a
    scored hand and stays after a cancelled one. First upcard offered as usual; the card taken
    from the pile may not be discarded that turn. Player 1 deals first, so player 0 starts.

    Chosen where the rules are silent (they never say what ends a hand in which the players pass
    the pile's cards back and forth): the hand is dead at the 50th draw from the pile, as in
    OpenSpiel (``pile_draw_limit``; ordinary hands draw from it at most about 13 times).
    """
    return Rules(target=100, first_dealer=1)


def openspiel() -> Rules:
    """OpenSpiel's gin_rummy game: a single hand, knock at 10, gin 25, undercut 25.

    An equal count is not an undercut and scores 0 for both. The wall: with two stock cards
    left the next player may take the discard only to knock or go gin, else the hand is dead
    and scores 0. Player 1 deals, so player 0 is offered the upcard first. As in OpenSpiel, a
    card taken from the pile may be discarded again at once, and the hand is dead (0 for both)
    when a card taken from the pile is thrown back at once twice in a row, or at the 50th draw
    from the pile (the first upcard not counted; that draw is not made).
    """
    return Rules(
        stock_end="wall",
        equal_is_undercut=False,
        target=None,
        first_dealer=1,
        no_discard_after_pickup=False,
        throw_back_dead=True,
    )


PRESETS: dict[str, Callable[[], Rules]] = {
    "classic": classic,
    "winner_deals": winner_deals,
    "no_upcard": no_upcard,
    "tournament": tournament,
    "big_gin": big_gin,
    "eaai": eaai,
    "openspiel": openspiel,
}


def preset(name: str) -> Rules:
    """The rules of a named preset."""
    make = PRESETS.get(name) if isinstance(name, str) else None
    if make is None:
        raise RulesError(f"no preset {describe(name)}; presets: {', '.join(PRESETS)}")
    return make()


def preset_name(rules: Rules) -> str | None:
    """The name of the preset these rules equal, if any."""
    return next((n for n, f in PRESETS.items() if f() == rules), None)
