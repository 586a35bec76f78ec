#!/usr/bin/env node
// Precompile the page's Python with the runtime's own interpreter (Pyodide's CPython 3.14 under
// Node), at build time, so the browser does not compile ~150 standard-library modules from
// source at every start (Pyodide's python_stdlib.zip holds no .pyc; that compile was ~70% of
// the time to playable).
//
//   node scripts/precompile.mjs --modules scripts/precompile_modules.txt \
//        --stdlib-out OUT/python_stdlib.zip --app-out OUT/app-pyc.zip \
//        --app gin_core=DIR --app ginweb=DIR --app pyscript=DIR
//
// Writes
//   --stdlib-out  Pyodide's python_stdlib.zip with every module of the list, and every stdlib
//                 module they import (imported here to find out), replaced by a sourceless .pyc
//                 (hash-based, unchecked: there is no source to check against). Every other
//                 module keeps its .py: the rest of the standard library stays importable.
//   --app-out     a zip of <package>/__pycache__/<module>.cpython-3XX.pyc for the packages given
//                 by --app NAME=DIR (checked hash-based .pyc: Python compares them with the
//                 source's hash, so a stale one is recompiled, never run). The page unpacks it
//                 into its working directory, next to the packages' sources.
// and prints a JSON report (compiled module names, seeds that failed to import) on stdout.
// The same inputs give the same bytes: entries in a fixed order with fixed timestamps, and
// hash-based .pyc (no mtime inside).
//
// Why not pyodide-build's `pyodide py-compile`: it compiles with the host's Python (3.11/3.13
// here), whose bytecode Pyodide's 3.14 rejects ("bad magic number"). See README.md "Build".

import fs from "node:fs";
import process from "node:process";
import { loadPyodide } from "pyodide";

import { copyTree, failsAs, parseArgs } from "./node_cli.mjs";

const die = failsAs("precompile");
const parseOptions = (argv) => parseArgs(argv, ["modules", "stdlib-out", "app-out"], die);

// Runs inside Pyodide: /in/modules.txt (seeds), /in/app/<pkg>/... (sources) -> /out/*.zip
const PYTHON = String.raw`
import importlib, importlib.util, json, os, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

ZIP = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
EPOCH = (1980, 1, 1, 0, 0, 0)

def pyc(source, filename, checked):
    code = compile(source, filename, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked))

def entry(name, date_time):
    info = zipfile.ZipInfo(name, date_time)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o100644 << 16  # a regular file, rw-r--r--
    return info

def stdlib_closure(seeds):
    failed = {}
    for name in seeds:
        try:
            importlib.import_module(name)
        except Exception as exc:  # reported: a seed that does not import here is still listed
            failed[name] = f"{type(exc).__name__}: {exc}"
    files = {getattr(m, "__file__", None) or "" for m in list(sys.modules.values())}
    return sorted(f[len(ZIP) + 1:] for f in files if f.startswith(ZIP + "/") and f.endswith(".py")), failed

def write_stdlib(sources, out):
    with zipfile.ZipFile(ZIP) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            data = src.read(info)
            if info.filename in sources:
                dst.writestr(entry(info.filename[:-3] + ".pyc", info.date_time),
                             pyc(data, f"{ZIP}/{info.filename}", checked=False), compresslevel=9)
            else:
                dst.writestr(entry(info.filename, info.date_time), data, compresslevel=9)

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
                target = f"{os.path.dirname(rel)}/__pycache__/{name[:-3]}.{tag}.pyc".lstrip("/")
                runtime_path = f"/home/pyodide/{rel}"  # where PyScript puts the page's files
                dst.writestr(entry(target, EPOCH), pyc(source, runtime_path, checked=True), compresslevel=9)
                names.append(rel)
    return names

seeds = [l.split("#")[0].strip() for l in open("/in/modules.txt").read().splitlines()]
seeds = [s for s in seeds if s]
sources, failed = stdlib_closure(seeds)
write_stdlib(set(sources), "/out/python_stdlib.zip")
app = write_app("/in/app", "/out/app-pyc.zip")
json.dumps({"python": sys.version.split()[0], "stdlib_compiled": sources,
            "seeds_failed": failed, "app_compiled": app})
`;

async function main() {
  const args = parseOptions(process.argv.slice(2));
  const pyodide = await loadPyodide();
  const FS = pyodide.FS;
  FS.mkdirTree("/in/app");
  FS.mkdirTree("/out");
  FS.writeFile("/in/modules.txt", fs.readFileSync(args.modules));
  for (const [name, dir] of args.app) copyTree(FS, dir, `/in/app/${name}`);
  const report = JSON.parse(pyodide.runPython(PYTHON));
  fs.writeFileSync(args["stdlib-out"], FS.readFile("/out/python_stdlib.zip"));
  fs.writeFileSync(args["app-out"], FS.readFile("/out/app-pyc.zip"));
  process.stdout.write(JSON.stringify(report) + "\n");
}

main().catch((err) => die(err.stack || String(err)));
