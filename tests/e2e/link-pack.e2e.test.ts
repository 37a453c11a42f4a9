/**
 * A game pack from device to device without a file manager (issue #32): the table's device has a
 * pack (the README's example, imported as a file) and writes a game of it; the German phone, which
 * lacks the pack, is linked to it and says so. On the link screen the table sends the game's pack;
 * the phone says who sends which pack and version and saves it only when asked; then it follows the
 * game (the same pack version, by its content hash) and its home screen lists the pack.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { packGameId, readPack } from '../../src/packs/format';
import { axeViolations, NO_CHROMIUM, renderedText, setupLinkedDevices, startGameOn, waitForApp } from './helpers';

const baseUrl = inject('baseUrl');
const setupError = inject('e2eSetupError');
const WAIT = { timeout: 20_000 };

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const PACK = /```json pack-example\n([\s\S]*?)\n```/.exec(readme)![1]!;
const read = readPack(PACK);
/** The pack version's game id, `<pack>@<content hash>`, as every device computes it. */
const KEY = read.ok ? packGameId(read.value) : 'not a pack';
const state = (page: Page) => page.evaluate(() => document.querySelector('wc-app')!.store.getState());

/** Links `phone` to `table` by the two codes, pasted. */
async function link(table: Page, phone: Page) {
  await table.getByTestId('link-open').click();
  await table.getByTestId('link-add').click();
  const offer = await table.getByTestId('link-offer').inputValue(WAIT);
  await phone.getByTestId('link-join').locator('textarea').fill(offer);
  await phone.getByTestId('link-join').getByRole('button', { name: 'Answer' }).click();
  const answer = await phone.getByTestId('link-answer').inputValue(WAIT);
  await table.getByTestId('link-accept').locator('textarea').fill(answer);
  await table.getByTestId('link-accept').getByRole('button', { name: 'Link' }).click();
}

describe.skipIf(NO_CHROMIUM)('a game pack sent over the link', () => {
  let table: Page, german: Page;
  let errors: string[];
  setupLinkedDevices(baseUrl, setupError, async (devices) => {
    ({ table, german, errors } = devices);
    await german.goto(baseUrl + '#/link');
    await waitForApp(german);
    await german.getByTestId('link-name').fill('German phone');
    await table.goto(baseUrl);
    await waitForApp(table);
    await table.locator('input[data-testid=import-pack]').setInputFiles({
      name: 'river.pack.json',
      mimeType: 'application/json',
      buffer: Buffer.from(PACK),
    });
    await table.locator('li.card[data-pack]').first().waitFor(WAIT);
    await startGameOn(table, baseUrl, KEY, { ready: (p) => p.getByTestId('link-open') });
  });

  it('a phone that lacks the game’s pack says so; the pack is offered, saved when the players say so, and the game follows', async () => {
    await table.getByTestId('link-open').click();
    await table.getByTestId('link-name').fill('Table');
    await link(table, german);
    // The phone lacks the pack: it says so, and follows nothing yet.
    await expect.poll(async () => (await state(german)).problem?.key, WAIT).toBe('link.needPack');
    await expect.poll(() => renderedText(german)).toContain('does not have');
    expect((await state(german)).current).toBeUndefined();
    await german.getByRole('button', { name: 'Dismiss' }).click();
    const packs = table.getByTestId('link-packs');
    await packs.getByTestId('link-send-game-pack').click();
    await expect.poll(() => packs.getByRole('status').textContent(), WAIT).toContain('Sent to 1 device');
    const offer = german.getByTestId('link-pack-offer');
    await expect.poll(() => offer.textContent(), WAIT).toMatch(/Table sends the game pack “.+”, version 1/);
    expect(await axeViolations(german, 'the pack offered')).toEqual([]);
    await offer.getByRole('button', { name: 'Save the pack' }).click();
    await expect.poll(() => offer.getByRole('status').textContent(), WAIT).toMatch(/is saved on this device/);
    // The game follows, on the same pack version.
    await expect.poll(async () => (await state(german)).current?.session.game, WAIT).toBe(KEY);
    await expect.poll(() => german.getByTestId('link-strip').textContent(), WAIT).toContain('Following Table');
    // The phone's home screen lists it (its version id is the table's: checked in tests/unit/link-pack.test.ts).
    await german.evaluate(() => (location.hash = '#/'));
    await german.locator('li.card[data-pack=river-crossing]').waitFor(WAIT);
    expect(errors).toEqual([]);
  });
});
