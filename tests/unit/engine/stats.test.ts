import { describe, expect, it } from 'vitest';
import {
  apply,
  chiSquare,
  erf,
  initialState,
  luckStats,
  manualTotal,
  newSession,
  normalCdf,
  undo,
  type Action,
  type DiceRoll,
  type DiceSpec,
  type LogEntry,
  type Outcome,
  type RngState,
} from '../../../src/engine';
import { gameFixture } from './fixtures';

const S0: RngState = { alg: 'alea', s: { c: 1, s0: 0.1, s1: 0.2, s2: 0.3 } };
const S1: RngState = { alg: 'alea', s: { c: 1, s0: 0.4, s1: 0.5, s2: 0.6 } };
const D2: DiceSpec = { n: 2, sides: 6 };
const D1: DiceSpec = { n: 1, sides: 6 };

/** A DiceRoll with the given faces (the total is their sum). */
const dice = (spec: DiceSpec, faces: number[], extra: Partial<DiceRoll> = {}): DiceRoll => ({
  spec,
  dice: faces,
  total: faces.reduce((a, b) => a + b, 0),
  manual: false,
  ...extra,
});

let seq = 0;
function entry(outcome: Outcome, opts: { side?: string; manual?: boolean; undone?: boolean } = {}): LogEntry {
  return {
    seq: ++seq,
    action: { type: 'note', text: '' },
    outcome,
    ...(opts.side !== undefined ? { context: { side: opts.side } } : {}),
    manual: opts.manual ?? false,
    rngBefore: S0,
    rngAfter: opts.manual ? S0 : S1,
    undone: opts.undone ?? false,
  };
}
const roll = (d: DiceRoll, opts?: Parameters<typeof entry>[1]) => entry({ kind: 'roll', dice: d }, opts);
/** A 2d6 roll with the given total (faces chosen to add up to it). */
const r2d6 = (total: number, opts?: Parameters<typeof entry>[1]) =>
  roll(dice(D2, [Math.min(6, total - 1), total - Math.min(6, total - 1)]), opts);
const draw = (cup: string, opts?: Parameters<typeof entry>[1]) =>
  entry({ kind: 'draw', cup, chit: 'x', how: 'random', from: 3 }, opts);

