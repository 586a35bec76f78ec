"""Netlify's [[headers]] rules from netlify.toml, matched the way Netlify matches them.

A ``for`` pattern is a path where ``*`` matches any characters (slashes included) and
``:name`` matches one path segment. Every matching rule applies; a header set by several rules
gets their values joined with ", ". scripts/serve.py uses this to serve the built site with the
production headers, so the browser tests run under the real Content-Security-Policy.
"""

from __future__ import annotations

import re
import tomllib
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NETLIFY_TOML = ROOT / "netlify.toml"


def pattern_regex(pattern: str) -> re.Pattern[str]:
    """The regular expression of a Netlify path pattern."""
    out = []
    for part in re.split(r"(\*|:[A-Za-z_][A-Za-z0-9_]*)", pattern):
        if part == "*":
            out.append(".*")
        elif part.startswith(":"):
            out.append("[^/]+")
        else:
            out.append(re.escape(part))
    return re.compile("^" + "".join(out) + "$")


@lru_cache(maxsize=8)
def load_rules(path: str | Path = NETLIFY_TOML) -> tuple[tuple[str, re.Pattern[str], dict[str, str]], ...]:
    """(pattern, regex, headers) for every [[headers]] table, in file order."""
    data = tomllib.loads(Path(path).read_text())
    return tuple(
        (h["for"], pattern_regex(h["for"]), dict(h.get("values", {}))) for h in data.get("headers", [])
    )


def headers_for(url_path: str, path: str | Path = NETLIFY_TOML) -> dict[str, str]:
    """The headers Netlify would add to a response for ``url_path`` (e.g. "/runtime/x.wasm")."""
    merged: dict[str, str] = {}
    names: dict[str, str] = {}
    for _, regex, values in load_rules(path):
        if regex.match(url_path):
            for name, value in values.items():
                key = name.lower()
                if key in merged:
                    merged[key] += ", " + value
                else:
                    merged[key], names[key] = value, name
    return {names[k]: v for k, v in merged.items()}
