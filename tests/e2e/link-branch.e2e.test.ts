/**
 * One game, two branches (issue #30): the table's device writes a Grossdeutschland game and the
 * German phone is linked to it (joint randomness starts by itself, issue #33); the phone unlinks and
 * goes on alone (a step of its own that draws nothing: a roll would wait for the table's value),
 * the table goes on too. When they relink, the table refuses the phone's copy: both screens say so, from
 * which step, and which device holds which branch; both are kept (the phone's under a name of its
 * own), nothing is merged or overwritten.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { NO_CHROMIUM, setupLinkedDevices, startGameOn, waitForApp } from './helpers';

const baseUrl = inject('baseUrl');
const setupError = inject('e2eSetupError');
const WAIT = { timeout: 20_000 };

const state = (page: Page) => page.evaluate(() => document.querySelector('wc-app')!.store.getState());
const roll = (page: Page) =>
  page.evaluate(async () => {
    const e = await document.querySelector('wc-app')!.store.act({ type: 'roll', dice: { n: 2, sides: 6 } });
    return e?.seq;
  });

const note = (page: Page, text: string) =>
  page.evaluate(async (text) => {
    const e = await document.querySelector('wc-app')!.store.act({ type: 'note', text });
    return e?.seq;
  }, text);

/** Links `phone` to `table` by the two codes, pasted. */
async function link(table: Page, phone: Page) {
  await table.getByTestId('link-open').click();
  await table.getByTestId('link-add').click();
  const offer = await table.getByTestId('link-offer').inputValue(WAIT);
  await phone.getByTestId('link-open').click();
  await phone.getByTestId('link-join').locator('textarea').fill(offer);
  await phone.getByTestId('link-join').getByRole('button', { name: 'Answer' }).click();
  const answer = await phone.getByTestId('link-answer').inputValue(WAIT);
  await table.getByTestId('link-accept').locator('textarea').fill(answer);
  await table.getByTestId('link-accept').getByRole('button', { name: 'Link' }).click();
}

describe.skipIf(NO_CHROMIUM)('a relinked branch of one game', () => {
  let table: Page, german: Page;
  let errors: string[];
  setupLinkedDevices(baseUrl, setupError, async (devices) => {
    ({ table, german, errors } = devices);
    await german.goto(baseUrl + '#/link');
    await waitForApp(german);
    await german.getByTestId('link-name').fill('German phone');
    await startGameOn(table, baseUrl, 'grossdeutschland', { ready: (p) => p.getByTestId('link-open') });
  });

  it('is shown on both devices, and both branches are kept, each named', async () => {
    await expect.poll(async () => (await state(table)).current?.session.id, WAIT).toMatch(/^s-/);
    const id = (await state(table)).current!.session.id;
    const name = (await state(table)).current!.session.name;
    await table.getByTestId('link-open').click();
    await table.getByTestId('link-name').fill('Table');
    await link(table, german);
    await expect.poll(() => german.getByTestId('link-strip').textContent(), WAIT).toContain('Following Table');
    await german.getByRole('radio', { name: 'The German player’s hand' }).check();
    // Joint randomness by itself: the joint step is on both devices before the phone rolls.
    await expect.poll(async () => (await state(german)).current?.session.log.length, WAIT).toBe(1);
    expect(await roll(german)).toBe(2);
    await expect.poll(async () => (await state(table)).current?.session.log.length).toBe(2);

    // The phone unlinks and goes on alone; the table goes on too.
    await german.getByRole('button', { name: 'Unlink this device' }).click();
    await german.goto(baseUrl + `#/session/${id}`);
    expect(await note(german, 'The German phone, alone')).toBe(3);
    expect(await note(table, 'The table, alone')).toBe(3);

    await link(table, german);
    // Both screens: the copies differ from step 2; which device holds which.
    await expect.poll(() => table.getByTestId('link-branch').textContent(), WAIT).toContain('German phone');
    await expect.poll(() => table.getByTestId('link-branch').textContent()).toContain('from step 3');
    await expect.poll(() => german.getByTestId('link-branch').textContent(), WAIT).toContain('Table holds its copy');
    await expect.poll(() => german.getByTestId('link-branch').textContent()).toContain(`“${name} (German phone)”`);
    // Both kept, each with its own third step.
    const [t, g] = [await state(table), await state(german)];
    expect(t.current!.session.log).toHaveLength(3);
    expect(g.current!.session.log).toHaveLength(3);
    expect(g.current!.session.log[2]).not.toEqual(t.current!.session.log[2]);
    expect(t.sessions.map((s) => s.name)).toEqual([name]);
    await expect
      .poll(async () => (await state(german)).sessions.map((s) => s.name))
      .toEqual([`${name} (German phone)`]);
    expect(errors).toEqual([]);
  });
});