describe('luckStats: the mean against its exact expectation', () => {
  it('2d6 rolls 7, 7, 12: mean 8.67 against 7, z and percentile by hand', () => {
    const report = luckStats([r2d6(7), r2d6(7), r2d6(12)]);
    expect(report.sides).toHaveLength(1);
    const side = report.sides[0]!;
    expect(side.side).toBe('');
    expect(side.groups).toHaveLength(1);
    const g = side.groups[0]!;
    expect(g).toMatchObject({ kind: '2d6', measure: 'total', n: 3 });
    expect(g.mean).toBeCloseTo(26 / 3, 12); // 8.667
    expect(g.expectedMean).toBeCloseTo(7, 12);
    // Variance of 2d6 = 2 · 35/12 = 35/6 → sd 2.41523; of the mean of 3: 2.41523 / √3 = 1.39443.
    expect(g.sd).toBeCloseTo(2.41523, 5);
    expect(g.sdOfMean).toBeCloseTo(1.39443, 5);
    // z = 1.66667 / 1.39443 = 1.19523; Φ(1.19523) = 0.88400.
    expect(g.z).toBeCloseTo(1.19523, 5);
    expect(g.percentile).toBeCloseTo(88.4, 2);
    // Every total 2..12 with its observed and exact expected count (3 · p).
    expect(g.counts.map((c) => c.value)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(g.counts.find((c) => c.value === 7)).toEqual({ value: 7, observed: 2, expected: (3 * 6) / 36 });
    expect(g.counts.find((c) => c.value === 12)).toEqual({ value: 12, observed: 1, expected: 3 / 36 });
    expect(g.counts.find((c) => c.value === 2)).toEqual({ value: 2, observed: 0, expected: 3 / 36 });
    // Three rolls are far too few for a chi-square test.
    expect(g.chiSquare).toBeUndefined();
    expect(report).toMatchObject({ rolls: 3, draws: 0, manualRolls: 0, manualDraws: 0 });
  });

  it('is exactly reproducible', () => {
    const log = [r2d6(3), r2d6(9), r2d6(11), draw('cup'), r2d6(6)];
    expect(JSON.stringify(luckStats(log))).toBe(JSON.stringify(luckStats(log)));
  });

  it('an empty log gives an empty report', () => {
    expect(luckStats([])).toEqual({ sides: [], rolls: 0, draws: 0, manualRolls: 0, manualDraws: 0 });
  });

  it('dice that cannot vary give z = 0, percentile 50', () => {
    const g = luckStats([roll(dice({ n: 1, faces: [4, 4] }, [4]))]).sides[0]!.groups[0]!;
    expect(g).toMatchObject({ kind: '1d[4,4]', mean: 4, expectedMean: 4, sd: 0, z: 0 });
    expect(g.percentile).toBeCloseTo(50, 6);
  });
});

describe('luckStats: what counts', () => {
  it('undone steps are left out; manual ones are left out and counted apart', () => {
    const log = [
      r2d6(7),
      r2d6(12, { undone: true }),
      r2d6(2, { manual: true }),
      roll({ ...manualTotal(D2, 11) }, { manual: true }),
      draw('act', { manual: true }),
      draw('act', { undone: true }),
      draw('act'),
    ];
    const report = luckStats(log);
    const g = report.sides[0]!.groups[0]!;
    expect(g.n).toBe(1);
    expect(g.mean).toBe(7);
    expect(report).toMatchObject({ rolls: 1, draws: 1, manualRolls: 2, manualDraws: 1 });
    expect(report.sides[0]).toMatchObject({ manualRolls: 2, manualDraws: 1, cups: [{ cup: 'act', draws: 1 }] });
  });

  it('sides are kept apart, in order of first appearance; no side is ""', () => {
    const log = [
      r2d6(7, { side: 'ger' }),
      r2d6(9, { side: 'sov' }),
      r2d6(11, { side: 'ger' }),
      r2d6(5),
      draw('hq', { side: 'sov' }),
      draw('hq', { side: 'sov' }),
      draw('ev', { side: 'sov' }),
    ];
    const report = luckStats(log);
    expect(report.sides.map((s) => s.side)).toEqual(['ger', 'sov', '']);
    const [ger, sov, none] = report.sides;
    expect(ger!.groups[0]).toMatchObject({ kind: '2d6', n: 2, mean: 9 });
    expect(sov!.groups[0]).toMatchObject({ kind: '2d6', n: 1, mean: 9 });
    expect(sov!.cups).toEqual([
      { cup: 'hq', draws: 2 },
      { cup: 'ev', draws: 1 },
    ]);
    expect(ger!.cups).toEqual([]);
    expect(none!.groups[0]).toMatchObject({ n: 1, mean: 5 });
  });

  it('kinds of dice are kept apart, custom faces included', () => {
    const stal: DiceSpec = { n: 1, faces: [2, 3, 3, 4, 4, 5] };
    const report = luckStats([
      r2d6(8),
      roll(dice(D1, [6])),
      roll(dice(stal, [3])),
      roll(dice(stal, [5])),
      roll(dice(D1, [1])),
    ]);
    const groups = report.sides[0]!.groups;
    expect(groups.map((g) => [g.kind, g.n, g.mean])).toEqual([
      ['2d6', 1, 8],
      ['1d6', 2, 3.5],
      ['1d[2,3,3,4,4,5]', 2, 4],
    ]);
    const s = groups[2]!;
    expect(s.expectedMean).toBeCloseTo(21 / 6, 12);
    // Values 2..5, expected counts 2 · (1, 2, 2, 1)/6.
    expect(s.counts).toEqual([
      { value: 2, observed: 0, expected: 2 / 6 },
      { value: 3, observed: 1, expected: 4 / 6 },
      { value: 4, observed: 0, expected: 4 / 6 },
      { value: 5, observed: 1, expected: 2 / 6 },
    ]);
  });

  it('hit pools count per die, as "1d6 hits on 5+"', () => {
    const pool = (faces: number[]) =>
      roll(dice({ n: faces.length, sides: 6 }, faces, { hitOn: 5, hits: faces.filter((f) => f >= 5).length }));
    const report = luckStats([
      pool([5, 2, 6]),
      pool([1, 6]),
      roll(dice({ n: 2, sides: 6 }, [6, 6], { hitOn: 6, hits: 2 })),
    ]);
    const groups = report.sides[0]!.groups;
    expect(groups.map((g) => g.kind)).toEqual(['1d6 hits on 5+', '1d6 hits on 6+']);
    const g = groups[0]!;
    // Five dice, three hits; p = 1/3 per die, sd √(1/3 · 2/3) = 0.47140.
    expect(g).toMatchObject({ measure: 'hits', hitOn: 5, n: 5 });
    expect(g.mean).toBeCloseTo(0.6, 12);
    expect(g.expectedMean).toBeCloseTo(1 / 3, 12);
    expect(g.sd).toBeCloseTo(0.4714, 5);
    expect(g.counts).toEqual([
      { value: 0, observed: 2, expected: 10 / 3 },
      { value: 1, observed: 3, expected: 5 / 3 },
    ]);
    expect(groups[1]).toMatchObject({ n: 2, mean: 1 });
  });

  it('table and combat rolls count with their raw dice (before modifiers); automatic results have none', () => {
    const { ctx, scenario } = gameFixture();
    let session = newSession({ id: 's', game: 'test', scenario: scenario.id, name: 'n', seed: 'luck', createdAt: 'x' });
    let state = initialState(session, scenario);
    const go = (a: Action, side?: string) =>
      ({ session, state } = apply(session, state, a, ctx, side ? { context: { side } } : {}));
    go({ type: 'table', table: 'one-d', modifiers: [{ value: 3, label: 'x' }] }, 'ger');
    go({ type: 'combat', table: 'gd-like', attack: 7, defence: 3 }, 'ger');
    go({ type: 'combat', table: 'bo-like', attack: 9, defence: 1 }, 'ger'); // automatic: no roll
    go({ type: 'roll', dice: D2 }, 'sov');
    go({ type: 'cup.draw', cup: 'activation' }, 'sov');
    go({ type: 'roll', dice: D2 }, 'sov');
    ({ session } = undo(session, ctx)); // the last roll does not count
    const raw = (k: number) => {
      const o = session.log[k]!.outcome;
      return o.kind === 'resolution' ? o.resolution.roll!.dice.total : o.kind === 'roll' ? o.dice.total : NaN;
    };
    const report = luckStats(session.log);
    expect(report.sides.map((s) => s.side)).toEqual(['ger', 'sov']);
    expect(report.sides[0]!.groups.map((g) => [g.kind, g.n, g.mean])).toEqual([
      ['2d6', 1, raw(0)],
      ['1d6', 1, raw(1)],
    ]);
    expect(report.sides[1]!.groups.map((g) => [g.kind, g.n, g.mean])).toEqual([['2d6', 1, raw(3)]]);
    expect(report.sides[1]!.cups).toEqual([{ cup: 'activation', draws: 1 }]);
    expect(report).toMatchObject({ rolls: 3, draws: 1 });
  });
});

describe('chi-square', () => {
  it('1d6, 30 rolls: 10, 5, 5, 5, 5, 0 → χ² = 10 with 5 df, p = 0.0752', () => {
    const faces = [...Array<number>(10).fill(1), ...[2, 3, 4, 5].flatMap((f) => Array<number>(5).fill(f))];
    const g = luckStats(faces.map((f) => roll(dice(D1, [f])))).sides[0]!.groups[0]!;
    expect(g.n).toBe(30);
    expect(g.chiSquare!.statistic).toBeCloseTo(10, 12); // (25 + 0 + 0 + 0 + 0 + 25) / 5
    expect(g.chiSquare!.df).toBe(5);
    expect(g.chiSquare!.pValue).toBeCloseTo(0.0752352, 5);
  });

  it('a perfectly even 1d6 gives χ² = 0, p = 1', () => {
    const g = luckStats([1, 2, 3, 4, 5, 6].flatMap((f) => Array.from({ length: 5 }, () => roll(dice(D1, [f])))))
      .sides[0]!.groups[0]!;
    expect(g.chiSquare).toEqual({ statistic: 0, df: 5, pValue: 1 });
  });

  it('2d6, 36 rolls: tails merged to 2–4 and 10–12, short inner bins merged into their smaller neighbour', () => {
    // Observed per total 2..12; expected 1,2,3,4,5,6,5,4,3,2,1.
    const observed = [0, 1, 2, 6, 4, 8, 4, 4, 3, 3, 1];
    const log = observed.flatMap((o, k) => Array.from({ length: o }, () => r2d6(k + 2)));
    const g = luckStats(log).sides[0]!.groups[0]!;
    expect(g.n).toBe(36);
    // Bins: 2–4 (o 3, e 6), 5–6 (o 10, e 9), 7 (o 8, e 6), 8–9 (o 8, e 9), 10–12 (o 7, e 6).
    const x = 9 / 6 + 1 / 9 + 4 / 6 + 1 / 9 + 1 / 6; // = 23/9
    expect(g.chiSquare!.statistic).toBeCloseTo(x, 12);
    expect(g.chiSquare!.df).toBe(4);
    // For 4 df the upper tail is exp(−x/2)(1 + x/2).
    expect(g.chiSquare!.pValue).toBeCloseTo(Math.exp(-x / 2) * (1 + x / 2), 9);
  });

  it('is omitted when no two bins can expect 5', () => {
    expect(
      chiSquare([
        { value: 1, observed: 2, expected: 2 },
        { value: 2, observed: 2, expected: 2 },
      ]),
    ).toBeUndefined();
    expect(
      chiSquare([
        { value: 1, observed: 5, expected: 5 },
        { value: 2, observed: 5, expected: 5 },
      ]),
    ).toMatchObject({ statistic: 0, df: 1 });
  });

  it('is omitted when an impossible value was recorded', () => {
    expect(
      chiSquare([
        { value: 1, observed: 10, expected: 10 },
        { value: 2, observed: 0, expected: 10 },
        { value: 9, observed: 1, expected: 0 },
      ]),
    ).toBeUndefined();
  });
});

describe('normal approximation', () => {
  it('erf and Φ within 1.5e-7 of known values', () => {
    expect(erf(0)).toBeCloseTo(0, 7);
    expect(erf(0.5)).toBeCloseTo(0.5204998778, 6);
    expect(erf(-1)).toBeCloseTo(-0.8427007929, 6);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1)).toBeCloseTo(0.1586552539, 6);
  });
});
