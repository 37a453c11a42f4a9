/**
 * The tool tabs on a 360 px phone, in Spanish and in English: the strip keeps to two lines, a long
 * label ("Tirar en una tabla") wraps inside its tab onto two lines at most, and every tab stays a big
 * target (44 px each way), on screen, and answers a tap (issue #28 follow-up).
 */
import { afterAll, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { describeE2E, e2eEnv, setupOnce, startNewGame, hitsItself } from './helpers';

const env = await e2eEnv();
const WIDTH = 360;

/** How many lines a tab's label takes: its text's client rects, one per line box. */
const labelLines = (tab: Locator): Promise<number> =>
  tab.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
    return tops.size;
  });

for (const spanish of [true, false])
  describeE2E(env, `the tool tabs at ${WIDTH} px, in ${spanish ? 'Spanish' : 'English'}`, () => {
    let page: Page;
    let errors: string[];
    setupOnce(async () => {
      ({ page, errors } = await startNewGame(env, 'grossdeutschland', {
        viewport: { width: WIDTH, height: 740 },
        spanish,
        ready: (p) => p.getByRole('tab', { name: spanish ? 'Dados' : 'Dice' }),
      }));
    });
    afterAll(async () => {
      await page?.close();
    });

    it('the strip keeps to two lines; each label to two lines at most; each tab a big target that answers', async () => {
      const tabs = await page.getByRole('tab').all();
      expect(tabs.length).toBe(5);
      const rows = new Set<number>();
      for (const tab of tabs) {
        const box = (await tab.boundingBox())!;
        const name = (await tab.textContent())!.trim();
        rows.add(Math.round(box.y));
        expect(await labelLines(tab), name).toBeLessThanOrEqual(2);
        // Its label inside it (a long word widens the tab, never spills out of it).
        expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), name).toBe(true);
        expect(box.height, name).toBeGreaterThanOrEqual(44);
        expect(box.width, name).toBeGreaterThanOrEqual(44);
        expect(box.x, name).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, name).toBeLessThanOrEqual(WIDTH);
        await tab.evaluate((el) => el.scrollIntoView({ block: 'nearest' }));
        expect(await hitsItself(tab), name).toBe(true);
      }
      expect([...rows].length).toBeLessThanOrEqual(2);
      // The long label is whole (no ellipsis): the tab a screen reader names is the one the players read.
      const tables = page.getByRole('tab', { name: spanish ? 'Tirar en una tabla' : 'Roll on a table' });
      await tables.click();
      await page.locator('wc-table-roller').waitFor();
      await expect.poll(() => tables.getAttribute('aria-selected')).toBe('true');
      expect(errors).toEqual([]);
    });
  });
