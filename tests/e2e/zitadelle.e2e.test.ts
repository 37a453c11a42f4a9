/**
 * Zitadelle end to end in the built app, wholly in Spanish, on a 390×844 phone: the Combat tab at
 * 8 vs 4 before any chart is typed in says what is missing (it used to overflow the stack) and keeps
 * Resolve off with its reason beside it; the players type the assault CRT in from their printed card
 * (die ranges as rows, odds as columns, malformed ones refused); an assault in the turn panel with
 * its exact chances, typed dice, a reload in the middle, and the loss check it requires against the
 * morale tracker.
 */
import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { describeE2E, e2eEnv, headline, inViewport, liveText as live, logSteps as steps, reloadApp } from './helpers';
import { axeViolations, renderedText, setupOnce, startNewGame, waitForApp } from './helpers';

const env = await e2eEnv();

describeE2E(env, 'Zitadelle: an assault from charts typed in, in Spanish', () => {
  let page: Page;
  let errors: string[];
  let session = '';
  setupOnce(async () => {
    ({ page, errors } = await startNewGame(env, 'zitadelle', {
      spanish: true,
      ready: (p) => p.getByTestId('zi-title'),
    }));
    session = page.url();
  });
  const panel = () => page.locator('wc-zitadelle-panel');
  /** Types in the dice rolled at the table, then asks for the step with `button`: one more step in the log. */
  const rollTypedIn = async (dice: string, button: Locator) => {
    await panel()
      .getByLabel(/Dados introducidos/)
      .fill(dice);
    const n = await steps(page);
    await button.click();
    await expect.poll(() => steps(page)).toBe(n + 1);
  };

  it('the Combat tab at 8 vs 4 with no CRT typed in says what is missing, not "Maximum call stack size exceeded"', async () => {
    await page.getByRole('tab', { name: 'Combate' }).click();
    await page.getByLabel('Fuerza de ataque').fill('8');
    await page.getByLabel('Fuerza de defensa').fill('4');
    await expect
      .poll(() => page.getByTestId('chart-problems').textContent())
      .toContain('Esta tabla aún no tiene filas');
    // Resolve is off while the CRT has problems, with its reason under it; pressed, the reason is
    // announced there and nothing goes to the engine.
    const resolve = page.getByRole('button', { name: 'Resolver el combate' });
    await expect.poll(() => resolve.getAttribute('aria-disabled')).toBe('true');
    // A tap: Playwright would wait for an aria-disabled button to turn on, so the tap is forced.
    await resolve.click({ force: true });
    const reason = page.locator('#combat-resolve-blocked[role="alert"]');
    await reason.waitFor();
    await expect.poll(() => reason.textContent()).toContain('No se puede resolver el combate en esta tabla');
    await expect.poll(() => inViewport(page, reason)).toBe(true);
    await expect.poll(() => renderedText(page)).not.toContain('Maximum call stack');
    expect(await steps(page)).toBe(0);
  });

  it('the players type the CRT in: ranges and odds checked, sorted, every cell a table code', async () => {
    await page.getByTestId('chart-problems').getByRole('link').click();
    await page.waitForURL(/tables\/zi-crt/);
    const view = page.locator('wc-table-view');
    const [rows, cols] = [view.locator('form.add').nth(0), view.locator('form.add').nth(1)];
    const add = async (form: typeof rows, key: string) => {
      await form.locator('input[name="key"]').fill(key);
      await form.locator('button[type="submit"]').click();
    };
    await add(rows, 'siete');
    await expect.poll(async () => rows.textContent()).toContain('«siete» no es un rango de dados');
    await add(rows, '7-12');
    await add(rows, '2-6');
    await add(cols, '3');
    await expect.poll(async () => cols.textContent()).toContain('«3» no es una proporción');
    await add(cols, '2:1');
    await add(cols, '1:1');
    await view.locator('td[data-key="2-6|1:1"] input').waitFor();
    const cell = async (key: string, v: string) => {
      const input = view.locator(`td[data-key="${key}"] input`);
      await input.fill(v);
      await input.press('Tab');
    };
    await cell('2-6|1:1', 'XX');
    await expect.poll(async () => view.locator('td[data-key="2-6|1:1"]').textContent()).toContain('no es un código');
    await cell('2-6|1:1', 'ac');
    await cell('7-12|1:1', 'BC');
    await cell('2-6|2:1', 'DC');
    await cell('7-12|2:1', 'D1');
    await view.getByText('Esta tabla está completa').waitFor();
    // Rows sorted by range, whatever the order they were typed in.
    const heads = await view.locator('tbody th').allTextContents();
    expect(heads.map((h) => h.replace('×', '').trim())).toEqual(['2–6', '7–12']);
  });

  it('the morale tracker gets the army, the assault shows its chances and is resolved with typed dice', async () => {
    await page.goto(session);
    await waitForApp(page);
    await page.getByRole('tab', { name: 'Turno' }).click();
    await panel().getByTestId('zi-title').waitFor();
    await page.getByRole('radio', { name: 'Tiramos dados reales y los introducimos' }).click();
    const morale = panel().getByTestId('zi-morale');
    await morale.getByLabel('Formación').fill('6 A');
    await morale.getByLabel('Bando').selectOption('soviet');
    await morale.getByLabel('Nivel inicial').fill('7');
    await morale.getByRole('button', { name: 'Añadir' }).click();
    await expect.poll(async () => morale.textContent()).toContain('Nivel 7');
    await panel().getByTestId('zi-phase').selectOption({ label: 'Asalto alemán' });
    await panel().getByTestId('zi-assault').waitFor();
    const as = panel().getByTestId('zi-assault');
    await as.getByLabel('Fuerza de ataque').fill('8');
    await as.getByLabel('Fuerza de defensa (no-acorazadas)').fill('4');
    await as.getByLabel('Unidades defensoras (nombres, separados por comas)').fill('R1');
    await expect.poll(async () => as.getByTestId('zi-column').textContent()).toBe('Columna 2:1');
    // 2:1 on the typed-in CRT: DC on 2-6 (15 of 36), D1 on 7-12 (21 of 36).
    await expect.poll(async () => as.locator('wc-odds-bars td.pct').allTextContents()).toEqual(['41.7%', '58.3%']);
    await rollTypedIn('4 4', as.getByRole('button', { name: 'Resolver el asalto' }));
    await expect.poll(() => live(page)).toContain('D1 en 2:1');
    // The answer is where the eye is: the result's headline in view on the phone, no scrolling (issue #10).
    await expect.poll(() => inViewport(page, headline(page))).toBe(true);
    await expect
      .poll(() => renderedText(page))
      .toContain('Primero el defensor: un chequeo de pérdidas por unidad defensora (+1): R1.');
  });

  it('a reload in the middle keeps the assault and its pending loss check', async () => {
    const n = await steps(page);
    await reloadApp(page, panel().getByTestId('zi-title'));
    await expect.poll(() => panel().getByTestId('zi-title').textContent()).toContain('Asalto alemán');
    await expect.poll(() => steps(page)).toBe(n);
    await panel().getByTestId('zi-pending').waitFor();
  });

  it('the loss check it requires, against the army morale: 3 + 4 + 1 = 8 > 7, disorganized', async () => {
    await panel()
      .getByTestId('zi-pending')
      .getByRole('button', { name: /Chequear R1/ })
      .click();
    const lc = panel().getByTestId('zi-loss-check');
    await expect.poll(async () => lc.getByLabel('Número del resultado (0–3)').inputValue()).toBe('1');
    await lc.getByLabel('Formación').selectOption('6 A');
    await rollTypedIn('3 4', lc.getByRole('button', { name: 'Tirar' }));
    await expect.poll(() => live(page)).toContain('R1: desorganizada, retirada de 2');
    await expect.poll(() => renderedText(page)).toContain('8 es mayor que 7');
    expect(errors).toEqual([]);
  });
});

