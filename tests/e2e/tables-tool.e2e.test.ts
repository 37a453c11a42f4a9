/**
 * The Tables tool on a phone, in Spanish: Roll on a two-way table with its other axis unchosen is
 * refused at that field, in its words, in view and announced (role=alert); nothing goes into the log.
 * Once chosen, the roll's result shows in the sheet over the bottom. Roll on a chart the players have
 * still to type in is off, its reason beside it, announced when tapped. The page passes axe-core.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, e2eEnv, logSteps, PHONE, setupOnce, skipForNoBrowser, startNewGame } from './helpers';

const env = await e2eEnv();

describe.skipIf(skipForNoBrowser(env.avail))('the Tables tool on a phone, in Spanish', () => {
  let page: Page;
  let errors: string[];
  setupOnce(async () => {
    ({ page, errors } = await startNewGame(env, 'breakout', { viewport: PHONE, spanish: true }));
  });
  afterAll(async () => {
    await env.avail.browser?.close();
  });

  it('refuses a roll with no weather chosen at the Weather field, then rolls once it is chosen', async () => {
    await page.getByRole('tab', { name: 'Tirar en una tabla' }).click();
    const tool = page.locator('wc-table-roller');
    await tool.getByRole('combobox', { name: /^Tabla/ }).selectOption('bo-river-crossing');
    await tool.getByRole('button', { name: 'Tirar en esta tabla' }).click();

    const weather = tool.getByRole('combobox', { name: /^Tiempo/ });
    const refusal = tool.getByRole('alert');
    await expect.poll(() => refusal.textContent()).toContain('Elige primero: Tiempo.');
    await expect.poll(() => weather.getAttribute('aria-invalid')).toBe('true');
    expect(await weather.evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el)).toBe(true);
    // In view on a 390 × 844 phone, above the result sheet.
    const box = (await refusal.boundingBox())!;
    expect(box.y).toBeGreaterThan(0);
    expect(box.y + box.height).toBeLessThan(PHONE.height - 80);
    await expect.poll(() => logSteps(page)).toBe(0);
    expect(await axeViolations(page, 'refused')).toEqual([]);

    await weather.selectOption('storm');
    await expect.poll(() => refusal.count()).toBe(0);
    await tool.getByRole('button', { name: 'Tirar en esta tabla' }).click();
    await expect.poll(() => logSteps(page)).toBe(1);
    expect(await axeViolations(page, 'rolled')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('Roll on a chart still to type in (Zitadelle scatter, 9.31) is off, says why beside it, and a tap logs nothing', async () => {
    const z = await startNewGame(env, 'zitadelle', { viewport: PHONE, spanish: true });
    await z.page.getByRole('tab', { name: 'Tirar en una tabla' }).click();
    const tool = z.page.locator('wc-table-roller');
    await tool.getByRole('combobox', { name: /^Tabla/ }).selectOption('zi-scatter');
    // Still reached by keyboard and screen reader: the button is aria-disabled, its reason its description.
    const button = tool.getByRole('button', { name: 'Tirar en esta tabla' });
    await expect.poll(() => button.getAttribute('aria-disabled')).toBe('true');
    const why = 'No se puede tirar en esta tabla hasta corregir lo indicado arriba.';
    const reasonId = (await button.getAttribute('aria-describedby'))!;
    await button.focus();
    await z.page.keyboard.press('Enter');
    const alert = tool.getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain(why);
    await expect.poll(() => alert.getAttribute('id')).toBe(reasonId);
    const box = (await alert.boundingBox())!;
    expect(box.y).toBeGreaterThan(0);
    expect(box.y + box.height).toBeLessThan(PHONE.height - 80);
    await expect.poll(() => logSteps(z.page)).toBe(0);
    expect(await axeViolations(z.page, 'blocked')).toEqual([]);
    expect(z.errors).toEqual([]);
  });
});
