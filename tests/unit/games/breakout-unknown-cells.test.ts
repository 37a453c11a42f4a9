// A chart with cells the text does not give never blocks a roll (issue #31 item 6 and "What to
// build"). Breakout's CRT (13.8, 13.9; seed 002 lines 842-848) prints the 7:1 column with dice 1 and
// 2 blank (lines 843-844) and die 6 = EX (line 848). Read strictly as printed, a 7:1 combat was
// refused ("table-incomplete", row 1) whatever the die, because its chances before the roll read
// every cell of the column. Now the chances show the known results and the unknown share; a die on a
// known cell resolves; a die on an unknown cell is refused naming that cell, which the players type
// in from the printed chart, and the same roll then resolves on it, marked as typed in.
import { describe, expect, it } from 'vitest';
import { EngineError, probability, type GameContext } from '../../../src/engine';
import { combatPlan, procedures } from '../../../src/games/breakout/rules';
import { GameHarness, tablesOf } from './harness';

const tables = tablesOf(import.meta.glob<unknown>('/tables/breakout/*.json', { eager: true, import: 'default' }));
const crt = tables.get('bo-crt')!;

/** A game read strictly as printed (no erratum fills the two blank 7:1 cells), with cells typed in on this device. */
class Game extends GameHarness {
  constructor(entered?: Record<string, string>, seed = 'bo') {
    const ctx: GameContext = {
      tables,
      procedures,
      readings: {},
      ...(entered ? { entered: { 'bo-crt': entered } } : {}),
    };
    super(ctx, { game: 'breakout', scenario: 'bo-campaign', seed, settings: { errata: 'printed' } });
  }
}

/** 14 against 2 is 7:1 (13.8: odds rounded in the defender's favour; seed 002 line 842 "7:1"). */
const SEVEN_TO_ONE = { attacker: 'soviet', attack: 14, defence: 2, terrain: 'clear' };

describe('13.8 Breakout 7:1 as printed: two cells not in the text (seed 002 lines 843-844)', () => {
  it('the chances before the roll: 3-5 DL1+DR (lines 845-847), 6 EX (line 848), 1-2 unknown — not a refusal', () => {
    const { col, dist } = combatPlan(SEVEN_TO_ONE, crt, {}, undefined, 'printed');
    expect(col.after.key).toBe('7:1');
    expect(dist.outcomes).toBe(6);
    expect(Object.fromEntries(dist.counts)).toEqual({ 'DL1+DR': 3, EX: 1 });
    expect(dist.unknown).toBe(2);
    expect(probability(dist, 'EX')).toBeCloseTo(1 / 6, 12);
  });

  it('line 848 "6 … EX": a die of 6 lands on a cell the text gives and resolves', () => {
    const o = new Game().run('bo.combat', SEVEN_TO_ONE, [[6]]);
    expect(o.result).toMatchObject({ result: 'EX', column: '7:1', automatic: false });
    expect(o.lines.map((l) => l.key)).not.toContain('x.typedCell');
  });

  it('line 843 (blank at 7:1, die 1): the roll is refused naming that cell, and nothing is logged', () => {
    const g = new Game();
    let err: unknown;
    try {
      g.run('bo.combat', SEVEN_TO_ONE, [[1]]);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).code).toBe('table-incomplete');
    expect((err as EngineError).params).toMatchObject({ table: 'bo-crt', row: '1', column: '7:1' });
    expect(g.session.log).toHaveLength(0);
  });

  it('the cell typed in from the printed chart: the same die resolves on it, marked as typed in, and the step keeps it', () => {
    const g = new Game({ '1|7:1': 'DL1+DR' });
    const { dist } = combatPlan(SEVEN_TO_ONE, crt, {}, undefined, 'printed', undefined, { '1|7:1': 'DL1+DR' });
    expect(Object.fromEntries(dist.counts)).toEqual({ 'DL1+DR': 4, EX: 1 });
    expect(dist.unknown).toBe(1);
    const entry = g.act({ type: 'procedure', id: 'bo.combat', input: SEVEN_TO_ONE, manual: [[1]] });
    const o = entry.outcome;
    expect(o).toMatchObject({ kind: 'procedure', result: { result: 'DL1+DR', column: '7:1' } });
    if (o.kind !== 'procedure') throw new Error('procedure expected');
    expect(o.lines.at(-1)).toMatchObject({
      key: 'x.typedCell',
      params: { row: '1', column: '7:1', value: 'DL1+DR' },
      rule: crt.rule,
    });
    // Recorded with the step: the game replays the same on any device, after the chart is edited.
    expect(entry.action).toMatchObject({ charts: { 'bo-crt': { cells: { '1|7:1': 'DL1+DR' } } } });
  });

  it('the app rolls the same die again after the cell is typed in: a refused step uses no dice', () => {
    // Find an app roll (seeded) that lands on die 1 or 2 at 7:1.
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l']) {
      const g = new Game(undefined, seed);
      let refused: EngineError | undefined;
      try {
        g.run('bo.combat', SEVEN_TO_ONE);
      } catch (e) {
        refused = e as EngineError;
      }
      if (!refused) continue;
      const row = String(refused.params['row']);
      const again = new Game({ [`${row}|7:1`]: 'DL1+DR' });
      again.session = g.session;
      again.state = g.state;
      const o = again.run('bo.combat', SEVEN_TO_ONE);
      expect(o.rolls[0]!.total).toBe(Number(row));
      expect(o.result).toMatchObject({ result: 'DL1+DR' });
      return;
    }
    throw new Error('no seed landed on a blank cell');
  });
});
