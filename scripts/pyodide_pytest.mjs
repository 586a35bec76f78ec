#!/usr/bin/env node
// Run the test suite inside Pyodide (CPython 3.14 compiled to WebAssembly) under Node.js,
// against the built gin_core wheel, the way the browser will run the engine.
//
//   node scripts/pyodide_pytest.mjs                    # = pytest tests
//   node scripts/pyodide_pytest.mjs -x -k melds        # extra pytest args are passed through
//   node scripts/pyodide_pytest.mjs /tmp/t/test_x.py   # any path; its folder is mounted
//
// Needs: `npm ci` (node_modules/pyodide), the wheel in dist/ (scripts/build_site.py) and the
// pure-Python test wheels in vendor-wheels/ (scripts/setup.sh, from scripts/requirements-pyodide.txt).
// Nothing is fetched from the network: every wheel is loaded from a local file.
//
// Inside Pyodide:
//   - the repo root is mounted (NODEFS) at its own absolute path and is the cwd, so pytest
//     picks up pyproject.toml ([tool.pytest.ini_options]) and paths look the same as on the host;
//   - gin_core is imported from the wheel (site-packages) BEFORE pytest starts, so the source
//     tree can never shadow it; the script fails if it did;
//   - os.environ["GIN_PYODIDE"] = "1" so tests/conftest.py can tell where it runs (Pyodide has its
//     own os.environ: only GIN_*, HYPOTHESIS_* and PYTEST_ADDOPTS are copied from the host);
//   - a Hypothesis profile "gin-pyodide" is registered and loaded: max_examples from
//     GIN_PYODIDE_MAX_EXAMPLES (default 25), deadline=None, no example database.
//     A conftest that loads its own profile overrides it.
//   - bytecode writing and the pytest cache plugin are off (nothing written into the repo).
//
// Env: GIN_WHEEL=path (default: the single dist/gin_core-*.whl), GIN_PYODIDE_MAX_EXAMPLES=N,
//      VENDOR_WHEELS=dir (default vendor-wheels/).
// Exit code: pytest's (0 ok, 1 failures, 2 interrupted/collection errors, 5 no tests), or 3 when
// the set-up itself failed (missing wheel, package load error, ...).

import fs from "node:fs";
import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { loadPyodide, version as pyodideVersion } from "pyodide";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SETUP_FAILED = 3;

function die(msg) {
  process.stderr.write(`pyodide_pytest: error: ${msg}\n`);
  process.exit(SETUP_FAILED);
}

function log(msg) {
  process.stderr.write(`pyodide_pytest: ${msg}\n`);
}

// ---- which wheels -------------------------------------------------------------------------
function findGinWheel() {
  if (process.env.GIN_WHEEL) {
    const w = path.resolve(process.env.GIN_WHEEL);
    if (!fs.existsSync(w)) die(`GIN_WHEEL=${w} does not exist`);
    return w;
  }
  const dist = path.join(ROOT, "dist");
  const wheels = fs.existsSync(dist)
    ? fs.readdirSync(dist).filter((f) => /^gin_core-.+-py3-none-any\.whl$/.test(f))
    : [];
  if (wheels.length !== 1) {
    die(`expected exactly one dist/gin_core-*-py3-none-any.whl, found [${wheels.join(", ")}]; ` +
        "run `python scripts/build_site.py` (or make site)");
  }
  const wheel = path.join(dist, wheels[0]);
  const newer = newestSource(path.join(ROOT, "gin_core"), fs.statSync(wheel).mtimeMs);
  if (newer) {
    die(`dist/${wheels[0]} is older than ${path.relative(ROOT, newer)}: the tests would run ` +
        "an engine that is not the checkout's; run `make site` (or set GIN_WHEEL)");
  }
  return wheel;
}

// A gin_core source changed after the wheel was built (null if none): a stale wheel once gave
// false failures. Any newer .py counts, a checkout's touch included (a rebuild is cheap).
function newestSource(dir, since) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== "__pycache__") {
      const found = newestSource(file, since);
      if (found) return found;
    } else if (entry.name.endsWith(".py") && fs.statSync(file).mtimeMs > since) {
      return file;
    }
  }
  return null;
}

