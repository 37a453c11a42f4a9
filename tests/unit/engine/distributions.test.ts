import { describe, expect, it } from 'vitest';
import {
  combatDistribution,
  manualDice,
  mixDistributions,
  probability,
  resolveCombat,
  rollDistribution,
  type DiceSpec,
  type Distribution,
} from '../../../src/engine';
import { boCrt, diffCrt, engineError, oneD, twoD } from './fixtures';

const TWO_D6: DiceSpec = { n: 2, sides: 6 };
const total = (d: Distribution) => [...d.counts.values()].reduce((a, b) => a + b, 0);

describe('combatDistribution', () => {
  it('2d6 +1 with a clamp at 2..12 matches the hand count for the 0 column', () => {
    // Totals 2..12 (1,2,3,4,5,6,5,4,3,2,1 of 36) become 3..13; 13 clamps to 12, adding 1 to the row "12".
    const d = combatDistribution(diffCrt(), { attack: 4, defence: 4, modifiers: [{ value: 1, label: '+1' }] }, TWO_D6);
    expect(d.outcomes).toBe(36);
    expect(Object.fromEntries(d.counts)).toEqual({
      '0@3': 1,
      '0@4': 2,
      '0@5': 3,
      '0@6': 4,
      '0@7': 5,
      '0@8': 6,
      '0@9': 5,
      '0@10': 4,
      '0@11': 3,
      '0@12': 3,
    });
    expect(probability(d, '0@12')).toBeCloseTo(3 / 36, 12);
    expect(probability(d, '0@2')).toBe(0);
  });

  it('agrees with resolving each of the 36 rolls one by one (shifts and modifiers included)', () => {
    const t = diffCrt();
    const input = {
      attack: 3,
      defence: 4,
      shifts: [{ amount: 2, label: 's' }],
      modifiers: [{ value: -2, label: '-2' }],
    };
    const byHand = new Map<string | number, number>();
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 6; b++) {
        const r = resolveCombat(t, input, manualDice(TWO_D6, [a, b]));
        byHand.set(r.result, (byHand.get(r.result) ?? 0) + 1);
      }
    const d = combatDistribution(t, input, TWO_D6);
    expect(d.counts).toEqual(byHand);
    expect([...d.counts.keys()].every((k) => String(k).startsWith('+1@'))).toBe(true);
  });

  it('an automatic result has probability 1 and needs no dice', () => {
    const d = combatDistribution(boCrt(), { attack: 9, defence: 1 }, { n: 1, sides: 6 });
    expect(probability(d, 'DL1+DR')).toBe(1);
    expect(d.counts.size).toBe(1);
  });

  it('refuses an invalid strength like resolveCombat does', () => {
    expect(engineError(() => combatDistribution(boCrt(), { attack: 0, defence: 1 }, { n: 1, sides: 6 })).code).toBe(
      'strength',
    );
  });
});

describe('rollDistribution', () => {
  it('2d6 on the 1-D table: {1:6, 2:9, 3:6, 4:9, 5:6} of 36, summing to the outcomes', () => {
    const d = rollDistribution(oneD(), TWO_D6, []);
    expect(Object.fromEntries(d.counts)).toEqual({ 1: 6, 2: 9, 3: 6, 4: 9, 5: 6 });
    expect(total(d)).toBe(d.outcomes);
    expect(d.outcomes).toBe(36);
  });

  it('uses the chosen row, errata mode and entered cells', () => {
    const d6: DiceSpec = { n: 1, sides: 6 };
    const printed = rollDistribution(twoD(), d6, [], { other: 't2', errata: 'printed', entered: { 't2|3-4': 'M' } });
    expect(Object.fromEntries(printed.counts)).toEqual({ S: 2, M: 2, X: 2 });
    const corrected = rollDistribution(twoD(), d6, [], {
      other: 't2',
      errata: 'corrected',
      entered: { 't2|3-4': 'M' },
    });
    expect(Object.fromEntries(corrected.counts)).toEqual({ C: 2, M: 4 });
    // A cell neither printed nor typed in is an unknown share of the chances, not a refusal (#31).
    const unknown = rollDistribution(twoD(), d6, [], { other: 't2' });
    expect({
      counts: Object.fromEntries(unknown.counts),
      unknown: unknown.unknown,
      outcomes: unknown.outcomes,
    }).toEqual({
      counts: { C: 2, X: 2 },
      unknown: 2,
      outcomes: 6,
    });
  });
});

describe('mixDistributions', () => {
  it('weights the parts over a common denominator', () => {
    // Arrange: A = {x:1, y:1}/2 with weight 1, B = {x:1, z:2}/3 with weight 2.
    const a: Distribution = {
      counts: new Map([
        ['x', 1],
        ['y', 1],
      ]),
      outcomes: 2,
    };
    const b: Distribution = {
      counts: new Map([
        ['x', 1],
        ['z', 2],
      ]),
      outcomes: 3,
    };
    // Act
    const m = mixDistributions([
      { weight: 1, dist: a },
      { weight: 2, dist: b },
    ]);
    // Assert: P(x) = 1/3·1/2 + 2/3·1/3 = 7/18, P(y) = 3/18, P(z) = 8/18.
    expect(probability(m, 'x')).toBeCloseTo(7 / 18, 12);
    expect(probability(m, 'y')).toBeCloseTo(3 / 18, 12);
    expect(probability(m, 'z')).toBeCloseTo(8 / 18, 12);
    expect(total(m)).toBe(m.outcomes);
    expect([...m.counts.values()].every(Number.isInteger)).toBe(true);
  });

  it('an automatic result mixed with a rolled one keeps its weight', () => {
    const auto = combatDistribution(boCrt(), { attack: 9, defence: 1 }, { n: 1, sides: 6 });
    const rolled = rollDistribution(oneD(), TWO_D6, []);
    const m = mixDistributions([
      { weight: 1, dist: auto },
      { weight: 3, dist: rolled },
    ]);
    expect(probability(m, 'DL1+DR')).toBeCloseTo(1 / 4, 12);
    expect(probability(m, 2)).toBeCloseTo((3 / 4) * (9 / 36), 12);
  });
});
