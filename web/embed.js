/* Gin rummy inside any page (a blog post, say), on another origin than the game:

     <div id="gin-rummy" data-preset="classic" data-level="standard"></div>
     <script type="module" src="https://GAME-HOST/embed.js"></script>

   This module mounts the game into the element with id="gin-rummy":
     1. the game's address is where this file comes from (import.meta.url), so the game works
        from any host and sub-path;
     2. the game's stylesheets are added to the page (style.css scopes every rule under the
        .gin-app root, so the host page is not restyled);
     3. the game's markup is taken from its own index.html: the children of <body> (scripts
        left out), its classes and data attributes go into the container, which becomes the
        game's root (class gin-app; gin-embedded selects the layout for a column);
     4. the Python app is started with PyScript from the game's origin and the game's
        pyscript.json (the puzzle page's: puzzle.json), every URL in it made absolute.
   The container's data-* attributes are the options, as the URL parameters of the game's page
   (web/ginweb/table/params.py): data-preset, data-level, data-seed, data-dealer, data-fast,
   data-daily (a date: that day's daily deal), data-target (a test option). They
   start the first match of a reader who has no match in progress; later visits resume it.
   data-puzzle ("daily", a puzzle id such as "p53dl4f", or a position code) mounts the puzzle
   page (puzzle.html, puzzle.py) instead of the game: one puzzle, small and quick to start, that
   reads and writes no storage at all, so a puzzle in a blog never touches the reader's own
   match, statistics or puzzle progress.
   Content placed inside the container (a link to the game, say) shows until the game replaces it.
   data-lesson="layoffs" (a lesson's id, docs/playing.md "Learn to play") opens that lesson over the
   table; an embedded lesson keeps no progress.

   Limits: one game per page (the game's elements have ids); the page must not use PyScript
   itself; its Content-Security-Policy must allow the game's origin for scripts, styles and
   connections, and 'wasm-unsafe-eval' 'unsafe-eval' for scripts (docs/embedding.md).
   The game's files are served with Access-Control-Allow-Origin: * (netlify.toml).
   embed.html (the page for an iframe) uses this module too.
*/
const BASE = new URL("./", import.meta.url);
// scripts/build_site.py checks this version against the installed @pyscript/core
const PYSCRIPT = new URL("./runtime/pyscript-0.7.31/", BASE);

function stylesheet(url) {
  const href = url.href;
  if ([...document.querySelectorAll("link[rel=stylesheet]")].some((l) => l.href === href)) {
    return Promise.resolve();
  }
  return new Promise((resolve, reject) => {
    const link = Object.assign(document.createElement("link"), {rel: "stylesheet", href});
    link.onload = resolve;
    link.onerror = () => reject(new Error(`gin-rummy: cannot load ${href}`));
    document.head.append(link);
  });
}

async function get(url, as) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`gin-rummy: ${url}: HTTP ${response.status}`);
  return response[as]();
}

/** Mount the game into ``container`` (by default the element with id="gin-rummy"). */
export async function mount(container = document.getElementById("gin-rummy")) {
  if (!container) throw new Error('gin-rummy: the page has no element with id="gin-rummy"');
  if (container.classList.contains("gin-app")) return;  // mounted already
  const page = "puzzle" in container.dataset ? "puzzle" : "index";  // the puzzle page or the game
  const [html, config] = await Promise.all([
    get(new URL(`./${page}.html`, BASE), "text"),
    get(new URL(page === "puzzle" ? "./puzzle.json" : "./pyscript.json", BASE), "json"),
    stylesheet(new URL("./style.css", BASE)),
    stylesheet(new URL("./core.css", PYSCRIPT)),
  ]);

  const doc = new DOMParser().parseFromString(html, "text/html");
  for (const script of doc.body.querySelectorAll("script")) script.remove();
  for (const [name, value] of Object.entries(doc.body.dataset)) {
    if (!(name in container.dataset)) container.dataset[name] = value;
  }
  container.replaceChildren(...[...doc.body.childNodes].map((node) => document.adoptNode(node)));
  container.classList.add(...doc.body.classList, "gin-embedded");
  container.dataset.gameAddress = BASE.href;  // a shared daily's link opens the game itself

  config.interpreter = new URL(config.interpreter, BASE).href;
  config.files = Object.fromEntries(
    Object.entries(config.files || {}).map(([from, to]) => [new URL(from, BASE).href, to]));
  const main = Object.assign(document.createElement("script"), {type: "py"});
  main.src = new URL(page === "puzzle" ? "./puzzle.py" : "./main.py", BASE).href;
  main.setAttribute("config", JSON.stringify(config));
  document.body.append(main);
  // PyScript reads the config of the <script type="py"> present when it loads
  await import(new URL("./core.js", PYSCRIPT).href);
}

if (document.getElementById("gin-rummy")) {
  mount().catch((err) => console.error(err));
}
