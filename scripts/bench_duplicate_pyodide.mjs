#!/usr/bin/env node
// scripts/bench_duplicate.py inside Pyodide under Node: the daily's duplicate replays where the
// page runs them (the same interpreter, no browser, no painting between slices). The source
// tree's gin_core and the page's package are copied into Pyodide's file system; nothing is
// fetched from the network.
//
//   node scripts/bench_duplicate_pyodide.mjs [--days N] [--hands N] [--levels expert1x expert ...]

import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { runInPyodide } from "./node_cli.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
await runInPyodide(ROOT, "bench_duplicate", process.argv.slice(2));
