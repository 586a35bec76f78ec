"""The game log, kept fair: while a hand is live it holds only public facts (the engine's
events); the computer's reasons for its moves are kept aside and join its lines only once the
hand is over, since a reason may name cards of its hand ("keeps A♣ A♦ for a set"), and then
only a reason that names no card you never saw (a card it drew and never showed)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from gin_core import Card, Event, HandRecord

from ..storage.savefmt import LogLine
from . import narrate


def log_events(
    log: list[LogLine], events: Iterable[Event], n: int, names: Sequence[str] | None = None
) -> None:
    """Append a line for each new engine event; ``n`` is the history length after the move;
    ``names``: the two people's, when two play on one device (narrate.event_text)."""
    log.extend(LogLine(n, e.player, narrate.event_text(e, names)) for e in events)


def keep_reason(pending: dict[int, str], n: int, words: str) -> None:
    """Keep the computer's reason for the move that made the history ``n`` long, unshown."""
    if words:
        pending[n] = words


def names_none(text: str, cards: Collection[Card]) -> bool:
    """``text`` names none of ``cards`` (by symbol or by name): it may be shown to someone who
    never saw them."""
    return not any(c.symbol in text or c.name in text for c in cards)


def reveal_reasons(log: list[LogLine], pending: dict[int, str], never: Collection[Card] = ()) -> bool:
    """The hand is over: each kept reason joins the first computer line of its move, unless it
    names one of ``never`` (the cards you never saw in the hand: the reason is dropped). True if
    a line already shown changed (the log is then shown again in full)."""
    changed = False
    for line in log:
        if line.player == 1 and line.n in pending and not line.why and names_none(pending[line.n], never):
            line.why = pending.pop(line.n)
            changed = True
    pending.clear()
    return changed


def close_hand(
    log: list[LogLine],
    pending: dict[int, str],
    n: int,
    rec: HandRecord,
    headline: str,
    never: Collection[Card],
) -> None:
    """Hand ``rec`` is over (the history ``n`` long): the kept reasons join their lines (see
    :func:`reveal_reasons`), and its result line in ``headline``'s words is added once."""
    reveal_reasons(log, pending, never)
    if not any(ln.text.startswith(f"Hand {rec.number} result") for ln in log[-6:]):
        log.append(LogLine(n, None, f"Hand {rec.number} result: {headline}", f"Deal code {rec.deal_code}"))


def take_back(log: list[LogLine], pending: dict[int, str], n: int) -> list[LogLine]:
    """The log and kept reasons as they were when the history was ``n`` long (undo)."""
    for k in [k for k in pending if k > n]:
        del pending[k]
    return [ln for ln in log if ln.n <= n]


def computer_reasons(log: list[LogLine], since: int) -> list[LogLine]:
    """The computer's revealed lines from history length ``since`` on (a finished hand's)."""
    return [ln for ln in log if ln.player == 1 and ln.why and ln.n > since]
