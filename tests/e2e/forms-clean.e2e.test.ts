/**
 * Forms start from the game after every resolved step (issue #28, items 6, 12, 13, 15), on a phone,
 * in the built app. In each game two steps are resolved in a row from the same form and the second
 * starts clean; Breakout's combat keeps what is typed across a reload and drops it once resolved;
 * a number a field cannot use is said at that field, quoting it, and nothing is sent (Breakout's
 * Tiger field, GD's weather modifier, the free modifier of Roll on a table). Zitadelle and EastFront
 * run in Spanish.
 */
import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { describeE2E, e2eEnv, liveText, reloadApp, setupOnce, startNewGame, type AppPage, toSpanish } from './helpers';

const env = await e2eEnv();

/** The number of the newest step in the log (the log view lists only the most recent ones). */
const steps = async (page: Page) =>
  Math.max(
    0,
    ...(await page
      .locator('wc-log-view li[data-seq]')
      .evaluateAll((ls) => ls.map((l) => Number(l.getAttribute('data-seq'))))),
  );

/** Clicks, and waits until one more step is logged. */
async function act(page: Page, control: Locator) {
  const n = await steps(page);
  await control.click();
  // A refusal is shown in words: said in the failure, not only "no new step".
  await expect
    .poll(async () =>
      (await steps(page)) === n + 1 ? 'logged' : await page.locator('wc-app [role=alert]').allTextContents(),
    )
    .toBe('logged');
}

