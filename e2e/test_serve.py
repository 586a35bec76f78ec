"""scripts/serve.py: MIME types Pyodide needs, sub-path mounting, CORS, compression (on the
fly, or the build's precompressed siblings), CLI (no browser)."""

import contextlib
import gzip
import os
import re
import socket
import struct
import subprocess
import sys
import urllib.error
import urllib.request

import pytest
from gin_e2e import ROOT, serve, unbrotli

sys.path.insert(0, str(ROOT / "scripts"))
import precompress

EXPECTED = {
    "a.wasm": "application/wasm",
    "a.mjs": "text/javascript",
    "a.js": "text/javascript",
    "a.json": "application/json",
    "a.whl": "application/zip",
    "a.webmanifest": "application/manifest+json",
    "a.css": "text/css",
    "index.html": "text/html",
}


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


_opener = urllib.request.build_opener(_NoRedirect)


def fetch(url):
    try:
        with _opener.open(url, timeout=10) as r:
            return r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read()


@pytest.fixture(scope="module")
def tiny_site(tmp_path_factory):
    d = tmp_path_factory.mktemp("site")
    for name in EXPECTED:
        (d / name).write_bytes(b"x")
    (d / "sub").mkdir()
    (d / "sub" / "f.txt").write_text("hi")
    return d


@pytest.fixture(params=["/", "/games/gin/"])
def served(request, tiny_site):
    server, url = serve.start_server(tiny_site, port=0, prefix=request.param)
    yield url
    server.shutdown()
    server.server_close()


def test_mime_types(served):
    for name, mime in EXPECTED.items():
        status, headers, _ = fetch(served + name)
        assert status == 200, name
        assert headers["Content-Type"].split(";")[0] == mime, name


def test_real_runtime_mime_types(site_url, build_info):
    for rel, mime in [
        (build_info["interpreter"], "text/javascript"),
        (build_info["interpreter"].replace("pyodide.mjs", "pyodide.asm.wasm"), "application/wasm"),
        (build_info["pyscript_core"], "text/javascript"),
        (build_info["app"], "application/zip"),
        ("./pyscript.json", "application/json"),
    ]:
        status, headers, _ = fetch(site_url + rel.removeprefix("./"))
        assert status == 200, rel
        assert headers["Content-Type"].split(";")[0] == mime, rel


def test_subpath_routing(tiny_site):
    server, url = serve.start_server(tiny_site, port=0, prefix="games/gin")
    try:
        assert url.endswith("/games/gin/")
        origin = url[: -len("/games/gin/")]
        assert fetch(origin + "/games/gin")[0] == 301
        assert fetch(origin + "/games/gin")[1]["Location"] == "/games/gin/"
        assert fetch(origin + "/")[1]["Location"] == "/games/gin/"
        assert fetch(origin + "/a.js")[0] == 404  # outside the prefix
        assert fetch(origin + "/games/gin/a.js")[0] == 200
        # directory redirect keeps the prefix; no directory listings
        status, headers, _ = fetch(origin + "/games/gin/sub")
        assert (status, headers["Location"]) == (301, "/games/gin/sub/")
        assert fetch(origin + "/games/gin/sub/")[0] == 404
        assert fetch(origin + "/games/gin/sub/f.txt")[2] == b"hi"
        assert fetch(origin + "/games/gin/../../etc/passwd")[0] == 404
    finally:
        server.shutdown()
        server.server_close()


def test_cors_flag(tiny_site):
    for cors in (False, True):
        server, url = serve.start_server(tiny_site, port=0, cors=cors)
        try:
            headers = fetch(url + "a.wasm")[1]
            assert (headers.get("Access-Control-Allow-Origin") == "*") is cors
        finally:
            server.shutdown()
            server.server_close()


def test_compress_sends_what_a_cdn_sends(site_dir):
    """--compress: brotli to a client that accepts it, else gzip, else the file as it is; the
    archives too (stored uncompressed by the build), not the images; a decoded body is the file."""
    import gzip

    server, url = serve.start_server(site_dir, port=0, compress="fly", netlify=ROOT / "netlify.toml")
    try:
        stdlib = next(site_dir.glob("runtime/pyodide-*/python_stdlib.zip"))
        path = stdlib.relative_to(site_dir).as_posix()
        for accept, encoding in (("gzip, deflate, br", "br"), ("gzip", "gzip"), ("identity", None)):
            request = urllib.request.Request(url + path, headers={"Accept-Encoding": accept})
            with _opener.open(request, timeout=30) as r:
                body = r.read()
                assert r.headers.get("Content-Encoding") == encoding
                assert r.headers.get("Content-Type") == "application/zip"
            if encoding == "gzip":
                body = gzip.decompress(body)
            if encoding != "br":  # no brotli decoder in Python's stdlib
                assert body == stdlib.read_bytes()
            else:
                assert len(body) < 0.5 * stdlib.stat().st_size  # stored entries compress on the wire
        request = urllib.request.Request(url + "icons/icon-192.png", headers={"Accept-Encoding": "gzip, br"})
        with _opener.open(request, timeout=10) as r:
            assert r.headers.get("Content-Encoding") is None
    finally:
        server.shutdown()
        server.server_close()


def get(url: str, accept: str) -> tuple[dict[str, str], bytes]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": accept})
    with _opener.open(request, timeout=30) as r:
        return dict(r.headers), r.read()


def decoded(headers: dict[str, str], body: bytes) -> bytes:
    return {"br": unbrotli, "gzip": gzip.decompress, None: bytes}[headers.get("Content-Encoding")](body)


