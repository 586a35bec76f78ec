/* embed.html, the game for an iframe on another site:

     <iframe src="https://GAME-HOST/embed.html?preset=classic&level=standard" title="Gin rummy"
             width="100%" height="720" style="border:0"></iframe>

   The query parameters become the options (data-* attributes) of the game's container, as with
   the direct include (embed.js); ?puzzle= shows the puzzle page (puzzle.html) instead of the game. Before anything loads, this module checks that the frame may
   use storage: PyScript opens IndexedDB to start, and the game saves in localStorage. Browsers
   that block third-party storage (Chromium with third-party cookies blocked, for instance)
   deny both to a frame from another site, and the game could not start: the frame then shows
   a "Play in a new tab" link to the full game instead of a dead table.
   (document.hasStorageAccess() and navigator.storage are not used to decide: a browser that
   partitions storage reports no storage access while the frame's own storage works.) */
const OPTIONS = ["seed", "level", "preset", "dealer", "fast", "daily", "target", "puzzle", "lesson"];
const PROBE = "gin-rummy-probe";

function indexedDBWorks() {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), 5000);
    const done = (ok) => { clearTimeout(timer); resolve(ok); };
    try {
      const request = indexedDB.open(PROBE);
      request.onsuccess = () => {
        request.result.close();
        indexedDB.deleteDatabase(PROBE);
        done(true);
      };
      request.onerror = (event) => { event.preventDefault(); done(false); };
      request.onblocked = () => done(false);
    } catch {
      done(false);
    }
  });
}

async function storageWorks() {
  try {
    localStorage.getItem("gin-rummy/v1/settings");
  } catch {
    return false;
  }
  return indexedDBWorks();
}

function fallback(container) {
  const box = Object.assign(document.createElement("div"), {className: "gin-fallback"});
  const text = Object.assign(document.createElement("p"), {
    textContent: "Your browser does not let a game embedded in another site keep its data, "
      + "so gin rummy cannot start here.",
  });
  const puzzle = container.dataset.puzzle;  // the puzzle page (embed.js) on its own
  const link = Object.assign(document.createElement("a"), {
    href: new URL(puzzle === undefined ? "./" : `./puzzle.html?puzzle=${encodeURIComponent(puzzle)}`,
      location.href).href,
    target: "_blank", rel: "noopener",
    textContent: puzzle === undefined ? "Play in a new tab" : "Open the puzzle in a new tab",
  });
  box.append(text, link);
  container.replaceChildren(box);
  container.dataset.fallback = "1";
}

const container = document.getElementById("gin-rummy");
for (const [name, value] of new URLSearchParams(location.search)) {
  if (OPTIONS.includes(name)) container.dataset[name] = value;
}
container.classList.add("gin-compact");
if (await storageWorks()) {
  await import("./embed.js");  // mounts the game into #gin-rummy
} else {
  fallback(container);
}
