/**
 * Sealed values (issue #33): a value one side types in private on its own phone (EastFront's blocks
 * entered hidden, 7.12/7.14), committed to in the log long before it is shown, and checked by every
 * device when it is. The log holds only what every device may know until the reveal:
 *
 * - a commit: the owner's side, how many items the value holds (what the opponent sees on the
 *   table anyway: so many blocks standing, seed 004 line 29), and the commitment, SHA-256 over a
 *   random salt and the value's canonical JSON. The value and the salt stay on the owner's phone.
 * - a call: the table asks for values to be shown (a battle is activated, 7.14): the owners'
 *   phones answer with their reveal; until then the step that needs them waits, naming the side.
 * - a reveal: the value and its salt. Every device (and the verifier, on replay) recomputes the
 *   commitment: a value that does not match is refused, naming the side and the commit step.
 *
 * The engine never guesses a value: a commitment never revealed stays a commitment (`unrevealed`).
 */
import { canonical } from './canonical';
import { EngineError } from './errors';
import { sha256Hex } from './sha256';

/** Plain JSON (the same as procedures.ts Json, which reads SealedValue: declared here, so neither imports the other). */
export type Json = null | boolean | number | string | readonly Json[] | { readonly [k: string]: Json };

/** A sealed value as every device holds it. */
export interface SealedValue {
  readonly side: string;
  /** SHA-256 (hex) of the salt and the value (sealCommitment). */
  readonly commitment: string;
  /** How many items the value holds (public: what the table sees of it). */
  readonly n: number;
  /** The step that recorded the commitment. */
  readonly seq: number;
  /** The table asked for it to be shown. */
  readonly called?: true;
  /** Shown and checked against the commitment. */
  readonly revealed?: true;
  readonly value?: Json;
}

export type SealedAction =
  | {
      readonly type: 'sealed.commit';
      readonly id: string;
      readonly side: string;
      readonly commitment: string;
      readonly n: number;
      /** The step's own number, recorded by apply (the reveal's refusal names it). */
      readonly seq?: number;
    }
  | { readonly type: 'sealed.call'; readonly ids: readonly string[] }
  | { readonly type: 'sealed.reveal'; readonly id: string; readonly value: Json; readonly salt: string };

export type SealedOutcome = {
  readonly kind: 'sealed';
  readonly op: 'commit' | 'call' | 'reveal';
  readonly ids: readonly string[];
  /** commit, reveal: whose value; n: how many items it holds. */
  readonly side?: string;
  readonly n?: number;
};

const HEX = /^[0-9a-f]{64}$/;
const refuse = (key: string, params: Record<string, string | number> = {}): never => {
  throw new EngineError('hidden', { key, ...params });
};

/** The commitment to `value` under `salt` (64 hex digits, the owner's phone's random): SHA-256 of both. */
export function sealCommitment(value: Json, salt: string): string {
  return sha256Hex(`wc-sealed:${salt}:${canonical(value)}`);
}

/** How many items a value holds: an array's length, else 1. */
export const sealedCount = (value: Json): number => (Array.isArray(value) ? value.length : 1);

/** Applies a sealed value's step: the sealed values after it, and what it says. */
export function applySealed(
  action: SealedAction,
  sealed: Readonly<Record<string, SealedValue>> | undefined,
): { sealed: Readonly<Record<string, SealedValue>>; outcome: SealedOutcome } {
  const all = sealed ?? {};
  if (action.type === 'sealed.commit') {
    if (Object.hasOwn(all, action.id)) refuse('sealed.err.exists');
    if (!HEX.test(action.commitment) || !Number.isSafeInteger(action.n) || action.n < 0) refuse('sealed.err.malformed');
    return {
      sealed: {
        ...all,
        [action.id]: { side: action.side, commitment: action.commitment, n: action.n, seq: action.seq ?? 0 },
      },
      outcome: { kind: 'sealed', op: 'commit', ids: [action.id], side: action.side, n: action.n },
    };
  }
  if (action.type === 'sealed.call') {
    if (!action.ids.length) refuse('sealed.err.malformed');
    const next = { ...all };
    for (const id of action.ids) {
      const s = all[id];
      if (!s) return refuse('sealed.err.unknown');
      if (!s.revealed) next[id] = { ...s, called: true };
    }
    return { sealed: next, outcome: { kind: 'sealed', op: 'call', ids: action.ids } };
  }
  const s = all[action.id];
  if (!s) return refuse('sealed.err.unknown');
  if (s.revealed) refuse('sealed.err.revealed', { side: s.side, step: s.seq });
  if (!HEX.test(action.salt) || sealCommitment(action.value, action.salt) !== s.commitment)
    refuse('sealed.err.mismatch', { side: s.side, step: s.seq });
  if (sealedCount(action.value) !== s.n) refuse('sealed.err.count', { side: s.side, step: s.seq, n: s.n });
  return {
    sealed: { ...all, [action.id]: { ...s, revealed: true, value: action.value } },
    outcome: { kind: 'sealed', op: 'reveal', ids: [action.id], side: s.side, n: s.n },
  };
}

/** The commitments never revealed: said as such (the verifier's report), never guessed. */
export function unrevealed(
  sealed: Readonly<Record<string, SealedValue>> | undefined,
): { id: string; side: string; n: number; seq: number }[] {
  return Object.entries(sealed ?? {})
    .filter(([, s]) => !s.revealed)
    .map(([id, s]) => ({ id, side: s.side, n: s.n, seq: s.seq }));
}
