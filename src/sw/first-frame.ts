/**
 * The first frame's language and theme, written into the page by the service worker (issue #14).
 *
 * The first frame (index.html) is shown in the language and theme the player chose last time on
 * this device. public/boot.js used to read them from localStorage before the first paint: two
 * synchronous round trips to the browser, 5–15 ms of a cold start on a slow phone. Now the app also
 * posts them to the service worker (a `PrefsMessage`), which keeps them in its cache
 * (`keepFirstFramePrefs`) and writes them into the page it serves (`firstFramePage`, src/sw/sw.ts);
 * boot.js reads storage only for a page the service worker did not write (the first visit, a
 * browser without one).
 */

/** What boot.js would have read from localStorage: the saved choices, null where none was made. */
export interface FirstFramePrefs {
  readonly lang: string | null;
  readonly theme: string | null;
}

/**
 * The page's message to its service worker: the saved choices, and `shownWrong` when the first
 * frame just shown did not have them.
 */
export const PREFS_MESSAGE = 'FIRST_FRAME_PREFS';
export interface PrefsMessage extends FirstFramePrefs {
  readonly type: typeof PREFS_MESSAGE;
  readonly shownWrong: boolean;
}

/**
 * The cache they are kept in, and their key (a URL beside the page: `new URL(PREFS_KEY, scope)`).
 * The service worker keeps there too the page it wrote with them (`pageKey`), so that a start
 * costs it one lookup, as the precached page would.
 */
export const PREFS_CACHE = 'wc-first-frame';
const PREFS_KEY = 'first-frame-prefs';
const PAGE_KEY = 'first-frame-page';

/** The written page's key: for one build of index.html (its precache revision) and one browser language. */
export function pageKey(scope: string, revision: string, browserLanguage: string): URL {
  const url = new URL(PAGE_KEY, scope);
  url.searchParams.set('revision', revision);
  url.searchParams.set('language', browserLanguage);
  return url;
}

/** Drops the written pages (of any build or language) but the one at `keep`. */
export async function dropWrittenPages(cache: Cache, scope: string, keep?: URL): Promise<void> {
  const pages = new URL(PAGE_KEY, scope).pathname;
  for (const request of await cache.keys())
    if (new URL(request.url).pathname === pages && request.url !== keep?.href) await cache.delete(request);
}

/** index.html's root element, as written there (tests/unit/sw/first-frame.test.ts checks that it is). */
export const ROOT_TAG = '<html lang="en" data-theme="dark">';

/**
 * The page with the saved choices written into its root element, as boot.js would set them: the
 * saved language, else the browser's; the saved theme. `data-first-frame` says what was written
 * ("lang", or "lang theme"): boot.js then leaves those alone, and follows the device's light or
 * dark setting where no theme was chosen. A page without the expected root element is left as is.
 */
export function firstFramePage(page: string, prefs: FirstFramePrefs, browserLanguage: string): string {
  if (!page.includes(ROOT_TAG)) return page;
  const lang = prefs.lang === 'es' || prefs.lang === 'en' ? prefs.lang : /^es\b/i.test(browserLanguage) ? 'es' : 'en';
  const theme = prefs.theme === 'light' || prefs.theme === 'dark' ? prefs.theme : null;
  return page.replace(
    ROOT_TAG,
    `<html lang="${lang}" data-theme="${theme ?? 'dark'}" data-first-frame="${theme ? 'lang theme' : 'lang'}">`,
  );
}

/** The kept choices: undefined when none are kept or they cannot be read (boot.js then reads localStorage). */
export async function keptFirstFramePrefs(cache: Cache, scope: string): Promise<FirstFramePrefs | undefined> {
  try {
    const kept = await cache.match(new URL(PREFS_KEY, scope));
    return kept ? readFirstFramePrefs(await kept.json()) : undefined;
  } catch {
    return undefined;
  }
}

/** Reads a kept value, or a message's, back: undefined when it is not what is kept. */
export function readFirstFramePrefs(value: unknown): FirstFramePrefs | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { lang, theme } = value as Record<string, unknown>;
  const ok = (v: unknown) => v === null || typeof v === 'string';
  return ok(lang) && ok(theme) ? { lang: lang as string | null, theme: theme as string | null } : undefined;
}

/**
 * Keeps the choices (the service worker, on a `PrefsMessage`), and drops the pages written with
 * other ones: when the choices differ from those kept, or when `shownWrong` (the first frame just
 * shown did not have them: a page written while they were changing). Never throws: without the
 * cache (storage refused) the next first frame is set by boot.js from localStorage, as before.
 */
export async function keepFirstFramePrefs(prefs: FirstFramePrefs, scope: string, shownWrong: boolean): Promise<void> {
  try {
    const cache = await caches.open(PREFS_CACHE);
    const key = new URL(PREFS_KEY, scope);
    const value = JSON.stringify({ lang: prefs.lang, theme: prefs.theme });
    if (!shownWrong && (await (await cache.match(key))?.text()) === value) return;
    await cache.put(key, new Response(value));
    await dropWrittenPages(cache, scope);
  } catch {
    /* no cache: boot.js reads localStorage */
  }
}
