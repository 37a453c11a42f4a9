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
// 2. The app starts once that frame is painted: the build names its entry in a modulepreload link
//    (data-entry, fetched and compiled meanwhile; vite.config.ts firstFrame). A page loaded hidden
//    paints no frame: it starts after a short wait instead. The dev server runs its entry itself.
(function () {
  var started = false;
  function start() {
    if (started) return;
    var entry = document.querySelector('link[data-entry]');
    if (!entry) {
      if (document.readyState === 'loading') setTimeout(start, 10);
      return;
    }
    started = true;
    import(entry.href);
  }
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 250);
})();
