/**
 * Issue #14, cold start: index.html paints the shell and the game list before any module runs (the
 * first frame, vite.config.ts firstFrame), in the player's language (public/boot.js: the language
 * chosen last time, else the browser's); the app takes its place, leaving one copy of each link.
 */
import { expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { collectErrors, describeE2E, e2eEnv, requireBrowser, setupOnce } from './helpers';

const env = await e2eEnv();
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

  it('gives way to the app: one list, the app’s own, with no error', async () => {
    const context = await browser.newContext({ locale: 'en-GB', serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      const errors = collectErrors(page);
      await page.goto(baseUrl);
      await page.locator('wc-home-page ul.games li').first().waitFor();
      expect(await page.locator('wc-app > .first-frame').count()).toBe(0);
      expect(await page.locator('a[href="#/game/zitadelle"]').count()).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
