/**
 * Zitadelle 13.3 on three linked devices (issue #33): the table's device writes a Zitadelle game;
 * the German and the Soviet players' phones (390 px wide) are linked to it, each holding its side.
 * The table places the eight optional reinforcement chits between the phones (13.32, seed 001
 * line 716: neither player may look during the placement — both phones shuffle): the Soviet phone
 * lists what each box A–H holds (13.33, line 720); the German phone and the table say the boxes are
 * on the Soviet phone and show no chit of any box (13.37, line 728). On turn 2 the Soviet phone plays
 * box A (13.35, line 722): every device shows it. Axe is clean on every screen.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { NO_CHROMIUM, axeViolations, dealZitadelleBoxes, setupLinkedDevices, namePhones } from './helpers';
import { startGameOn } from './helpers';

const baseUrl = inject('baseUrl');
const setupError = inject('e2eSetupError');
const CHITS = ['Chit one', 'Chit two', 'Chit three', 'Chit four', 'Chit five', 'Chit six', 'Chit seven', 'Chit eight'];

/** The player's phone's hidden chits (issue #33). */
const hiddenChits = (page: Page) =>
  page.evaluate(() => document.querySelector('wc-app')!.store.getState().hiddenChits ?? null);
const steps = (page: Page) =>
  page.evaluate(() => document.querySelector('wc-app')!.store.getState().current?.session.log.length ?? 0);

describe.skipIf(NO_CHROMIUM)('Zitadelle’s reinforcement boxes on three linked devices', () => {
  let table: Page, german: Page, soviet: Page;
  let errors: string[];
  setupLinkedDevices(baseUrl, setupError, async (devices) => {
    ({ table, german, soviet, errors } = devices);
    await namePhones(baseUrl, [
      [german, 'German phone'],
      [soviet, 'Soviet phone'],
    ]);
    await startGameOn(table, baseUrl, 'zitadelle', { ready: (p) => p.getByTestId('zi-title') });
  });

  it('only the Soviet phone lists what each box holds; the German phone and the table say where the boxes are; box A is played on turn 2 and shown everywhere', async () => {
    await dealZitadelleBoxes(table, german, soviet, CHITS);
    const panel = table.locator('wc-zitadelle-panel');

    // The Soviet phone lists the eight boxes, each with its chit.
    const sovietBoxes = soviet.locator('wc-zitadelle-panel').getByTestId('zi-chit-boxes');
    await expect.poll(() => sovietBoxes.locator('li').count(), { timeout: 20_000 }).toBe(8);
    const listed = (await sovietBoxes.textContent()) ?? '';
    for (const c of CHITS) expect(listed).toContain(c);
    // The German phone and the table: where the boxes are, never what they hold.
    for (const p of [table, german]) {
      const section = p.locator('wc-zitadelle-panel').getByTestId('zi-chits');
      await expect
        .poll(() => section.textContent(), { timeout: 20_000 })
        .toContain('The boxes are on the Soviet player’s phone');
      const shown = (await section.textContent()) ?? '';
      for (const c of CHITS) expect(shown).not.toContain(c);
    }
    for (const p of [table, german, soviet]) expect(await axeViolations(p, 'reinforcement boxes')).toEqual([]);

    // Turn 2 is box A's (13.35, line 722): in the Soviet movement phase the Soviet phone plays it;
    // every device shows it, checked against the card drawn.
    await panel.getByTestId('zi-phase').selectOption({ label: 'Soviet disorganization removal' });
    await panel.getByRole('button', { name: 'End turn 1' }).click();
    await expect
      .poll(() => table.evaluate(() => document.querySelector('wc-app')!.store.getState().current?.state.turn))
      .toBe(2);
    const m = await steps(table);
    await panel.getByTestId('zi-phase').selectOption({ label: 'Soviet movement' });
    await expect.poll(() => steps(table)).toBeGreaterThan(m);
    const boxA = (await hiddenChits(soviet))!.mine.find((x) => x.pos === 0)!.chit;
    await soviet.locator('wc-zitadelle-panel').getByRole('button', { name: 'Play box A' }).click({ timeout: 20_000 });
    for (const p of [table, german, soviet])
      await expect
        .poll(() => p.locator('wc-zitadelle-panel').getByTestId('zi-chits').textContent(), { timeout: 20_000 })
        .toContain(`Played: A: ${boxA}`);
    // The other seven stay unread off the Soviet phone.
    const germanShown = (await german.locator('wc-zitadelle-panel').getByTestId('zi-chits').textContent()) ?? '';
    for (const c of CHITS.filter((x) => x !== boxA)) expect(germanShown).not.toContain(c);
    expect(errors).toEqual([]);
  });
});
