/**
 * A cup whose chits are hidden from the other side's device (issue #33): a mental-poker shuffle
 * on ristretto255 (@noble/curves). Pure (no DOM, no clock); randomness comes from the caller.
 * Loaded only where a hidden cup exists (./load.ts, a dynamic import), never by the home screen.
 *
 * The protocol is SRA's commutative encryption (Shamir, Rivest, Adleman, "Mental Poker", 1981)
 * on a prime-order group, as the Go evaluation github.com/cretz/go-mental-poker and
 * github.com/osresearch/secret-cards ("Extended SRA") describe it, with two changes that make
 * every step checkable at once instead of only at the end:
 *
 * 1. Chits as points with no known discrete logarithm. Chit i of a deal is P_i =
 *    hashToCurve("wc-hidden", deal, i) (RFC 9380). Were P_i = i·G, one opened chit (P, k·P)
 *    would give k·G and with it k·P_x for every chit x: the whole hand. With hashed points,
 *    telling whether an encrypted card is chit x is the decisional Diffie–Hellman problem.
 * 2. Each participant p has one secret scalar k_p, and publishes K_p = k_p·G before the shuffle
 *    (a commitment). The deck is shuffled in turn: p multiplies every card by k_p and permutes it
 *    with its secret permutation. The final deck holds C = (Π k_p)·P_π(j); everyone holds it,
 *    no one can read it.
 * 3. A draw by A of position j: every other participant in turn removes its layer (Y = k_p⁻¹·X)
 *    and proves it with a Chaum–Pedersen proof that log_G K_p = log_Y X (so a wrong partial is
 *    refused at once, naming its sender). The last partial, k_A·P, goes to A only; A removes
 *    its layer and finds the chit by its point. Nobody else can: it still carries A's layer.
 *    One key per participant is enough here (SRA's per-card keys exist so that a card can be
 *    opened by publishing its key; here a card is opened by proven partials instead).
 * 4. A reveal publishes the chit's index and a proof that log_G K_A = log_P (k_A·P): with the
 *    partial chain, every device checks that the chit shown is the card drawn.
 * 5. The audit (at the end, or after a dispute: it opens every card) publishes every k_p and
 *    permutation; auditShuffle recomputes every deck and every partial, and names the first
 *    participant whose step does not follow, and how.
 *
 * Soundness (hiding) rests on DDH in ristretto255: a card (Π k)·P, any of its partials, and
 * every chit point P_x are DDH tuples with unknown exponents; a device missing one layer's key
 * learns nothing of which chit a card is. Honesty is checked by the proofs as the game goes and
 * by the audit for the shuffle (this module does not prove a shuffle in zero knowledge: a
 * swapped card is found by the audit, not before).
 */
import { mulAddUnsafe } from '@noble/curves/abstract/curve.js';
import { ristretto255, ristretto255_hasher } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

const Point = ristretto255.Point;
type Pt = InstanceType<typeof Point>;
const Fn = Point.Fn;
const G = Point.BASE;

/** Random bytes, from the caller (crypto.getRandomValues in the app; a fixed source in tests). */
export type Random = (n: number) => Uint8Array;

const hexOf = (p: Pt) => bytesToHex(p.toBytes());
/** A point from its hex text, or undefined when it is not a valid ristretto255 encoding. */
export function pointOf(hex: string): Pt | undefined {
  try {
    if (!/^[0-9a-f]{64}$/.test(hex)) return undefined;
    const p = Point.fromHex(hex);
    return p.is0() ? undefined : p;
  } catch {
    return undefined;
  }
}
const scalarHex = (k: bigint) => k.toString(16).padStart(64, '0');
const scalarOf = (hex: string): bigint | undefined => {
  if (!/^[0-9a-f]{64}$/.test(hex)) return undefined;
  const k = BigInt('0x' + hex);
  return k > 0n && k < Fn.ORDER ? k : undefined;
};

