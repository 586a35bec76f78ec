"""The functions ``@dataclass`` generates, compiled at build time instead of at every start.

``dataclasses`` writes each class's methods as source text and compiles it (``exec``) at import;
no ``.pyc`` keeps that code. In the page that compiling was most of ``import gin_core`` (its 47
dataclasses: 52 of 87 ms, scripts/boot_timeline.py). The build (scripts/precompile.mjs) imports
gin_core under Pyodide's own Python, records every text ``dataclasses`` compiles with the code
it gives, and ships them (``marshal``: {SHA-256 of the text: code}) in app.zip as ``CACHE``.
``install`` has ``dataclasses`` run the recorded code for a text it knows, the very text it would
compile, and compile any other as before (a class imported later, another Python's text): the
cache can only save time, never change a class.
"""

from __future__ import annotations

import builtins
import dataclasses
import hashlib
import marshal
from collections.abc import Mapping
from pathlib import Path
from types import CodeType
from typing import Any

CACHE = Path("dataclass_code.marshal")  # in app.zip, unpacked into the working directory


class CodeCache:
    """``exec`` for ``dataclasses``: the recorded code of a known text, else the text compiled;
    counts both (e2e/test_boot.py checks that gin_core's start compiles none)."""

    def __init__(self, codes: Mapping[bytes, CodeType]) -> None:
        self.codes = codes
        self.hits = 0
        self.misses = 0

    def exec(
        self, source: str | CodeType, globals_: dict[str, Any] | None = None, locals_: Any = None
    ) -> None:
        code = self.codes.get(hashlib.sha256(source.encode()).digest()) if isinstance(source, str) else None
        if code is None:
            self.misses += 1
            builtins.exec(source, globals_, locals_)
        else:
            self.hits += 1
            builtins.exec(code, globals_, locals_)


def install(path: Path = CACHE) -> CodeCache | None:
    """Have ``dataclasses`` use the build's code (a module global named ``exec`` comes before
    the builtin, for that module only); None, and nothing changed, without the file (a build
    that ships sources)."""
    if not path.is_file():
        return None
    codes = marshal.loads(path.read_bytes())
    cache = CodeCache({k: v for k, v in codes.items() if isinstance(k, bytes) and isinstance(v, CodeType)})
    setattr(dataclasses, "exec", cache.exec)  # noqa: B010  (no attribute of the module's type)
    return cache
