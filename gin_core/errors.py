"""Exceptions the engine raises for things a caller did wrong: :class:`GinError` and the kinds
every layer shares. A leaf: it imports nothing of the engine, so any module may raise these (a
refused move, which names cards, is :class:`~gin_core.refusals.IllegalAction`).
"""

from __future__ import annotations


class GinError(ValueError):
    """Base class of the engine's errors."""


class SaveError(GinError):
    """A saved match that is corrupt, truncated, tampered with or from another format."""


class ArgumentError(GinError):
    """A public function was called with an argument of the wrong type or out of range."""


class HandError(GinError):
    """Cards that are not a hand the question is asked of: an item that is not a card, a card
    twice, or too many or too few cards."""


class UndoError(GinError):
    """Nothing to take back or to play again, or a redo stack that undo could not have left."""


class EndlessHandError(GinError):
    """A hand between bots that outlasted the proven bound on its length
    (:func:`gin_core.bots.base.bot_hand_bound`): an engine or bot error, never a player's."""