/** A uniform nonzero scalar (64 random bytes reduced: bias below 2⁻²⁵⁰). */
function randomScalar(random: Random): bigint {
  for (;;) {
    const b = random(64);
    let x = 0n;
    for (const v of b) x = (x << 8n) | BigInt(v);
    const k = Fn.create(x);
    if (k !== 0n) return k;
  }
}

/** A uniform integer in [0, n) (rejection sampling on 32-bit draws). */
function randomBelow(random: Random, n: number): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  for (;;) {
    const b = random(4);
    const x = ((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0;
    if (x < limit) return x % n;
  }
}

/** A uniform permutation of n (Fisher–Yates): out[j] = in[perm[j]]. */
export function randomPermutation(random: Random, n: number): number[] {
  const p = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = randomBelow(random, i + 1);
    [p[i], p[j]] = [p[j]!, p[i]!];
  }
  return p;
}

/** The public point of chit number `i` of a deal (hashed to the curve: no one knows its discrete log). */
export function chitPoint(deal: string, i: number): string {
  return hexOf(ristretto255_hasher.hashToCurve(utf8ToBytes(`wc-hidden\n${deal}\n${i}`)));
}

/** Every chit's public point for a deal of n chits (kept for the last few deals: a draw reads them again). */
export function chitPoints(deal: string, n: number): string[] {
  const key = `${deal}\n${n}`;
  let pts = pointsCache.get(key);
  if (!pts) {
    pts = Array.from({ length: n }, (_, i) => chitPoint(deal, i));
    pointsCache.set(key, pts);
    if (pointsCache.size > 8) pointsCache.delete(pointsCache.keys().next().value!);
  }
  return [...pts];
}
const pointsCache = new Map<string, readonly string[]>();

/** One participant's secret: its scalar (and its permutation, once it has shuffled). */
export interface Secret {
  readonly k: string;
  readonly perm?: readonly number[];
}

/** A new secret scalar, and its public key K = k·G (sent before the shuffle). */
export function newKey(random: Random): { secret: Secret; key: string } {
  const k = randomScalar(random);
  return { secret: { k: scalarHex(k) }, key: hexOf(G.multiply(k)) };
}

/** The public key of a secret (k·G). */
export const publicKey = (s: Secret): string => hexOf(G.multiply(scalarOf(s.k)!));

/** One participant's turn of the shuffle: every card times k, then permuted (out[j] = k·in[perm[j]]). */
export function shuffleStep(
  deck: readonly string[],
  secret: Secret,
  random: Random,
): { deck: string[]; secret: Secret } {
  const k = scalarOf(secret.k)!;
  const perm = randomPermutation(random, deck.length);
  const out = perm.map((i) => hexOf(pointOf(deck[i]!)!.multiply(k)));
  return { deck: out, secret: { ...secret, perm } };
}

/** A Chaum–Pedersen proof that log_G(K) = log_Y(X): X = k·Y for the k of K = k·G. */
export interface Proof {
  readonly c: string;
  readonly s: string;
}

/** The proof's challenge from the points' encodings (a point read from its hex text encodes back to it). */
const challengeOf = (hexes: readonly string[]): bigint => {
  const h = sha256(utf8ToBytes(`wc-hidden-dleq\n${hexes.join('\n')}`));
  let x = 0n;
  for (const v of h) x = (x << 8n) | BigInt(v);
  return Fn.create(x);
};
const challenge = (...pts: Pt[]): bigint => challengeOf(pts.map(hexOf));
const G_HEX = hexOf(G);

/**
 * Public keys read once, each with a small table of its multiples (a deal's few keys check every
 * partial and reveal of it: the table, about 3 ms to make, saves about 0.6 ms a check).
 */
const keyPoints = new Map<string, Pt>();
function keyPointOf(hex: string): Pt | undefined {
  const kept = keyPoints.get(hex);
  if (kept) return kept;
  const K = pointOf(hex);
  if (!K) return undefined;
  if (keyPoints.size >= 32) keyPoints.clear();
  keyPoints.set(hex, K.precompute(4, false));
  return K;
}
/** Reads a deal's keys ahead (the warm-up): the first check of a draw then makes no table. */
export function readKeys(keys: readonly string[]): void {
  for (const k of keys) keyPointOf(k);
}

