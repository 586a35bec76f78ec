#!/usr/bin/env python3
"""Build the static site into site/.

Steps:
  1. build the pure wheel of gin_core:  python -m build --wheel --outdir dist/
     (old dist/gin_core-*.whl files are removed first, so dist/ holds exactly one), then
     rewritten reproducibly: entries sorted, every timestamp SOURCE_DATE_EPOCH (default
     1980-01-01), fixed permissions, so the same sources give the same bytes and URL
  2. unless --no-precompile (or GIN_PRECOMPILE=0): precompile the Python
     (scripts/precompile.mjs, Pyodide's own 3.14 under Node): the standard-library modules of
     scripts/precompile_modules.txt, those the page's code imports, and what they import become
     .pyc in python_stdlib.zip, the rest of the standard library left out (--no-trim keeps it);
     gin_core, ginweb and PyScript's own package (pyscript_package) get their __pycache__.
     Every archive is stored, not deflated (HTTP compression does better on the wire), and
     pyodide-lock.json ships without its packages (lean_lock)
  3. assemble site/ (in site.tmp/, then swapped in, so a half-built site is never served):
       - every file under web/ but the ginweb package (the page: index.html, main.py, assets)
       - runtime/pyodide-<ver>-<sha256[:8] of the stdlib zip and the loader>/   Pyodide core
                          files from node_modules/pyodide with the precompiled python_stdlib.zip
                          and JSPI turned off in pyodide.asm.mjs (see without_jspi); the pages'
                          references to runtime/pyodide-<ver>/ are rewritten to it
       - runtime/pyscript-<ver>-<sha256[:8] of its core chunk>/  the files of
                          node_modules/@pyscript/core/dist the page loads (no source maps, no
                          editor, terminal or MicroPython chunks), the plugins the page does
                          not use taken out of its plugin table (drop_plugins)
       - wheels/<sha256[:12]>/app.zip  the page's Python, one download (app_archive): ginweb
                          compiled, without sources (sourceless .pyc: the page needs none,
                          docs/startup.md), and PyScript package's __pycache__;
                          with --no-precompile the sources of ginweb
       - wheels/<sha256[:12]>/gin_core-<ver>-cp314-none-any.whl  the engine's wheel
                          (split_engine, scripts/engine_wheel.py): gin_core as app_archive
                          compiled it (with --no-precompile its sources, py3-none-any), which
                          PyScript installs into site-packages; engine.json at the root names
                          it for other sites' pages (docs/engine.md "The engine's wheel"). The
                          source wheel in dist/ does not ship.
       - wheels/<sha256[:12]>/later.zip  the modules of LATER_MODULES, taken out of app.zip
                          (split_later), and LATER_STDLIB's, out of python_stdlib.zip, fetched
                          once the game is playable (ginweb/warmup.py; app.zip's later.json
                          names it)
       - pyscript.json  = web/pyscript.json (template, optional: there is none now) with
                          "interpreter" set to the local pyodide.mjs and app.zip added to
                          "files" as "./*" (unpacked into the interpreter's working directory,
                          on sys.path), the engine's wheel as "/lib/python3.14/site-packages/*"
       - index.html       loads main.py, pyscript.json, style.css and sw-register.js with their
                          version ("?v=<hash>", version_page_refs) and preloads what the start
                          needs (preload_startup)
       - sw.js            = web/sw.js (service worker template) with the build id and the
                          precache list filled in: every file the page loads (precache_list),
                          the build id a hash of the worker and of all those files
       - build-info.json  versions, file names, build id and precache list, read by the e2e tests
  4. unless --no-precompress (or GIN_PRECOMPRESS=0): write the precompressed siblings
     <file>.br (brotli 11) and <file>.gz (gzip -9) of every file scripts/serve.py compresses,
     of 1 KiB or more (scripts/precompress.py; content-addressed cache in .build-cache/), for
     hosts that send them instead of compressing on the fly; no page requests them, the service
     worker precaches none, build-info.json names none
  5. print the site size.

Option --snapshot (GIN_SNAPSHOT=1; off by default, and the default build is unchanged by it):
  after step 2, scripts/snapshot.mjs boots the runtime the site ships (staged: the precompiled
  stdlib, the JSPI-free loader) under Node (TZ=UTC), imports the precompiled stdlib list, every
  gin_core module and the ginweb modules that reach neither js, pyodide nor pyscript (the
  others would bind Node's globals or fail on the missing document), and writes Pyodide's
  memory snapshot (its private loadPyodide({_makeSnapshot}) / makeMemorySnapshot) without its
  zero pages: 30 MiB, 15 MiB stored. It goes with its wrapper module (scripts/snapshot_loader.mjs)
  into runtime/snapshot-<hash>/ (copy_snapshot; the runtime folder stays the default build's),
  and pyscript.json's "interpreter" names the wrapper: PyScript calls its loadPyodide, which
  restores the snapshot (loadPyodide({_loadSnapshot}), indexURL the runtime folder) and puts
  right what the build machine left in it before the page's code runs: random's state
  (reseeded from the browser's crypto), os.environ's LANG, sys._emscripten_info's runtime
  (Node's version), the time zone and sys.path's doubled "". What cannot be put right: str
  hashes use the build's hash seed, the same for every visitor of one build (nothing in the
  page depends on hash order or secrecy), and C's tzname (localtime's tm_zone, strftime's %Z)
  stays UTC's (the page uses UTC only). index.html preloads the snapshot and the wrapper; sw.js
  reads the snapshot from the HTTP cache, as it does the wasm (snapshot_from_http_cache). It
  needs --precompile. The snapshot changes with every build (not byte-reproducible: the hash
  seed and the heap differ) and costs a first visit 4.9 MiB brotli more.
  e2e/test_snapshot.py builds site-snapshot/ and checks it. Figures: docs/startup.md, "Memory snapshot".

Needs only: Python >= 3.11 with the `build` package importable, Node.js, and `npm ci` already run
(node_modules/ present). No apt, no venv assumptions, no network apart from what
`python -m build` needs for its isolated build env (use --no-isolation to skip that when
setuptools and wheel are installed, as in the dev venv).

Netlify (later):  build command  `pip install build==1.6.1 && python3 scripts/build_site.py`
                  publish dir    `site`
Netlify runs `npm ci` by itself when package-lock.json is present, before the build command.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

import engine_wheel
import precompress

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_CORE_FILES = [
    "pyodide.mjs",
    "pyodide.asm.mjs",  # Pyodide >= 0.29 / 314.x ship the Emscripten glue as .mjs ...
    "pyodide.asm.js",  # ... older ones as .js; copy whichever exists (at least one must)
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
]
WHEEL_RE = re.compile(r"^gin_core-(?P<version>[^-]+)-py3-none-any\.whl$")
# local references of a page: href="./x", src="./x", config="./x"
LOCAL_REF_RE = re.compile(r"""\b(?:href|src|config)="\./([^"#?]+)(?:\?v=\w+)?\"""")
# the page's files that keep their names and get a version in index.html (version_page_refs)
VERSIONED_BY_QUERY = ("main.py", "pyscript.json", "style.css", "sw-register.js")
# static imports of an ES module (minified or not): from"./x.js", import "./x.js"
STATIC_IMPORT_RE = re.compile(r"""(?:\bfrom|\bimport)\s*["']\./([^"']+)["']""")
# PyScript's plugin table in its core chunk: "py-editor":()=>import("./py-editor-C4XsZtn7.js")
PLUGIN_RE = re.compile(r""":\(\)=>import\("\./([^"]+)"\)""")
# PyScript's plugins the page does not use (no <py-editor>, pygame, <py-terminal>, worker
# "donkey"): PyScript imports every plugin of the table at start, for each interpreter type (a
# "!name" in pyscript.json only stops it for the py type), so drop_plugins takes them out of it.
UNUSED_PLUGINS = ("donkey", "py-editor", "py-game", "py-terminal")
SW_BUILD_LINE = re.compile(r"^const BUILD = \{.*\};", re.MULTILINE)
# Pyodide's test for WebAssembly stack switching (JSPI) in pyodide.asm.mjs, and what replaces it
JSPI_TEST = (
    'var newJspiSupported=canConstructWasm&&"Suspending"in WebAssembly;'
    'var oldJspiSupported=canConstructWasm&&"Suspender"in WebAssembly;'
)
JSPI_OFF = "var newJspiSupported=false;var oldJspiSupported=false;"
# Pyodide's loader makes a SharedArrayBuffer (a shared wasm memory) as it loads, for a sleep
# only a blocking stdin read uses; in a page that is not cross-origin isolated Chromium reports
# that as a deprecation (Lighthouse's best practices). lazy_shared_memory makes it on first use.
SYNC_SLEEP = re.compile(
    r"var (\w+)=new Int32Array\(new WebAssembly\.Memory\(\{shared:!0,initial:1,maximum:1\}\)\.buffer\);"
    r"function (\w+)\((\w+)\)\{try\{return Atomics\.wait\(\1,"
)
# a source map comment: the site ships no .map files (prune_pyscript; Pyodide's core files)
SOURCE_MAP_COMMENT = re.compile(r"\n?//# sourceMappingURL=\S+\s*$")
SNAPSHOT_NAME = "snapshot.bin"  # in runtime/snapshot-<hash>/, with the wrapper PyScript loads
SNAPSHOT_WRAPPER = "gin-interpreter.mjs"  # instead of pyodide.mjs (scripts/snapshot_loader.mjs)
RUNTIME_PLACEHOLDER = "../RUNTIME/"  # the wrapper's path to the runtime folder, filled in
# static imports of an ES module from a relative path (the wrapper's of pyodide.mjs)
MODULE_IMPORT_RE = re.compile(r"""\bfrom\s*["'](\.{1,2}/[^"']+)["']""")
# web/sw.js's test for the files it leaves to the HTTP cache, and the snapshot build's
SW_WASM_TEST = 'if (path.endsWith(".wasm")) {'
SW_WASM_OR_SNAPSHOT_TEST = f'if (path.endsWith(".wasm") || path.endsWith("/{SNAPSHOT_NAME}")) {{'
# The modules no first paint and no first move imports: they ship in wheels/<hash>/later.zip
# (split_later), which ginweb/warmup.py fetches once the game is playable, or on the first
# import of one of them (later.json in app.zip names the archive and its modules). The one place
# that says what the game page (index.html) loads at start: app.zip (pyscript.json), less these.
# Found with the page's import record (docs/startup.md): every module of app.zip
# that a first visit has not imported by its first move, but gin_core.equity_data (the expert's
# first decision of a match reads it) and PyScript's own modules (its package's sources come
# from PyScript itself; app.zip holds only their cache).
# e2e/test_later.py checks that nothing fetches it before the game is playable.
LATER_MODULES = (
    *("gin_core.puzzle_data", "gin_core.puzzles", "gin_core.puzzles.glicko", "gin_core.puzzles.position"),
    *("gin_core.puzzles.public", "gin_core.puzzles.puzzle", "gin_core.puzzles.verify"),
    *("gin_core.puzzles.declaring", "gin_core.puzzles.line_ids", "gin_core.puzzles.reference_data"),
    *("gin_core.puzzles.daily_ledger",),
    *("gin_core.tools", "gin_core.tools.arena", "gin_core.tools.bench", "gin_core.tools.hands"),
    *("gin_core.tools.opponents", "ginweb.puzzles.model", "ginweb.puzzles.play", "ginweb.puzzles.record"),
    *("ginweb.puzzles.page", "ginweb.puzzles.alone", "ginweb.puzzles.valued", "ginweb.lessons.model"),
    *("ginweb.lessons.content",),
    *("ginweb.review.model", "ginweb.review.seen", "ginweb.review.handover"),
    *("ginweb.kit.charts", "ginweb.kit.qr", "ginweb.kit.peer", "ginweb.friend.model"),
    *("ginweb.friend.invite", "ginweb.friend.talk", "ginweb.friend.duel", "ginweb.friend.handview"),
    *("ginweb.friend.play",),
)
# The standard library's modules only importlib.metadata's parsing of a distribution's metadata
# imports (its _adapters: email.message, which reaches urllib.parse and ipaddress). The page no
# longer imports them (the footer reads gin_core.__version__: ginweb/app.py show_engine_version),
# so they leave python_stdlib.zip for later.zip (66 KiB brotli -5 less at start) and the runtime
# stays whole for other code (a blog's, on the engine's runtime) that imports them. Top-level
# packages only: a module of a package imported from the stdlib zip (importlib.metadata._adapters)
# is found there only.
LATER_STDLIB = (
    *("email", "email._encoded_words", "email._parseaddr", "email._policybase", "email.base64mime"),
    *("email.charset", "email.encoders", "email.errors", "email.feedparser", "email.header"),
    *("email.iterators", "email.message", "email.parser", "email.quoprimime", "email.utils"),
    *("ipaddress", "quopri", "urllib", "urllib.parse"),
)
LATER_MANIFEST = "later.json"
# at the site's root: the engine's wheel for other pages (a blog's), with the runtime it runs on
ENGINE_INFO = "engine.json"
PUZZLE_CONFIG = "puzzle.json"  # the puzzle page's PyScript config: pyscript.json's, and later.zip
ZIP_EPOCH = 315532800  # 1980-01-01 00:00 UTC, the earliest time a zip entry can hold


