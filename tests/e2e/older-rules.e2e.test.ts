/**
 * A game saved before a rule fix opens, never "damaged" (rules versions, #31 follow-up): a
 * Stalingrado file recorded before the set-up steps (tests/fixtures/rules-versions) is verified and
 * imported on a phone; the game opens saying which steps keep their recorded results, the log marks
 * them, in English and in Spanish, with no raw key.
 */
import { readFileSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, describeE2E, e2eEnv, openApp, setupOnce, waitForApp, toSpanish } from './helpers';

const env = await e2eEnv();
const file = readFileSync('tests/fixtures/rules-versions/stalingrado-before-setup.json');

for (const spanish of [false, true])
  describeE2E(env, `a Stalingrado game saved before the set-up steps, in ${spanish ? 'Spanish' : 'English'}`, () => {
    let page: Page;
    let errors: string[];
    setupOnce(async () => {
      ({ page, errors } = await openApp(env));
      if (spanish) await toSpanish(page);
    });
    afterAll(async () => {
      await page?.close();
    });

    it('verifies, imports and opens: the notice names the steps kept as written, the log marks them', async () => {
      await page
        .locator('input[data-testid=verify]')
        .setInputFiles({ name: 'old.wargame.json', mimeType: 'application/json', buffer: file });
      await expect
        .poll(() => page.locator('[data-testid=verified]').textContent())
        .toContain(
          spanish
            ? 'Los pasos 1, 2, 3 se registraron con reglas que el juego ha corregido después'
            : 'Steps 1, 2, 3 were recorded under older rules the game has corrected since',
        );
      await page
        .locator('input[data-testid=import]')
        .setInputFiles({ name: 'old.wargame.json', mimeType: 'application/json', buffer: file });
      await expect.poll(() => page.url()).toContain('#/session/');
      await waitForApp(page);
      const banner = page.locator('wc-app .problem[role=alert]');
      await expect
        .poll(() => banner.textContent())
        .toContain(
          spanish
            ? 'Los pasos 1, 2, 3 se registraron con reglas anteriores de este juego'
            : 'Steps 1, 2, 3 were recorded under older rules of this game',
        );
      await expect.poll(() => banner.textContent()).not.toMatch(/damaged|dañad/i);
      const marks = page.locator('wc-log-view [data-testid=older-rules]');
      await expect.poll(() => marks.count()).toBe(3);
      await expect.poll(() => page.locator('wc-log-view li[data-seq]').count()).toBe(4);
      expect(await axeViolations(page)).toEqual([]);
      // The game goes on: it is open for play, not read-only.
      await banner.getByRole('button', { name: spanish ? 'Cerrar aviso' : 'Dismiss' }).click();
      await banner.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
    });
  });

describeE2E(env, 'a verdict shown, then the language changed', () => {
  let page: Page;
  let errors: string[];
  setupOnce(async () => {
    ({ page, errors } = await openApp(env));
  });
  afterAll(async () => {
    await page?.close();
  });

  it('the verdict on the home screen follows the language chosen after it (it was kept in the language of the moment)', async () => {
    await page
      .locator('input[data-testid=verify]')
      .setInputFiles({ name: 'old.wargame.json', mimeType: 'application/json', buffer: file });
    const verified = page.locator('[data-testid=verified]');
    await expect
      .poll(() => verified.textContent())
      .toContain('Steps 1, 2, 3 were recorded under older rules the game has corrected since');
    await toSpanish(page);
    await expect
      .poll(() => verified.textContent())
      .toContain('Los pasos 1, 2, 3 se registraron con reglas que el juego ha corregido después');
    expect(errors).toEqual([]);
  });
});
