/**
 * ¿Resiste Stalingrado? in Spanish on a 390×844 phone, with the special die typed in (issue #31): a game
 * from the German set-up through the first turn. The set-up steps of the sequence of play (9, seed 003
 * line 127; 6, line 103) with no roll offered; the tanks entered in the step tracker, and one not there
 * asked for at the combat (2.3, line 23); turn 1's AA fire (8.2), an air bombing of a fortified unit with
 * the score typed from the sheet (reading A7), a Russian and a German combat (8.1), the victory check (5)
 * counting aircraft (reading A9), and turn 2 starting without the set-up. Each result's headline in view,
 * no raw message key, axe clean.
 */
import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  axeViolations,
  describeE2E,
  e2eEnv,
  headline,
  inViewport,
  logSteps as steps,
  renderedText,
  startNewGame,
} from './helpers';

const env = await e2eEnv();

describeE2E(env, '¿Resiste Stalingrado? en español: de la colocación al final del turno 1', () => {
  let page: Page;
  let errors: string[];
  const panel = () => page.locator('wc-stalingrado-panel');
  const title = async () => (await panel().getByTestId('rs-title').textContent())?.trim() ?? '';
  const next = async (expected: string) => {
    await panel().getByRole('button', { name: 'Siguiente fase' }).click();
    await expect.poll(title).toContain(expected);
  };
  const jump = async (label: string) => {
    await panel().getByTestId('rs-phase').selectOption({ label });
    await expect.poll(title).toContain(label);
  };
  /** Asks for one step with `button`, the dice typed in first when given: one more step in the log, its headline in view. */
  const step = async (button: Locator, dice?: string) => {
    if (dice !== undefined)
      await panel()
        .getByLabel(/Dados introducidos/)
        .fill(dice);
    const n = await steps(page);
    await button.click();
    await expect.poll(() => steps(page)).toBe(n + 1);
    await expect.poll(() => inViewport(page, headline(page))).toBe(true);
    return (await headline(page).textContent())?.trim() ?? '';
  };
  const addUnit = async (list: string, type: string, id = '') => {
    const form = panel().locator(`fieldset[data-list="${list}"] form`);
    await form.locator('select[name="type"]').selectOption(type);
    await form.locator('input[name="id"]').fill(id);
    await form.getByRole('button', { name: 'Añadir' }).click();
  };
  const clean = async (where: string) => expect(await axeViolations(page, where)).toEqual([]);

  it('the set-up: deployment (with the tank tracker), German fortifications, the pre-turn — no roll offered', async () => {
    ({ page, errors } = await startNewGame(env, 'stalingrado', {
      spanish: true,
      ready: (p) => p.getByTestId('rs-title'),
    }));
    await page.getByRole('radio', { name: 'Tiramos dados reales y los introducimos' }).click();
    await expect.poll(() => title()).toBe('Antes del turno 1 — Colocación: ambos jugadores colocan sus fichas');
    const prompts = () => panel().getByTestId('rs-prompts').textContent();
    expect(await prompts()).toContain('Del 5º Ejército Acorazado sólo se colocan 7 infanterías 2-4');
    await expect.poll(() => panel().getByTestId('rs-offer').textContent()).toContain('La colocación no tiene tiradas');
    await expect.poll(() => panel().getByTestId('rs-ground-combat').count()).toBe(0);
    // The tanks on the map, by letter, in the step tracker (2.3).
    const tracker = panel().getByTestId('rs-tanks');
    await tracker.locator('summary').click();
    const addTank = async (side: string, id: string) => {
      await tracker.getByLabel('Bando del blanco').selectOption(side);
      await tracker.getByLabel('Letra del carro o nombre de la ficha').fill(id);
      return step(tracker.getByRole('button', { name: 'Añadir' }));
    };
    expect(await addTank('russian', 'A')).toBe('Carro A completo');
    expect(await addTank('axis', 'B')).toBe('Carro B completo');
    await tracker.locator('summary').click();
    await clean('colocación');
    await next('Colocación: fortificaciones alemanas');
    expect(await prompts()).toContain('Una fortificación queda fija toda la partida');
    await next('Colocación: preturno alemán (sólo movimiento)');
    expect(await prompts()).toContain('sólo movimiento, ningún combate');
    await expect.poll(() => panel().getByTestId('rs-offer').textContent()).toContain('La colocación no tiene tiradas');
    await clean('preturno');
    await next('Turno 1: Colocación de la aviación');
  });

  it('turn 1, air: German AA at a Russian bomber; a Russian fighter-bomber bombs a fortified unit, its score typed from the sheet', async () => {
    await next('Subturno 1: movimiento de la aviación rusa');
    const aa = panel().getByTestId('rs-aa');
    await aa.getByLabel('Antiaérea').fill('AA 8º CE');
    await aa.getByLabel('Avión (nombre)').fill('Pe-2');
    await aa.getByLabel('Tipo de avión').selectOption('bomber');
    expect(await step(aa.getByRole('button', { name: 'Disparar' }), '3')).toBe('Pe-2 derribado');
    await next('Subturno 1: combates y bombardeos de la aviación rusa');
    const bomb = panel().getByTestId('rs-air-bombard');
    const selects = bomb.locator('select');
    await selects.nth(0).selectOption('fighter-bomber');
    await selects.nth(1).selectOption('infantry');
    await bomb.getByLabel('Fortificación').check();
    await bomb.locator('input[name="aircraft"]').fill('Il-2');
    await bomb.locator('input[name="hex"]').fill('Kalatch');
    await bomb.getByLabel('Puntuación de tu plantilla (fortificada)').fill('3');
    expect(await step(bomb.getByRole('button', { name: 'Tirar' }), '3')).toBe('Acierto (3)');
    await clean('bombardeo aéreo');
  });

  it('turn 1, ground: a Russian combat with a tank asked for; a German tank loses and is affected', async () => {
    await jump('Resto de combates rusos');
    const combat = panel().getByTestId('rs-ground-combat');
    await addUnit('ground-attackers', 'tank', 'C');
    await addUnit('ground-defenders', 'infantry-2');
    // Tank C is not in the tracker: asked for, right there (never taken as full).
    await expect
      .poll(() => combat.getByTestId('rs-why-not').textContent())
      .toContain('El carro C no está en el registro de carros');
    await expect.poll(() => combat.getByRole('button', { name: 'Resolver el combate' }).isDisabled()).toBe(true);
    expect(await step(combat.getByRole('button', { name: 'Carro C: afectado 4-8' }))).toBe('Carro C afectado');
    // Affected, it attacks at 4: 4 × 4 = 16 against 2 × 3 = 6.
    await expect.poll(() => combat.textContent()).toContain('Ataque 4 contra defensa 2.');
    expect(await step(combat.getByRole('button', { name: 'Resolver el combate' }), '4, 3')).toBe(
      'Gana el atacante 16 a 6',
    );
    await jump('Resto de combates alemanes');
    const german = panel().getByTestId('rs-ground-combat');
    await addUnit('ground-attackers', 'tank', 'B');
    await addUnit('ground-defenders', 'cavalry');
    await expect.poll(() => german.getByTestId('rs-chances').textContent()).toContain('(de 36)');
    // 6 × 2 = 12 against 3 × 5 = 15: the attacking tank loses and is affected (8.1).
    expect(await step(german.getByRole('button', { name: 'Resolver el combate' }), '2, 5')).toBe(
      'Gana el atacado 15 a 12',
    );
    await expect.poll(() => renderedText(page)).toContain('El carro B queda afectado');
    await clean('combates');
  });

  it('the end of turn 1: the victory check counts aircraft; turn 2 starts at its aircraft, no set-up', async () => {
    await next('Fin del turno');
    await panel().getByLabel('Fichas rusas').fill('60');
    await panel().getByLabel('Fichas del Eje').fill('40');
    await panel().getByLabel('Aviones rusos').fill('8');
    await panel().getByLabel('Aviones del Eje').fill('9');
    expect(await step(panel().getByRole('button', { name: 'Comprobar' }))).toBe('Aún no hay victoria');
    await expect.poll(() => renderedText(page)).toContain('ruso 68 (60 de tierra + 8 de aviación)');
    await panel().getByRole('button', { name: 'Terminar el turno 1' }).click();
    await expect.poll(title).toBe('Turno 2: Colocación de la aviación');
    const options = await panel().getByTestId('rs-phase').locator('option').allTextContents();
    expect(options.some((o) => o.includes('Colocación:'))).toBe(false);
    await clean('turno 2');
    expect(errors).toEqual([]);
  });
});
