// Issue #33: the audit of a hidden deal that lasts the game (src/engine/hidden.ts auditLasting) —
// Grossdeutschland's event cups (10.3, seed 000 line 520: a black chit "recién sacada" may be kept
// "para un posible uso posterior") and Zitadelle's boxes A–H (13.3). The audit shows every card drawn
// and not shown yet (a card kept face down goes to its drawer's hand, named: public), puts the chits
// not drawn back into the plain cup, and the cup may then be dealt afresh. The engine checks only the
// shape of what the audit shows (the verifier recomputes each chit from the phones' secrets).
import { describe, expect, it } from 'vitest';
import { createCup } from '../../src/engine/cup';
import { applyHidden, type HiddenAction, type HiddenDeal } from '../../src/engine/hidden';
import { EngineError } from '../../src/engine/errors';
import type { Cup } from '../../src/engine/cup';

const hex = (k: number) => k.toString(16).padStart(64, '0');
const deck = (n: number, base: number) => Array.from({ length: n }, (_, i) => hex(base + i + 1));
const CHITS = ['Push', 'Stall', 'Black 1', 'Push', 'Black 2'];
const cup0 = createCup('soviet-events', CHITS, 'none');
const parties = [
  { side: 'german', key: hex(1) },
  { side: 'soviet', key: hex(2) },
];
const secrets = parties.map((p) => ({ side: p.side, k: hex(7), perm: [0, 1, 2, 3, 4] }));
const proof = { c: hex(3), s: hex(4) };
const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof EngineError ? String(e.params['key']) : String(e);
  }
  return 'accepted';
};
const step = (a: HiddenAction, s: { cup: Cup; deal: HiddenDeal | undefined }) => applyHidden(a, s.cup, s.deal);

/**
 * A lasting deal of the five chits, black ones (2, 4) keepable; the Soviet player drew card 0 (shown:
 * chit 1, Stall), card 1 (kept face down), card 2 (kept, then shown: chit 2, Black 1, still in hand)
 * and card 3 (drawn, not settled yet). Card 4 is not drawn.
 */
function played() {
  let s: { cup: Cup; deal: HiddenDeal | undefined } = { cup: cup0, deal: undefined };
  const go = (a: HiddenAction) => {
    const r = step(a, s);
    s = { cup: r.cup, deal: r.deal };
    return r;
  };
  go({
    type: 'hidden.deal',
    cup: 'soviet-events',
    deal: 'd1',
    parties,
    decks: [deck(5, 10), deck(5, 20)],
    lasting: true,
    keep: [2, 4],
  });
  for (let i = 0; i < 4; i++) go({ type: 'hidden.draw', cup: 'soviet-events', side: 'soviet' });
  go({ type: 'hidden.reveal', cup: 'soviet-events', pos: 0, chain: [], index: 1, proof });
  const keep = (pos: number) =>
    go({ type: 'hidden.keep', cup: 'soviet-events', pos, chain: [], proof: { parts: [proof, proof] } });
  keep(1);
  keep(2);
  go({ type: 'hidden.reveal', cup: 'soviet-events', pos: 2, chain: [], index: 2, proof });
  return s;
}
const audit = (opened?: { pos: number; index: number }[]): HiddenAction => ({
  type: 'hidden.audit',
  cup: 'soviet-events',
  secrets,
  ...(opened ? { opened } : {}),
});

