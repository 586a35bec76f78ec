"""The knocker's meld choice valued: each declaration against guesses of the defender's hand.

Once the knock card is chosen, the knocker still picks which melds to lay down: any disjoint
melds of the ten cards kept that leave at most the knock limit (:func:`gin_core.declare.declarations`).
The choice matters through the defender's lay-offs: a declared run's ends and a set's missing
suit are spots the defender may fill. A declaration is valued from the knocker's view only: the
defender's hand is guessed by the search's sampler (the cards the knocker has not seen, weighed
by what the defender took, passed and threw), the defender then melds and lays off as well as it
can (:func:`gin_core.layoff.defend`, deterministic for a hand), and the knock is scored. Every
declaration meets the same guesses, so their differences are measured, not their luck.
"""

from __future__ import annotations

from ..actions import Action, ActionKind
from ..arrange import hand_mask, meld_order
from ..bots.kernel import Knowledge, Reason, ReasonKind, guesses, rng_for
from ..cards import Card, mask_of
from ..declare import declarations, declared_deadwood, default_declaration, layoff_spots
from ..layoff import defend
from ..scoring import verdict
from ..view import PlayerView
from .verify import SCALE, STRENGTH

GUESSES = STRENGTH.samples
"""Guesses of the defender's hand a seed (the verification's: ten times the hint's)."""
HINT_GUESSES = STRENGTH.samples // SCALE
"""Guesses a seed for the hint-strength values of an ad hoc meld-choice puzzle."""


def kept_mask(view: PlayerView, card: Card) -> int:
    """The knocker's ten cards kept after putting ``card`` down."""
    return hand_mask(view.hand) & ~card.bit


def declaration_actions(view: PlayerView, card: Card) -> tuple[Action, ...]:
    """Every knock with ``card`` that declares melds leaving some deadwood within the limit, in
    the fixed order of :func:`~gin_core.declare.declarations` (least deadwood first)."""
    kept = kept_mask(view, card)
    cards = [c for c in view.hand if c != card]
    found = declarations(cards, view.knock_limit)
    return tuple(
        Action(ActionKind.KNOCK, card, melds=d)
        for d in found
        if declared_deadwood(kept, [m.mask for m in d]) > 0
    )


def bot_declaration(view: PlayerView, card: Card) -> Action:
    """What every bot level declares knocking with ``card``: the default declaration against
    the cards it has not seen (:func:`gin_core.bots.base.declared`)."""
    kept = [c for c in view.hand if c != card]
    return Action(ActionKind.KNOCK, card, melds=default_declaration(kept, view.unseen()))


def unseen_spots(view: PlayerView, action: Action) -> int:
    """How many cards the knocker has not seen could be laid off on the declared melds."""
    return layoff_spots((m.mask for m in action.melds or ()), mask_of(view.unseen()))


def knock_points(kept: int, packing: tuple[int, ...], defender: int, view: PlayerView) -> int:
    """The knock's points for the knocker (negative: the defender's) when the defender holds
    ``defender`` and lays off on ``packing`` (no multiplier, as the search's playouts)."""
    knocker_deadwood = declared_deadwood(kept, packing)
    defender_deadwood = defend(defender, packing)[0]
    _, side, bonus, base = verdict(knocker_deadwood, defender_deadwood, view.rules)
    if side is None:
        return 0
    return base + bonus if side == "knocker" else -(base + bonus)


def measure_declarations(
    view: PlayerView, actions: tuple[Action, ...], seed: int, samples: int = GUESSES
) -> list[list[float]]:
    """Per declaration, its points on each of one seed's guesses of the defender's hand (the
    same guesses for every declaration)."""
    know = Knowledge.of(view)
    found = guesses(know, know.holding(), samples, rng_for(seed, view), STRENGTH.inference)
    values = []
    for action in actions:
        assert action.card is not None and action.melds is not None
        kept = kept_mask(view, action.card)
        packing = meld_order(m.mask for m in action.melds)
        values.append([float(knock_points(kept, packing, hand, view)) for hand, _ in found])
    return values


def declaration_reason(view: PlayerView, action: Action, points: float) -> Reason:
    """Why a declaration: the knock, the deadwood it declares, and its value in points."""
    assert action.card is not None and action.melds is not None
    left = declared_deadwood(kept_mask(view, action.card), [m.mask for m in action.melds])
    return Reason(ReasonKind.KNOCKS, (action.card,), deadwood=left, points=points)
