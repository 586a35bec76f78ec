#!/usr/bin/env node
// Precompile the page's Python with the runtime's own interpreter (Pyodide's CPython 3.14 under
// Node), at build time, so the browser does not compile ~150 standard-library modules from
// source at every start (Pyodide's python_stdlib.zip holds no .pyc; that compile was ~70% of
// the time to playable).
//
//   node scripts/precompile.mjs --modules scripts/precompile_modules.txt \
//        --stdlib-out OUT/python_stdlib.zip --app-out OUT/app-pyc.zip \
//        --app gin_core=DIR --app ginweb=DIR --app pyscript=DIR --entry web/main.py [--trim 1|0]
//
// Writes
//   --stdlib-out  Pyodide's python_stdlib.zip with every module of the list, every module the
//                 page's code names in an import statement (--entry, the ginweb and pyscript
//                 packages and the gin_core modules they reach: page_imports) and every stdlib
//                 module those import (imported here to find out; but the frozen ones, which
//                 the interpreter never reads from the zip), as a sourceless .pyc
//                 (hash-based, unchecked: there is no source to check against; compiled as
//                 python -OO would, without docstrings and asserts, but for Pyodide's own
//                 packages, which keep their asserts). With --trim 1
//                 (the default) nothing else: the page cannot import the rest of the standard
//                 library (e2e/test_lean.py runs every part of the page on it); --trim 0 keeps
//                 every other module as .py. Entries are stored, not deflated: HTTP compression
//                 does better on the wire.
//   --app-out     a zip of the packages given by --app NAME=DIR, compiled: gin_core and ginweb
//                 (SOURCELESS) as <package>/<module>.pyc, sourceless (hash-based, unchecked; with
//                 their asserts, as the tests run them, no docstring but a decorated class's
//                 and no annotation of a function: lean_tree): the page ships no source
//                 of them, and tracebacks still name the file and line
//                 (/home/pyodide/ginweb/<module>.py; gin_core's as installed from its wheel,
//                 /lib/python3.14/site-packages/gin_core/<module>.py); PyScript's
//                 package as <package>/__pycache__/<module>.cpython-3XX.pyc (checked hash-based
//                 .pyc: PyScript writes its sources, and Python compares them with the source's
//                 hash, so a stale one is recompiled, never run). The page unpacks it into its
//                 working directory. It also holds dataclass_code.marshal: the code of every
//                 function @dataclass generates as gin_core is imported, by the SHA-256 of its
//                 text (ginweb/kit/codecache.py runs it instead of compiling the text: that
//                 compiling was most of the page's import of gin_core).
// Every .pyc is compiled without column positions (PYTHONNODEBUGRANGES, as python -X
// no_debug_ranges: a quarter of the compressed bytes of a .pyc): they only place the ^^^ of a
// traceback under its source line, and the page ships no source; file and line numbers stay.
// Prints a JSON report (compiled module names, seeds that failed to import) on stdout.
// The same inputs give the same bytes: entries in a fixed order with fixed timestamps, and
// hash-based .pyc (no mtime inside).
//
// Why not pyodide-build's `pyodide py-compile`: it compiles with the host's Python (3.11/3.13
// here), whose bytecode Pyodide's 3.14 rejects ("bad magic number"). See docs/startup.md.

import fs from "node:fs";
import process from "node:process";
import { loadPyodide } from "pyodide";

import { copyTree, failsAs, parseArgs } from "./node_cli.mjs";

const die = failsAs("precompile");
const parseOptions = (argv) =>
  parseArgs(argv, ["modules", "stdlib-out", "app-out", "entry"], die, ["trim"]);

