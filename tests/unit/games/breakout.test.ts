// Breakout procedures against the digest's test vectors (002 §6), driven through the real session
// log with typed-in dice so every roll is known.
import { describe, expect, it } from 'vitest';
import { combatColumn, EngineError, type GameContext, type ProcedureOutcome } from '../../../src/engine';
import {
  casLeft,
  combatInput,
  READINGS,
  combatPlan,
  ledgerHeld,
  ledgerTotal,
  procedures,
  readCombat,
  returnsDue,
  weatherOf,
} from '../../../src/games/breakout/rules';
import { breakout as messages } from '../../../src/games/breakout/messages';
import { GameHarness, tablesOf } from './harness';

const tables = tablesOf(import.meta.glob<unknown>('/tables/breakout/*.json', { eager: true, import: 'default' }));
const ctx: GameContext = { tables, procedures, readings: {} };

/** Every message key a step or a refusal used (checked against the catalog at the end). */
const seen = new Set<string>();
const isKey = (v: unknown): v is string => typeof v === 'string' && /^bo\.[a-z]/.test(v);
class Game extends GameHarness {
  constructor(readings?: Record<string, string>) {
    super(
      ctx,
      { game: 'breakout', scenario: 'bo-campaign', seed: 'bo', ...(readings ? { settings: { readings } } : {}) },
      { seen, isKey },
    );
  }
}

const keys = (o: ProcedureOutcome) => o.lines.map((l) => l.key);

describe('Breakout weather (5.1, 14.0)', () => {
  it('T5: turn 1 is Thaw with no roll', () => {
    const g = new Game();
    const o = g.run('bo.weather', {});
    expect(o.result).toBe('Thaw');
    expect(o.rolls).toEqual([]);
    expect(keys(o)).toContain('bo.weather.turn1');
  });

  it('D1/D2: turn 3 dice 1, 2, 4 give Thaw, Ice, Storm; turn 8 die 6 gives Ice', () => {
    for (const [turn, die, w] of [
      [3, 1, 'Thaw'],
      [3, 2, 'Ice'],
      [3, 4, 'Storm'],
      [8, 6, 'Ice'],
    ] as const) {
      const g = new Game();
      g.toTurn(turn);
      expect(g.run('bo.weather', {}, [[die]]).result).toBe(w);
      expect(weatherOf(g.state.game, turn)).toBe(w);
    }
  });

  it('T6: Storm gives non-mechanized MF 5 and the Storm checklist', () => {
    const g = new Game();
    g.toTurn(4);
    const o = g.run('bo.weather', {}, [[3]]);
    expect(o.result).toBe('Storm');
    expect(o.lines.find((l) => l.key === 'bo.weather.mf')!.params).toEqual({ foot: 5, mech: 7 });
    expect(keys(o)).toContain('bo.weather.storm');
  });

  it('refuses a roll after the last turn', () => {
    const g = new Game();
    g.toTurn(9);
    expect(() => g.run('bo.weather', {}, [[1]])).toThrow(EngineError);
  });
});

