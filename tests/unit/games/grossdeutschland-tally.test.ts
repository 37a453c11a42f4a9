// Grossdeutschland's supply record (5.1, 5.2) and VP count (18.3–21.3), driven through the real session log.
import { describe, expect, it } from 'vitest';
import { deriveState, type ProcedureOutcome, type ScenarioData } from '../../../src/engine';
import { supplyRecord, tallyProcedures, vpOf } from '../../../src/games/grossdeutschland/tally';
import { grossdeutschlandTally as messages } from '../../../src/games/grossdeutschland/messages-tally';
import { GdSession, gdTestScenario } from './gd-harness';

/** A small scenario in the shape of Kursk (18.3): German scores, 9 VP wins. */
const kursk = gdTestScenario({
  name: { en: 'Test', es: 'Prueba' },
  victory: {
    rule: '18.3',
    side: 'german',
    threshold: 9,
    locations: [
      { name: { en: 'Kalinovka', es: 'Kalinovka' }, vp: 3 },
      { name: { en: 'Novenkoye', es: 'Novenkoye' }, vp: 3, hex: '4451' },
      { name: { en: 'Hill 243', es: 'Colina 243' }, vp: 2, hex: '2448', note: { en: 'Hill', es: 'Colina' } },
      { name: { en: 'Beresowka', es: 'Beresowka' }, vp: 2, hex: '3437' },
    ],
    notes: [
      {
        en: '+1 VP per German non-Rcn unit exiting via F or G.',
        es: '+1 PV por unidad alemana no Rcn que salga por F o G.',
      },
    ],
  },
});

const seen = new Set<string>();
const isKey = (v: unknown): v is string => typeof v === 'string' && /^gdt\./.test(v);

class Game extends GdSession {
  constructor(scenario: ScenarioData | null = kursk) {
    super(
      { tables: new Map(), procedures: tallyProcedures, readings: {}, ...(scenario ? { scenario } : {}) },
      seen,
      isKey,
    );
  }
  check(unit: string, traced: boolean, extra: object = {}) {
    return this.run('gd.supply', { unit, side: 'german', traced, ...extra });
  }
  /** `unit` traces no supply path in each of the next `turns` Supply phases (each turn then ends). */
  unsuppliedFor(unit: string, turns: number) {
    for (let k = 0; k < turns; k++) {
      this.check(unit, false);
      this.endTurn();
    }
  }
  unit(name: string) {
    return supplyRecord(this.state.game).find((u) => u.unit === name);
  }
}

const keys = (o: ProcedureOutcome) => o.lines.map((l) => l.key);
const refusal = (key: string) =>
  expect.objectContaining({ code: 'procedure', params: expect.objectContaining({ key }) });

