/**
 * EastFront end to end in the built app, in Spanish, on a 390 × 844 phone: Winter 1941, March 1942
 * (month 4). The Axis Production with the W41 HQ price; the East Front weather is rolled with typed-in dice (odd → Mud); then a two-round
 * river assault with an air attack in Mud, every die typed in so every number is known: the air
 * attack's half hit, defensive fire with a repulse (1–3 in Mud), the partial-hit ledger, a tie
 * asked of the owner, a reload in the middle of the round, the second round as a bridgehead; then
 * fortnight II's weather, which the app cannot roll twice.
 */
import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { describeE2E, e2eEnv, reloadApp, renderedText, setupOnce, shownText, startNewGame, toSpanish } from './helpers';

const env = await e2eEnv();

/** The number of the newest step in the log (the log view shows only the most recent ones). */
const steps = async (page: Page) =>
  Math.max(
    0,
    ...(await page
      .locator('wc-log-view li[data-seq]')
      .evaluateAll((ls) => ls.map((l) => Number(l.getAttribute('data-seq'))))),
  );
const panel = (page: Page) => page.locator('wc-eastfront-panel');
const text = shownText;

/** The element is inside the 844 px tall viewport (a result next to its control, no scrolling needed). */
async function inView(page: Page, result: Locator) {
  const box = await result.locator('strong.head').boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThan(-2);
  expect(box!.y).toBeLessThan(844);
  expect(box!.x + box!.width).toBeLessThanOrEqual(391);
  void page;
}

