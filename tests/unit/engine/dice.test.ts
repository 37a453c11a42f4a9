import { describe, expect, it } from 'vitest';
import {
  createRng,
  diceLabel,
  hitsDistribution,
  manualDice,
  manualTotal,
  parseDice,
  rollDice,
  sumDistribution,
} from '../../../src/engine';
import type { DiceSpec, SumDistribution } from '../../../src/engine';
import { D6, TWO_D6, engineError, scriptedRng } from './fixtures';

const CUSTOM: DiceSpec = { n: 1, faces: [2, 3, 3, 4, 4, 5] };
const asObject = (d: SumDistribution) => Object.fromEntries(d.counts);

describe('rollDice', () => {
  it('2d6 keeps each die and the total is their sum', () => {
    // Arrange: scripted values 0 and 4 map to faces 1 and 5.
    const rng = scriptedRng([0, 4]);
    // Act
    const r = rollDice(rng, TWO_D6);
    // Assert
    expect(r.dice).toEqual([1, 5]);
    expect(r.total).toBe(6);
    expect(r.manual).toBe(false);
    expect(r.hits).toBeUndefined();
  });

  it('a custom-faces die only ever yields its faces, each index equally', () => {
    const rng = createRng('custom');
    const seen = new Map<number, number>();
    for (let k = 0; k < 6000; k++) {
      const f = rollDice(rng, CUSTOM).total;
      seen.set(f, (seen.get(f) ?? 0) + 1);
    }
    expect([...seen.keys()].sort()).toEqual([2, 3, 4, 5]);
    // 3 and 4 are on two faces each: roughly twice as common as 2 and 5.
    expect(seen.get(3)! / seen.get(2)!).toBeGreaterThan(1.6);
    expect(seen.get(4)! / seen.get(5)!).toBeGreaterThan(1.6);
  });

  it('maps the random index onto the listed faces (index 1 and 2 are both "3")', () => {
    expect(rollDice(scriptedRng([1]), CUSTOM).total).toBe(3);
    expect(rollDice(scriptedRng([2]), CUSTOM).total).toBe(3);
    expect(rollDice(scriptedRng([5]), CUSTOM).total).toBe(5);
  });

  it('a pool counts the dice at or above hitOn', () => {
    // faces 5, 4, 6, 1 → hits 5 and 6
    const r = rollDice(scriptedRng([4, 3, 5, 0]), { n: 4, sides: 6 }, 5);
    expect(r.dice).toEqual([5, 4, 6, 1]);
    expect(r.hitOn).toBe(5);
    expect(r.hits).toBe(2);
  });

  it('refuses impossible specs', () => {
    expect(engineError(() => rollDice(createRng('x'), { n: 0, sides: 6 })).code).toBe('dice-spec');
    expect(engineError(() => rollDice(createRng('x'), { n: 1, sides: 1 })).code).toBe('dice-spec');
    expect(engineError(() => rollDice(createRng('x'), { n: 1, faces: [3] })).code).toBe('dice-spec');
  });
});

