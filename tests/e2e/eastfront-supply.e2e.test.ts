/**
 * EastFront's Supply Phase and Order of Battle events (issue #31) end to end in the built app, in Spanish,
 * on a phone: Summer 1942, June (Dry). In the first player turn's Supply Phase — paratroop rally first,
 * then attrition (Chart:TURNO DE JUGADOR, seed 004 lines 3426–3429) — a Dispersed paratroop unit in a
 * battle hex with friendly ground units rallies (14.6, line 1680); four units repulsed into a swamp are
 * one over its limit of 3 (6.21, line 814), the owner picks which is out of supply (6.22, line 825); the
 * capture of Sevastopol, run from the other tools, brings the Italian 8th at 3 CV to the next Production
 * (16.4, line 1889). At July's Production the month's reinforcements are listed from the scenario's list
 * (11.5; S42's 6 GDS TANK, line 2201) and ticked as placed, and the Production tool checks where the new
 * units arrive (11.6, lines 1457–1465): one a minor city, two a major city, never a battle hex.
 */
import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  axeViolations,
  describeE2E,
  e2eEnv,
  logSteps,
  renderedText,
  setupOnce,
  shownText,
  startNewGame,
} from './helpers';

const env = await e2eEnv();
const panel = (page: Page) => page.locator('wc-eastfront-panel');
const text = shownText;