describe('Grossdeutschland supply record (5.1, 5.2)', () => {
  it('Low → Out → a step loss on the 3rd consecutive failure, and again on the 4th; still Out', () => {
    const g = new Game();
    let o = g.check('5K 2Gr', false);
    expect(o.headline.key).toBe('gdt.supply.head.low');
    expect(o.result).toMatchObject({ failures: 1, status: 'low', stepLoss: false, turn: 1 });
    expect(keys(o)).toEqual(['gdt.supply.failed', 'gdt.supply.low', 'gdt.supply.autoReminder']);
    expect(o.lines.every((l) => l.rule?.startsWith('5.'))).toBe(true);
    g.endTurn();
    o = g.check('5K 2Gr', false);
    expect(o.headline.key).toBe('gdt.supply.head.out');
    expect(keys(o)).toEqual(
      expect.arrayContaining([
        'gdt.supply.out',
        'gdt.supply.outNoDirect',
        'gdt.supply.outArtillery',
        'gdt.supply.outMove',
      ]),
    );
    expect(keys(o)).not.toContain('gdt.supply.stepLoss');
    g.endTurn();
    o = g.check('5K 2Gr', false);
    expect(o.headline.key).toBe('gdt.supply.head.stepLoss');
    expect(o.result).toMatchObject({ failures: 3, status: 'out', stepLoss: true });
    expect(keys(o)).toEqual(
      expect.arrayContaining(['gdt.supply.out', 'gdt.supply.stepLoss', 'gdt.supply.stepLossRemove']),
    );
    g.endTurn();
    expect(g.check('5K 2Gr', false).result).toMatchObject({ failures: 4, status: 'out', stepLoss: true });
    expect(g.unit('5K 2Gr')).toEqual({
      unit: '5K 2Gr',
      side: 'german',
      failures: 4,
      status: 'out',
      lastTurn: 4,
      losses: 2,
    });
  });

  it('a traced path resets the count ("back in supply"); artillery may flip back after Out', () => {
    const g = new Game();
    g.unsuppliedFor('5K 2Gr', 2);
    const o = g.check('5K 2Gr', true);
    expect(o.headline.key).toBe('gdt.supply.head.restored');
    expect(keys(o)).toEqual(['gdt.supply.traced', 'gdt.supply.restored', 'gdt.supply.artilleryReady']);
    expect(o.lines[1]!.params).toMatchObject({ was: 'gdt.was.out' });
    expect(g.unit('5K 2Gr')).toMatchObject({ failures: 0, status: 'supplied', lastTurn: 3 });
    g.endTurn();
    expect(g.check('5K 2Gr', false).result).toMatchObject({ failures: 1, status: 'low' });
    g.endTurn();
    expect(g.check('5K 2Gr', true).headline.key).toBe('gdt.supply.head.restored');
    g.endTurn();
    expect(g.check('5K 2Gr', true).headline.key).toBe('gdt.supply.head.supplied');
  });

  it('an auto-supplied stack counts as supplied this turn, with the one-stack-per-battalion reminder', () => {
    const g = new Game();
    g.unsuppliedFor('HQ 2Gr', 1);
    const o = g.check('HQ 2Gr', false, { autoSupplied: true });
    expect(o.result).toMatchObject({ status: 'supplied', failures: 0, autoSupplied: true });
    expect(keys(o)).toEqual(['gdt.supply.auto', 'gdt.supply.autoReminder', 'gdt.supply.restored']);
    expect(o.lines.find((l) => l.key === 'gdt.supply.autoReminder')!.rule).toBe('5.1');
  });

  // Issue #11: 5.1 [000: 222 «sólo un apilamiento… de cada batallón puede estar nominado para recibir suministro automático»].
  it('one auto-supplied stack per battalion a turn, when the players name its battalion and hex', () => {
    const g = new Game();
    const stack = { autoSupplied: true, battalion: '2Gr', hex: '2130' };
    const o = g.check('5K 2Gr', false, stack);
    expect(keys(o)).toContain('gdt.supply.autoStack');
    // Another unit of the same stack is fine; a stack in another hex is not; another battalion is.
    g.check('6K 2Gr', false, stack);
    expect(() => g.check('7K 2Gr', false, { ...stack, hex: '2231' })).toThrow(refusal('gdt.err.autoTwice'));
    expect(() => g.check('7K 2Gr', false, { autoSupplied: true, battalion: '2Gr' })).toThrow(
      refusal('gdt.err.autoHex'),
    );
    g.check('1K 1Pz', false, { autoSupplied: true, battalion: '1Pz', hex: '2231' });
    // The next Supply phase may name a different stack (5.1).
    g.endTurn();
    g.check('7K 2Gr', false, { ...stack, hex: '2231' });
  });

  it('refuses a second check of a unit in the same turn (names compared without case or extra spaces)', () => {
    const g = new Game();
    g.check('5K 2Gr', false);
    expect(() => g.check(' 5k  2gr ', true)).toThrow(refusal('gdt.err.checkedThisTurn'));
    expect(g.unit('5K 2Gr')).toMatchObject({ failures: 1, lastTurn: 1 });
    // The same name on the other side is another counter.
    expect(g.run('gd.supply', { unit: '5K 2Gr', side: 'soviet', traced: false }).result).toMatchObject({
      side: 'soviet',
      failures: 1,
    });
    expect(supplyRecord(g.state.game).map((u) => u.side)).toEqual(['german', 'soviet']);
  });

  it('a unit not checked in the previous turn starts counting again', () => {
    const g = new Game();
    g.unsuppliedFor('7K 1Pz', 2);
    g.endTurn();
    const o = g.check('7K 1Pz', false);
    expect(keys(o)[0]).toBe('gdt.supply.gap');
    expect(o.result).toMatchObject({ failures: 1, status: 'low' });
  });

  it('removes a unit (eliminated); refuses unknown units, ambiguous names and bad input', () => {
    const g = new Game();
    g.check('5K 2Gr', false);
    g.check('1Gr', false);
    const o = g.run('gd.supply.remove', { unit: '5k 2gr' });
    expect(o.headline).toEqual({ key: 'gdt.remove.head', params: { unit: '5K 2Gr' } });
    expect(supplyRecord(g.state.game).map((u) => u.unit)).toEqual(['1Gr']);
    expect(() => g.run('gd.supply.remove', { unit: '5K 2Gr' })).toThrow(refusal('gdt.err.unknownUnit'));
    g.run('gd.supply', { unit: '1Gr', side: 'soviet', traced: false });
    expect(() => g.run('gd.supply.remove', { unit: '1Gr' })).toThrow(refusal('gdt.err.whichSide'));
    g.run('gd.supply.remove', { unit: '1Gr', side: 'soviet' });
    expect(supplyRecord(g.state.game)).toEqual([expect.objectContaining({ unit: '1Gr', side: 'german' })]);
    // Removed, it may be entered again the same turn (a fresh record).
    expect(g.check('5K 2Gr', false).result).toMatchObject({ failures: 1 });
    expect(() => g.run('gd.supply', { unit: '', side: 'german', traced: true })).toThrow(refusal('gdt.err.unit'));
    expect(() => g.run('gd.supply', { unit: 'x', side: 'finnish', traced: true })).toThrow(refusal('gdt.err.side'));
    expect(() => g.run('gd.supply', { unit: 'x', side: 'german' })).toThrow(refusal('gdt.err.traced'));
    expect(() => g.run('gd.supply', { unit: 'x', side: 'german', traced: false, autoSupplied: 'yes' })).toThrow(
      refusal('gdt.err.auto'),
    );
  });
});

