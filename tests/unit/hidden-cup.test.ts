// Issue #33, hidden chits: the mental-poker shuffle (src/link/hidden-cup/sra.ts) with two and
// three participants. Only the drawer opens a drawn card; nobody else finds it among the chits'
// points, even with its own key; a wrong partial or reveal is refused and named; the audit
// passes an honest deal and names a participant who swapped a card or sent a wrong partial.
import { describe, expect, it } from 'vitest';
import { source } from './fixed-random';
import {
  auditShuffle,
  checkChain,
  checkReveal,
  chitPoints,
  lockedPoint,
  newKey,
  open,
  pointOf,
  reveal,
  shuffleStep,
  unlock,
  type Partial,
  type Random,
  type Secret,
  type Transcript,
} from '../../src/link/hidden-cup/sra';

interface Party {
  name: string;
  secret: Secret;
  key: string;
  random: Random;
}

function deal(names: string[], n: number, dealId = 'cup-1') {
  const parties: Party[] = names.map((name) => {
    const random = source(name);
    const { secret, key } = newKey(random);
    return { name, secret, key, random };
  });
  const decks: string[][] = [];
  let deck = chitPoints(dealId, n);
  for (const p of parties) {
    const r = shuffleStep(deck, p.secret, p.random);
    p.secret = r.secret;
    deck = r.deck;
    decks.push(deck);
  }
  const keys = Object.fromEntries(parties.map((p) => [p.name, p.key]));
  return { parties, decks, deck, keys, points: chitPoints(dealId, n), dealId };
}

/** Every other participant takes its layer off card `pos` for `drawer`, in order. */
function chainFor(d: ReturnType<typeof deal>, pos: number, drawer: string): Partial[] {
  const chain: Partial[] = [];
  let x = d.deck[pos]!;
  for (const p of d.parties.filter((q) => q.name !== drawer)) {
    const part = unlock(x, p.secret, p.name, p.random);
    chain.push(part);
    x = part.y;
  }
  return chain;
}

/** What a device without the drawer's key can try: every point it holds, with its own key removed or not, against every chit. */
function finds(held: readonly string[], own: Secret, points: readonly string[]): number[] {
  const found: number[] = [];
  for (const h of held) {
    const asIs = points.indexOf(h);
    if (asIs >= 0) found.push(asIs);
    const mine = open(h, own, points);
    if (mine !== undefined) found.push(mine);
  }
  return found;
}

describe.each([
  ['two participants', ['German', 'Soviet']],
  ['three participants', ['German', 'Soviet', 'Table']],
])('a hidden cup of 12 chits with %s', (_label, names) => {
  it('the drawer opens its card; no other participant finds it, even with its own key; the reveal checks', () => {
    const d = deal(names, 12);
    // Everyone holds the final deck: no card of it is a chit's point.
    expect(d.deck.filter((c) => d.points.includes(c))).toEqual([]);
    const soviet = d.parties.find((p) => p.name === 'Soviet')!;
    const chain = chainFor(d, 0, 'Soviet');
    const checked = checkChain(d.deck[0]!, chain, d.keys);
    expect(checked.ok).toBe(true);
    const last = (checked as { last: string }).last;
    const index = open(last, soviet.secret, d.points);
    expect(index).toBeTypeOf('number');
    // Every other participant saw the final deck, the card and its partials: none of them finds
    // the chit among them, as they are or with its own layer taken off.
    for (const other of d.parties.filter((p) => p !== soviet))
      expect(finds([...d.deck, ...chain.map((c) => c.y)], other.secret, d.points)).toEqual([]);
    // The decks before the last shuffle open only to the order their own shuffler made (the
    // first shuffler knows its own permutation), never to the card: it is in none of them.
    for (const deck of d.decks.slice(0, -1)) expect(deck).not.toContain(d.deck[0]);
    // The reveal: every device checks that the chit shown is the card drawn.
    const r = reveal(last, index!, d.points, soviet.secret, soviet.random);
    expect(checkReveal(last, soviet.key, r, d.points)).toBe(true);
    // A reveal of another chit is refused.
    expect(checkReveal(last, soviet.key, { ...r, index: (index! + 1) % 12 }, d.points)).toBe(false);
    expect(checkReveal(last, d.keys['German']!, r, d.points)).toBe(false);
  });

  it('every card opens to a different chit: the deal is a permutation of the chits', () => {
    const d = deal(names, 12);
    const seen = d.deck.map((_, pos) => {
      const drawer = d.parties[pos % d.parties.length]!;
      const c = checkChain(d.deck[pos]!, chainFor(d, pos, drawer.name), d.keys);
      return c.ok ? open(c.last, drawer.secret, d.points) : undefined;
    });
    expect([...seen].sort((a, b) => a! - b!)).toEqual(Array.from({ length: 12 }, (_, i) => i));
    const audit = auditShuffle(transcript(d, []), secretsOf(d));
    expect(audit).toEqual({ ok: true, order: seen });
  });

  it('the drawer finds its card among its chits under its own layer, made ahead of time: the chit open gives, and none for a card that is no chit', () => {
    const d = deal(names, 12);
    for (const drawer of d.parties) {
      const locked = d.points.map((p) => lockedPoint(p, drawer.secret));
      d.deck.forEach((card, pos) => {
        const c = checkChain(card, chainFor(d, pos, drawer.name), d.keys);
        if (!c.ok) throw new Error('chain');
        const index = open(c.last, drawer.secret, d.points);
        expect(index).toBeTypeOf('number');
        expect(locked.indexOf(c.last)).toBe(index);
        // The card with a layer still on it (another participant's partial missing) is none of them.
        if (c.last !== card) expect(locked).not.toContain(card);
      });
    }
  });

  it('a wrong partial is refused at once, naming its sender', () => {
    const d = deal(names, 12);
    const chain = chainFor(d, 3, 'Soviet');
    // The German sends another card's partial instead of this one's.
    const other = unlock(d.deck[4]!, d.parties[0]!.secret, 'German', d.parties[0]!.random);
    expect(checkChain(d.deck[3]!, [other, ...chain.slice(1)], d.keys)).toEqual({ ok: false, by: 'German' });
    // A partial made with another scalar than the one its key commits to.
    const fake = newKey(source('fake'));
    const lie = unlock(d.deck[3]!, fake.secret, 'German', source('fake'));
    expect(checkChain(d.deck[3]!, [lie, ...chain.slice(1)], d.keys)).toEqual({ ok: false, by: 'German' });
  });
});