describeE2E(env, 'EastFront: the Supply Phase and an Order of Battle event, in Spanish, on a phone', () => {
  let page: Page;
  let errors: string[];
  setupOnce(async () => {
    ({ page, errors } = await startNewGame(env, 'eastfront', {
      scenario: 'Verano de 1942',
      spanish: true,
      ready: (p) => panel(p).getByTestId('ef-phase'),
    }));
  });
  const act = async (l: Locator) => {
    const n = await logSteps(page);
    await l.click();
    await expect.poll(() => logSteps(page)).toBeGreaterThan(n);
  };

  it('the paratroop rally (14.6): with friendly ground units in its battle hex, it rallies', async () => {
    const n = await logSteps(page);
    await panel(page).getByTestId('ef-phase').selectOption('7'); // Quincena 1 · turno 1 · Abastecimiento
    await expect.poll(() => logSteps(page)).toBeGreaterThan(n);
    const rally = panel(page).getByTestId('ef-tool-rally');
    await rally.getByTestId('ef-rally-unit').fill('5 Para');
    await rally.getByTestId('ef-rally-withGroundUnits').check();
    await act(rally.getByTestId('ef-rally-check'));
    await expect.poll(() => text(rally.getByTestId('ef-result-rally'))).toContain('5 Para se reúne');
    await expect
      .poll(() => text(rally.getByTestId('ef-result-rally')))
      .toContain('5 Para está en un hex de batalla con otras unidades de tierra amigas.');
    expect(await axeViolations(page, 'ef-tool-rally')).toEqual([]);
  });

  it('overstacking (6.21, 6.22): one unit over a swamp’s 3, the owner’s pick is out of supply', async () => {
    const tool = panel(page).getByTestId('ef-tool-overstack');
    await tool.getByTestId('ef-stack-terrain').selectOption('swamp');
    await tool.getByTestId('ef-stack-units').fill('A inf 2, B inf 2, C inf 2, D inf 1');
    await expect.poll(() => text(tool)).toContain('1 unidad sobra sobre el límite de 3: el dueño elige');
    await tool.getByTestId('ef-stack-chosen').nth(3).check();
    await act(tool.getByTestId('ef-stack-apply'));
    await expect
      .poll(() => text(tool.getByTestId('ef-result-overstack')))
      .toContain('D (1) está desabastecida: es eliminada en la próxima Fase de Suministro enemiga.');
    expect(await axeViolations(page, 'ef-tool-overstack')).toEqual([]);
  });

  it('Sevastopol captured (16.4): the next Production offers the Italian 8th at 3 CV; no raw key on screen', async () => {
    await panel(page).getByTestId('ef-other-tools').locator('summary').first().click();
    const events = panel(page).locator('wc-ef-events');
    await act(events.getByTestId('ef-event-run-sevastopol'));
    await expect
      .poll(() => text(events.getByTestId('ef-result-events')))
      .toContain('El 8º Ejército Italiano puede aparecer como refuerzo de 3 VC en la siguiente Producción.');
    // To July's Production: the last segment, then the end of the month.
    const n = await logSteps(page);
    await panel(page)
      .getByTestId('ef-phase')
      .selectOption({ index: (await panel(page).locator('[data-testid=ef-phase] option').count()) - 1 });
    await expect.poll(() => logSteps(page)).toBeGreaterThan(n);
    await panel(page).getByRole('button', { name: 'Fin del mes 1' }).click();
    await expect
      .poll(() => text(panel(page).getByTestId('ef-reinf-events-due')))
      .toContain('el 8º Ejército Italiano puede llegar ahora como refuerzo de 3 VC');
    const all = (await renderedText(page))!;
    expect(all).not.toMatch(/\bef\.[a-z]+\.[a-zA-Z]/);
    expect(errors).toEqual([]);
  });

  it('July’s reinforcements (11.5) listed and ticked as placed; their arrival places checked by the 11.6 caps', async () => {
    // S42's Soviet list (seed 004 line 2201): "6 GDS TANK" in July 1942.
    const reinf = panel(page).getByTestId('ef-tool-reinforcements');
    await expect.poll(() => text(reinf.getByTestId('ef-reinf-list'))).toContain('6 GDS TANK');
    await expect.poll(() => text(reinf.getByTestId('ef-reinf-list'))).toContain('línea 2201 del texto');
    const placed = reinf.getByTestId('ef-reinf-placed').first();
    await placed.check();
    await expect.poll(() => placed.isChecked()).toBe(true);
    // The Production tool: a new Soviet infantry cadre (11.42, 4 PP) and the reinforcement, each at a place.
    const prod = panel(page).getByTestId('ef-tool-production');
    await prod.getByLabel('Bando').selectOption('soviet');
    await prod.getByTestId('ef-prod-level').fill('20');
    await prod.getByTestId('ef-prod-buys').fill('10 Ej inf cuadro');
    const arrivals = prod.getByTestId('ef-prod-arrivals');
    const error = prod.getByTestId('ef-error-production');
    // 11.6 (line 1465): "En una Ciudad Menor ... un máximo de una nueva unidad por Producción".
    await arrivals.fill('6 GDS TANK @ Tula menor, 10 Ej @ Tula menor');
    await prod.getByTestId('ef-prod-run').click();
    await expect
      .poll(() => text(error))
      .toContain('Tula admite como máximo 1 unidad nueva por Producción: 6 GDS TANK, 10 Ej.');
    // 11.6 (line 1463): "Los lugares de llegada deben de tener Suministro Ferroviario/Marítimo y no en batalla."
    await arrivals.fill('6 GDS TANK @ Tula menor batalla, 10 Ej @ Moscú mayor');
    await prod.getByTestId('ef-prod-run').click();
    await expect
      .poll(() => text(error))
      .toContain('6 GDS TANK no puede llegar a Tula: no en un hex de batalla (11.6).');
    await arrivals.fill('6 GDS TANK @ Tula menor, 10 Ej @ Moscú mayor');
    await act(prod.getByTestId('ef-prod-run'));
    const result = prod.getByTestId('ef-result-production');
    await expect.poll(() => text(result)).toContain('Tula: 6 GDS TANK (1 llegada, como máximo 1).');
    await expect.poll(() => text(result)).toContain('Moscú: 10 Ej (1 llegada, como máximo 2).');
    await expect.poll(() => prod.getByTestId('ef-error-production').count()).toBe(0);
    // The tick stays after the step (the month's list is the players' to keep).
    await expect.poll(() => reinf.getByTestId('ef-reinf-placed').first().isChecked()).toBe(true);
    expect(await axeViolations(page, 'ef-tool-production')).toEqual([]);
    expect(await axeViolations(page, 'ef-tool-reinforcements')).toEqual([]);
    expect(errors).toEqual([]);
  });
});