function vendorWheels() {
  const dir = path.resolve(process.env.VENDOR_WHEELS || path.join(ROOT, "vendor-wheels"));
  const reqFile = path.join(ROOT, "scripts", "requirements-pyodide.txt");
  const wanted = fs.readFileSync(reqFile, "utf8")
    .split("\n")
    .map((l) => l.replace(/#.*/, "").trim())
    .filter(Boolean)
    .map((l) => l.split(/\s+/)[0]);
  const have = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".whl")) : [];
  const norm = (s) => s.toLowerCase().replace(/[-_.]+/g, "_");
  const out = [];
  for (const spec of wanted) {
    const [name, version] = spec.split("==");
    const file = have.find((f) => {
      const [n, v] = f.split("-");
      return norm(n) === norm(name) && v === version;
    });
    if (!file) die(`${dir} has no wheel for ${spec}; run scripts/setup.sh (or make setup)`);
    out.push(path.join(dir, file));
  }
  return out;
}

// ---- pytest args: which paths to mount ------------------------------------------------------
const VALUE_OPTS = new Set([
  "-k", "-m", "-p", "-c", "-o", "-W", "-r", "--rootdir", "--confcutdir", "--basetemp",
  "--deselect", "--ignore", "--ignore-glob", "--tb", "--maxfail", "--junitxml", "--junit-xml",
  "--durations", "--durations-min", "--hypothesis-profile", "--hypothesis-seed",
  "--hypothesis-verbosity", "--import-mode", "--log-level", "--color", "--capture",
  "--override-ini", "--config-file",
]);

function positionalArgs(args) {
  const out = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "--") { out.push(...args.slice(i + 1)); break; }
    if (a.startsWith("-")) {
      if (VALUE_OPTS.has(a)) i++; // skip its value
      continue;
    }
    out.push(a);
  }
  return out;
}

function isInside(child, parent) {
  const rel = path.relative(parent, child);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}

// ---- main -------------------------------------------------------------------------------------
const userArgs = process.argv.slice(2);
const positional = positionalArgs(userArgs);
const pytestArgs = [...userArgs];
if (positional.length === 0) pytestArgs.push("tests");

const mounts = [ROOT]; // host dirs, mounted at the same absolute path
for (const p of positional) {
  const host = path.resolve(ROOT, p.split("::")[0]);
  if (!fs.existsSync(host)) continue; // let pytest report it
  const dir = fs.statSync(host).isDirectory() ? host : path.dirname(host);
  if (!mounts.some((m) => isInside(dir, m))) mounts.push(dir);
}

const ginWheel = findGinWheel();
const wheels = [...vendorWheels(), ginWheel];

const t0 = performance.now();
// Pyodide has its own os.environ; pass through GIN_*, HYPOTHESIS_* and PYTEST_ADDOPTS
const env = { HOME: "/home/pyodide" };
for (const [k, v] of Object.entries(process.env)) {
  if (/^(GIN_|HYPOTHESIS_)/.test(k) || k === "PYTEST_ADDOPTS") env[k] = v;
}
const pyodide = await loadPyodide({ env });
// host stdout/stderr verbatim (raw writes keep pytest's progress dots and line endings)
pyodide.setStdout({ write: (buf) => { process.stdout.write(buf); return buf.length; } });
pyodide.setStderr({ write: (buf) => { process.stderr.write(buf); return buf.length; } });
const tBoot = performance.now();

const loadErrors = [];
try {
  await pyodide.loadPackage(wheels, {
    messageCallback: () => {},
    errorCallback: (msg) => loadErrors.push(msg),
    checkIntegrity: false, // local files, not in pyodide-lock.json
  });
} catch (err) {
  loadErrors.push(String(err && err.message ? err.message : err));
}
if (loadErrors.length) die(`loadPackage reported errors:\n  ${loadErrors.join("\n  ")}`);
const tLoad = performance.now();

