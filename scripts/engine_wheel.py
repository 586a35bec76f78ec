"""The engine's wheel for Pyodide: gin_core as the page runs it, compiled, packed as a wheel.

The source wheel in dist/ (``python -m build``) is what ``pip install`` gets on any Python. The
site ships another wheel of the same distribution and version whose payload is the page's
compiled modules (``gin_core/<module>.pyc``, sourceless, as scripts/precompile.mjs writes them
with Pyodide's own interpreter), so that Pyodide installs the engine as a package
(``pyodide.loadPackage(url)``: site-packages, with its ``.dist-info``) and a blog's page can
load the same file (docs/engine.md "The engine's wheel").

Its tags say what it runs on (PEP 425): ``cpXY`` because a .pyc is the bytecode of one CPython
minor version (3.14's magic number: 3.13 and 3.15 refuse it), ``none`` because it uses no C
ABI (no extension module), ``any`` because bytecode is the same on every platform (Pyodide's
Emscripten and a desktop CPython 3.14 alike). With ``--no-precompile`` the payload is the
modules' sources and the tags are the source wheel's, ``py3-none-any``.

The metadata is the source wheel's without its long description (the README, which every first
visit would download); RECORD gives every file's SHA-256 and size (the wheel format,
PEP 427 / PEP 376)."""

from __future__ import annotations

import base64
import hashlib
import zipfile
from collections.abc import Mapping
from pathlib import Path

GENERATOR = "gin-build_site (scripts/engine_wheel.py)"
# METADATA fields about the long description, which the compiled wheel leaves out
DESCRIPTION_FIELDS = ("Description-Content-Type:", "Description:")


def python_tag(version: str, compiled: bool) -> str:
    """The wheel's python tag: ``cp314`` for bytecode of CPython "3.14.x", ``py3`` for sources."""
    if not compiled:
        return "py3"
    major, minor = version.split(".")[:2]
    return f"cp{major}{minor}"


def wheel_name(distribution: str, version: str, tag: str) -> str:
    """The file name PEP 427 gives a wheel: ``{distribution}-{version}-{tag}-none-any.whl``."""
    return f"{distribution}-{version}-{tag}-none-any.whl"


def lean_metadata(metadata: bytes) -> bytes:
    """The source wheel's METADATA without its long description: the header fields only (up to
    the first blank line, which starts the body), but the description's own."""
    head = metadata.decode("utf-8").split("\n\n", 1)[0]
    lines = [line for line in head.splitlines() if not line.startswith(DESCRIPTION_FIELDS)]
    return ("\n".join(lines) + "\n").encode("utf-8")


def record_line(name: str, data: bytes) -> str:
    """A RECORD row: the path, ``sha256=`` and the urlsafe base64 digest without padding, the size."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
    return f"{name},sha256={digest},{len(data)}"


def wheel_files(source_wheel: Path, modules: Mapping[str, bytes], tag: str) -> dict[str, bytes]:
    """Every file of the wheel: ``modules`` ({path in the wheel: bytes}), then the ``.dist-info``
    (METADATA from ``source_wheel``, WHEEL with ``tag``, RECORD last, listing all of them)."""
    with zipfile.ZipFile(source_wheel) as zf:
        dist_info = next(n.split("/")[0] for n in zf.namelist() if n.endswith(".dist-info/METADATA"))
        metadata = zf.read(f"{dist_info}/METADATA")
    wheel = f"Wheel-Version: 1.0\nGenerator: {GENERATOR}\nRoot-Is-Purelib: true\nTag: {tag}-none-any\n"
    files = {
        **dict(sorted(modules.items())),
        f"{dist_info}/METADATA": lean_metadata(metadata),
        f"{dist_info}/WHEEL": wheel.encode("ascii"),
    }
    rows = [record_line(name, data) for name, data in files.items()] + [f"{dist_info}/RECORD,,"]
    files[f"{dist_info}/RECORD"] = ("\n".join(rows) + "\n").encode("utf-8")
    return files


def write(out: Path, files: Mapping[str, bytes]) -> Path:
    """Write ``files`` as the zip ``out`` in their order (the caller normalizes it); returns ``out``."""
    with zipfile.ZipFile(out, "w") as zf:
        for name, data in files.items():
            zf.writestr(name, data)
    return out
