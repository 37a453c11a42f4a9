/**
 * Grossdeutschland in the built app: a Kursk night turn — turn type and weather, an HQ chit drawn,
 * a combat at night (3d6) with supply halving and an event-chit modifier, the end-of-night
 * replacement roll — then a reload with nothing lost, and the same combat read in Spanish.
 */
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { collectErrors, renderedText, requireBrowser, requireServer, setupOnce, skipForNoBrowser, tryLaunch, waitForApp } from './helpers';

const baseUrl = inject('baseUrl');
const setupError = inject('e2eSetupError');
const avail = await tryLaunch();
const live = async (page: Page) => (await page.locator('wc-app #live').textContent())?.trim() ?? '';
const steps = (page: Page) => page.locator('wc-log-view li[data-seq]').count();

describe.skipIf(skipForNoBrowser(avail))('Grossdeutschland: a Kursk night turn', () => {
  let page: Page;
  let errors: string[];
  setupOnce(async () => {
    requireServer(baseUrl, setupError);
    page = await requireBrowser(avail).newPage({ viewport: { width: 390, height: 900 } });
    errors = collectErrors(page);
    await page.goto(baseUrl + '#/game/grossdeutschland');
    await waitForApp(page);
    await page.locator('wc-game-page form').first().getByRole('button', { name: 'Start a new game' }).click();
    await page.waitForURL(/#\/session\//);
    await page.getByLabel('Turn type').waitFor();
  });
  afterAll(async () => { await avail.browser?.close(); });

  it('plays a night turn with typed-in dice: weather, an HQ chit, a night combat, replacements', async () => {
    await page.getByRole('radio', { name: 'We roll real dice and type them in' }).click();
    const dice = page.getByLabel(/Values of the dice you rolled/);
    await page.getByLabel('Turn type').selectOption('night');
    await page.getByLabel('Weather modifier on the track').fill('-1');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await expect.poll(() => live(page)).toMatch(/Night/);
    await dice.fill('4');
    await page.getByRole('button', { name: 'Roll the weather' }).click();
    await expect.poll(() => live(page)).toMatch(/^Weather: Fog\./); // D16: 4 − 1 = 3 → Fog
    await page.getByRole('button', { name: '3. Activation' }).click();
    await page.getByRole('radio', { name: 'The app rolls' }).click();
    await page.getByRole('button', { name: 'Draw an HQ activation chit' }).click();
    await expect.poll(() => live(page)).toMatch(/^Drew HQ /);
    await page.getByRole('radio', { name: 'We roll real dice and type them in' }).click();
    // (6 + 4 low → 2) = 8 : 5 = 1.6, rounded up → 2-1; night: 3d6 = 5+5+6 = 16, chits −2 → 14 → read as 12.
    await page.getByLabel('Attacking units (attack strengths)').fill('6, 4 low');
    await page.getByLabel('Defending units (defence strengths)').fill('3, 2');
    await page.getByLabel('Net event-chit modifier').fill('-2');
    await expect.poll(() => page.locator('[data-testid=gd-column]').textContent()).toBe('Column: 2-1');
    await dice.fill('5 5 6');
    await page.getByRole('button', { name: 'Resolve the combat' }).click();
    await expect.poll(() => live(page)).toMatch(/^Normal attack: AD — Attacker decimated\./);
    const text = (await renderedText(page))!;
    expect(text).toMatch(/3d6 → 5, 5, 6/);
    await page.getByRole('button', { name: '4. End of turn' }).click();
    await dice.fill('1');
    await page.getByRole('button', { name: 'Replacement roll: German' }).click();
    await expect.poll(() => live(page)).toMatch(/^Replacements: /);
    expect(errors).toEqual([]);
  });

  it('a reload loses nothing, and the log reads in Spanish', async () => {
    const n = await steps(page);
    await page.reload();
    await waitForApp(page);
    await expect.poll(() => steps(page)).toBe(n);
    await page.getByRole('button', { name: /Español/ }).click();
    await expect.poll(async () => (await renderedText(page))!).toContain('Turno 1 — Noche, tiempo Niebla');
    await expect.poll(async () => (await renderedText(page))!).toMatch(/AD — Atacante diezmado Ataque normal/);
    await page.getByRole('button', { name: /English/ }).click();
    expect(errors).toEqual([]);
  });
});