describe('Breakout air superiority (5.2)', () => {
  it('T11: turn 1 the Soviet gets 1d6 CAS markers, the German none', () => {
    const g = new Game();
    expect(g.run('bo.air', {}, [[5]]).result).toEqual({ side: 'soviet', markers: 5 });
    expect(casLeft(g.state.game, 1, 'soviet')).toBe(5);
    expect(casLeft(g.state.game, 1, 'german')).toBe(0);
  });

  it('D7/D8: 7 v 7 is re-rolled; then 9 v 5 gives the Soviet 4 markers', () => {
    const g = new Game();
    g.toTurn(2);
    g.run('bo.weather', {}, [[1]]);
    const o = g.run('bo.air', {}, [
      [3, 4],
      [5, 2],
      [4, 5],
      [2, 3],
    ]);
    expect(o.rolls.map((r) => r.total)).toEqual([7, 7, 9, 5]);
    expect(keys(o)[0]).toBe('bo.air.tie');
    expect(o.result).toEqual({ side: 'soviet', markers: 4 });
  });

  it('the app-rolled version never ends on a tie and is replayable from the seed', () => {
    const g = new Game();
    g.toTurn(2);
    g.run('bo.weather', {}, [[1]]);
    const o = g.run('bo.air', {});
    const [s, gg] = o.rolls.slice(-2).map((r) => r.total);
    expect(s).not.toBe(gg);
    expect(o.result).toEqual({ side: s! > gg! ? 'soviet' : 'german', markers: Math.abs(s! - gg!) });
  });

  it('Storm: no roll by default, no markers (reading E16)', () => {
    const g = new Game();
    g.toTurn(4);
    g.run('bo.weather', {}, [[3]]);
    const o = g.run('bo.air', {});
    expect(o.rolls).toEqual([]);
    expect(o.result).toEqual({ side: null, markers: 0 });
  });

  it('T12: German superiority with 3 markers, one used in an attack: 2 left, lost at the end of the turn', () => {
    const g = new Game();
    g.toTurn(2);
    g.run('bo.weather', {}, [[4]]); // Ice on turn 2
    g.run('bo.air', {}, [
      [1, 1],
      [2, 3],
    ]); // Soviet 2, German 5: German 3
    expect(casLeft(g.state.game, 2, 'german')).toBe(3);
    g.run('bo.combat', { attacker: 'german', attack: 8, defence: 9, terrain: 'clear', cas: 1 }, [[4]]);
    expect(casLeft(g.state.game, 2, 'german')).toBe(2);
    expect(() =>
      g.run('bo.combat', { attacker: 'german', attack: 8, defence: 9, terrain: 'clear', cas: 3 }, [[4]]),
    ).toThrow(EngineError);
    g.endTurn();
    expect(casLeft(g.state.game, 3, 'german')).toBe(0);
  });
});

describe('Breakout river crossing (12.3)', () => {
  const at = (die: number, weather: number, input: object) => {
    const g = new Game();
    g.toTurn(2);
    g.run('bo.weather', {}, [[weather]]);
    return g.run('bo.river', input, die ? [[die]] : undefined);
  };
  it('D3: Thaw, die 4 on the Dnester (+1 → 5) costs +2', () => expect(at(4, 1, { namedRiver: true }).result).toBe(2));
  it('D4: Storm, die 6 on the Prut (+1 → 7, the ≥6 column) costs +3', () =>
    expect(at(6, 6, { namedRiver: true }).result).toBe(3));
  it('D5: Ice costs nothing, with no roll', () => expect(at(0, 4, {}).rolls).toEqual([]));
  it('D6: into a town costs nothing, with no roll', () => {
    const o = at(0, 1, { exemption: 'population' });
    expect([o.result, o.rolls.length]).toEqual([0, 0]);
  });
  it('needs the weather first', () => {
    const g = new Game();
    g.toTurn(2);
    expect(() => g.run('bo.river', {}, [[3]])).toThrow(
      expect.objectContaining({ params: expect.objectContaining({ key: 'bo.err.weatherFirst' }) }),
    );
  });
});

