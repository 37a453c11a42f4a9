/**
 * The seed both players make, across linked devices (issue #17): the table's device writes a new
 * Grossdeutschland game; the German phone (in Spanish) and the Soviet phone (in English) are linked
 * to it and each chooses its side. The table asks the phones for the seed (the strip under the
 * header calls back a phone that shows the game): each gives its secret on its own phone and sends
 * only its commitment; the table shows who has committed; once both are in,
 * the phones reveal, the table checks each reveal and starts a new game from the hash of them all
 * and its own random value, which replaces the empty game on every device. The game's settings list
 * the contributions, and its export verifies. No serious axe violation and no raw message key on
 * the screens of the ceremony.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  axeViolations,
  NO_CHROMIUM,
  renderedText,
  setupLinkedDevices,
  startGameOn,
  waitForApp,
  toSpanish,
} from './helpers';

const baseUrl = inject('baseUrl');
const setupError = inject('e2eSetupError');
// Evaluated through the DevTools protocol: the app's Content Security Policy rightly refuses inline scripts.
const COMMITMENT = /[0-9a-f]{4}( [0-9a-f]{4}){3}/;
const WAIT = { timeout: 20_000 };

const state = (page: Page) => page.evaluate(() => document.querySelector('wc-app')!.store.getState());
const text = async (page: Page) => (await renderedText(page)) ?? '';
const phase = (page: Page) => page.getByTestId('link-seed-phase').textContent();

/** Links `phone` to `table` by the two codes, pasted (the QR codes carry the same text). */
async function link(table: Page, phone: Page, answerButton: string) {
  await table.getByTestId('link-open').click();
  await table.getByTestId('link-add').click();
  const offer = await table.getByTestId('link-offer').inputValue(WAIT);
  await phone.getByTestId('link-join').locator('textarea').fill(offer);
  await phone.getByTestId('link-join').getByRole('button', { name: answerButton }).click();
  const answer = await phone.getByTestId('link-answer').inputValue(WAIT);
  await table.getByTestId('link-accept').locator('textarea').fill(answer);
  await table.getByTestId('link-accept').getByRole('button', { name: 'Link' }).click();
  await expect.poll(() => phone.getByTestId('link-strip').count(), WAIT).toBe(1);
}

