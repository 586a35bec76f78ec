#!/usr/bin/env node
// scripts/page_think.py inside Pyodide under Node: the page's decision times per level where the
// page thinks (the same interpreter, no browser, no painting between slices). The source tree's
// gin_core, the script and the page's slice setting are copied into Pyodide's file system;
// nothing is fetched from the network.
//
//   node scripts/page_think_pyodide.mjs [--decisions N] [--seed S] [--levels hard expert ...]

import fs from "node:fs";
import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { loadPyodide, version } from "pyodide";
import { copyTree } from "./node_cli.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pyodide = await loadPyodide();
copyTree(pyodide.FS, path.join(ROOT, "gin_core"), "/bench/gin_core");
for (const file of ["scripts/page_think.py", "web/ginweb/kit/background.py"]) {
  pyodide.FS.mkdirTree(path.posix.dirname(`/bench/${file}`));
  pyodide.FS.writeFile(`/bench/${file}`, fs.readFileSync(path.join(ROOT, file)));
}
process.stdout.write(`Pyodide ${version}\n`);
pyodide.runPython(`
import sys
sys.path.insert(0, "/bench")
sys.path.insert(0, "/bench/scripts")
import page_think
page_think.main(${JSON.stringify(process.argv.slice(2))})
`);
