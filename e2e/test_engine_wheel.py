"""The engine ships as a wheel (issue 45): the game page installs it as a package, and a blog's
own Pyodide page on another origin loads the same file and uses it from its own Python.

The wheel (scripts/engine_wheel.py) is checked as a file: its PEP 427 name and tags, its
.dist-info (METADATA, WHEEL, a RECORD whose SHA-256 and size match every file), and its payload:
gin_core's modules as the page runs them (compiled, no source). Then in Chromium:

* the game page (served by the site_url fixture) imports gin_core from site-packages, where
  PyScript unpacked the wheel with Pyodide's unpackArchive, and importlib.metadata answers for it
  with the wheel's metadata, which the footer shows;
* the sample post e2e/blog/engine.html, served from a second origin with its own copy of
  Pyodide (node_modules/pyodide, as a blog would use a CDN's), reads the game's engine.json
  across origins, installs the wheel with pyodide.loadPackage, checks the front door's API
  version and answers a typed hand and a deal code as the engine does here in CPython.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import importlib.util
import io
import json
import re
import sys
import zipfile
from types import SimpleNamespace

import pytest
from gin_e2e import LOCAL_ORIGINS, ROOT, origin_of, serve, wait_ready

import gin_core

sys.path.insert(0, str(ROOT / "scripts"))
from build_site import LATER_MODULES
from netlify_headers import headers_for

BLOG = ROOT / "e2e" / "blog"
WHEEL_NAME = re.compile(r"^gin_core-(?P<version>[^-]+)-cp314-none-any\.whl$")
AUTHOR_CSP = (  # what the post's host allows: its own scripts and Pyodide, the game's files to read
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'; "
    "style-src 'self'; connect-src 'self' {game}; img-src 'self' data:"
)
# read in the game page by a second <script type="py"> (the game's interpreter)
METADATA_PROBE = r"""
import importlib.metadata, json, js
import gin_core
dist = importlib.metadata.distribution("gin_core")
js.window.__engine = json.dumps({
    "file": gin_core.__file__,
    "version": importlib.metadata.version("gin_core"),
    "wheel": dist.read_text("WHEEL"),
    "record": dist.read_text("RECORD"),
    "api": gin_core.API_VERSION,
})
"""


def _engine(site_dir, build_info) -> zipfile.ZipFile:
    return zipfile.ZipFile(site_dir / build_info["engine"].removeprefix("./"))


def test_the_engine_wheel_is_a_valid_wheel_of_the_compiled_engine(site_dir, build_info):
    """PEP 427's name and tags, WHEEL and METADATA as the source wheel says (no long description),
    RECORD listing every file with its SHA-256 and size; the payload is gin_core's compiled
    modules but the later archive's, without a source."""
    url = build_info["engine"]
    assert re.fullmatch(r"\./wheels/[0-9a-f]{12}/[^/]+", url), url
    name = url.rsplit("/", 1)[1]
    assert WHEEL_NAME.match(name)
    assert WHEEL_NAME.match(name)["version"] == gin_core.__version__ == build_info["gin_core_version"]
    dist_info = f"gin_core-{gin_core.__version__}.dist-info"
    with _engine(site_dir, build_info) as zf:
        files = {n: zf.read(n) for n in zf.namelist()}
    assert list(files)[-1] == f"{dist_info}/RECORD"
    wheel = files[f"{dist_info}/WHEEL"].decode()
    assert "Wheel-Version: 1.0\n" in wheel and "Root-Is-Purelib: true\n" in wheel
    assert re.findall(r"^Tag: (.*)$", wheel, re.MULTILINE) == ["cp314-none-any"]
    metadata = files[f"{dist_info}/METADATA"].decode()
    assert f"Name: gin_core\nVersion: {gin_core.__version__}\n" in metadata
    assert "\n\n" not in metadata.strip() and "Description" not in metadata  # no README inside
    rows = list(csv.reader(io.StringIO(files[f"{dist_info}/RECORD"].decode())))
    assert sorted(r[0] for r in rows) == sorted(files)
    for path, digest, size in rows:
        if path == f"{dist_info}/RECORD":
            assert (digest, size) == ("", "")
            continue
        want = base64.urlsafe_b64encode(hashlib.sha256(files[path]).digest()).rstrip(b"=").decode()
        assert (digest, int(size)) == (f"sha256={want}", len(files[path])), path
    modules = {n for n in files if not n.startswith(dist_info)}
    assert modules and all(n.startswith("gin_core/") and n.endswith(".pyc") for n in modules), modules
    source = {
        p.relative_to(ROOT).with_suffix(".pyc").as_posix()
        for p in (ROOT / "gin_core").rglob("*.py")
        if "__pycache__" not in p.parts
    }
    later = {m.replace(".", "/") for m in LATER_MODULES if m.startswith("gin_core.")}
    assert modules == {n for n in source if n.removesuffix(".pyc").removesuffix("/__init__") not in later}


