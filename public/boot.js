// The first frame (index.html) in the player's language and theme, before the app starts: the ones
// chosen last time on this device (kept by the app in localStorage), else the browser's.
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
