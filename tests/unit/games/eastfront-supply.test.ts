// EastFront's supply rules as procedures (issue #31): Fortress Supply for the Original Defender's largest
// unit (10.5), the units a repulse leaves overstacked (6.21, 6.22) and the paratroop rally (14.6). One case
// per sentence of the rule, each quoting its line in ../shared/seeds/004_e4aee9ca769bb184.txt. None of
// them rolls a die: the players type what the map shows, the rules say what follows.
import { describe, expect, it } from 'vitest';
import type { ProcedureOutcome } from '../../../src/engine';
import { DEFAULT_READINGS, ONCE, PHASES, procedures } from '../../../src/games/eastfront/rules';
import { GameHarness, scenariosOf, tablesOf } from './harness';

const tables = tablesOf(import.meta.glob<unknown>('/tables/eastfront/ef-*.json', { eager: true, import: 'default' }));
const scenarios = scenariosOf(
  import.meta.glob<unknown>('/scenarios/eastfront/*.json', { eager: true, import: 'default' }),
);

class Game extends GameHarness {
  constructor(scenario = 'ef-s42') {
    super(
      { tables, procedures, once: ONCE, readings: DEFAULT_READINGS, scenario: scenarios.get(scenario)! },
      { game: 'eastfront', scenario, seed: 'ef' },
    );
  }
  at(id: string) {
    this.run('ef.phase', { index: PHASES.findIndex((p) => p.id === id) });
    return this;
  }
}

const blk = (id: string, side: 'axis' | 'soviet', type: string, cv: number) => ({ id, side, type, cv });
const keys = (o: ProcedureOutcome) => o.lines.map((l) => l.key);

describe('Fortress Supply (10.5, line 1320)', () => {
  // "Los Hexes de Fortaleza proporcionan Suministro de Fortaleza a la unidad defensora más grande (sólo del
  // Defensor Original) que está exenta de sufrir Desgaste por Desabastecimiento."
  const sevastopol = [
    blk('51A', 'soviet', 'infantry', 3),
    blk('9A', 'soviet', 'infantry', 2),
    blk('44A', 'soviet', 'infantry', 4),
  ];

  it('the largest Original Defender unit is exempt, found by the rules when it is the only largest', () => {
    const o = new Game().run('ef.attrition', { units: sevastopol, fortress: ['51A', '9A', '44A'] });
    expect(o.result).toEqual([
      { id: '51A', cv: 2, eliminated: false },
      { id: '9A', cv: 1, eliminated: false },
      { id: '44A', cv: 4, eliminated: false },
    ]);
    expect(o.lines.find((l) => l.key === 'ef.oos.exempt')).toMatchObject({ params: { unit: '44A' }, rule: '10.5' });
  });
  it('"El dueño puede elegir cual de las unidades con igual fuerza (VC) recibirá Suministro de Fortaleza": a tie asks the owner', () => {
    const tied = [blk('51A', 'soviet', 'infantry', 3), blk('9A', 'soviet', 'infantry', 3)];
    const g = new Game();
    expect(g.refused('ef.attrition', { units: tied, fortress: ['51A', '9A'] })).toBe('ef.err.fortressTie');
    const o = g.run('ef.attrition', { units: tied, fortress: ['51A', '9A'], fortressExempt: '9A' });
    expect(o.result).toEqual([
      { id: '51A', cv: 2, eliminated: false },
      { id: '9A', cv: 3, eliminated: false },
    ]);
  });
  it('only the largest: a smaller unit named as exempt is refused, naming the largest', () => {
    const g = new Game();
    expect(
      g.refused('ef.attrition', { units: sevastopol, fortress: ['51A', '9A', '44A'], fortressExempt: '51A' }),
    ).toBe('ef.err.notLargest');
  });
  it('"pero todas las demás unidades sufren el normal desgaste": a unit outside the fortress is not a candidate, and loses its step', () => {
    // A larger unit out of supply elsewhere does not take the fortress's supply.
    const o = new Game().run('ef.attrition', {
      units: [blk('51A', 'soviet', 'infantry', 3), blk('2 Gds', 'soviet', 'armor', 4)],
      fortress: ['51A'],
    });
    expect(o.result).toEqual([
      { id: '51A', cv: 3, eliminated: false },
      { id: '2 Gds', cv: 3, eliminated: false },
    ]);
  });
  it('a fortress list naming none of the units out of supply is refused', () => {
    expect(new Game().refused('ef.attrition', { units: sevastopol, fortress: ['X'] })).toBe('ef.err.fortressNone');
  });
});

