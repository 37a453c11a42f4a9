/**
 * Readable on a 360 px phone: no page of the app scrolls sideways — every table of every game
 * (wide charts scroll inside their own box), the play screens and both turn panels.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeE2E, e2eEnv, openApp, settled, setupOnce } from './helpers';

const env = await e2eEnv();
const GAMES = ['grossdeutschland', 'zitadelle', 'breakout', 'stalingrado', 'eastfront'];

describeE2E(env, 'a 360 px wide phone', () => {
  let page: Page;
  let errors: string[];
  setupOnce(async () => {
    ({ page, errors } = await openApp(env, '', { viewport: { width: 360, height: 740 } }));
  });

  const width = () => page.evaluate(() => document.documentElement.scrollWidth);
  const go = async (hash: string) => {
    await page.evaluate((h) => {
      location.hash = h;
    }, hash);
    await page.waitForFunction((h) => location.hash === h, hash);
  };

  it('no table page of any game is wider than the screen', async () => {
    const tooWide: string[] = [];
    for (const g of GAMES) {
      await go(`#/game/${g}/tables`);
      await page.locator('wc-tables-page .tables a').first().waitFor();
      const links = await page
        .locator('wc-tables-page .tables a')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
      expect(links.length).toBeGreaterThan(3);
      for (const href of links) {
        await go(href);
        // The table chosen is shown (its link marked, its chart drawn) before its width is read.
        await page.locator(`wc-tables-page .tables a[aria-current=page][href="${href}"]`).waitFor();
        await page.locator('wc-tables-page wc-table-view').waitFor();
        await settled(page);
        const w = await width();
        if (w > 360) tooWide.push(`${href}: ${w}px`);
      }
    }
    expect(tooWide).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('no play screen or turn panel is wider than the screen', async () => {
    const tooWide: string[] = [];
    for (const g of ['grossdeutschland', 'breakout']) {
      await go(`#/game/${g}`);
      await page.locator('wc-game-page form').first().getByRole('button', { name: 'Start a new game' }).click();
      await page.waitForURL(/#\/session\//);
      await page.getByRole('tab', { name: 'Turn' }).waitFor();
      const phases =
        g === 'breakout'
          ? ['I', 'II', 'IV', 'VII', 'XI', 'XII']
          : ['1. Weather', '2. Supply', '3. Activation', '4. End of turn'];
      for (const p of phases) {
        const phase = page.locator('wc-session-page').getByRole('button', { name: p, exact: true });
        await phase.click();
        // The game moves to that phase (a logged step in both games): its button is the current one.
        await expect.poll(() => phase.getAttribute('aria-current')).toBe('step');
        await settled(page);
        if ((await width()) > 360) tooWide.push(`${g} phase ${p}: ${await width()}px`);
      }
      for (const tab of ['Dice', 'Roll on a table', 'Combat', 'Cups']) {
        const tabButton = page.getByRole('tab', { name: tab });
        await tabButton.click();
        await expect.poll(() => tabButton.getAttribute('aria-selected')).toBe('true');
        await settled(page);
        if ((await width()) > 360) tooWide.push(`${g} ${tab}: ${await width()}px`);
      }
    }
    expect(tooWide).toEqual([]);
    expect(errors).toEqual([]);
  });
});