def fail(msg: str) -> NoReturn:
    print(f"build_site: error: {msg}", file=sys.stderr)
    raise SystemExit(1)


def npm_version(pkg_dir: Path) -> str:
    pj = pkg_dir / "package.json"
    if not pj.is_file():
        fail(f"{pkg_dir.relative_to(ROOT)} is missing: run `npm ci` first")
    version: str = json.loads(pj.read_text())["version"]
    return version


def check_pins(root: Path, installed: dict[str, str]) -> None:
    """node_modules must hold the exact versions pinned in package.json (catches a stale tree)."""
    wanted = json.loads((root / "package.json").read_text()).get("dependencies", {})
    for name, version in installed.items():
        if wanted.get(name) != version:
            fail(
                f"node_modules has {name}@{version} but package.json pins {wanted.get(name)!r}: run `npm ci`"
            )


def build_wheel(root: Path, dist: Path, no_isolation: bool) -> Path:
    dist.mkdir(parents=True, exist_ok=True)
    for old in dist.glob("gin_core-*.whl"):
        old.unlink()
    # setuptools reuses build/lib; a module deleted from gin_core/ would linger in the wheel
    shutil.rmtree(root / "build", ignore_errors=True)
    cmd = [sys.executable, "-m", "build", "--wheel", "--outdir", str(dist)]
    if no_isolation:
        cmd.append("--no-isolation")
    print("build_site: $", " ".join(cmd), flush=True)
    env = {**os.environ, "SOURCE_DATE_EPOCH": str(source_date_epoch())}
    res = subprocess.run(cmd, check=False, cwd=root, capture_output=True, text=True, env=env)
    if res.returncode != 0:
        sys.stdout.write(res.stdout)
        sys.stderr.write(res.stderr)
        fail("wheel build failed")
    wheel = find_wheel(dist)
    normalize_zip(wheel, source_date_epoch())
    return wheel


