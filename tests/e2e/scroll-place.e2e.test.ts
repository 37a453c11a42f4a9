/**
 * Where you were survives a reload down to the scroll position (issue #28 item 12 follow-up): on a
 * phone, mid-way down Grossdeutschland's Activation, a reload brings back the same part of the page
 * in view, not the top of it; scrolled back to the top, it stays at the top.
 */
import { afterAll, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { describeE2E, e2eEnv, reloadApp, setupOnce, startNewGame } from './helpers';

const env = await e2eEnv();

const top = async (target: Locator) => (await target.boundingBox())!.y;

describeE2E(env, 'a reload on a phone (390×844) comes back to the same part of the page', () => {
  let page: Page;
  let errors: string[];
  setupOnce(async () => {
    ({ page, errors } = await startNewGame(env, 'grossdeutschland', {
      ready: (p) => p.getByRole('button', { name: 'Roll the weather' }),
    }));
  });
  afterAll(async () => {
    await page?.close();
  });

  const forms = () => page.locator('wc-grossdeutschland-panel form');
  const aa = () => forms().filter({ hasText: 'AA / Flak' });

  /** The scroll position kept for the game (where-you-were), once written. */
  const kept = () =>
    page.evaluate(() => {
      for (const [k, v] of Object.entries(localStorage))
        if (k.startsWith('wc.where.')) return (JSON.parse(v) as { scroll?: number }).scroll;
      return undefined;
    });
  /** The scrolling has settled and its position is kept: the place written is where the page is. */
  const settled = async () => (await kept()) === (await page.evaluate(() => Math.round(scrollY)));

  it('mid-way down the Activation: the AA / Flak form is where it was after the reload', async () => {
    await page.getByRole('button', { name: '3. Activation' }).click();
    await page.getByRole('button', { name: '3d. Fire and bridges' }).click();
    const target = aa();
    await target.waitFor();
    // Read with the form near the top of the screen, well down the page.
    await target.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await expect.poll(settled).toBe(true);
    const scrolled = await page.evaluate(() => Math.round(scrollY));
    expect(scrolled).toBeGreaterThan(300);
    const before = await top(target);

    await reloadApp(page, aa());
    await expect.poll(() => page.evaluate(() => Math.round(scrollY))).toBe(scrolled);
    expect(Math.abs((await top(aa())) - before)).toBeLessThanOrEqual(2);
    expect(errors).toEqual([]);
  });

  it('scrolled back to the top, a reload stays at the top', async () => {
    await page.evaluate(() => scrollTo(0, 0));
    // At the top no place is kept.
    await expect.poll(kept).toBe(undefined);
    await reloadApp(page, aa());
    // The step is kept (3d), its form rendered; the page is not moved.
    await page.getByRole('button', { name: '3d. Fire and bridges' }).waitFor();
    expect(await page.evaluate(() => scrollY)).toBe(0);
    expect(errors).toEqual([]);
  });
});
