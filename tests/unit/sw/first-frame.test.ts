// @vitest-environment happy-dom
// Issue #14, cold start: the service worker writes the saved language and theme into the page it
// serves (src/sw/first-frame.ts), and public/boot.js then reads nothing from localStorage before the
// first paint; a page it did not write (the first visit, no service worker) is set from localStorage.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PREFS_CACHE,
  ROOT_TAG,
  firstFramePage,
  dropWrittenPages,
  keepFirstFramePrefs,
  pageKey,
  readFirstFramePrefs,
} from '../../../src/sw/first-frame';

const INDEX = readFileSync('index.html', 'utf8');
const BOOT = readFileSync('public/boot.js', 'utf8');

/** The root element's attributes once the service worker wrote the page. */
function written(prefs: { lang: string | null; theme: string | null }, browserLanguage = 'en-GB') {
  const page = firstFramePage(INDEX, prefs, browserLanguage);
  const root = new DOMParser().parseFromString(page, 'text/html').documentElement;
  return {
    lang: root.getAttribute('lang'),
    theme: root.getAttribute('data-theme'),
    written: root.getAttribute('data-first-frame'),
  };
}

describe("the service worker's page", () => {
  it("index.html's root element is the one the service worker rewrites", () => {
    expect(INDEX).toContain(ROOT_TAG);
  });

  it('carries the saved language and theme, and says it wrote both', () => {
    expect(written({ lang: 'es', theme: 'light' })).toEqual({ lang: 'es', theme: 'light', written: 'lang theme' });
    expect(written({ lang: 'en', theme: 'dark' }, 'es-ES')).toEqual({
      lang: 'en',
      theme: 'dark',
      written: 'lang theme',
    });
  });

  it("with no saved language, the browser's (Spanish for any es-*, else English), as boot.js would choose", () => {
    expect(written({ lang: null, theme: 'dark' }, 'es-AR').lang).toBe('es');
    expect(written({ lang: null, theme: 'dark' }, 'es').lang).toBe('es');
    expect(written({ lang: null, theme: 'dark' }, 'en-US').lang).toBe('en');
    expect(written({ lang: null, theme: 'dark' }, 'pt-BR').lang).toBe('en');
  });

  it('with no saved theme, says it wrote the language only (the page follows the device)', () => {
    expect(written({ lang: 'es', theme: null })).toEqual({ lang: 'es', theme: 'dark', written: 'lang' });
  });

  it('ignores values that are not a language or theme the app has', () => {
    expect(written({ lang: 'fr', theme: 'sepia' }, 'en-GB')).toEqual({ lang: 'en', theme: 'dark', written: 'lang' });
  });

  it('leaves a page without the expected root element as it is', () => {
    const other = '<!doctype html><html lang="en"><body>x</body></html>';
    expect(firstFramePage(other, { lang: 'es', theme: 'light' }, 'es')).toBe(other);
  });

  it('reads back only what the app keeps', () => {
    expect(readFirstFramePrefs({ lang: 'es', theme: null })).toEqual({ lang: 'es', theme: null });
    expect(readFirstFramePrefs({ lang: 3, theme: null })).toBeUndefined();
    expect(readFirstFramePrefs(null)).toBeUndefined();
    expect(readFirstFramePrefs('es')).toBeUndefined();
  });
});

describe('public/boot.js, before the first paint', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  /** Runs boot.js on a page whose root element has these attributes; what it read and set. */
  function boot(attributes: Record<string, string>, deviceLight = false) {
    const root = document.documentElement;
    for (const a of [...root.attributes]) root.removeAttribute(a.name);
    for (const [k, v] of Object.entries(attributes)) root.setAttribute(k, v);
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: deviceLight && q.includes('light') }));
    const reads = vi.spyOn(Storage.prototype, 'getItem');
    new Function(BOOT)();
    return { lang: root.lang, theme: root.getAttribute('data-theme'), reads: reads.mock.calls.map((c) => c[0]) };
  }

  it('reads nothing from localStorage in a page the service worker wrote, and keeps what it wrote', () => {
    localStorage.setItem('wc.lang', 'en');
    localStorage.setItem('wc.theme', 'dark');
    const page = { lang: 'es', 'data-theme': 'light', 'data-first-frame': 'lang theme' };
    expect(boot(page, false)).toEqual({ lang: 'es', theme: 'light', reads: [] });
  });

  it("follows the device's light or dark setting where the service worker wrote no theme", () => {
    const page = { lang: 'es', 'data-theme': 'dark', 'data-first-frame': 'lang' };
    expect(boot(page, true)).toEqual({ lang: 'es', theme: 'light', reads: [] });
    expect(boot(page, false)).toEqual({ lang: 'es', theme: 'dark', reads: [] });
  });

  it('reads the saved choices from localStorage in a page the service worker did not write', () => {
    localStorage.setItem('wc.lang', 'es');
    localStorage.setItem('wc.theme', 'light');
    const result = boot({ lang: 'en', 'data-theme': 'dark' });
    expect(result.lang).toBe('es');
    expect(result.theme).toBe('light');
    expect(result.reads).toEqual(expect.arrayContaining(['wc.lang', 'wc.theme']));
  });
});