def source_date_epoch() -> int:
    """The time stamped on every archive entry: $SOURCE_DATE_EPOCH (reproducible-builds.org),
    1980-01-01 when unset, so a build never depends on when it ran."""
    value = os.environ.get("SOURCE_DATE_EPOCH", "")
    if value and not value.isdigit():
        fail(f"SOURCE_DATE_EPOCH={value!r} is not a number of seconds")
    return max(int(value or ZIP_EPOCH), ZIP_EPOCH)


def normalize_zip(path: Path, epoch: int) -> None:
    """Rewrite the zip ``path`` so its bytes depend on its contents only: entries sorted by name
    (a wheel's .dist-info last and its RECORD at the very end, as the wheel format recommends),
    one timestamp, fixed permissions. Stored, not deflated: the server's brotli or gzip
    compresses the archive on the wire, and better than a deflated zip (docs/startup.md)."""
    date_time = time.gmtime(epoch)[:6]
    with zipfile.ZipFile(path) as zf:
        entries = [(info.filename, zf.read(info)) for info in zf.infolist()]
    entries.sort(key=lambda e: (".dist-info/" in e[0], e[0].endswith(".dist-info/RECORD"), e[0]))
    tmp = path.with_name(path.name + ".tmp")
    with zipfile.ZipFile(tmp, "w") as out:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time)
            info.compress_type = zipfile.ZIP_STORED
            info.external_attr = 0o100644 << 16  # a regular file, rw-r--r--
            out.writestr(info, data)
    tmp.replace(path)


def precompile(root: Path, wheel: Path, web: Path, work: Path, trim: bool = True) -> tuple[Path, Path]:
    """Compile the page's Python with Pyodide's own interpreter under Node (scripts/precompile.mjs):
    returns (python_stdlib.zip with .pyc, a zip of the __pycache__ of gin_core, ginweb and
    PyScript's own package).
    gin_core is compiled from the wheel's files, the ones the page runs."""
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(work / "wheel")
    stdlib, app = work / "python_stdlib.zip", work / "app-pyc.zip"
    pyscript = pyscript_package(root / "node_modules" / "@pyscript" / "core", work / "pyscript")
    cmd = [
        os.environ.get("NODE", "node"),
        str(root / "scripts" / "precompile.mjs"),
        "--modules",
        str(root / "scripts" / "precompile_modules.txt"),
        "--stdlib-out",
        str(stdlib),
        "--app-out",
        str(app),
        "--app",
        f"gin_core={work / 'wheel' / 'gin_core'}",
        "--app",
        f"ginweb={web / 'ginweb'}",
        "--app",
        f"pyscript={pyscript}",
        "--entry",
        str(web / "main.py"),
        "--trim",
        "1" if trim else "0",
    ]
    print("build_site: $ node scripts/precompile.mjs ...", flush=True)
    res = subprocess.run(cmd, check=False, cwd=root, capture_output=True, text=True)
    if res.returncode != 0:
        sys.stderr.write(res.stderr)
        fail("precompiling the Python failed")
    report = json.loads(res.stdout)
    if report["seeds_failed"]:
        fail(f"scripts/precompile_modules.txt lists modules that do not import: {report['seeds_failed']}")
    print(
        f"build_site: compiled with Python {report['python']}: {len(report['stdlib_compiled'])} "
        f"stdlib modules, {len(report['app_compiled'])} of gin_core, ginweb and pyscript, "
        f"{report['dataclass_code']} of the dataclasses' generated code"
    )
    return stdlib, app


def pyscript_package(pyscript_dir: Path, out: Path) -> Path:
    """PyScript's own Python package as files in ``out``: PyScript writes it from a JavaScript
    literal (src/stdlib/pyscript.js) into the interpreter's working directory and imports it at
    every start, so compiling it there costs every start ~40 ms; its __pycache__ in app.zip
    (checked .pyc: used only while the source PyScript writes is the same) saves that."""
    text = (pyscript_dir / "src" / "stdlib" / "pyscript.js").read_text(encoding="utf-8")
    try:
        files = json.loads(text[text.index("{") : text.rindex("}") + 1])["pyscript"]
    except (ValueError, KeyError):
        fail("@pyscript/core/src/stdlib/pyscript.js is not the JSON literal build_site expects")
    for name, source in files.items():
        if not isinstance(source, str) or "/" in name:
            fail(f"@pyscript/core/src/stdlib/pyscript.js: unexpected entry {name!r}")
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        (out / name).write_text(source, encoding="utf-8")
    return out


def app_archive(web: Path, wheel: Path, app_pyc: Path | None, out: Path, epoch: int) -> Path:
    """The page's Python in one archive (one download instead of a file per module), unpacked by
    PyScript into the interpreter's working directory, which is on sys.path. Precompiled: only
    ``app_pyc``, the compiled gin_core and ginweb (sourceless) and PyScript package's __pycache__;
    the page needs no source (docs/startup.md). Not precompiled: the sources of
    web/ginweb and of the wheel's gin_core."""
    with zipfile.ZipFile(out, "w") as zf:
        if app_pyc is not None:
            with zipfile.ZipFile(app_pyc) as compiled:
                for info in compiled.infolist():
                    zf.writestr(info.filename, compiled.read(info))
        else:
            for module in sorted((web / "ginweb").rglob("*.py")):
                if "__pycache__" not in module.parts:
                    zf.writestr(module.relative_to(web).as_posix(), module.read_bytes())
            with zipfile.ZipFile(wheel) as engine:
                for info in engine.infolist():
                    if info.filename.startswith("gin_core/") and not info.is_dir():
                        zf.writestr(info.filename, engine.read(info))
    normalize_zip(out, epoch)
    return out


def archive_module(name: str) -> str:
    """The module an archive entry holds: "a/b.py" and "a/__pycache__/b.cpython-314.pyc" -> "a.b",
    "a/__init__.py" and the folder "a/" -> "a"."""
    folder, _, file = name.rpartition("/")
    parts = [p for p in folder.split("/") if p and p != "__pycache__"]
    stem = file.split(".")[0]
    return ".".join(parts if stem in ("__init__", "") else [*parts, stem])


