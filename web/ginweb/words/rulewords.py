"""The words a page says about a rule, made from the :class:`gin_core.Rules` it plays (issue 43,
item 1): a teaching text, and the help's "how to play", name a rule by a ``{field}`` and never
spell out its value, so they say what the engine does under the match's preset and options, not
what another preset does. Pure; tests/test_web_lessons.py and tests/test_web_help_words.py check
each phrase against the engine under every preset.
"""

from __future__ import annotations

from collections.abc import Mapping

from gin_core import Card, Rules

PRESET_WORDS = {"classic": "classic gin", "tournament": "tournament gin"}
STOCK_ENDS = {
    "two_left": "when a discard leaves only two cards in the stock, the hand is dead",
    "one_left": "when a discard leaves only one card in the stock, the hand is dead",
    "empty": "when the last stock card is drawn and discarded with no knock, the hand is dead",
    "wall": "with two cards left in the stock the pile's card may be taken only to knock or go gin, "
    "else the hand is dead",
}
CARD_VALUES = {"face": "KS", "ace": "AS"}  # the cards whose value a text states


def _shutout(rules: Rules) -> str:
    """What a shutout (the loser won no hand) adds."""
    if rules.shutout == "bonus":
        return f"A player who won no hand at all is shut out: the winner scores {rules.shutout_bonus} more."
    if rules.shutout == "double":
        return "A player who won no hand at all is shut out: the winner's hand points are doubled."
    return "Winning every hand adds nothing more."


def rule_words(rules: Rules, preset: str) -> dict[str, str]:
    """Every phrase a text may say about ``rules`` (named ``preset``), by its ``{field}``."""
    equal = rules.equal_is_undercut
    numbers = ("knock_limit", "gin_bonus", "undercut_bonus", "target", "game_bonus", "line_bonus")
    return {
        **{name: str(getattr(rules, name)) for name in numbers},
        **{name: str(Card.parse(card).value) for name, card in CARD_VALUES.items()},
        "rules": PRESET_WORDS.get(preset, f"{preset} gin"),
        "undercut_if": "as low as the knocker's or lower" if equal else "lower than the knocker's",
        "undercut_at": "at or below" if equal else "below",
        "pickup": "may not" if rules.no_discard_after_pickup else "may",
        "gin_layoffs": "may lay off onto it" if rules.layoff_on_gin else "may not lay off",
        "oklahoma_ace": "gin only" if rules.oklahoma_ace == "gin" else "a limit of 1",
        "stock_end": STOCK_ENDS[rules.stock_end],
        "shutout": _shutout(rules),
    }


HELP_RULES = (
    "On your turn draw one card, from the stock or the discard pile, then discard one. "
    "{knock_when}: your opponent lays off what they can on your melds, then the lower deadwood "
    "scores the difference. An opponent whose deadwood is {undercut_if} undercuts you and adds "
    "{undercut_bonus}.{equal} Gin (no deadwood) adds {gin_bonus} and cannot be undercut; your "
    "opponent {gin_layoffs} onto it.{big_gin}{spades} {stock_end} (no score). {match_end}"
)


def _knock_when(rules: Rules) -> str:
    """When a player may knock, as the help's sentence opens."""
    if rules.oklahoma:
        ace = "gin only" if rules.oklahoma_ace == "gin" else "a limit of 1"
        return f"When your deadwood is at most the first upcard's value (an ace: {ace}) you may knock"
    if rules.knock_limit == 0:
        return "Only gin ends a hand (straight gin): when all your cards are melded you go gin"
    return f"When your deadwood is {rules.knock_limit} or less you may knock"


def _match_end(rules: Rules) -> str:
    """How the match ends and what its end adds."""
    if rules.target is None:
        return "One hand is played."
    extra = f" and scores {rules.game_bonus} more" if rules.game_bonus else ""
    lines = f" Each hand won adds {rules.line_bonus} at the end." if rules.line_bonus else ""
    return f"The first to {rules.target} points wins the match{extra}.{lines} {_shutout(rules)}"


def help_words(rules: Rules) -> str:
    """The help's "how to play" paragraph for a match played under ``rules``."""
    big = f" With 11 melded cards you may go big gin without discarding: {rules.big_gin_bonus} more."
    spades = " A spade as the first upcard doubles the hand's score." if rules.spade_doubles else ""
    return HELP_RULES.format(
        knock_when=_knock_when(rules),
        undercut_if="as low as yours or lower" if rules.equal_is_undercut else "lower than yours",
        undercut_bonus=rules.undercut_bonus,
        equal="" if rules.equal_is_undercut else " Equal counts score nothing.",
        gin_bonus=rules.gin_bonus,
        gin_layoffs="may lay off" if rules.layoff_on_gin else "may not lay off",
        big_gin=big if rules.big_gin else "",
        spades=spades,
        stock_end=STOCK_ENDS[rules.stock_end][0].upper() + STOCK_ENDS[rules.stock_end][1:],
        match_end=_match_end(rules),
    )


def render(text: str, words: Mapping[str, str]) -> str:
    """``text`` with each ``{field}`` replaced by its words."""
    return text.format_map(words)