describe('Grossdeutschland victory points', () => {
  it('totals the locations held and the other VP, and says who wins if the game ended now', () => {
    const g = new Game();
    let o = g.run('gd.vp', { held: ['0', '1', 'Hill 243'], extra: 0 });
    expect(o.result).toMatchObject({
      held: [0, 1, 2],
      locations: 8,
      extra: 0,
      total: 8,
      threshold: 9,
      side: 'german',
      winner: 'soviet',
    });
    expect(o.headline.key).toBe('gdt.vp.head.short');
    expect(keys(o)).toEqual([
      'gdt.vp.locationAny',
      'gdt.vp.location',
      'gdt.vp.location',
      'gdt.vp.locationNote',
      'gdt.vp.total',
      'gdt.vp.short',
      'gdt.vp.note',
    ]);
    expect(o.lines[1]).toEqual({
      key: 'gdt.vp.location',
      params: { name: { en: 'Novenkoye', es: 'Novenkoye' }, vp: 3, hex: '4451' },
      rule: '18.3',
    });
    o = g.run('gd.vp', { held: [0, 1, 2], extra: 1 });
    expect(o.result).toMatchObject({ total: 9, winner: 'german' });
    expect(o.headline).toEqual({ key: 'gdt.vp.head.wins', params: { side: 'gdt.side.german', total: 9 } });
    expect(vpOf(g.state.game)).toMatchObject({ total: 9, winner: 'german', turn: 1 });
    o = g.run('gd.vp', { held: ['3437', 'colina 243'], extra: -1 });
    expect(o.result).toMatchObject({ held: [2, 3], total: 3, winner: 'soviet' });
    expect(keys(g.run('gd.vp', { held: [] }))).toEqual([
      'gdt.vp.noneHeld',
      'gdt.vp.total',
      'gdt.vp.short',
      'gdt.vp.note',
    ]);
  });

  it('a draw value (20.3: 5 VP) and a scenario with no threshold', () => {
    const draw = new Game({ ...kursk, victory: { ...kursk.victory!, threshold: 6, draw: 5 } as never });
    expect(draw.run('gd.vp', { held: [0, 3] }).result).toMatchObject({ total: 5, winner: 'draw' });
    expect(draw.run('gd.vp', { held: [0] }).result).toMatchObject({ total: 3, winner: 'soviet' });
    // 20.3 lists the hexes in the location's note (A23): the line does not claim "any of its hexes".
    const bridge = {
      name: { en: 'Main bridge', es: 'Puente principal' },
      vp: 3,
      note: { en: '3 VP for 4047, 4147 or 4248', es: '3 VP por 4047, 4147 ó 4248' },
    };
    const m = new Game({ ...kursk, victory: { rule: '20.3', side: 'german', threshold: 6, locations: [bridge] } }).run(
      'gd.vp',
      { held: ['Puente principal'], extra: 2 },
    );
    expect(keys(m).slice(0, 2)).toEqual(['gdt.vp.locationPlain', 'gdt.vp.locationNote']);
    expect(m.result).toMatchObject({ total: 5, winner: 'soviet' });
    const { threshold: _t, ...words } = kursk.victory!;
    const o = new Game({ ...kursk, victory: words }).run('gd.vp', { held: [1] });
    expect(o.result).toMatchObject({ total: 3, threshold: null, winner: null });
    expect(keys(o)).toContain('gdt.vp.noThreshold');
    expect(o.headline.key).toBe('gdt.vp.head.total');
  });

  it('refuses without victory data, unknown or repeated locations, and bad other VP', () => {
    expect(() => new Game(null).run('gd.vp', { held: [] })).toThrow(refusal('gdt.err.noVictory'));
    const { victory: _v, ...bare } = kursk;
    expect(() => new Game(bare).run('gd.vp', { held: [] })).toThrow(refusal('gdt.err.noVictory'));
    const g = new Game();
    expect(() => g.run('gd.vp', { held: ['Moscow'] })).toThrow(refusal('gdt.err.location'));
    expect(() => g.run('gd.vp', { held: [4] })).toThrow(refusal('gdt.err.location'));
    expect(() => g.run('gd.vp', { held: [1, '4451'] })).toThrow(refusal('gdt.err.duplicate'));
    expect(() => g.run('gd.vp', { held: 'Kalinovka' })).toThrow(refusal('gdt.err.held'));
    expect(() => g.run('gd.vp', { held: [], extra: 1.5 })).toThrow(refusal('gdt.err.extra'));
    expect(() => g.run('gd.vp', { held: [], extra: 100 })).toThrow(refusal('gdt.err.extra'));
    // Akhtyrka (19.3): eight city-centre hexes of one name — named by hex, never by the shared name.
    const hexes = ['3502', '3602', '3603'];
    const akhtyrka = new Game({
      ...kursk,
      victory: {
        rule: '19.3',
        side: 'soviet',
        threshold: 4,
        locations: hexes.map((hex) => ({
          name: { en: 'Akhtyrka city centre', es: 'Centro urbano de Akhtyrka' },
          vp: 1,
          hex,
        })),
      },
    });
    expect(() => akhtyrka.run('gd.vp', { held: ['Akhtyrka city centre'] })).toThrow(refusal('gdt.err.ambiguous'));
    expect(akhtyrka.run('gd.vp', { held: ['3603', 0], extra: -1 }).result).toMatchObject({
      held: [0, 2],
      total: 1,
      side: 'soviet',
      winner: 'german',
    });
  });
});

