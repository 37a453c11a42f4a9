/**
 * A long game's log in less memory (issue #14), once its equal parts are shared (shared-steps.ts).
 * What each step holds of its own — the hash of the step before it (`prev`), its time (`at`) and its
 * random states — takes about 200 bytes a step as strings and objects. Here it is packed, 56 bytes a
 * step: the hash's 32 bytes, the time's 8 (milliseconds), the random state after the step as four
 * 32-bit words (16); the state before a step is the one the step before it left, read from there.
 * Each step reads its parts back through getters of its own: enumerable own properties, in the order
 * they had, so spread, JSON, hashing and structured cloning see the same step as before; each read
 * makes a new string or object, equal to the one read from storage.
 *
 * A part is packed only if it reads back exactly (a hash of 64 lowercase hex digits, a time as
 * `toISOString` writes it, an alea state, whose numbers are 32-bit words and multiples of 2^-32,
 * with its keys in the usual order); any other value stays as it was. The packed bytes are held in
 * one string of one-byte characters, in the JS heap like the steps themselves. Steps are never
 * changed once made: a step undone later, or a new one, is a new plain object (engine/session.ts).
 */
import type { LogEntry } from '../engine';
import type { RngState } from '../engine/rng-state';
import { shareEqualParts } from './shared-steps';

const TWO32 = 0x100000000;
const HEX = '0123456789abcdef';
const HASH = /^[0-9a-f]{64}$/;
/** Bytes a step: hash 0–31, time 32–39, random state after it 40–55. */
const SIZE = 56;
const AT = 32;
const RNG = 40;

const isWord = (n: unknown): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= 0 && n < TWO32 && !Object.is(n, -0);
const hasKeys = (o: object, keys: readonly string[]) => {
  const own = Object.keys(o);
  return own.length === keys.length && own.every((k, i) => k === keys[i]);
};

/** An alea state's numbers as 32-bit words, if they read back exactly (alea's own states always do). */
function rngWords(r: unknown): number[] | undefined {
  if (typeof r !== 'object' || r === null || !hasKeys(r, ['alg', 's'])) return undefined;
  const { alg, s } = r as RngState;
  if (alg !== 'alea' || typeof s !== 'object' || s === null || !hasKeys(s, ['c', 's0', 's1', 's2'])) return undefined;
  const w = [s.c, s.s0 * TWO32, s.s1 * TWO32, s.s2 * TWO32];
  return w.every(isWord) ? w : undefined;
}

/** A time as the app writes it (`new Date().toISOString()`), in milliseconds; undefined for any other value. */
function millis(at: unknown): number | undefined {
  if (typeof at !== 'string') return undefined;
  const t = Date.parse(at);
  return Number.isFinite(t) && new Date(t).toISOString() === at ? t : undefined;
}

/**
 * A plain object (its prototype is Object's) made by a constructor, so that V8 sizes it to the fields
 * it ends up with: 40 bytes a step, where an object literal grown field by field takes about 50.
 */
function Step() {}
Step.prototype = Object.prototype;
const newStep = Step as unknown as new () => Record<string, unknown>;

/** Bytes as a string of one-byte characters (built in slices: a call takes a bounded number of arguments). */
function byteString(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += 0x2000)
    parts.push(String.fromCharCode.apply(null, bytes.subarray(i, i + 0x2000) as unknown as number[]));
  return parts.join('');
}

/** The packed bytes of a log's steps (as one-byte characters), and which parts of each step they hold. */
function pack(log: readonly LogEntry[]): { held: string; packed: (readonly string[])[] } {
  const n = log.length;
  const bytes = new Uint8Array(SIZE * n);
  const view = new DataView(bytes.buffer);
  const packed: (readonly string[])[] = [];
  let afterPacked = false;
  for (let k = 0; k < n; k++) {
    const e = log[k]!;
    const parts: string[] = [];
    if (typeof e.prev === 'string' && HASH.test(e.prev)) {
      for (let w = 0; w < 8; w++) view.setUint32(SIZE * k + 4 * w, parseInt(e.prev.slice(8 * w, 8 * w + 8), 16));
      parts.push('prev');
    }
    const t = millis(e.at);
    if (t !== undefined) {
      view.setFloat64(SIZE * k + AT, t, true);
      parts.push('at');
    }
    // The state before a step is read from the step before it, where it is that step's packed state after
    // (shareEqualParts made them one object).
    if (afterPacked && e.rngBefore === log[k - 1]!.rngAfter) parts.push('rngBefore');
    const after = rngWords(e.rngAfter);
    after?.forEach((w, i) => view.setUint32(SIZE * k + RNG + 4 * i, w, true));
    if (after) parts.push('rngAfter');
    afterPacked = !!after;
    packed.push(parts);
  }
  return { held: byteString(bytes), packed };
}

/** What reads a step's packed parts back: one getter per part, shared by the steps of one log. */
function accessorsFor(held: string): Record<string, PropertyDescriptor> {
  const word = (at: number) =>
    (held.charCodeAt(at) | (held.charCodeAt(at + 1) << 8) | (held.charCodeAt(at + 2) << 16)) +
    held.charCodeAt(at + 3) * 0x1000000;
  const state = (k: number): RngState => {
    const at = SIZE * k + RNG;
    return {
      alg: 'alea',
      s: { c: word(at), s0: word(at + 4) / TWO32, s1: word(at + 8) / TWO32, s2: word(at + 12) / TWO32 },
    };
  };
  const time = new DataView(new ArrayBuffer(8));
  // A step's bytes are found from its number (steps are numbered from 1, in order).
  const getters: Record<string, (this: LogEntry) => unknown> = {
    prev() {
      let s = '';
      for (let b = SIZE * (this.seq - 1), end = b + 32; b < end; b++) {
        const c = held.charCodeAt(b);
        s += HEX[c >> 4]! + HEX[c & 15]!;
      }
      return s;
    },
    at() {
      const at = SIZE * (this.seq - 1) + AT;
      for (let b = 0; b < 8; b++) time.setUint8(b, held.charCodeAt(at + b));
      return new Date(time.getFloat64(0, true)).toISOString();
    },
    rngBefore() {
      return state(this.seq - 2);
    },
    rngAfter() {
      return state(this.seq - 1);
    },
  };
  return Object.fromEntries(
    Object.entries(getters).map(([key, get]) => [key, { get, enumerable: true, configurable: true }]),
  );
}

/**
 * Packs the steps of a log just read from storage and checked (the array and its steps are the
 * caller's own): each step whose parts pack is replaced, in place, by one that reads them from the
 * packed bytes. Steps must be numbered 1, 2, 3… in order (a log as stored); any other log is left
 * as it is. Returns the same array.
 */
export function packSteps(log: LogEntry[]): LogEntry[] {
  shareEqualParts(log);
  if (log.some((e, k) => e.seq !== k + 1)) return log;
  const { held, packed } = pack(log);
  const accessors = accessorsFor(held);
  for (let k = 0; k < log.length; k++) {
    const parts = packed[k]!;
    if (!parts.length) continue;
    const e = log[k]!;
    const step = new newStep();
    for (const key of Object.keys(e)) {
      if (parts.includes(key)) Object.defineProperty(step, key, accessors[key]!);
      else step[key] = e[key as keyof LogEntry];
    }
    log[k] = step as unknown as LogEntry;
  }
  return log;
}