function prove(k: bigint, K: Pt, Y: Pt, X: Pt, random: Random): Proof {
  // r·G and r·Y keep the constant-time multiplication: r would give k away.
  const r = randomScalar(random);
  const c = challenge(G, K, Y, X, G.multiply(r), Y.multiply(r));
  return { c: scalarHex(c), s: scalarHex(Fn.add(r, Fn.mul(c, k))) };
}

/**
 * Checks a proof that log_G(K) = log_Y(X), given the three points read from their hex texts
 * (`hex`: K, Y, X as given; each encodes back to its text, so the challenge is made from them).
 */
function checkProof(K: Pt, Y: Pt, X: Pt, hex: readonly [string, string, string], proof: Proof): boolean {
  if (!/^[0-9a-f]{64}$/.test(proof.c) || !/^[0-9a-f]{64}$/.test(proof.s)) return false;
  const c = BigInt('0x' + proof.c),
    s = BigInt('0x' + proof.s);
  if (c >= Fn.ORDER || s >= Fn.ORDER) return false;
  // s·G − c·K = r·G and s·Y − c·X = r·Y when X = k·Y and K = k·G. Everything here is public:
  // the variable-time multiplication is safe (and faster); the second is one interleaved
  // multiplication of both points (one chain of doublings).
  const A1 = (s === 0n ? Point.ZERO : G.multiply(s)).subtract(c === 0n ? Point.ZERO : K.multiplyUnsafe(c));
  const A2 = mulAddUnsafe(Point, [Y, X.negate()], [s, c]);
  return challengeOf([G_HEX, ...hex, hexOf(A1), hexOf(A2)]) === c;
}

/** A participant's layer taken off one card, with its proof (X = k·Y). */
export interface Partial {
  readonly by: string;
  readonly y: string;
  readonly proof: Proof;
}

/** Removes this participant's layer from a card (for the drawer): Y = k⁻¹·X, and the proof. */
export function unlock(card: string, secret: Secret, by: string, random: Random): Partial {
  const k = scalarOf(secret.k)!;
  const X = pointOf(card)!;
  const Y = X.multiply(Fn.inv(k));
  return { by, y: hexOf(Y), proof: prove(k, G.multiply(k), Y, X, random) };
}

/** Whether a partial is that participant's layer taken off `card` (its key `key`). */
export function checkPartial(card: string, key: string, p: Partial): boolean {
  const X = pointOf(card),
    Y = pointOf(p.y),
    K = keyPointOf(key);
  return !!X && !!Y && !!K && checkProof(K, Y, X, [key, p.y, card], p.proof);
}

/**
 * The partials that take a card from the final deck to the drawer's last layer, checked in
 * order: each one against the key of the participant it names. The first that does not hold is
 * named.
 */
export function checkChain(
  card: string,
  chain: readonly Partial[],
  keys: Readonly<Record<string, string>>,
): { ok: true; last: string } | { ok: false; by: string } {
  let x = card;
  for (const p of chain) {
    const key = keys[p.by];
    if (!key || !checkPartial(x, key, p)) return { ok: false, by: p.by };
    x = p.y;
  }
  return { ok: true, last: x };
}

/** The drawer removes its own layer: the chit's index in the deal, or undefined (the card is not a chit of it). */
export function open(last: string, secret: Secret, points: readonly string[]): number | undefined {
  const k = scalarOf(secret.k)!;
  const X = pointOf(last);
  if (!X) return undefined;
  const P = hexOf(X.multiply(Fn.inv(k)));
  const i = points.indexOf(P);
  return i < 0 ? undefined : i;
}