@pytest.fixture
def precompressed(tmp_path):
    """A site whose two bigger files got their siblings from the build's own step
    (scripts/precompress.py); small.css is under its MIN_SIZE, so it has none."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<!doctype html>" + "<p>gin rummy</p>" * 200)
    (site / "app.js").write_text("".join(f"const card{i} = {i * 7 % 52};\n" for i in range(400)))
    (site / "small.css").write_text("body{margin:0}")
    counts = precompress.write_siblings(site, tmp_path / "cache")
    assert (counts["files"], counts["siblings"]) == (2, 4)
    return site


@contextlib.contextmanager
def serving(site, mode):
    server, url = serve.start_server(site, port=0, compress=mode)
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()


def test_static_sends_the_siblings(precompressed):
    """--compress static: a br and a gzip request get the sibling's bytes with the file's
    Content-Type, decoded they are the file; a client accepting neither gets the file; a file
    without a sibling is compressed on the fly."""
    app = (precompressed / "app.js").read_bytes()
    with serving(precompressed, "static") as url:
        for accept, encoding, suffix in (("gzip, deflate, br", "br", ".br"), ("gzip", "gzip", ".gz")):
            headers, body = get(url + "app.js", accept)
            assert (headers["Content-Encoding"], headers["Vary"]) == (encoding, "Accept-Encoding")
            assert headers["Content-Type"] == "text/javascript; charset=utf-8"
            assert body == (precompressed / f"app.js{suffix}").read_bytes()
            assert int(headers["Content-Length"]) == len(body)
            assert decoded(headers, body) == app
        headers, body = get(url + "app.js", "identity")
        assert ("Content-Encoding" not in headers, body) == (True, app)
        headers, body = get(url + "small.css", "br")
        assert headers["Content-Encoding"] == "br"
        assert decoded(headers, body) == (precompressed / "small.css").read_bytes()


def test_a_stale_or_missing_sibling_is_compressed_on_the_fly(precompressed):
    """A file changed after its siblings were written (app.js), or whose siblings are gone
    (index.html), goes compressed on the fly: its own bytes, never a sibling's."""
    app = precompressed / "app.js"
    app.write_text("const changed = true;\n" * 100)
    later = max(os.stat(f"{app}{s}").st_mtime_ns for s in (".br", ".gz")) + 10**9
    os.utime(app, ns=(later, later))
    for suffix in (".br", ".gz"):
        (precompressed / f"index.html{suffix}").unlink()
    with serving(precompressed, "static") as url:
        for accept, encoding in (("br", "br"), ("gzip", "gzip")):
            for name in ("app.js", "index.html"):
                headers, body = get(url + name, accept)
                assert headers["Content-Encoding"] == encoding, name
                assert decoded(headers, body) == (precompressed / name).read_bytes(), (name, encoding)


def test_fly_ignores_the_siblings(precompressed):
    """--compress fly (Netlify's behaviour): compressed on the fly even where a sibling is."""
    with serving(precompressed, "fly") as url:
        for accept, suffix in (("br", ".br"), ("gzip", ".gz")):
            headers, body = get(url + "app.js", accept)
            assert body != (precompressed / f"app.js{suffix}").read_bytes()
            assert decoded(headers, body) == (precompressed / "app.js").read_bytes()


def test_cli_compress_sends_the_siblings_unless_told_fly(precompressed):
    """The command line: --compress alone is "static" (what `make play` serves), --compress fly
    ignores the siblings."""
    sibling = (precompressed / "app.js.br").read_bytes()
    for args, from_sibling in ((["--compress"], True), (["--compress", "fly"], False)):
        cmd = [sys.executable, str(ROOT / "scripts" / "serve.py"), "--port", "0", "--quiet"]
        proc = subprocess.Popen([*cmd, "--dir", str(precompressed), *args], stdout=subprocess.PIPE, text=True)
        try:
            url = re.search(r"http://localhost:\d+/", proc.stdout.readline()).group(0)
            assert (get(url + "app.js", "br")[1] == sibling) is from_sibling, args
        finally:
            proc.terminate()
            proc.wait(timeout=10)


def test_cli_prints_url(tiny_site):
    proc = subprocess.Popen(
        [
            sys.executable,
            str(ROOT / "scripts" / "serve.py"),
            "--port",
            "0",
            "--prefix",
            "/games/gin/",
            "--dir",
            str(tiny_site),
            "--quiet",
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        line = proc.stdout.readline()
        m = re.search(r"http://localhost:(\d+)/games/gin/", line)
        assert m, line
        assert fetch(m.group(0) + "a.mjs")[0] == 200
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_a_client_closing_mid_file_is_not_an_error(tmp_path, capfd):
    """A browser that leaves a page mid-download breaks the pipe: no traceback on the console."""
    (tmp_path / "big.bin").write_bytes(b"\0" * (8 << 20))
    (tmp_path / "index.html").write_text("<!doctype html>")
    server, url = serve.start_server(tmp_path, port=0)
    host, port = server.server_address[:2]
    try:
        for _ in range(3):
            with socket.create_connection((host, port), timeout=10) as s:
                s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # reset
                s.sendall(b"GET /big.bin HTTP/1.1\r\nHost: x\r\n\r\n")
                s.recv(1024)
        assert fetch(url + "big.bin")[0] == 200  # and the server still serves
    finally:
        server.shutdown()
        server.server_close()
    assert "Traceback" not in capfd.readouterr().err