describe('Breakout combat (13)', () => {
  const crt = tables.get('bo-crt')!;
  const column = (input: object) => combatColumn(crt, combatInput(readCombat(input as never))).after.key;

  it('T1: 26 v 7 rounds down to 3:1', () => expect(column({ attacker: 'soviet', attack: 26, defence: 7 })).toBe('3:1'));
  it('T2: raw 3:1 against rough terrain uses 2:1', () =>
    expect(column({ attacker: 'soviet', attack: 26, defence: 7, terrain: 'rough' })).toBe('2:1'));
  it('D10: Soviet concentric attack into a town at 3:1: no concentric, 1L → 2:1', () =>
    expect(column({ attacker: 'soviet', attack: 9, defence: 3, terrain: 'population', concentric: true })).toBe('2:1'));
  it('D11: German v Soviet-held fortified locality, 4:1, KG, concentric denied → 4:1', () =>
    expect(column({ attacker: 'german', attack: 16, defence: 4, terrain: 'fortified', kg: 1, concentric: true })).toBe(
      '4:1',
    ));
  it('D12: Soviet v German-held fortified locality at 3:1 → 1:1', () =>
    expect(column({ attacker: 'soviet', attack: 9, defence: 3, terrain: 'fortified' })).toBe('1:1'));
  it('D14: raw 7:1 with German concentric 2R is beyond 7:1: automatic DL1+DR, no die', () => {
    const g = new Game();
    const o = g.run('bo.combat', { attacker: 'german', attack: 14, defence: 2, concentric: true });
    expect(o.rolls).toEqual([]);
    expect(o.result).toMatchObject({ result: 'DL1+DR', automatic: true });
  });
  it('T4: odds below 1:2 are an automatic AL1', () => {
    const o = new Game().run('bo.combat', { attacker: 'soviet', attack: 2, defence: 9 });
    expect(o.result).toMatchObject({ result: 'AL1', automatic: true });
  });
  it('D13: 7:1, die 6 is EX', () => {
    expect(new Game().run('bo.combat', { attacker: 'soviet', attack: 7, defence: 1 }, [[6]]).result).toMatchObject({
      result: 'EX',
      column: '7:1',
    });
  });

  // Issue #11 item 7: this vector ran on turn 2, where a KG shift is now refused (5.3); it runs on turn 3 (Thaw).
  it('T13: 8 v 9 +1 CAS = 1:1; river 1L, KG 1R, Tiger 1R → 2:1; dice 2 and 3 give DR', () => {
    for (const die of [2, 3]) {
      const g = new Game();
      g.toTurn(3);
      g.run('bo.weather', {}, [[1]]);
      g.run('bo.air', {}, [
        [1, 1],
        [2, 3],
      ]);
      const o = g.run(
        'bo.combat',
        { attacker: 'german', attack: 8, defence: 9, terrain: 'clear', cas: 1, acrossRiver: true, kg: 1, tiger: 1 },
        [[die]],
      );
      expect(o.result).toMatchObject({ result: 'DR', column: '2:1' });
      expect(o.lines.find((l) => l.key === 'bo.combat.odds')!.params).toMatchObject({
        a: 9,
        d: 9,
        before: '1:1',
        after: '2:1',
      });
    }
  });

  // Issue #11 item 7: these ran on turn 1, where a KG shift is now refused (5.3); they run on turn 3.
  it('T15 (with erratum E4): 13 v 12 = 1:1, KG + German concentric → 4:1 (the text prints 3:1); die 1 is DL1+DR either way', () => {
    const g = new Game();
    g.toTurn(3);
    const o = g.run('bo.combat', { attacker: 'german', attack: 13, defence: 12, kg: 1, concentric: true }, [[1]]);
    expect(o.result).toMatchObject({ result: 'DL1+DR', column: '4:1' });
  });

  it('at most one KG and one Tiger shift count however many are in range (13.4, 13.5)', () => {
    const g = new Game();
    g.toTurn(3);
    const o = g.run('bo.combat', { attacker: 'german', attack: 10, defence: 10, kg: 3, tiger: 2 }, [[4]]);
    expect(o.result).toMatchObject({ column: '3:1' });
    expect(keys(o).filter((k) => k === 'bo.combat.shiftCapped')).toHaveLength(3);
  });

  it('a retreat is ignored in a town; the step loss still applies', () => {
    const o = new Game().run('bo.combat', { attacker: 'soviet', attack: 16, defence: 2, terrain: 'population' }, [[1]]);
    expect(o.result).toMatchObject({ result: 'DL1+DR', drIgnored: true });
    expect(keys(o)).toEqual(expect.arrayContaining(['bo.effect.drIgnored', 'bo.effect.dl1']));
  });

  it('only a German defence uses CAS in defence', () => {
    expect(() =>
      new Game().run('bo.combat', { attacker: 'german', attack: 5, defence: 5, casDefence: 1 }, [[1]]),
    ).toThrow(EngineError);
  });
});

describe('Breakout Rifle Corps return (11.1)', () => {
  it("T7: eliminated on turn 2 with a die of 2 → back on turn 3, listed in that turn's replacement phase", () => {
    const g = new Game();
    g.toTurn(2);
    expect(g.run('bo.rifle-corps', { corps: '24 Rifle' }, [[2]]).result).toEqual({ corps: '24 Rifle', turn: 3 });
    g.endTurn();
    expect(returnsDue(g.state.game, 3)).toEqual([{ corps: '24 Rifle', turn: 3, eliminated: 2 }]);
  });
  it('D9: dice 1,2 / 3,4 / 5,6 delay 1 / 2 / 3 turns; beyond turn 8 the corps never returns', () => {
    for (const [die, turn] of [
      [1, 2],
      [2, 2],
      [3, 3],
      [4, 3],
      [5, 4],
      [6, 4],
    ])
      expect(new Game().run('bo.rifle-corps', { corps: 'x' }, [[die!]]).result).toEqual({ corps: 'x', turn });
    const g = new Game();
    g.toTurn(7);
    expect(g.run('bo.rifle-corps', { corps: 'x' }, [[5]]).result).toEqual({ corps: 'x', turn: null });
  });
});