// Runs inside Pyodide: /in/modules.txt (seeds), /in/app/<pkg>/... (sources) -> /out/*.zip
const PYTHON = String.raw`
import ast, importlib, importlib.util, json, os, posixpath, site, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

ZIP = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
EPOCH = (1980, 1, 1, 0, 0, 0)

DOCUMENTED = (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)

def lean_tree(source, filename, signatures):
    """The module's syntax tree without the docstrings of the module, its functions and its
    classes, but a decorated class's (@dataclass makes one with inspect.signature at import when
    it has none), and, unless 'signatures', without the annotations of its functions' parameters
    and returns (a class's field annotations stay: dataclasses and Frozen read them): nothing in
    the page reads them (docs/startup.md). Asserts and line numbers stay."""
    tree = ast.parse(source, filename)
    for node in ast.walk(tree):
        if not signatures and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            node.returns = None
            args = node.args
            for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]:
                if arg is not None:
                    arg.annotation = None
        if not isinstance(node, DOCUMENTED) or getattr(node, "decorator_list", None):
            continue
        first = node.body[0] if node.body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
            node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
    return tree

def pyc(source, filename, checked, optimize=0, lean=None):
    """'lean': None compiles the source as it is; "docstrings" or "signatures" (docstrings and
    functions' annotations) what lean_tree leaves of it."""
    tree = source if lean is None else lean_tree(source, filename, signatures=lean == "docstrings")
    code = compile(tree, filename, "exec", dont_inherit=True, optimize=optimize)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked))

def entry(name, date_time):
    info = zipfile.ZipInfo(name, date_time)
    info.compress_type = zipfile.ZIP_STORED
    info.external_attr = 0o100644 << 16  # a regular file, rw-r--r--
    return info

def stdlib_closure(seeds, scanned):
    failed = {}
    for name in seeds:
        try:
            importlib.import_module(name)
        except Exception as exc:  # reported: a seed that does not import here is still listed
            failed[name] = f"{type(exc).__name__}: {exc}"
    for name in scanned:  # what the page's code names: js, pyodide.ffi's names... may not import
        try:
            importlib.import_module(name)
        except Exception:
            pass
    # a frozen module (os, io, abc, codecs, importlib's bootstrap, site...: the interpreter's
    # own copy, built into the wasm) names its file in the zip but never reads it
    files = {getattr(m, "__file__", None) or "" for m in list(sys.modules.values())
             if getattr(getattr(m, "__spec__", None), "origin", None) != "frozen"}
    return sorted(f[len(ZIP) + 1:] for f in files if f.startswith(ZIP + "/") and f.endswith(".py")), failed

APP_PACKAGES = ("gin_core", "ginweb", "pyscript")
# the page's own packages ship compiled only (no source: docs/startup.md), as the
# stdlib does; PyScript writes its package's sources itself, so its .pyc stay checked caches
SOURCELESS = ("gin_core", "ginweb")
# the packages the page installs as wheels (Pyodide's package loader: site-packages), not from app.zip
INSTALLED = {"gin_core": site.getsitepackages()[0]}

def module_file(name):
    base = "/in/app/" + name.replace(".", "/")
    for path in (base + ".py", base + "/__init__.py"):
        if os.path.isfile(path):
            return path
    return None

def imports_of(path, package):
    """Every module name an import statement of the file 'path' (in 'package') names, at
    any depth (a function's lazy import too), with its parents: "a.b.c" gives a, a.b, a.b.c."""
    with open(path, "rb") as fh:
        tree = ast.parse(fh.read(), path)
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                module = base + ("." + node.module if node.module else "")
            else:
                module = node.module
            names.add(module)
            names |= {f"{module}.{a.name}" for a in node.names if a.name != "*"}
    return {".".join(n.split(".")[:i]) for n in names for i in range(1, n.count(".") + 2)}

def page_imports(entry_file):
    """The modules outside the page's own packages that the page's code can import: the import
    statements of the entry point (main.py), of every module of ginweb and pyscript, and of the
    gin_core modules those reach (followed through the import graph; gin_core's tools, the
    command line's arena and benchmarks, are not reached)."""
    queue = [(entry_file, "")]
    for package in ("ginweb", "pyscript"):
        for folder, dirs, files in sorted(os.walk(f"/in/app/{package}")):
            for name in sorted(f for f in files if f.endswith(".py")):
                rel = os.path.relpath(os.path.join(folder, name), "/in/app")[:-3].replace("/", ".")
                module = rel.removesuffix(".__init__")
                queue.append((os.path.join(folder, name),
                              module if name == "__init__.py" else module.rpartition(".")[0]))
    seen, outside = {path for path, _ in queue}, set()
    while queue:
        path, package = queue.pop()
        for name in imports_of(path, package):
            if name.split(".")[0] not in APP_PACKAGES:
                outside.add(name)
                continue
            found = module_file(name)
            if found and found not in seen:
                seen.add(found)
                queue.append((found, name if found.endswith("__init__.py") else name.rpartition(".")[0]))
    return sorted(outside)

def write_stdlib(sources, out, trim):
    """python_stdlib.zip with the modules 'sources' as .pyc and, unless 'trim', every other
    module as it comes; stored (not deflated): the server's brotli/gzip compresses it better on
    the wire than the zip's deflate would (docs/startup.md)."""
    keep_dirs = {posixpath.dirname(s) + "/" for s in sources}
    with zipfile.ZipFile(ZIP) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            data = src.read(info)
            if info.filename in sources:
                # as python -OO compiles it (no docstrings, no asserts: the standard library is
                # made to run so); Pyodide's own packages keep their asserts and annotations
                # (_pyodide/jsbind.py reads type hints), not their docstrings (the JavaScript
                # proxies' methods get theirs from _core_docs's functions, "" when they have
                # none: _pyodide/docstring.py)
                pyodide = info.filename.startswith(("_pyodide/", "pyodide/"))
                how = {"lean": "docstrings"} if pyodide else {"optimize": 2}
                dst.writestr(entry(info.filename[:-3] + ".pyc", info.date_time),
                             pyc(data, f"{ZIP}/{info.filename}", checked=False, **how))
            elif not trim or (info.is_dir() and info.filename in keep_dirs):
                dst.writestr(entry(info.filename, info.date_time), data)

def write_app(root, out):
    tag = sys.implementation.cache_tag
    names = []
    with zipfile.ZipFile(out, "w") as dst:
        for folder, dirs, files in sorted(os.walk(root)):
            dirs.sort()
            for name in sorted(f for f in files if f.endswith(".py")):
                rel = os.path.relpath(os.path.join(folder, name), root)
                with open(os.path.join(folder, name), "rb") as fh:
                    source = fh.read()
                # where the page's files are: gin_core in site-packages (the page installs its
                # wheel), the rest in the working directory (PyScript unpacks app.zip there)
                top = rel.split("/")[0]
                runtime_path = f"{INSTALLED.get(top, '/home/pyodide')}/{rel}"
                if top in SOURCELESS:
                    target = rel[:-3] + ".pyc"
                    code = pyc(source, runtime_path, checked=False, lean="signatures")
                else:
                    target = f"{os.path.dirname(rel)}/__pycache__/{name[:-3]}.{tag}.pyc".lstrip("/")
                    code = pyc(source, runtime_path, checked=True)
                dst.writestr(entry(target, EPOCH), code)
                names.append(rel)
    return names

def dataclass_code(archive):
    """Add to 'archive' the code of every text dataclasses compiles as gin_core (and its analysis) is imported
    ({sha256 of the text: code}, marshal: ginweb/kit/codecache.py runs it in the page instead
    of compiling the text). After the stdlib's closure: gin_core's imports add nothing to it."""
    import dataclasses, hashlib, marshal
    codes = {}
    def record(source, globals_=None, locals_=None):
        code = compile(source, "<string>", "exec")
        codes[hashlib.sha256(source.encode()).digest()] = code
        exec(code, globals_, locals_)
    dataclasses.exec = record
    sys.path.insert(0, "/in/app")
    try:
        importlib.import_module("gin_core")
        importlib.import_module("gin_core.analysis")  # a door of its own, imported at start too
    finally:
        del dataclasses.exec
        sys.path.remove("/in/app")
    with zipfile.ZipFile(archive, "a") as dst:
        dst.writestr(entry("dataclass_code.marshal", EPOCH), marshal.dumps(codes))
    return len(codes)

seeds = [l.split("#")[0].strip() for l in open("/in/modules.txt").read().splitlines()]
seeds = [s for s in seeds if s]
scanned = page_imports("/in/entry.py")
sources, failed = stdlib_closure(seeds, scanned)
write_stdlib(set(sources), "/out/python_stdlib.zip", TRIM)
app = write_app("/in/app", "/out/app-pyc.zip")
dataclasses_compiled = dataclass_code("/out/app-pyc.zip")
json.dumps({"python": sys.version.split()[0], "stdlib_compiled": sources, "scanned": scanned,
            "seeds_failed": failed, "app_compiled": app, "dataclass_code": dataclasses_compiled})
`;

async function main() {
  const args = parseOptions(process.argv.slice(2));
  const pyodide = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
  const FS = pyodide.FS;
  FS.mkdirTree("/in/app");
  FS.mkdirTree("/out");
  FS.writeFile("/in/modules.txt", fs.readFileSync(args.modules));
  FS.writeFile("/in/entry.py", fs.readFileSync(args.entry));
  for (const [name, dir] of args.app) copyTree(FS, dir, `/in/app/${name}`);
  const trim = (args.trim ?? "1") === "1" ? "True" : "False";
  const report = JSON.parse(pyodide.runPython(`TRIM = ${trim}\n` + PYTHON));
  fs.writeFileSync(args["stdlib-out"], FS.readFile("/out/python_stdlib.zip"));
  fs.writeFileSync(args["app-out"], FS.readFile("/out/app-pyc.zip"));
  process.stdout.write(JSON.stringify(report) + "\n");
}

main().catch((err) => die(err.stack || String(err)));
