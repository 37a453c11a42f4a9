// EastFront's Production checks (issue #31): 11.41 replacements, 10.5 Fortress Supply, 11.51 early arrival
// and 11.6 arrival places. One case per sentence of the rule, each quoting its line in
// ../shared/seeds/004_e4aee9ca769bb184.txt. The month's reinforcements come from the scenario's list (S41:
// "JUL '41 40 PZR CPS ARMOR 4", line 2054; "AUG '41 42 CPS INFANTRY 4", line 2055).
import { describe, expect, it } from 'vitest';
import { DEFAULT_READINGS, ONCE, procedures } from '../../../src/games/eastfront/rules';
import { GameHarness, scenariosOf, tablesOf } from './harness';

const tables = tablesOf(import.meta.glob<unknown>('/tables/eastfront/ef-*.json', { eager: true, import: 'default' }));
const scenarios = scenariosOf(
  import.meta.glob<unknown>('/scenarios/eastfront/*.json', { eager: true, import: 'default' }),
);

/** S41 in July 1941 (its second month, the first with a Production, 11.1). */
function july1941() {
  const g = new GameHarness(
    { tables, procedures, once: ONCE, readings: DEFAULT_READINGS, scenario: scenarios.get('ef-s41')! },
    { game: 'eastfront', scenario: 'ef-s41', seed: 'ef' },
  );
  g.endTurn();
  return g;
}
const step = (unit: string, type: string, more: object = {}) => ({ unit, type, kind: 'step', ...more });
const axis = (buys: object[], more: object = {}) => ({ side: 'axis', level: 64, buys, ...more });

describe('11.41 replacements (lines 1423–1425)', () => {
  // "Durante la Producción, los jugadores pueden añadir un paso a cualesquiera unidades no implicadas del
  // mapa, siempre que tengan una Línea de Suministro (10.3) en ese momento."
  it('a step for a non-engaged unit with a Supply Line: 4 PP for Axis infantry (TABLA DE COSTE, line 1474)', () => {
    const o = july1941().run('ef.production', axis([step('9 CPS', 'infantry', { engaged: false, supplyLine: true })]));
    expect(o.result).toMatchObject({ spent: 4 });
  });
  it('"no implicadas": a unit engaged in a battle takes no replacement', () => {
    expect(july1941().refused('ef.production', axis([step('9 CPS', 'infantry', { engaged: true })]))).toBe(
      'ef.err.stepEngaged',
    );
  });
  it('"siempre que tengan una Línea de Suministro": a unit without one takes none', () => {
    expect(july1941().refused('ef.production', axis([step('9 CPS', 'infantry', { supplyLine: false })]))).toBe(
      'ef.err.stepNoSupplyLine',
    );
  });
  it('"No se pueden añadir reemplazos a nuevos cuadros o a refuerzos en el mismo mes en que aparezcan" (line 1425)', () => {
    // 40 PZR CPS arrives in July 1941 (line 2054): no step for it this Production.
    expect(july1941().refused('ef.production', axis([step('40 PZR CPS', 'armor')]))).toBe('ef.err.stepNew');
  });
});

describe('10.5 Fortress Supply and Production (line 1322)', () => {
  it('"Durante la producción, no se pueden añadir pasos a las unidades que dependen del Suministro de Fortaleza"', () => {
    expect(july1941().refused('ef.production', axis([step('11 A', 'infantry', { fortressSupply: true })]))).toBe(
      'ef.err.stepFortress',
    );
  });
});

describe('11.51 early arrival (line 1449)', () => {
  // "El mes de llegada de una unidad de refuerzo puede adelantarse un mes (por Producción) reduciéndola en
  // 1VC o si se paga el coste de producción de la formación de su cuadro."
  it('"reduciéndola en 1VC": 42 CPS (August) arrives in July at CV 3, free', () => {
    const o = july1941().run('ef.production', axis([{ unit: '42 CPS', kind: 'early', early: 'reduced' }]));
    expect(o.result).toMatchObject({ spent: 0 });
    expect(o.lines.find((l) => l.key === 'ef.prod.earlyReduced')).toEqual({
      key: 'ef.prod.earlyReduced',
      params: { unit: '42 CPS', from: 4, to: 3, line: 2055 },
      rule: '11.51',
    });
  });
  it('"o si se paga el coste … de su cuadro": at its full CV 4 for an Axis infantry cadre, 6 PP (line 1474)', () => {
    const o = july1941().run('ef.production', axis([{ unit: '42 cps', kind: 'early', early: 'paid' }]));
    expect(o.result).toMatchObject({ spent: 6 });
    expect(o.lines.find((l) => l.key === 'ef.prod.earlyPaid')).toMatchObject({
      params: { unit: '42 CPS', cv: 4, pp: 6, line: 2055 },
    });
  });
  it('"adelantarse un mes": only next month’s reinforcements (59 CPS is October’s, line 2057)', () => {
    const g = july1941();
    expect(g.refused('ef.production', axis([{ unit: '59 CPS', kind: 'early', early: 'reduced' }]))).toBe(
      'ef.err.notEarly',
    );
    // Nor the other side's.
    expect(
      g.refused('ef.production', {
        side: 'soviet',
        level: 30,
        buys: [{ unit: '42 CPS', kind: 'early', early: 'paid' }],
      }),
    ).toBe('ef.err.notEarly');
  });
});

describe('11.6 where new cadres and reinforcements arrive (lines 1457–1465)', () => {
  const arrive = (unit: string, at: string, size: string, more: object = {}) => ({ unit, at, size, ...more });
  it('"un máximo de una nueva unidad por Producción" in a minor city or a rail entry hex', () => {
    const g = july1941();
    const two = [arrive('40 PZR CPS', 'Brest', 'minor'), arrive('9 CPS', 'Brest', 'minor')];
    expect(g.refused('ef.production', axis([], { arrivals: two }))).toBe('ef.err.arrivalCap');
    const rail = [arrive('40 PZR CPS', 'Rail A', 'rail'), arrive('9 CPS', 'Rail A', 'rail')];
    expect(g.refused('ef.production', axis([], { arrivals: rail }))).toBe('ef.err.arrivalCap');
  });
  it('"o dos por cada Ciudad Mayor"', () => {
    const g = july1941();
    const two = [arrive('40 PZR CPS', 'Warsaw', 'major'), arrive('9 CPS', 'Warsaw', 'major')];
    const o = g.run('ef.production', axis([], { arrivals: two }));
    expect(o.lines.find((l) => l.key === 'ef.prod.arrivals')).toEqual({
      key: 'ef.prod.arrivals',
      params: { at: 'Warsaw', list: '40 PZR CPS, 9 CPS', n: 2, cap: 2 },
      rule: '11.6',
    });
    expect(g.refused('ef.production', axis([], { arrivals: [...two, arrive('11 CPS', 'warsaw', 'major')] }))).toBe(
      'ef.err.arrivalCap',
    );
  });
  it('"Los lugares de llegada deben de tener Suministro Ferroviario/Marítimo y no en batalla"', () => {
    const g = july1941();
    expect(
      g.refused('ef.production', axis([], { arrivals: [arrive('9 CPS', 'Brest', 'minor', { railSupply: false })] })),
    ).toBe('ef.err.arrivalSupply');
    expect(
      g.refused('ef.production', axis([], { arrivals: [arrive('9 CPS', 'Brest', 'minor', { inBattle: true })] })),
    ).toBe('ef.err.arrivalBattle');
  });
});
