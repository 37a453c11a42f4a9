/**
 * Issue #15, in the built app in real Chromium on a phone: the start ceremony (a seed both
 * players make) in English and in Spanish — each player's commitment shown before the next gives
 * a secret, the game starting from the hash of them all, the session listing who committed what —
 * and the export without the seed, which verifies its chain but holds no secret.
 */
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  type AppPage,
  describeE2E,
  download,
  e2eEnv,
  exportFirstGame,
  openApp,
  renderedText,
  toSpanish,
} from './helpers';
import { waitForApp } from './helpers';

const env = await e2eEnv();
const { baseUrl } = env;
const COMMITMENT = /[0-9a-f]{4}( [0-9a-f]{4}){3}/;
const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/** A 360 px phone on Grossdeutschland's game page, in Spanish when `spanish`. */
async function phone(spanish = false): Promise<AppPage> {
  const app = await openApp(env, '#/game/grossdeutschland', {
    viewport: { width: 360, height: 780 },
    acceptDownloads: true,
  });
  if (spanish) await toSpanish(app.page);
  return app;
}

const commitments = (page: Page) => page.locator('wc-seed-ceremony [data-testid=commitments] li');
const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describeE2E(env, 'a seed both players make', () => {
  it('in English: the device commits, each player commits in turn, the game starts from all of them', async () => {
    const { page, errors } = await phone();
    const card = page.locator('wc-game-page li.card').first();
    await card.getByLabel('Made by both players (each gives a secret)').check();
    await card.getByRole('button', { name: 'Start a new game' }).click();
    await expect.poll(() => commitments(page).count()).toBe(1);
    await expect.poll(() => commitments(page).first().textContent()).toMatch(COMMITMENT);
    await expect.poll(() => renderedText(page)).toContain('The German player: your secret');

    // The German player types a secret: hidden as typed, only its commitment shown afterwards.
    const secret = page.getByLabel('Type anything (it is hidden)');
    await expect.poll(() => secret.getAttribute('type')).toBe('password');
    await secret.fill('Panzer vor');
    await page.getByRole('button', { name: 'Commit my secret' }).click();
    await expect.poll(() => commitments(page).count()).toBe(2);
    await expect.poll(() => commitments(page).nth(1).textContent()).toMatch(/German \(typed text\):\s*[0-9a-f]{4}/);
    await expect.poll(() => renderedText(page)).not.toContain('Panzer vor');

    // The Soviet player rolls real dice and types them in.
    await page.getByLabel('real dice typed in').check();
    const dice = page.getByLabel('Roll real dice and type the faces, e.g. 3 5 2 6 1');
    await dice.fill('3 5 x');
    await expect.poll(() => page.getByRole('button', { name: 'Commit my secret' }).isDisabled()).toBe(true);
    await dice.fill('3 5 2 6 1 1 4');
    await page.getByRole('button', { name: 'Commit my secret' }).click();
    await expect.poll(() => commitments(page).count()).toBe(3);
    const shown = await commitments(page).allTextContents();
    expect(await noSideways(page)).toBe(true);

    await page.getByRole('button', { name: 'Reveal and start the game' }).click();
    await page.waitForURL(/#\/session\//);
    await waitForApp(page);
    await page.getByText('Settings of this game').click();
    const listed = await page.locator('[data-testid=ceremony] li').allTextContents();
    expect(listed.map((l) => l.match(COMMITMENT)![0])).toEqual(shown.map((l) => l.match(COMMITMENT)![0]));
    expect(listed[2]).toMatch(/Soviet \(real dice typed in\)/);

    // The seed revealed is the hash of the contributions, each matching the commitment shown.
    await page.getByRole('button', { name: 'Reveal the seed' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    const seed = (await page.locator('[data-testid=seed]').textContent())!.replace('Seed: ', '').trim();
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    await page.getByRole('tab', { name: 'Dice' }).click();
    await page.getByRole('button', { name: /^Roll 1d6$/ }).click();

    // Exported: the file holds the reveals; each matches its commitment and together they make the seed.
    const text = await exportFirstGame(page, baseUrl);
    const c = JSON.parse(text).session.ceremony;
    expect(c.contributions.map((x: { reveal: { secret: string } }) => x.reveal.secret)).toEqual([
      'Panzer vor',
      '3 5 2 6 1 1 4',
    ]);
    for (const [k, x] of [c.device, ...c.contributions].entries()) {
      expect(sha(`wc-commit/1\n${x.reveal.salt}\n${x.reveal.secret}`)).toBe(x.commitment);
      expect(shown[k]).toContain(x.commitment.slice(0, 4));
    }
    await page
      .locator('input[data-testid=verify]')
      .setInputFiles({ name: 'game.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    await expect
      .poll(() => page.locator('[data-testid=verified]').textContent())
      .toContain('the 1 roll or draw matches');

    // Without the seed: no secret in the file, and it verifies its chain (not its dice).
    await page.getByRole('button', { name: 'Export file' }).first().click();
    const { text: bareText } = await download(page, () =>
      page.getByRole('button', { name: 'Export without the seed' }).click(),
    );
    expect(bareText).not.toContain(seed);
    expect(bareText).not.toContain('Panzer vor');
    await page
      .locator('input[data-testid=verify]')
      .setInputFiles({ name: 'bare.json', mimeType: 'application/json', buffer: Buffer.from(bareText) });
    await expect
      .poll(() => page.locator('[data-testid=verified]').textContent())
      .toMatch(
        /was exported without its seed \(commitment [0-9a-f ]{19}\) and without any random state, so nothing in it predicts a roll: its 1 step is chained/,
      );
    expect(errors).toEqual([]);
  });

  it('en español, en un teléfono: toques a mano y texto, sin claves de mensaje a la vista', async () => {
    const { page, errors } = await phone(true);
    const card = page.locator('wc-game-page li.card').first();
    await card.getByLabel('La crean los dos jugadores (cada uno da un secreto)').check();
    await card.getByRole('button', { name: 'Empezar una partida nueva' }).click();
    await expect.poll(() => commitments(page).count()).toBe(1);
    await expect.poll(() => renderedText(page)).toContain('Compromiso de este dispositivo');
    await page.getByLabel('toques a mano').check();
    const commit = page.getByRole('button', { name: 'Comprometer mi secreto' });
    for (let k = 0; k < 6; k++) {
      await expect.poll(() => commit.isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Toca aquí, a intervalos irregulares' }).click();
      await page.waitForTimeout(40 + 37 * k);
    }
    await expect.poll(() => renderedText(page)).toContain('6 de al menos 6 toques');
    await commit.click();
    await expect.poll(() => commitments(page).count()).toBe(2);
    await expect.poll(() => commitments(page).nth(1).textContent()).toMatch(/\(toques a mano\):\s*[0-9a-f]{4}/);
    await page.getByLabel('Escribe lo que quieras (queda oculto)').fill('Ni un paso atrás');
    await commit.click();
    await expect.poll(() => commitments(page).count()).toBe(3);
    const text = (await renderedText(page))!;
    expect(text).not.toMatch(/ceremony\.|seal\./);
    expect(await noSideways(page)).toBe(true);
    await page.getByRole('button', { name: 'Revelar y empezar la partida' }).click();
    await page.waitForURL(/#\/session\//);
    await waitForApp(page);
    await page.getByText('Ajustes de esta partida').click();
    await expect.poll(() => page.locator('[data-testid=ceremony] li').count()).toBe(3);
    // The seal is worked out once the settings are open.
    await page.locator('[data-testid=seal]').waitFor();
    const after = (await renderedText(page))!;
    expect(after).toContain('Quién comprometió qué');
    expect(after).toContain('Huella de la partida ahora');
    expect(after).not.toMatch(/ceremony\.|seal\./);
    expect(await noSideways(page)).toBe(true);
    expect(errors).toEqual([]);
  });
});