describeE2E(env, 'EastFront: a river assault in Mud, in Spanish, on a phone', () => {
  let page: Page;
  let errors: string[];
  setupOnce(async () => {
    const ready = (p: Page) => panel(p).getByTestId('ef-phase');
    ({ page, errors } = await startNewGame(env, 'eastfront', { scenario: 'Winter 1941', ready }));
    await toSpanish(page);
  });

  const act = async (l: Locator) => {
    const n = await steps(page);
    await l.click();
    await expect.poll(() => steps(page)).toBe(n + 1);
  };
  const phaseTo = async (index: number) => {
    const n = await steps(page);
    await panel(page).getByTestId('ef-phase').selectOption(String(index));
    await expect.poll(() => steps(page)).toBe(n + 1);
  };
  const rolls = async (tool: string, value: string) =>
    panel(page).getByTestId(`ef-tool-${tool}`).getByTestId('ef-rolls').first().fill(value);
  /** Starts a round of the battle: `side` active, with an air attack of CV `air` ('0': none). */
  const startRound = async (side: 'axis' | 'soviet', air: string) => {
    const tool = panel(page).getByTestId('ef-tool-battle');
    await tool.getByTestId(`ef-active-${side}`).check();
    await tool.getByTestId('ef-air').fill(air);
    await act(tool.getByTestId('ef-start-round'));
  };

  it('month 4 (March 1942): the East Front weather from typed-in dice — odd → Mud, the Axis gets two turns in a row', async () => {
    // Months 1–3 (Dec–Feb) are Snow by the calendar; go to the end of each and close it.
    for (let m = 1; m <= 3; m++) {
      await phaseTo(26);
      await act(panel(page).getByRole('button', { name: `Fin del mes ${m}` }));
    }
    await expect.poll(() => text(panel(page).getByTestId('ef-title'))).toContain('Marzo de 1942 · Producción');
    // Production (11.x): the Axis level from the Production Track, two replacement steps and an HQ step at the
    // W41 price (15 PP, chart †): 8 + 4 + 15 = 27 of 71 PP, 44 lost.
    const prod = panel(page).getByTestId('ef-tool-production');
    await prod.getByTestId('ef-prod-level').fill('71');
    await prod.getByTestId('ef-prod-buys').fill('41Pz blindada paso, 9 inf paso, AGC hq paso');
    await act(prod.getByTestId('ef-prod-run'));
    const pr = prod.getByTestId('ef-result-production');
    await expect.poll(() => text(pr)).toContain('27 de 71 PP gastados, 44 perdidos');
    await expect
      .poll(() => text(pr))
      .toContain('Este escenario: los pasos de HQ del Eje cuestan 15 PP, los cuadros 30 PP.');
    await inView(page, pr);
    // March is variable (12.1): each player rolls a die; the players roll real dice and type them in.
    await page.getByRole('radio', { name: 'Tiramos dados reales y los introducimos' }).click();
    await act(panel(page).getByTestId('ef-next'));
    await expect.poll(() => text(panel(page).getByTestId('ef-title'))).toContain('Quincena 1 · Clima');
    await rolls('weather', '1 2');
    await act(panel(page).getByTestId('ef-weather-roll-east'));
    const result = panel(page).getByTestId('ef-result-weather-east');
    await expect.poll(() => text(result)).toContain('Barro');
    await expect.poll(() => text(result)).toContain('Marzo: dados 1 + 2 = 3, impar → Barro.');
    await expect
      .poll(() => text(result))
      .toContain('El Eje juega el primer Turno de Jugador de esta Quincena (Seco o Barro).');
    await expect.poll(() => text(result)).toContain('Barro: los asaltos por río se rechazan con 1–3.');
    await inView(page, result);
    // Once per fortnight: the roll button is gone, the weather stays.
    await expect
      .poll(() => panel(page).getByTestId('ef-tool-weather').getByTestId('ef-weather-roll-east').count())
      .toBe(0);
    expect(errors).toEqual([]);
  });

  it('round 1: air attack, defensive fire with a repulse, offensive fire; a reload in the middle of the round', async () => {
    await phaseTo(4); // Quincena 1 · turno 1 · Combate
    await expect.poll(() => text(panel(page).getByTestId('ef-title'))).toContain('Combate');
    const tool = panel(page).getByTestId('ef-tool-battle');
    // Enter the battle: clear hex, Mud (from the fortnight's weather), Soviets the Original Defender.
    await expect.poll(() => tool.getByTestId('ef-weather').inputValue()).toBe('mud');
    await tool.getByTestId('ef-assault-river').check();
    const addBlock = async (side: 'axis' | 'soviet', label: string, type: string, cv: string) => {
      const box = tool.getByTestId(`ef-blocks-${side}`);
      await box.getByTestId(`ef-add-${side}`).click();
      await box.getByTestId('ef-label').last().fill(label);
      await box.getByTestId('ef-type').last().selectOption(type);
      await box.getByTestId('ef-cv').last().fill(cv);
    };
    await addBlock('axis', '41Pz', 'armor', '4');
    await addBlock('axis', '9', 'infantry', '3');
    await addBlock('soviet', '16A', 'infantry', '3');
    await addBlock('soviet', '5A', 'infantry', '2');
    // A wrong CV is refused at its field, and nothing is saved.
    const cv9 = tool.getByTestId('ef-blocks-axis').getByTestId('ef-cv').nth(1);
    await cv9.fill('7');
    const n = await steps(page);
    await tool.getByTestId('ef-new-battle').click();
    await expect.poll(() => text(tool.getByTestId('ef-blocks-axis'))).toContain('9: un número entero de 1 a 4.');
    await expect.poll(() => cv9.getAttribute('aria-invalid')).toBe('true');
    expect(await steps(page)).toBe(n);
    await cv9.fill('3');
    await act(tool.getByTestId('ef-new-battle'));
    // Round 1: the Axis is active, supported, with an air attack of CV 1 (a disorganized HQ II in Mud).
    await startRound('axis', '1');
    let res = tool.getByTestId('ef-result-battle');
    await expect
      .poll(() => text(res))
      .toContain('Primera ronda de un asalto: cada dado defensivo de 3 o menos rechaza a un atacante.');
    await expect.poll(() => text(res)).toContain('Soviéticos (pasivo) pierde 1 VC por cada 2 impactos esta ronda.');
    // Air attack: W41 Axis air is DF; the chance of 0 and 1 hits is shown before the roll.
    await expect.poll(() => text(tool.getByTestId('ef-step'))).toBe('Ronda 1: Ataque aéreo');
    await expect.poll(() => text(tool.getByTestId('ef-chance'))).toBe('0 impactos66,7%1 impacto33,3%');
    await rolls('battle', '5');
    await act(tool.getByTestId('ef-fire'));
    await expect.poll(() => text(res)).toContain('16A recibe un impacto parcial (1/2); debe recibir el siguiente.');
    await expect.poll(() => text(tool.getByTestId('ef-block-16A'))).toContain('1/2 impacto');
    await inView(page, res);
    // Defensive fire: 16A [2 6 4] and 5A [5 4]: one hit (the 6) and one repulse (the 2).
    await expect.poll(() => text(tool.getByTestId('ef-step'))).toBe('Ronda 1: Fuego defensivo');
    await expect.poll(() => tool.getByTestId('ef-chance-repulse').count()).toBe(1);
    await rolls('battle', '2 6 4, 5 4');
    await act(tool.getByTestId('ef-fire'));
    await expect.poll(() => text(res)).toContain('9 (3) es rechazada');
    await expect.poll(() => text(res)).toContain('41Pz pierde un paso: 4 → 3.');
    await expect.poll(() => tool.getByTestId('ef-shot').count()).toBe(2);
    await expect.poll(() => tool.getByTestId('ef-shot').first().locator('.die.hit').count()).toBe(1);
    await expect.poll(() => tool.getByTestId('ef-shot').first().locator('.die.rep').count()).toBe(1);
    // Offensive fire: only 41Pz fires, SF in Mud: [6 6 1] → 2 hits: the first completes 16A's step,
    // the second must go to a CV2 block: the Soviet player chooses.
    await expect.poll(() => text(tool.getByTestId('ef-step'))).toBe('Ronda 1: Fuego ofensivo');
    await rolls('battle', '6 6 1');
    await act(tool.getByTestId('ef-fire'));
    await expect.poll(() => text(res)).toContain('Barro: FS en ataque.');
    await expect.poll(() => text(res)).toContain('16A pierde un paso: 3 → 2.');
    await expect.poll(() => tool.getByTestId('ef-prompt').count()).toBe(1);
    // Reload in the middle of the round: the prompt and the ledger are still there.
    const before = await steps(page);
    await reloadApp(page);
    await expect.poll(() => steps(page)).toBe(before);
    res = panel(page).getByTestId('ef-tool-battle').getByTestId('ef-result-battle');
    await panel(page).getByTestId('ef-tool-battle').getByTestId('ef-prompt').waitFor();
    await expect
      .poll(() => text(panel(page).getByTestId('ef-tool-battle').getByTestId('ef-prompt')))
      .toContain('Soviéticos: elige cuál de 16A, 5A recibe el siguiente impacto.');
    await act(panel(page).getByTestId('ef-tool-battle').getByTestId('ef-choose-5A'));
    await expect.poll(() => text(res)).toContain('5A recibe un impacto parcial (1/2)');
    await expect.poll(() => text(res)).toContain('5A: 1 impacto parcial anulado al final de la ronda.');
    await expect
      .poll(() => text(res))
      .toContain('Fin de la ronda: los bloques de Soviéticos (Defensor Original) se colocan de pie.');
    await inView(page, res);
    expect(errors).toEqual([]);
  });

  it('round 2: a bridgehead (no repulses); the battle ends with the CVs carried over', async () => {
    const tool = panel(page).getByTestId('ef-tool-battle');
    await startRound('axis', '0');
    const res = tool.getByTestId('ef-result-battle');
    await expect
      .poll(() => text(res))
      .toContain('No es la ronda inicial: los atacantes forman una Cabeza de Puente, sin rechazos.');
    await expect.poll(() => text(tool.getByTestId('ef-step'))).toBe('Ronda 2: Fuego defensivo');
    await expect.poll(() => tool.getByTestId('ef-chance-repulse').count()).toBe(0);
    await rolls('battle', '6 1, 3 3');
    await act(tool.getByTestId('ef-fire'));
    await expect.poll(() => text(res)).toContain('41Pz pierde un paso: 3 → 2.');
    await rolls('battle', '6 6');
    await act(tool.getByTestId('ef-fire'));
    await act(tool.getByTestId('ef-choose-16A'));
    await expect.poll(() => text(res)).toContain('16A pierde un paso: 2 → 1.');
    await expect.poll(() => text(tool.getByTestId('ef-block-16A'))).toMatch(/16A · Infantería · 1/);
    await expect.poll(() => text(tool.getByTestId('ef-block-5A'))).toMatch(/5A · Infantería · 2/);
    await expect.poll(() => text(tool.getByTestId('ef-block-41Pz'))).toMatch(/41Pz · Blindada · 2/);
    await expect.poll(() => text(tool.getByTestId('ef-block-9'))).toContain('rechazada');
    await inView(page, res);
    expect(errors).toEqual([]);
  });

  it('fortnight II: the weather is rolled once; no raw message key reaches the screen', async () => {
    await phaseTo(14); // Quincena 2 · Clima
    await expect.poll(() => text(panel(page).getByTestId('ef-title'))).toContain('Quincena 2 · Clima');
    await rolls('weather', '3 5');
    await act(panel(page).getByTestId('ef-weather-roll-east'));
    const result = panel(page).getByTestId('ef-result-weather-east');
    await expect.poll(() => text(result)).toContain('Marzo: dados 3 + 5 = 8, par → Nieve.');
    await expect
      .poll(() => text(result))
      .toContain('Los soviéticos juegan el primer Turno de Jugador de esta Quincena (Nieve).');
    await expect
      .poll(() => text(result))
      .toContain('El clima cambia a Nieve: los soviéticos obtienen dos Turnos de Jugador seguidos.');
    await inView(page, result);
    await expect.poll(() => panel(page).getByTestId('ef-weather-roll-east').count()).toBe(0);
    const all = (await renderedText(page))!;
    expect(all).not.toMatch(/\bef\.[a-z]+\.[a-zA-Z]/);
    expect(all).not.toMatch(/\bproc\.ef\./);
    expect(errors).toEqual([]);
  });

  it('hidden blocks: each side enters its own after a hand-off; the blocks stand hidden until the round reveals them', async () => {
    await phaseTo(17); // Quincena 2 · turno 1 · Combate
    const tool = panel(page).getByTestId('ef-tool-battle');
    await tool.getByTestId('ef-setup').locator('summary').click();
    await tool.getByTestId('ef-clear').click();
    await tool.getByTestId('ef-private').check();
    for (const [side, label, type, cv] of [
      ['soviet', 'Z7', 'shock', '4'],
      ['axis', 'K55', 'infantry', '3'],
    ] as const) {
      await tool.getByTestId(`ef-enter-${side}`).click();
      await expect.poll(() => text(tool)).toContain('Pasa el dispositivo al jugador');
      await tool.getByTestId(`ef-enter-${side}-confirm`).click();
      const box = tool.getByTestId(`ef-blocks-${side}`);
      await box.getByTestId(`ef-add-${side}`).click();
      await box.getByTestId('ef-label').last().fill(label);
      await box.getByTestId('ef-type').last().selectOption(type);
      await box.getByTestId('ef-cv').last().fill(cv);
      await tool.getByTestId(`ef-enter-${side}-hide`).click();
      await expect.poll(() => text(tool.getByTestId(`ef-hidden-${side}`))).toContain('1 bloque anotado, oculto.');
      await expect.poll(() => text(tool)).not.toContain(label);
    }
    await act(tool.getByTestId('ef-new-battle'));
    await expect.poll(() => text(tool.getByTestId('ef-standing-axis'))).toContain('1 bloque de pie');
    await expect.poll(() => text(tool)).not.toMatch(/Z7|K55/);
    await startRound('soviet', '0');
    await expect.poll(() => text(tool.getByTestId('ef-result-battle'))).toContain('Se revelan los bloques');
    await expect.poll(() => text(tool.getByTestId('ef-block-K55'))).toContain('K55 · Infantería · 3');
    expect(errors).toEqual([]);
  });

  // 7.12 (seed 004 line 969): after combat the Original Defender's blocks stand up again, the Original
  // Attacker's stay face up; 7.21 (line 999). Saving the blocks between rounds keeps it so.
  it('after the round the Soviets (the Original Defender) stand up again, the Axis stay face up — also once the blocks are saved', async () => {
    const tool = panel(page).getByTestId('ef-tool-battle');
    // The Axis defensive fire, K55's 3 dice: no hit (SF hits on a 6) and, in this river assault in Mud,
    // no repulse (1–3, 7.53, 12.24).
    await rolls('battle', '4 4 4');
    await act(tool.getByTestId('ef-fire'));
    await rolls('battle', '1 1 1 1'); // the Soviet offensive fire: Z7, 4 dice, no hit
    await act(tool.getByTestId('ef-fire'));
    await expect.poll(() => text(tool.getByTestId('ef-standing-soviet'))).toContain('1 bloque de pie');
    await expect.poll(() => text(tool.getByTestId('ef-block-K55'))).toContain('K55 · Infantería · 3');
    const setup = tool.getByTestId('ef-setup');
    if (!(await setup.evaluate((d) => (d as HTMLDetailsElement).open))) await setup.locator('summary').click();
    await act(tool.getByTestId('ef-save-blocks'));
    await expect.poll(() => text(tool.getByTestId('ef-result-battle'))).toContain('Defensor Original: Soviéticos');
    await expect.poll(() => text(tool.getByTestId('ef-standing-soviet'))).toContain('1 bloque de pie');
    await expect.poll(() => tool.getByTestId('ef-standing-axis').count()).toBe(0);
    await expect.poll(() => text(tool.getByTestId('ef-block-K55'))).toContain('K55 · Infantería · 3');
    expect(errors).toEqual([]);
  });
});
