#!/usr/bin/env python3
"""Serve the built site/ over HTTP (stdlib only) with the MIME types Pyodide needs.

    python3 scripts/serve.py                      # http://localhost:8000/
    python3 scripts/serve.py --prefix /games/gin/ # http://localhost:8000/games/gin/
    python3 scripts/serve.py --port 0 --cors      # free port, Access-Control-Allow-Origin: *
    python3 scripts/serve.py --compress           # brotli/gzip on the wire: the build's .br/.gz
                                                  # siblings (as nginx brotli_static/gzip_static)
    python3 scripts/serve.py --compress fly       # compressed on the fly (brotli 5), as Netlify's CDN

From Python (tests):
    from serve import start_server
    server, url = start_server("site", port=0, prefix="/games/gin/")
    ...
    server.shutdown(); server.server_close()

Pyodide refuses to start unless .wasm is application/wasm and .mjs is text/javascript;
file:// never works, so always use a server.
"""

from __future__ import annotations

import argparse
import contextlib
import email.utils
import functools
import gzip
import http.server
import io
import os
import posixpath
import socket
import subprocess
import sys
import threading
import urllib.parse
from pathlib import Path
from typing import Any, BinaryIO

sys.path.insert(0, str(Path(__file__).resolve().parent))
from netlify_headers import headers_for

ROOT = Path(__file__).resolve().parent.parent

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".htm": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".map": "application/json; charset=utf-8",
    ".json": "application/json; charset=utf-8",
    ".webmanifest": "application/manifest+json; charset=utf-8",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".py": "text/x-python; charset=utf-8",
    ".toml": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".webp": "image/webp",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    ".woff": "font/woff",
    ".ttf": "font/ttf",
    ".mp3": "audio/mpeg",
    ".ogg": "audio/ogg",
    ".wav": "audio/wav",
}


# what --compress sends gzip-encoded (to a browser that accepts it): text, the wasm and the
# archives (stored uncompressed by scripts/build_site.py, so that compression works on the wire);
# not the images (compressed already)
COMPRESSIBLE = (
    "text/",
    "application/javascript",
    "application/json",
    "application/manifest+json",
    "application/wasm",
    "application/zip",
    "image/svg+xml",
)


# Brotli through Node's zlib (Python's stdlib has none; Node is a build dependency anyway)
BROTLI_JS = (
    "const fs = require('fs'), zlib = require('zlib');"
    "process.stdout.write(zlib.brotliCompressSync(fs.readFileSync(process.argv[1]),"
    " {params: {[zlib.constants.BROTLI_PARAM_QUALITY]: 5}}));"
)


# --compress: "static" sends a file's precompressed sibling (scripts/precompress.py: brotli 11,
# gzip -9) when the build wrote one, as a host set up for it does (docs/performance.md
# "Any static host"), and compresses on the fly what has none; "fly" ignores the siblings and compresses
# every response on the fly (brotli 5), as Netlify's CDN does (it serves no sibling)
COMPRESS_MODES = ("static", "fly")
# Content-Encoding -> the suffix of a precompressed sibling; the order is send_head's preference
SIBLINGS = {"br": ".br", "gzip": ".gz"}


def fresh_sibling(path: str, encoding: str) -> str | None:
    """The precompressed sibling of ``path`` for ``encoding`` when there is one written after
    the file (the build writes it last); None when it is missing, or older than the file (stale:
    the file changed since)."""
    sibling = path + SIBLINGS[encoding]
    try:
        return sibling if os.stat(sibling).st_mtime_ns >= os.stat(path).st_mtime_ns else None
    except OSError:
        return None


@functools.cache
def encoded(path: str, encoding: str, mtime_ns: int, size: int) -> bytes | None:
    """The file at ``path`` compressed with ``encoding`` ("br": brotli quality 5, through Node;
    "gzip": level 6), cached while the file is unchanged; None when Node is missing for br."""
    if encoding == "br":
        try:
            res = subprocess.run(
                [os.environ.get("NODE", "node"), "-e", BROTLI_JS, path], check=True, capture_output=True
            )
        except (OSError, subprocess.CalledProcessError):
            return None
        return res.stdout
    with open(path, "rb") as fh:
        return gzip.compress(fh.read(), compresslevel=6, mtime=0)


def prime(directory: str | os.PathLike[str], mode: str = "fly", mime: dict[str, str] = MIME_TYPES) -> None:
    """Compress every compressible file under ``directory`` into the cache of ``encoded`` (brotli
    of a 9 MiB wasm takes seconds: a timed first request should not wait for it); in the mode
    "static", only what has no fresh sibling."""
    for path in sorted(Path(directory).resolve().rglob("*")):
        ctype = mime.get(path.suffix.lower(), "")
        if path.is_file() and ctype.startswith(COMPRESSIBLE):
            st = path.stat()
            for encoding in SIBLINGS:
                if mode == "fly" or not fresh_sibling(str(path), encoding):
                    encoded(str(path), encoding, st.st_mtime_ns, st.st_size)


