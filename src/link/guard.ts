/**
 * What a linked device may put on the wire, checked as strictly as a game file (issue #30). Pure:
 * no DOM, no WebRTC (tests/unit/link-hostile.test.ts).
 *
 * - readMsg: a message is an object of a known type with exactly its fields, of their types, and
 *   no larger than the link allows from that device; anything else is refused with a reason, never
 *   thrown.
 * - checkRequest: what a player's phone may ask the table to write. It acts for its own side only;
 *   it never sends the dice of an app roll (only the faces of real dice its player typed in, logged
 *   as typed); the cup, settings and balance steps the rules leave to both players at the table
 *   (look, pick, order, add, remove, hand, deck mode) are done on the table, not from one phone.
 * - mayUndo: a phone undoes only steps its own side made.
 * - Parts: a message larger than the channel's limit goes in parts and is put together again.
 */
import { actingSide, maySideAsk, type Action, type Actors, type LogEntry } from '../engine';
import { JOINT_FROM_REPLICA, JOINT_FROM_WRITER } from './joint-round';
import type { Msg, Role, WireProblem } from './protocol';
import { hiddenFault } from './hidden-cup/messages';

/** The largest message a replica may send (a request, a hello, a seed message), as JSON text. */
export const MAX_FROM_REPLICA = 32 * 1024;
/** The largest message the writer may send (put together from its parts). */
export const MAX_FROM_WRITER = 16 * 1024 * 1024;
/** The largest step a phone's request may make (as JSON text): anything larger is refused before it is stored. */
export const MAX_STEP = 48 * 1024;
/** The largest pack file the writer may send (as a pack file on import: src/packs/format.ts PACK_LIMITS.chars). */
export const MAX_PACK = 4_000_000;
/** A pack version's game id: `<pack id>@<16 hex digits of its content hash>`. */
const packVersion = (v: unknown) => typeof v === 'string' && /^[a-z0-9][a-z0-9-]{0,39}@[0-9a-f]{16}$/.test(v);

/** A data channel message's text, at most (Chromium allows 256 KiB; a character is up to 3 bytes). */
export const PART = 60_000;

export type Refusal = { readonly ok: false; readonly problem: WireProblem };
const no = (key: string, params?: Record<string, string | number>): Refusal => ({
  ok: false,
  problem: { key, ...(params ? { params } : {}) },
});

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown, max = 200) => typeof v === 'string' && v.length <= max;
const nat = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const hex64 = (v: unknown) => typeof v === 'string' && /^[0-9a-f]{64}$/.test(v);

/** Exactly these fields (those marked `?` may be absent), each passing its check. */
function shape(o: Obj, fields: Record<string, (v: unknown) => boolean>): string | undefined {
  for (const k of Object.keys(o)) if (!(k in fields) && !(`${k}?` in fields)) return k;
  for (const [f, check] of Object.entries(fields)) {
    const k = f.endsWith('?') ? f.slice(0, -1) : f;
    if (o[k] === undefined ? !f.endsWith('?') : !check(o[k])) return k;
  }
  return undefined;
}

export function isRole(v: unknown): v is Role {
  if (!isObj(v)) return false;
  if (v['kind'] === 'player') return shape(v, { kind: () => true, side: (s) => str(s, 40) && s !== '' }) === undefined;
  return (v['kind'] === 'display' || v['kind'] === 'writer') && shape(v, { kind: () => true }) === undefined;
}

const any = () => true;
const isArr = (v: unknown) => Array.isArray(v);
const problemShape = (v: unknown) =>
  isObj(v) && shape(v, { key: (k) => str(k), 'params?': isObj, 'detail?': (d) => str(d, 2000) }) === undefined;

