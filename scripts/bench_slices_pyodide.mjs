#!/usr/bin/env node
// scripts/bench_slices.py inside Pyodide under Node: the judging jobs' slices where the page
// runs them (the same interpreter, no browser, no painting between slices), timed in the Node
// process's CPU time. The source tree's gin_core and the page's package are copied into
// Pyodide's file system; nothing is fetched from the network.
//
//   node scripts/bench_slices_pyodide.mjs [--presets classic eaai ...] [--hands N] [--seed N]

import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { runInPyodide } from "./node_cli.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
await runInPyodide(ROOT, "bench_slices", process.argv.slice(2));