describe('the choices kept for the service worker, and the pages it wrote with them', () => {
  const SCOPE = 'https://example.test/tabletop/';
  /** A Cache Storage with one cache, enough for src/sw/first-frame.ts. */
  function fakeCaches() {
    const entries = new Map<string, string>();
    const cache = {
      match: async (key: URL | string) => {
        const body = entries.get(String(key));
        return body === undefined ? undefined : new Response(body);
      },
      put: async (key: URL | string, response: Response) => void entries.set(String(key), await response.text()),
      keys: async () => [...entries.keys()].map((url) => ({ url })),
      delete: async (request: { url: string }) => entries.delete(request.url),
    };
    const opened: string[] = [];
    vi.stubGlobal('caches', { open: async (name: string) => (opened.push(name), cache) });
    return { entries, opened };
  }
  const page = (language: string) => pageKey(SCOPE, 'rev1', language).href;

  afterEach(() => vi.unstubAllGlobals());

  it('a written page is kept per build of index.html and per browser language, beside the app', async () => {
    expect(page('es-ES')).toBe('https://example.test/tabletop/first-frame-page?revision=rev1&language=es-ES');
    // Dropping written pages drops those of every build and language, and nothing else kept there.
    const { entries } = fakeCaches();
    for (const key of [
      page('es-ES'),
      pageKey(SCOPE, 'rev0', 'en-GB').href,
      `${SCOPE}first-frame-prefs`,
      `${SCOPE}index.html`,
    ])
      entries.set(key, 'x');
    await dropWrittenPages(await caches.open(PREFS_CACHE), SCOPE, pageKey(SCOPE, 'rev1', 'es-ES'));
    expect([...entries.keys()]).toEqual([page('es-ES'), `${SCOPE}first-frame-prefs`, `${SCOPE}index.html`]);
    await dropWrittenPages(await caches.open(PREFS_CACHE), SCOPE);
    expect([...entries.keys()]).toEqual([`${SCOPE}first-frame-prefs`, `${SCOPE}index.html`]);
  });

  it('new choices are kept, and the pages written with the old ones go', async () => {
    const { entries, opened } = fakeCaches();
    entries.set(page('en-GB'), '<html lang="en" …>');
    await keepFirstFramePrefs({ lang: 'es', theme: null }, SCOPE, false);
    expect(opened).toEqual([PREFS_CACHE]);
    expect(JSON.parse(entries.get(`${SCOPE}first-frame-prefs`)!)).toEqual({ lang: 'es', theme: null });
    expect(entries.has(page('en-GB'))).toBe(false);
  });

  it('the same choices again leave the written pages alone (a start costs the service worker one lookup)', async () => {
    const { entries } = fakeCaches();
    entries.set(`${SCOPE}first-frame-prefs`, JSON.stringify({ lang: 'es', theme: 'light' }));
    entries.set(page('es-ES'), 'written');
    await keepFirstFramePrefs({ lang: 'es', theme: 'light' }, SCOPE, false);
    expect(entries.get(page('es-ES'))).toBe('written');
  });

  it('the same choices, but a first frame was just shown without them: its pages go', async () => {
    const { entries } = fakeCaches();
    entries.set(`${SCOPE}first-frame-prefs`, JSON.stringify({ lang: 'es', theme: 'light' }));
    entries.set(page('es-ES'), 'written while the choices were changing');
    await keepFirstFramePrefs({ lang: 'es', theme: 'light' }, SCOPE, true);
    expect(entries.has(page('es-ES'))).toBe(false);
  });

  it('without a cache it does nothing and throws nothing (boot.js reads localStorage)', async () => {
    vi.stubGlobal('caches', { open: () => Promise.reject(new Error('SecurityError')) });
    await expect(keepFirstFramePrefs({ lang: 'es', theme: null }, SCOPE, false)).resolves.toBeUndefined();
  });
});
