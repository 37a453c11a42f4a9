/**
 * A game pack from device to device without a file manager (issue #32): the table's device has a
 * pack (the README's example, imported as a file) and writes a game; the German phone is linked to
 * it. On the link screen the table sends the pack; the phone says who sends which pack and version
 * and saves it only when asked; its home screen then lists it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, NO_CHROMIUM, setupLinkedDevices, startGameOn, waitForApp } from './helpers';

const baseUrl = inject('baseUrl');
const setupError = inject('e2eSetupError');
const WAIT = { timeout: 20_000 };

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const PACK = /```json pack-example\n([\s\S]*?)\n```/.exec(readme)![1]!;

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
    await startGameOn(table, baseUrl, 'grossdeutschland', { ready: (p) => p.getByTestId('link-open') });
  });

  it('is offered on the phone, saved only when the players say so, then listed on its home screen', async () => {
    await table.getByTestId('link-open').click();
    await table.getByTestId('link-name').fill('Table');
    await link(table, german);
    await expect.poll(() => german.getByTestId('link-strip').textContent(), WAIT).toContain('Following Table');
    const packs = table.getByTestId('link-packs');
    await packs.getByRole('button', { name: 'Send this pack to linked devices' }).first().click();
    await expect.poll(() => packs.getByRole('status').textContent(), WAIT).toContain('Sent to 1 device');
    const offer = german.getByTestId('link-pack-offer');
    await expect.poll(() => offer.textContent(), WAIT).toMatch(/Table sends the game pack “.+”, version 1/);
    expect(await axeViolations(german, 'the pack offered')).toEqual([]);
    await offer.getByRole('button', { name: 'Save the pack' }).click();
    await expect.poll(() => offer.getByRole('status').textContent(), WAIT).toMatch(/is saved on this device/);
    // The phone's home screen lists it (its version id is the table's: checked in tests/unit/link-pack.test.ts).
    await german.evaluate(() => (location.hash = '#/'));
    await german.locator('li.card[data-pack=river-crossing]').waitFor(WAIT);
    expect(errors).toEqual([]);
  });
});
