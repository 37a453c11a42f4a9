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

// 10.3 (seed 000 line 518): "Una vez jugadas todas, no obstante, todas las fichas de eventos de la
// pila de descartadas se devuelven al recipiente." A deal drawn to its end takes its cup's discard
// pile back as new cards of the same deal: only once every card is drawn and played, all of the
// pile and nothing else.
describe('a hidden cup refilled from its discard pile (10.3)', () => {
  const refillCup = createCup('events', ['Push', 'Stall', 'Apathy'], 'from-discard-when-empty');
  const sig = { c: hex(5), s: hex(6) };
  const refill = (chits: string[], next?: number): HiddenAction => ({
    type: 'hidden.refill',
    cup: 'events',
    deal: 'd1',
    chits,
    decks: [deck(chits.length, 40), deck(chits.length, 50)],
    sigs: [sig, sig],
    ...(next === undefined ? {} : { next }),
  });
  const step = (a: HiddenAction, s: { cup: typeof cup0; deal: HiddenDeal }) => {
    const r = applyHidden(a, s.cup, s.deal);
    return { cup: r.cup, deal: r.deal! };
  };
  const draw = (side: string): HiddenAction => ({ type: 'hidden.draw', cup: 'events', side });
  const show = (pos: number, index: number): HiddenAction => ({
    type: 'hidden.reveal',
    cup: 'events',
    pos,
    chain: [],
    index,
    proof,
  });
  const start = () => {
    const r = applyHidden({ ...dealAction, cup: 'events' }, refillCup, undefined);
    return { cup: r.cup, deal: r.deal! };
  };

  it('only once every card is drawn ("una vez jugadas todas"), and every card drawn is played', () => {
    let s = start();
    s = step(draw('german'), s);
    s = step(show(0, 1), s);
    expect(refusal(() => step(refill(['Stall']), s))).toBe('hidden.err.refillNotEmpty');
    s = step(draw('soviet'), s);
    s = step(draw('german'), s);
    s = step(show(1, 0), s);
    // Card 3 drawn, not shown yet: not played.
    expect(refusal(() => step(refill(['Stall', 'Push']), s))).toBe('hidden.err.refillUnsettled');
    s = step(show(2, 2), s);
    const r = applyHidden(refill(['Stall', 'Push', 'Apathy']), s.cup, s.deal);
    expect(r.outcome).toEqual({ kind: 'hidden', cup: 'events', op: 'refill', n: 3 });
    expect(r.cup.discard).toEqual([]);
    expect(r.deal).toMatchObject({ deal: 'd1', chits: ['Push', 'Stall', 'Apathy', 'Stall', 'Push', 'Apathy'] });
    expect(r.deal!.decks.map((d) => d.length)).toEqual([6, 6]);
    // Positions go on: the next draw is card 4, one of the pile's chits (index 3 to 5).
    const d = applyHidden(draw('soviet'), r.cup, r.deal);
    expect(d.outcome).toMatchObject({ op: 'draw', pos: 3, n: 2 });
  });

  it('all of the discard pile and nothing else ("todas las fichas … de la pila de descartadas"): refused by name', () => {
    let s = start();
    for (const [pos, side] of ['german', 'soviet', 'german'].entries()) {
      s = step(draw(side), s);
      s = step(show(pos, pos), s);
    }
    expect(s.cup.discard).toEqual(['Push', 'Stall', 'Apathy']);
    const forged = (chits: string[]) => {
      try {
        step(refill(chits), s);
      } catch (e) {
        return (e as EngineError).params;
      }
      return 'accepted';
    };
    expect(forged(['Push', 'Stall', 'Black 1'])).toEqual({ key: 'hidden.err.refillNotDiscarded', chit: 'Black 1' });
    expect(forged(['Push', 'Stall', 'Stall'])).toEqual({ key: 'hidden.err.refillNotDiscarded', chit: 'Stall' });
    expect(forged(['Push', 'Apathy'])).toEqual({ key: 'hidden.err.refillLeftOut', chit: 'Stall' });
    expect(forged(['Apathy', 'Push', 'Stall'])).toBe('accepted');
  });

  it('a last card burned by a draw since undone counts as drawn (its drawer saw it): the step records the next position', () => {
    let s = start();
    for (const [pos, side] of ['german', 'soviet'].entries()) {
      s = step(draw(side), s);
      s = step(show(pos, pos), s);
    }
    // Card 3 was drawn by a step since undone: the next position is 3.
    expect(refusal(() => step(refill(['Push', 'Stall']), s))).toBe('hidden.err.refillNotEmpty');
    expect(step(refill(['Push', 'Stall'], 3), s).deal.chits).toHaveLength(5);
  });
});

describe('a card kept face down and shown, not spent yet, at a refill (10.3, line 520)', () => {
  it("stays its drawer's: it does not go back into the cup, and stays on the pile for the game to spend", () => {
    const cup = createCup('events', ['Push', 'Black 1', 'Stall'], 'from-discard-when-empty');
    let r = applyHidden({ ...dealAction, cup: 'events', keep: [1] }, cup, undefined);
    const sig = { c: hex(5), s: hex(6) };
    const go = (a: HiddenAction) => (r = applyHidden(a, r.cup, r.deal));
    go({ type: 'hidden.draw', cup: 'events', side: 'soviet' });
    go({ type: 'hidden.keep', cup: 'events', pos: 0, chain: [], proof: { parts: [proof] } });
    for (const [pos, index] of [
      [1, 0],
      [2, 2],
    ]) {
      go({ type: 'hidden.draw', cup: 'events', side: 'german' });
      go({ type: 'hidden.reveal', cup: 'events', pos: pos!, chain: [], index: index!, proof });
    }
    // The kept black chit shown (its play under way): on the pile as the reveal put it there.
    go({ type: 'hidden.reveal', cup: 'events', pos: 0, chain: [], index: 1, proof });
    expect(r.cup.discard).toEqual(['Push', 'Stall', 'Black 1']);
    const refill = (chits: string[]): HiddenAction => ({
      type: 'hidden.refill',
      cup: 'events',
      deal: 'd1',
      chits,
      decks: [deck(chits.length, 40), deck(chits.length, 50)],
      sigs: [sig, sig],
    });
    const before = r;
    expect(refusal(() => applyHidden(refill(['Push', 'Stall', 'Black 1']), before.cup, before.deal))).toBe(
      'hidden.err.refillNotDiscarded',
    );
    go(refill(['Push', 'Stall']));
    expect(r.deal!.chits.slice(3)).toEqual(['Push', 'Stall']);
    expect(r.cup.discard).toEqual(['Black 1']);
  });
});
