/**
 * The one source of randomness: seedrandom's alea, whose whole state is four small numbers of
 * plain JSON. A session stores the state before every random step, so undo restores it (redoing a
 * step gives the same dice) and an exported game can be replayed and verified from its seed.
 */
import type seedrandom from 'seedrandom';
// Only the alea generator: the package's main module bundles six (issue #14).
import alea from 'seedrandom/lib/alea.js';
import { isRngState, type RngState } from './rng-state';
// The saved state's check and the seed from bytes need no generator: a stored game is checked,
// and a seed made, without loading it (issue #14).
export { isRngState, seedFromBytes, type RngState } from './rng-state';

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

const TWO32 = 0x100000000;

/** An unbiased integer in [0, n): rejection sampling on uniform 32-bit integers. */
export function randInt(rng: Rng, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > TWO32) throw new RangeError(`randInt needs 1 ≤ n ≤ 2^32, got ${n}`);
  const limit = TWO32 - (TWO32 % n); // largest multiple of n that is ≤ 2^32
  for (;;) {
    const word = rng.uint32();
    if (word < limit) return word % n;
  }
}