/** The fields of each message, by who may send it. */
const FROM_REPLICA: Record<string, Record<string, (v: unknown) => boolean>> = {
  hello: { t: any, name: (v) => str(v, 60) && v !== '', role: isRole, have: nat, hash: (v) => str(v, 64) },
  role: { t: any, role: isRole },
  act: { t: any, id: (v) => nat(v) && (v as number) > 0, action: isObj, 'context?': isObj },
  undo: { t: any, id: (v) => nat(v) && (v as number) > 0, 'seq?': (v) => nat(v) && (v as number) > 0 },
  'seed-commit': { t: any, round: (v) => str(v, 64), kind: (v) => str(v, 8), commitment: hex64 },
  'seed-reveal': { t: any, round: (v) => str(v, 64), salt: (v) => str(v, 256), secret: (v) => str(v, 4000) },
  refused: { t: any, reason: (v) => v === 'conflict', at: nat, 'name?': (v) => str(v, 60) },
  ping: { t: any },
  // Joint randomness (issue #33): checked as strictly, in joint-round.ts.
  ...JOINT_FROM_REPLICA,
  hidden: {},
};
const FROM_WRITER: Record<string, Record<string, (v: unknown) => boolean>> = {
  welcome: { t: any, v: (v) => v === 1, name: (v) => str(v, 60), game: isObj, 'replaces?': (v) => str(v) },
  steps: { t: any, from: nat, prev: (v) => str(v, 64), entries: isArr },
  settings: { t: any, game: isObj },
  undone: { t: any, seqs: (v) => Array.isArray(v) && v.every(nat) },
  done: { t: any, id: nat, 'seq?': nat, 'problem?': problemShape },
  refused: { t: any, reason: (v) => v === 'conflict', at: nat, 'name?': (v) => str(v, 60) },
  peers: { t: any, peers: isArr, 'successor?': (v) => str(v, 60) },
  role: { t: any, role: isRole },
  problem: { t: any, problem: problemShape },
  pack: { t: any, id: packVersion, text: (v) => str(v, MAX_PACK) && v !== '' },
  seed: {
    t: any,
    'you?': (v) => str(v, 16),
    round: (v) => str(v, 64),
    device: (v) => str(v, 64),
    parties: (v) =>
      Array.isArray(v) && v.every((p) => isObj(p) && str(p['id'], 16) && str(p['name'], 60) && str(p['side'], 40)),
    phase: (v) => ['commit', 'reveal', 'made', 'refused', 'cancelled', 'expired'].includes(v as string),
    'by?': (v) => str(v, 60),
    'awaited?': (v) => Array.isArray(v) && v.every((x) => str(x, 60)),
  },
  ping: { t: any },
  ...JOINT_FROM_WRITER,
  hidden: {},
};

/**
 * A message as it came off the wire (parsed JSON, or anything a hostile peer sends), checked for
 * the device that sent it: the message, or a refusal naming what is wrong. Never throws.
 */
export function readMsg(raw: unknown, from: 'writer' | 'replica'): { ok: true; msg: Msg } | Refusal {
  try {
    if (!isObj(raw)) return no('link.bad.notObject');
    const size = JSON.stringify(raw).length;
    if (size > (from === 'replica' ? MAX_FROM_REPLICA : MAX_FROM_WRITER)) return no('link.bad.oversized', { n: size });
    const t = raw['t'];
    const fields = typeof t === 'string' ? (from === 'replica' ? FROM_REPLICA : FROM_WRITER)[t] : undefined;
    if (!fields || !Object.hasOwn(from === 'replica' ? FROM_REPLICA : FROM_WRITER, t as string))
      return no('link.bad.type', { type: String(t).slice(0, 40) });
    // A hidden cup's message (issue #33): each of its kinds with exactly its fields (hidden-cup/messages.ts).
    const wrong = t === 'hidden' ? hiddenFault(raw, from) : shape(raw, fields);
    if (wrong !== undefined) return no('link.bad.field', { type: t as string, field: wrong.slice(0, 40) });
    return { ok: true, msg: raw as unknown as Msg };
  } catch {
    return no('link.bad.notObject');
  }
}

// --- What a player's phone may ask for ---

/** The steps done on the table only (both players there), never from one player's phone. */
// A call for sealed values (issue #33) too: a phone calling the other side's would have it shown early.
const TABLE_ONLY = new Set([
  'cup.look',
  'cup.pick',
  'cup.order',
  'cup.add',
  'cup.remove',
  'cup.hand',
  'balance',
  'sealed.call',
]);
/** What apply records itself (the table's settings and charts): a request never brings its own. */
const RECORDED = ['errata', 'readings', 'charts', 'chart', 'entered'];
const KNOWN = new Set([
  'roll',
  'table',
  'combat',
  'cup.draw',
  'cup.play',
  'end-turn',
  'procedure',
  'note',
  'hidden.draw',
  'sealed.commit',
  'sealed.reveal',
  ...TABLE_ONLY,
]);
/** A sealed value's steps (issue #33, src/engine/sealed.ts): exactly their fields. */
const SEALED_FIELDS: Record<string, Record<string, (v: unknown) => boolean>> = {
  'sealed.commit': { type: any, id: (v) => str(v) && v !== '', side: (v) => str(v, 40), commitment: hex64, n: nat },
  'sealed.reveal': { type: any, id: (v) => str(v) && v !== '', value: any, salt: hex64 },
};