describe('Grossdeutschland tallies: replay and messages', () => {
  it('replaying the log gives the same state', () => {
    const g = new Game();
    g.check('5K 2Gr', false);
    g.check('HQ 1Art', false, { autoSupplied: true });
    g.endTurn();
    g.check('5K 2Gr', false);
    g.run('gd.supply.remove', { unit: 'HQ 1Art' });
    g.endTurn();
    g.check('5K 2Gr', false);
    g.run('gd.vp', { held: [0, 2], extra: 2 });
    const replayed = deriveState(g.session, g.ctx);
    expect(replayed.game).toEqual(g.state.game);
    expect(replayed.turn).toBe(3);
    expect(supplyRecord(replayed.game)).toEqual([
      { unit: '5K 2Gr', side: 'german', failures: 3, status: 'out', lastTurn: 3, losses: 1 },
    ]);
    expect(vpOf(replayed.game)).toMatchObject({ total: 7, winner: 'soviet' });
  });

  it('every key the procedures used is in the catalog, in English and Spanish', () => {
    expect(seen.size).toBeGreaterThan(40);
    const missing = [...seen].filter((k) => !(k in messages.en) || !(k in messages.es));
    expect(missing).toEqual([]);
    expect(Object.keys(messages.es).sort()).toEqual(Object.keys(messages.en).sort());
  });
});
