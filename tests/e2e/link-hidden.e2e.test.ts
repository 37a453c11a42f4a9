/**
 * A hidden cup on three linked devices (issue #33): the table's device writes a Grossdeutschland
 * game; the German and the Soviet players' phones (390 px wide) are linked to it, each holding its
 * side. The Soviet player draws face down on the phone: by default the table deals the HQ activation
 * cup (2.5, 3.4) between the two phones by itself (each shuffles and locks it in turn) and draws the
 * chit hidden for the Soviet side: it shows there only; the
 * German phone and the table show that a chit was drawn, never which, and hold nothing that reads
 * it. The Soviet player shows it: every device shows it, checked. Axe is clean on every screen.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { NO_CHROMIUM, axeViolations, renderedText, setupLinkedDevices, linkSides, startGdOnThree } from './helpers';

const baseUrl = inject('baseUrl');
const setupError = inject('e2eSetupError');

const text = async (page: Page) => (await renderedText(page)) ?? '';
const linkState = (page: Page) => page.evaluate(() => document.querySelector('wc-app')!.store.getState().link ?? null);
/** The player's phone's hidden chits (issue #33). */
const hiddenChits = (page: Page) =>
  page.evaluate(() => document.querySelector('wc-app')!.store.getState().hiddenChits ?? null);
const hiddenDeal = (page: Page) =>
  page.evaluate(() => document.querySelector('wc-app')!.store.getState().current?.state.hidden?.['activation'] ?? null);

describe.skipIf(NO_CHROMIUM)('a hidden cup on three linked devices', () => {
  let table: Page, german: Page, soviet: Page;
  let errors: string[];
  setupLinkedDevices(baseUrl, setupError, async (devices) => {
    ({ table, german, soviet, errors } = devices);
    await startGdOnThree(baseUrl, devices);
  });

  it('the drawer’s phone shows its chit; the other phone and the table show it face down until it is shown', async () => {
    await linkSides(
      table,
      [
        [german, 'German'],
        [soviet, 'Soviet'],
      ],
      async (phone) => {
        await phone.getByRole('tab', { name: 'Cups' }).click();
      },
    );
    await expect.poll(async () => (await linkState(table))?.peers.filter((x) => x.side).length).toBe(2);
    await table.goto(table.url().replace('#/link/', '#/session/'));
    await table.getByRole('tab', { name: 'Cups' }).click();
    // The default: the Soviet player draws face down on the phone, as with one device. Nobody deals:
    // the table shuffles the activation cup between the two phones by itself, then draws it hidden.
    await soviet.getByRole('button', { name: 'Draw face down for the Soviet player' }).click();
    for (const p of [table, german, soviet])
      await expect.poll(async () => (await hiddenDeal(p))?.decks.length, { timeout: 20_000 }).toBe(2);
    await expect.poll(() => soviet.getByTestId('hidden-chit').count(), { timeout: 20_000 }).toBe(1);
    const shown = (await soviet.getByTestId('hidden-chit').textContent())!.replace(/^Chit 1: /, '').trim();
    expect(shown.length).toBeGreaterThan(0);
    const chit = (await hiddenChits(soviet))!.mine[0]!.chit;
    // The German phone and the table: a chit was drawn for the Soviet side, never which.
    for (const p of [table, german]) {
      await expect.poll(() => text(p)).toContain('Soviet: 1 hidden chit not shown yet');
      await expect.poll(() => text(p)).not.toContain(shown);
      const held = await p.evaluate(() =>
        JSON.stringify(document.querySelector('wc-app')!.store.getState().current?.session.log ?? []),
      );
      expect(held).not.toContain(`"chit":"${chit}"`);
    }
    for (const p of [table, german, soviet]) expect(await axeViolations(p, 'hidden cup')).toEqual([]);

    // The chit's row has the same box while it unlocks and once shown: the chit is swapped in place
    // and nothing below it moves (the frame that shows it lays out and paints that row, not the page).
    // Positions, never times: the shown row, then the same chit as the phone has it while it unlocks.
    const row = soviet.getByTestId('hidden-row');
    const below = soviet.locator('wc-cup-panel details').first();
    const boxes = async () => ({ row: (await row.boundingBox())!, below: (await below.boundingBox())! });
    const opened = await boxes();
    const held = (await hiddenChits(soviet))!;
    await soviet.evaluate(
      (h) =>
        document.querySelector('wc-app')!.store.setHiddenChits({
          ...h,
          mine: [],
          unopened: [{ cup: 'activation', pos: 0, lost: false }],
        }),
      held,
    );
    await expect.poll(() => row.textContent()).toContain('unlocking it for you');
    const unlocking = await boxes();
    expect(unlocking.row.height).toBe(opened.row.height);
    expect(unlocking.below.y).toBe(opened.below.y);
    await soviet.evaluate((h) => document.querySelector('wc-app')!.store.setHiddenChits(h), held);
    await expect.poll(() => soviet.getByTestId('hidden-chit').count()).toBe(1);

    // The Soviet player shows it: every device shows it, checked against the card drawn.
    await soviet.getByRole('button', { name: 'Show chit 1 to everyone' }).click();
    for (const p of [table, german, soviet])
      await expect
        .poll(() => text(p), { timeout: 20_000 })
        .toContain(`The Soviet player shows the hidden chit: ${shown}`);
    expect(errors).toEqual([]);
  });
});
