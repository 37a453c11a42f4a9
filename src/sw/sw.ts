/**
 * The service worker (built by vite-plugin-pwa's injectManifest into sw.js). What Workbox's
 * generated worker did, and one thing more:
 * - precaches the app (every chunk and game-data file: after the first visit nothing needs the
 *   network) and drops the caches of older versions;
 * - waits, once installed over an older version, until the page posts {type: 'SKIP_WAITING'}
 *   (the player chose to update: src/sw/register.ts);
 * - answers every navigation with the precached index.html, into which it writes the language and
 *   theme the player chose last time (./first-frame.ts), so that the page's start-up script need not
 *   read them from storage before the first paint (issue #14).
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import {
  PREFS_CACHE,
  PREFS_MESSAGE,
  dropWrittenPages,
  firstFramePage,
  keepFirstFramePrefs,
  keptFirstFramePrefs,
  pageKey,
  readFirstFramePrefs,
} from './first-frame';

/** The parts of the service worker's global scope used here (the project's types are the page's, not a worker's). */
declare const self: {
  readonly __WB_MANIFEST: (string | PrecacheEntry)[];
  readonly registration: { readonly scope: string };
  readonly navigator: { readonly language: string };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: ExtendableMessage) => void): void;
  addEventListener(type: 'activate', listener: (event: Event & { waitUntil(p: Promise<unknown>): void }) => void): void;
};

/** A message to the worker, which it may keep alive until `p` settles. */
type ExtendableMessage = { readonly data: unknown; waitUntil(p: Promise<unknown>): void };

const manifest = self.__WB_MANIFEST;
const scope = self.registration.scope;
/** This build's index.html (its precache revision): a page written from another build is not served. */
const revision =
  manifest.find((e): e is PrecacheEntry => typeof e !== 'string' && e.url === 'index.html')?.revision ?? '';

self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; shownWrong?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  else if (data?.type === PREFS_MESSAGE) {
    // A PrefsMessage (src/ui/app.ts).
    const prefs = readFirstFramePrefs(data);
    if (prefs) event.waitUntil(keepFirstFramePrefs(prefs, scope, data.shownWrong === true));
  }
});

// Pages written from an older build go when this one takes over.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .open(PREFS_CACHE)
      .then((cache) => dropWrittenPages(cache, scope, pageKey(scope, revision, self.navigator.language))),
  );
});

// Registered before the precache's own route, which would answer a navigation to the app's address
// (index.html as the directory's index) with the page as it was built.
registerRoute(
  new NavigationRoute(async ({ request, event }) => {
    const cache = await caches.open(PREFS_CACHE);
    const key = pageKey(scope, revision, self.navigator.language);
    const written = await cache.match(key);
    if (written) return written;
    const [page, prefs] = await Promise.all([matchPrecache('index.html'), keptFirstFramePrefs(cache, scope)]);
    if (!page) return fetch(request);
    if (!prefs) return page;
    const headers = new Headers(page.headers);
    headers.delete('content-length');
    const html = firstFramePage(await page.text(), prefs, self.navigator.language);
    const response = () => new Response(html, { status: page.status, statusText: page.statusText, headers });
    (event as unknown as { waitUntil(p: Promise<unknown>): void }).waitUntil(cache.put(key, response()));
    return response();
  }),
);

precacheAndRoute(manifest);
cleanupOutdatedCaches();