def normalize_prefix(prefix: str) -> str:
    prefix = "/" + prefix.strip("/")
    return prefix if prefix == "/" else prefix + "/"


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files from `directory`, mounted at `prefix`; no directory listings."""

    prefix = "/"
    cors = False
    quiet = False
    compress: str | None = None  # None, or one of COMPRESS_MODES
    netlify: str | None = None
    extensions_map = {  # noqa: RUF012 (the base class's instance field, shadowed by a class field)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **MIME_TYPES,
    }

    def guess_type(
        self, path: str | os.PathLike[str]
    ) -> str:  # exact table first, so platform mime.types cannot interfere
        ext = posixpath.splitext(str(path))[1].lower()
        return MIME_TYPES.get(ext) or super().guess_type(path)

    def _route(self) -> bool:
        """Check the prefix. Returns False when a response (redirect/404) was already sent."""
        parts = urllib.parse.urlsplit(self.path)
        if self.prefix != "/":
            if parts.path in ("/", self.prefix.rstrip("/")):
                self.send_response(301)
                self.send_header("Location", self.prefix + (f"?{parts.query}" if parts.query else ""))
                self.send_header("Content-Length", "0")
                self.end_headers()
                return False
            if not parts.path.startswith(self.prefix):
                self.send_error(404, "Not under " + self.prefix)
                return False
        return True

    def translate_path(self, path: str) -> str:
        # self.path keeps the prefix (so directory redirects stay right); strip it for the disk
        parts = urllib.parse.urlsplit(path)
        p = parts.path
        if self.prefix != "/" and p.startswith(self.prefix):
            p = "/" + p[len(self.prefix) :]
        return super().translate_path(urllib.parse.urlunsplit(("", "", p, parts.query, "")))

    def _site_path(self) -> str:
        """The request path relative to the site root (the prefix stripped)."""
        p = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)
        return "/" + p[len(self.prefix) :] if self.prefix != "/" and p.startswith(self.prefix) else p

    def do_GET(self) -> None:
        if self._route():
            self._extra = headers_for(self._site_path(), self.netlify) if self.netlify else {}
            super().do_GET()

    def do_HEAD(self) -> None:
        if self._route():
            self._extra = headers_for(self._site_path(), self.netlify) if self.netlify else {}
            super().do_HEAD()

    def send_head(self) -> BinaryIO | None:
        """With ``compress``: a compressible file (COMPRESSIBLE) goes brotli- or gzip-encoded
        to a client that accepts it (Content-Encoding, Vary: Accept-Encoding), brotli first:
        its fresh precompressed sibling in the mode "static" (fresh_sibling), else compressed on
        the fly (brotli quality 5: what a CDN compressing on the fly might use; Netlify documents
        no quality, docs/startup.md); everything else as
        SimpleHTTPRequestHandler sends it."""
        path = self.translate_path(self.path)
        ctype = self.guess_type(path)
        accepted = {e.split(";")[0].strip() for e in self.headers.get("Accept-Encoding", "").split(",")}
        encoding = next((e for e in SIBLINGS if e in accepted), None)
        if not (self.compress and encoding and os.path.isfile(path) and ctype.startswith(COMPRESSIBLE)):
            return super().send_head()
        st = os.stat(path)
        if self._not_modified(st):
            self.send_response(304)
            self.end_headers()
            return None
        encoding, body, length = self._encoded_body(path, encoding, st)
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Encoding", encoding)
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(length))
        self.send_header("Last-Modified", self.date_time_string(int(st.st_mtime)))
        self.end_headers()
        return body

    def _not_modified(self, st: os.stat_result) -> bool:
        """Whether the request's If-Modified-Since (without If-None-Match) covers the file."""
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            with contextlib.suppress(TypeError, ValueError, IndexError, OverflowError):
                when = email.utils.parsedate_to_datetime(since)
                return when.tzinfo is not None and int(st.st_mtime) <= when.timestamp()
        return False

    def _encoded_body(self, path: str, encoding: str, st: os.stat_result) -> tuple[str, BinaryIO, int]:
        """(Content-Encoding, body, its length) of the file at ``path``: its fresh sibling in the
        mode "static", else compressed on the fly (gzip when Node is missing for brotli)."""
        sibling = fresh_sibling(path, encoding) if self.compress == "static" else None
        if sibling:
            body = open(sibling, "rb")  # noqa: SIM115 (do_GET closes it)
            return encoding, body, os.fstat(body.fileno()).st_size
        data = encoded(path, encoding, st.st_mtime_ns, st.st_size)
        if data is None:
            encoding, data = "gzip", encoded(path, "gzip", st.st_mtime_ns, st.st_size)
        assert data is not None  # gzip is Python's own: never None
        return encoding, io.BytesIO(data), len(data)

    def send_header(self, keyword: str, value: str) -> None:
        # production headers (netlify.toml) replace the defaults of the same name
        if keyword.lower() not in {k.lower() for k in getattr(self, "_extra", {})}:
            super().send_header(keyword, value)

    def list_directory(self, path: str | os.PathLike[str]) -> None:  # behave like a static host: no listings
        self.send_error(404, "No index.html here")
        return None

    def end_headers(self) -> None:
        extra = getattr(self, "_extra", {})
        self._extra = {}
        for name, value in extra.items():
            super().send_header(name, value)
        if self.cors and "access-control-allow-origin" not in {k.lower() for k in extra}:
            self.send_header("Access-Control-Allow-Origin", "*")
        if not self.netlify:
            # development server: always revalidate so a rebuilt site is picked up
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request: socket.socket | tuple[bytes, socket.socket], client_address: Any) -> None:
        """A browser that closes a connection mid-file (a navigation, a test ending) is not a
        server error: say nothing then, as a static host would; report anything else."""
        if isinstance(sys.exc_info()[1], ConnectionError):  # BrokenPipeError, ConnectionResetError
            return
        super().handle_error(request, client_address)


