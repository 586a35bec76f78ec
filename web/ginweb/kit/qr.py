"""A QR code encoder (ISO/IEC 18004, byte mode, versions 1-40), so an invitation to play a
friend can be scanned from another phone with no library from a CDN and no server.

``encode(data, level)`` gives the smallest symbol holding ``data`` at that error-correction
level, with the mask of least penalty, as rows of booleans (True: dark); ``svg(modules)`` draws
it with its quiet zone. Pure: tested by decoding (tests/test_web_qr.py)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Generator
from typing import Literal

Level = Literal["L", "M", "Q", "H"]
Grid = list[list[bool]]
LEVELS: tuple[Level, ...] = ("L", "M", "Q", "H")
FORMAT_BITS: dict[Level, int] = {"L": 1, "M": 0, "Q": 3, "H": 2}


def _table(row: str) -> tuple[int, ...]:
    """A row of the standard's table by version (index 0 unused)."""
    return (0, *map(int, row.split()))


# the standard's tables by level, by version 1-40: error-correction code words per block, and
# the number of blocks
ECC_PER_BLOCK: dict[Level, tuple[int, ...]] = {
    "L": _table(
        "7 10 15 20 26 18 20 24 30 18 20 24 26 30 22 24 28 30 28 28 "
        "28 28 30 30 26 28 30 30 30 30 30 30 30 30 30 30 30 30 30 30"
    ),
    "M": _table(
        "10 16 26 18 24 16 18 22 22 26 30 22 22 24 24 28 28 26 26 26 "
        "26 28 28 28 28 28 28 28 28 28 28 28 28 28 28 28 28 28 28 28"
    ),
    "Q": _table(
        "13 22 18 26 18 24 18 22 20 24 28 26 24 20 30 24 28 28 26 30 "
        "28 30 30 30 30 28 30 30 30 30 30 30 30 30 30 30 30 30 30 30"
    ),
    "H": _table(
        "17 28 22 16 22 28 26 26 24 28 24 28 22 24 24 30 28 28 26 28 "
        "30 24 30 30 30 30 30 30 30 30 30 30 30 30 30 30 30 30 30 30"
    ),
}
BLOCKS: dict[Level, tuple[int, ...]] = {
    "L": _table(
        "1 1 1 1 1 2 2 2 2 4 4 4 4 4 6 6 6 6 7 8 8 9 9 10 12 12 12 13 14 15 16 17 18 19 19 20 21 22 24 25"
    ),
    "M": _table(
        "1 1 1 2 2 4 4 4 5 5 5 8 9 9 10 10 11 13 14 16 "
        "17 17 18 20 21 23 25 26 28 29 31 33 35 37 38 40 43 45 47 49"
    ),
    "Q": _table(
        "1 1 2 2 4 4 6 6 8 8 8 10 12 16 12 17 16 18 21 20 "
        "23 23 25 27 29 34 34 35 38 40 43 45 48 51 53 56 59 62 65 68"
    ),
    "H": _table(
        "1 1 2 4 4 4 5 6 8 8 11 11 16 16 18 16 19 21 25 25 "
        "25 34 30 32 35 37 40 42 45 48 51 54 57 60 63 66 70 74 77 81"
    ),
}
MASKS: tuple[Callable[[int, int], bool], ...] = (  # (x, y): flip this module
    lambda x, y: (x + y) % 2 == 0,
    lambda x, y: y % 2 == 0,
    lambda x, y: x % 3 == 0,
    lambda x, y: (x + y) % 3 == 0,
    lambda x, y: (x // 3 + y // 2) % 2 == 0,
    lambda x, y: x * y % 2 + x * y % 3 == 0,
    lambda x, y: (x * y % 2 + x * y % 3) % 2 == 0,
    lambda x, y: ((x + y) % 2 + x * y % 3) % 2 == 0,
)
_FINDER = (True, False, True, True, True, False, True, False, False, False, False)
FINDER_LIKE: tuple[tuple[bool, ...], ...] = (_FINDER, _FINDER[::-1])  # with four light modules beside


class TooLong(ValueError):
    """The data does not fit the largest symbol (version 40) at this level."""


# ----- the code words ------------------------------------------------------------------------------


def gf_multiply(x: int, y: int) -> int:
    """x * y in GF(2^8) modulo x^8 + x^4 + x^3 + x^2 + 1 (the standard's field)."""
    z = 0
    for i in reversed(range(8)):
        z = (z << 1) ^ ((z >> 7) * 0x11D)
        z ^= ((y >> i) & 1) * x
    return z


def rs_divisor(degree: int) -> list[int]:
    """The Reed-Solomon generator polynomial of ``degree`` (its leading 1 left out)."""
    result = [0] * (degree - 1) + [1]
    root = 1
    for _ in range(degree):
        for j in range(degree):
            result[j] = gf_multiply(result[j], root)
            if j + 1 < degree:
                result[j] ^= result[j + 1]
        root = gf_multiply(root, 2)
    return result


def rs_remainder(data: list[int], divisor: list[int]) -> list[int]:
    """The error-correction code words of ``data``."""
    result = [0] * len(divisor)
    for b in data:
        factor = b ^ result.pop(0)
        result.append(0)
        for i, coef in enumerate(divisor):
            result[i] ^= gf_multiply(coef, factor)
    return result


def raw_modules(version: int) -> int:
    """The modules left for data and error correction in a symbol of ``version``."""
    result = (16 * version + 128) * version + 64
    if version >= 2:
        aligns = version // 7 + 2
        result -= (25 * aligns - 10) * aligns - 55
        if version >= 7:
            result -= 36
    return result


def data_capacity(version: int, level: Level) -> int:
    """The data code words a symbol of ``version`` holds at ``level``."""
    return raw_modules(version) // 8 - ECC_PER_BLOCK[level][version] * BLOCKS[level][version]


def fits(version: int, level: Level, size: int) -> bool:
    count_bits = 8 if version < 10 else 16
    return 4 + count_bits + 8 * size <= data_capacity(version, level) * 8


def data_words(data: bytes, version: int, level: Level) -> list[int]:
    """Byte mode: mode, count, the bytes, a terminator and padding up to the capacity."""
    bits = [0, 1, 0, 0]
    count_bits = 8 if version < 10 else 16
    bits += [(len(data) >> i) & 1 for i in reversed(range(count_bits))]
    bits += [(b >> i) & 1 for b in data for i in reversed(range(8))]
    capacity = data_capacity(version, level) * 8
    bits += [0] * min(4, capacity - len(bits))
    bits += [0] * (-len(bits) % 8)
    words = [int("".join(map(str, bits[i : i + 8])), 2) for i in range(0, len(bits), 8)]
    pads = (0xEC, 0x11)
    return words + [pads[i % 2] for i in range(capacity // 8 - len(words))]


def interleaved(words: list[int], version: int, level: Level) -> list[int]:
    """The data split into blocks, each with its error correction, read across the blocks."""
    count, ecc = BLOCKS[level][version], ECC_PER_BLOCK[level][version]
    raw = raw_modules(version) // 8
    short, short_len = count - raw % count, raw // count
    divisor = rs_divisor(ecc)
    blocks, k = [], 0
    for i in range(count):
        part = words[k : k + short_len - ecc + (0 if i < short else 1)]
        k += len(part)
        blocks.append(part + ([0] if i < short else []) + rs_remainder(part, divisor))
    return [
        block[i]
        for i in range(len(blocks[0]))
        for j, block in enumerate(blocks)
        if i != short_len - ecc or j >= short
    ]


# ----- the symbol ----------------------------------------------------------------------------------


class Symbol:
    """A symbol being drawn: its modules and which of them are function patterns."""

    def __init__(self, version: int) -> None:
        self.version = version
        self.size = version * 4 + 17
        self.dark: Grid = [[False] * self.size for _ in range(self.size)]
        self.fixed: Grid = [[False] * self.size for _ in range(self.size)]

    def put(self, x: int, y: int, dark: bool) -> None:
        """A function module (never masked)."""
        self.dark[y][x] = dark
        self.fixed[y][x] = True

    def alignment_positions(self) -> list[int]:
        if self.version == 1:
            return []
        aligns = self.version // 7 + 2
        step = (self.version * 8 + aligns * 3 + 5) // (aligns * 4 - 4) * 2
        return [6, *reversed([self.size - 7 - i * step for i in range(aligns - 1)])]

    def draw_patterns(self) -> None:
        """Timing, finders (with their separators) and alignment patterns."""
        for i in range(self.size):
            self.put(6, i, i % 2 == 0)
            self.put(i, 6, i % 2 == 0)
        for x, y in ((3, 3), (self.size - 4, 3), (3, self.size - 4)):
            self.draw_square(x, y, 4, lambda d: d not in (2, 4))
        places = self.alignment_positions()
        last = len(places) - 1
        for i, x in enumerate(places):
            for j, y in enumerate(places):
                if (i, j) not in ((0, 0), (0, last), (last, 0)):
                    self.draw_square(x, y, 2, lambda d: d != 1)

    def draw_square(self, cx: int, cy: int, reach: int, dark: Callable[[int], bool]) -> None:
        """The modules around (cx, cy) up to ``reach``, dark by their distance from it."""
        for dy in range(-reach, reach + 1):
            for dx in range(-reach, reach + 1):
                x, y = cx + dx, cy + dy
                if 0 <= x < self.size and 0 <= y < self.size:
                    self.put(x, y, dark(max(abs(dx), abs(dy))))

    def draw_format(self, level: Level, mask: int) -> None:
        """The level and mask, twice, with their BCH code (and the one always-dark module)."""
        data = FORMAT_BITS[level] << 3 | mask
        rem = data
        for _ in range(10):
            rem = (rem << 1) ^ ((rem >> 9) * 0x537)
        bits = (data << 10 | rem) ^ 0x5412
        bit = [(bits >> i) & 1 == 1 for i in range(15)]
        first = [(8, i) for i in range(6)] + [(8, 7), (8, 8), (7, 8)] + [(14 - i, 8) for i in range(9, 15)]
        second = [(self.size - 1 - i, 8) for i in range(8)] + [(8, self.size - 15 + i) for i in range(8, 15)]
        for (x, y), (u, v), on in zip(first, second, bit, strict=True):
            self.put(x, y, on)
            self.put(u, v, on)
        self.put(8, self.size - 8, True)

    def draw_version(self) -> None:
        """The version with its BCH code, twice (version 7 and above)."""
        if self.version < 7:
            return
        rem = self.version
        for _ in range(12):
            rem = (rem << 1) ^ ((rem >> 11) * 0x1F25)
        bits = self.version << 12 | rem
        for i in range(18):
            on, a, b = (bits >> i) & 1 == 1, self.size - 11 + i % 3, i // 3
            self.put(a, b, on)
            self.put(b, a, on)

    def draw_words(self, words: list[int]) -> None:
        """The code words in the standard's zigzag, two columns at a time from the right."""
        bits = [(w >> (7 - k)) & 1 == 1 for w in words for k in range(8)]
        i = 0
        for right in range(self.size - 1, 0, -2):
            right = right - 1 if right <= 6 else right
            upward = (right + 1) & 2 == 0
            for vert in range(self.size):
                y = self.size - 1 - vert if upward else vert
                for x in (right, right - 1):
                    if not self.fixed[y][x] and i < len(bits):
                        self.dark[y][x] = bits[i]
                        i += 1

    def masked(self, mask: int) -> Grid:
        flip = MASKS[mask]
        return [
            [d != (not f and flip(x, y)) for x, (d, f) in enumerate(zip(row, fixed, strict=True))]
            for y, (row, fixed) in enumerate(zip(self.dark, self.fixed, strict=True))
        ]


# ----- choosing the mask ---------------------------------------------------------------------------


def run_penalty(line: list[bool]) -> int:
    """N1 (runs of five or more of one colour) and N3 (finder-like patterns) along a line."""
    score, run = 0, 1
    for a, b in itertools.pairwise(line):
        run = run + 1 if a == b else 1
        score += 3 if run == 5 else 1 if run > 5 else 0
    padded = (False,) * 4 + tuple(line) + (False,) * 4
    score += 40 * sum(padded[i : i + 11] in FINDER_LIKE for i in range(len(padded) - 10))
    return score


def penalty(grid: Grid) -> int:
    """The standard's penalty of a masked symbol: the mask of least penalty is drawn."""
    size = len(grid)
    columns = [[grid[y][x] for y in range(size)] for x in range(size)]
    score = sum(run_penalty(line) for line in (*grid, *columns))
    score += 3 * sum(
        grid[y][x] == grid[y][x + 1] == grid[y + 1][x] == grid[y + 1][x + 1]
        for y in range(size - 1)
        for x in range(size - 1)
    )
    dark = sum(map(sum, grid))
    total = size * size
    return score + 10 * ((abs(dark * 20 - total * 10) + total - 1) // total - 1)


# ----- the front door ------------------------------------------------------------------------------


def version_for(size: int, level: Level) -> int:
    """The smallest version holding ``size`` bytes at ``level``."""
    for version in range(1, 41):
        if fits(version, level, size):
            return version
    raise TooLong(f"{size} bytes do not fit a QR code at level {level}")


def encoding(data: bytes, level: Level = "M", mask: int | None = None) -> Generator[int, None, Grid]:
    """The modules of the smallest symbol holding ``data`` (True: dark), in slices (one per
    mask weighed: a page runs them between frames, kit/background.py); ``mask``: a fixed mask
    (None: the one of least penalty)."""
    version = version_for(len(data), level)
    symbol = Symbol(version)
    symbol.draw_patterns()
    symbol.draw_format(level, 0)  # reserves the format modules before the data is placed
    symbol.draw_version()
    symbol.draw_words(interleaved(data_words(data, version, level), version, level))
    choices = range(8) if mask is None else (mask,)
    scores = {}
    for m in choices:
        scores[m] = penalty(drawn(symbol, level, m))
        yield 1
    return drawn(symbol, level, min(choices, key=scores.__getitem__))


def encode(data: bytes, level: Level = "M", mask: int | None = None) -> Grid:
    """:func:`encoding` at once."""
    work = encoding(data, level, mask)
    while True:
        try:
            next(work)
        except StopIteration as end:
            grid: Grid = end.value
            return grid


def drawn(symbol: Symbol, level: Level, mask: int) -> Grid:
    """The symbol's modules under ``mask``, with the format bits that say so."""
    symbol.draw_format(level, mask)
    return symbol.masked(mask)


def svg(grid: Grid, quiet: int = 4, title: str = "QR code") -> str:
    """The symbol as SVG text: one path of unit squares, ``quiet`` light modules around."""
    side = len(grid) + 2 * quiet
    path = "".join(
        f"M{x + quiet} {y + quiet}h1v1h-1z" for y, row in enumerate(grid) for x, on in enumerate(row) if on
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" role="img" '
        f'shape-rendering="crispEdges"><title>{title}</title>'
        f'<rect width="{side}" height="{side}" fill="#fff"/><path d="{path}" fill="#000"/></svg>'
    )
