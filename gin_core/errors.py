"""Exceptions the engine raises for things a caller did wrong."""


class GinError(ValueError):
    """Base class of the engine's errors."""


class IllegalAction(GinError):
    """An action the rules do not allow now; the message names the rule. State is unchanged."""


class SaveError(GinError):
    """A saved match that is corrupt, truncated, tampered with or from another format."""


class ArgumentError(GinError):
    """A public function was called with an argument of the wrong type or out of range."""


class UndoError(GinError):
    """Nothing to take back or to play again, or a redo stack that undo could not have left."""
