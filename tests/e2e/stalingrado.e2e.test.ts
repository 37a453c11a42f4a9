/**
 * ¿Resiste Stalingrado? end to end in the built app, on a 390×844 phone, with the special die typed
 * in: turn 1's first air subturn (German AA fire at a Russian bomber, once per pair; a Russian
 * fighter against a German bomber), a reload in the middle that loses nothing, then a Russian
 * combat with artillery support whose exact chances are shown before the roll. No tab says "no roll
 * tables yet".
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeE2E, e2eEnv, headline, inViewport, liveText as live, logSteps as steps, reloadApp } from './helpers';
import { renderedText, setupOnce, startNewGame } from './helpers';

const env = await e2eEnv();

describeE2E(env, '¿Resiste Stalingrado?: an air subturn and a supported combat', () => {
  let page: Page;
  let errors: string[];
  setupOnce(async () => {
    ({ page, errors } = await startNewGame(env, 'stalingrado', { ready: (p) => p.getByTestId('rs-title') }));
    await page.getByRole('radio', { name: 'We roll real dice and type them in' }).click();
  });

  const panel = () => page.locator('wc-stalingrado-panel');
  const addUnit = async (list: string, type: string, id = '') => {
    const form = panel().locator(`fieldset[data-list="${list}"] form`);
    await form.locator('select[name="type"]').selectOption(type);
    await form.locator('input[name="id"]').fill(id);
    await form.getByRole('button', { name: 'Add' }).click();
  };
  const dice = (v: string) =>
    panel()
      .getByLabel(/Dice typed in/)
      .fill(v);

  it('air subturn 1: German AA fires at a Russian bomber once; air-to-air uses the same opposed roll', async () => {
    // A new game starts at the set-up (9); this test starts at turn 1's aircraft (the set-up: stalingrado-setup.e2e).
    await expect.poll(() => panel().getByTestId('rs-title').textContent()).toContain('Before turn 1');
    await panel().getByTestId('rs-phase').selectOption({ label: 'Aircraft placement' });
    await expect
      .poll(async () => panel().getByTestId('rs-title').textContent())
      .toContain('Turn 1: Aircraft placement');
    await panel().getByRole('button', { name: 'Next phase' }).click();
    await expect
      .poll(async () => panel().getByTestId('rs-title').textContent())
      .toContain('Subturn 1: Russian aircraft move');
    const aa = panel().getByTestId('rs-aa');
    await aa.getByLabel('AA unit').fill('AA 8th Corps');
    await aa.getByLabel('Aircraft (name)').fill('Pe-2');
    await aa.getByLabel('Aircraft type').selectOption('bomber');
    await dice('3');
    let n = await steps(page);
    await aa.getByRole('button', { name: 'Fire' }).click();
    await expect.poll(() => steps(page)).toBe(n + 1);
    await expect.poll(() => live(page)).toContain('Pe-2 shot down');
    // The answer is where the eye is: the result's headline in view on the phone, no scrolling (issue #10).
    await expect.poll(() => inViewport(page, headline(page))).toBe(true);
    // The same pair again in this subturn is refused (8.2).
    await dice('4');
    await aa.getByRole('button', { name: 'Fire' }).click();
    // Said right under the AA form, not in the page's banner (issue #29).
    await expect
      .poll(async () => (await panel().getByTestId('rs-error-aa').textContent())?.trim())
      .toBe('AA 8th Corps has already fired at Pe-2 in subturn 1: once per aircraft per subturn (8.2).');
    expect(await page.locator('wc-app div.problem').count()).toBe(0);
    expect(await steps(page)).toBe(n + 1);
    // Russian air combat: a fighter (3) against a German bomber (1).
    await panel().getByRole('button', { name: 'Next phase' }).click();
    await expect.poll(async () => panel().getByTestId('rs-title').textContent()).toContain('Russian air combat');
    await addUnit('air-attackers', 'fighter', 'Yak');
    await addUnit('air-defenders', 'bomber', 'He 111');
    await expect
      .poll(async () => panel().getByTestId('rs-air-combat').getByTestId('rs-chances').textContent())
      .toBe('Attacker wins 36, tie 0, defender wins 0 (of 36).');
    await dice('2, 5');
    n = await steps(page);
    await panel().getByTestId('rs-air-combat').getByRole('button', { name: 'Resolve the combat' }).click();
    await expect.poll(() => steps(page)).toBe(n + 1);
    await expect.poll(() => live(page)).toContain('Attacker wins 6 to 5');
    // The answer is where the eye is: the result's headline in view on the phone, no scrolling (issue #10).
    await expect.poll(() => inViewport(page, headline(page))).toBe(true);
  });

  it('a reload in the middle keeps the steps and the phase', async () => {
    const n = await steps(page);
    await reloadApp(page, panel().getByTestId('rs-title'));
    await expect.poll(() => panel().getByTestId('rs-title').textContent()).toContain('Russian air combat');
    await expect.poll(() => steps(page)).toBe(n);
    expect(errors).toEqual([]);
  });

  it('a Russian combat with artillery support: the chances before the roll, the typed dice, the result', async () => {
    await panel().getByTestId('rs-phase').selectOption({ label: 'Russian combats with artillery support' });
    await expect.poll(async () => panel().getByTestId('rs-title').textContent()).toContain('artillery support');
    await addUnit('ground-attackers', 'infantry-2');
    await addUnit('ground-attackers', 'infantry-3');
    await addUnit('ground-defenders', 'infantry-2');
    await panel().locator('fieldset[data-list="ground-defenders"] input[name="fortified"]').check();
    await addUnit('ground-support', 'field-art', 'Art 1');
    await addUnit('ground-support', 'field-art', 'Art 2');
    // (2 + 3) + 2 supporting = 7 against 2 + 1 fortified = 3 (8.1, 8.2).
    await expect
      .poll(async () => panel().getByTestId('rs-ground-combat').textContent())
      .toContain('Attack 7 against defence 3.');
    const chances = await panel().getByTestId('rs-ground-combat').getByTestId('rs-chances').textContent();
    expect(chances).toBe('Attacker wins 35, tie 0, defender wins 1 (of 36).');
    await dice('4, 5');
    const n = await steps(page);
    await panel().getByTestId('rs-ground-combat').getByRole('button', { name: 'Resolve the combat' }).click();
    await expect.poll(() => steps(page)).toBe(n + 1);
    await expect.poll(() => live(page)).toContain('Attacker wins 28 to 15');
    await expect.poll(() => renderedText(page)).toContain('The fortification stays on the map');
    // Supported artillery is marked used this turn.
    expect(
      await panel()
        .getByText(/Artillery used this turn/)
        .textContent(),
    ).toContain('Art 1, Art 2');
  });

  it('no tab says "no roll tables yet"', async () => {
    for (const tab of ['Roll on a table', 'Combat']) {
      await page.getByRole('tab', { name: tab }).click();
      const text = (await renderedText(page))!;
      expect(text).not.toContain('no roll tables yet');
      expect(text).toContain('Turn tab');
    }
    await page.getByRole('tab', { name: 'Turn' }).click();
    await panel().getByTestId('rs-title').waitFor();
    expect(errors).toEqual([]);
  });
});