/**
 * A chit's point under this participant's layer alone (k·P): the last partial of a card that is
 * this chit, as the drawer receives it. A card opens to chit i exactly when its last partial is
 * this text for P_i (a valid encoding is the only one of its point, in lower case: pointOf), so
 * the drawer who made them ahead of time opens a card by looking it up, with no multiplication
 * (open's answer, the same). Secret (it opens this participant's cards): kept in memory only.
 */
export function lockedPoint(point: string, secret: Secret): string {
  return hexOf(pointOf(point)!.multiply(scalarOf(secret.k)!));
}

/** What a reveal publishes: the chit's index, and the proof that the drawer's last layer hid it. */
export interface Reveal {
  readonly index: number;
  readonly proof: Proof;
}

export function reveal(last: string, index: number, points: readonly string[], secret: Secret, random: Random): Reveal {
  const k = scalarOf(secret.k)!;
  const P = pointOf(points[index]!)!;
  return { index, proof: prove(k, G.multiply(k), P, pointOf(last)!, random) };
}

/** Whether a reveal by the drawer (key `key`) of a card whose last partial is `last` is that chit. */
export function checkReveal(last: string, key: string, r: Reveal, points: readonly string[]): boolean {
  const P = Number.isInteger(r.index) ? points[r.index] : undefined;
  const X = pointOf(last),
    K = keyPointOf(key),
    Pp = P ? pointOf(P) : undefined;
  return !!X && !!K && !!P && !!Pp && checkProof(K, Pp, X, [key, P, last], r.proof);
}

// --- A card kept face down: "one of these chits", proven without saying which ---

/**
 * A proof that the drawer's last layer hid ONE of the chits `among` (their indexes in the deal),
 * without telling which: the OR of the reveal's Chaum–Pedersen statements log_G K = log_{P_i} X
 * over i in `among` (Cramer, Damgård, Schoenmakers, "Proofs of partial knowledge", CRYPTO 1994).
 * For each chit but the true one the prover picks the challenge and the answer and works the
 * commitments back; the true one's challenge is what is left of the hash. Every device checks it
 * (checkAmong); nobody learns more than "one of `among`" (the proof is witness-indistinguishable).
 * Used for a chit a player keeps in hand face down (Grossdeutschland's black event chits, 10.3).
 */
export interface AmongProof {
  /** One (challenge, answer) per chit of `among`, in its order. */
  readonly parts: readonly Proof[];
}

const challengeAmong = (K: Pt, X: Pt, Ps: readonly Pt[], As: readonly Pt[]): bigint => {
  const h = sha256(utf8ToBytes(`wc-hidden-among\n${[G, K, X, ...Ps, ...As].map(hexOf).join('\n')}`));
  let x = 0n;
  for (const v of h) x = (x << 8n) | BigInt(v);
  return Fn.create(x);
};

/** The drawer proves its card (last partial `last`, opened to chit `index`) is one of `among`. */
export function proveAmong(
  last: string,
  index: number,
  among: readonly number[],
  points: readonly string[],
  secret: Secret,
  random: Random,
): AmongProof | undefined {
  const real = among.indexOf(index);
  if (real < 0) return undefined;
  const k = scalarOf(secret.k)!;
  const K = G.multiply(k);
  const X = pointOf(last)!;
  const Ps = among.map((i) => pointOf(points[i]!)!);
  const cs: bigint[] = [],
    ss: bigint[] = [],
    As: Pt[] = [];
  const r = randomScalar(random);
  Ps.forEach((P, j) => {
    if (j === real) {
      cs.push(0n);
      ss.push(0n);
      As.push(G.multiply(r), P.multiply(r));
      return;
    }
    const c = randomScalar(random),
      s = randomScalar(random);
    cs.push(c);
    ss.push(s);
    As.push(G.multiply(s).subtract(K.multiply(c)), P.multiply(s).subtract(X.multiply(c)));
  });
  const c = challengeAmong(K, X, Ps, As);
  const cReal = Fn.sub(
    c,
    cs.reduce((a, x) => Fn.add(a, x), 0n),
  );
  cs[real] = cReal;
  ss[real] = Fn.add(r, Fn.mul(cReal, k));
  return { parts: cs.map((x, j) => ({ c: scalarHex(x), s: scalarHex(ss[j]!) })) };
}