describe('Breakout order, phases and VP', () => {
  it('turn 1 the Soviet must move first; later he may choose', () => {
    const g = new Game();
    expect(() => g.run('bo.order', { side: 'soviet', order: 'combat-move' })).toThrow(EngineError);
    g.endTurn();
    expect(g.run('bo.order', { side: 'soviet', order: 'combat-move' }).result).toBe('combat-move');
  });
  it('T8/T9: 31 VP is a draw; a German 8-step division lost out of C&C adds 8', () => {
    const g = new Game();
    expect(g.run('bo.vp', { population: 7, fortified: 4, outOfComms: 0, exited: 2, divisions: [] }).result).toEqual({
      total: 25,
      level: 'german-victory',
    });
    expect(g.run('bo.vp', { population: 7, fortified: 4, exited: 2, divisions: [6] }).result).toEqual({
      total: 31,
      level: 'draw',
    });
    expect(g.run('bo.vp', { population: 7, fortified: 4, exited: 6, divisions: [8] }).result).toEqual({
      total: 35,
      level: 'soviet-victory',
    });
  });
});

describe('Breakout attack totals (8.3, 13.1, 13.2) and readings', () => {
  const total = (input: object, readings?: Record<string, string>) =>
    combatInput(readCombat(input as never), readings).attack;
  it('out-of-supply Soviet units: each halved and rounded up by default (E19), or their sum', () => {
    expect(total({ attacker: 'soviet', attack: 4, defence: 1, oos: [3, 3] })).toBe(4 + 2 + 2);
    expect(total({ attacker: 'soviet', attack: 4, defence: 1, oos: [3, 3] }, { 'bo.oosRounding': 'sum' })).toBe(4 + 3);
  });
  it('Soviet artillery may not exceed the non-artillery strength (13.2)', () => {
    expect(total({ attacker: 'soviet', attack: 3, defence: 1, artillery: 5 })).toBe(6);
    expect(total({ attacker: 'soviet', attack: 6, defence: 1, artillery: 5 })).toBe(11);
  });
  it('the 3rd Guards Mortars double against clear terrain only (13.2)', () => {
    expect(total({ attacker: 'soviet', attack: 2, defence: 1, mortar: 3, terrain: 'clear' })).toBe(8);
    expect(total({ attacker: 'soviet', attack: 2, defence: 1, mortar: 3, terrain: 'forest' })).toBe(5);
  });
  // Issue #11: this test asserted a refusal of 18th AD support in a Soviet attack; the refusal came from the
  // automatic result's unused die, and 13.1 [002: 587] lets the 18th AD support a German defence.
  it('the 18th Artillery Division supports a German attack, or a German defence (13.1 [002: 586-587], E10)', () => {
    expect(total({ attacker: 'german', attack: 6, defence: 1, support18: 4 })).toBe(10);
    const d = combatInput(readCombat({ attacker: 'soviet', attack: 6, defence: 1, support18: 4 } as never));
    expect([d.attack, d.defence]).toEqual([6, 5]);
    expect(d.notes.map((n) => n.key)).toEqual(['bo.combat.support18Defence']);
  });
  it('with two full Soviet phases (E12 "full"), phase V has its own order announcement', async () => {
    const { phaseTools } = await import('../../../src/games/breakout/rules');
    expect(phaseTools(4, {})).not.toContain('order');
    expect(phaseTools(4, { 'bo.sovietPhases': 'full' })).toContain('order');
  });
});

const refusal = (key: string) => expect.objectContaining({ params: expect.objectContaining({ key }) });
const crt = tables.get('bo-crt')!;

