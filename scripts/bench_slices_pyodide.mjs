#!/usr/bin/env node
// scripts/bench_slices.py inside Pyodide under Node: the judging jobs' slices where the
// page runs them (the same interpreter, no browser, no painting between slices), timed in the
// Node process's CPU time. The source tree's gin_core and the page's package are copied into
// Pyodide's file system; nothing is fetched from the network.
//
//   node scripts/bench_slices_pyodide.mjs [--presets classic eaai ...] [--hands N] [--seed N]

import fs from "node:fs";
import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { loadPyodide, version } from "pyodide";
import { copyTree } from "./node_cli.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pyodide = await loadPyodide();
copyTree(pyodide.FS, path.join(ROOT, "gin_core"), "/bench/gin_core");
copyTree(pyodide.FS, path.join(ROOT, "web", "ginweb"), "/bench/web/ginweb");
pyodide.FS.mkdirTree("/bench/scripts");
pyodide.FS.writeFile("/bench/scripts/bench_slices.py", fs.readFileSync(path.join(ROOT, "scripts", "bench_slices.py")));
process.stdout.write(`Pyodide ${version}\n`);
pyodide.runPython(`
import sys
sys.path.insert(0, "/bench/scripts")
import bench_slices
bench_slices.main(${JSON.stringify(process.argv.slice(2))})
`);
