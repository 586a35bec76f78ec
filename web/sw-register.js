/* Offline play: register the service worker (sw.js, next to the page, so it works under any
   sub-path) once the page has loaded, so its downloads never compete with the game's start.
   Without service workers (old browsers, plain http on a non-local host) the game simply
   needs the network. */
if ("serviceWorker" in navigator) {
  addEventListener("load", () => {
    navigator.serviceWorker.register("./sw.js").catch((err) => {
      console.warn("gin-rummy: offline play is not available:", err);
    });
  });
}
