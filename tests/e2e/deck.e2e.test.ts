/**
 * Issue #15, balanced randomness in the built app on a phone: deck mode is turned on in the game's
 * settings (a step of the log), the Dice tool then shows the deck's cards left and the exact chance
 * of each total, and both change as the deck runs down. The page passes axe-core.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, e2eEnv, headline, logSteps, setupOnce, skipForNoBrowser, startNewGame } from './helpers';

const env = await e2eEnv();

/** The deck's odds as shown before the roll: total → percentage text. */
async function shownOdds(page: Page): Promise<Map<string, string>> {
  const bars = page.locator('wc-dice-roller wc-deck-odds wc-odds-bars');
  const totals = await bars.locator('th').allTextContents();
  const pcts = await bars.locator('td.pct').allTextContents();
  return new Map(totals.map((k, i) => [k.trim(), pcts[i]!.trim()]));
}

/** 2d6: how many of the 36 combinations give each total. */
const ways = (total: number) => 6 - Math.abs(total - 7);

describe.skipIf(skipForNoBrowser(env.avail))('deck mode on a phone', () => {
  let page: Page;
  let errors: string[];
  setupOnce(async () => {
    ({ page, errors } = await startNewGame(env, 'grossdeutschland', { viewport: { width: 390, height: 844 } }));
  });
  afterAll(async () => {
    await env.avail.browser?.close();
  });

  it('is off by default and turned on in the game settings, as a step of the log', async () => {
    await page.getByText('Settings of this game').click();
    const balance = page.locator('[data-testid=balance]');
    await expect.poll(() => balance.textContent()).toContain('deck mode off');
    await page.locator('[data-testid=deck-mode]').check();
    await expect.poll(() => logSteps(page)).toBe(1);
    await expect.poll(() => balance.textContent()).toContain('deck mode on');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByText('Settings of this game').click();
  });

  it('shows the cards left and the exact odds before each roll, which change as the deck runs down', async () => {
    await page.getByRole('tab', { name: 'Dice' }).click();
    await page.getByRole('radio', { name: /^2 dice/ }).click();
    const deck = page.locator('wc-dice-roller [data-testid=deck-odds]');
    await expect.poll(() => deck.textContent()).toContain('a full deck of 36');
    expect((await shownOdds(page)).get('7')).toBe('16.7%');

    let left = 36;
    const drawn = new Map<number, number>();
    for (let k = 0; k < 3; k++) {
      await page.getByRole('button', { name: 'Roll 2d6' }).click();
      await expect.poll(() => logSteps(page)).toBe(2 + k);
      left--;
      const total = Number((await headline(page).textContent())!.trim());
      drawn.set(total, (drawn.get(total) ?? 0) + 1);
      await expect.poll(() => deck.textContent()).toContain(`${left} of 36 left`);
      // Each total's chance is now the cards of it left / the cards left.
      const odds = await shownOdds(page);
      for (const t of [total, 7]) {
        const n = ways(t) - (drawn.get(t) ?? 0);
        if (n > 0) expect(odds.get(String(t))).toBe(`${((100 * n) / left).toFixed(1)}%`);
        else expect(odds.has(String(t))).toBe(false);
      }
    }
    // The result says which card of the deck it was (in its explanation: "Why").
    await page.locator('wc-session-page section.latest').getByRole('button', { name: 'Why' }).click();
    await expect
      .poll(() => page.locator('wc-session-page section.latest wc-result-view ol').textContent())
      .toContain('Drawn from the deck: 33 of 36 cards left');
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
