// EastFront's scenario set-up against the cards (issue #31): 3.2.2 starting forces (seed 004 line 504:
// "si un escenario indica 'Blindadas, 12 unidades con VC 38', el jugador podrá elegir … un total de 12
// unidades blindadas y que éstas no sumen un Valor de Combate total mayor de 38") and 3.1.2 chaining
// (lines 482–486: "Se aplican los cambios pertinentes a los Puntos de Producción Básicos. Los cambios
// aparecen entre corchetes"). The cards' data checked where it allows: every "units / CV" cell has no
// fewer CV than units and at most 4 per unit; every [±n] is the step between two scenarios' Basic PP.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_READINGS,
  ONCE,
  SCENARIOS,
  chainedDelta,
  forcesCell,
  procedures,
} from '../../../src/games/eastfront/rules';
import { GameHarness, scenariosOf, tablesOf } from './harness';

const tables = tablesOf(import.meta.glob<unknown>('/tables/eastfront/ef-*.json', { eager: true, import: 'default' }));
const scenarios = scenariosOf(
  import.meta.glob<unknown>('/scenarios/eastfront/*.json', { eager: true, import: 'default' }),
);
const game = (scenario: string) =>
  new GameHarness(
    { tables, procedures, once: ONCE, readings: DEFAULT_READINGS, scenario: scenarios.get(scenario)! },
    { game: 'eastfront', scenario, seed: 'ef' },
  );
const card = (side: 'axis' | 'soviet') => tables.get(side === 'axis' ? 'ef-forces-axis' : 'ef-forces-soviet')!;
const cells = (side: 'axis' | 'soviet', scenario: string) => {
  const t = card(side);
  const col = t.columns.entries.findIndex((c) => c.key === scenario);
  return t.cells.map((row) => row[col] as string | null);
};

describe('the cards’ data (3.2.2, 3.1.2)', () => {
  it('every "units / CV" cell: no fewer CV than units, at most 4 CV a unit (an HQ’s VM at most IV)', () => {
    const slips: string[] = [];
    for (const side of ['axis', 'soviet'] as const)
      for (const scenario of SCENARIOS)
        card(side).rows.entries.forEach((row, k) => {
          const text = cells(side, scenario)[k];
          if (typeof text !== 'string' || !text.includes('/')) return;
          const cell = forcesCell(text);
          if (cell.kind === 'forces' && (cell.cv < cell.units || cell.cv > 4 * cell.units))
            slips.push(`${side} ${scenario} ${row.key}: ${text}`);
        });
    expect(slips).toEqual([]);
  });
  it('each [±n] is the change between the previous scenario’s Basic PP and this one’s (ef-basic-production)', () => {
    const basic = tables.get('ef-basic-production')!;
    const order = basic.columns.entries.map((c) => c.key);
    for (const side of ['axis', 'soviet'] as const) {
      const row = basic.cells[basic.rows.entries.findIndex((r) => r.key === side)]!;
      for (let k = 1; k < order.length; k++)
        expect(chainedDelta(cells(side, order[k]!)), `${side} ${order[k]}`).toBe(Number(row[k]) - Number(row[k - 1]));
    }
  });
  it('the cells as printed: footnote stars, "• / •" (none of that type), "--" (not printed)', () => {
    expect(forcesCell('12* / 42')).toEqual({ kind: 'forces', units: 12, cv: 42 });
    expect(forcesCell('• / •')).toEqual({ kind: 'none' });
    expect(forcesCell('1 / --')).toEqual({ kind: 'unprinted', text: '1 / --' });
  });
});

describe('ef.setup: starting forces against the card (3.2.2, line 504)', () => {
  // S43's Axis card: "Blindadas 12* / 42" (the example's 12 units with CV 38 is W43's, "12* / 38").
  it('"un total de 12 unidades blindadas y que éstas no sumen un Valor de Combate total mayor de 38" (W43)', () => {
    const g = game('ef-w43');
    const ok = g.run('ef.setup', { side: 'axis', forces: { armor: { units: 12, cv: 38 } } });
    expect(ok.headline).toEqual({ key: 'ef.setup.headOk' });
    expect(ok.lines.find((l) => l.key === 'ef.setup.rowOk')).toMatchObject({
      params: { type: 'ef.setup.row.armor', n: 12, cv: 38, want: 12, most: 38 },
      rule: '3.2.2',
    });
    // Fewer CV is allowed ("no sumen … mayor de 38"); more is not; the number of units is exact.
    expect(g.run('ef.setup', { side: 'axis', forces: { armor: { units: 12, cv: 36 } } }).headline).toEqual({
      key: 'ef.setup.headOk',
    });
    const over = g.run('ef.setup', { side: 'axis', forces: { armor: { units: 12, cv: 39 } } });
    expect(over.headline).toEqual({ key: 'ef.setup.headOff', params: { n: 1 } });
    expect(over.lines.map((l) => l.key)).toContain('ef.setup.rowCv');
    const eleven = g.run('ef.setup', { side: 'axis', forces: { armor: { units: 11, cv: 38 } } });
    expect(eleven.lines.map((l) => l.key)).toContain('ef.setup.rowUnits');
  });
  it('a slip in the count: fewer CV than units, or more than 4 a unit', () => {
    const g = game('ef-w43');
    const slip = g.run('ef.setup', { side: 'axis', forces: { armor: { units: 12, cv: 10 } } });
    expect(slip.lines.map((l) => l.key)).toContain('ef.setup.rowSlip');
  });
  it('rows not entered show the card; a row the card does not print as units and CV is said, not checked', () => {
    const o = game('ef-edelweiss').run('ef.setup', { side: 'soviet' });
    expect(o.lines.find((l) => l.params?.['type'] === 'ef.setup.row.armor')).toEqual({
      key: 'ef.setup.card',
      params: { type: 'ef.setup.row.armor', n: 1, cv: 3 },
      rule: '3.2.2',
    });
    // Edelweiss cavalry "1 / --" (the card's CV is not printed).
    expect(o.lines.find((l) => l.params?.['type'] === 'ef.setup.row.cavalry')).toMatchObject({
      key: 'ef.setup.unprinted',
    });
    // "Las unidades de Costa, de Asedio y de Montaña se consideran Fuerzas Iniciales de 'Infantería'."
    expect(o.lines.at(-1)).toEqual({ key: 'ef.setup.infantry', rule: '3.2.2' });
  });
});

describe('ef.setup chained (3.1.2, lines 482–486)', () => {
  it('"[+10] significa que se añadan 10 Puntos de Producción": S42 Axis [+10], Soviets [+6]', () => {
    const g = game('ef-s42');
    const axis = g.run('ef.setup', { side: 'axis', chained: true });
    expect(axis.result).toEqual({ chained: true, delta: 10 });
    expect(axis.lines.map((l) => l.key)).toEqual(['ef.setup.chainedForces', 'ef.setup.delta', 'ef.setup.chainedThen']);
    expect(axis.lines[1]).toMatchObject({ params: { delta: '+10' } });
    expect(g.run('ef.setup', { side: 'soviet', chained: true }).result).toEqual({ chained: true, delta: 6 });
  });
  it('S44 Axis [-10]; S41 is the first scenario and its card prints no change', () => {
    expect(game('ef-s44').run('ef.setup', { side: 'axis', chained: true }).lines[1]).toMatchObject({
      key: 'ef.setup.delta',
      params: { delta: '-10' },
    });
    expect(game('ef-s41').run('ef.setup', { side: 'axis', chained: true }).lines[1]).toEqual({
      key: 'ef.setup.noDelta',
      rule: '3.1.2',
    });
  });
});
