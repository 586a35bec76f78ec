/* Offline play: register the service worker (sw.js, next to the page, so it works under any
   sub-path) once the game is ready (the root's data-ready) and then only while the player rests:
   no click, touch or key for IDLE_MS, or the page hidden. Its install copies the whole build
   (14 MiB) into its cache; on a 2-core machine that competes with the page for the CPU, so
   started during play it froze frames (long tasks of 60-100 ms in the player's clicks,
   e2e/test_perf.py), and started with the game it made a first visit 1.5x as long
   (scripts/bench_boot.py, game / game-no-sw cold). Without service workers (old browsers, plain
   http on a non-local host) the game simply needs the network. */
const IDLE_MS = 3000;

if ("serviceWorker" in navigator) {
  let registered = false;
  let timer = 0;
  const register = () => {
    if (registered) return;
    registered = true;
    clearTimeout(timer);
    for (const type of INPUTS) removeEventListener(type, rest, true);
    document.removeEventListener("visibilitychange", hidden);
    navigator.serviceWorker.register("./sw.js").catch((err) => {
      console.warn("gin-rummy: offline play is not available:", err);
    });
  };
  const rest = () => {  // the player did something: wait for the next rest
    clearTimeout(timer);
    timer = setTimeout(register, IDLE_MS);
  };
  const hidden = () => {
    if (document.visibilityState === "hidden") register();
  };
  const INPUTS = ["pointerdown", "keydown", "wheel"];
  const ready = () => document.querySelector('[data-ready="1"]') !== null;
  const start = () => {
    for (const type of INPUTS) addEventListener(type, rest, {capture: true, passive: true});
    document.addEventListener("visibilitychange", hidden);
    rest();
  };
  if (ready()) start();
  else {
    const watch = new MutationObserver(() => {
      if (ready()) {
        watch.disconnect();
        start();
      }
    });
    watch.observe(document.documentElement, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});
  }
}
