"""The site build is reproducible: the same sources give the same bytes, so the same URLs and
build id, and a deploy of unchanged sources makes no returning visitor download anything again.

One more build (scripts/build_site.py into a temporary folder) is compared file by file with
the session's site/ (built by the e2e fixtures, or the existing one with GIN_E2E_SKIP_BUILD=1:
then run `make site` first, as for every browser test).
"""

from __future__ import annotations

import hashlib
import importlib.util
import subprocess
import sys

from gin_e2e import ROOT


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
