/**
 * Three devices at one table (issue #17): the table's device writes a Grossdeutschland night turn;
 * the German and the Soviet players' phones are linked to it, each holding its side's black chits
 * (10.3): a hand shows on its own phone only, the other devices show its count. The Soviet phone
 * plays a black chit: the step is run by the writer and appears everywhere. The writer goes away
 * mid-turn; the Soviet phone takes over with every step and goes on; the German phone relinks to it
 * and catches up from the last step both share; its exported game verifies from its seed.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  NO_CHROMIUM,
  renderedText,
  setupLinkedDevices,
  startGdOnThree,
  gdTurnBegun,
  seatGdPhonesAtEvents,
} from './helpers';
import { inViewport, linkByCodes, typeEventChits } from './helpers';

const baseUrl = inject('baseUrl');
const setupError = inject('e2eSetupError');

const log = (page: Page) =>
  page.evaluate(() => document.querySelector('wc-app')!.store.getState().current?.session.log ?? []);
const text = async (page: Page) => (await renderedText(page)) ?? '';

describe.skipIf(NO_CHROMIUM)('a Grossdeutschland night turn on three linked devices', () => {
  let table: Page, german: Page, soviet: Page;
  let errors: string[];
  setupLinkedDevices(baseUrl, setupError, async (devices) => {
    ({ table, german, soviet, errors } = devices);
    await startGdOnThree(baseUrl, devices);
  });

  /** The steps of the game once both phones hold their sides (joint randomness starts by itself: one or two joint steps). */
  let base = 0;
  it('each side’s black chits show on its own phone only; a chit played on a phone appears everywhere', async () => {
    await gdTurnBegun(table, 'night');
    await table.getByRole('button', { name: '3. Activation' }).click();
    await table.getByRole('button', { name: '3b. Event chits' }).click();
    // Scenario x.2 / 10.3: the black chits in each hand. The turn, its weather, the move to the
    // Activation phase (the engine's phase step, issue #29) and the cups set up: four steps.
    await table.getByTestId('gd-events-table').click();
    await expect.poll(async () => (await log(table)).length).toBe(4);

    // Joint randomness starts by itself with the phones in it (issue #33): a joint step, or two.
    await seatGdPhonesAtEvents(table, german, soviet);
    base = (await log(table)).length;
    expect(base).toBeGreaterThan(4);
    await expect.poll(async () => (await log(german)).length).toBe(base);
    await expect.poll(() => text(german)).toContain('Fighter Cover → Airstrike');
    await expect.poll(() => text(soviet)).toContain('Bogged → Aggressive Assault');
    await expect.poll(() => text(german)).not.toContain('Bogged →');
    await expect.poll(() => text(soviet)).not.toContain('Fighter Cover →');
    await table.goto(table.url().replace('#/link/', '#/session/'));
    await table.getByRole('button', { name: '3. Activation' }).click();
    await table.getByRole('button', { name: '3b. Event chits' }).click();
    const tableText = await text(table);
    expect(tableText).toContain('Hand of the German player: 5 chits');
    expect(tableText).toContain('Hand of the Soviet player: 4 chits');
    expect(tableText).not.toContain('Bogged →');
    expect(tableText).not.toContain('Fighter Cover →');
    // No hand-off on the table's device: the hands are on the phones.
    await expect.poll(() => table.getByTestId('gd-hand-soviet').count()).toBe(0);

    // An attack: the event chits drawn from the physical cups are typed in at the table (18.2).
    await typeEventChits(table, { german: ['Aggressive Assault', 'blue', '-2'], soviet: ['Apathy', 'red', '2'] });
    await expect.poll(async () => (await log(soviet)).length).toBe(base + 1);
    // The Soviet player plays "Bogged" from the phone; it cancels "Aggressive Assault" (10.3).
    await soviet.getByRole('button', { name: /Soviet plays "Bogged"/ }).click();
    for (const p of [table, german, soviet]) {
      await expect.poll(async () => (await log(p)).length).toBe(base + 2);
      await expect.poll(() => p.getByTestId('gd-pending').textContent()).toMatch(/Aggressive Assault.*cancelled/s);
    }
    expect(await log(german)).toEqual(await log(table));
    await expect.poll(() => text(soviet)).toContain('Hand of the Soviet player: 3 chits');
  });

  it('the table’s device goes away mid-turn: the Soviet phone takes over, the German phone relinks and catches up', async () => {
    // One writer, always (issue #30): the table names the one device that takes over if it is lost.
    await table.goto(table.url().replace('#/session/', '#/link/'));
    await table.getByTestId('link-successor-choose').selectOption('Soviet phone');
    for (const p of [german, soviet])
      await expect
        .poll(() => p.evaluate(() => document.querySelector('wc-app')!.store.getState().link?.successor))
        .toBe('Soviet phone');
    await table.context().close();
    for (const p of [german, soviet])
      await expect.poll(() => p.getByTestId('link-strip').textContent(), { timeout: 20_000 }).toContain('Link lost');
    // The lost link stays in view at the top of the screen, however far the page is scrolled (issue #28 item 17).
    await german.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
    expect(await german.evaluate(() => scrollY)).toBeGreaterThan(0);
    await expect.poll(() => inViewport(german, german.getByTestId('link-strip'))).toBe(true);
    await soviet.getByTestId('link-strip').click();
    await soviet.getByTestId('link-takeover').click();
    await soviet.getByRole('link', { name: 'Go to the game' }).click();
    await soviet.getByRole('tab', { name: 'Dice' }).click();
    // The roll waits for the values of the devices lost (joint randomness, issue #33): past the
    // timeout the players go on without them, as a step, and the roll asked again is made.
    await soviet.locator('wc-dice-roller button.primary:not([role])').click();
    await soviet.getByTestId('link-strip').click();
    await soviet.getByTestId('link-joint-drop').click({ timeout: 60_000 });
    await expect.poll(async () => (await log(soviet)).length).toBe(base + 3);
    const left = (await log(soviet)).at(-1)!.outcome as { kind: string; left?: string[] };
    expect([left.kind, [...(left.left ?? [])].sort()]).toEqual(['joint', ['Device', 'German phone']]);
    await soviet.getByRole('link', { name: 'Go to the game' }).click();
    await soviet.getByRole('tab', { name: 'Dice' }).click();
    await soviet.locator('wc-dice-roller button.primary:not([role])').click();
    await expect.poll(async () => (await log(soviet)).length).toBe(base + 4);
    expect((await log(german)).length).toBe(base + 2);

    // The German phone relinks: it catches up, and joins the joint randomness again by itself (a step).
    await linkByCodes(soviet, german);
    await expect.poll(async () => (await log(soviet)).length).toBe(base + 5);
    expect((await log(soviet)).at(-1)!.action.type).toBe('joint');
    await expect.poll(async () => (await log(german)).length).toBe(base + 5);
    expect(await log(german)).toEqual(await log(soviet));
    // The German phone still holds the German hand, and only it.
    await german.getByRole('link', { name: 'Go to the game' }).click();
    await german.getByRole('button', { name: '3. Activation' }).click();
    await german.getByRole('button', { name: '3b. Event chits' }).click();
    await expect.poll(() => text(german)).toContain('Fighter Cover → Airstrike');
    await expect.poll(() => text(german)).not.toContain('Bogged →');

    const verdict = await german.evaluate(async () => {
      const s = document.querySelector('wc-app')!.store;
      const file = await s.exportSession(s.getState().current!.session.id);
      const v = await s.verifyFile(file!);
      return v && (v.ok ? { ok: true, steps: v.session.log.length } : { ok: false });
    });
    expect(verdict).toEqual({ ok: true, steps: base + 5 });
    expect(errors).toEqual([]);
  });
});