/** Whether a card whose last partial is `last` (drawer's key `key`) is one of the chits `among`. */
export function checkAmong(
  last: string,
  key: string,
  among: readonly number[],
  proof: AmongProof,
  points: readonly string[],
): boolean {
  const X = pointOf(last),
    K = pointOf(key);
  if (!X || !K || !among.length || proof.parts.length !== among.length) return false;
  if (new Set(among).size !== among.length) return false;
  const Ps: Pt[] = [];
  for (const i of among) {
    const P = Number.isInteger(i) && points[i] ? pointOf(points[i]!) : undefined;
    if (!P) return false;
    Ps.push(P);
  }
  const As: Pt[] = [];
  let sum = 0n;
  for (const [j, part] of proof.parts.entries()) {
    if (!/^[0-9a-f]{64}$/.test(part.c) || !/^[0-9a-f]{64}$/.test(part.s)) return false;
    const c = BigInt('0x' + part.c),
      s = BigInt('0x' + part.s);
    if (c >= Fn.ORDER || s >= Fn.ORDER) return false;
    // Everything here is public: the variable-time multiplication is safe.
    const mul = (p: Pt, x: bigint) => (x === 0n ? Point.ZERO : p === G ? p.multiply(x) : p.multiplyUnsafe(x));
    As.push(mul(G, s).subtract(mul(K, c)), mul(Ps[j]!, s).subtract(mul(X, c)));
    sum = Fn.add(sum, c);
  }
  return challengeAmong(K, X, Ps, As) === sum;
}

// --- The audit ---

/** Everything public about one deal: its chits' points, the keys, each participant's deck in shuffle order. */
export interface Transcript {
  readonly deal: string;
  readonly n: number;
  /** Participants in shuffle order, with their public keys. */
  readonly parties: readonly { readonly name: string; readonly key: string }[];
  /** decks[i]: the deck after participant i shuffled. */
  readonly decks: readonly (readonly string[])[];
  /** Draws: the position in the final deck, the drawer, the partial chain it was sent. */
  readonly draws: readonly { readonly pos: number; readonly drawer: string; readonly chain: readonly Partial[] }[];
}

export type AuditResult =
  | { readonly ok: true; readonly order: readonly number[] }
  | {
      readonly ok: false;
      readonly by: string;
      readonly what: 'key' | 'permutation' | 'shuffle' | 'partial' | 'missing';
      readonly at?: number;
    };

/**
 * The audit: given every participant's published secret (scalar and permutation), checks that
 * each key is the scalar's, each permutation is one, each deck is the one before it times the
 * scalar, permuted, and each partial is the layer its sender removed. Names the first cheater.
 * On success, `order[j]`: the chit index at position j of the final deck.
 */
