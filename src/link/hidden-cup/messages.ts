/**
 * The link messages of a hidden cup (issue #33), and their strict check (never throws). Pure, no
 * cryptography (the guard loads with the link screen; ./sra.ts only where a hidden cup exists).
 *
 * Writer → phone (each to the one phone it concerns):
 * - key?: this phone's public key for a new deal is asked (its scalar stays on the phone).
 * - shuffle?: this phone's turn of the joint shuffle, on the deck so far.
 * - unlock?: take this phone's layer off the card at `pos`, drawn by `for`, with the partials so
 *   far (the phone checks them, and that the log says `for` drew `pos`, before it answers).
 * - chain: the partials of the card this phone drew — sent to the drawer's phone only.
 * - audit?: this phone's secrets are asked for the audit (given only when its player agrees).
 * - refill?: this phone's turn of a refill's shuffle (the discard pile back into a deal drawn to
 *   its end, 10.3), from chit `from` on: the first phone gets the segment's public chit points,
 *   each next one the deck the phone before it made, with that phone's signature (`sig`).
 * Phone → writer: key, shuffled, refilled (a refill's deck, signed), partial, audit (the answers; the first layer's partial also
 * unasked, once the phone has checked the draw step), reveal (the drawer shows a chit, with its
 * proof), keep (the drawer keeps a card face down, proving only that it is one of the deal's chits
 * that may be kept), resend (a reloaded phone asks again for the chain of a card it drew).
 */

export interface WireProof {
  readonly c: string;
  readonly s: string;
}
export interface WirePartial {
  readonly by: string;
  readonly y: string;
  readonly proof: WireProof;
}

export type HiddenMsg =
  | { readonly t: 'hidden'; readonly op: 'key?'; readonly deal: string; readonly cup: string }
  | { readonly t: 'hidden'; readonly op: 'shuffle?'; readonly deal: string; readonly deck: readonly string[] }
  | {
      readonly t: 'hidden';
      readonly op: 'unlock?';
      readonly deal: string;
      readonly pos: number;
      readonly for: string;
      readonly chain: readonly WirePartial[];
    }
  | {
      readonly t: 'hidden';
      readonly op: 'chain';
      readonly deal: string;
      readonly pos: number;
      readonly chain: readonly WirePartial[];
    }
  /** waiting: the sides whose players have not agreed yet (absent: every side of the deal). */
  | { readonly t: 'hidden'; readonly op: 'audit?'; readonly deal: string; readonly waiting?: readonly string[] }
  | {
      readonly t: 'hidden';
      readonly op: 'refill?';
      readonly deal: string;
      readonly from: number;
      readonly deck: readonly string[];
      readonly sig?: WireProof;
    }
  | {
      readonly t: 'hidden';
      readonly op: 'refilled';
      readonly deal: string;
      readonly from: number;
      readonly deck: readonly string[];
      readonly sig: WireProof;
    }
  | { readonly t: 'hidden'; readonly op: 'key'; readonly deal: string; readonly key: string }
  /** The player agrees to the audit of a deal (its secrets follow once every player has agreed). */
  | { readonly t: 'hidden'; readonly op: 'agree'; readonly deal: string }
  | { readonly t: 'hidden'; readonly op: 'shuffled'; readonly deal: string; readonly deck: readonly string[] }
  | {
      readonly t: 'hidden';
      readonly op: 'partial';
      readonly deal: string;
      readonly pos: number;
      readonly partial: WirePartial;
    }
  | {
      readonly t: 'hidden';
      readonly op: 'audit';
      readonly deal: string;
      readonly secret: { readonly k: string; readonly perm: readonly number[] };
    }
  | {
      readonly t: 'hidden';
      readonly op: 'reveal';
      readonly deal: string;
      readonly pos: number;
      readonly chain: readonly WirePartial[];
      readonly index: number;
      readonly proof: WireProof;
    }
  | {
      readonly t: 'hidden';
      readonly op: 'keep';
      readonly deal: string;
      readonly pos: number;
      readonly chain: readonly WirePartial[];
      readonly proof: { readonly parts: readonly WireProof[] };
    }
  | { readonly t: 'hidden'; readonly op: 'resend'; readonly deal: string; readonly pos: number };

/** The most chits a hidden cup deals (a deck message stays far below the link's size limits). */
export const MAX_HIDDEN = 200;
/** The most positions a deal reaches, refills included (Grossdeutschland's cups refill all game, 10.3). */
export const MAX_POS = 2000;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const hex = (v: unknown) => typeof v === 'string' && /^[0-9a-f]{64}$/.test(v);
const str = (v: unknown, max = 60) => typeof v === 'string' && v !== '' && v.length <= max;
const pos = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v < MAX_POS;
const proof = (v: unknown) => isObj(v) && exactly(v, { c: hex, s: hex });
const partial = (v: unknown) => isObj(v) && exactly(v, { by: (x) => str(x, 40), y: hex, proof });
const chain = (v: unknown) => Array.isArray(v) && v.length <= 8 && v.every(partial);
const deck = (v: unknown) => Array.isArray(v) && v.length >= 1 && v.length <= MAX_HIDDEN && v.every(hex);
const among = (v: unknown) => Array.isArray(v) && v.length >= 1 && v.length <= MAX_HIDDEN && v.every(proof);
const perm = (v: unknown) => Array.isArray(v) && v.length <= MAX_POS && v.every(pos);

function exactly(o: Obj, fields: Record<string, (v: unknown) => boolean>): boolean {
  const keys = Object.keys(o);
  return keys.length === Object.keys(fields).length && keys.every((k) => Object.hasOwn(fields, k) && fields[k]!(o[k]));
}

const base = { t: () => true, op: () => true, deal: (v: unknown) => str(v, 40) };
const FROM_WRITER: Record<string, Record<string, (v: unknown) => boolean>> = {
  'key?': { ...base, cup: (v) => str(v, 200) },
  'shuffle?': { ...base, deck },
  'unlock?': { ...base, pos, for: (v) => str(v, 40), chain },
  chain: { ...base, pos, chain },
  'audit?': {
    ...base,
    waiting: (v) => v === undefined || (Array.isArray(v) && v.length <= 8 && v.every((x) => str(x, 40))),
  },
  'refill?': { ...base, from: pos, deck, sig: (v) => v === undefined || proof(v) },
};
const FROM_PHONE: Record<string, Record<string, (v: unknown) => boolean>> = {
  key: { ...base, key: hex },
  shuffled: { ...base, deck },
  partial: { ...base, pos, partial },
  agree: base,
  audit: { ...base, secret: (v) => isObj(v) && exactly(v, { k: hex, perm }) },
  reveal: { ...base, pos, chain, index: pos, proof },
  keep: { ...base, pos, chain, proof: (v) => isObj(v) && exactly(v, { parts: among }) },
  resend: { ...base, pos },
  refilled: { ...base, from: pos, deck, sig: proof },
};

/** A hidden cup's message checked for the device that sent it: its field at fault, or undefined when it is well formed. */
export function hiddenFault(raw: Obj, from: 'writer' | 'replica'): string | undefined {
  const table = from === 'writer' ? FROM_WRITER : FROM_PHONE;
  const op = raw['op'];
  if (typeof op !== 'string' || !Object.hasOwn(table, op)) return 'op';
  const fields = table[op]!;
  for (const k of Object.keys(raw)) if (!Object.hasOwn(fields, k)) return k;
  for (const [k, check] of Object.entries(fields)) if (!check(raw[k])) return k; // an absent field holds only where its check allows it
  return undefined;
}
