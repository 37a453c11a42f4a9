/**
 * EastFront's command (issue #31) end to end in the built app, in Spanish, on a phone: Winter 1941,
 * December (Snow, the Soviets play first, 4.4 and 12.21). The Soviet player activates a Blitz HQ (4.41,
 * 5.7: two steps), the ledger shows its radius and the steps it still spends; the combat phase lists the
 * battles 7.15 makes mandatory and asks for each to be confirmed as fought; the Blitz HQ spends its first
 * step after combat and stays active (5.7), its second after Blitz combat, where fortress combat is not
 * mandatory (7.15 EXCEPCION); the ledger survives a reload; then the Axis player turn, where Snow
 * disorganises the Axis HQs (5.8, 12.22) but not the Supreme HQ in Warsaw (5.8 EXCEPCION), whose Supreme
 * moves are counted in the Movement phase (5.61, 6.51).
 */
import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { axeViolations, describeE2E, e2eEnv, logSteps, reloadApp, setupOnce, shownText, startNewGame } from './helpers';

const env = await e2eEnv();
const panel = (page: Page) => page.locator('wc-eastfront-panel');
const text = shownText;

describeE2E(env, 'EastFront: HQ activations and mandatory combat, in Spanish, on a phone', () => {
  let page: Page;
  let errors: string[];
  setupOnce(async () => {
    ({ page, errors } = await startNewGame(env, 'eastfront', {
      scenario: 'Invierno de 1941',
      spanish: true,
      ready: (p) => panel(p).getByTestId('ef-phase'),
    }));
  });
  const act = async (l: Locator) => {
    const n = await logSteps(page);
    await l.click();
    await expect.poll(() => logSteps(page)).toBeGreaterThan(n);
  };
  const phaseTo = async (index: number) => {
    const n = await logSteps(page);
    await panel(page).getByTestId('ef-phase').selectOption(String(index));
    await expect.poll(() => logSteps(page)).toBeGreaterThan(n);
  };
  const hq = () => panel(page).getByTestId('ef-tool-hq');
  const row = (id: string) => hq().locator(`[data-testid="ef-hq-row"][data-hq="${id}"]`);

  it('Command (4.41, 5.7): a Blitz HQ at VM 2 — radius 2, two steps to spend; the VM is asked for at its field', async () => {
    await phaseTo(2); // Quincena 1 · turno 1 (soviético, Nieve) · Mando
    await hq().getByTestId('ef-hq-id').fill('Oeste');
    const n = await logSteps(page);
    await hq().getByTestId('ef-hq-activate').click();
    await expect.poll(() => hq().getByTestId('ef-hq-vm').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => logSteps(page)).toBe(n);
    await hq().getByTestId('ef-hq-vm').fill('2');
    await hq().getByTestId('ef-hq-blitz').check();
    await act(hq().getByTestId('ef-hq-activate'));
    await expect.poll(() => text(hq().getByTestId('ef-result-hq'))).toContain('Oeste activado como HQ Blitz con VM 2');
    const r = await text(row('Oeste'));
    expect(r).toContain('Oeste: VM 2');
    expect(r).toContain('2 pasos por gastar');
    expect(r).toContain('Radio de Mando de 2 hexes');
    // Snow disorganises the Axis HQs only (5.8): a Soviet HQ works at its VM.
    expect(r).not.toContain('Desorganizado');
    expect(await axeViolations(page, 'ef-tool-hq')).toEqual([]);
  });

  it('Combat (7.15): the new battle and the one with an air attack are mandatory, each confirmed as fought', async () => {
    await phaseTo(4); // Quincena 1 · turno 1 · Combate
    const must = panel(page).getByTestId('ef-tool-mandatory');
    await expect.poll(() => text(must)).toContain('Ninguna batalla es obligatoria por ahora.');
    await must.getByTestId('ef-must-new').fill('Kalinin');
    await must.getByTestId('ef-must-air').fill('Kalinin, Tula');
    await expect
      .poll(() => text(must.getByTestId('ef-must-status')))
      .toBe('Quedan 2 batallas obligatorias por librar.');
    const list = await text(must.getByTestId('ef-must-list'));
    expect(list).toContain('Nueva batalla: debe librarse al menos una ronda.');
    expect(list).toContain('Con Ataque Aéreo asignado: el combate es obligatorio.');
    await must.getByTestId('ef-must-fought').nth(0).check();
    await expect.poll(() => text(must.getByTestId('ef-must-status'))).toBe('Queda 1 batalla obligatoria por librar.');
    await must.getByTestId('ef-must-fought').nth(1).check();
    await expect.poll(() => text(must.getByTestId('ef-must-status'))).toBe('Todas las batallas obligatorias libradas.');
    // After combat the Blitz HQ spends its first step and stays active (4.43, 5.7).
    await act(row('Oeste').getByTestId('ef-hq-deactivate'));
    await expect
      .poll(() => text(hq().getByTestId('ef-result-hq')))
      .toContain('Oeste con VM 1, sigue activo para el Blitz');
    const r = await text(row('Oeste'));
    expect(r).toContain('activo para el Blitz');
    expect(r).toContain('1 paso por gastar');
    expect(r).toContain('Radio de Mando de 1 hex.');
    expect(errors).toEqual([]);
  });

  it('Blitz combat: fortress combat is not mandatory (7.15 EXCEPCION); the second step; the ledger after a reload', async () => {
    await phaseTo(6); // Quincena 1 · turno 1 · Combate Blitz
    const must = panel(page).getByTestId('ef-tool-mandatory');
    await must.getByTestId('ef-must-leningrad').check();
    await expect
      .poll(() => text(must))
      .toContain('El combate con Fortalezas no es obligatorio en la Fase de Combate Blitz.');
    await expect.poll(() => text(must)).toContain('Ninguna batalla es obligatoria por ahora.');
    await act(row('Oeste').getByTestId('ef-hq-deactivate'));
    await expect.poll(() => text(hq().getByTestId('ef-result-hq'))).toContain('Oeste desactivado con VM 0');
    await reloadApp(page, panel(page).getByTestId('ef-phase'));
    await expect.poll(() => text(row('Oeste'))).toContain('Oeste: VM 0');
    await expect.poll(() => text(row('Oeste'))).toContain('desactivado');
    await expect.poll(() => row('Oeste').getByTestId('ef-hq-deactivate').count()).toBe(0);
  });

  it('the Axis player turn in Snow: its HQ disorganised (5.8, 12.22), the OKH in Warsaw exempt', async () => {
    await phaseTo(8); // Quincena 1 · turno 2 (Eje) · Mando
    await expect.poll(() => text(hq())).toContain('Ningún HQ activado en este Turno de Jugador.');
    await hq().getByTestId('ef-hq-id').fill('AG Centro');
    await hq().getByTestId('ef-hq-vm').fill('3');
    await act(hq().getByTestId('ef-hq-activate'));
    const res = hq().getByTestId('ef-result-hq');
    await expect.poll(() => text(res)).toContain('Nieve: los HQ alemanes (sólo ellos) están Desorganizados.');
    await expect.poll(() => text(res)).toContain('Desorganizado: funciona con VM 2 en lugar de 3.');
    await expect.poll(() => text(row('AG Centro'))).toContain('Radio de Mando de 2 hexes');
    await hq().getByTestId('ef-hq-id').fill('OKH');
    await hq().getByTestId('ef-hq-vm').fill('3');
    await hq().getByTestId('ef-hq-supreme').check();
    await hq().getByTestId('ef-hq-at').selectOption('warsaw');
    await act(hq().getByTestId('ef-hq-activate'));
    await expect
      .poll(() => text(res))
      .toContain('El HQ Supremo en Varsovia está exento de la desorganización por el clima.');
    await expect.poll(() => text(row('OKH'))).toContain('6 Movimientos Supremos');
    // Movement: the Supreme moves counted (5.61, 6.51), two made of six.
    await phaseTo(9); // Quincena 1 · turno 2 (Eje) · Movimiento
    await act(row('OKH').getByTestId('ef-hq-move'));
    await act(row('OKH').getByTestId('ef-hq-move'));
    await expect.poll(() => text(row('OKH').getByTestId('ef-hq-moves'))).toBe('2 de 6 Movimientos Supremos hechos');
    await expect.poll(() => text(hq().getByTestId('ef-result-hq'))).toContain('OKH: Movimiento Supremo 2 de 6');
    await expect
      .poll(() => text(hq().getByTestId('ef-result-hq')))
      .toContain('Quedan 4 Movimientos Supremos en este Turno de Jugador.');
    expect(await axeViolations(page, 'ef-tool-hq')).toEqual([]);
    expect(errors).toEqual([]);
  });
});
