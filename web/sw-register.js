/* Offline play: register the service worker (sw.js, next to the page, so it works under any
   sub-path) once the game is ready (the root's data-ready) and a moment more, so its downloads
   (the whole build, copied into its cache) never compete with the game's start: registered at
   the page's load event, they made a first visit 1.5x as long on the 2-core test machine
   (scripts/bench_boot.py, game / game-no-sw cold). Without service workers (old browsers, plain
   http on a non-local host) the game simply needs the network. */
if ("serviceWorker" in navigator) {
  const register = () => {
    navigator.serviceWorker.register("./sw.js").catch((err) => {
      console.warn("gin-rummy: offline play is not available:", err);
    });
  };
  const ready = () => document.querySelector('[data-ready="1"]') !== null;
  const whenReady = (then) => {
    if (ready()) return then();
    const watch = new MutationObserver(() => {
      if (ready()) {
        watch.disconnect();
        then();
      }
    });
    watch.observe(document.documentElement, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});
  };
  addEventListener("load", () => whenReady(() => setTimeout(register, 500)));
}