describeE2E(env, 'Zitadelle: the movement phase on a phone, each formation its capacity from its morale (#31)', () => {
  let page: Page;
  let errors: string[];
  setupOnce(async () => {
    ({ page, errors } = await startNewGame(env, 'zitadelle', { ready: (p) => p.getByTestId('zi-title') }));
  });
  const panel = () => page.locator('wc-zitadelle-panel');
  const phase = async (label: string) => {
    const n = await steps(page);
    await panel().getByTestId('zi-phase').selectOption({ label });
    await expect.poll(() => steps(page)).toBeGreaterThan(n);
  };
  const capacityOf = (formation: string) =>
    panel().getByTestId('zi-capacity-list').locator(`li[data-formation="${formation}"]`);

  it('8.13 level 4 → 7 MP from the text, a PM-1 lowers the Soviet army, the missing level typed in, and +3 MP per interdiction zone (8.42)', async () => {
    const morale = panel().getByTestId('zi-morale');
    const add = async (formation: string, side: string, initial: string) => {
      await morale.getByLabel('Formation').fill(formation);
      await morale.getByLabel('Side').selectOption(side);
      await morale.getByLabel('Initial level').fill(initial);
      const n = await steps(page);
      await morale.getByRole('button', { name: 'Add' }).click();
      await expect.poll(() => steps(page)).toBe(n + 1);
    };
    await add('3 Pz', 'german', '4');
    await add('6 A', 'soviet', '6');
    // A level bomber on the 6th Army rolls a typed-in 2: one PM-1 marker this turn (9.22).
    await page.getByRole('radio', { name: 'We roll real dice and type them in' }).click();
    await panel()
      .getByLabel(/Dice typed in/)
      .fill('2');
    const n = await steps(page);
    await morale.getByRole('button', { name: 'Level bomber on this army' }).click();
    await expect.poll(() => steps(page)).toBe(n + 1);

    await phase('German movement');
    await expect.poll(async () => capacityOf('3 Pz').textContent()).toMatch(/morale 4\s*—\s*7 MP;\s*disorganized 3 MP/);
    await expect
      .poll(() => panel().getByTestId('zi-capacity').textContent())
      .toContain('Air interdiction does not affect German units (8.42).');
    await expect.poll(() => panel().getByTestId('zi-capacity-list').locator('li').count()).toBe(1);

    await phase('Soviet movement');
    const soviet = capacityOf('6 A');
    await expect.poll(async () => soviet.textContent()).toContain('morale 5 (track 6, 1 PM-1 marker)');
    await expect.poll(() => soviet.textContent()).toContain('the capacity at level 5 is not typed in yet');
    // The level the text does not give is typed in from the printed track, right there.
    const inline = panel().getByTestId('zi-capacity').getByTestId('chart-inline');
    await inline.locator('summary').click();
    const cell = inline.locator('td[data-key="5|movement"] input');
    await cell.fill('8');
    await cell.press('Tab');
    await expect.poll(async () => soviet.textContent()).toMatch(/8 MP\s*\(typed in\);\s*disorganized 4 MP/);
    // Two dive bombers' zones over the hex a Soviet unit moves into: +6 MP (8.42).
    const interdiction = panel().getByTestId('zi-interdiction');
    await expect.poll(() => interdiction.textContent()).toContain('3 MP more per air interdiction zone');
    await panel().getByLabel('Air interdiction zones over the hex entered (8.42)').fill('2');
    await expect.poll(async () => interdiction.textContent()).toContain('2 zones: +6 MP to enter that hex');
    await panel().getByLabel('Air interdiction zones over the hex entered (8.42)').fill('1');
    await expect.poll(async () => interdiction.textContent()).toContain('1 zone: +3 MP');
    expect(await axeViolations(page, 'wc-zitadelle-panel')).toEqual([]);
    expect(errors).toEqual([]);
  });
});
