/**
 * Issue #15, in the built app in real Chromium on a phone: the game's fingerprint (the seal of the
 * hash-chained log) is on the session page, each turn's end has its own in the log, an exported
 * file ends at the fingerprint the table saw, and the same file cut short is refused on import,
 * naming the fingerprint it should have had.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeE2E, e2eEnv, exportFirstGame, logSteps, renderedText, setupOnce, startNewGame } from './helpers';
import { waitForApp } from './helpers';

const env = await e2eEnv();
const { baseUrl } = env;
const FINGERPRINT = /^[a-z]{5}(-[a-z]{5}){3}$/;

describeE2E(env, 'a log that cannot be cut short', () => {
  let page: Page;
  let errors: string[];
  setupOnce(async () => {
    ({ page, errors } = await startNewGame(env, 'grossdeutschland'));
  });

  const seal = async () => {
    const details = page.locator('details', { hasText: 'Settings of this game' });
    if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open)))
      await page.getByText('Settings of this game').click();
    const f = (await page.locator('[data-testid=seal]').textContent())!.trim();
    await page.getByText('Settings of this game').click();
    return f;
  };

  it('shows the fingerprint of the game now, which changes with each step, and of each turn end', async () => {
    const start = await seal();
    expect(start).toMatch(FINGERPRINT);
    await page.getByRole('tab', { name: 'Dice' }).click();
    await page.getByRole('button', { name: /^Roll 1d6$/ }).click();
    await expect.poll(() => logSteps(page)).toBe(1);
    const one = await seal();
    expect(one).toMatch(FINGERPRINT);
    expect(one).not.toBe(start);
    await page.getByRole('tab', { name: 'Cups' }).click();
    await page.getByRole('button', { name: 'End turn 1' }).first().click();
    await expect.poll(() => logSteps(page)).toBe(2);
    await expect.poll(() => page.locator('[data-testid=turn-seal]').count()).toBe(1);
    expect((await page.locator('[data-testid=turn-seal]').textContent())!.trim()).toMatch(FINGERPRINT);
    await page.getByRole('tab', { name: 'Dice' }).click();
    await page.getByRole('button', { name: /^Roll 1d6$/ }).click();
    await expect.poll(() => logSteps(page)).toBe(3);
    expect(errors).toEqual([]);
  });

  it('exports a file that ends at that fingerprint; the file cut short is refused, naming it', async () => {
    const atTable = await seal();
    const turnEnd = (await page.locator('[data-testid=turn-seal]').textContent())!.trim();
    const text = await exportFirstGame(page, baseUrl);
    const file = JSON.parse(text);
    expect(file.seal.fingerprint).toBe(atTable);

    // The genuine file verifies and names where its log ends.
    await page
      .locator('input[data-testid=verify]')
      .setInputFiles({ name: 'game.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    await expect
      .poll(() => page.locator('[data-testid=verified]').textContent())
      .toContain(`The log ends at fingerprint ${atTable} (step 3).`);

    // The last roll dropped: refused on import, with the fingerprint it should have had.
    file.session.log.pop();
    await page.locator('input[data-testid=import]').setInputFiles({
      name: 'cut.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(file)),
    });
    await expect
      .poll(async () => (await renderedText(page))!)
      .toMatch(
        new RegExp(`cut short: expected fingerprint ${atTable} \\(step 3\\), the file ends at [a-z-]+ \\(step 2\\)`),
      );
    await expect.poll(() => page.locator('wc-session-list li').count()).toBe(1);

    // Imported whole, the turn's end has the same fingerprint as at the table.
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await page.locator('input[data-testid=import]').setInputFiles({
      name: 'game.json',
      mimeType: 'application/json',
      buffer: Buffer.from(text),
    });
    await page.waitForURL(/#\/session\//);
    await waitForApp(page);
    await expect.poll(() => page.locator('[data-testid=turn-seal]').textContent()).toContain(turnEnd);
    expect(errors).toEqual([]);
  });
});