// Issue #11: the divergences from the text found by the rule-by-rule audit, each driven through the
// session log with typed-in dice (seed 002 line numbers in brackets).
describe('Breakout, issue #11: rule by rule', () => {
  it('item 2 — 12.4 [002: 556, 560 «Este bono no está disponible en los turnos de tiempo con tormenta»]: in Storm the KG zone does not exempt a river crossing; it is rolled', () => {
    const g = new Game();
    g.toTurn(3);
    g.run('bo.weather', {}, [[4]]); // Storm on turn 3
    const o = g.run('bo.river', { exemption: 'kg' }, [[6]]);
    expect(o.rolls).toHaveLength(1);
    expect(o.result).toBe(3); // Storm, die 6: +3 (same cell as D4)
    expect(keys(o)).toEqual(['bo.river.kgStorm', 'bo.river.rolled']);
    // Outside Storm the KG zone still makes the crossing free, with no roll (12.4, line 556).
    const h = new Game();
    h.toTurn(3);
    h.run('bo.weather', {}, [[1]]); // Thaw
    const free = h.run('bo.river', { exemption: 'kg' });
    expect([free.result, free.rolls.length]).toEqual([0, 0]);
  });

  it('item 6 — 5.1 [002: 319 «no puede ser usado ningún apoyo aéreo al combate (CAS) ese turno»]: no CAS in Storm, whatever the order of the rolls', () => {
    // The air roll needs the weather first (phase I before phase II, 5.0).
    const g = new Game();
    g.toTurn(3);
    expect(() =>
      g.run('bo.air', {}, [
        [1, 1],
        [2, 3],
      ]),
    ).toThrow(refusal('bo.err.weatherFirst'));
    // Markers won on a Thaw roll are lost if the weather is rolled again and comes out Storm.
    g.run('bo.weather', {}, [[1]]);
    g.run('bo.air', {}, [
      [1, 1],
      [2, 3],
    ]); // German 3 markers
    expect(casLeft(g.state.game, 3, 'german')).toBe(3);
    const w = g.run('bo.weather', {}, [[4]]);
    expect(keys(w)).toContain('bo.weather.casLost');
    expect(casLeft(g.state.game, 3, 'german')).toBe(0);
    // And a combat in Storm refuses CAS outright (the 2:1 of the audit does not become 3:1).
    expect(() => g.run('bo.combat', { attacker: 'german', attack: 10, defence: 5, cas: 1 }, [[4]])).toThrow(
      refusal('bo.err.casStorm'),
    );
    expect(g.run('bo.combat', { attacker: 'german', attack: 10, defence: 5 }, [[4]]).result).toMatchObject({
      column: '2:1',
    });
  });

  it('item 7 — 5.3 [002: 333-335 «Esta fase es ignorada en los turnos 1 y 2… Comenzando en el turno 3»]: no KG shift or KG river exemption before turn 3', () => {
    const g = new Game();
    expect(() => g.run('bo.combat', { attacker: 'german', attack: 5, defence: 5, kg: 1 }, [[4]])).toThrow(
      refusal('bo.err.kgTurn'),
    );
    // Nor in defence (13.4: a German stack attacked within 2 hexes of a KG).
    expect(() => g.run('bo.combat', { attacker: 'soviet', attack: 10, defence: 5, kg: 1 }, [[4]])).toThrow(
      refusal('bo.err.kgTurn'),
    );
    expect(g.run('bo.combat', { attacker: 'german', attack: 5, defence: 5 }, [[4]]).result).toMatchObject({
      column: '1:1',
    });
    g.toTurn(2);
    g.run('bo.weather', {}, [[1]]);
    expect(() => g.run('bo.river', { exemption: 'kg' }, [[3]])).toThrow(refusal('bo.err.kgTurn'));
    g.toTurn(3);
    g.run('bo.weather', {}, [[1]]);
    expect(g.run('bo.combat', { attacker: 'german', attack: 5, defence: 5, kg: 1 }, [[4]]).result).toMatchObject({
      column: '2:1',
    });
  });

  it("item 5 — 8.3 [002: 446 «los factores de ataque de esas unidades están a la ½ (redondeando al alza)»]: the logged step uses the session's rounding reading, as the preview does", () => {
    const input = { attacker: 'soviet', attack: 0, defence: 4, oos: [3, 3] } as const;
    for (const [reading, column] of [
      ['per-unit', '1:1'], // 2 + 2 = 4 against 4
      ['sum', '1:2'], // ⌈6 / 2⌉ = 3 against 4
    ] as const) {
      const g = new Game({ 'bo.oosRounding': reading });
      const preview = combatPlan(input as never, crt, { 'bo.oosRounding': reading }, { game: g.state.game, turn: 1 });
      const o = g.run('bo.combat', input, [[4]]);
      expect(o.result).toMatchObject({ column });
      expect(preview.col.after.key).toBe(column);
    }
  });

  it('item 8 — worked example 2 [002: 782 «ahora da una proporción final de 3:1»]: recorded as a suspected erratum of the example; the rules give 4:1', () => {
    const note = crt.notes!.find((n) => n.en.includes('line 782'));
    expect(note?.en).toMatch(/Suspected erratum of the example.*"final 3:1".*4:1/);
    expect(note?.es).toContain('línea 782');
    const g = new Game();
    g.toTurn(3);
    g.run('bo.weather', {}, [[1]]);
    const o = g.run('bo.combat', { attacker: 'german', attack: 13, defence: 12, kg: 1, concentric: true }, [[1]]);
    expect(o.result).toMatchObject({ column: '4:1', result: 'DL1+DR' });
  });
});

