/**
 * Accessibility, checked by axe-core inside the built app: every kind of page, a session of each
 * game with each of its tools open, in both themes, at a phone and a tablet viewport. No serious or
 * critical violation is allowed.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  collectErrors,
  requireBrowser,
  requireServer,
  setupOnce,
  skipForNoBrowser,
  renderedText,
  tryLaunch,
  waitForApp,
} from './helpers';

const baseUrl = inject('baseUrl');
const setupError = inject('e2eSetupError');
const avail = await tryLaunch();
// Evaluated through the DevTools protocol: the app's Content Security Policy rightly refuses inline scripts.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const GAMES = ['grossdeutschland', 'breakout', 'eastfront', 'zitadelle', 'stalingrado'];

/** Serious and critical violations on the page now, one line each (rule, impact, first targets). */
async function axeViolations(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<{ violations: unknown[] }> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return (r.violations as { id: string; impact: string; nodes: { target: unknown[] }[] }[])
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))}`);
  });
  // No raw message key may reach a screen: nothing shaped like `area.key` or `gd.err.side` in the text.
  const keys = ((await renderedText(page)) ?? '').match(/\b[a-z]{2,}(?:\.[a-z][A-Za-z0-9-]*)+\b/g) ?? [];
  return [...found, ...keys.map((k) => `raw message key "${k}"`)].map((f) => `${where}: ${f}`);
}

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 1024, height: 768 },
]) {
  describe.skipIf(skipForNoBrowser(avail))(`axe on a ${viewport.name}`, () => {
    let page: Page;
    let errors: string[];
    setupOnce(async () => {
      requireServer(baseUrl, setupError);
      page = await requireBrowser(avail).newPage({ viewport });
      errors = collectErrors(page);
      await page.goto(baseUrl);
      await waitForApp(page);
    });
    afterAll(async () => {
      await page?.close();
    });
    const go = async (hash: string) => {
      await page.evaluate((h) => {
        location.hash = h;
      }, hash);
      await page.waitForTimeout(200);
    };

    const setTheme = async (theme: string) => {
      await go('#/');
      const current = await page.evaluate(() => document.documentElement.dataset.theme);
      if (current !== theme) await page.locator('wc-app').getByRole('button', { name: /theme/i }).click();
      await page.waitForTimeout(100);
    };

    // One test per theme and game, so that each stays well inside the e2e time limit on a slow machine.
    for (const theme of ['dark', 'light']) {
      it(`${theme}: the home page`, async () => {
        await setTheme(theme);
        expect(await axeViolations(page, `${theme} home`)).toEqual([]);
      });
      for (const g of GAMES) {
        it(`${theme}: ${g}'s game page, tables${theme === 'light' && viewport.name === 'tablet' ? '' : ', session and every tool'}`, async () => {
          await setTheme(theme);
          const found: string[] = [];
          await go(`#/game/${g}`);
          await page.locator('wc-game-page').getByRole('button', { name: 'Start a new game' }).first().waitFor();
          found.push(...(await axeViolations(page, `${theme} ${g} game page`)));
          await go(`#/game/${g}/tables`);
          await page.locator('wc-tables-page .tables a').first().waitFor();
          found.push(...(await axeViolations(page, `${theme} ${g} tables`)));
          await page.locator('wc-tables-page .tables a').first().click();
          await page.waitForTimeout(150);
          found.push(...(await axeViolations(page, `${theme} ${g} first table`)));
          if (!(theme === 'light' && viewport.name === 'tablet')) {
            // Sessions: both themes on the phone, dark on the tablet.
            await go(`#/game/${g}`);
            await page.locator('wc-game-page form').first().getByRole('button', { name: 'Start a new game' }).click();
            await page.waitForURL(/#\/session\//);
            await page.getByRole('tab').first().waitFor();
            const tabs = await page.getByRole('tab').allTextContents();
            for (const tab of tabs) {
              await page.getByRole('tab', { name: tab.trim(), exact: true }).click();
              await page.waitForTimeout(150);
              found.push(...(await axeViolations(page, `${theme} ${g} session, ${tab.trim()}`)));
            }
          }
          expect(found).toEqual([]);
          expect(errors).toEqual([]);
        });
      }
    }
  });
}
afterAll(async () => {
  await avail.browser?.close();
});
