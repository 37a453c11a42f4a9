/**
 * Accessibility, checked by axe-core inside the built app: every kind of page, a session of each
 * game with each of its tools open, in both themes, at a phone and a tablet viewport. No serious or
 * critical violation is allowed, nor (issue #28 item 17) these moderate ones: a heading that skips a
 * level (heading-order), content outside a landmark (region), a skip link with no target (skip-link).
 */
import { afterAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, describeE2E, e2eEnv, openApp, settled, setupOnce } from './helpers';

const env = await e2eEnv();
const GAMES = ['grossdeutschland', 'breakout', 'eastfront', 'zitadelle', 'stalingrado'];
const MODERATE = ['heading-order', 'region', 'skip-link'];

/** Violations of the MODERATE rules on the page now (axe is loaded by axeViolations, which runs first). */
async function moderate(page: Page, where: string): Promise<string[]> {
  const found = await page.evaluate(async (rules) => {
    const axe = (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<{ violations: unknown[] }> } }).axe;
    const r = await axe.run(document, { runOnly: { type: 'rule', values: rules }, resultTypes: ['violations'] });
    return (r.violations as { id: string; nodes: { target: unknown[] }[] }[]).map(
      (v) => `${v.id}: ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))}`,
    );
  }, MODERATE);
  return found.map((f) => `${where}: ${f}`);
}
/** The serious and critical violations, then the MODERATE ones. */
const violations = async (page: Page, where: string) => [
  ...(await axeViolations(page, where)),
  ...(await moderate(page, where)),
];

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 1024, height: 768 },
]) {
  describeE2E(env, `axe on a ${viewport.name}`, () => {
    let page: Page;
    let errors: string[];
    setupOnce(async () => {
      ({ page, errors } = await openApp(env, '', { viewport }));
    });
    afterAll(async () => {
      await page?.close();
    });
    // Each move waits for what it shows (never a fixed pause): the route, then the element the caller names.
    const go = async (hash: string) => {
      await page.evaluate((h) => {
        location.hash = h;
      }, hash);
      await page.waitForFunction((h) => location.hash === h || (h === '#/' && location.hash === ''), hash);
    };

    const setTheme = async (theme: string) => {
      await go('#/');
      await page.locator('wc-home-page').waitFor();
      const current = await page.evaluate(() => document.documentElement.dataset.theme);
      if (current !== theme) await page.locator('wc-app').getByRole('button', { name: /theme/i }).click();
      await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme);
    };

    // One test per theme and game, so that each stays well inside the e2e time limit on a slow machine.
    for (const theme of ['dark', 'light']) {
      it(`${theme}: the home page`, async () => {
        await setTheme(theme);
        expect(await violations(page, `${theme} home`)).toEqual([]);
      });
      for (const g of GAMES) {
        it(`${theme}: ${g}'s game page, tables${theme === 'light' && viewport.name === 'tablet' ? '' : ', session and every tool'}`, async () => {
          await setTheme(theme);
          const found: string[] = [];
          await go(`#/game/${g}`);
          await page.locator('wc-game-page').getByRole('button', { name: 'Start a new game' }).first().waitFor();
          found.push(...(await violations(page, `${theme} ${g} game page`)));
          await go(`#/game/${g}/tables`);
          await page.locator('wc-tables-page .tables a').first().waitFor();
          found.push(...(await violations(page, `${theme} ${g} tables`)));
          await page.locator('wc-tables-page .tables a').first().click();
          await page.locator('wc-tables-page .tables a[aria-current=page]').waitFor();
          await page.locator('wc-tables-page wc-table-view').waitFor();
          found.push(...(await violations(page, `${theme} ${g} first table`)));
          if (!(theme === 'light' && viewport.name === 'tablet')) {
            // Sessions: both themes on the phone, dark on the tablet.
            await go(`#/game/${g}`);
            await page.locator('wc-game-page form').first().getByRole('button', { name: 'Start a new game' }).click();
            await page.waitForURL(/#\/session\//);
            await page.getByRole('tab').first().waitFor();
            const tabs = await page.getByRole('tab').allTextContents();
            for (const tab of tabs) {
              const tabButton = page.getByRole('tab', { name: tab.trim(), exact: true });
              await tabButton.click();
              await expect.poll(() => tabButton.getAttribute('aria-selected')).toBe('true');
              await settled(page);
              found.push(...(await violations(page, `${theme} ${g} session, ${tab.trim()}`)));
            }
          }
          expect(found).toEqual([]);
          expect(errors).toEqual([]);
        });
      }
    }
  });
}