describe.skipIf(NO_CHROMIUM)('a seed both players make, on their own phones', () => {
  let table: Page, german: Page, soviet: Page;
  let errors: string[];
  setupLinkedDevices(baseUrl, setupError, async (devices) => {
    ({ table, german, soviet, errors } = devices);
    for (const p of [german, soviet]) {
      await p.goto(baseUrl + '#/link');
      await waitForApp(p);
    }
    await soviet.getByTestId('link-name').fill('Soviet phone');
    // The German player reads Spanish.
    await toSpanish(german);
    await german.getByTestId('link-name').fill('Móvil alemán');
    await startGameOn(table, baseUrl, 'grossdeutschland', { ready: (p) => p.getByTestId('link-open') });
  });

  it('each phone commits, then reveals; the table makes the seed, and the new game is on every device', async () => {
    await expect.poll(async () => (await state(table)).current?.session.id, WAIT).toMatch(/^s-/);
    const first = (await state(table)).current!.session.id;
    await link(table, german, 'Responder');
    await link(table, soviet, 'Answer');
    await german.getByRole('radio', { name: 'La mano del jugador Alemán' }).check();
    // What the phone holds is said where its role is chosen: the whole game, and no seed that predicts a roll.
    await expect.poll(() => text(german), WAIT).toContain('Este móvil guarda la partida entera');
    await expect.poll(() => text(german)).toContain('ninguna semilla que guarde predice una');
    await soviet.getByRole('radio', { name: 'The Soviet player’s hand' }).check();
    // The Soviet player goes to the game meanwhile: the strip under the header calls the phone back.
    await soviet.getByRole('link', { name: 'Go to the game' }).click();
    await soviet.getByRole('tab', { name: 'Dice' }).waitFor(WAIT);

    // With both sides taken, the rolls are joint by themselves; the seed made together is the players' way back to seed mode.
    await expect
      .poll(() => table.getByTestId('link-joint-mode').textContent(), WAIT)
      .toContain('Móvil alemán, Soviet phone');
    await expect.poll(() => text(table)).toContain('Only if every player agrees, the game can go back to seed mode');
    // The table asks the phones; its own commitment is shown before any phone gives a secret.
    await table.getByTestId('link-seed-start').click(WAIT);
    await expect.poll(() => phase(table), WAIT).toContain('Waiting for 2 commitments');
    await expect
      .poll(() => table.getByTestId('link-seed-parties').locator('li').first().textContent())
      .toMatch(COMMITMENT);

    // The German phone, in Spanish: a typed secret, hidden; only its commitment leaves the phone.
    await expect.poll(() => text(german), WAIT).toContain('pide a este móvil un secreto');
    expect(await axeViolations(german, 'German phone asked')).toEqual([]);
    const secret = german.getByLabel('Escribe lo que quieras (queda oculto)');
    await expect.poll(() => secret.getAttribute('type')).toBe('password');
    await secret.fill('Panzer vor');
    await german.getByRole('button', { name: 'Comprometer mi secreto' }).click();
    await expect
      .poll(() => text(table), WAIT)
      .toMatch(/Móvil alemán \(German, typed text\): committed\s*:\s*[0-9a-f]{4}/);
    expect(await phase(table)).toContain('Waiting for 1 commitment');
    await expect.poll(() => text(german), WAIT).toContain('Compromiso de este móvil');
    for (const p of [table, soviet]) expect(await text(p)).not.toContain('Panzer vor');
    expect(await axeViolations(table, 'table waiting')).toEqual([]);

    // The Soviet phone, in English, from its strip: real dice typed in.
    await expect
      .poll(() => soviet.getByTestId('link-strip').textContent(), WAIT)
      .toContain('Your secret for the seed is asked');
    await soviet.getByTestId('link-strip').click();
    await expect.poll(() => text(soviet), WAIT).toMatch(/Móvil alemán \(German, typed text\): committed/);
    await soviet.getByLabel('real dice typed in').check();
    await soviet.getByLabel('Roll real dice and type the faces, e.g. 3 5 2 6 1').fill('3 5 2 6 1 1 4');
    await soviet.getByRole('button', { name: 'Commit my secret' }).click();

    // Both are in: the phones reveal, the table checks them and starts the game from all of them.
    await expect.poll(() => phase(table), WAIT).toContain('The seed is made from every contribution');
    await expect.poll(() => phase(german), WAIT).toContain('La semilla se ha creado');
    await expect.poll(() => phase(soviet), WAIT).toContain('The seed is made');
    const game = (await state(table)).current!.session;
    expect(game.id).not.toBe(first);
    expect(game.log).toEqual([]);
    expect(game.ceremony!.contributions.map((c) => [c.side, c.kind, c.reveal?.secret])).toEqual([
      ['german', 'text', 'Panzer vor'],
      ['soviet', 'dice', '3 5 2 6 1 1 4'],
    ]);
    for (const p of [german, soviet]) {
      await expect.poll(async () => (await state(p)).current?.session.id, WAIT).toBe(game.id);
      expect((await state(p)).current!.session.seed).toBe(game.seed);
      // The empty game made by the table alone is gone everywhere.
      await expect.poll(async () => (await state(p)).sessions.map((x) => x.id), WAIT).toEqual([game.id]);
    }
    expect((await state(table)).sessions.map((x) => x.id)).toEqual([game.id]);
    // The table's link screen named the empty game: it names the new one now (a reload opens it).
    await expect.poll(() => table.url(), WAIT).toContain(`#/link/${game.id}`);
    await expect.poll(() => text(german), WAIT).toContain('La contribución de este móvil está en la semilla');
    // Seed mode, as the players agreed: said on every device.
    for (const p of [table, soviet])
      await expect.poll(() => p.getByTestId('link-joint-mode').textContent(), WAIT).toContain('as the players agreed');
    await expect
      .poll(() => german.getByTestId('link-joint-mode').textContent(), WAIT)
      .toContain('como acordaron los jugadores');
    await expect.poll(() => text(soviet), WAIT).toContain('This phone’s contribution is in the seed of this game.');
    expect(await axeViolations(german, 'German phone made')).toEqual([]);
    expect(await axeViolations(soviet, 'Soviet phone made')).toEqual([]);

    // A roll asked for on a phone: the new game goes on, and every copy is the same.
    await soviet.getByRole('link', { name: 'Go to the game' }).click();
    await soviet.getByRole('tab', { name: 'Dice' }).click();
    await soviet.locator('wc-dice-roller button.primary:not([role])').click();
    for (const p of [table, german, soviet])
      await expect.poll(async () => (await state(p)).current?.session.log.length, WAIT).toBe(1);

    // The game's settings list who committed what; the export verifies, the ceremony with it.
    await german.getByRole('link', { name: 'Ir a la partida' }).click();
    await german.getByText('Ajustes de esta partida').click();
    const listed = await german.locator('[data-testid=ceremony] li').allTextContents();
    expect(listed).toHaveLength(3);
    expect(listed[1]).toMatch(/Alemán \(texto escrito\)/);
    expect(listed[2]).toMatch(/Soviético \(dados reales introducidos\)/);
    const verdict = await german.evaluate(async () => {
      const s = document.querySelector('wc-app')!.store;
      const file = await s.exportSession(s.getState().current!.session.id);
      const v = await s.verifyFile(file!);
      return (
        v && (v.ok ? { ok: true, steps: v.session.log.length, parts: v.session.ceremony?.contributions.length } : v)
      );
    });
    expect(verdict).toEqual({ ok: true, steps: 1, parts: 2 });
    expect(errors).toEqual([]);
  });
});
