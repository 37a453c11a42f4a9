/**
 * The app works offline: first load renders <wc-app>, the service worker takes control, and with the
 * network off a reload and a deep link in a new page still render, with no console or page errors
 * and no request leaving the test origin. Chrome reports the app installable, and the manifest has
 * what an installable PWA needs.
 *
 * Server: tests/e2e/global-setup.ts (one production build + `vite preview` on 127.0.0.1).
 */
import { afterAll, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { collectErrors, describeE2E, e2eEnv, foreignRequests, launchPersistent, newPage } from './helpers';
import { recordRequests, renderedText, setupOnce, waitForApp, waitForServiceWorkerControl } from './helpers';

const env = await e2eEnv();
const { baseUrl } = env;
const DEEP_LINK = '#/game/grossdeutschland';

describeE2E(env, 'offline PWA', () => {
  let context: BrowserContext;
  let page: Page;
  let requests: string[] = [];
  /** Console and page errors of every page opened in this context. */
  const errorsOf = new Map<Page, string[]>();
  const allErrors = () => [...errorsOf.values()].flat();
  /** The errors since the previous call, so each step reports only its own. */
  let reported = 0;
  const newErrors = () => allErrors().slice(reported, (reported = allErrors().length));

  setupOnce(async () => {
    let errors: string[];
    ({ context, page, errors } = await newPage(env));
    requests = recordRequests(context);
    errorsOf.set(page, errors);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('first load renders <wc-app>', async () => {
    const res = await page.goto(baseUrl, { waitUntil: 'load' });
    expect(res?.status(), 'HTTP status of the first load').toBe(200);
    const text = await waitForApp(page);
    expect(text.length).toBeGreaterThan(0);
    expect(newErrors()).toEqual([]);
  });

  it('the service worker takes control of the page', async () => {
    const scriptURL = await waitForServiceWorkerControl(page);
    expect(new URL(scriptURL).origin).toBe(new URL(baseUrl).origin);
    await waitForApp(page);
  });

  it('offline: a reload still renders the app', async () => {
    await context.setOffline(true);
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    await page.reload({ waitUntil: 'load' });
    const text = await waitForApp(page);
    expect(text.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    expect(newErrors()).toEqual([]);
  });

  it('offline: the page the service worker serves carries the language and theme chosen last time, and its start-up script reads no storage (issue #14)', async () => {
    // The player switches to Spanish, then to the other theme (the header's first and second buttons).
    await page.locator('wc-app header button[lang="es"]').click();
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    const theme = (await page.evaluate(() => document.documentElement.dataset.theme)) === 'dark' ? 'light' : 'dark';
    await page.locator('wc-app header button').nth(1).click();
    await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme);
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const kept = await (
            await caches.open('wc-first-frame')
          ).match(new URL('first-frame-prefs', document.baseURI));
          return kept ? ((await kept.json()) as unknown) : null;
        }),
      )
      .toEqual({ lang: 'es', theme });
    const fresh = await context.newPage();
    errorsOf.set(fresh, collectErrors(fresh));
    try {
      // What the page's own scripts read from localStorage while the page is parsed (before the first paint).
      await fresh.addInitScript(() => {
        const reads: string[] = ((window as unknown as { __reads: string[] }).__reads = []);
        const getItem = Storage.prototype.getItem;
        Storage.prototype.getItem = function (this: Storage, key: string) {
          if (document.readyState === 'loading') reads.push(key);
          return getItem.call(this, key);
        };
      });
      await fresh.goto(baseUrl, { waitUntil: 'load' });
      const root = await fresh.evaluate(() => ({
        lang: document.documentElement.lang,
        theme: document.documentElement.dataset.theme,
        written: document.documentElement.dataset.firstFrame,
        reads: (window as unknown as { __reads: string[] }).__reads,
      }));
      expect(root).toEqual({ lang: 'es', theme, written: 'lang theme', reads: [] });
      expect(await waitForApp(fresh)).toContain('Juegos');
      expect(newErrors()).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it(`offline: a deep link (${DEEP_LINK}) in a new page renders the app`, async () => {
    const deep = await context.newPage();
    errorsOf.set(deep, collectErrors(deep));
    try {
      await deep.goto(baseUrl + DEEP_LINK, { waitUntil: 'load' });
      const text = await waitForApp(deep);
      expect(text.length).toBeGreaterThan(0);
      expect(new URL(deep.url()).hash).toBe(DEEP_LINK);
      // The game page of Grossdeutschland names its game (rendered text, any language).
      await expect
        .poll(async () => (await renderedText(deep)) ?? '', {
          timeout: 15_000,
          message: 'deep link shows the Grossdeutschland game',
        })
        .toMatch(/gro(ss|ß)deutschland/i);
      expect(newErrors()).toEqual([]);
    } finally {
      await deep.close();
    }
  });

  it('no request left the test origin (127.0.0.1)', () => {
    expect(requests.length).toBeGreaterThan(0);
    expect(foreignRequests(requests, baseUrl)).toEqual([]);
  });

  it('no console errors or page errors in the whole run', () => {
    expect(allErrors()).toEqual([]);
  });
});

describeE2E(env, 'installability', () => {
  let persistent: Awaited<ReturnType<typeof launchPersistent>> | undefined;
  let page: Page;
  let errors: string[];
  let requests: string[];

  setupOnce(async () => {
    persistent = await launchPersistent();
    page = persistent.context.pages()[0] ?? (await persistent.context.newPage());
    errors = collectErrors(page);
    requests = recordRequests(persistent.context);
  });

  afterAll(async () => {
    await persistent?.close();
  });

  it('the manifest has name, 192/512 and maskable icons, theme_color, display standalone', async () => {
    await page.goto(baseUrl, { waitUntil: 'load' });
    await waitForApp(page);
    const href = await page.evaluate(
      () => (document.querySelector('link[rel="manifest"]') as HTMLLinkElement | null)?.href ?? null,
    );
    expect(href, '<link rel="manifest"> in index.html').toBeTruthy();
    const manifest = (await page.evaluate(async (u) => (await fetch(u)).json(), href!)) as {
      name?: string;
      display?: string;
      theme_color?: string;
      icons?: { src: string; sizes?: string; type?: string; purpose?: string }[];
    };
    expect(manifest.name, 'manifest.name').toEqual(expect.any(String));
    expect(manifest.name!.length).toBeGreaterThan(0);
    expect(manifest.display).toBe('standalone');
    expect(manifest.theme_color, 'manifest.theme_color').toMatch(/^#|^rgb|^[a-z]+$/i);
    const icons = manifest.icons ?? [];
    const has = (size: string) => icons.some((i) => (i.sizes ?? '').split(/\s+/).includes(size));
    expect(has('192x192'), 'a 192x192 icon').toBe(true);
    expect(has('512x512'), 'a 512x512 icon').toBe(true);
    expect(
      icons.some((i) => (i.purpose ?? '').split(/\s+/).includes('maskable')),
      'a maskable icon',
    ).toBe(true);
    // Every icon is served.
    for (const icon of icons) {
      const url = new URL(icon.src, href!).href;
      const status = await page.evaluate(async (u) => (await fetch(u)).status, url);
      expect(status, `icon ${url}`).toBe(200);
    }
  });

  it('CDP Page.getInstallabilityErrors returns [] (persistent profile)', async () => {
    await waitForServiceWorkerControl(page);
    const cdp = await persistent!.context.newCDPSession(page);
    type Result = { installabilityErrors: { errorId: string; errorArguments?: unknown[] }[] };
    let result: Result = { installabilityErrors: [] };
    // Chrome fetches and checks the manifest and icons asynchronously: poll briefly.
    for (let i = 0; i < 20; i++) {
      result = (await cdp.send('Page.getInstallabilityErrors')) as Result;
      if (result.installabilityErrors.length === 0) break;
      await page.waitForTimeout(500);
    }
    expect(result.installabilityErrors).toEqual([]);
    await cdp.detach();
  });

  it('no console errors and no request left the test origin', () => {
    expect(errors).toEqual([]);
    expect(foreignRequests(requests, baseUrl)).toEqual([]);
  });
});