describe('Breakout, issue #11: open readings are settings with defaults', () => {
  it('E3 — 13.8.1 [002: 675 «Las proporciones inferiores a 1:2 dan un resultado automático de AL1»]: 4 v 12 (1:3) with a Soviet concentric 1R', () => {
    const input = { attacker: 'soviet', attack: 4, defence: 12, concentric: true };
    const run = (reading?: string) =>
      new Game(reading ? { 'bo.belowTable': reading } : undefined).run(
        'bo.combat',
        input,
        reading === 'raw' ? [] : [[1]],
      ).result;
    expect(run()).toMatchObject({ column: '1:2', automatic: false }); // final: 1:3 + 1R = 1:2 (default)
    expect(run('raw')).toMatchObject({ result: 'AL1', automatic: true }); // below 1:2 before any shift
    expect(run('edge')).toMatchObject({ column: '1:1' }); // from the 1:2 column, 1R
  });

  it('E18 — 13.2 [002: 606, 610]: the 3rd Guards Mortars outside (default) or under the artillery cap', () => {
    const input = { attacker: 'soviet', attack: 2, defence: 1, mortar: 3, terrain: 'clear' };
    expect(combatInput(readCombat(input as never)).attack).toBe(2 + 6);
    expect(combatInput(readCombat(input as never), { 'bo.mortarCap': 'capped' }).attack).toBe(2 + 2);
    const o = new Game({ 'bo.mortarCap': 'capped' }).run('bo.combat', { ...input, defence: 2 }, [[4]]);
    expect(o.result).toMatchObject({ column: '2:1' });
    expect(keys(o)).toContain('bo.combat.mortarCapped');
  });
});

