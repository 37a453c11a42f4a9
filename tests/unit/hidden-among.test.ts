// Issue #33, a card kept face down (src/link/hidden-cup/sra.ts proveAmong/checkAmong): its drawer
// proves it is ONE of a set of chits (Grossdeutschland's black event chits, 10.3) without saying
// which. The proof checks for a card that is one of them, from any of them; a card that is not one
// of them has no proof (the drawer cannot make one, and one made for another card or another set,
// or tampered with, does not check); the proof is the same size and shape whichever chit it hides.
import { describe, expect, it } from 'vitest';
import { source } from './fixed-random';
import {
  checkAmong,
  checkChain,
  chitPoints,
  newKey,
  open,
  proveAmong,
  reveal,
  shuffleStep,
  unlock,
} from '../../src/link/hidden-cup/sra';

const DEAL = 'among-test';
const N = 12;
/** Chits 2, 5, 7 and 11 are the ones that may be kept (the cup's black chits). */
const BLACK = [2, 5, 7, 11];

function dealt() {
  const g = { random: source('german'), ...newKey(source('german-key')) };
  const s = { random: source('soviet'), ...newKey(source('soviet-key')) };
  const a = shuffleStep(chitPoints(DEAL, N), g.secret, g.random);
  const b = shuffleStep(a.deck, s.secret, s.random);
  const keys = { german: g.key, soviet: s.key };
  const points = chitPoints(DEAL, N);
  /** The Soviet side draws card `pos`: the German layer taken off, then the Soviet phone opens it. */
  const draw = (pos: number) => {
    const partial = unlock(b.deck[pos]!, g.secret, 'german', g.random);
    const c = checkChain(b.deck[pos]!, [partial], keys);
    if (!c.ok) throw new Error('chain');
    return { last: c.last, index: open(c.last, b.secret, points)! };
  };
  return { g, s: { ...s, secret: b.secret }, deck: b.deck, points, draw };
}

describe('a card kept face down: one of the chits that may be kept, not which (10.3)', () => {
  it('every black card gets a proof that checks; no other card gets one', () => {
    const { s, points, draw } = dealt();
    let blacks = 0;
    for (let pos = 0; pos < N; pos++) {
      const { last, index } = draw(pos);
      const proof = proveAmong(last, index, BLACK, points, s.secret, s.random);
      if (BLACK.includes(index)) {
        blacks++;
        expect(proof).toBeDefined();
        expect(checkAmong(last, s.key, BLACK, proof!, points)).toBe(true);
        // Whichever black chit it is, the proof has one part per black chit: its shape tells nothing.
        expect(proof!.parts).toHaveLength(BLACK.length);
        // Checked against a set without this chit, or with another drawer's key, it does not hold.
        expect(checkAmong(last, s.key, BLACK.filter((i) => i !== index).concat(0), proof!, points)).toBe(false);
        expect(checkAmong(last, newKey(source('x')).key, BLACK, proof!, points)).toBe(false);
      } else {
        expect(proof).toBeUndefined();
        // A red or blue card passed off as black with a proof made for the set from any values: refused.
        const r = reveal(last, index, points, s.secret, s.random);
        expect(checkAmong(last, s.key, BLACK, { parts: BLACK.map(() => r.proof) }, points)).toBe(false);
      }
    }
    expect(blacks).toBe(BLACK.length);
  });

  it('a proof made for one card does not hold for another, nor once a part is changed', () => {
    const { s, points, draw } = dealt();
    const cards = Array.from({ length: N }, (_, pos) => draw(pos));
    const [a, b] = cards.filter((c) => BLACK.includes(c.index));
    const proof = proveAmong(a!.last, a!.index, BLACK, points, s.secret, s.random)!;
    expect(checkAmong(b!.last, s.key, BLACK, proof, points)).toBe(false);
    const parts = [...proof.parts];
    parts[0] = { ...parts[0]!, s: parts[1]!.s };
    expect(checkAmong(a!.last, s.key, BLACK, { parts }, points)).toBe(false);
    expect(checkAmong(a!.last, s.key, BLACK, { parts: [...proof.parts].reverse() }, points)).toBe(false);
    expect(checkAmong(a!.last, s.key, [], { parts: [] }, points)).toBe(false);
  });
});