export function auditShuffle(t: Transcript, secrets: Readonly<Record<string, Secret>>): AuditResult {
  let deck = chitPoints(t.deal, t.n);
  // Each card's chit index, followed through the permutations.
  let order = deck.map((_, i) => i);
  for (const [i, p] of t.parties.entries()) {
    const s = secrets[p.name];
    const k = s ? scalarOf(s.k) : undefined;
    if (!s || k === undefined || !s.perm) return { ok: false, by: p.name, what: 'missing' };
    if (hexOf(G.multiply(k)) !== p.key) return { ok: false, by: p.name, what: 'key' };
    const perm = s.perm;
    const seen = new Set(perm);
    if (perm.length !== t.n || seen.size !== t.n || perm.some((x) => !Number.isInteger(x) || x < 0 || x >= t.n))
      return { ok: false, by: p.name, what: 'permutation' };
    const expected = perm.map((j) => hexOf(pointOf(deck[j]!)!.multiply(k)));
    const got = t.decks[i];
    if (!got || got.length !== t.n) return { ok: false, by: p.name, what: 'shuffle' };
    const wrong = expected.findIndex((x, j) => x !== got[j]);
    if (wrong >= 0) return { ok: false, by: p.name, what: 'shuffle', at: wrong };
    deck = expected;
    order = perm.map((j) => order[j]!);
  }
  const keys = Object.fromEntries(t.parties.map((p) => [p.name, p.key]));
  for (const d of t.draws) {
    let x = deck[d.pos];
    for (const p of d.chain) {
      const s = secrets[p.by];
      const k = s ? scalarOf(s.k) : undefined;
      if (!x || k === undefined || !keys[p.by] || hexOf(pointOf(x)!.multiply(Fn.inv(k))) !== p.y)
        return { ok: false, by: p.by, what: 'partial', at: d.pos };
      x = p.y;
    }
  }
  return { ok: true, order };
}

/**
 * The chit a card opens to with every party's scalar taken off (the audit's secrets, whatever the
 * shuffle's honesty): its index among `points`, or undefined when it opens to none of them.
 */
export function openWithAll(card: string, ks: readonly string[], points: readonly string[]): number | undefined {
  let x = pointOf(card);
  for (const h of ks) {
    const k = scalarOf(h);
    if (!x || k === undefined) return undefined;
    x = x.multiply(Fn.inv(k));
  }
  const i = x ? points.indexOf(hexOf(x)) : -1;
  return i >= 0 ? i : undefined;
}

// --- A refill's deck, signed by the phone that shuffled it ---

/**
 * A refill (hidden.ts: the discard pile appended to a deal as a new segment, 10.3) is shuffled with
 * each phone's SAME key. A phone multiplies a refill deck by its key only when it is known honest:
 * the first phone, only the segment's fresh public chit points; each next phone, only the deck the
 * phone before it signed (a Schnorr signature with that phone's key: K = k·G is in the deal). Were
 * it otherwise, a table could send one chosen point (a chit's point, or a card's last partial) with
 * fillers of known logarithm and learn k·P for it: the test of another side's kept chit.
 */
const signedText = (deal: string, from: number, deck: readonly string[]) =>
  `wc-hidden-refill\n${deal}\n${from}\n${deck.join('\n')}`;

/** The phone's signature of the refill deck it made (deal, segment start, deck). */
export function signDeck(deal: string, from: number, deck: readonly string[], secret: Secret, random: Random): Proof {
  const k = scalarOf(secret.k)!;
  const r = randomScalar(random);
  const K = G.multiply(k),
    R = G.multiply(r);
  const c = challengeSigned(K, R, signedText(deal, from, deck));
  return { c: scalarHex(c), s: scalarHex(Fn.add(r, Fn.mul(c, k))) };
}

/** Whether `sig` is the signature, by the phone with public key `key`, of that refill deck. */
export function checkDeckSig(deal: string, from: number, deck: readonly string[], key: string, sig: Proof): boolean {
  const K = pointOf(key);
  if (!K || !/^[0-9a-f]{64}$/.test(sig.c) || !/^[0-9a-f]{64}$/.test(sig.s)) return false;
  const c = BigInt('0x' + sig.c),
    s = BigInt('0x' + sig.s);
  if (c >= Fn.ORDER || s >= Fn.ORDER) return false;
  const R = (s === 0n ? Point.ZERO : G.multiply(s)).subtract(c === 0n ? Point.ZERO : K.multiplyUnsafe(c));
  return challengeSigned(K, R, signedText(deal, from, deck)) === c;
}

function challengeSigned(K: Pt, R: Pt, text: string): bigint {
  const h = sha256(utf8ToBytes(`wc-hidden-sign\n${hexOf(K)}\n${hexOf(R)}\n${text}`));
  let x = 0n;
  for (const v of h) x = (x << 8n) | BigInt(v);
  return Fn.create(x);
}
