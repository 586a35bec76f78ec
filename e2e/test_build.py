"""The site build is reproducible: the same sources give the same bytes, so the same URLs and
build id, and a deploy of unchanged sources makes no returning visitor download anything again.

One more build (scripts/build_site.py into a temporary folder) is compared file by file with
the session's site/ (built by the e2e fixtures, or the existing one with GIN_E2E_SKIP_BUILD=1:
then run `make site` first, as for every browser test).
"""

from __future__ import annotations

import gzip
import hashlib
import importlib.util
import subprocess
import sys

from gin_e2e import ROOT, unbrotli

sys.path.insert(0, str(ROOT / "scripts"))
import precompress


def _digests(folder):
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_same_sources_give_the_same_bytes(site_dir, tmp_path):
    cmd = [sys.executable, str(ROOT / "scripts" / "build_site.py"), "--out", str(tmp_path / "again")]
    if importlib.util.find_spec("setuptools") and importlib.util.find_spec("wheel"):
        cmd.append("--no-isolation")
    res = subprocess.run(cmd, check=False, cwd=ROOT, capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    first, again = _digests(site_dir), _digests(tmp_path / "again")
    assert first.keys() == again.keys()
    assert [name for name in first if first[name] != again[name]] == []


def test_every_precompressed_sibling_decodes_to_its_file(site_dir, build_info):
    """Each compressible file of 1 KiB or more has a .br and a .gz that decode to it (gzip with
    no name and mtime 0: the same bytes on every build); no other file has one, and neither the
    service worker nor build-info.json names a sibling (no page requests one)."""
    wanted = precompress.wanted(site_dir)
    assert {"pyodide.asm.wasm", "python_stdlib.zip", "app.zip", "index.html"} <= {p.name for p in wanted}
    for path in wanted:
        data, gz = path.read_bytes(), path.with_name(path.name + ".gz").read_bytes()
        assert unbrotli(path.with_name(path.name + ".br").read_bytes()) == data, path
        assert gzip.decompress(gz) == data, path
        assert (gz[3], gz[4:8]) == (0, bytes(4)), path  # FLG: no name; MTIME 0
    siblings = {p for p in site_dir.rglob("*") if precompress.is_sibling(p)}
    assert siblings == {p.with_name(p.name + s) for p in wanted for s in (".br", ".gz")}
    assert not [f for f in build_info["precache"] if precompress.is_sibling(f)]
    for name in ("sw.js", "build-info.json"):
        text = (site_dir / name).read_text(encoding="utf-8")
        assert '.br"' not in text and '.gz"' not in text, name
