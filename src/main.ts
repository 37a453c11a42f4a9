/**
 * Bootstrap: open the database, build the store, mount <wc-app>, and register the service worker
 * with an update prompt (a new version never reloads under a game in progress: the player chooses).
 */
import { Store } from './app/store';
import { openCompanionDb } from './persistence/db';
import { SessionRepo } from './persistence/sessions';
import { PackRepo } from './persistence/packs';
import { tabsOnDemand } from './app/tabs-on-demand';
import './ui/app';
import { loadGameMessages, loadLanguage, t } from './ui/i18n';
import { provideGameRules, provideGameSource } from './data/providers';
import { provideGameUis } from './ui/game-uis';
import { registerServiceWorker } from './sw/register';

// The composition root: the games' rules go to the data layer, their UI to the message catalog
// and the session page; this device's pack store (once the database is open) to the store, and
// the packs made on this device to the catalog.
// The registries load with the first game opened, not with the home screen (issue #14).
provideGameRules(async (id) => (await import('./games/rules-registry')).builtInRules(id));
provideGameUis(async (id) => (await import('./games/ui-registry')).builtInUis.load(id));

async function start() {
  const app = document.querySelector('wc-app')!;
  // The language the first frame shows (public/boot.js: the one chosen last time, else the
  // browser's) loads while the database opens; the store waits for the one it shows.
  void loadLanguage(document.documentElement.lang === 'es' ? 'es' : 'en').catch(() => undefined);
  const prefersLight = matchMedia('(prefers-color-scheme: light)').matches;
  const prefs = {
    lang: navigator.language?.toLowerCase().startsWith('es') ? ('es' as const) : ('en' as const),
    theme: prefersLight ? ('light' as const) : ('dark' as const),
  };
  let store: Store;
  try {
    const db = await openCompanionDb();
    const packs = new PackRepo(db);
    // Before the store opens the last game: it may be a pack's.
    provideGameSource(async () => (await import('./packs/library')).packLibrary(packs));
    store = new Store({
      repo: new SessionRepo(db),
      packs,
      now: () => new Date().toISOString(),
      randomBytes: (n) => crypto.getRandomValues(new Uint8Array(n)),
      requestPersistence: () => navigator.storage?.persist?.() ?? Promise.resolve(false),
      tabs: tabsOnDemand(),
      loadGame: loadGameMessages,
      loadLanguage,
    });
  } catch (e) {
    console.warn('IndexedDB unavailable', e);
    // The message of the common block (storage.unavailable), in the language the browser asks for.
    await loadLanguage(prefs.lang).catch(() => undefined);
    app.textContent = t(prefs.lang, 'storage.unavailable');
    return;
  }
  app.store = store;
  await store.init(prefs);

  registerServiceWorker({
    needRefresh(update) {
      app.applyUpdate = update;
    },
    offlineReady() {
      app.showOfflineReady();
    },
  });
}

// Nothing may reach the console uncaught: report it in the app instead.
addEventListener('unhandledrejection', (e) => {
  e.preventDefault();
  const app = document.querySelector('wc-app');
  app?.store?.report({ key: 'error.unexpected', detail: String((e.reason as Error)?.message ?? e.reason) });
});

void start();