def make_server(
    directory: str | os.PathLike[str] = ROOT / "site",
    port: int = 8000,
    prefix: str = "/",
    cors: bool = False,
    host: str = "127.0.0.1",
    quiet: bool = False,
    netlify: str | os.PathLike[str] | None = None,
    compress: str | None = None,
) -> _Server:
    if compress not in (None, *COMPRESS_MODES):
        raise ValueError(f"compress must be None or one of {COMPRESS_MODES}, not {compress!r}")
    directory = Path(directory).resolve()
    if not (directory / "index.html").is_file():
        raise FileNotFoundError(f"{directory}/index.html not found: build the site first (make site)")
    handler = type(
        "BoundSiteHandler",
        (SiteHandler,),
        {
            "prefix": normalize_prefix(prefix),
            "cors": cors,
            "quiet": quiet,
            "netlify": str(netlify) if netlify else None,
            "compress": compress,
        },
    )
    server = _Server((host, port), functools.partial(handler, directory=str(directory)))
    return server


def server_url(server: http.server.HTTPServer, prefix: str = "/") -> str:
    host, port = server.server_address[:2]
    assert isinstance(host, str)  # an internet server's host is text
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::", "::1", "localhost") else host
    return f"http://{shown}:{port}{normalize_prefix(prefix)}"


def start_server(
    directory: str | os.PathLike[str] = ROOT / "site",
    port: int = 0,
    prefix: str = "/",
    cors: bool = False,
    host: str = "127.0.0.1",
    quiet: bool = True,
    netlify: str | os.PathLike[str] | None = None,
    compress: str | None = None,
) -> tuple[_Server, str]:
    """Start serving in a daemon thread. Returns (server, base_url); base_url ends with '/'.
    ``netlify``: a netlify.toml whose [[headers]] are applied (production headers);
    ``compress``: brotli or gzip on the wire, "static" (the precompressed siblings) or "fly"
    (SiteHandler.send_head).

    Stop with server.shutdown(); server.server_close().
    """
    if compress:
        prime(directory, compress)
    server = make_server(
        directory,
        port=port,
        prefix=prefix,
        cors=cors,
        host=host,
        quiet=quiet,
        netlify=netlify,
        compress=compress,
    )
    thread = threading.Thread(
        target=server.serve_forever, kwargs={"poll_interval": 0.05}, name="site-server", daemon=True
    )
    thread.start()
    return server, server_url(server, prefix)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Serve site/ with correct MIME types.")
    ap.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 = any free port)")
    ap.add_argument("--prefix", default="/", help="serve under this sub-path, e.g. /games/gin/")
    ap.add_argument("--cors", action="store_true", help="add Access-Control-Allow-Origin: *")
    ap.add_argument("--host", default="127.0.0.1", help="bind address (default 127.0.0.1)")
    ap.add_argument("--dir", default=str(ROOT / "site"), help="folder to serve (default site/)")
    ap.add_argument("--quiet", action="store_true", help="no request log")
    ap.add_argument(
        "--netlify",
        nargs="?",
        const=str(ROOT / "netlify.toml"),
        default=None,
        help="apply the [[headers]] of netlify.toml (production caching, CSP, CORS)",
    )
    ap.add_argument(
        "--compress",
        nargs="?",
        const="static",
        choices=COMPRESS_MODES,
        default=None,
        help="send text, the wasm and the archives brotli- or gzip-encoded to a browser that "
        "accepts it: static (the default) sends the build's precompressed siblings (brotli 11, "
        "gzip -9) and compresses on the fly what has none; fly ignores them (brotli 5 on the "
        "fly, as Netlify's CDN, which serves no sibling)",
    )
    args = ap.parse_args(argv)
    try:
        server = make_server(
            args.dir, args.port, args.prefix, args.cors, args.host, args.quiet, args.netlify, args.compress
        )
    except (FileNotFoundError, OSError) as exc:
        print(f"serve: {exc}", file=sys.stderr)
        return 1
    print(f"Serving {args.dir} at {server_url(server, args.prefix)}  (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
