// Runs before the page's first paint (a classic script in <head>).
// 1. The first frame (index.html) in the player's language and theme: the ones chosen last time on
//    this device (kept by the app in localStorage), else the browser's.
try {
  var root = document.documentElement;
  var lang = localStorage.getItem('wc.lang');
  var theme = localStorage.getItem('wc.theme');
  root.lang = lang === 'es' || lang === 'en' ? lang : /^es\b/i.test(navigator.language || '') ? 'es' : 'en';
  root.setAttribute(
    'data-theme',
    theme === 'light' || theme === 'dark'
      ? theme
      : matchMedia('(prefers-color-scheme: light)').matches
        ? 'light'
        : 'dark',
  );
} catch (e) {
  /* storage unavailable: the defaults in index.html */
}
// 2. The app starts once that frame is painted: the build puts its entry and the modules it imports
//    in modulepreload links inside <template id="wc-modules"> (inert while the frame is parsed, laid
//    out and painted; vite.config.ts startAfterFirstPaint); they move into the head, and the entry
//    (data-entry) is imported. A page loaded hidden paints no frame: it starts after a short wait
//    instead. The dev server runs its entry itself.
(function () {
  var started = false;
  function start() {
    if (started) return;
    var modules = document.getElementById('wc-modules');
    if (!modules) {
      if (document.readyState === 'loading') setTimeout(start, 10);
      return;
    }
    started = true;
    document.head.appendChild(modules.content);
    import(document.querySelector('link[data-entry]').href);
  }
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 250);
})();