// Issue #11, procedures left to the players: the KG markers tracked through the turn.
describe('Breakout, issue #11: the KG tracker (5.3, 10.2, 13.4)', () => {
  const deploy = (g: Game, hexes: object) => {
    g.run('bo.phase', { index: 2 });
    return g.run('bo.kg.deploy', { hexes });
  };

  it('5.3 [002: 333-337]: deployed in phase III from turn 3, any hex, never two in one hex', () => {
    const g = new Game();
    g.toTurn(2);
    expect(() => deploy(g, { Br: '2119' })).toThrow(refusal('bo.err.kgTurn'));
    g.toTurn(3);
    expect(() => g.run('bo.kg.deploy', { hexes: { Br: '2119' } })).toThrow(refusal('bo.err.kgPhase'));
    expect(() => deploy(g, { Br: '2119', Ch: '2119' })).toThrow(refusal('bo.err.kgSameHex'));
    expect(() => deploy(g, { Br: '21' })).toThrow(refusal('bo.err.hex'));
    expect(() => deploy(g, { Xx: '2119' })).toThrow(refusal('bo.err.kgMarker'));
    const o = deploy(g, { Br: '2119', Go: '1920', Ch: '' });
    expect(o.result).toEqual({ Br: '2119', Go: '1920' });
    expect(keys(o)).toEqual(['bo.kg.deployed', 'bo.kg.deployed', 'bo.kg.bonus']);
  });

  it('13.4 a–c [002: 634-638]: a KG gives its combat bonus once per combat phase; a deployed tracker wants the marker named', () => {
    const g = new Game();
    g.toTurn(3);
    g.run('bo.weather', {}, [[1]]);
    deploy(g, { Br: '2119', Go: '1920' });
    g.run('bo.phase', { index: 5 }); // VI. German movement/combat
    const attack = { attacker: 'german', attack: 5, defence: 5, kg: 1 };
    expect(() => g.run('bo.combat', attack, [[4]])).toThrow(refusal('bo.err.kgName'));
    expect(() => g.run('bo.combat', { ...attack, kgMarker: 'Ch' }, [[4]])).toThrow(refusal('bo.err.kgNotDeployed'));
    const o = g.run('bo.combat', { ...attack, kgMarker: 'Br' }, [[4]]);
    expect(o.result).toMatchObject({ column: '2:1' });
    expect(o.lines.find((l) => l.key === 'bo.kg.used')!.params).toEqual({ kg: 'Br', hex: '2119', phase: 'VI' });
    expect(() => g.run('bo.combat', { ...attack, kgMarker: 'Br' }, [[4]])).toThrow(refusal('bo.err.kgUsed'));
    // Another KG in range may still give its bonus in this phase; Br again in the mechanized phase VII (13.4 c).
    expect(g.run('bo.combat', { ...attack, kgMarker: 'Go' }, [[4]]).result).toMatchObject({ column: '2:1' });
    g.run('bo.phase', { index: 6 });
    expect(g.run('bo.combat', { ...attack, kgMarker: 'Br' }, [[4]]).result).toMatchObject({ column: '2:1' });
  });

  it('10.2 [002: 496 «Son retirados del mapa cada turno en la fase administrativa»]: the markers leave the map in phase XII', () => {
    const g = new Game();
    g.toTurn(3);
    deploy(g, { Br: '2119' });
    const o = g.run('bo.phase', { index: 11 });
    expect(keys(o)).toContain('bo.kg.removed');
    // Off the map: a KG shift is again the players' count, with no marker to name.
    g.run('bo.weather', {}, [[1]]);
    expect(g.run('bo.combat', { attacker: 'german', attack: 5, defence: 5, kg: 1 }, [[4]]).result).toMatchObject({
      column: '2:1',
    });
  });
});

// Issue #11, procedures left to the players: the running VP ledger.
describe('Breakout, issue #11: the running VP ledger (3.1, 4.1, 4.2)', () => {
  it('3.1 [002: 226 «Coloca el marcador soviético VPx1 en la casilla 2»] and 4.1 [002: 265, 267]: starts on 2; a town +1, a fortified locality +4 while held; a recapture takes them back', () => {
    const g = new Game();
    expect(ledgerTotal(g.state.game)).toBe(2);
    expect(g.run('bo.ledger', { kind: 'capture', hex: '2607', type: 'population' }).result).toMatchObject({
      vp: 1,
      total: 3,
    });
    g.endTurn();
    const f = g.run('bo.ledger', { kind: 'capture', hex: '1515', type: 'fortified' });
    expect(f.result).toMatchObject({ vp: 4, total: 7 });
    expect(() => g.run('bo.ledger', { kind: 'capture', hex: '2607', type: 'population' })).toThrow(
      refusal('bo.err.vpHeld'),
    );
    expect(g.run('bo.ledger', { kind: 'recapture', hex: '1515' }).result).toMatchObject({ vp: -4, total: 3 });
    // A hex held since the start (Krasilov 2603, 3.1) is not in the ledger: its type gives its value.
    expect(() => g.run('bo.ledger', { kind: 'recapture', hex: '2603' })).toThrow(refusal('bo.err.vpType'));
    expect(g.run('bo.ledger', { kind: 'recapture', hex: '2603', type: 'population' }).result).toMatchObject({
      total: 2,
    });
    expect([...ledgerHeld(g.state.game).keys()]).toEqual(['2607']);
  });

  it('4.1 [002: 271 «La máxima concesión es de 4VP»] and 4.2 [002: 275, 277]: exits count up to 4; a division lost out of C&C gives its maximum steps', () => {
    const g = new Game();
    for (const c of ['1 G', '2 G', '3 G', '4 G']) g.run('bo.ledger', { kind: 'exit', name: c });
    const fifth = g.run('bo.ledger', { kind: 'exit', name: '5 G' });
    expect(fifth.result).toMatchObject({ vp: 0, total: 6 });
    expect(keys(fifth)).toContain('bo.ledger.exitMax');
    expect(g.run('bo.ledger', { kind: 'division', name: '9 SS Pz', steps: 8 }).result).toMatchObject({
      vp: 8,
      total: 14,
    });
  });

  it('reading E7 — 13.8.4 [002: 704 «se considera como una población para el resto del juego»]: a captured fortified locality 4 VP (default) or 1', () => {
    const g = new Game({ 'bo.fortVp': '1' });
    expect(g.run('bo.ledger', { kind: 'capture', hex: '1515', type: 'fortified' }).result).toMatchObject({
      vp: 1,
      total: 3,
    });
  });
});

