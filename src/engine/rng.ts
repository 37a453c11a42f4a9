/**
 * The one source of randomness: seedrandom's alea, whose whole state is four small numbers of
 * plain JSON. A session stores the state before every random step, so undo restores it (redoing a
 * step gives the same dice) and an exported game can be replayed and verified from its seed.
 */
import type seedrandom from 'seedrandom';
// Only the alea generator: the package's main module bundles six (issue #14).
import alea from 'seedrandom/lib/alea.js';

export type RngState = { readonly alg: 'alea'; readonly s: { c: number; s0: number; s1: number; s2: number } };

export interface Rng {
  /** A uniform 32-bit unsigned integer. */
  uint32(): number;
  /** The state now; restoring it replays exactly what follows. */
  snapshot(): RngState;
}

function wrap(prng: seedrandom.StatefulPRNG<seedrandom.State.Alea>): Rng {
  return {
    uint32: () => prng.int32() >>> 0,
    snapshot: () => ({ alg: 'alea', s: { ...(prng.state() as RngState['s']) } }),
  };
}

export function createRng(seed: string): Rng {
  if (typeof seed !== 'string' || seed.length === 0) throw new Error('A seed is a non-empty string');
  return wrap(alea(seed, { state: true }));
}

export function restoreRng(state: RngState): Rng {
  if (!isRngState(state)) throw new Error('Not a saved random-number state');
  return wrap(alea('', { state: { ...state.s } }));
}

export function isRngState(v: unknown): v is RngState {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as { alg?: unknown; s?: Record<string, unknown> };
  return (
    o.alg === 'alea' &&
    typeof o.s === 'object' &&
    o.s !== null &&
    ['c', 's0', 's1', 's2'].every((k) => typeof o.s![k] === 'number' && Number.isFinite(o.s![k]))
  );
}

const TWO32 = 0x100000000;

/** An unbiased integer in [0, n): rejection sampling on uniform 32-bit integers. */
export function randInt(rng: Rng, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > TWO32) throw new RangeError(`randInt needs 1 ≤ n ≤ 2^32, got ${n}`);
  const limit = TWO32 - (TWO32 % n); // largest multiple of n that is ≤ 2^32
  for (;;) {
    const x = rng.uint32();
    if (x < limit) return x % n;
  }
}

/** A fresh seed from the caller's entropy source (the app passes crypto.getRandomValues output). */
export function seedFromBytes(bytes: ArrayLike<number>): string {
  return Array.from(bytes, (b) => (b & 0xff).toString(16).padStart(2, '0')).join('');
}
