"""URL query parameters, for links, demos and deterministic tests.

    ?seed=123            start a new match with this seed (a number), or replaying a deal code
                         (7KQ-M2XD) as its first hand
    ?level=beginner      difficulty of that match: beginner, standard, hard, expert
    ?preset=tournament   rules preset of that match
    ?dealer=1            who deals the first hand: 0 you, 1 the computer
    ?fast=1              near-instant animations and no pauses between the computer's moves

A feature reads parameters of its own (``port.Links.link_names``, e.g. a date): they are kept in
``Params.options`` as written, bounded in length like every value, for the feature to check.

seed, level, preset, dealer and the features' parameters describe a new match: they are used
once and then removed from the address bar, so reloading the page resumes the saved match
instead of restarting it. fast stays (it is a way of viewing, not a match). A seed or deal code
a feature refuses (``port.Guards.refuses_start``) is said and ignored.

A game embedded in another page (embed.js, embed.html) takes the same options from its
container's data-* attributes (``data-preset="classic"``): ``from_options``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable

from gin_core import PRESETS, DealCodeError, decode_deal_code, encode_deal_code, whole_number

from ..kit.frozen import Frozen
from ..storage.settings import LEVELS

CONSUMED = ("seed", "level", "preset", "dealer")
NAMES = (*CONSUMED, "fast")
Refusal = Callable[[int | None, str | None], str | None]  # why a seed or deal code may not start a match
MAX_VALUE = 32  # characters of a parameter value: a seed below 2**64 has 20 digits, a deal code 8
MAX_OPTION = 400  # characters of a feature's long parameter value (``port.Links.long_links``)


class Params(Frozen):
    seed: int | None = None
    deal: str | None = None
    level: str | None = None
    preset: str | None = None
    dealer: int | None = None
    fast: bool = False
    problems: tuple[str, ...] = ()
    options: tuple[tuple[str, str], ...] = ()  # the features' parameters given, as written

    @property
    def new_match(self) -> bool:
        return any(x is not None for x in (self.seed, self.deal, self.level, self.preset, self.dealer))


def parse_start(text: str, refuse: Refusal) -> tuple[int | None, str | None]:
    """(match seed, deal code to replay first) from a number or a deal code; raises ValueError
    with a message in words (never Python's own: a 5,000-digit number is refused by length),
    also for one ``refuse`` gives a reason for (a feature's)."""
    seed, deal = _start(text)
    refused = refuse(seed, deal)
    if refused is not None:
        raise ValueError(refused)
    return seed, deal


def _start(text: str) -> tuple[int | None, str | None]:
    t = text.strip()
    if len(t) > MAX_VALUE:
        raise ValueError(
            f"a seed is a number below 2**64 or a deal code like 7KQ-M2XD, not {len(t)} characters"
        )
    if t.isascii() and t.isdigit():
        n = whole_number(t, (1 << 64) - 1)
        if n is None:
            raise ValueError("seed must be below 2**64")
        return n, None
    try:
        return None, encode_deal_code(decode_deal_code(t))
    except DealCodeError as e:
        raise ValueError(str(e)) from None


def _unquote(text: str) -> str:
    """Percent-decoding for query values (urllib.parse costs ~0.1 s to import in Pyodide)."""
    text = text.replace("+", " ")
    if "%" not in text:
        return text
    out, i, raw = [], 0, bytearray()
    while i < len(text):
        hexa = text[i + 1 : i + 3]
        if text[i] == "%" and len(hexa) == 2 and all(c in "0123456789abcdefABCDEF" for c in hexa):
            raw.append(int(hexa, 16))
            i += 3
            continue
        if raw:
            out.append(raw.decode("utf-8", "replace"))
            raw = bytearray()
        out.append(text[i])
        i += 1
    if raw:
        out.append(raw.decode("utf-8", "replace"))
    return "".join(out)


def _pairs(query: str) -> list[tuple[str, str, str]]:
    """(name, value, raw pair) for each ``name=value`` of a query string."""
    out = []
    for raw in query.lstrip("?").split("&"):
        if raw:
            k, _, v = raw.partition("=")
            out.append((_unquote(k), _unquote(v), raw))
    return out


def parse(query: str, refuse: Refusal, extra: Iterable[str] = (), longer: Iterable[str] = ()) -> Params:
    """The parameters of a link; ``refuse``: the features' refusal of a seed or deal code;
    ``extra``: the features' parameter names; ``longer``: those of them whose value may be up
    to MAX_OPTION long."""
    q: dict[str, list[str]] = {}
    for k, v, _ in _pairs(query):
        q.setdefault(k, []).append(v)
    return _check(lambda k: q[k][-1] if q.get(k) else None, refuse, tuple(extra), tuple(longer))


def from_options(
    options: dict[str, str], refuse: Refusal, extra: Iterable[str] = (), longer: Iterable[str] = ()
) -> Params:
    """The same parameters given as a mapping (an embedded game's data-* attributes)."""
    return _check(options.get, refuse, tuple(extra), tuple(longer))


def _bounded(
    get: Callable[[str], str | None], longer: tuple[str, ...] = ()
) -> tuple[Callable[[str], str | None], list[str]]:
    """``get`` where a value longer than MAX_VALUE (MAX_OPTION for the names ``longer``) is a
    problem instead (and treated as absent)."""
    problems: list[str] = []

    def short(name: str) -> str | None:
        value = get(name)
        most = MAX_OPTION if name in longer else MAX_VALUE
        if value is not None and len(value) > most:
            problems.append(f"{name} is {len(value)} characters long (at most {most})")
            return None
        return value

    return short, problems


def _check(
    get_any: Callable[[str], str | None],
    refuse: Refusal,
    extra: tuple[str, ...],
    longer: tuple[str, ...] = (),
) -> Params:
    get, problems = _bounded(get_any, longer)
    # each value is read in this order, so the problems are listed in the order of the names
    seed, deal = _seed(get("seed"), refuse, problems)
    level = _choice("level", get("level"), LEVELS, problems)
    pre = _choice("preset", get("preset"), PRESETS, problems)
    dealer = _dealer(get("dealer"), problems)
    fast = (get("fast") or "").lower() in ("1", "true", "yes")
    # read before the problems are gathered: a too-long value is one of them (issue 32)
    options = tuple((name, value) for name in extra if (value := get(name)) is not None)
    return Params(seed, deal, level, pre, dealer, fast, tuple(problems), options)


def _seed(text: str | None, refuse: Refusal, problems: list[str]) -> tuple[int | None, str | None]:
    """(seed, deal code) from ``text``; one that cannot start a match is a problem, not an error:
    the rest of the link still applies."""
    if text is None:
        return None, None
    try:
        return parse_start(text, refuse)
    except ValueError as e:
        problems.append(f"seed: {e}")
        return None, None


def _choice(name: str, value: str | None, choices: Collection[str], problems: list[str]) -> str | None:
    """``value`` if it is one of ``choices``; else a problem, and None so the default applies."""
    if value is None or value in choices:
        return value
    problems.append(f"{name} must be one of {', '.join(choices)}")
    return None


def _dealer(value: str | None, problems: list[str]) -> int | None:
    """The first dealer as a seat number (0 you, 1 the computer); anything else is a problem."""
    if value is None:
        return None
    if value in ("0", "1"):
        return int(value)
    problems.append("dealer must be 0 (you) or 1 (computer)")
    return None


def strip_consumed(query: str, extra: Iterable[str] = ()) -> str:
    """The query string without the one-shot match parameters (``extra``: the features')."""
    consumed = (*CONSUMED, *extra)
    rest = [raw for k, _, raw in _pairs(query) if k not in consumed]
    return f"?{'&'.join(rest)}" if rest else ""
