/**
 * Grossdeutschland's black chit from the players' own cups, sealed on its drawer's phone (issue #33;
 * 10.3, seed 000): the table writes the game, the players keep their physical cups; the German and
 * the Soviet players' phones (390 px wide) are linked to it. The Soviet player drew a black chit and
 * types it on the phone, where it is sealed; the table records the attack's draws (the German blue
 * chit typed in the open, the Soviet one by its sealed value); the German phone and the table show a
 * count, never the chit; the Soviet phone plays it: it is shown, checked, and cancels the German chit
 * everywhere. Axe is clean on every screen.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { NO_CHROMIUM, axeViolations, renderedText, setupLinkedDevices, startGdOnThree, gdTurnBegun } from './helpers';
import { linkSides } from './helpers';

const baseUrl = inject('baseUrl');
const setupError = inject('e2eSetupError');

const text = async (page: Page) => (await renderedText(page)) ?? '';
const log = (page: Page) =>
  page.evaluate(() => document.querySelector('wc-app')!.store.getState().current?.session.log ?? []);
const sealedCount = (page: Page) =>
  page.evaluate(
    () => Object.keys(document.querySelector('wc-app')!.store.getState().current?.state.sealed ?? {}).length,
  );

describe.skipIf(NO_CHROMIUM)('Grossdeutschland black chits sealed on the phones', () => {
  let table: Page, german: Page, soviet: Page;
  let errors: string[];
  setupLinkedDevices(baseUrl, setupError, async (devices) => {
    ({ table, german, soviet, errors } = devices);
    await startGdOnThree(baseUrl, devices);
  });

  it('a black chit typed on the Soviet phone stays there until played; played, it cancels the chit it names everywhere', async () => {
    await gdTurnBegun(table, 'day');
    await expect.poll(async () => (await log(table)).length).toBe(2);

    await linkSides(
      table,
      [
        [german, 'German'],
        [soviet, 'Soviet'],
      ],
      async (p) => {
        await p.getByRole('button', { name: '3. Activation' }).click();
        await p.getByRole('button', { name: '3b. Event chits' }).click();
      },
    );
    await table.goto(table.url().replace('#/link/', '#/session/'));
    await table.getByRole('button', { name: '3. Activation' }).click();
    await table.getByRole('button', { name: '3b. Event chits' }).click();
    // The players keep their own cups (10.3): what they draw is typed in.
    await table.getByTestId('gd-events-table').click();
    for (const p of [table, german, soviet])
      await expect
        .poll(() =>
          p.evaluate(
            () =>
              (document.querySelector('wc-app')!.store.getState().current?.state.game['events'] as { mode?: string })
                ?.mode,
          ),
        )
        .toBe('table');

    // The Soviet player drew a black chit: typed and sealed on the Soviet phone.
    await soviet.getByTestId('gd-chit-soviet-sealed').check();
    await soviet.getByTestId('gd-seal-soviet-name').fill('Geheim-Sturmovik');
    await soviet.getByTestId('gd-seal-soviet-cancels').fill('Push');
    await soviet.getByTestId('gd-seal-soviet').click();
    for (const p of [table, german, soviet]) await expect.poll(() => sealedCount(p), { timeout: 30_000 }).toBe(1);
    await expect
      .poll(() => soviet.getByTestId('gd-sealed-soviet').textContent())
      .toContain('Sealed here, for the table to record: "Geheim-Sturmovik".');

    // The table records the draws: the German blue chit in the open, the Soviet black one by its seal.
    await table.getByTestId('gd-chit-soviet-sealed').check();
    await expect
      .poll(() => table.getByTestId('gd-sealed-soviet').textContent())
      .toContain('1 black chit kept, sealed on the Soviet phone');
    await table.getByTestId('gd-chit-german').fill('Push');
    await table.getByTestId('gd-chit-german-colour').selectOption('blue');
    await table.getByTestId('gd-chit-german-mod').fill('-1');
    await table.getByTestId('gd-draw-events').click();
    for (const p of [table, german, soviet])
      await expect.poll(() => p.getByTestId('gd-pending').textContent(), { timeout: 30_000 }).toMatch(/Soviet: black/);
    await expect.poll(() => text(soviet)).toContain('Sealed on this phone: "Geheim-Sturmovik" (cancels "Push")');
    for (const p of [table, german]) {
      await expect
        .poll(() => p.getByTestId('gd-sealedhand-soviet').textContent())
        .toContain('1 black chit kept, sealed on the Soviet phone: only that phone reads them.');
      expect(await text(p)).not.toContain('Geheim');
      const held = await p.evaluate(() =>
        JSON.stringify(document.querySelector('wc-app')!.store.getState().current ?? null),
      );
      expect(held).not.toContain('Geheim');
    }
    for (const p of [table, german, soviet])
      expect(await axeViolations(p, 'a black chit sealed on the phone')).toEqual([]);

    // The Soviet player plays it from the phone: shown (checked by every device), then the black step.
    await soviet.getByTestId('gd-play-sealed').click();
    for (const p of [table, german, soviet])
      await expect
        .poll(() => p.getByTestId('gd-pending').textContent(), { timeout: 30_000 })
        .toMatch(/German: Push.*cancelled \(Geheim-Sturmovik\)/s);
    await expect.poll(() => text(german)).toContain('Geheim-Sturmovik');
    expect(errors).toEqual([]);
  }, 300_000);
});
