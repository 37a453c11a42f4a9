import { describe, expect, it } from 'vitest';
import {
  createRng,
  isRngState,
  randInt,
  restoreRng,
  rollDice,
  seedFromBytes,
  type RngState,
} from '../../../src/engine';
import { scriptedRng } from './fixtures';

const TWO32 = 2 ** 32;

describe('rng: golden sequence (pins the generator across machines and library versions)', () => {
  it('the first ten d6 from seed "golden" never change', () => {
    const rng = createRng('golden');
    const faces = Array.from({ length: 10 }, () => rollDice(rng, { n: 1, sides: 6 }).total);
    expect(faces).toEqual([3, 2, 3, 3, 4, 2, 2, 2, 4, 6]);
  });

  it('the first ten uint32 from seed "golden" never change', () => {
    const rng = createRng('golden');
    const xs = Array.from({ length: 10 }, () => rng.uint32());
    expect(xs).toEqual([
      1095689102, 782979631, 1935827774, 100210424, 1048268343, 2516229967, 1038008287, 964255795, 397872609,
      2583738719,
    ]);
  });

  it('different seeds give different sequences', () => {
    const a = createRng('golden'),
      b = createRng('golden2');
    expect(Array.from({ length: 5 }, () => a.uint32())).not.toEqual(Array.from({ length: 5 }, () => b.uint32()));
  });
});

describe('rng: snapshot and restore', () => {
  it('a snapshot that went through JSON reproduces the next 1000 values', () => {
    const rng = createRng('snap');
    for (let k = 0; k < 37; k++) rng.uint32();
    const saved = JSON.stringify(rng.snapshot());

    const expected = Array.from({ length: 1000 }, () => rng.uint32());
    const restored = restoreRng(JSON.parse(saved) as RngState);
    const replayed = Array.from({ length: 1000 }, () => restored.uint32());

    expect(replayed).toEqual(expected);
  });

  it('a snapshot is a copy: advancing the generator does not change it', () => {
    const rng = createRng('copy');
    const snap = rng.snapshot();
    const before = JSON.stringify(snap);
    rng.uint32();
    expect(JSON.stringify(snap)).toBe(before);
    expect(JSON.stringify(rng.snapshot())).not.toBe(before);
  });

  it('refuses an empty seed and states that are not alea states', () => {
    expect(() => createRng('')).toThrow();
    expect(isRngState({ alg: 'alea', s: { c: 1, s0: 0.1, s1: 0.2, s2: NaN } })).toBe(false);
    expect(isRngState({ alg: 'xor', s: { c: 1, s0: 0.1, s1: 0.2, s2: 0.3 } })).toBe(false);
    expect(isRngState({ alg: 'alea', s: { c: 1, s0: 0.1, s1: 0.2 } })).toBe(false);
    expect(() => restoreRng({ alg: 'alea' } as unknown as RngState)).toThrow();
  });

  it('seedFromBytes is lowercase hex, two digits per byte', () => {
    expect(seedFromBytes([0, 255, 16, 0x1ab])).toBe('00ff10ab');
  });
});

describe('randInt', () => {
  it('rejects values at or above the largest multiple of n (no modulo bias)', () => {
    // Arrange: for n = 6 the limit is 2^32 − (2^32 mod 6) = 4294967292.
    const limit = TWO32 - (TWO32 % 6);
    expect(limit).toBe(4294967292);
    const rng = scriptedRng([TWO32 - 1, limit, limit - 1]);
    // Act
    const v = randInt(rng, 6);
    // Assert: the first two draws were thrown away, the third (limit − 1 ≡ 5 mod 6) was used.
    expect(rng.used()).toBe(3);
    expect(v).toBe((limit - 1) % 6);
    expect(v).toBe(5);
  });

  it('uses the first value when it is below the limit', () => {
    const rng = scriptedRng([13, 99]);
    expect(randInt(rng, 6)).toBe(1);
    expect(rng.used()).toBe(1);
  });

  it('60,000 seeded d6 pass a chi-square test at 99.9% (5 degrees of freedom: 20.52)', () => {
    const rng = createRng('chi-square');
    const counts = [0, 0, 0, 0, 0, 0];
    const N = 60_000;
    for (let k = 0; k < N; k++) counts[randInt(rng, 6)]!++;
    const expected = N / 6;
    const chi2 = counts.reduce((a, c) => a + (c - expected) ** 2 / expected, 0);
    expect(counts.every((c) => c > 0)).toBe(true);
    expect(chi2).toBeLessThan(20.52);
  });

  it('every value is an integer in [0, n)', () => {
    const rng = createRng('range');
    for (const n of [1, 2, 3, 7, 1000, TWO32]) {
      for (let k = 0; k < 200; k++) {
        const v = randInt(rng, n);
        expect(Number.isInteger(v) && v >= 0 && v < n).toBe(true);
      }
    }
  });

  it.each([0, -1, NaN, 2.5, Infinity, TWO32 + 1])('refuses n = %s', (n) => {
    expect(() => randInt(createRng('x'), n)).toThrow(RangeError);
  });
});