def test_engine_json_names_the_wheel_for_other_origins(site_dir, build_info):
    info = json.loads((site_dir / "engine.json").read_text())
    assert info["wheel"] == build_info["engine"]
    assert (info["distribution"], info["version"], info["api"]) == (
        "gin_core",
        gin_core.__version__,
        gin_core.API_VERSION,
    )
    assert info["python"].startswith("3.14.") and info["pyodide"] == build_info["pyodide_version"]
    for path in ("/engine.json", "/" + info["wheel"].removeprefix("./")):
        h = {k.lower(): v for k, v in headers_for(path).items()}
        assert h.get("access-control-allow-origin") == "*", path
        assert h.get("cross-origin-resource-policy") == "cross-origin", path


def test_the_game_page_installs_the_wheel_as_a_package(page, site_url, page_monitor, build_info, site_dir):
    page.goto(site_url)
    wait_ready(page, 60)
    page.wait_for_function("document.querySelector('#engine-version').textContent.trim() !== '…'")
    assert page.locator("#engine-version").inner_text().strip() == gin_core.__version__
    page.evaluate(
        """(code) => { const s = document.createElement('script'); s.type = 'py';
                       s.textContent = code; document.body.append(s); }""",
        METADATA_PROBE,
    )
    page.wait_for_function("window.__engine", timeout=30_000)
    found = json.loads(page.evaluate("window.__engine"))
    assert found["file"] == "/lib/python3.14/site-packages/gin_core/__init__.pyc"
    assert found["version"] == gin_core.__version__ and found["api"] == gin_core.API_VERSION
    assert "Tag: cp314-none-any" in found["wheel"]
    with _engine(site_dir, build_info) as zf:
        assert found["record"] == zf.read(f"gin_core-{gin_core.__version__}.dist-info/RECORD").decode()
    assert page_monitor.problems() == []


@pytest.fixture(scope="module")
def author(site_url, tmp_path_factory):
    """The sample post on a second origin with its own Pyodide (node_modules/pyodide's files)."""
    root = tmp_path_factory.mktemp("author")
    for src in BLOG.iterdir():
        text = src.read_text()
        (root / src.name).write_text(text.replace("{{GAME}}", site_url).replace("{{PYODIDE}}", "./pyodide/"))
    (root / "pyodide").symlink_to(ROOT / "node_modules" / "pyodide", target_is_directory=True)
    (root / "netlify.toml").write_text(
        f'[[headers]]\n  for = "/*"\n  [headers.values]\n'
        f'    Content-Security-Policy = "{AUTHOR_CSP.format(game=origin_of(site_url))}"\n'
        f'    Cache-Control = "no-cache"\n'
    )
    server, _ = serve.start_server(root, port=0, host="127.0.0.1", netlify=root / "netlify.toml")
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    LOCAL_ORIGINS.add(origin_of(url))
    yield SimpleNamespace(url=url, game=site_url)
    server.shutdown()
    server.server_close()


def _sample():
    """e2e/blog/engine.py as a module, its DOM binding left out (it runs only as __main__)."""
    spec = importlib.util.spec_from_file_location("blog_engine", BLOG / "engine.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_blog_page_on_another_origin_loads_the_wheel(page, page_monitor, author, build_info):
    assert origin_of(author.url) != origin_of(author.game)
    page_monitor.also_allowed.add(origin_of(author.game))  # engine.json and the wheel, nothing else
    page.goto(author.url + "engine.html")
    page.wait_for_selector("#engine-about[data-ready]", timeout=120_000)
    sample = _sample()
    assert (
        page.locator("#engine-about").inner_text()
        == f"Engine: gin_core {gin_core.__version__}, API {gin_core.API_VERSION}."
    )
    hand = page.locator("#hand").input_value()
    assert page.locator("#arranged").inner_text() == sample.arranged(hand)
    assert "Deadwood: 2D 3C KH (15 points)" in sample.arranged(hand)
    page.fill("#hand", "AS 2S 3S 4S KD KH KC 9D 9H 5C")
    page.click("#hand-form button")
    page.wait_for_function("document.querySelector('#arranged').value.includes('AS 2S 3S 4S')")
    assert page.locator("#arranged").inner_text() == sample.arranged("AS 2S 3S 4S KD KH KC 9D 9H 5C")
    page.fill("#hand", "AS XX")
    page.click("#hand-form button")
    page.wait_for_function("document.querySelector('#arranged').value.startsWith('Not a hand')")
    code = page.locator("#code").input_value()
    assert page.locator("#dealt").inner_text() == sample.dealt(code)
    assert sample.dealt(code) == "You are dealt AD AS 2D 3C 3D 4S JS QC QS KD."  # the same on every deal
    game = [r for r in page_monitor.requests if r.startswith(author.game)]
    assert game == [author.game + "engine.json", author.game + build_info["engine"].removeprefix("./")]
    assert page_monitor.problems() == []
