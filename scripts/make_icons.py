#!/usr/bin/env python3
"""Draw the app icons of the gin rummy page: web/icons/*.png and icon.svg (Python stdlib only).

    python3 scripts/make_icons.py           # (re)write web/icons/
    python3 scripts/make_icons.py --check   # exit 1 if the committed files differ from a fresh drawing

The PNGs are committed (Netlify builds have no browser to render the SVG), so this runs only
when the design changes. One design, two framings:
  icon-192.png, icon-512.png, icon.svg           "any": a rounded felt square with two cards
  icon-maskable-192.png, icon-maskable-512.png   "maskable": felt to the edges, the cards inside
                                                 the central safe circle (80 % of the size)

The drawing is a list of filled shapes in a 100 x 100 box (rounded rectangles, the spade of
index.html's #sS symbol), rasterised here with 4 x 4 anti-aliasing (exact horizontal coverage on
4 sub-scanlines) and written as 8-bit RGBA PNG with zlib + struct. Output is deterministic.
"""

from __future__ import annotations

import argparse
import itertools
import math
import re
import struct
import sys
import zlib
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "web" / "icons"

FELT = ((0.0, "#2f8a57"), (0.58, "#1e6b41"), (1.0, "#114229"))  # style.css --felt-1..3
FELT_CENTRE, FELT_RADIUS = (50.0, 42.0), 66.0
CREAM, BACK, BACK_EDGE, INK, SHADOW = "#fffdf7", "#b52a33", "#f4f1e8", "#17181c", "#000000"
SPADE = (
    "M50 4C38 22 8 38 8 62c0 15 12 25 25 25 7 0 12-3 15-7-1 9-6 15-14 18h32c-8-3-13-9-14-18 "
    "3 4 8 7 15 7 13 0 25-10 25-25C92 38 62 22 50 4z"
)  # index.html, <symbol id="sS">
CARD_W, CARD_H, CARD_R = 42.0, 58.8, 4.6  # 5 : 7
BACK_CARD = (39.0, 52.0, -13.0)  # centre x, centre y, degrees
FRONT_CARD = (59.0, 49.0, 9.0)
SS = 4  # sub-scanlines per pixel row


Point = tuple[float, float]
Poly = list[Point]
RGB = tuple[float, float, float]


