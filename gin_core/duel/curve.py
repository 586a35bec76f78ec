"""The group of the deal: NIST P-256 (prime order, cofactor 1), its points as text, the cards as points.

Commutative encryption is scalar multiplication: ``k * (j * C) == j * (k * C) == (k * j) * C``,
and ``k`` is undone by its inverse modulo the group's order :data:`ORDER`. The group has prime
order, so every point on the curve other than infinity is in it: there is no subgroup (and no
quadratic-residue bit, the flaw of exponentiation modulo a prime) that a ciphertext could leak.

A card is the point hashed from its name (try-and-increment on SHA-256), so nobody knows a
discrete logarithm between two cards: a peer cannot turn one encrypted card into another.
Nothing here is constant time; a peer can only time its own machine, which holds its own keys.
"""

from __future__ import annotations

import hashlib
from collections.abc import Generator, Iterable

from ..cards import CARDS, Card

FIELD = 0xFFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFF
ORDER = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
_B = 0x5AC635D8AA3A93E7B3EBBD55769886BC651D06B0CC53B0F63BCE3C3E27D2604B
HEX_DIGITS = 64
"""A coordinate or a scalar is written as exactly 64 hexadecimal digits (constant size)."""

Point = tuple[int, int]
"""An affine point of P-256 (never infinity: no card and no encryption of one is)."""


def on_curve(x: int, y: int) -> bool:
    """True if (x, y) is a point of P-256: y² = x³ - 3x + b over the field."""
    return 0 <= x < FIELD and 0 <= y < FIELD and (y * y - x * x * x + 3 * x - _B) % FIELD == 0


def multiply(k: int, point: Point) -> Point:
    """``k * point`` for a scalar in 1..ORDER-1 (double and add in Jacobian coordinates)."""
    p = FIELD
    px, py = point
    x, y, z = px, py, 1
    for bit in bin(k)[3:]:
        x, y, z = _double(x, y, z)
        if bit == "1":
            x, y, z = _add(x, y, z, px, py)
    zi = pow(z, -1, p)
    zi2 = zi * zi % p
    return x * zi2 % p, y * zi2 * zi % p


def _double(x: int, y: int, z: int) -> tuple[int, int, int]:
    """2P in Jacobian coordinates (a = -3: dbl-2001-b)."""
    p = FIELD
    delta = z * z % p
    gamma = y * y % p
    beta = x * gamma % p
    alpha = 3 * (x - delta) * (x + delta) % p
    x3 = (alpha * alpha - 8 * beta) % p
    z3 = ((y + z) ** 2 - gamma - delta) % p
    y3 = (alpha * (4 * beta - x3) - 8 * gamma * gamma) % p
    return x3, y3, z3


def _add(x: int, y: int, z: int, px: int, py: int) -> tuple[int, int, int]:
    """P + Q, P Jacobian, Q affine (madd-2007-bl). P == ±Q cannot happen while multiplying a
    point of prime order by a scalar below the order (partial sums stay below it)."""
    p = FIELD
    zz = z * z % p
    h = (px * zz - x) % p
    r = 2 * (py * z * zz - y) % p
    hh = h * h % p
    i = 4 * hh % p
    j = h * i % p
    v = x * i % p
    x3 = (r * r - j - 2 * v) % p
    y3 = (r * (v - x3) - 2 * y * j) % p
    z3 = ((z + h) ** 2 - zz - hh) % p
    return x3, y3, z3


def inverse(k: int) -> int:
    """The scalar that undoes ``k`` (modulo the group's order)."""
    return pow(k, -1, ORDER)


def hash_to_point(label: str) -> Point:
    """A point nobody knows the discrete logarithm of: x from SHA-256 of the label and a
    counter, the first x on the curve, the even y."""
    for counter in range(256):
        digest = hashlib.sha256(f"gin-duel-v1:{label}:{counter}".encode()).digest()
        x = int.from_bytes(digest, "big") % FIELD
        rhs = (x * x * x - 3 * x + _B) % FIELD
        y = pow(rhs, (FIELD + 1) // 4, FIELD)  # FIELD = 3 (mod 4)
        if y * y % FIELD == rhs:
            return x, (y if y % 2 == 0 else FIELD - y)
    raise AssertionError("no point found")  # pragma: no cover: each try succeeds half the time


_CARD_POINTS: dict[Card, Point] = {}
_POINT_CARDS: dict[Point, Card] = {}


def prepare() -> Generator[int, None, None]:
    """Hash the cards to their points, one card a slice (each is one to a few square roots);
    nothing to do once done."""
    for card in CARDS:
        if card not in _CARD_POINTS:
            point = hash_to_point(str(card))
            _CARD_POINTS[card], _POINT_CARDS[point] = point, card
            yield 0


def card_point(card: Card) -> Point:
    """The point that stands for ``card``."""
    for _ in prepare():
        pass
    return _CARD_POINTS[card]


def point_card(point: Point) -> Card | None:
    """The card ``point`` stands for, or None if it stands for none."""
    for _ in prepare():
        pass
    return _POINT_CARDS.get(point)


def point_text(point: Point) -> str:
    """A point as 128 hexadecimal digits (x then y)."""
    return f"{point[0]:064x}{point[1]:064x}"


def scalar_text(k: int) -> str:
    """A scalar as 64 hexadecimal digits."""
    return f"{k:064x}"


def parse_hex(text: object, digits: int) -> int | None:
    """The number written as exactly ``digits`` lowercase hexadecimal digits, else None."""
    if not isinstance(text, str) or len(text) != digits or text.strip("0123456789abcdef"):
        return None
    return int(text, 16)


def parse_point(text: object) -> Point | None:
    """The point written by :func:`point_text`, or None if the text is not a point of P-256."""
    value = parse_hex(text, 2 * HEX_DIGITS)
    if value is None:
        return None
    x, y = value >> (4 * HEX_DIGITS), value & ((1 << (4 * HEX_DIGITS)) - 1)
    return (x, y) if on_curve(x, y) else None


def parse_scalar(text: object) -> int | None:
    """The scalar written by :func:`scalar_text`, or None unless it is in 1..ORDER-1."""
    value = parse_hex(text, HEX_DIGITS)
    return value if value is not None and 0 < value < ORDER else None


def distinct(points: Iterable[Point]) -> bool:
    """True if no point appears twice."""
    seen = list(points)
    return len(set(seen)) == len(seen)
