#!/usr/bin/env node
// Make a memory snapshot of Pyodide after the page's safe imports, at build time, with the very
// runtime the site ships (its folder: pyodide.asm.mjs without JSPI, the precompiled stdlib zip),
// so the browser restores an interpreter that has already imported them (build_site.py
// --snapshot; docs/startup.md).
//
//   node scripts/snapshot.mjs --runtime SITE/runtime/pyodide-<ver>-<hash> --modules LIST \
//        --app gin_core=DIR --app ginweb=DIR --app-pyc APP-PYC.ZIP --out snapshot.bin
//
// Imports, inside Pyodide under Node:
//   - every standard-library module of --modules (scripts/precompile_modules.txt) that imports;
//   - gin_core and each of its modules, from /home/pyodide (where the page unpacks app.zip, so
//     file names in code objects are the page's), with app-pyc.zip's .pyc (next to the sources
//     copied there: the source loader goes first, so the snapshot's modules are compiled here);
//   - each ginweb module whose import reaches neither js, pyodide nor pyscript (a module that
//     does would bind Node's globals, or fail on the missing document): tried with those names
//     refused, and left out when refused.
// Fails when a random generator other than random's own was made at import (the wrapper
// reseeds that one only). What the snapshot carries from Node (random's state, os.environ's
// LANG, sys._emscripten_info, the time zone) is put right by the wrapper module at every
// restore (scripts/snapshot_loader.mjs); the hash seed cannot be. Prints a JSON report (modules
// in the snapshot, ginweb modules left out, bytes) on stdout.

import fs from "node:fs";
import path from "node:path";
import process from "node:process";
import { pathToFileURL } from "node:url";

import { copyTree, failsAs, parseArgs } from "./node_cli.mjs";

const die = failsAs("snapshot");
const parseOptions = (argv) => parseArgs(argv, ["runtime", "modules", "app-pyc", "out"], die);

// Runs inside Pyodide, cwd /home/pyodide (the page's): /in/modules.txt lists the stdlib seeds,
// /in/app-pyc.zip holds the app's .pyc.
const PYTHON = String.raw`
import builtins, gc, importlib, json, os, sys, zipfile

REFUSED = {"js", "pyodide", "pyscript", "_pyodide"}

def stdlib(seeds):
    failed = []
    for name in seeds:
        if name.split(".")[0] in REFUSED:
            continue  # Pyodide's own: imported by its bootstrap already, or bound to js
        try:
            importlib.import_module(name)
        except Exception:
            failed.append(name)
    return failed

def modules_of(package):
    """The package's module names, from its files (no pkgutil: the site's stdlib is trimmed to
    what the page imports, and the page does not import pkgutil)."""
    top = os.path.dirname(importlib.import_module(package).__file__)
    names = []
    for folder, dirs, files in sorted(os.walk(top)):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        rel = os.path.relpath(folder, os.path.dirname(top)).replace(os.sep, ".")
        for name in sorted(f for f in files if f.endswith(".py")):
            names.append(rel if name == "__init__.py" else f"{rel}.{name[:-3]}")
    return names

def without_js(names):
    """Import each of names with js, pyodide and pyscript refused; returns those refused."""
    real = builtins.__import__
    def guarded(name, globals=None, locals=None, fromlist=(), level=0):
        if level == 0 and name.split(".")[0] in REFUSED:
            raise ImportError(f"{name} is not imported into the snapshot")
        return real(name, globals, locals, fromlist, level)
    builtins.__import__ = guarded
    left_out = []
    try:
        for name in names:
            try:
                importlib.import_module(name)
            except ImportError:
                left_out.append(name)
    finally:
        builtins.__import__ = real
    return left_out

with zipfile.ZipFile("/in/app-pyc.zip") as zf:
    zf.extractall("/home/pyodide")  # as the page unpacks it
seeds = [l.split("#")[0].strip() for l in open("/in/modules.txt").read().splitlines()]
failed = stdlib([s for s in seeds if s])
engine_left_out = without_js([m for m in modules_of("gin_core")  # but its command-line tools
                              if m.split(".")[1:2] != ["tools"] and not m.endswith(".__main__")])
page_left_out = without_js(modules_of("ginweb"))
if engine_left_out:
    raise SystemExit(f"gin_core modules that reach js: {engine_left_out}")
import random
stray = [type(o).__name__ for o in gc.get_objects()
         if isinstance(o, random.Random) and not isinstance(o, random.SystemRandom) and o is not random._inst]
if stray:  # the wrapper reseeds random's own generator only: any other would repeat its numbers
    raise SystemExit(f"random generators made at import would be the same at every restore: {stray}")
# what importlib.invalidate_caches() does for the path entries (their finders are made again, so
# they rescan their folders after the restore); it would also import importlib.metadata, which
# the site's trimmed stdlib leaves out (the page never imports it)
sys.path_importer_cache.clear()
gc.collect()
json.dumps({"stdlib_failed": failed, "ginweb_left_out": page_left_out,
            "app_modules": sorted(m for m in sys.modules if m.split(".")[0] in ("gin_core", "ginweb"))})
`;

// Half of the snapshot's memory pages are zeros: they are left out, so the browser reads half
// the bytes from its cache (scripts/snapshot_loader.mjs puts them back). Layout: four uint32
// (PACKED_MAGIC, the snapshot's length, PAGE, the page count), a byte per page (1: stored),
// then the stored pages in order (the last one may be short).
const PACKED_MAGIC = 0x676e7331; // "gns1"
const PAGE = 4096;

function withoutZeroPages(snapshot) {
  const pages = Math.ceil(snapshot.length / PAGE);
  const stored = new Uint8Array(pages);
  const kept = [];
  for (let i = 0; i < pages; i++) {
    const page = snapshot.subarray(i * PAGE, Math.min((i + 1) * PAGE, snapshot.length));
    if (page.some((byte) => byte !== 0)) {
      stored[i] = 1;
      kept.push(page);
    }
  }
  const head = new Uint8Array(new Uint32Array([PACKED_MAGIC, snapshot.length, PAGE, pages]).buffer);
  return Buffer.concat([head, stored, ...kept]);
}

async function main() {
  const args = parseOptions(process.argv.slice(2));
  const runtime = path.resolve(args.runtime) + "/";
  const { loadPyodide } = await import(pathToFileURL(path.join(runtime, "pyodide.mjs")).href);
  // As the page loads it (PyScript passes indexURL, stdout, stderr), plus: make a snapshot, and
  // the browser's program name instead of this script's path (sys.executable, $_).
  const pyodide = await loadPyodide({ indexURL: runtime, _makeSnapshot: true, _sysExecutable: "./this.program" });
  const FS = pyodide.FS;
  FS.mkdirTree("/in");
  FS.writeFile("/in/modules.txt", fs.readFileSync(args.modules));
  for (const [name, dir] of args.app) copyTree(FS, dir, `/home/pyodide/${name}`);
  FS.writeFile("/in/app-pyc.zip", fs.readFileSync(args["app-pyc"]));
  const report = JSON.parse(pyodide.runPython(PYTHON));
  const snapshot = pyodide.makeMemorySnapshot();
  const packed = withoutZeroPages(snapshot);
  fs.writeFileSync(args.out, packed);
  Object.assign(report, { bytes: snapshot.length, packed_bytes: packed.length });
  process.stdout.write(JSON.stringify(report) + "\n");
}

main().catch((err) => die(err.stack || String(err)));
