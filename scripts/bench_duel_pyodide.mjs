#!/usr/bin/env node
// scripts/bench_duel.py inside Pyodide under Node: the cost of a fair deal between two devices
// where the page will pay it. The source tree's gin_core is copied into Pyodide's file system
// (no wheel needed); nothing is fetched from the network.
//
//   node scripts/bench_duel_pyodide.mjs [HANDS] [SEED]

import fs from "node:fs";
import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { loadPyodide, version } from "pyodide";
import { copyTree } from "./node_cli.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pyodide = await loadPyodide();
copyTree(pyodide.FS, path.join(ROOT, "gin_core"), "/bench/gin_core");
pyodide.FS.writeFile("/bench/bench_duel.py", fs.readFileSync(path.join(ROOT, "scripts", "bench_duel.py")));
const args = process.argv.slice(2).map(Number).filter(Number.isInteger);
process.stdout.write(`Pyodide ${version}\n`);
pyodide.runPython(`
import sys
sys.path.insert(0, "/bench")
import bench_duel
bench_duel.main(*${JSON.stringify(args)})
`);
