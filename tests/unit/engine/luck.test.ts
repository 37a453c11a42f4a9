// Issue #15: luck in outcomes. Each roll on a table with its own exact chances; the count's exact
// (Poisson binomial) distribution and the exact chance of the longest run, checked by hand.
import { describe, expect, it } from 'vitest';
import {
  apply,
  initialState,
  newSession,
  outcomeLuck,
  poissonBinomial,
  runAtLeast,
  tally,
  undo,
  type Action,
  type GameContext,
  type Session,
  type SessionState,
} from '../../../src/engine';
import { gdCrt, oneD } from './fixtures';

// oneD: 2d6, rows ≤4 → 1, 5-6 → 2, 7 → 3, 8-9 → 4, ≥10 → 5.
const ctx: GameContext = {
  tables: new Map([
    ['one-d', oneD()],
    ['gd-like', gdCrt()],
  ]),
};
const roll = (manual: number[], plus = 0): Action => ({
  type: 'table',
  table: 'one-d',
  manual,
  ...(plus ? { modifiers: [{ value: plus, label: 'hill', rule: '1.3' }] } : {}),
});

function play(steps: readonly (readonly [Action, string] | 'undo')[]): Session {
  let session = newSession({
    id: 'l',
    game: 'test',
    scenario: 'x',
    name: 'L',
    seed: 'luck',
    createdAt: '2024-01-01T00:00:00Z',
  });
  let state: SessionState = initialState(session);
  for (const s of steps)
    if (s === 'undo') ({ session, state } = undo(session, ctx));
    else ({ session, state } = apply(session, state, s[0], ctx, { context: { side: s[1] } }));
  return session;
}

describe('the exact distributions', () => {
  it('Poisson binomial: the count of successes of trials with different chances', () => {
    const [p0, p1, p2, p3] = poissonBinomial([1 / 6, 1 / 6, 15 / 36]);
    // By hand: a = 1/6, b = 5/12. P(0) = (5/6)²(7/12) = 175/432; P(3) = a²b = 5/432.
    expect(p0).toBeCloseTo(175 / 432, 12);
    expect(p3).toBeCloseTo(5 / 432, 12);
    expect(p2).toBeCloseTo(57 / 432, 12);
    expect(p0! + p1! + p2! + p3!).toBeCloseTo(1, 12);
  });

  it('the chance of a run at least this long, against enumeration of every sequence', () => {
    const ps = [0.3, 0.6, 0.2, 0.9, 0.5, 0.4];
    for (let len = 0; len <= 6; len++) {
      let direct = 0;
      for (let m = 0; m < 64; m++) {
        let p = 1,
          run = 0,
          best = 0;
        for (let k = 0; k < 6; k++) {
          const hit = (m >> k) & 1;
          p *= hit ? ps[k]! : 1 - ps[k]!;
          run = hit ? run + 1 : 0;
          best = Math.max(best, run);
        }
        if (best >= len) direct += p;
      }
      expect(runAtLeast(ps, len), `len ${len}`).toBeCloseTo(direct, 12);
    }
  });
});

describe('luck in outcomes, through the session log (typed-in dice)', () => {
  it('"5 (roll of 10 or more)": 2 of 3, expected 0.75 — matches the hand computation', () => {
    // Rolls: 10 (no modifier, chance of 5 is 6/36), 2 (6/36), 8 + 2 = 10 (chance 15/36).
    const s = play([
      [roll([5, 5]), 'german'],
      [roll([1, 1]), 'german'],
      [roll([4, 4], 2), 'german'],
    ]);
    const [g] = outcomeLuck(s.log, ctx, { errata: 'default' });
    expect(g).toMatchObject({ side: 'german', table: 'one-d', results: [1, 2, 3, 4, 5] });
    expect(g!.trials.map((t) => t.result)).toEqual([5, 1, 5]);
    const t = tally(g!.trials, new Set([5]));
    expect(t).toMatchObject({ n: 3, obtained: 2, longest: 1 });
    expect(t.expected).toBeCloseTo(27 / 36, 12);
    expect(t.atLeast).toBeCloseTo(62 / 432, 12); // = 31/216 ≈ 0.14
    expect(t.atMost).toBeCloseTo(427 / 432, 12);
    expect(t.streak).toBeCloseTo(257 / 432, 12); // a run of 1: anything but no 5 at all
  });

  it('"4 or better" counts several results together; a run of two is judged by each roll\'s chance', () => {
    const s = play([
      [roll([4, 4]), 'soviet'], // 8 → 4
      [roll([6, 6]), 'soviet'], // 12 → 5
      [roll([1, 2], 2), 'soviet'], // 3 + 2 = 5 → 2
    ]);
    const [g] = outcomeLuck(s.log, ctx, { errata: 'default' });
    const t = tally(g!.trials, new Set([4, 5]));
    // P(≥8) = 15/36 without modifier; with +2, P(total ≥ 6) = 26/36.
    const a = 15 / 36,
      b = 26 / 36;
    expect(t).toMatchObject({ obtained: 2, longest: 2 });
    expect(t.expected).toBeCloseTo(a + a + b, 12);
    expect(t.streak).toBeCloseTo(a * a + a * b - a * a * b, 12);
  });

  it('per side and per table; undone steps and automatic results are left out', () => {
    const s = play([
      [roll([3, 3]), 'german'],
      [roll([2, 2]), 'soviet'],
      [{ type: 'combat', table: 'gd-like', attack: 6, defence: 2, manual: [4] }, 'german'],
      [roll([6, 6]), 'german'],
      'undo',
    ]);
    const groups = outcomeLuck(s.log, ctx, { errata: 'default' });
    expect(groups.map((g) => [g.side, g.table, g.trials.length])).toEqual([
      ['german', 'one-d', 1],
      ['soviet', 'one-d', 1],
      ['german', 'gd-like', 1],
    ]);
    const crt = groups[2]!;
    // 6:2 is the 3-1 column (index 5): each of the six cells has chance 1/6.
    expect(crt.trials[0]!.result).toBe('c5r4');
    expect([...crt.trials[0]!.chances.values()]).toEqual(Array(6).fill(1 / 6));
    expect(tally(crt.trials, new Set(['c5r4']))).toMatchObject({ obtained: 1, atLeast: 1 / 6 });
  });
});
