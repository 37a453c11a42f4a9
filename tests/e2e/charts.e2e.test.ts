/**
 * Charts the text does not give, in play on a 390×844 phone (issues #28 items 1, 9, 10 and #31 item 6).
 * Zitadelle: the AT fire table is typed in right where AT fire needs it (the form keeps its strength
 * and armor; no trip to the Tables page), its rows and columns without cells do not freeze the Tables
 * tool, and a roll that lands on an empty cell asks for that cell, then resolves. Breakout, read
 * strictly as printed: a 7:1 combat shows the unknown share of its chances, die 6 gives EX (seed 002
 * line 848), die 1 lands on a blank cell (line 843): the app asks for it, then resolves, and the
 * explanation says it was typed in.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, describeE2E, e2eEnv, logSteps as steps, newPage, PHONE, renderedText } from './helpers';
import { setupOnce, startGameOn, startNewGame } from './helpers';

const env = await e2eEnv();

describeE2E(env, 'Zitadelle: the AT fire table typed in from inside the turn', () => {
  let page: Page;
  let errors: string[];
  setupOnce(async () => {
    ({ page, errors } = await startNewGame(env, 'zitadelle', { ready: (p) => p.getByTestId('zi-title') }));
  });
  const panel = () => page.locator('wc-zitadelle-panel');
  const at = () => panel().getByTestId('zi-at');

  it('AT fire with no chart: the chart is typed in right there, and the strength and armor stay', async () => {
    await page.getByRole('radio', { name: 'We roll real dice and type them in' }).click();
    await panel().getByTestId('zi-phase').selectOption({ label: 'German AT fire' });
    await at().getByLabel('AT strength').fill('3');
    await at().getByLabel('Target armor').fill('3');
    const inline = at().getByTestId('chart-inline');
    await inline.locator('summary').click();
    const view = inline.locator('wc-table-view');
    const [rows, cols] = [view.locator('form.add').nth(0), view.locator('form.add').nth(1)];
    const add = async (form: typeof rows, key: string) => {
      await form.locator('input[name="key"]').fill(key);
      await form.locator('button[type="submit"]').click();
    };
    await add(rows, '2-7');
    await view.locator('tbody th', { hasText: '2–7' }).waitFor();
    await add(rows, '8-12');
    await view.locator('tbody th', { hasText: '8–12' }).waitFor();
    await add(cols, '3');
    // The preview now reads the chart: every roll lands on a cell not typed in yet, said as such.
    await expect.poll(async () => (await at().getByTestId('zi-at-chance').textContent()) ?? '').toContain('36 of 36');
    // Still on the game, with the form as it was (#28 item 10: the round trip lost it).
    expect(page.url()).toMatch(/#\/session\//);
    await expect.poll(() => at().getByLabel('AT strength').inputValue()).toBe('3');
    await expect.poll(() => at().getByLabel('Target armor').inputValue()).toBe('3');
  });

  it('a roll that lands on an empty cell asks for it from the printed chart, then resolves', async () => {
    await panel().getByLabel('Dice typed in, in order (e.g. 3 4)').fill('3 3');
    const n = await steps(page);
    await at().getByRole('button', { name: 'Fire' }).click();
    const ask = page.locator('wc-app').getByTestId('missing-cell');
    await ask.waitFor();
    await expect.poll(() => renderedText(page)).toContain('The roll landed on row 2-7, column 3');
    expect(await axeViolations(page, 'asking for a cell')).toEqual([]);
    await ask.getByLabel('That cell, from your printed chart').fill('4');
    await ask.getByRole('button', { name: 'Save it and resolve the roll' }).click();
    await expect.poll(() => steps(page)).toBe(n + 1);
    await expect.poll(() => renderedText(page)).toContain('AT Fire Table, row 2-7, column 3: 4.');
  });
  it('the Tables tool on the chart with rows and columns but no cells opens and answers (it froze at 100 % CPU)', async () => {
    await page.getByRole('tab', { name: 'Roll on a table' }).click();
    const roller = page.locator('wc-table-roller');
    await roller.locator('select').first().selectOption('zi-at-fire-table');
    // One cell typed in (the roll above asked for it): 1 of 2.
    await expect
      .poll(async () => (await roller.getByTestId('chart-progress').textContent()) ?? '')
      .toContain('Not complete yet (1 of 2 cells filled in)');
    await page.getByRole('tab', { name: 'Combat' }).click();
    await page.locator('wc-combat-panel').getByLabel('Attack strength').fill('8');
    await page.getByRole('tab', { name: 'Turn' }).click();
    await at().waitFor();
    expect(errors).toEqual([]);
  });
});

describeE2E(env, 'Breakout as printed: a 7:1 combat on a known cell and on a cell not in the text', () => {
  let page: Page;
  let errors: string[];
  setupOnce(async () => {
    ({ page, errors } = await newPage(env, { viewport: PHONE }));
    // The game's errata setting, before the game starts: strictly as printed (the 7:1 blanks stay blank).
    await page.goto(`${env.baseUrl}#/game/breakout/tables`);
    await page.getByRole('radio', { name: 'As printed', exact: true }).check();
    await startGameOn(page, env.baseUrl, 'breakout', {
      ready: (p) => p.getByRole('button', { name: 'Roll the weather' }),
    });
    await page.getByRole('button', { name: 'IV', exact: true }).click();
    await page.getByRole('radio', { name: 'We roll real dice and type them in' }).click();
  });

  /** A Soviet attack 14 against 2 in clear terrain: 7:1 (13.8), with the die typed in. */
  const attack = async (die: string) => {
    await page.locator('wc-breakout-panel').getByRole('radio', { name: 'Soviet', exact: true }).check();
    await page.getByLabel('Attack strength').fill('14');
    await page.getByLabel('Defence strength').fill('2');
    await page.getByLabel("Defender's terrain").selectOption('clear');
    await page.getByLabel(/Values of the dice you rolled/).fill(die);
    await page.getByRole('button', { name: 'Resolve the combat' }).click();
  };

  it('the chances show the unknown share; die 6 lands on EX (seed 002 line 848) and resolves', async () => {
    await page.locator('wc-breakout-panel').getByRole('radio', { name: 'Soviet', exact: true }).check();
    await page.getByLabel('Attack strength').fill('14');
    await page.getByLabel('Defence strength').fill('2');
    const bars = page.locator('wc-breakout-panel wc-odds-bars');
    await expect.poll(async () => (await bars.getByTestId('odds-unknown').textContent()) ?? '').toContain('33.3%');
    const n = await steps(page);
    await attack('6');
    await expect.poll(() => steps(page)).toBe(n + 1);
    await expect.poll(() => renderedText(page)).toContain('Die 6 in column 7:1: EX.');
  });

  it('die 1 lands on a blank cell (line 843): the app asks for it, then resolves, marked as typed in', async () => {
    const n = await steps(page);
    await attack('1');
    const ask = page.locator('wc-app').getByTestId('missing-cell');
    await ask.waitFor();
    expect(await steps(page)).toBe(n);
    await ask.getByLabel('That cell, from your printed chart').fill('DL1+DR');
    await ask.getByRole('button', { name: 'Save it and resolve the roll' }).click();
    await expect.poll(() => steps(page)).toBe(n + 1);
    const text = (await renderedText(page))!;
    expect(text).toContain('Die 1 in column 7:1: DL1+DR.');
    expect(text).toContain('row 1, column 7:1: DL1+DR, typed in from your printed chart');
    expect(errors).toEqual([]);
  });
});
