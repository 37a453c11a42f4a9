// Runs before the page's first paint (a classic script in <head>).
// 1. The first frame (index.html) in the player's language and theme: the ones chosen last time on
//    this device, else the browser's. The service worker writes them into the page it serves
//    (src/sw/first-frame.ts: data-first-frame says which it wrote); otherwise (the first visit, no
//    service worker) they are read here from localStorage, where the app keeps them too. Reading it
//    costs two synchronous round trips to the browser, 5–15 ms on a slow phone (issue #14).
(function () {
  try {
    var root = document.documentElement;
    // What the service worker wrote: "lang", or "lang theme" (a theme chosen); nothing left to do for those.
    var written = root.getAttribute('data-first-frame');
    var theme = null;
    if (!written) {
      var lang = localStorage.getItem('wc.lang');
      root.lang = lang === 'es' || lang === 'en' ? lang : /^es\b/i.test(navigator.language || '') ? 'es' : 'en';
      theme = localStorage.getItem('wc.theme');
    } else if (written.indexOf('theme') >= 0) return;
    theme =
      theme === 'light' || theme === 'dark'
        ? theme
        : matchMedia('(prefers-color-scheme: light)').matches
          ? 'light'
          : 'dark';
    if (root.getAttribute('data-theme') !== theme) root.setAttribute('data-theme', theme);
  } catch (e) {
    /* storage unavailable: the defaults in index.html */
  }
})();
// 2. The app starts once the game list in that first frame is on the screen: the build puts its
//    entry and the modules it imports in modulepreload links inside <template id="wc-modules">
//    (inert while the frame is parsed, laid out and painted; vite.config.ts startAfterFirstPaint);
//    they move into the head, and the entry (data-entry) is imported. Modules started earlier, after
//    a frame painted while the parser paused (the header alone, on a slow phone), held the list's
//    paint until they had run. Where the browser reports when an element is painted (Element Timing:
//    the first game's link is marked elementtiming="game-list"), the app starts then; elsewhere
//    after the frame that follows the parsed page. A page loaded hidden paints no frame: it starts
//    at once; a report that never comes, after a short wait. The dev server runs its entry itself.
(function () {
  var started = false;
  var timed = false;
  function start() {
    if (started) return;
    started = true;
    var modules = document.getElementById('wc-modules');
    if (!modules) return;
    document.head.appendChild(modules.content);
    import(document.querySelector('link[data-entry]').href);
  }
  try {
    timed = PerformanceObserver.supportedEntryTypes.indexOf('element') >= 0;
    if (timed)
      new PerformanceObserver(function (entries) {
        entries.getEntries().forEach(function (entry) {
          if (entry.identifier === 'game-list') setTimeout(start, 0);
        });
      }).observe({ type: 'element', buffered: true });
  } catch (e) {
    timed = false;
  }
  function parsed() {
    if (!timed)
      requestAnimationFrame(function () {
        setTimeout(start, 0);
      });
    setTimeout(start, document.visibilityState === 'hidden' ? 0 : 600);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', parsed);
  else parsed();
})();