def hex_rgb(h: str) -> RGB:
    r, g, b = (int(h[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return r, g, b


# ----------------------------------------------------------------------- geometry


def rounded_rect(cx: float, cy: float, w: float, h: float, r: float, steps: int = 10) -> Poly:
    pts: Poly = []
    for qx, qy, a0 in ((1, 1, 0), (-1, 1, 90), (-1, -1, 180), (1, -1, 270)):
        ox, oy = cx + qx * (w / 2 - r), cy + qy * (h / 2 - r)
        for i in range(steps + 1):
            a = math.radians(a0 + 90 * i / steps)
            pts.append((ox + r * math.cos(a), oy + r * math.sin(a)))
    return pts


def svg_path(d: str, steps: int = 16) -> Poly:
    """Points of a path made of M/L/H/V/C/Z commands (absolute or relative), curves flattened."""
    tokens = re.findall(r"[MLHVCZmlhvcz]|-?(?:\d+\.?\d*|\.\d+)", d)
    pts: Poly = []
    x, y, i, cmd = 0.0, 0.0, 0, None
    while i < len(tokens):
        if tokens[i].isalpha():
            cmd = tokens[i]
            i += 1
            if cmd in "Zz":
                continue
        assert cmd is not None, "a path begins with a command"
        rel = cmd.islower()
        c = cmd.upper()
        n = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6}[c]
        v = [float(t) for t in tokens[i : i + n]]
        i += n
        if c in "ML":
            x, y = (x + v[0], y + v[1]) if rel else (v[0], v[1])
            pts.append((x, y))
            if c == "M":
                cmd = "l" if rel else "L"
        elif c == "H":
            x = x + v[0] if rel else v[0]
            pts.append((x, y))
        elif c == "V":
            y = y + v[0] if rel else v[0]
            pts.append((x, y))
        else:
            p1 = (x + v[0], y + v[1]) if rel else (v[0], v[1])
            p2 = (x + v[2], y + v[3]) if rel else (v[2], v[3])
            p3 = (x + v[4], y + v[5]) if rel else (v[4], v[5])
            for k in range(1, steps + 1):
                t = k / steps
                u = 1 - t
                pts.append(
                    (
                        u**3 * x + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
                        u**3 * y + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1],
                    )
                )
            x, y = p3
    return pts


def transform(
    pts: Poly,
    scale: float = 1.0,
    dx: float = 0.0,
    dy: float = 0.0,
    deg: float = 0.0,
    about: Point = (0.0, 0.0),
) -> Poly:
    """Scale and rotate about ``about``, then translate."""
    a = math.radians(deg)
    ca, sa = math.cos(a), math.sin(a)
    out = []
    for x, y in pts:
        x, y = (x - about[0]) * scale, (y - about[1]) * scale
        out.append((about[0] + x * ca - y * sa + dx, about[1] + x * sa + y * ca + dy))
    return out


def shapes(maskable: bool) -> list[tuple[Poly, str, float]]:
    """(polygon, colour or "felt", opacity) in the 100 x 100 box, back to front."""
    out: list[tuple[Poly, str, float]] = []
    if maskable:
        out.append(([(0, 0), (100, 0), (100, 100), (0, 100)], "felt", 1.0))
    else:
        out.append((rounded_rect(50, 50, 100, 100, 21), "felt", 1.0))
    cards: list[tuple[Poly, str, float]] = []
    for (cx, cy, deg), front in ((BACK_CARD, False), (FRONT_CARD, True)):
        about = (cx, cy)
        cards.append(
            (
                transform(rounded_rect(cx + 1.4, cy + 2.2, CARD_W, CARD_H, CARD_R), deg=deg, about=about),
                SHADOW,
                0.30,
            )
        )
        if front:
            cards.append(
                (transform(rounded_rect(cx, cy, CARD_W, CARD_H, CARD_R), deg=deg, about=about), CREAM, 1.0)
            )
            spade = transform(svg_path(SPADE), scale=0.33, dx=cx - 50, dy=cy - 51.5, about=(50, 50))
            cards.append((transform(spade, deg=deg, about=about), INK, 1.0))
        else:
            cards.append(
                (
                    transform(rounded_rect(cx, cy, CARD_W, CARD_H, CARD_R), deg=deg, about=about),
                    BACK_EDGE,
                    1.0,
                )
            )
            cards.append(
                (
                    transform(rounded_rect(cx, cy, CARD_W - 6, CARD_H - 6, CARD_R - 2), deg=deg, about=about),
                    BACK,
                    1.0,
                )
            )
    if maskable:  # inside the safe circle (radius 40 of 50)
        cards = [(transform(p, scale=0.8, about=(50, 50)), c, o) for p, c, o in cards]
    return out + cards


# ----------------------------------------------------------------------- rasterising


def polygon_edges(poly: Poly) -> list[tuple[float, float, float, float, int]]:
    """The polygon's edges that are not horizontal, each with its winding (+1 down, -1 up)."""
    n = len(poly)
    edges = []
    for i in range(n):
        (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % n]
        if y0 != y1:
            edges.append((x0, y0, x1, y1, 1 if y1 > y0 else -1))
    return edges


def crossings(edges: list[tuple[float, float, float, float, int]], y: float) -> list[tuple[float, int]]:
    """Where the line at height ``y`` crosses the edges, left to right, with each edge's winding."""
    return sorted(
        (x0 + (y - y0) * (x1 - x0) / (y1 - y0), w)
        for x0, y0, x1, y1, w in edges
        if (y0 <= y < y1) or (y1 <= y < y0)
    )


def add_span(acc: dict[int, float], xa: float, xb: float, size: int) -> None:
    """Add one subsample line's span [xa, xb), clipped to the image, to ``acc`` (column: coverage)."""
    xa, xb = max(0.0, xa), min(float(size), xb)
    if xb <= xa:
        return
    ia, ib = int(xa), min(int(xb), size - 1)
    if ia == ib:
        acc[ia] = acc.get(ia, 0.0) + (xb - xa) / SS
        return
    acc[ia] = acc.get(ia, 0.0) + (ia + 1 - xa) / SS
    for c in range(ia + 1, ib):
        acc[c] = acc.get(c, 0.0) + 1.0 / SS
    acc[ib] = acc.get(ib, 0.0) + (xb - ib) / SS


def coverage_rows(poly: Poly, size: int) -> Iterator[tuple[int, dict[int, float]]]:
    """Yield (row, {column: coverage}) for the pixels a polygon covers (nonzero winding)."""
    edges = polygon_edges(poly)
    ys = [p[1] for p in poly]
    top, bottom = max(0, int(min(ys))), min(size - 1, math.ceil(max(ys)))
    for row in range(top, bottom + 1):
        acc: dict[int, float] = {}
        for s in range(SS):
            xs = crossings(edges, row + (s + 0.5) / SS)
            wind = 0
            for k, (x, w) in enumerate(xs[:-1]):
                wind += w
                if wind != 0:
                    add_span(acc, x, xs[k + 1][0], size)
        if acc:
            yield row, acc


def felt_colour(x: float, y: float) -> RGB:
    t = min(1.0, math.hypot(x - FELT_CENTRE[0], y - FELT_CENTRE[1]) / FELT_RADIUS)
    for (t0, c0), (t1, c1) in itertools.pairwise(FELT):
        if t <= t1:
            f = (t - t0) / (t1 - t0)
            a, b = hex_rgb(c0), hex_rgb(c1)
            red, green, blue = (a[i] + (b[i] - a[i]) * f for i in range(3))
            return red, green, blue
    return hex_rgb(FELT[-1][1])


def render(size: int, maskable: bool) -> bytes:
    """RGBA pixels, rows top to bottom."""
    k = size / 100
    px = [[0.0, 0.0, 0.0, 0.0] for _ in range(size * size)]  # premultiplied
    for poly, colour, opacity in shapes(maskable):
        pts = [(x * k, y * k) for x, y in poly]
        rgb = None if colour == "felt" else hex_rgb(colour)
        for row, acc in coverage_rows(pts, size):
            for col, cov in acc.items():
                a = min(1.0, cov) * opacity
                if a <= 0:
                    continue
                r, g, b = rgb or felt_colour((col + 0.5) / k, (row + 0.5) / k)
                p = px[row * size + col]
                keep = 1 - a
                p[0], p[1], p[2], p[3] = (
                    r * a + p[0] * keep,
                    g * a + p[1] * keep,
                    b * a + p[2] * keep,
                    a + p[3] * keep,
                )
    out = bytearray()
    for p in px:
        a = p[3]
        if a <= 0:
            out += b"\0\0\0\0"
        else:
            out += bytes(min(255, round(c / a * 255)) for c in p[:3]) + bytes([min(255, round(a * 255))])
    return bytes(out)


def png(size: int, rgba: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    stride = size * 4
    raw = b"".join(b"\0" + rgba[y * stride : (y + 1) * stride] for y in range(size))
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


# ----------------------------------------------------------------------- SVG


def svg() -> str:
    def poly(points: Poly, fill: str, opacity: float = 1.0) -> str:
        d = "M" + " ".join(f"{x:.2f} {y:.2f}" for x, y in points) + "Z"
        op = f' fill-opacity="{opacity:g}"' if opacity < 1 else ""
        return f'  <path d="{d}" fill="{fill}"{op}/>'

    stops = "".join(f'<stop offset="{t:g}" stop-color="{c}"/>' for t, c in FELT)
    body = [poly(p, "url(#felt)" if c == "felt" else c, o) for p, c, o in shapes(False)]
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">\n'
        f'  <defs><radialGradient id="felt" gradientUnits="userSpaceOnUse" cx="{FELT_CENTRE[0]:g}" '
        f'cy="{FELT_CENTRE[1]:g}" r="{FELT_RADIUS:g}">{stops}</radialGradient></defs>\n'
        + "\n".join(body)
        + "\n</svg>\n"
    )


def files() -> dict[str, bytes]:
    out = {"icon.svg": svg().encode()}
    for size in (192, 512):
        out[f"icon-{size}.png"] = png(size, render(size, False))
        out[f"icon-maskable-{size}.png"] = png(size, render(size, True))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument(
        "--check", action="store_true", help="compare with the files in web/icons/, write nothing"
    )
    args = ap.parse_args(argv)
    stale = []
    for name, data in files().items():
        path = OUT / name
        if args.check:
            if not path.is_file() or path.read_bytes() != data:
                stale.append(name)
        else:
            OUT.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            print(f"make_icons: wrote {path.relative_to(ROOT)} ({len(data)} bytes)")
    if stale:
        print(f"make_icons: out of date: {', '.join(stale)} (run scripts/make_icons.py)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