// Issue #11, procedures left to the players: the rest of the turn flow.
describe('Breakout, issue #11: 18th AD once per phase, optional flat crossings, weather reminders', () => {
  it('13.1 [002: 592 «un combate de defensa en cada fase de combate soviética, un ataque en cada fase de combate alemana»]: once per combat phase', () => {
    const g = new Game();
    g.run('bo.phase', { index: 3 }); // IV. Soviet combat
    const defence = { attacker: 'soviet', attack: 10, defence: 5, support18: 3 };
    expect(g.run('bo.combat', defence, [[4]]).result).toMatchObject({ column: '1:1' });
    expect(() => g.run('bo.combat', defence, [[4]])).toThrow(refusal('bo.err.s18Used'));
    g.run('bo.phase', { index: 5 }); // VI. German combat
    const attack = { attacker: 'german', attack: 3, defence: 6, support18: 3 };
    expect(g.run('bo.combat', attack, [[4]]).result).toMatchObject({ column: '1:1' });
    expect(() => g.run('bo.combat', attack, [[4]])).toThrow(refusal('bo.err.s18Used'));
    g.run('bo.phase', { index: 6 }); // VII. mechanized combat
    expect(g.run('bo.combat', attack, [[4]]).result).toMatchObject({ column: '1:1' });
  });

  it('12.3 [002: 546 «calcule todos los costes de cruce de ríos como +3 MF… regla opcional»]: a setting, rolled by default', () => {
    const g = new Game({ 'bo.riverFlat': 'flat' });
    g.toTurn(2);
    g.run('bo.weather', {}, [[1]]);
    const o = g.run('bo.river', { namedRiver: true });
    expect([o.result, o.rolls.length]).toEqual([3, 0]);
    expect(g.run('bo.river', { exemption: 'population' }).result).toBe(0); // the free cases stay free
  });

  it("8.3 [002: 444 «solo puede usar hasta la mitad de sus factores de movimiento (redondeando al alza)»] and 3.2 [002: 242-243]: the weather step states OOS movement and turn 1's conditions", () => {
    const g = new Game();
    const o = g.run('bo.weather', {});
    expect(o.lines.find((l) => l.key === 'bo.weather.oosMf')!.params).toEqual({ foot: 4, mech: 5 }); // Thaw 7 / 10
    expect(keys(o)).toEqual(expect.arrayContaining(['bo.weather.hitler', 'bo.weather.overstack']));
    g.toTurn(2);
    expect(keys(g.run('bo.weather', {}, [[1]]))).not.toContain('bo.weather.hitler');
  });
});

describe('Breakout messages', () => {
  it('every reading has its setting labels in both languages (the panel shows them)', () => {
    for (const [id, r] of Object.entries(READINGS))
      for (const k of [`bo.ui.${id.slice(3)}`, ...r.choices.map((c) => `reading.${c}`)]) {
        expect(messages.en, k).toHaveProperty([k]);
        expect(messages.es, k).toHaveProperty([k]);
      }
  });
  it('every key the procedures used is in the catalog, in English and Spanish', () => {
    expect(seen.size).toBeGreaterThan(40);
    const missing = [...seen].filter((k) => !(k in messages.en) || !(k in messages.es));
    expect(missing).toEqual([]);
  });
});