def move_entries(source: Path, dest: zipfile.ZipFile, modules: tuple[str, ...], out: Path) -> Path:
    """Copy the archive ``source`` to ``out`` without the entries of ``modules``, which go into
    ``dest`` instead; returns ``out``."""
    with zipfile.ZipFile(source) as zf, zipfile.ZipFile(out, "w") as kept:
        for info in zf.infolist():
            target = dest if archive_module(info.filename) in modules else kept
            target.writestr(info.filename, zf.read(info))
    return out


def split_later(
    work: Path, archives: list[Path], epoch: int, trimmed: bool = False
) -> tuple[list[Path], Path]:
    """Move the entries of later_modules (sources and __pycache__) out of ``archives`` into
    later.zip; returns the archives without them (copies in ``work``, same names) and later.zip."""
    (work / "start").mkdir(parents=True)
    later, modules = work / "later.zip", later_modules(trimmed)
    with zipfile.ZipFile(later, "w") as zf:
        kept = [move_entries(a, zf, modules, work / "start" / a.name) for a in archives]
        held = {archive_module(n) for n in zf.namelist()}
    if held != set(modules):
        fail(f"the later archive misses modules of LATER_MODULES/LATER_STDLIB: {sorted(set(modules) - held)}")
    for path in [*kept, later]:
        normalize_zip(path, epoch)
    return kept, later


def add_manifest(app: Path, later_url: str, modules: tuple[str, ...], epoch: int) -> None:
    """Name the later archive and its modules in ``app`` (later.json, read by ginweb/warmup.py)."""
    manifest = {"url": later_url, "modules": list(modules)}
    with zipfile.ZipFile(app, "a") as zf:
        zf.writestr(LATER_MANIFEST, json.dumps(manifest, sort_keys=True) + "\n")
    normalize_zip(app, epoch)


def later_modules(trimmed: bool) -> tuple[str, ...]:
    """What later.zip holds: LATER_MODULES, and LATER_STDLIB from the trimmed stdlib (a build
    that ships the whole standard library leaves it where it is)."""
    return (*LATER_MODULES, *LATER_STDLIB) if trimmed else LATER_MODULES


def split_engine(app: Path, source_wheel: Path, tag: str, epoch: int) -> Path:
    """Take gin_core out of the archive ``app`` (rewritten without it) into the engine's wheel
    beside it (scripts/engine_wheel.py: the same files, compiled or not, with the source wheel's
    metadata), which the page installs with Pyodide's package loader; returns the wheel."""
    with zipfile.ZipFile(app) as zf:
        entries = {info.filename: zf.read(info) for info in zf.infolist()}
    engine = {name: data for name, data in entries.items() if name.startswith("gin_core/")}
    if "gin_core/__init__.py" not in engine and "gin_core/__init__.pyc" not in engine:
        fail(f"{app.name} holds no gin_core package to make the engine's wheel of")
    with zipfile.ZipFile(app, "w") as zf:
        for name, data in entries.items():
            if name not in engine:
                zf.writestr(name, data)
    normalize_zip(app, epoch)
    match = WHEEL_RE.match(source_wheel.name)
    version = match["version"] if match else fail(f"{source_wheel.name}: not the source wheel")
    out = app.with_name(engine_wheel.wheel_name("gin_core", str(version), tag))
    engine_wheel.write(out, engine_wheel.wheel_files(source_wheel, engine, tag))
    normalize_zip(out, epoch)
    return out


