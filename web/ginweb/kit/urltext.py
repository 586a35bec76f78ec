"""Text put into a link's query, percent-encoded (``urllib.parse`` costs ~0.1 s to import in
Pyodide): a value asked for by one link must not add parameters to another (``&seed=…``)."""

from __future__ import annotations

UNRESERVED = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")


def quote(text: str) -> str:
    """``text`` as a query value: every character but RFC 3986's unreserved ones as %XX of its
    UTF-8 bytes (table/params.py reads it back)."""
    return "".join(c if c in UNRESERVED else "".join(f"%{b:02X}" for b in c.encode()) for c in text)
