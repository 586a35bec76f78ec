"""The QR encoder of the friend's invitation (ginweb/kit/qr.py): every level, many lengths and
every mask decode to the bytes encoded (by zxing-cpp, an independent decoder, where installed:
not inside Pyodide), and the format and version bits match the standard's published values."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))

from ginweb.kit import qr


def image(grid: qr.Grid, scale: int = 3, quiet: int = 4) -> memoryview:
    """The symbol as a grayscale image (a buffer zxing-cpp reads without numpy)."""
    side = (len(grid) + 2 * quiet) * scale
    pixels = bytearray(b"\xff" * side * side)
    for y, row in enumerate(grid):
        for x, dark in enumerate(row):
            if dark:
                for dy in range(scale):
                    at = ((y + quiet) * scale + dy) * side + (x + quiet) * scale
                    pixels[at : at + scale] = b"\x00" * scale
    return memoryview(bytes(pixels)).cast("B", (side, side))


def decoded(grid: qr.Grid) -> bytes | None:
    zxingcpp = pytest.importorskip("zxingcpp")
    found = zxingcpp.read_barcodes(image(grid), formats=zxingcpp.BarcodeFormat.QRCode)
    return found[0].bytes if found else None


@pytest.mark.parametrize("level", qr.LEVELS)
@pytest.mark.parametrize("size", [1, 17, 42, 100, 180, 400, 900])
def test_a_symbol_decodes_to_its_bytes(level, size):
    data = bytes(random.Random(size).randrange(32, 127) for _ in range(size))
    try:
        grid = qr.encode(data, level)
    except qr.TooLong:
        assert size > 900 or level in ("Q", "H")  # the largest symbol holds 1273 bytes at H
        pytest.skip("too long at this level")
    assert len(grid) == 4 * qr.version_for(size, level) + 17
    assert decoded(grid) == data


@pytest.mark.parametrize("mask", range(8))
def test_every_mask_decodes(mask):
    data = b"https://example.org/gin/#friend=AQABAgMEZm9vYmFy"
    assert decoded(qr.encode(data, "L", mask)) == data


@settings(max_examples=15, deadline=None)
@given(st.binary(min_size=1, max_size=300))
def test_any_bytes_decode(data):
    assert decoded(qr.encode(data, "L")) == data


def test_the_smallest_version_is_chosen():
    # the standard's byte capacities at level L: version 1 holds 17 bytes, version 2 holds 32
    assert qr.version_for(17, "L") == 1
    assert qr.version_for(18, "L") == 2
    assert qr.version_for(32, "L") == 2
    assert qr.version_for(2953, "L") == 40
    with pytest.raises(qr.TooLong):
        qr.version_for(2954, "L")


@pytest.mark.parametrize(
    ("level", "bits"),
    # ISO/IEC 18004 table C.1: the format information of mask 0 at each level
    [("L", "111011111000100"), ("M", "101010000010010"), ("Q", "011010101011111"), ("H", "001011010001001")],
)
def test_format_bits_match_the_standard(level, bits):
    symbol = qr.Symbol(1)
    symbol.draw_format(level, 0)
    places = [(8, y) for y in (0, 1, 2, 3, 4, 5, 7, 8)] + [(x, 8) for x in (7, 5, 4, 3, 2, 1, 0)]
    low_first = "".join("1" if symbol.dark[y][x] else "0" for x, y in places)
    assert low_first[::-1] == bits


def test_version_bits_match_the_standard():
    # ISO/IEC 18004 table D.1: version 7 is 000111110010010100
    symbol = qr.Symbol(7)
    symbol.draw_version()
    bits = "".join("1" if symbol.dark[i // 3][symbol.size - 11 + i % 3] else "0" for i in range(18))
    assert bits[::-1] == "000111110010010100"


def test_the_svg_draws_each_dark_module_once():
    grid = qr.encode(b"gin", "M")
    text = qr.svg(grid)
    assert text.count("h1v1h-1z") == sum(map(sum, grid))
    assert f'viewBox="0 0 {len(grid) + 8} {len(grid) + 8}"' in text
