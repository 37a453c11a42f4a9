/**
 * Issue #15, balanced randomness in the built app on a phone: deck mode is turned on in the game's
 * settings (a step of the log), the Dice tool then shows the deck's cards left and the exact chance
 * of each total, and both change as the deck runs down. The page passes axe-core.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eEnv, headline, logSteps, renderedText, setupOnce, skipForNoBrowser, startNewGame } from './helpers';

const env = await e2eEnv();
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<{ violations: unknown[] }> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return (r.violations as { id: string; impact: string; nodes: { target: unknown[] }[] }[])
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))}`);
  });
  const keys = ((await renderedText(page)) ?? '').match(/\b[a-z]{2,}(?:\.[a-z][A-Za-z0-9-]*)+\b/g) ?? [];
  return [...found, ...keys.map((k) => `raw message key "${k}"`)];
}

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
    // The result says which card of the deck it was.
    await expect
      .poll(() => page.locator('wc-session-page section.latest wc-result-view ol').textContent())
      .toContain('Drawn from the deck: 33 of 36 cards left');
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
