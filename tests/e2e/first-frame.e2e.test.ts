/**
 * Issue #14, cold start: index.html paints the shell and the game list before any module runs (the
 * first frame, vite.config.ts firstFrame), in the player's language (public/boot.js: the language
 * chosen last time, else the browser's); the app takes its place, leaving one copy of each link.
 */
import { expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { collectErrors, describeE2E, e2eEnv, requireBrowser, setupOnce } from './helpers';

const env = await e2eEnv();

/** The app's code held back until the returned function is called (the first frame alone until then). */
async function holdAppCode(context: BrowserContext): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await context.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** When the first game's link was painted (Element Timing) and when the app's modules were put in the page. */
type Seen = { listPainted?: number; modules?: number };
const { baseUrl } = env;

describeE2E(env, 'first frame', () => {
  let browser: Browser;
  setupOnce(async () => {
    browser = requireBrowser(env.avail);
  });

  /** The first frame's visible text with the app's modules held back (they never arrive). */
  async function withoutModules(locale: string, lang?: string) {
    const context = await browser.newContext({ locale, serviceWorkers: 'block' });
    try {
      if (lang) await context.addInitScript((l) => localStorage.setItem('wc.lang', l), lang);
      await context.route(/\/assets\/.*\.js$/, () => undefined); // never answered
      const page = await context.newPage();
      // Not 'domcontentloaded': that waits for the module scripts, held back here.
      await page.goto(baseUrl, { waitUntil: 'commit' });
      const list = page.locator('wc-app > .first-frame ul.games');
      await list.waitFor({ state: 'visible' });
      return { lang: await page.evaluate(() => document.documentElement.lang), text: await list.innerText() };
    } finally {
      await context.close();
    }
  }

  it('shows the game list before the app starts, in the browser’s language', async () => {
    const en = await withoutModules('en-GB');
    expect(en.lang).toBe('en');
    expect(en.text).toContain('Does Stalingrad Hold?');
    expect(en.text).not.toContain('¿Resiste Stalingrado?');
    const es = await withoutModules('es-ES');
    expect(es.lang).toBe('es');
    expect(es.text).toContain('¿Resiste Stalingrado?');
    expect(es.text).not.toContain('Does Stalingrad Hold?');
  });

  it('follows the language chosen last time on this device', async () => {
    const r = await withoutModules('en-GB', 'es');
    expect(r.lang).toBe('es');
    expect(r.text).toContain('Zitadelle: Duelo por Kursk');
  });

  /** The app started in a fresh page (`before` runs in it first): its own list shown, with no error. */
  async function started(check: (page: Page) => Promise<void>, before?: () => void) {
    const context = await browser.newContext({ locale: 'en-GB', serviceWorkers: 'block' });
    try {
      if (before) await context.addInitScript(before);
      const page = await context.newPage();
      const errors = collectErrors(page);
      await page.goto(baseUrl);
      await page.locator('wc-home-page ul.games li').first().waitFor();
      await check(page);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }

  it('gives way to the app: one list, the app’s own, with no error', () =>
    started(async (page) => {
      await expect.poll(() => page.locator('wc-app > .first-frame').count()).toBe(0);
      await expect.poll(() => page.locator('a[href="#/game/zitadelle"]').count()).toBe(1);
    }));

  it('starts the app only once the game list is on the screen, and a tap on it before then is kept', async () => {
    const context = await browser.newContext({ locale: 'en-GB', serviceWorkers: 'block' });
    try {
      await context.addInitScript(() => {
        const seen: Seen = ((window as unknown as { __seen: Seen }).__seen = {});
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { identifier: string; renderTime: number })[])
            if (e.identifier === 'game-list') seen.listPainted = e.renderTime;
        }).observe({ type: 'element', buffered: true });
        new MutationObserver(() => {
          if (seen.modules === undefined && document.querySelector('link[data-entry]'))
            seen.modules = performance.now();
        }).observe(document, { childList: true, subtree: true });
      });
      const page = await context.newPage();
      const errors = collectErrors(page);
      // A slow phone's CPU, where a frame is painted while the parser pauses.
      await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
      // The app's code waits for the tap on the static list, as on a slow phone.
      const release = await holdAppCode(context);
      await page.goto(baseUrl, { waitUntil: 'commit' });
      await page.locator('wc-app > .first-frame a[href="#/game/zitadelle"]').click();
      await page.waitForFunction(() => (window as unknown as { __seen: Seen }).__seen.modules);
      const seen = await page.evaluate(() => (window as unknown as { __seen: Seen }).__seen);
      expect(seen.listPainted).toBeGreaterThan(0);
      expect(seen.modules).toBeGreaterThanOrEqual(seen.listPainted!);
      release();
      await page.locator('wc-game-page').first().waitFor();
      expect(page.url()).toContain('#/game/zitadelle');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  for (const [device, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['tablet', { width: 1024, height: 768 }],
  ] as const)
    for (const locale of ['en-GB', 'es-ES'])
      it(`keeps the game list where it was painted when the app takes its place (${device}, ${locale}, no saved game)`, async () => {
        const context = await browser.newContext({ locale, viewport, serviceWorkers: 'block' });
        try {
          const page = await context.newPage();
          const release = await holdAppCode(context);
          await page.goto(baseUrl, { waitUntil: 'commit' });
          // Where each game's link is: first painted, then the app's.
          const places = (where: string) =>
            page.evaluate((where) => {
              const root =
                where === 'first frame'
                  ? document.querySelector('wc-app > .first-frame')
                  : document.querySelector('wc-app')?.shadowRoot?.querySelector('wc-home-page')?.shadowRoot;
              return [...(root?.querySelectorAll('ul.games a') ?? [])].map((a) => {
                const r = a.getBoundingClientRect();
                return [Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)];
              });
            }, where);
          await page.locator('wc-app > .first-frame ul.games a').first().waitFor();
          const painted = await places('first frame');
          release();
          await page.locator('wc-home-page ul.games a').first().waitFor();
          const app = await places('app');
          expect(app).toHaveLength(painted.length);
          app.forEach((box, k) => box.forEach((v, i) => expect(Math.abs(v - painted[k]![i]!)).toBeLessThanOrEqual(2)));
        } finally {
          await context.close();
        }
      });

  it('starts in a browser that does not report when an element is painted (Safari, Firefox)', () =>
    started(
      async () => undefined,
      () => Object.defineProperty(PerformanceObserver, 'supportedEntryTypes', { get: () => ['paint', 'navigation'] }),
    ));
});