const secretsOf = (d: ReturnType<typeof deal>) => Object.fromEntries(d.parties.map((p) => [p.name, p.secret]));
const transcript = (d: ReturnType<typeof deal>, draws: Transcript['draws']): Transcript => ({
  deal: d.dealId,
  n: d.points.length,
  parties: d.parties.map((p) => ({ name: p.name, key: p.key })),
  decks: d.decks,
  draws,
});

describe('the audit names the cheater', () => {
  it('passes an honest deal with its draws', () => {
    const d = deal(['German', 'Soviet', 'Table'], 8);
    const draws = [0, 1, 2].map((pos) => ({ pos, drawer: 'Soviet', chain: chainFor(d, pos, 'Soviet') }));
    expect(auditShuffle(transcript(d, draws), secretsOf(d)).ok).toBe(true);
  });

  it('a participant who swaps a card (a copy of another in its place) is named', () => {
    const d = deal(['German', 'Soviet', 'Table'], 8);
    // The Soviet's deck has its card 5 replaced by a copy of its card 2: one chit twice, one gone.
    const decks = d.decks.map((x) => [...x]);
    decks[1]![5] = decks[1]![2]!;
    const t = { ...transcript(d, []), decks };
    expect(auditShuffle(t, secretsOf(d))).toEqual({ ok: false, by: 'Soviet', what: 'shuffle', at: 5 });
  });

  it('a participant whose published scalar is not the one its key committed to is named', () => {
    const d = deal(['German', 'Soviet'], 8);
    const secrets = { ...secretsOf(d), German: { ...d.parties[0]!.secret, k: newKey(source('x')).secret.k } };
    expect(auditShuffle(transcript(d, []), secrets)).toMatchObject({ ok: false, by: 'German', what: 'key' });
  });

  it('a wrong partial that slipped through is named by the audit', () => {
    const d = deal(['German', 'Soviet'], 8);
    const chain = chainFor(d, 1, 'Soviet');
    const bad = { ...chain[0]!, y: d.deck[6]! };
    const t = transcript(d, [{ pos: 1, drawer: 'Soviet', chain: [bad] }]);
    expect(auditShuffle(t, secretsOf(d))).toEqual({ ok: false, by: 'German', what: 'partial', at: 1 });
  });

  it('a permutation that is not one is named', () => {
    const d = deal(['German', 'Soviet'], 4);
    const secrets = { ...secretsOf(d), Soviet: { ...d.parties[1]!.secret, perm: [0, 0, 1, 2] } };
    expect(auditShuffle(transcript(d, []), secrets)).toMatchObject({ ok: false, by: 'Soviet', what: 'permutation' });
  });

  it('a point is read from one text only, the one it encodes to (a proof is checked over the texts it came with)', () => {
    const texts = [...chitPoints('d1', 5), newKey(source('x')).key, newKey(source('y')).key];
    const p = 2n ** 255n - 19n;
    for (const h of texts) {
      const P = pointOf(h)!;
      expect(P.toHex()).toBe(h);
      // The same field element plus p (a second text for it): never read.
      const bytes = Uint8Array.from(Buffer.from(h, 'hex'));
      let s = 0n;
      for (let i = 31; i >= 0; i--) s = (s << 8n) | BigInt(bytes[i]!);
      let t = s + p;
      const other = new Uint8Array(32);
      for (let i = 0; i < 32; i++, t >>= 8n) other[i] = Number(t & 0xffn);
      expect(pointOf(Buffer.from(other).toString('hex'))).toBeUndefined();
      expect(pointOf(h.toUpperCase())).toBeUndefined();
    }
  });

  it('a point that is not on the curve is never read', () => {
    expect(pointOf('00'.repeat(32))).toBeUndefined();
    expect(pointOf('zz')).toBeUndefined();
    expect(pointOf('ff'.repeat(32))).toBeUndefined();
  });
});
