// What the build's Node scripts (precompile.mjs, snapshot.mjs) share: failing with one line,
// reading "--key value" options (--app NAME=DIR repeatable, the others required), and copying a
// package's sources into Pyodide's file system; and what the benchmarks run in Pyodide share:
// a script of scripts/ run there with the source tree's packages (runInPyodide).

import fs from "node:fs";
import path from "node:path";
import process from "node:process";

/** A function that prints "<tool>: error: <msg>" and exits with 1. */
export function failsAs(tool) {
  return (msg) => {
    process.stderr.write(`${tool}: error: ${msg}\n`);
    process.exit(1);
  };
}

/** Options ``argv`` as {app: [[name, dir], ...], <key>: value}; every key of ``required``
    (without its "--") must be given once, of ``optional`` at most once, --app any number of
    times. */
export function parseArgs(argv, required, die, optional = []) {
  const args = { app: [] };
  for (let i = 0; i < argv.length; i += 2) {
    const [key, value] = [argv[i], argv[i + 1]];
    if (value === undefined) die(`${key} needs a value`);
    if (key === "--app") args.app.push(value.split("=", 2));
    else if ([...required, ...optional].includes(key.slice(2)) && key.startsWith("--")) args[key.slice(2)] = value;
    else die(`unknown option ${key}`);
  }
  for (const key of required) if (!args[key]) die(`--${key} is required`);
  return args;
}

/** Copy the .py files under ``from`` (no __pycache__) to ``to`` in Pyodide's FS, in name order. */
export function copyTree(FS, from, to) {
  FS.mkdirTree(to);
  for (const name of fs.readdirSync(from).sort()) {
    const src = path.join(from, name);
    if (name === "__pycache__") continue;
    if (fs.statSync(src).isDirectory()) copyTree(FS, src, `${to}/${name}`);
    else if (name.endsWith(".py")) FS.writeFile(`${to}/${name}`, fs.readFileSync(src));
  }
}

/** Run ``scripts/<name>.py``'s ``main(argv)`` inside Pyodide under Node, with the source tree's
    gin_core and the page's package copied into its file system (nothing fetched from the
    network); prints Pyodide's version first. */
export async function runInPyodide(root, name, argv) {
  const { loadPyodide, version } = await import("pyodide");
  const pyodide = await loadPyodide();
  copyTree(pyodide.FS, path.join(root, "gin_core"), "/bench/gin_core");
  copyTree(pyodide.FS, path.join(root, "web", "ginweb"), "/bench/web/ginweb");
  pyodide.FS.mkdirTree("/bench/scripts");
  pyodide.FS.writeFile(`/bench/scripts/${name}.py`, fs.readFileSync(path.join(root, "scripts", `${name}.py`)));
  process.stdout.write(`Pyodide ${version}\n`);
  pyodide.runPython(`
import sys
sys.path.insert(0, "/bench/scripts")
import ${name}
${name}.main(${JSON.stringify(argv)})
`);
}
