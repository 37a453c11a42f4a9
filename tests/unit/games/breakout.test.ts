// Breakout procedures against the digest's test vectors (002 §6), driven through the real session
// log with typed-in dice so every roll is known.
import { describe, expect, it } from 'vitest';
import {
  apply,
  combatColumn,
  EngineError,
  initialState,
  newSession,
  parse,
  TableSchema,
  type Action,
  type GameContext,
  type ProcedureOutcome,
  type Session,
  type SessionState,
  type TableData,
} from '../../../src/engine';
import { casLeft, combatInput, procedures, readCombat, returnsDue, weatherOf } from '../../../src/games/breakout/rules';

const files = import.meta.glob<unknown>('/tables/breakout/*.json', { eager: true, import: 'default' });
const tables = new Map<string, TableData>();
for (const v of Object.values(files)) {
  const r = parse(TableSchema, v);
  if (r.ok) tables.set(r.value.id, r.value);
}
const ctx: GameContext = { tables, procedures, readings: {} };

class Game {
  session: Session = newSession({
    id: 's',
    game: 'breakout',
    scenario: 'bo-campaign',
    name: 'x',
    seed: 'bo',
    createdAt: 'now',
  });
  state: SessionState = initialState(this.session);
  run(id: string, input: object, manual?: number[][]): ProcedureOutcome {
    const action: Action = { type: 'procedure', id, input: input as never, ...(manual ? { manual } : {}) };
    const r = apply(this.session, this.state, action, ctx);
    this.session = r.session;
    this.state = r.state;
    return r.entry.outcome as ProcedureOutcome;
  }
  endTurn() {
    const r = apply(this.session, this.state, { type: 'end-turn' }, ctx);
    this.session = r.session;
    this.state = r.state;
  }
  toTurn(n: number) {
    while (this.state.turn < n) this.endTurn();
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

  it('T13: 8 v 9 +1 CAS = 1:1; river 1L, KG 1R, Tiger 1R → 2:1; dice 2 and 3 give DR', () => {
    for (const die of [2, 3]) {
      const g = new Game();
      g.toTurn(2);
      g.run('bo.weather', {}, [[4]]);
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

  it('T15 (with erratum E4): 13 v 12 = 1:1, KG + German concentric → 4:1 (the text prints 3:1); die 1 is DL1+DR either way', () => {
    const o = new Game().run('bo.combat', { attacker: 'german', attack: 13, defence: 12, kg: 1, concentric: true }, [
      [1],
    ]);
    expect(o.result).toMatchObject({ result: 'DL1+DR', column: '4:1' });
  });

  it('at most one KG and one Tiger shift count however many are in range (13.4, 13.5)', () => {
    const o = new Game().run('bo.combat', { attacker: 'german', attack: 10, defence: 10, kg: 3, tiger: 2 }, [[4]]);
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
  it('the 18th Artillery Division supports German attacks only (13.1)', () => {
    expect(total({ attacker: 'german', attack: 6, defence: 1, support18: 4 })).toBe(10);
  });
  it('with two full Soviet phases (E12 "full"), phase V has its own order announcement', async () => {
    const { phaseTools } = await import('../../../src/games/breakout/rules');
    expect(phaseTools(4, {})).not.toContain('order');
    expect(phaseTools(4, { 'bo.sovietPhases': 'full' })).toContain('order');
  });
});
