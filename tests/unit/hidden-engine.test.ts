// Issue #33: a hidden cup's steps in the engine (src/engine/hidden.ts): the log keeps only what
// every device may know. A deal takes the cup's chits out of the plain cup; a draw records who drew
// the next card, never what; a reveal names the chit (its proof is checked by the writer and the
// verifier, src/link/hidden-cup/verify.ts); the turn ends only when every drawn chit was shown.
import { describe, expect, it } from 'vitest';
import { createCup } from '../../src/engine/cup';
import { applyHidden, endDeal, type HiddenAction, type HiddenDeal } from '../../src/engine/hidden';
import { EngineError } from '../../src/engine/errors';

const hex = (k: number) => k.toString(16).padStart(64, '0');
const deck = (n: number, base: number) => Array.from({ length: n }, (_, i) => hex(base + i + 1));
const cup0 = createCup('activation', ['g-1gr', 'g-2gr', 's-13a'], 'return-all-at-end-of-turn');
const dealAction: HiddenAction = {
  type: 'hidden.deal',
  cup: 'activation',
  deal: 'd1',
  parties: [
    { side: 'german', key: hex(1) },
    { side: 'soviet', key: hex(2) },
  ],
  decks: [deck(3, 10), deck(3, 20)],
};
const proof = { c: hex(3), s: hex(4) };
const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof EngineError ? String(e.params['key']) : String(e);
  }
  return 'accepted';
};

function dealt() {
  const r = applyHidden(dealAction, cup0, undefined);
  return { cup: r.cup, deal: r.deal! };
}

describe('a hidden cup in the log', () => {
  it('a deal takes the chits out of the plain cup and keeps them in deal order', () => {
    const r = applyHidden(dealAction, cup0, undefined);
    expect(r.cup.chits).toEqual([]);
    expect(r.deal).toMatchObject({ chits: ['g-1gr', 'g-2gr', 's-13a'], drawn: [], revealed: {} });
    expect(r.outcome).toEqual({ kind: 'hidden', cup: 'activation', op: 'deal', n: 3 });
  });

  it('refuses a second deal, a deck of another size, a party twice, a value that is not hex', () => {
    const { cup, deal } = dealt();
    expect(refusal(() => applyHidden(dealAction, cup, deal))).toBe('hidden.err.dealt');
    expect(refusal(() => applyHidden({ ...dealAction, decks: [deck(2, 10), deck(3, 20)] }, cup0, undefined))).toBe(
      'hidden.err.malformed',
    );
    const twice = { ...dealAction, parties: [dealAction.parties[0]!, dealAction.parties[0]!] };
    expect(refusal(() => applyHidden(twice, cup0, undefined))).toBe('hidden.err.parties');
    expect(refusal(() => applyHidden({ ...dealAction, decks: [deck(3, 10), ['x', 'y', 'z']] }, cup0, undefined))).toBe(
      'hidden.err.malformed',
    );
  });

  it('a draw records who drew the next card, never what; a side with no phone in the deal cannot draw', () => {
    const { cup, deal } = dealt();
    const r = applyHidden({ type: 'hidden.draw', cup: 'activation', side: 'soviet' }, cup, deal);
    expect(r.outcome).toEqual({ kind: 'hidden', cup: 'activation', op: 'draw', n: 2, side: 'soviet', pos: 0 });
    expect(JSON.stringify(r.outcome)).not.toMatch(/g-1gr|g-2gr|s-13a/);
    expect(refusal(() => applyHidden({ type: 'hidden.draw', cup: 'activation', side: 'romanian' }, cup, deal))).toBe(
      'hidden.err.notParty',
    );
  });

  it('a reveal names the chit and puts it on the discard pile; a position not drawn, shown twice, or a chit shown twice is refused', () => {
    let { cup, deal }: { cup: typeof cup0; deal: HiddenDeal } = dealt();
    for (const side of ['soviet', 'german']) {
      const r = applyHidden({ type: 'hidden.draw', cup: 'activation', side }, cup, deal);
      ({ cup } = r);
      deal = r.deal!;
    }
    const reveal = (pos: number, index: number): HiddenAction => ({
      type: 'hidden.reveal',
      cup: 'activation',
      pos,
      chain: [],
      index,
      proof,
    });
    expect(refusal(() => applyHidden(reveal(2, 0), cup, deal))).toBe('hidden.err.notDrawn');
    const r = applyHidden(reveal(0, 2), cup, deal);
    expect(r.outcome).toMatchObject({ op: 'reveal', side: 'soviet', pos: 0, chit: 's-13a' });
    expect(r.cup.discard).toEqual(['s-13a']);
    expect(refusal(() => applyHidden(reveal(0, 1), r.cup, r.deal))).toBe('hidden.err.revealed');
    expect(refusal(() => applyHidden(reveal(1, 2), r.cup, r.deal))).toBe('hidden.err.twice');
    // The turn cannot end while the German chit is hidden; once shown, the chits not drawn go back.
    expect(refusal(() => endDeal(r.cup, r.deal!))).toBe('hidden.err.unrevealed');
    const last = applyHidden(reveal(1, 0), r.cup, r.deal);
    expect(endDeal(last.cup, last.deal!).chits).toEqual(['g-2gr']);
  });
});