describe('the audit of a deal that lasts the game (issue #33)', () => {
  it('shows every card drawn and not shown: a kept one goes to its drawer’s hand, named; the chits not drawn go back into the cup', () => {
    const s = played();
    expect(s.cup.discard).toEqual(['Stall', 'Black 1']);
    // Card 1 (kept face down) opens to chit 4 (Black 2), card 3 (drawn, not settled) to chit 0 (Push).
    const r = step(
      audit([
        { pos: 1, index: 4 },
        { pos: 3, index: 0 },
      ]),
      s,
    );
    expect(r.deal).toMatchObject({ audited: true, closed: true, revealed: { 0: 1, 1: 4, 2: 2, 3: 0 } });
    // Both kept chits are in the Soviet hand, public: the one kept face down and the one shown but not played.
    expect(r.cup.hands['soviet']).toEqual(['Black 1', 'Black 2']);
    // The card drawn and not settled goes to the discard pile, as its reveal would; the chit not drawn (3: Push) back into the cup.
    expect(r.cup.discard).toEqual(['Stall', 'Push']);
    expect(r.cup.chits).toEqual(['Push']);
    expect(r.outcome).toEqual({
      kind: 'hidden',
      cup: 'soviet-events',
      op: 'audit',
      n: 2,
      back: 1,
      opened: [
        { pos: 1, side: 'soviet', chit: 'Black 2', kept: true },
        { pos: 3, side: 'soviet', chit: 'Push', kept: false },
      ],
    });
    // Nothing more is drawn from it, nor audited again; the cup is dealt afresh, from the chits back in it.
    expect(refusal(() => step({ type: 'hidden.draw', cup: 'soviet-events', side: 'soviet' }, r))).toBe(
      'hidden.err.audited',
    );
    expect(refusal(() => step(audit([]), r))).toBe('hidden.err.audited');
    const again = step(
      {
        type: 'hidden.deal',
        cup: 'soviet-events',
        deal: 'd2',
        parties,
        decks: [deck(1, 40), deck(1, 50)],
        lasting: true,
        keep: [],
      },
      r,
    );
    expect(again.deal).toMatchObject({ deal: 'd2', chits: ['Push'], drawn: [], revealed: {} });
    expect(again.cup.chits).toEqual([]);
    expect(again.cup.hands['soviet']).toEqual(['Black 1', 'Black 2']);
  });

  it('refuses an audit that shows a card not drawn, leaves one out, shows one twice or a chit already shown', () => {
    const s = played();
    const key = (opened: { pos: number; index: number }[]) => refusal(() => step(audit(opened), s));
    expect(key([{ pos: 1, index: 4 }])).toBe('hidden.err.auditOpened');
    expect(
      key([
        { pos: 1, index: 4 },
        { pos: 4, index: 0 },
      ]),
    ).toBe('hidden.err.auditOpened');
    expect(
      key([
        { pos: 1, index: 4 },
        { pos: 3, index: 4 },
      ]),
    ).toBe('hidden.err.auditOpened');
    expect(
      key([
        { pos: 1, index: 1 },
        { pos: 3, index: 0 },
      ]),
    ).toBe('hidden.err.auditOpened');
    expect(
      key([
        { pos: 1, index: 4 },
        { pos: 3, index: 5 },
      ]),
    ).toBe('hidden.err.auditOpened');
  });

  it('a deal for one turn is not opened by its audit, and a deal not closed is never dealt again', () => {
    let s: { cup: Cup; deal: HiddenDeal | undefined } = {
      cup: createCup('activation', ['a', 'b'], 'none'),
      deal: undefined,
    };
    const deal: HiddenAction = {
      type: 'hidden.deal',
      cup: 'activation',
      deal: 'd1',
      parties,
      decks: [deck(2, 10), deck(2, 20)],
    };
    let r = step(deal, s);
    s = { cup: r.cup, deal: r.deal };
    r = step({ type: 'hidden.draw', cup: 'activation', side: 'german' }, s);
    s = { cup: r.cup, deal: r.deal };
    const two = parties.map((p) => ({ side: p.side, k: hex(7), perm: [0, 1] }));
    expect(
      refusal(() => step({ type: 'hidden.audit', cup: 'activation', secrets: two, opened: [{ pos: 0, index: 0 }] }, s)),
    ).toBe('hidden.err.malformed');
    r = step({ type: 'hidden.audit', cup: 'activation', secrets: two }, s);
    expect(r.deal).toMatchObject({ audited: true });
    expect(r.deal?.closed).toBeUndefined();
    expect(refusal(() => step({ ...deal, deal: 'd2' }, { cup: r.cup, deal: r.deal }))).toBe('hidden.err.dealt');
  });
});