describeE2E(env, 'Forms start clean after every resolved step (issue #28), on a phone', () => {
  let app: AppPage | undefined;
  setupOnce(async () => {});
  const done = async () => {
    expect(app!.errors).toEqual([]);
    await app!.context.close();
    app = undefined;
  };

  it('Breakout: two German attacks in a row, the second clean; what is typed survives a reload, a resolved combat leaves nothing; a bad number is said at its field', async () => {
    app = await startNewGame(env, 'breakout', { ready: (p) => p.getByRole('button', { name: 'Roll the weather' }) });
    const { page } = app;
    const field = (k: string) => page.getByTestId(`bo-${k}`);
    await act(page, page.getByRole('button', { name: 'Roll the weather' }));
    // VI: the German's first combat phase (5.0).
    await act(page, page.getByRole('button', { name: 'VI', exact: true }));
    await field('attack').fill('6');
    await field('defence').fill('2');
    await field('tiger').fill('1');
    await act(page, page.getByRole('button', { name: 'Resolve the combat' }));
    // The next combat starts clean: no strengths, no Tiger shift carried over (13.4 is per combat).
    await expect.poll(() => field('attack').inputValue()).toBe('');
    await expect.poll(() => field('defence').inputValue()).toBe('');
    await expect.poll(() => field('tiger').inputValue()).toBe('0');
    await field('attack').fill('4');
    await field('defence').fill('2');
    await act(page, page.getByRole('button', { name: 'Resolve the combat' }));
    await expect.poll(() => liveText(page)).not.toMatch(/Tiger/);
    // Item 12: typed, then reloaded — the fields are back; resolved, then reloaded — clean.
    await field('attack').fill('9');
    await field('defence').fill('3');
    await page.getByLabel("Defender's terrain").selectOption('forest');
    await reloadApp(page, field('attack'));
    await expect.poll(() => field('attack').inputValue()).toBe('9');
    await expect.poll(() => field('defence').inputValue()).toBe('3');
    await expect.poll(() => page.getByLabel("Defender's terrain").inputValue()).toBe('forest');
    await act(page, page.getByRole('button', { name: 'Resolve the combat' }));
    await reloadApp(page, field('attack'));
    await expect.poll(() => field('attack').inputValue()).toBe('');
    await expect.poll(() => field('defence').inputValue()).toBe('');
    await expect.poll(() => page.getByLabel("Defender's terrain").inputValue()).toBe('clear');
    // Item 15: a decimal Tiger count is refused at its field, quoted, kept as typed; nothing is sent.
    await field('attack').fill('6');
    await field('defence').fill('2');
    await field('tiger').fill('2.5');
    const n = await steps(page);
    await page.getByRole('button', { name: 'Resolve the combat' }).click();
    const message = page.locator('wc-breakout-panel #bo-combat-tiger-error');
    await expect
      .poll(() => message.textContent())
      .toBe('“2.5” is not a whole number. Type a whole number from 0 to 5.');
    await expect.poll(() => field('tiger').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => field('tiger').getAttribute('aria-describedby')).toBe('bo-combat-tiger-error');
    await expect.poll(() => field('tiger').inputValue()).toBe('2.5');
    expect(await steps(page)).toBe(n);
    await done();
  });

  it('Zitadelle, in Spanish: two formations added to the morale tracker (7.71), the second form clean', async () => {
    app = await startNewGame(env, 'zitadelle', {
      spanish: true,
      ready: (p) => p.locator('wc-zitadelle-panel [data-testid=zi-title]'),
    });
    const { page } = app;
    const summary = page.locator('wc-zitadelle-panel summary', { hasText: 'Registro de moral' });
    if (await summary.count()) await summary.click();
    const morale = page.locator('wc-zitadelle-panel [data-testid=zi-morale]');
    const formation = morale.locator('input[name=formation]');
    const initial = morale.locator('input[name=initial]');
    await formation.fill('4 PzA');
    await initial.fill('6');
    await act(page, morale.getByRole('button', { name: 'Añadir' }));
    await expect.poll(() => formation.inputValue()).toBe('');
    await expect.poll(() => initial.inputValue()).toBe('');
    await formation.fill('Vorónezh');
    await morale.locator('select[name=side]').selectOption('soviet');
    // A blank initial level is asked for at its field, in Spanish, not read as 0.
    const n = await steps(page);
    await morale.getByRole('button', { name: 'Añadir' }).click();
    await expect
      .poll(() => page.locator('wc-zitadelle-panel #zi-morale-initial-error').first().textContent())
      .toBe('Aquí no hay nada escrito. Escribe un número entero de 1 a 20.');
    expect(await steps(page)).toBe(n);
    await initial.fill('5');
    await act(page, morale.getByRole('button', { name: 'Añadir' }));
    await expect.poll(() => formation.inputValue()).toBe('');
    await expect.poll(() => morale.locator('select[name=side]').inputValue()).toBe('german');
    await done();
  });

  it('Stalingrado: two victory checks (5) in a row, the second form clean', async () => {
    app = await startNewGame(env, 'stalingrado', {
      ready: (p) => p.locator('wc-stalingrado-panel [data-testid=rs-title]'),
    });
    const { page } = app;
    const phase = page.locator('wc-stalingrado-panel [data-testid=rs-phase]');
    const last = (await phase.locator('option').count()) - 1;
    const n0 = await steps(page);
    await phase.selectOption(String(last));
    await expect.poll(() => steps(page)).toBe(n0 + 1);
    const russian = page.locator('wc-stalingrado-panel #rs-victory-russian');
    const axis = page.locator('wc-stalingrado-panel #rs-victory-axis');
    // Aircraft count too under the default reading A9 (issue #31).
    const air = page.locator('wc-stalingrado-panel #rs-victory-ruAir, wc-stalingrado-panel #rs-victory-axAir');
    await russian.fill('10');
    await axis.fill('12');
    await air.nth(0).fill('2');
    await air.nth(1).fill('3');
    await act(page, page.locator('wc-stalingrado-panel').getByRole('button', { name: 'Check', exact: true }));
    await expect.poll(() => russian.inputValue()).toBe('');
    await expect.poll(() => axis.inputValue()).toBe('');
    await expect.poll(() => air.nth(0).inputValue()).toBe('');
    await russian.fill('5');
    await axis.fill('4');
    await air.nth(0).fill('1');
    await air.nth(1).fill('1');
    await act(page, page.locator('wc-stalingrado-panel').getByRole('button', { name: 'Check', exact: true }));
    await expect.poll(() => russian.inputValue()).toBe('');
    await done();
  });

  it('Grossdeutschland: the blank weather modifier is asked for; two combats in a row, the second clean; the Combat tool and Roll on a table start clean; a free modifier of 1e12 is said at its field', async () => {
    app = await startNewGame(env, 'grossdeutschland', { ready: (p) => p.getByLabel('Turn type') });
    const { page } = app;
    const modifier = page.getByLabel('Weather modifier on the track');
    await modifier.fill('');
    const n = await steps(page);
    await page.getByRole('button', { name: 'Save' }).first().click();
    await expect
      .poll(() => page.locator('wc-grossdeutschland-panel #gd-turn-wm-error').textContent())
      .toBe('Nothing is typed here. Type a whole number from -3 to 3.');
    expect(await steps(page)).toBe(n);
    await modifier.fill('0');
    await page.getByRole('button', { name: 'Roll the weather' }).click();
    await expect.poll(() => liveText(page)).toMatch(/^Weather: /);
    // The move to the Activation phase is the engine's phase step (issue #29): logged.
    await act(page, page.getByRole('button', { name: '3. Activation' }));
    // The combat form is Activation's step 3c (one screen per step, issue #28 item 11).
    await page.getByRole('button', { name: '3c. Combat' }).click();
    const attackers = page.getByLabel(/Attacking units/);
    const defenders = page.getByLabel(/Defending units/);
    await attackers.fill('6');
    await defenders.fill('3');
    // The fortifications, engineer, bridge and overrun are folded under a line that names those ticked.
    await page.locator('wc-grossdeutschland-panel [data-testid=gd-combat-more] summary').click();
    await page.locator('wc-grossdeutschland-panel').getByLabel('Overrun').check();
    await act(page, page.locator('wc-grossdeutschland-panel').getByRole('button', { name: 'Resolve the combat' }));
    await expect.poll(() => attackers.inputValue()).toBe('');
    await expect.poll(() => defenders.inputValue()).toBe('');
    await expect.poll(() => page.locator('wc-grossdeutschland-panel').getByLabel('Overrun').isChecked()).toBe(false);
    await attackers.fill('5');
    await defenders.fill('5');
    await act(page, page.locator('wc-grossdeutschland-panel').getByRole('button', { name: 'Resolve the combat' }));
    await expect.poll(() => attackers.inputValue()).toBe('');

    // The shared Combat tool: strengths and a shift, resolved; the next combat has none of them.
    await page.getByRole('tab', { name: 'Combat' }).click();
    const combat = page.locator('wc-combat-panel');
    await combat.locator('input[name=attack]').fill('7');
    await combat.locator('input[name=defence]').fill('3');
    await combat.getByRole('button', { name: 'Add a shift' }).click();
    await act(page, combat.getByRole('button', { name: 'Resolve the combat' }));
    await expect.poll(() => combat.locator('input[name=attack]').inputValue()).toBe('');
    await expect.poll(() => combat.locator('#combat-shift-0').count()).toBe(0);

    // Roll on a table: a free modifier of 1e12 is refused at its field and nothing is rolled; a
    // roll with +1 leaves the next roll without it.
    await page.getByRole('tab', { name: 'Roll on a table' }).click();
    const roller = page.locator('wc-table-roller');
    // The bridge demolition chart (1d6, no stated modifier): a known roll stays on it.
    await roller.locator('select').first().selectOption('gd-bridge-demolition');
    const other = roller.locator('#other-modifier');
    await other.fill('1e12');
    await expect
      .poll(() => roller.locator('#other-modifier-error').textContent())
      .toBe('“1e12” is not a number. Type a whole number from -99 to 99.');
    const before = await steps(page);
    await roller.getByRole('button', { name: 'Roll on this table' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBeTruthy();
    expect(await steps(page)).toBe(before);
    await expect.poll(() => other.inputValue()).toBe('1e12');
    await other.fill('1');
    // Item 12: the free modifier typed is back after a reload.
    await reloadApp(page, page.getByRole('tab', { name: 'Roll on a table' }));
    await page.getByRole('tab', { name: 'Roll on a table' }).click();
    await expect.poll(() => other.inputValue()).toBe('1');
    // Rolled with a die typed in (3 + 1 = 4, on the chart): the next roll's field is empty.
    await page.getByRole('radio', { name: 'We roll real dice and type them in' }).click();
    const otherAxis = roller.locator('#table-other');
    if (await otherAxis.count()) await otherAxis.selectOption({ index: 1 });
    await roller.locator('input[name=die1]').fill('3');
    await act(page, roller.getByRole('button', { name: 'Enter the real dice' }));
    await expect.poll(() => other.inputValue()).toBe('');
    await done();
  });

  it('EastFront, in Spanish: the production spent leaves a clean form (11.x)', async () => {
    app = await startNewGame(env, 'eastfront', {
      scenario: 'Winter 1941',
      ready: (p) => p.locator('wc-eastfront-panel').getByTestId('ef-phase'),
    });
    const { page } = app;
    await toSpanish(page);
    const panel = page.locator('wc-eastfront-panel');
    // Months 1–3 are Snow by the calendar: to the end of each and closed, as the EastFront e2e does.
    for (let m = 1; m <= 3; m++) {
      const n = await steps(page);
      await panel.getByTestId('ef-phase').selectOption('26');
      await expect.poll(() => steps(page)).toBe(n + 1);
      await act(page, panel.getByRole('button', { name: `Fin del mes ${m}` }));
    }
    const prod = panel.getByTestId('ef-tool-production');
    await prod.getByTestId('ef-prod-level').fill('71');
    await prod.getByTestId('ef-prod-buys').fill('9 inf paso');
    await act(page, prod.getByTestId('ef-prod-run'));
    await expect.poll(() => prod.getByTestId('ef-prod-level').inputValue()).toBe('');
    await expect.poll(() => prod.getByTestId('ef-prod-buys').inputValue()).toBe('');
    await done();
  });
});