for (const m of mounts) {
  pyodide.FS.mkdirTree(m);
  pyodide.mountNodeFS(m, m);
}

const maxExamples = Number.parseInt(process.env.GIN_PYODIDE_MAX_EXAMPLES || "25", 10);
if (!Number.isInteger(maxExamples) || maxExamples < 1) die("GIN_PYODIDE_MAX_EXAMPLES must be a positive integer");

pyodide.globals.set("_ROOT", ROOT);
pyodide.globals.set("_ARGS", pyodide.toPy(pytestArgs));
pyodide.globals.set("_MAX_EXAMPLES", maxExamples);
pyodide.globals.set("_WANT_WHEEL", path.basename(ginWheel));

let exitCode;
try {
  exitCode = await pyodide.runPythonAsync(`
import os, sys, importlib
os.environ["GIN_PYODIDE"] = "1"
os.environ["GIN_PYODIDE_MAX_EXAMPLES"] = str(_MAX_EXAMPLES)
sys.dont_write_bytecode = True

# every vendored package must be installed (loadPackage does not raise on its own)
from importlib import metadata
for dist in ("pytest", "pluggy", "iniconfig", "packaging", "pygments", "hypothesis", "sortedcontainers"):
    metadata.version(dist)  # PackageNotFoundError if missing
import pytest

# the engine must come from the wheel, never from the mounted source tree: import it while
# the cwd ('' on sys.path) is still /home/pyodide; once in sys.modules it cannot be shadowed
import gin_core
_file = os.path.realpath(gin_core.__file__)
if _file.startswith(os.path.realpath(_ROOT) + os.sep) or "site-packages" not in _file:
    raise RuntimeError(f"gin_core imported from {_file}, not from the wheel")
_ver = metadata.version("gin_core")
if f"gin_core-{_ver}-" not in _WANT_WHEEL or getattr(gin_core, "__version__", _ver) != _ver:
    raise RuntimeError(f"gin_core version mismatch: wheel {_WANT_WHEEL}, metadata {_ver}, "
                     f"__version__ {getattr(gin_core, '__version__', None)}")

class _GinPyodidePlugin:
    """Registers + loads the Hypothesis profile before any conftest is imported (so a conftest
    can still override it), and after pytest marked hypothesis for assertion rewriting."""

    def pytest_report_header(self, config):
        from hypothesis import settings
        s = settings.default
        return (f"gin-pyodide: GIN_PYODIDE=1, gin_core {_ver} from the wheel; active hypothesis "
                f"profile {settings.get_current_profile_name()!r} (max_examples={s.max_examples})")

    @pytest.hookimpl(tryfirst=True)
    def pytest_load_initial_conftests(self, early_config, parser, args):
        from hypothesis import HealthCheck, settings
        settings.register_profile(
            "gin-pyodide",
            max_examples=_MAX_EXAMPLES,
            deadline=None,
            database=None,
            suppress_health_check=[HealthCheck.too_slow],
        )
        settings.load_profile("gin-pyodide")

os.chdir(_ROOT)

import platform
print(f"pyodide_pytest: Python {platform.python_version()} ({sys.platform}), pytest {pytest.__version__}, "
      f"gin_core {_ver} from {os.path.dirname(_file)}; default hypothesis profile gin-pyodide "
      f"(max_examples={_MAX_EXAMPLES}) unless a conftest loads another", flush=True)
args = ["-p", "no:cacheprovider", *list(_ARGS)]
print("pyodide_pytest: pytest " + " ".join(args), flush=True)
int(pytest.main(args, plugins=[_GinPyodidePlugin()]))
`);
} catch (err) {
  die(`Python raised:\n${err && err.message ? err.message : err}`);
}
const tEnd = performance.now();
const s = (ms) => (ms / 1000).toFixed(1) + "s";
log(`Pyodide ${pyodideVersion}: boot ${s(tBoot - t0)}, load ${wheels.length} wheels ${s(tLoad - tBoot)}, ` +
    `pytest ${s(tEnd - tLoad)}, total ${s(tEnd - t0)}; exit code ${exitCode}`);
process.exitCode = exitCode;