describe('manualDice / manualTotal', () => {
  it('accepts faces the dice have and flags the roll manual', () => {
    const r = manualDice(TWO_D6, [6, 3]);
    expect(r).toMatchObject({ dice: [6, 3], total: 9, manual: true });
    expect(manualDice(CUSTOM, [4]).total).toBe(4);
    expect(manualDice({ n: 3, sides: 6 }, [5, 6, 2], 5).hits).toBe(2);
  });

  it('refuses a 7 on a d6 and a 1 on the custom die (not one of its faces)', () => {
    expect(engineError(() => manualDice(D6, [7])).code).toBe('manual-face');
    expect(engineError(() => manualDice(D6, [0])).code).toBe('manual-face');
    expect(engineError(() => manualDice(CUSTOM, [1])).code).toBe('manual-face');
    expect(engineError(() => manualDice(CUSTOM, [6])).code).toBe('manual-face');
  });

  it('refuses a value inside the range of a die with a gap in its faces', () => {
    const gapped: DiceSpec = { n: 2, faces: [1, 2, 4, 6] };
    expect(manualDice(gapped, [4, 6]).total).toBe(10);
    expect(engineError(() => manualDice(gapped, [4, 3])).code).toBe('manual-face');
    expect(engineError(() => manualTotal({ n: 1, faces: [1, 2, 4, 6] }, 3)).code).toBe('manual-face');
  });

  it('refuses the wrong number of dice', () => {
    const e = engineError(() => manualDice(TWO_D6, [3]));
    expect(e.code).toBe('manual-count');
    expect(e.params).toMatchObject({ expected: 2, got: 1 });
    expect(engineError(() => manualDice(TWO_D6, [3, 3, 3])).code).toBe('manual-count');
  });

  it.each([[NaN], [3.5], ['4'], [null]])('refuses %s as a die value', (v) => {
    expect(engineError(() => manualDice(D6, [v])).code).toBe('manual-not-integer');
  });

  it('manualTotal accepts a possible total and refuses an impossible one', () => {
    expect(manualTotal(TWO_D6, 12)).toMatchObject({ total: 12, dice: [], manual: true });
    expect(engineError(() => manualTotal(TWO_D6, 13)).code).toBe('manual-face');
    expect(engineError(() => manualTotal(TWO_D6, 1)).code).toBe('manual-face');
    expect(engineError(() => manualTotal(TWO_D6, 7.5)).code).toBe('manual-not-integer');
  });
});

describe('exact distributions', () => {
  it('2d6 equals the hand enumeration 1,2,3,4,5,6,5,4,3,2,1 of 36', () => {
    const d = sumDistribution(TWO_D6);
    expect(d.outcomes).toBe(36);
    expect([d.min, d.max]).toEqual([2, 12]);
    expect([...d.counts.entries()]).toEqual([
      [2, 1],
      [3, 2],
      [4, 3],
      [5, 4],
      [6, 5],
      [7, 6],
      [8, 5],
      [9, 4],
      [10, 3],
      [11, 2],
      [12, 1],
    ]);
  });

  it('3d6 has 216 outcomes and P(10) = 27/216', () => {
    const d = sumDistribution({ n: 3, sides: 6 });
    expect(d.outcomes).toBe(216);
    expect([...d.counts.values()].reduce((a, b) => a + b, 0)).toBe(216);
    expect(d.counts.get(10)).toBe(27);
    expect(d.counts.get(3)).toBe(1);
  });

  it('the custom die 2,3,3,4,4,5 gives {2:1, 3:2, 4:2, 5:1} of 6', () => {
    const d = sumDistribution(CUSTOM);
    expect(asObject(d)).toEqual({ 2: 1, 3: 2, 4: 2, 5: 1 });
    expect(d.outcomes).toBe(6);
  });

  it('hits of 3 dice hitting on 5+ are binomial(3, 1/3): {0:64, 1:96, 2:48, 3:8} of 216', () => {
    const d = hitsDistribution({ n: 3, sides: 6 }, 5);
    expect(asObject(d)).toEqual({ 0: 64, 1: 96, 2: 48, 3: 8 });
    expect(d.outcomes).toBe(216);
  });

  it('a cached distribution for one spec is not served for another', () => {
    expect(sumDistribution({ n: 1, sides: 6 }).outcomes).toBe(6);
    expect(sumDistribution({ n: 1, sides: 8 }).outcomes).toBe(8);
    expect(hitsDistribution({ n: 1, sides: 6 }, 4).counts.get(1)).toBe(3);
    expect(hitsDistribution({ n: 1, sides: 6 }, 6).counts.get(1)).toBe(1);
  });
});

describe('parseDice / diceLabel', () => {
  it('parses "2d6", "d6" and "3D6"', () => {
    expect(parseDice('2d6')).toEqual({ n: 2, sides: 6 });
    expect(parseDice('d6')).toEqual({ n: 1, sides: 6 });
    expect(parseDice(' 3D6 ')).toEqual({ n: 3, sides: 6 });
  });

  it.each(['abc', '0d6', '2d1', '2d', '', '2x6', '-1d6'])('refuses "%s"', (text) => {
    expect(engineError(() => parseDice(text)).code).toBe('dice-spec');
  });

  it('labels dice for display', () => {
    expect(diceLabel(TWO_D6)).toBe('2d6');
    expect(diceLabel(CUSTOM)).toBe('1d[2,3,3,4,4,5]');
  });
});