const sameFaces = (a: readonly unknown[], b: readonly number[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Whether a player's phone holding `side` may ask for `action`. `named`: the faces of the game's own
 * custom dice (a free roll of one of them is the game's die, not dice the phone made up). `actors`:
 * the game's procedures its rules give to one side's player, and who acts in each (the input field
 * naming that side, or the side: game-module.ts `Actors`): such a step for another side, or naming
 * no side, is refused.
 */
export function checkRequest(
  action: unknown,
  side: string,
  named: readonly (readonly number[])[],
  actors: Actors = {},
): { ok: true; action: Action } | Refusal {
  if (!isObj(action) || typeof action['type'] !== 'string' || !KNOWN.has(action['type']))
    return no('link.req.unknown', { type: String(isObj(action) ? action['type'] : action).slice(0, 40) });
  const type = action['type'];
  if (TABLE_ONLY.has(type)) return no('link.req.tableOnly', { type });
  for (const k of RECORDED) if (k in action) return no('link.req.recorded', { field: k });
  const manual = action['manual'] !== undefined;
  const dice = action['dice'];
  if (type === 'roll') {
    const faces = isObj(dice) ? dice['faces'] : undefined;
    if (faces !== undefined && !manual && !(Array.isArray(faces) && named.some((f) => sameFaces(faces, f))))
      return no('link.req.dice');
  } else if ((type === 'table' || type === 'combat') && !manual && isObj(dice) && 'faces' in dice)
    // A table's dice named as a plain NdS pass: the game refuses any but the table's own (issue #30).
    // Faces of the phone's making never do.
    return no('link.req.dice');
  if (type === 'cup.play' && action['side'] !== side) return no('link.req.otherSide', { side: String(action['side']) });
  if (type === 'hidden.draw') {
    // A hidden draw for this phone's own side, with exactly its fields (issue #33).
    if (action['side'] !== side) return no('link.req.otherSide', { side: String(action['side']) });
    const extra = Object.keys(action).find((k) => k !== 'type' && k !== 'cup' && k !== 'side');
    if (extra !== undefined || !str(action['cup']) || action['cup'] === '')
      return no('link.bad.field', { type: 'act', field: (extra ?? 'cup').slice(0, 40) });
  }
  if (type in SEALED_FIELDS) {
    // A phone seals only its own side's values; a reveal is checked against its commitment by the engine.
    const wrong = shape(action, SEALED_FIELDS[type]!);
    if (wrong !== undefined) return no('link.bad.field', { type: 'act', field: wrong.slice(0, 40) });
    if (type === 'sealed.commit' && action['side'] !== side)
      return no('link.req.otherSide', { side: String(action['side']) });
  }
  if (type === 'cup.draw' && action['faceDown'] !== undefined && action['faceDown'] !== side)
    return no('link.req.otherSide', { side: String(action['faceDown']) });
  if (
    type === 'procedure' &&
    typeof action['id'] === 'string' &&
    !maySideAsk(actors, side, action['id'], action['input'])
  ) {
    // A procedure the rules give to one side's player (a black chit played from that player's hand…):
    // the side its input names, or the one side whose it is, must be the phone's own (engine
    // `maySideAsk`, which the phone's panels read too).
    const who = actingSide(actors, action['id'], action['input']);
    return no('link.req.otherSide', { side: String((!who.open && who.side) || '?').slice(0, 40) });
  }
  return { ok: true, action: action as unknown as Action };
}

/**
 * Whether a phone holding `side` may undo from step `seq` on (absent: the last step standing):
 * every step it would mark undone must be its own side's.
 */
export function mayUndo(log: readonly LogEntry[], side: string, seq?: number): { ok: true } | Refusal {
  const standing = log.filter((e) => !e.undone);
  const from = seq ?? standing.at(-1)?.seq;
  if (from === undefined) return no('link.req.nothingToUndo');
  const marked = standing.filter((e) => e.seq >= from);
  const other = marked.find((e) => e.context?.side !== side);
  return other ? no('link.req.undoOther', { n: other.seq }) : { ok: true };
}

// --- Messages in parts ---

/** A message's text as the data channel carries it: whole, or in parts of at most PART characters. */
export function partsOf(text: string, id: number): string[] {
  if (text.length <= PART) return [text];
  const n = Math.ceil(text.length / PART);
  return Array.from({ length: n }, (_, i) =>
    JSON.stringify({ t: 'part', id, i, n, s: text.slice(i * PART, (i + 1) * PART) }),
  );
}

/** Puts messages sent in parts together again (parts come in order on an ordered channel). */
export class Joiner {
  private id?: number;
  private got: string[] = [];
  constructor(private readonly max: number) {}
  /** A piece of text off the wire: the whole message's text when complete, else undefined. */
  take(raw: unknown): { text: string } | { part: true } | undefined {
    if (!isObj(raw) || raw['t'] !== 'part') return undefined;
    const { id, i, n, s } = raw;
    if (!nat(id) || !nat(i) || !nat(n) || typeof s !== 'string' || (n as number) * PART > this.max) {
      this.got = [];
      this.id = undefined;
      return { part: true };
    }
    if (i === 0) {
      this.id = id as number;
      this.got = [];
    }
    if (this.id !== id || this.got.length !== i) return { part: true };
    this.got.push(s);
    if (this.got.length < (n as number)) return { part: true };
    const text = this.got.join('');
    this.got = [];
    this.id = undefined;
    return { text };
  }
}
