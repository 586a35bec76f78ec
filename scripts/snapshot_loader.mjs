// The interpreter module of a snapshot build (build_site.py --snapshot writes it, with the
// runtime folder's path filled in below, into runtime/snapshot-<hash>/ as
// gin-interpreter.mjs, next to snapshot.bin; pyscript.json's "interpreter" names it).
// PyScript imports the module its config names and calls its loadPyodide with stdout, stderr
// and indexURL (the module's folder: replaced by the runtime folder's): this one starts Pyodide
// from snapshot.bin (an interpreter that has already imported the page's safe modules, made
// under Node by scripts/snapshot.mjs) and then puts right what the snapshot froze at build
// time, before any of the page's code runs:
//   - random's generator: the same state after every restore; reseeded from os.urandom (the
//     browser's crypto.getRandomValues);
//   - os.environ: LANG from this browser's language as Emscripten sets it, and the options' env;
//   - sys._emscripten_info.runtime: "Node.js ..." becomes this browser's user agent;
//   - time.timezone, altzone, daylight, tzname: the build machine's zone (UTC) becomes this
//     browser's, computed as Emscripten's tzset does (C's tzname, behind localtime's tm_zone and
//     strftime's %Z, keeps the build's: the page only uses UTC);
//   - sys.path: Pyodide puts "" in front at every start, so the restored one has it twice.
// Not put right (cannot be after start-up): str/bytes hashes use the build's hash seed, the
// same for every visitor of one build (nothing in the page depends on hash order or secrecy).
import { loadPyodide as loadFresh, version } from "../RUNTIME/pyodide.mjs";

export { version };

const INDEX_URL = new URL("../RUNTIME/", import.meta.url).href;

const SNAPSHOT = new URL("./snapshot.bin", import.meta.url);

const AFTER_RESTORE = `
def _gin_after_restore(state):
    import os, random, sys, time
    random.seed()
    os.environ.update(state["env"])
    info = sys._emscripten_info
    sys._emscripten_info = type(info)((info.emscripten_version, state["runtime"], info.pthreads,
                                       info.shared_memory))
    time.timezone, time.altzone, time.daylight = state["timezone"], state["altzone"], state["daylight"]
    time.tzname = tuple(state["tzname"])
    sys.path[:] = list(dict.fromkeys(sys.path))
`;

// Emscripten's tzset (__tzset_js) and CPython's init_timezone, from the browser's Date.
function timeZone() {
  const year = new Date().getFullYear();
  const winter = new Date(year, 0, 1).getTimezoneOffset();
  const summer = new Date(year, 6, 1).getTimezoneOffset();
  const name = (minutesWest) => {
    const abs = Math.abs(minutesWest);
    const hours = String(Math.floor(abs / 60)).padStart(2, "0");
    return `UTC${minutesWest >= 0 ? "-" : "+"}${hours}${String(abs % 60).padStart(2, "0")}`;
  };
  const std = Math.max(winter, summer), dst = Math.min(winter, summer);
  return { timezone: std * 60, altzone: dst * 60, daylight: Number(winter !== summer), tzname: [name(std), name(dst)] };
}

// snapshot.bin is Pyodide's snapshot without its zero pages (scripts/snapshot.mjs,
// withoutZeroPages): four uint32 (magic, length, page size, page count), a byte per page
// (1: stored), the stored pages.
const PACKED_MAGIC = 0x676e7331;

function withZeroPages(packed) {
  const [magic, length, page, pages] = new Uint32Array(packed, 0, 4);
  if (magic !== PACKED_MAGIC) throw new Error(`gin-interpreter: ${SNAPSHOT} is not a packed snapshot`);
  const stored = new Uint8Array(packed, 16, pages);
  const snapshot = new Uint8Array(length);
  let from = 16 + pages;
  for (let i = 0; i < pages; i++) {
    if (!stored[i]) continue;
    const size = Math.min(page, length - i * page);
    snapshot.set(new Uint8Array(packed, from, size), i * page);
    from += size;
  }
  return snapshot;
}

async function fetchSnapshot() {
  const response = await fetch(SNAPSHOT);
  if (!response.ok) throw new Error(`gin-interpreter: ${SNAPSHOT} answered ${response.status}`);
  return withZeroPages(await response.arrayBuffer());
}

export async function loadPyodide(options = {}) {
  const pyodide = await loadFresh({ ...options, indexURL: INDEX_URL, _loadSnapshot: fetchSnapshot() });
  const lang = (globalThis.navigator?.language ?? "C").replace("-", "_") + ".UTF-8";
  const state = {
    env: { LANG: lang, ...options.env },
    runtime: globalThis.navigator?.userAgent ?? "UNKNOWN",
    ...timeZone(),
  };
  const call = `import json\n_gin_after_restore(json.loads(${JSON.stringify(JSON.stringify(state))}))`;
  pyodide.runPython(`${AFTER_RESTORE}\n${call}\ndel _gin_after_restore, json`);
  return pyodide;
}
