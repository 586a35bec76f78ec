"""Precompressed siblings of the built site's files: ``<file>.br`` (brotli 11) and ``<file>.gz``
(gzip -9), for hosts that send a file's sibling instead of compressing on the fly (nginx
``brotli_static``/``gzip_static``, Caddy ``precompressed``; docs/startup.md).

Which files: every one scripts/serve.py compresses (its COMPRESSIBLE types) of at least
MIN_SIZE bytes. The bytes depend on the file only (gzip: no name, mtime 0; brotli: Node's zlib
with a size hint), so the build stays reproducible. Brotli 11 of the 9 MiB wasm takes ~20 s:
each sibling is kept in a content-addressed cache (CACHE: the key is the SHA-256 of the file and
of the settings, Node's brotli and Python's zlib versions included), so a build whose files did
not change compresses nothing. A sibling is written after its file: scripts/serve.py takes one
older than its file for stale.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import subprocess
import time
import zlib
from pathlib import Path

from serve import COMPRESSIBLE, MIME_TYPES, SIBLINGS

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".build-cache" / "precompress"  # git-ignored; `make clean` removes it
MIN_SIZE = 1024  # smaller files gain a few hundred bytes at most: compressed on the fly
UNUSED_DAYS = 14  # cache entries no build used for this long are removed
BROTLI_PARAMS = "quality 11, window 22, size hint"
GZIP_PARAMS = "level 9, mtime 0, no name"
# one Node for all the files: argv pairs (input, output), brotli 11 with the input's size as hint
BROTLI_JS = (
    "const fs = require('fs'), zlib = require('zlib'), C = zlib.constants, a = process.argv.slice(1);"
    "for (let i = 0; i < a.length; i += 2) { const d = fs.readFileSync(a[i]);"
    " fs.writeFileSync(a[i + 1], zlib.brotliCompressSync(d, {params: {[C.BROTLI_PARAM_QUALITY]: 11,"
    " [C.BROTLI_PARAM_LGWIN]: 22, [C.BROTLI_PARAM_SIZE_HINT]: d.length}})); }"
)


def node() -> str:
    return os.environ.get("NODE", "node")


def wanted(site: Path) -> list[Path]:
    """The site's files that get siblings: a COMPRESSIBLE type (serve.py), at least MIN_SIZE bytes."""
    return [
        p
        for p in sorted(site.rglob("*"))
        if p.is_file()
        and not is_sibling(p)
        and MIME_TYPES.get(p.suffix.lower(), "").startswith(COMPRESSIBLE)
        and p.stat().st_size >= MIN_SIZE
    ]


def is_sibling(path: Path | str) -> bool:
    """Whether ``path`` names a precompressed sibling (never a file of the page's own)."""
    return str(path).endswith(tuple(SIBLINGS.values()))


def settings() -> dict[str, str]:
    """What each encoding's bytes depend on besides the file: part of the cache key."""
    res = subprocess.run(
        [node(), "-p", "process.versions.brotli"], check=True, capture_output=True, text=True
    )
    return {
        "br": f"brotli {res.stdout.strip()}, {BROTLI_PARAMS}",
        "gzip": f"zlib {zlib.ZLIB_RUNTIME_VERSION}, {GZIP_PARAMS}",
    }


def cache_key(digest: bytes, setting: str) -> str:
    """The cache entry of a file (its SHA-256 ``digest``) compressed with ``setting``."""
    return hashlib.sha256(digest + setting.encode()).hexdigest()


def fill_cache(keys: dict[tuple[Path, str], str], cache: Path) -> int:
    """Compress into ``cache`` what it lacks (brotli through one Node, gzip here); returns how
    many siblings were made. Written under a temporary name, then renamed: a build stopped
    halfway leaves no truncated entry."""
    missing = {k: key for k, key in keys.items() if not (cache / key).is_file()}
    brotli = [(path, key) for (path, encoding), key in missing.items() if encoding == "br"]
    if brotli:
        pairs = [str(x) for path, key in brotli for x in (path, cache / f"{key}.tmp")]
        subprocess.run([node(), "-e", BROTLI_JS, *pairs], check=True)
    for (path, encoding), key in missing.items():
        if encoding == "gzip":
            (cache / f"{key}.tmp").write_bytes(gzip.compress(path.read_bytes(), compresslevel=9, mtime=0))
        (cache / f"{key}.tmp").replace(cache / key)
    return len(missing)


def prune(cache: Path, used: set[str]) -> None:
    """Touch the entries this build used; remove those no build used for UNUSED_DAYS."""
    old = time.time() - UNUSED_DAYS * 86400
    for entry in cache.iterdir():
        if entry.name in used:
            entry.touch()
        elif entry.stat().st_mtime < old or entry.name.endswith(".tmp"):
            entry.unlink()


def write_siblings(site: Path, cache: Path = CACHE) -> dict[str, int]:
    """Write ``<file>.br`` and ``<file>.gz`` next to every file of ``wanted(site)`` whose sibling
    is smaller than it (from the cache, filled first). Returns counts: files, siblings written,
    siblings compressed now (not from the cache), and the siblings' bytes."""
    cache.mkdir(parents=True, exist_ok=True)
    setting = settings()
    files = wanted(site)
    digests = {p: hashlib.sha256(p.read_bytes()).digest() for p in files}
    keys = {(p, e): cache_key(digests[p], setting[e]) for p in files for e in SIBLINGS}
    made = fill_cache(keys, cache)
    written = size = 0
    for (path, encoding), key in keys.items():
        data = (cache / key).read_bytes()
        if len(data) < path.stat().st_size:
            path.with_name(path.name + SIBLINGS[encoding]).write_bytes(data)
            written, size = written + 1, size + len(data)
    prune(cache, set(keys.values()))
    return {"files": len(files), "siblings": written, "compressed": made, "bytes": size}


def report(counts: dict[str, int]) -> str:
    return (
        f"{counts['siblings']} precompressed siblings (.br, .gz) of {counts['files']} files, "
        f"{counts['bytes'] / 2**20:.1f} MiB; {counts['compressed']} compressed now, the rest cached"
    )
