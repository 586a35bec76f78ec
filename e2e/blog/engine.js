/* The game's engine (gin_core) in this blog's own Pyodide page (docs/engine.md "The engine's wheel").

   1. engine.json, at the game's address, names the wheel (content-addressed: its URL changes
      with its bytes, so it is cached for a year) and the Python it was compiled for;
   2. the page's own Pyodide, of the same Python (the wheel is CPython 3.14 bytecode): here a
      copy served with the blog ({{PYODIDE}}), on a real blog Pyodide's CDN, e.g.
      https://cdn.jsdelivr.net/pyodide/v314.0.7/full/pyodide.mjs;
   3. pyodide.loadPackage(wheel URL) installs it into site-packages, with its metadata;
   4. the page's Python (engine.py) imports gin_core like any package.
   The game's site sends engine.json and wheels/ with Access-Control-Allow-Origin: *. */
const GAME = new URL("{{GAME}}engine.json");

const about = document.getElementById("engine-about");
try {
  const info = await (await fetch(GAME)).json();
  const { loadPyodide } = await import("{{PYODIDE}}pyodide.mjs");
  const pyodide = await loadPyodide();
  await pyodide.loadPackage(new URL(info.wheel, GAME).href);
  pyodide.runPython(await (await fetch("./engine.py")).text());
} catch (err) {
  about.textContent = `The engine could not be loaded: ${err}`;
  throw err;
}
