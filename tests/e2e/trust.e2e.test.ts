/**
 * Trust at the table, in the built app in real Chromium: the seed commitment matches the seed
 * revealed later; a face-down chit is nowhere on the page until its player confirms the hand-off;
 * a second tab is read-only, follows the first and can take over; an exported game verifies and
 * a tampered one does not; the log filters by kind.
 */
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
  collectErrors,
  describeE2E,
  download,
  e2eEnv,
  headline,
  renderedText,
  setupOnce,
  startNewGame,
} from './helpers';
import { waitForApp } from './helpers';

const env = await e2eEnv();
const { baseUrl } = env;

const steps = (page: Page) => page.locator('wc-log-view li[data-seq]').count();

describeE2E(env, 'trust at the table', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let sessionUrl: string;
  setupOnce(async () => {
    const phone = { viewport: { width: 390, height: 860 }, acceptDownloads: true };
    ({ context, page, errors } = await startNewGame(env, 'grossdeutschland', phone));
    sessionUrl = page.url();
  });

  it('shows a seed commitment that the revealed seed matches', async () => {
    await page.getByText('Settings of this game').click();
    const fingerprint = (await page.locator('[data-testid=fingerprint]').textContent())!;
    expect(fingerprint).toMatch(/^[0-9a-f]{4}( [0-9a-f]{4}){3}$/);
    await page.getByRole('button', { name: 'Reveal the seed' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    const seed = (await page.locator('[data-testid=seed]').textContent())!.replace('Seed: ', '');
    const hash = createHash('sha256').update(seed).digest('hex');
    expect(fingerprint.replace(/ /g, '')).toBe(hash.slice(0, 16));
    await page.getByRole('button', { name: 'Hide the seed' }).click();
    await page.getByText('Settings of this game').click();
  });

  it('keeps a face-down chit off the page until its player confirms the hand-off, then hides it again', async () => {
    await page.getByRole('tab', { name: 'Cups' }).click();
    await page.getByRole('button', { name: 'Draw face down for the German player' }).first().click();
    await expect
      .poll(() => page.locator('wc-app #live').textContent())
      .toBe('A chit drawn face down for the German player.');
    const hiddenText = (await renderedText(page))!;
    expect(hiddenText).toContain('Drawn this turn: ?');
    // Listing the chits still in the cup would give the drawn one away by elimination.
    expect(hiddenText).not.toContain('Set aside to draw first');
    await page.getByRole('button', { name: 'I am the German player: show it' }).click();
    // Shown: the chit is the latest result's headline, the cup its summary.
    await page.getByRole('button', { name: 'Hide it again' }).waitFor();
    const latest = page.locator('wc-session-page section.latest');
    await expect.poll(() => latest.locator('.summary').textContent()).toBe('HQ activation cup');
    const chit = (await headline(page).textContent())!.trim();
    expect(chit).not.toBe('');
    // The chit's name was nowhere on the page before the hand-off (it has left the cup, so no list offers it).
    expect(hiddenText).not.toContain(chit);
    await page.getByRole('button', { name: 'Hide it again' }).click();
    await expect.poll(async () => (await renderedText(page))!).not.toContain(chit);
    expect(errors).toEqual([]);
  });

  it('keeps a chit held in hand hidden until its owner looks; a played chit is public and gone', async () => {
    await page.getByRole('tab', { name: 'Cups' }).click();
    const cup = page.locator('wc-cup-panel section').first();
    await cup.getByText('Chits held in hand').click();
    await cup.getByLabel("Give a chit to the Soviet player's hand").fill('Black chit Zhukov');
    await cup.getByLabel("Give a chit to the Soviet player's hand").press('Enter');
    await expect
      .poll(() => page.locator('wc-app #live').textContent())
      .toBe("A chit was given to the Soviet player's hand (HQ activation cup).");
    expect((await renderedText(page))!).not.toContain('Zhukov');
    await cup.getByRole('button', { name: 'Look at the Soviet hand' }).click();
    await cup.getByRole('button', { name: 'I am the Soviet player: show it' }).click();
    await expect.poll(async () => (await renderedText(page))!).toContain('Black chit Zhukov');
    await cup.getByRole('button', { name: 'Play', exact: true }).click();
    await expect
      .poll(() => page.locator('wc-app #live').textContent())
      .toBe('The Soviet player plays Black chit Zhukov from his hand; it is gone for good.');
    await expect.poll(async () => (await renderedText(page))!).toContain('Hand of the Soviet player: 0 chits');
    expect(errors).toEqual([]);
  });

  it('opens the game read-only in a second tab, which follows the first and can take over', async () => {
    const second = await context.newPage();
    const errors2 = collectErrors(second);
    await second.goto(sessionUrl);
    await waitForApp(second);
    // A second tab loads the whole game before it shows it: on a busy machine that takes more than the default second.
    await expect.poll(async () => (await renderedText(second))!, { timeout: 20_000 }).toContain('read-only');
    await expect.poll(() => steps(second), { timeout: 20_000 }).toBe(await steps(page));
    const before = await steps(second);
    await page.getByRole('tab', { name: 'Dice' }).click();
    await page.getByRole('button', { name: /^Roll 1d6$/ }).click();
    await expect.poll(() => steps(second)).toBe(before + 1);
    // Take over in the second tab: the first becomes read-only.
    await second.getByRole('button', { name: 'Play in this tab instead' }).click();
    await expect.poll(async () => (await renderedText(page))!).toContain('Another tab took this game over');
    await second.getByRole('tab', { name: 'Dice' }).click();
    await second.getByRole('button', { name: /^Roll 1d6$/ }).click();
    await expect.poll(() => steps(second)).toBe(before + 2);
    await expect.poll(() => steps(page)).toBe(before + 2);
    // The game cannot be deleted from the first tab while the second plays it.
    await page.goto(baseUrl + '#/');
    await waitForApp(page);
    await page.getByRole('button', { name: 'Delete' }).first().click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect
      .poll(async () => (await renderedText(page))!)
      .toContain('This game is open in another tab. Close it there first, then delete it.');
    await expect.poll(() => page.locator('wc-session-list li').count()).toBe(1);
    await second.close();
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await page.goto(sessionUrl);
    await waitForApp(page);
    expect(errors2).toEqual([]);
  });

  it('verifies an exported game, and refuses the same file with one die changed', async () => {
    await page.goto(baseUrl + '#/');
    await waitForApp(page);
    // Exporting warns first that the file holds the seed.
    await page.getByRole('button', { name: 'Export file' }).first().click();
    await expect.poll(() => page.getByRole('alertdialog').first().textContent()).toMatch(/holds the seed/);
    const { text } = await download(page, () => page.getByRole('button', { name: 'Export with the seed' }).click());
    const file = JSON.parse(text);
    const rolls = file.session.log.filter(
      (e: { rngBefore: unknown; rngAfter: unknown }) => JSON.stringify(e.rngBefore) !== JSON.stringify(e.rngAfter),
    ).length;
    await page
      .locator('input[data-testid=verify]')
      .setInputFiles({ name: 'game.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    await expect
      .poll(() => page.locator('[data-testid=verified]').textContent())
      .toContain(rolls === 1 ? 'the 1 roll or draw matches the seed' : `all ${rolls} rolls and draws match the seed`);

    const roll = file.session.log.find((e: { outcome: { kind: string } }) => e.outcome.kind === 'roll');
    roll.outcome.dice.dice[0] = roll.outcome.dice.dice[0] === 6 ? 5 : roll.outcome.dice.dice[0] + 1;
    await page.locator('input[data-testid=verify]').setInputFiles({
      name: 'tampered.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(file)),
    });
    await expect
      .poll(() => page.locator('[data-testid=verified]').textContent())
      .toContain(`does not match its seed: (step ${roll.seq})`);
    expect(errors).toEqual([]);
  });

  it('filters the log by kind of step', async () => {
    await page.goto(sessionUrl);
    await waitForApp(page);
    await expect.poll(() => steps(page)).toBeGreaterThan(2);
    await page.getByLabel('Kind').selectOption('roll');
    await expect.poll(async () => page.locator('wc-log-view li[data-seq]').evaluateAll((lis) => lis.length)).toBe(2);
    await page.getByLabel('Kind').selectOption('');
    expect(errors).toEqual([]);
  });
});