describe('overstacking after a repulse (6.21 lines 811–815, 6.22 line 825)', () => {
  const five = ['A', 'B', 'C', 'D', 'E'].map((id) => blk(id, 'axis', 'infantry', 2));

  it('6.21: clear, forest and hill hold 4 units, swamp 3, mountain 2', () => {
    const g = new Game();
    for (const [terrain, limit] of [
      ['clear', 4],
      ['forest', 4],
      ['hill', 4],
      ['swamp', 3],
      ['mountain', 2],
    ] as const) {
      const units = five.slice(0, limit);
      const o = g.run('ef.overstack', { terrain, units });
      expect(o.lines[0], terrain).toMatchObject({ key: 'ef.stack.limit', params: { limit }, rule: '6.21' });
      expect(o.result, terrain).toEqual({ excess: 0, outOfSupply: [] });
      expect(g.refused('ef.overstack', { terrain, units: five.slice(0, limit + 1) }), terrain).toBe(
        'ef.err.stackChoose',
      );
    }
  });
  it('6.22: "las unidades sobrantes se consideran Desabastecidas (su propietario elige cuales…)": each chosen one loses a CV in the next enemy Supply Phase', () => {
    // Five units repulsed into a swamp (limit 3): two are over, the owner picks B and E.
    const units = [...five.slice(0, 4), blk('E', 'axis', 'infantry', 1)];
    const o = new Game().run('ef.overstack', { terrain: 'swamp', units, chosen: ['B', 'E'] });
    expect(o.headline).toEqual({ key: 'ef.stack.head', params: { n: 2 } });
    expect(o.result).toEqual({ excess: 2, outOfSupply: ['B', 'E'] });
    expect(o.lines.slice(1)).toEqual([
      { key: 'ef.stack.over', params: { n: 2, count: 5 }, rule: '6.22' },
      { key: 'ef.stack.willLose', params: { unit: 'B', from: 2, to: 1 }, rule: '6.22, 10.4' },
      // 10.4 (line 1316): "Las unidades con 1VC … son eliminadas."
      { key: 'ef.stack.willEliminate', params: { unit: 'E', cv: 1 }, rule: '6.22, 10.4' },
    ]);
  });
  it('the owner chooses exactly the units over the limit, among those in the hex', () => {
    const g = new Game();
    expect(g.refused('ef.overstack', { terrain: 'mountain', units: five.slice(0, 3), chosen: [] })).toBe(
      'ef.err.stackChoose',
    );
    expect(g.refused('ef.overstack', { terrain: 'mountain', units: five.slice(0, 3), chosen: ['A', 'B'] })).toBe(
      'ef.err.stackChoose',
    );
    expect(g.refused('ef.overstack', { terrain: 'mountain', units: five.slice(0, 3), chosen: ['Z'] })).toBe(
      'ef.err.stackChoose',
    );
    expect(g.run('ef.overstack', { terrain: 'mountain', units: five.slice(0, 3), chosen: ['C'] }).result).toEqual({
      excess: 1,
      outOfSupply: ['C'],
    });
  });
  it('6.21 gives no limit for a major city or a fortress: the players type the printed one, never guessed', () => {
    const g = new Game();
    expect(g.refused('ef.overstack', { terrain: 'fortress', units: five })).toBe('ef.err.stackLimit');
    expect(g.refused('ef.overstack', { terrain: 'major-city', units: five })).toBe('ef.err.stackLimit');
    const o = g.run('ef.overstack', { terrain: 'fortress', limit: 4, units: five, chosen: ['A'] });
    expect(o.lines[0]).toMatchObject({ key: 'ef.stack.limitTyped', params: { limit: 4 } });
    expect(o.result).toEqual({ excess: 1, outOfSupply: ['A'] });
  });
});

describe('the paratroop rally (14.6, lines 1674–1684)', () => {
  const supply = () => new Game().at('f1.p1.supply');

  it.each([
    // line 1678: "Estar localizados en un hex amigo."
    ['friendlyHex', 'ef.rally.friendlyHex'],
    // line 1679: "Adyacentes a un hex amigo no-implicado a través de terreno transitable."
    ['adjacentFriendly', 'ef.rally.adjacentFriendly'],
    // line 1680: "Localizados en un hex enemigo (batalla) con otras unidades 'de tierra' amigas".
    ['withGroundUnits', 'ef.rally.withGroundUnits'],
  ])('one condition is enough: %s', (condition, key) => {
    const o = supply().run('ef.rally', { unit: '5 Para', [condition]: true });
    expect(o.headline).toEqual({ key: 'ef.rally.head', params: { unit: '5 Para' } });
    expect(keys(o)).toEqual([key, 'ef.rally.recovers']);
    expect(o.result).toEqual({ unit: '5 Para', rallied: true, met: [condition] });
  });
  it('line 1682: "En caso contrario, la unidad paracaidista será eliminada"; supply does not help (line 1684)', () => {
    const o = supply().run('ef.rally', { unit: '5 Para' });
    expect(o.headline).toEqual({ key: 'ef.rally.headLost', params: { unit: '5 Para' } });
    expect(keys(o)).toEqual(['ef.rally.none', 'ef.rally.supplyNoHelp']);
    expect(o.result).toEqual({ unit: '5 Para', rallied: false, met: [] });
  });
  it('line 1674: checked at the start of the friendly Supply Phase, not elsewhere', () => {
    const g = new Game().at('f1.p1.combat');
    expect(g.refused('ef.rally', { unit: '5 Para', friendlyHex: true })).toBe('ef.err.rallyPhase');
    expect(supply().refused('ef.rally', { friendlyHex: true })).toBe('ef.err.rallyUnit');
  });
});
