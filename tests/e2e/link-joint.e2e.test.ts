/**
 * Joint randomness across linked devices (issue #33): the table's device writes a Grossdeutschland
 * game; the German player's phone (390 px wide) is linked, first as a display: the game, with no
 * step yet, took the public seed before the phone was given it, and the link screens say no seed
 * makes a roll. Once it holds its side, joint randomness starts by itself (no button), and both
 * screens say so, naming the devices; the seed the table made is nowhere in the phone's memory or
 * IndexedDB. A roll tapped on the phone is made from a value of each device (the log records both),
 * and its result shows on both devices; the phone's export verifies. The table reloaded says, by its
 * roll buttons, that its rolls wait for the phone to be linked again. No serious axe violation and
 * no raw message key on the screens.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  axeViolations,
  headline,
  NO_CHROMIUM,
  renderedText,
  setupLinkedDevices,
  startGameOn,
  waitForApp,
} from './helpers';

const baseUrl = inject('baseUrl');
const setupError = inject('e2eSetupError');
const WAIT = { timeout: 20_000 };

const state = (page: Page) => page.evaluate(() => document.querySelector('wc-app')!.store.getState());
const text = async (page: Page) => (await renderedText(page)) ?? '';
const mode = (page: Page) => page.getByTestId('link-joint-mode').textContent();
/** Everything the page's IndexedDB holds (every database, every store), and its store's state, as text. */
const holdings = (page: Page) =>
  page.evaluate(async () => {
    const out: unknown[] = [document.querySelector('wc-app')!.store.getState()];
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((ok, ko) => {
        const r = indexedDB.open(name);
        r.onsuccess = () => ok(r.result);
        r.onerror = () => ko(r.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const all = await new Promise<unknown[]>((ok, ko) => {
          const r = db.transaction(store).objectStore(store).getAll();
          r.onsuccess = () => ok(r.result);
          r.onerror = () => ko(r.error);
        });
        out.push(all);
      }
      db.close();
    }
    return JSON.stringify(out);
  });

describe.skipIf(NO_CHROMIUM)('joint randomness: a roll no device can know before it is made', () => {
  let table: Page, phone: Page;
  let errors: string[];
  setupLinkedDevices(baseUrl, setupError, async (devices) => {
    ({ table, german: phone, errors } = devices);
    await phone.goto(baseUrl + '#/link');
    await waitForApp(phone);
    await phone.getByTestId('link-name').fill('German phone');
    await startGameOn(table, baseUrl, 'grossdeutschland', { ready: (p) => p.getByTestId('link-open') });
  });

  it('says no seed makes a roll, then joint mode by itself on both devices; the phone holds no seed; a roll tapped on the phone shows on both and verifies', async () => {
    await expect.poll(async () => (await state(table)).current?.session.seed, WAIT).toBeTruthy();
    const madeWith = (await state(table)).current!.session.seed;
    await table.getByTestId('link-open').click();
    await table.getByTestId('link-name').fill('Table');
    await table.getByTestId('link-add').click();
    const offer = await table.getByTestId('link-offer').inputValue(WAIT);
    await phone.getByTestId('link-join').locator('textarea').fill(offer);
    await phone.getByTestId('link-join').getByRole('button', { name: 'Answer' }).click();
    const answer = await phone.getByTestId('link-answer').inputValue(WAIT);
    await table.getByTestId('link-accept').locator('textarea').fill(answer);
    await table.getByTestId('link-accept').getByRole('button', { name: 'Link' }).click();
    await expect.poll(() => phone.getByTestId('link-strip').count(), WAIT).toBe(1);
    // A device linked is never given a seed that rolls (issue #33): said as such, on both.
    await expect.poll(() => mode(table), WAIT).toContain('this game’s seed is public and makes none');
    await expect.poll(() => mode(phone), WAIT).toContain('this game’s seed is public and makes none');
    expect(await holdings(phone)).not.toContain(madeWith);
    await phone.getByRole('radio', { name: 'The German player’s hand' }).check();
    // Joint randomness by itself: no button tapped.
    for (const p of [table, phone]) {
      await expect.poll(() => mode(p), WAIT).toContain('every roll is made from a value of each of these devices');
      expect(await mode(p)).toContain('Table, German phone');
      await expect
        .poll(() => p.getByTestId('link-joint-public').textContent())
        .toContain('seed is public and makes no roll');
    }
    await expect.poll(() => table.getByTestId('link-joint-start').count()).toBe(0);
    // The seed the table made the game with went nowhere: not in the phone's memory, nor its IndexedDB.
    expect((await state(table)).current!.session.seed).not.toBe(madeWith);
    await expect.poll(() => holdings(phone), WAIT).toContain((await state(table)).current!.session.seed);
    expect(await holdings(phone)).not.toContain(madeWith);
    expect(await axeViolations(table, 'table, joint mode')).toEqual([]);
    expect(await axeViolations(phone, 'phone, joint mode')).toEqual([]);

    // The phone asks for a roll: the table asks each device for its value, and the roll comes back.
    const n = (await state(table)).current!.session.log.length;
    await phone.getByRole('link', { name: 'Go to the game' }).click();
    await phone.getByRole('tab', { name: 'Dice' }).click();
    await phone.locator('wc-dice-roller button.primary:not([role])').click();
    await expect.poll(async () => (await state(phone)).current?.session.log.length, WAIT).toBe(n + 1);
    await expect.poll(async () => (await state(table)).current?.session.log.length, WAIT).toBe(n + 1);
    const onTable = (await state(table)).current!.session.log.at(-1)!;
    const onPhone = (await state(phone)).current!.session.log.at(-1)!;
    expect(onPhone).toEqual(onTable);
    expect(onTable.outcome.kind).toBe('roll');
    expect(onTable.joint?.map((r) => r.name).sort()).toEqual(['German phone', 'Table']);
    const total = onTable.outcome.kind === 'roll' ? String(onTable.outcome.dice.total) : '';
    await expect.poll(() => headline(phone).textContent(), WAIT).toContain(total);
    await table.goto(baseUrl + `#/session/${encodeURIComponent((await state(table)).current!.session.id)}`);
    await expect.poll(() => headline(table).textContent(), WAIT).toContain(total);
    // The log says from which step the rolls are joint, and with whom.
    await expect.poll(() => text(table), WAIT).toContain('Joint randomness');
    expect(await axeViolations(phone, 'phone, after the roll')).toEqual([]);

    const verdict = await phone.evaluate(async () => {
      const s = document.querySelector('wc-app')!.store;
      const file = await s.exportSession(s.getState().current!.session.id);
      const v = await s.verifyFile(file!);
      return v && (v.ok ? { ok: true, steps: v.session.log.length } : { ok: false });
    });
    expect(verdict).toEqual({ ok: true, steps: n + 1 });

    // The table reloads: its link is gone. By the roll buttons, it says its rolls wait for the phone.
    await table.reload();
    await waitForApp(table);
    await table.getByRole('tab', { name: 'Dice' }).waitFor(WAIT);
    await expect
      .poll(() => table.getByTestId('joint-notice').textContent(), WAIT)
      .toContain('made jointly with German phone, not linked to this device now: a roll waits for them');
    expect(await axeViolations(table, 'table reloaded, its rolls waiting for the phone')).toEqual([]);
    expect(errors).toEqual([]);
  });
});