def front_door_api() -> int:
    """gin_core's API_VERSION (gin_core/__init__.py), read without importing the engine."""
    tree = ast.parse((ROOT / "gin_core" / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["API_VERSION"]:
            value = ast.literal_eval(node.value)
            if isinstance(value, int):
                return value
    fail("gin_core/__init__.py has no API_VERSION = <int>")
    raise AssertionError  # fail() does not return


def write_engine_info(site: Path, engine_url: str, rt: Runtime) -> None:
    """engine.json at the site's root: where another page (a blog's) finds the engine's wheel
    (docs/engine.md "The engine's wheel"; e2e/blog/engine.html), the distribution's version, the
    front door's API version and the Python and Pyodide it was compiled for and is tested
    with (the wheel is CPython 3.14 bytecode: a Pyodide of the same Python loads it). Not the
    site's runtime folder: its standard library holds only what the game imports. The wheel's
    URL is relative to this file."""
    info = {
        "distribution": "gin_core",
        "version": posixpath.basename(engine_url).split("-")[1],
        "api": front_door_api(),
        "python": rt.python_version(),
        "pyodide": rt.pyodide_ver,
        "wheel": engine_url,
    }
    (site / ENGINE_INFO).write_text(json.dumps(info, indent=2) + "\n")


def find_wheel(dist: Path) -> Path:
    wheels = sorted(dist.glob("gin_core-*.whl"))
    if len(wheels) != 1:
        fail(f"expected exactly one gin_core wheel in {dist}, found {[w.name for w in wheels]}")
    wheel = wheels[0]
    if not WHEEL_RE.match(wheel.name):
        fail(f"{wheel.name} is not a pure py3-none-any wheel; Pyodide needs one")
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
    if "gin_core/__init__.py" not in names:
        fail(f"{wheel.name} does not contain gin_core/__init__.py")
    bad = [n for n in names if n.endswith((".so", ".pyd", ".dylib"))]
    if bad:
        fail(f"{wheel.name} contains compiled files: {bad}")
    return wheel


def check_html_runtime_refs(web: Path, pyodide_ver: str, pyscript_ver: str) -> None:
    """The pages (and embed.js) name the runtime folders with versions; fail loudly if they are
    stale."""
    for html in [*web.rglob("*.html"), *web.glob("*.js")]:
        text = html.read_text(encoding="utf-8")
        for kind, ver in (("pyscript", pyscript_ver), ("pyodide", pyodide_ver)):
            for found in set(re.findall(rf"runtime/{kind}-([0-9][^/\"']*)/", text)):
                if found != ver:
                    fail(
                        f"{html.relative_to(ROOT)} refers to runtime/{kind}-{found}/ but the "
                        f"installed {kind} is {ver}: update the page"
                    )


def write_pyscript_config(
    web: Path,
    out: Path,
    interpreter: str,
    archives: list[str],
    name: str = "pyscript.json",
    site_packages: str = "/lib/python3/site-packages",
) -> dict[str, Any]:
    """Write the PyScript config ``name``: ``interpreter`` and the ``archives`` it unpacks
    before the page's Python runs: a wheel into ``site_packages``, the others into the
    working directory."""
    template = web / "pyscript.json"
    config = json.loads(template.read_text()) if template.is_file() else {}
    if "packages" in config:
        fail("web/pyscript.json uses 'packages', which needs micropip (not shipped); use 'files'")
    config["interpreter"] = interpreter
    ours = re.compile(r"(^|/)(gin_core-[^/]*\.whl|app\.zip)$")
    files = {k: v for k, v in (config.get("files") or {}).items() if not ours.search(k)}
    # "<url>.zip": "./*" = unpack the archive into the interpreter's cwd (/home/pyodide), which
    # is on sys.path; "<url>.whl": "<site-packages>/*" = install the wheel as Pyodide installs a
    # package (pyodide.unpackArchive: the package loader's unpack_buffer), its .dist-info with
    # it. The URL must end in .whl or .zip (no query string) to be unpacked.
    for url in archives:
        files[url] = f"{site_packages}/*" if url.endswith(".whl") else "./*"
    config["files"] = files
    (out / name).write_text(json.dumps(config, indent=2) + "\n")
    return config


def _local(path: str, base: str = "") -> str:
    """A site-relative path from a reference relative to the site folder ``base``."""
    return posixpath.normpath(posixpath.join(base, path.removeprefix("./")))


def precache_list(site: Path) -> list[str]:
    """Every file the game page (index.html) loads, relative to site/: what sw.js precaches.

    Read from the built site itself: the page's local links and scripts (stylesheets,
    preloads, PyScript's core.js, main.py, pyscript.json, sw-register.js, manifest, icon), the
    manifest's icons, pyscript.json's interpreter and files (app.zip), every Pyodide
    core file next to the interpreter, or next to the pyodide.mjs a wrapper interpreter imports
    (Pyodide loads them all), and the JavaScript modules imported
    statically from those scripts, with the chunks of PyScript's plugin table (PyScript imports
    every plugin at start, once per interpreter type: a "!name" in pyscript.json only stops it
    for the py type). What those chunks load lazily (the editor's CodeMirror, the terminal's
    xterm, MicroPython, TOML) and the .map files are left out. e2e/test_offline.py checks this
    list against the requests the page really makes.
    """
    html = (site / "index.html").read_text(encoding="utf-8")
    files = {"index.html"} | {_local(r) for r in LOCAL_REF_RE.findall(html)}
    for ref in [f for f in files if f.endswith(".webmanifest")]:
        manifest = json.loads((site / ref).read_text())
        files |= {_local(i["src"], posixpath.dirname(ref)) for i in manifest.get("icons", [])}
    config = json.loads((site / "pyscript.json").read_text())
    interpreter = _local(config["interpreter"])
    files |= {interpreter} | {_local(f) for f in config.get("files", {})}
    folders = {posixpath.dirname(interpreter)}  # and the runtime folder a wrapper imports Pyodide from
    imports = MODULE_IMPORT_RE.findall((site / interpreter).read_text(encoding="utf-8"))
    folders |= {
        posixpath.dirname(_local(i, posixpath.dirname(interpreter)))
        for i in imports
        if i.endswith("/pyodide.mjs")
    }
    for folder in sorted(folders):
        found = (site / folder).iterdir()
        files |= {f"{folder}/{p.name}" for p in found if p.is_file() and not precompress.is_sibling(p)}
    queue = sorted(f for f in files if f.endswith(".js"))
    while queue:
        module = queue.pop()
        text = (site / module).read_text(encoding="utf-8")
        deps = [_local(d, posixpath.dirname(module)) for d in STATIC_IMPORT_RE.findall(text)]
        deps += [_local(chunk, posixpath.dirname(module)) for chunk in PLUGIN_RE.findall(text)]
        for dep in deps:
            if dep not in files:
                files.add(dep)
                queue.append(dep)
    missing = sorted(f for f in files if not (site / f).is_file())
    if missing:
        fail(f"the page loads files that are not in the site: {missing}")
    return sorted(files)


def write_service_worker(site: Path, files: list[str], versions: dict[str, str]) -> str:
    """Fill in site/sw.js (a copy of web/sw.js): the build id and the precache list ``files``.

    The build id is a hash of the worker's code and of every precached file (path and content),
    so any change to what the page loads gives a new cache name. Returns the build id. Works on
    an already filled-in sw.js too (the e2e tests make a "new build" that way)."""
    sw = site / "sw.js"
    text = sw.read_text(encoding="utf-8")
    if len(SW_BUILD_LINE.findall(text)) != 1:
        fail("web/sw.js must have exactly one line starting `const BUILD = {...};`")
    digest = hashlib.sha256(SW_BUILD_LINE.sub("const BUILD = {};", text).encode())
    for name in files:
        digest.update(name.encode() + b"\0" + hashlib.sha256((site / name).read_bytes()).digest())
    build_id = digest.hexdigest()[:16]
    line = "const BUILD = " + json.dumps({"id": build_id, "files": files, "versions": versions}) + ";"
    sw.write_text(SW_BUILD_LINE.sub(lambda _: line, text), encoding="utf-8")
    return build_id


def human(n: float) -> str:
    for unit in ("B", "KiB", "MiB", "GiB"):
        if n < 1024 or unit == "GiB":
            return f"{n:.1f} {unit}" if unit != "B" else f"{n} B"
        n /= 1024
    raise AssertionError


def dir_size(p: Path) -> tuple[int, int]:
    files = [f for f in p.rglob("*") if f.is_file()]
    return sum(f.stat().st_size for f in files), len(files)


def print_size(site: Path) -> None:
    total, count = dir_size(site)
    print(f"build_site: site/ is {human(total)} in {count} files")
    for child in sorted(site.iterdir()):
        if child.is_dir():
            for sub in sorted(child.iterdir()) if child.name == "runtime" else [child]:
                size, n = dir_size(sub) if sub.is_dir() else (sub.stat().st_size, 1)
                print(f"  {str(sub.relative_to(site)) + '/':32s} {human(size):>10s}  {n} files")
    loose = sum(f.stat().st_size for f in site.iterdir() if f.is_file())
    print(f"  {'(top-level files)':32s} {human(loose):>10s}")


def switch(ap: argparse.ArgumentParser, flag: str, env: str, on: bool, help: str) -> None:
    """An on/off option ``flag`` (and ``--no-…``) whose default an environment variable sets:
    on unless ``env`` is "0" when ``on``, else off unless it is "1"."""
    value = os.environ.get(env)
    default = on if value is None else (value != "0" if on else value == "1")
    ap.add_argument(flag, action=argparse.BooleanOptionalAction, default=default, help=help)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default="site", help="output folder (default: site)")
    ap.add_argument("--no-build", action="store_true", help="reuse the wheel already in dist/")
    ap.add_argument(
        "--no-isolation",
        action="store_true",
        help="pass --no-isolation to `python -m build` (setuptools+wheel must be installed)",
    )
    switch(
        ap,
        "--precompile",
        "GIN_PRECOMPILE",
        True,
        "ship precompiled Python (.pyc), the default; --no-precompile (or GIN_PRECOMPILE=0) "
        "ships Pyodide's stdlib as it comes (every start compiles it)",
    )
    switch(
        ap,
        "--trim",
        "GIN_TRIM",
        True,
        "ship only the standard library the page imports (the default; see "
        "scripts/precompile.mjs); --no-trim (GIN_TRIM=0) ships all of it, the rest as source",
    )
    switch(
        ap,
        "--precompress",
        "GIN_PRECOMPRESS",
        True,
        "write <file>.br (brotli 11) and <file>.gz (gzip -9) beside every compressible file, "
        "for hosts that serve them (the default); --no-precompress (or GIN_PRECOMPRESS=0): none",
    )
    switch(
        ap,
        "--snapshot",
        "GIN_SNAPSHOT",
        False,
        "start Pyodide from a memory snapshot made at build time (GIN_SNAPSHOT=1; off by "
        "default): see the module docstring",
    )
    args = ap.parse_args(argv)
    if args.snapshot and not args.precompile:
        fail("--snapshot needs the precompiled build (drop --no-precompile)")

    root = ROOT
    web = root / "web"
    dist = root / "dist"
    out = (root / args.out).resolve()
    if not (web / "index.html").is_file():
        fail("web/index.html is missing")

    pyodide_dir = root / "node_modules" / "pyodide"
    pyscript_dir = root / "node_modules" / "@pyscript" / "core"
    pyodide_ver = npm_version(pyodide_dir)
    pyscript_ver = npm_version(pyscript_dir)
    check_pins(root, {"pyodide": pyodide_ver, "@pyscript/core": pyscript_ver})
    check_html_runtime_refs(web, pyodide_ver, pyscript_ver)

    wheel = find_wheel(dist) if args.no_build else build_wheel(root, dist, args.no_isolation)
    print(f"build_site: wheel {wheel.name}")

    tmp = out.with_name(out.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    try:
        with tempfile.TemporaryDirectory(prefix="gin-precompile-") as work:
            stdlib, app_pyc = (
                precompile(root, wheel, web, Path(work), args.trim)
                if args.precompile
                else (pyodide_dir / "python_stdlib.zip", None)
            )
            app = app_archive(web, wheel, app_pyc, Path(work) / "app.zip", source_date_epoch())
            runtime = Runtime(pyodide_dir, pyodide_ver, stdlib, pyscript_dir, pyscript_ver)
            if args.snapshot and app_pyc:
                runtime = make_snapshot(root, runtime, web, app_pyc, Path(work))
            assemble(
                tmp,
                web,
                wheel,
                app,
                runtime,
                precompiled=app_pyc is not None,
                trimmed=bool(app_pyc) and args.trim,
            )
        if args.precompress:
            print(f"build_site: {precompress.report(precompress.write_siblings(tmp))}", flush=True)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    shutil.rmtree(out, ignore_errors=True)
    tmp.rename(out)
    print(f"build_site: wrote {out.relative_to(root) if out.is_relative_to(root) else out}/")
    info = json.loads((out / "build-info.json").read_text())
    print(f"build_site: interpreter {info['interpreter']}; build id {info['build_id']}")
    print_size(out)
    return 0


@dataclass(frozen=True)
class Runtime:
    """Where the runtime comes from: Pyodide (with the precompiled stdlib zip) and PyScript."""

    pyodide_dir: Path
    pyodide_ver: str
    stdlib_zip: Path
    pyscript_dir: Path
    pyscript_ver: str
    snapshot: Path | None = None  # snapshot.bin when built with --snapshot (make_snapshot)

    def python_version(self) -> str:
        """The Python this Pyodide runs ("3.14.2"), from its lock file."""
        info = json.loads((self.pyodide_dir / "pyodide-lock.json").read_text())["info"]
        return str(info["python"])


def without_jspi(loader: str) -> str:
    """Pyodide's loader (pyodide.asm.mjs) with WebAssembly stack switching (JSPI) turned off.

    With JSPI (Chromium >= 137), Pyodide runs Python on stacks V8 allocates; Chromium's
    frame-pointer unwinder, run on a sampled allocation by GWP-ASan (in a share of renderers),
    takes the thread's stack end for the main stack's and scans past the end of such a stack:
    the renderer dies with SIGSEGV in ScanStackForNextFrame ("Target crashed"; minidumps in
    issue 16's note). The page needs no JSPI (no run_sync; Firefox and Safari run it without),
    so Python runs on the main stack as it does there."""
    if loader.count(JSPI_TEST) != 1:
        fail(
            "pyodide.asm.mjs: Pyodide's JSPI test was not found once: check without_jspi() "
            "against this Pyodide version"
        )
    return loader.replace(JSPI_TEST, JSPI_OFF)


def lean_lock(lock: bytes) -> bytes:
    """Pyodide's lock file without its packages: Pyodide fetches it at every start (119 KB), but
    the page loads no package (pyscript.json has no "packages", and write_pyscript_config
    refuses one), so only its "info" (the ABI and Python it was built for) is read."""
    data = json.loads(lock)
    if not isinstance(data.get("packages"), dict) or "info" not in data:
        fail("pyodide-lock.json is not the lock file build_site expects (info, packages)")
    return (json.dumps({**data, "packages": {}}, separators=(",", ":")) + "\n").encode()


def lazy_shared_memory(loader: str) -> str:
    """Pyodide's loader with the shared memory of its sync sleep (SYNC_SLEEP) made on the
    sleep's first call, not as the loader loads (the page never calls it)."""
    found = SYNC_SLEEP.findall(loader)
    if len(found) != 1:
        fail("pyodide.asm.mjs: Pyodide's sync-sleep buffer was not found once: check lazy_shared_memory()")
    buf, sleep, arg = found[0]
    return SYNC_SLEEP.sub(
        f"var {buf}=null;function {sleep}({arg}){{try{{{buf}??=new Int32Array(new WebAssembly.Memory("
        f"{{shared:!0,initial:1,maximum:1}}).buffer);return Atomics.wait({buf},",
        loader,
    )


def without_source_map(text: str) -> str:
    """A script without its source map comment (the site ships no .map: a browser's developer
    tools, and Lighthouse, would ask for a file that is not there)."""
    return SOURCE_MAP_COMMENT.sub("\n", text)


def pyodide_files(rt: Runtime) -> dict[str, bytes]:
    """Pyodide's core files as the site ships them: the precompiled stdlib and the JSPI-free
    loader (without_jspi) in place of node_modules' own."""
    paths = {name: rt.pyodide_dir / name for name in PYODIDE_CORE_FILES if (rt.pyodide_dir / name).is_file()}
    paths["python_stdlib.zip"] = rt.stdlib_zip
    for required in ("pyodide.mjs", "pyodide.asm.wasm", "pyodide-lock.json"):
        if required not in paths:
            fail(f"node_modules/pyodide/{required} is missing")
    if not {"pyodide.asm.mjs", "pyodide.asm.js"} & set(paths):
        fail("node_modules/pyodide has neither pyodide.asm.mjs nor pyodide.asm.js")
    files = {name: path.read_bytes() for name, path in paths.items()}
    files["pyodide-lock.json"] = lean_lock(files["pyodide-lock.json"])
    loader_name = "pyodide.asm.mjs" if "pyodide.asm.mjs" in files else "pyodide.asm.js"
    files[loader_name] = lazy_shared_memory(without_jspi(files[loader_name].decode("utf-8"))).encode()
    files["pyodide.mjs"] = without_source_map(files["pyodide.mjs"].decode("utf-8")).encode()
    return files


def copy_pyodide(tmp: Path, rt: Runtime) -> str:
    """Copy Pyodide's core files (pyodide_files) into runtime/pyodide-<ver>-<hash>/ (the hash of
    the stdlib and the loader: the stdlib's content depends on the module list too) and point
    the pages' references to runtime/pyodide-<ver>/ there. Returns the folder's site path."""
    files = pyodide_files(rt)
    loader = files["pyodide.asm.mjs" if "pyodide.asm.mjs" in files else "pyodide.asm.js"]
    digest = hashlib.sha256(files["python_stdlib.zip"] + loader).hexdigest()[:8]
    folder = f"runtime/pyodide-{rt.pyodide_ver}-{digest}"
    (tmp / folder).mkdir(parents=True)
    for name, data in files.items():
        (tmp / folder / name).write_bytes(data)
    for page in [*tmp.glob("*.html"), *tmp.glob("*.js")]:
        text = page.read_text(encoding="utf-8")
        page.write_text(text.replace(f"runtime/pyodide-{rt.pyodide_ver}/", f"{folder}/"), encoding="utf-8")
    return folder


def copy_snapshot(tmp: Path, snapshot: Path, pyodide_folder: str) -> str:
    """Put snapshot.bin and its wrapper module (scripts/snapshot_loader.mjs, pointed at
    ``pyodide_folder``) into runtime/snapshot-<sha256[:8] of both>/: a folder of their own, so
    the runtime folder (the 9 MiB wasm's URL) stays the same from build to build while the
    snapshot changes with every change to the engine or the page. Returns the wrapper's site
    path (pyscript.json's interpreter)."""
    template = (ROOT / "scripts" / "snapshot_loader.mjs").read_text(encoding="utf-8")
    if template.count(RUNTIME_PLACEHOLDER) != 2:
        fail(f"scripts/snapshot_loader.mjs must name {RUNTIME_PLACEHOLDER} twice (import, indexURL)")
    wrapper = template.replace(RUNTIME_PLACEHOLDER, f"../{posixpath.basename(pyodide_folder)}/").encode()
    data = snapshot.read_bytes()
    folder = f"runtime/snapshot-{hashlib.sha256(data + wrapper).hexdigest()[:8]}"
    (tmp / folder).mkdir(parents=True)
    (tmp / folder / SNAPSHOT_NAME).write_bytes(data)
    (tmp / folder / SNAPSHOT_WRAPPER).write_bytes(wrapper)
    return f"{folder}/{SNAPSHOT_WRAPPER}"


def make_snapshot(root: Path, rt: Runtime, web: Path, app_pyc: Path, work: Path) -> Runtime:
    """Make snapshot.bin (scripts/snapshot.mjs) with the runtime the site ships, staged in
    ``work`` (where precompile() unpacked the wheel); returns ``rt`` with it. Under TZ=UTC, so
    the zone it freezes is the same on every build machine (the wrapper puts the visitor's back)."""
    staged = work / "runtime"
    staged.mkdir()
    for name, data in pyodide_files(rt).items():
        (staged / name).write_bytes(data)
    out = work / SNAPSHOT_NAME
    cmd = [
        os.environ.get("NODE", "node"),
        str(root / "scripts" / "snapshot.mjs"),
        "--runtime",
        str(staged),
        "--modules",
        str(root / "scripts" / "precompile_modules.txt"),
        "--app",
        f"gin_core={work / 'wheel' / 'gin_core'}",
        "--app",
        f"ginweb={web / 'ginweb'}",
        "--app-pyc",
        str(app_pyc),
        "--out",
        str(out),
    ]
    print("build_site: $ node scripts/snapshot.mjs ...", flush=True)
    res = subprocess.run(
        cmd, check=False, cwd=root, capture_output=True, text=True, env={**os.environ, "TZ": "UTC"}
    )
    if res.returncode != 0:
        sys.stderr.write(res.stderr[-4000:])
        fail("making the Pyodide snapshot failed")
    report = json.loads(res.stdout)
    print(
        f"build_site: snapshot of {len(report['app_modules'])} gin_core and ginweb modules, "
        f"{human(report['bytes'])} ({human(report['packed_bytes'])} without its zero pages); "
        f"left out (they reach js): {', '.join(report['ginweb_left_out'])}"
    )
    return Runtime(rt.pyodide_dir, rt.pyodide_ver, rt.stdlib_zip, rt.pyscript_dir, rt.pyscript_ver, out)


def drop_plugins(tmp: Path, rt: Runtime) -> str:
    """Copy PyScript's files into runtime/pyscript-<ver>-<sha256[:8] of its core chunk>/ with
    UNUSED_PLUGINS taken out of the plugin table of its core chunk (each resolves to nothing,
    its chunk is never fetched; prune_pyscript then leaves it out), and point the pages'
    references to runtime/pyscript-<ver>/ there: a folder of its own, so a browser holding the
    stock core chunk (cached forever) never asks for a chunk this site does not have. Returns
    the folder's site path."""
    staged = tmp / "runtime" / "pyscript-staged"
    shutil.copytree(rt.pyscript_dir / "dist", staged, ignore=shutil.ignore_patterns("*.map"))
    chunks = sorted(staged.glob("core-*.js"))
    if len(chunks) != 1:
        fail(f"@pyscript/core/dist: expected one core-*.js chunk, found {[c.name for c in chunks]}")
    text = chunks[0].read_text(encoding="utf-8")
    for name in UNUSED_PLUGINS:
        entry = re.compile(
            rf"""((?:"{re.escape(name)}"|\b{re.escape(name)}):\(\)=>)import\("\./{re.escape(name)}-[\w-]+\.js"\)"""
        )
        text, n = entry.subn(lambda m: m.group(1) + "Promise.resolve({})", text)
        if n != 1:
            fail(f"{chunks[0].name}: PyScript's plugin {name!r} was not found once in its plugin table")
    chunks[0].write_text(text, encoding="utf-8")
    for script in staged.glob("*.js"):
        script.write_text(without_source_map(script.read_text(encoding="utf-8")), encoding="utf-8")
    folder = f"runtime/pyscript-{rt.pyscript_ver}-{hashlib.sha256(text.encode()).hexdigest()[:8]}"
    staged.rename(tmp / folder)
    for page in [*tmp.glob("*.html"), *tmp.glob("*.js")]:
        html = page.read_text(encoding="utf-8")
        page.write_text(html.replace(f"runtime/pyscript-{rt.pyscript_ver}/", f"{folder}/"), encoding="utf-8")
    return folder


def prune_pyscript(tmp: Path, folder: str, precache: list[str]) -> None:
    """Keep only the PyScript files the page loads (the precache list): no source maps, and none
    of the chunks only other pages load lazily (editor, terminal, MicroPython, TOML)."""
    keep = set(precache)
    for path in sorted((tmp / folder).rglob("*")):
        if path.is_file() and path.relative_to(tmp).as_posix() not in keep:
            path.unlink()


def content_folder(tmp: Path, archive: Path) -> str:
    """Copy ``archive`` into wheels/<sha256[:12]>/ (a URL that changes with its content, so it
    can be cached forever); returns its site path."""
    digest = hashlib.sha256(archive.read_bytes()).hexdigest()[:12]
    (tmp / "wheels" / digest).mkdir(parents=True, exist_ok=True)
    shutil.copyfile(archive, tmp / "wheels" / digest / archive.name)
    return f"wheels/{digest}/{archive.name}"


def preload_startup(
    tmp: Path, pyscript_folder: str, fetched: list[str], modules: tuple[str, ...] = ()
) -> None:
    """Start, with the page, the downloads PyScript would start only once it reaches them: its
    core chunk (imported by core.js), then main.py, pyscript.json and the archives (fetched
    only after the interpreter is up, then on the start's critical path) and ``modules`` (the
    snapshot build's interpreter module, imported only when PyScript reaches it). The links go just
    before core.js's script tag in site/index.html; a preload the page does not use would
    cost a download, so e2e/test_boot.py checks every one is used."""
    core = (tmp / pyscript_folder / "core.js").read_text(encoding="utf-8")
    chunks = re.findall(r"""from\s*["']\./(core-[\w-]+\.js)["']""", core)
    if len(chunks) != 1:
        fail(f"{pyscript_folder}/core.js: expected one import of a core-*.js chunk, found {chunks}")
    page = tmp / "index.html"
    html = page.read_text(encoding="utf-8")
    tag = f'<script type="module" src="./{pyscript_folder}/core.js"></script>'
    if html.count(tag) != 1:
        fail(f"web/index.html: expected the tag {tag} once")
    links = [
        f'<link rel="modulepreload" href="{url}">' for url in (f"./{pyscript_folder}/{chunks[0]}", *modules)
    ]
    links += [f'<link rel="preload" href="{url}" as="fetch" crossorigin>' for url in fetched]
    page.write_text(html.replace(tag, "\n  ".join([*links, tag])), encoding="utf-8")


def version_page_refs(tmp: Path) -> dict[str, str]:
    """Give the page's own files that keep their names (main.py, pyscript.json, style.css,
    sw-register.js: embed.js and other sites load them by name) a version in index.html:
    "./main.py?v=<sha256[:12]>". The service worker serves a request carrying the version its
    build has for that file from its cache without asking the server (the same bytes), so a
    warm start waits for no revalidation (issue 16: the worker never slows a load). Returns
    {path: version}, written into sw.js. Run again on a built site, it renews the versions."""
    page = tmp / "index.html"
    html = page.read_text(encoding="utf-8")
    versions = {}
    for name in VERSIONED_BY_QUERY:
        ref = re.compile(rf'="\./{re.escape(name)}(?:\?v=\w+)?"')
        if not ref.search(html):
            fail(f"web/index.html does not load ./{name}")
        versions[name] = hashlib.sha256((tmp / name).read_bytes()).hexdigest()[:12]
        html = ref.sub(f'="./{name}?v={versions[name]}"', html)
    page.write_text(html, encoding="utf-8")
    return versions


def snapshot_from_http_cache(sw: Path) -> None:
    """Have the service worker ``sw`` fetch snapshot.bin as it fetches the wasm: from the
    browser's HTTP cache, its own cache only offline (15 MiB through the worker's cache made
    warm loads slower than the build without a snapshot)."""
    text = sw.read_text(encoding="utf-8")
    if text.count(SW_WASM_TEST) != 1:
        fail("web/sw.js: the wasm's test was not found once: check snapshot_from_http_cache()")
    sw.write_text(text.replace(SW_WASM_TEST, SW_WASM_OR_SNAPSHOT_TEST), encoding="utf-8")


def package_archives(
    tmp: Path, wheel: Path, app: Path, rt: Runtime, precompiled: bool, trimmed: bool
) -> tuple[Runtime, list[str], str]:
    """Put the page's Python into the site: the later archive (split_later: from app.zip and the
    stdlib), the engine's wheel (split_engine: gin_core, from app.zip), app.zip. Each keeps
    its name (Pyodide reads a wheel's) inside a folder named by its content hash, so it can be
    cached forever and a rebuilt engine still gets a new URL. Returns the runtime with the
    stdlib left, the URLs PyScript fetches at start (app.zip, the wheel) and later.zip's."""
    epoch = source_date_epoch()
    (app, stdlib), later = split_later(app.parent / "split", [app, rt.stdlib_zip], epoch, trimmed)
    rt = Runtime(rt.pyodide_dir, rt.pyodide_ver, stdlib, rt.pyscript_dir, rt.pyscript_ver, rt.snapshot)
    later_url = "./" + content_folder(tmp, later)
    engine = split_engine(app, wheel, engine_wheel.python_tag(rt.python_version(), precompiled), epoch)
    add_manifest(app, later_url, later_modules(trimmed), epoch)
    return rt, ["./" + content_folder(tmp, app), "./" + content_folder(tmp, engine)], later_url


def site_packages(rt: Runtime) -> str:
    """Where Pyodide installs packages: /lib/python3.14/site-packages (site.getsitepackages())."""
    major, minor = rt.python_version().split(".")[:2]
    return f"/lib/python{major}.{minor}/site-packages"


def assemble(
    tmp: Path, web: Path, wheel: Path, app: Path, rt: Runtime, precompiled: bool, trimmed: bool = False
) -> None:
    """Fill ``tmp`` with the site (see the module's docstring, step 3)."""
    shutil.copytree(web, tmp, ignore=shutil.ignore_patterns("ginweb", ".DS_Store", "README.md"))
    rt, archives, later_url = package_archives(tmp, wheel, app, rt, precompiled, trimmed)
    engine_url = next(url for url in archives if url.endswith(".whl"))
    pyodide_folder = copy_pyodide(tmp, rt)
    pyscript_folder = drop_plugins(tmp, rt)
    interpreter = "./" + (
        copy_snapshot(tmp, rt.snapshot, pyodide_folder) if rt.snapshot else f"{pyodide_folder}/pyodide.mjs"
    )
    write_pyscript_config(web, tmp, interpreter, archives, site_packages=site_packages(rt))
    # the puzzle page (puzzle.html) needs the later archive's puzzles at once: puzzle.py fetches
    # it first (its gin_core modules go beside the installed engine's)
    write_pyscript_config(web, tmp, interpreter, archives, PUZZLE_CONFIG, site_packages(rt))
    versions = version_page_refs(tmp)
    startup = [f"./main.py?v={versions['main.py']}", f"./pyscript.json?v={versions['pyscript.json']}"]
    snapshot = [f"{posixpath.dirname(interpreter)}/{SNAPSHOT_NAME}"] if rt.snapshot else []
    preload_startup(
        tmp,
        pyscript_folder,
        [*snapshot, *startup, *archives],
        (interpreter,) if rt.snapshot else (),
    )
    if not (tmp / "sw.js").is_file():
        fail("web/sw.js (the service worker template) is missing")
    if rt.snapshot:
        snapshot_from_http_cache(tmp / "sw.js")
    precache = sorted({*precache_list(tmp), _local(later_url)})
    prune_pyscript(tmp, pyscript_folder, precache)
    build_id = write_service_worker(tmp, precache, versions)
    info = {
        "gin_core_version": wheel.name.split("-")[1],  # find_wheel checked the name (WHEEL_RE)
        "app": archives[0],
        "later": later_url,
        "engine": engine_url,
        "pyodide_version": rt.pyodide_ver,
        "pyscript_version": rt.pyscript_ver,
        "interpreter": interpreter,
        "pyscript_core": f"./{pyscript_folder}/core.js",
        "build_id": build_id,
        "precompiled": precompiled,
        "trimmed": trimmed,
        "service_worker": "./sw.js",
        "precache": precache,
        "versions": versions,
    }
    if rt.snapshot:
        info["snapshot"] = snapshot[0]
    (tmp / "build-info.json").write_text(json.dumps(info, indent=2) + "\n")
    write_engine_info(tmp, engine_url, rt)


if __name__ == "__main__":
    raise SystemExit(main())
