#!/usr/bin/env python3
"""What a first visit receives, per file: the table of docs/startup.md.

    python scripts/first_visit.py [--site site] [--quality 5,11]

Serves the built site compressed (serve.py --compress fly, netlify.toml's headers), loads the game
once in Debian Chromium with a fresh profile and service workers blocked, and lists every file
the page fetched before it said it was playable (resource timing), with its raw size and its
size brotli-compressed at each quality (Node's zlib: 5 is what serve.py and a CDN's on-the-fly
compression use, 11 what a host serving the build's precompressed siblings sends), biggest first, and the
totals in MiB. Bytes do not depend on the machine's load: one load is enough.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "e2e"))

from bench_boot import READY_JS, RESOURCES_JS, brotli_sizes  # noqa: E402
from gin_e2e import CHROMIUM_ARGS  # noqa: E402
from serve import start_server  # noqa: E402

MIB = 1024 * 1024


def fetched_files(site: Path, chromium: str) -> list[Path]:
    """The site's files a first visit of the game fetched before it was playable."""
    from playwright.sync_api import sync_playwright

    server, url = start_server(site, netlify=ROOT / "netlify.toml", compress="fly")
    try:
        with tempfile.TemporaryDirectory(prefix="gin-visit-") as profile, sync_playwright() as p:
            ctx = p.chromium.launch_persistent_context(
                profile, executable_path=chromium, args=CHROMIUM_ARGS, service_workers="block"
            )
            page = ctx.new_page()
            page.goto(url)
            page.wait_for_function(READY_JS, timeout=120_000)
            urls = page.evaluate(RESOURCES_JS)
            ctx.close()
    finally:
        server.shutdown()
        server.server_close()
    paths = sorted({urlsplit(u).path.lstrip("/") or "index.html" for u in urls})
    return [site / p for p in paths if (site / p).is_file()]


def table(site: Path, files: list[Path], qualities: list[int]) -> str:
    """A markdown table: file, raw KiB, brotli KiB per quality; biggest first; totals in MiB."""
    sizes = {q: brotli_sizes(files, q) for q in qualities}
    rows: list[tuple[Any, ...]] = sorted(  # (file, raw bytes, brotli bytes per quality)
        (
            (f.relative_to(site).as_posix(), f.stat().st_size, *(sizes[q][i] for q in qualities))
            for i, f in enumerate(files)
        ),
        key=lambda r: -r[1],
    )
    head = ["file", "raw KiB", *(f"brotli {q} KiB" for q in qualities)]
    lines = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    lines += ["| " + " | ".join([r[0], *(f"{n / 1024:,.1f}" for n in r[1:])]) + " |" for r in rows]
    totals = [sum(r[i] for r in rows) / MIB for i in range(1, len(head))]
    lines.append(f"| {len(rows)} files (MiB) | " + " | ".join(f"**{t:.2f}**" for t in totals) + " |")
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--site", type=Path, default=ROOT / "site")
    ap.add_argument("--quality", default="5,11", help="brotli qualities, comma-separated")
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    args = ap.parse_args()
    site = args.site.resolve()
    print(table(site, fetched_files(site, args.chromium), [int(q) for q in args.quality.split(",")]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
