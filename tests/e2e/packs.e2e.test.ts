/**
 * Game packs at phone size (issue #16): a small chit-pull game built in the editor (a cup of 8 HQ
 * chits, a 2d6 CRT with 6 columns), a turn played with a column shift, the pack exported and
 * deleted; on a fresh browser profile the pack is imported, the game in progress opened from its
 * exported file and verified. The editor passes axe-core.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, describeE2E, download, e2eEnv, exportFirstGame, liveText, toSpanish } from './helpers';
import { logSteps as logCount, openApp, PHONE, setupOnce, waitForApp } from './helpers';

const env = await e2eEnv();
const { baseUrl } = env;
const CODES = ['AE', 'AR', 'NE', 'EX', 'DR', 'DE'];

/** Types a value into an editor field and commits it (the editor reads a field when it changes). */
async function enter(page: Page, selector: string, value: string) {
  const input = page.locator(selector);
  await input.fill(value);
  await input.dispatchEvent('change');
}

describeE2E(env, 'a game pack made in the editor, played, shared and verified', () => {
  let page: Page;
  let errors: string[];
  let packFile = '';
  let gameFile = '';
  setupOnce(async () => {
    ({ page, errors } = await openApp(env, '', { viewport: PHONE, acceptDownloads: true }));
  });

  it('builds a chit-pull game in the editor: 8 HQ chits, a 2d6 CRT with 6 columns, a turn note', async () => {
    await page.getByRole('link', { name: 'Make a pack' }).click();
    await enter(page, '[data-testid=new-name-en]', 'Pocket Battle');
    await enter(page, '[data-testid=new-name-es]', 'Batalla de bolsillo');
    await page.getByRole('button', { name: 'A chit-pull cup and a 2d6 CRT' }).click();
    await expect.poll(() => page.locator('[data-testid=pack-id]').inputValue()).toBe('pocket-battle');
    // The template's cup: two HQ chits, 4 of each; the first made 5 and the second 3 — still 8 HQ chits.
    const counts = page.locator('[data-testid=chit-count]');
    await expect.poll(() => counts.count()).toBe(2);
    await counts.nth(0).fill('5');
    await counts.nth(0).dispatchEvent('change');
    await counts.nth(1).fill('3');
    await counts.nth(1).dispatchEvent('change');
    // The CRT: 11 rows (2d6: 2-12) and 6 columns, typed in cell by cell.
    await expect.poll(() => page.locator('[data-testid^=cell-crt-]').count()).toBe(66);
    for (let r = 0; r < 11; r++)
      for (let c = 0; c < 6; c++)
        await enter(page, `[data-testid=cell-crt-${r}-${c}]`, CODES[Math.min(5, Math.floor((r + 2 * c) / 3))]!);
    await enter(page, '[data-testid=turn-note-2]', 'Reinforcements: 1 HQ');
    await expect
      .poll(() => page.locator('[data-testid=pack-check]').textContent())
      .toContain('The pack is complete and valid.');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save the pack' }).click();
    await expect.poll(() => page.locator('[data-testid=pack-saved]').textContent()).toContain('Pocket Battle');
  });

  it('the pack is on the home screen; a game from it plays a turn (two draws, a combat with a shift)', async () => {
    await page.getByRole('link', { name: /Home/ }).first().click();
    await page
      .locator('wc-pack-list')
      .getByRole('link', { name: /Pocket Battle/ })
      .click();
    await page.locator('wc-game-page form').first().getByRole('button', { name: 'Start a new game' }).click();
    await expect.poll(() => page.url(), { timeout: 20_000 }).toContain('#/session/');
    await page.getByRole('tab', { name: 'Cups' }).click();
    await page
      .locator('wc-cup-panel')
      .getByText(/\b8 chits in the cup/)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Draw a chit' }).first().click();
    await expect.poll(() => liveText(page)).toMatch(/^Drew .*HQ/);
    await page.getByRole('button', { name: 'Draw a chit' }).first().click();
    await expect.poll(() => logCount(page)).toBe(2);

    await page.getByRole('tab', { name: 'Combat' }).click();
    await page.getByLabel('Attack strength').fill('5');
    await page.getByLabel('Defence strength').fill('3');
    await page.getByRole('button', { name: 'Add a shift' }).click();
    await expect(page.locator('[data-testid=column]').textContent()).resolves.toBe('Column: +1');
    await page.getByRole('button', { name: 'Resolve the combat' }).click();
    await expect.poll(() => liveText(page)).toMatch(/^Result /);
    await page.getByRole('tab', { name: 'Cups' }).click();
    await page.getByRole('button', { name: 'End turn 1' }).click();
    await expect.poll(() => logCount(page)).toBe(4);
    expect(errors).toEqual([]);
  });

  it('exports the game and the pack, then deletes the pack', async () => {
    gameFile = await exportFirstGame(page, baseUrl);
    expect(JSON.parse(gameFile).session.game).toMatch(/^pocket-battle@[0-9a-f]{16}$/);

    const card = page.locator('wc-pack-list li[data-pack=pocket-battle]');
    const pack = await download(page, () => card.getByRole('button', { name: 'Export' }).click());
    expect(pack.name).toBe('pocket-battle-1.pack.json');
    packFile = pack.text;
    expect(JSON.parse(packFile).scenarios[0].cups[0].chits.map((c: { count: number }) => c.count)).toEqual([5, 3]);

    await card.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
    await page.locator('wc-pack-list').getByText('No game pack on this device yet.').waitFor();
    expect(errors).toEqual([]);
  });

  it('on a fresh profile: imports the pack, opens the game in progress from its file, and verifies it', async () => {
    const { context: fresh, page: p2, errors: errors2 } = await openApp(env, '', { viewport: PHONE });
    await p2.locator('input[data-testid=import-pack]').setInputFiles({
      name: 'pocket-battle-1.pack.json',
      mimeType: 'application/json',
      buffer: Buffer.from(packFile),
    });
    await p2.locator('wc-pack-list').getByText('Pocket Battle').waitFor();

    await p2
      .locator('input[data-testid=import]')
      .setInputFiles({ name: 'game.wargame.json', mimeType: 'application/json', buffer: Buffer.from(gameFile) });
    await expect.poll(() => p2.url(), { timeout: 20_000 }).toContain('#/session/');
    await expect.poll(() => logCount(p2), { timeout: 20_000 }).toBe(4);

    await p2.goto(baseUrl + '#/');
    await waitForApp(p2);
    await p2
      .locator('input[data-testid=verify]')
      .setInputFiles({ name: 'game.wargame.json', mimeType: 'application/json', buffer: Buffer.from(gameFile) });
    await expect
      .poll(() => p2.locator('[data-testid=verified]').textContent(), { timeout: 20_000 })
      .toContain('all 3 rolls and draws match the seed');
    expect(errors2).toEqual([]);
    await fresh.close();
  });

  it('the editor in Spanish: every template and section named in Spanish, no raw key, axe clean', async () => {
    await page.goto(baseUrl + '#/packs/new');
    await waitForApp(page);
    await toSpanish(page);
    await page.getByRole('button', { name: 'Un juego de reserva de dados' }).waitFor();
    await enter(page, '[data-testid=new-name-es]', 'Fuego y hierro');
    await page.getByRole('button', { name: 'Una CRT de proporciones con desplazamientos de columna' }).click();
    await expect.poll(() => page.locator('[data-testid=pack-id]').inputValue()).toBe('fuego-y-hierro');
    for (const heading of ['Bandos', 'Dados', 'Recipientes y fichas', 'Tablas y CRT', 'Registro de turnos'])
      await page.locator('wc-pack-editor').getByText(heading, { exact: true }).first().waitFor();
    // An empty chart is never called complete (issue #32): the 36 empty cells are counted, and a
    // sandbox game waits until the players say they will type them in.
    await expect
      .poll(() => page.locator('[data-testid=pack-check]').textContent())
      .toContain('quedan 36 casillas vacías');
    await expect.poll(() => page.locator('[data-testid=pack-check]').textContent()).not.toContain('completo');
    await expect.poll(() => page.locator('[data-testid=try-pack]').isDisabled()).toBe(true);
    await page.locator('[data-testid=type-when-rolled]').check();
    await expect.poll(() => page.locator('[data-testid=try-pack]').isDisabled()).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: /English/ }).click();
    expect(errors).toEqual([]);
  });
});
