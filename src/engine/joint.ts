/**
 * Joint randomness across linked devices (issue #33): no device can know a roll before every
 * player's device has given its value for it, and none can bias it. Pure (no DOM, no clock, no
 * Math.random): the secrets come from the caller.
 *
 * - Each device keeps a hash chain: a secret x_N (32 random bytes, as hex), x_{k-1} = link(x_k),
 *   down to its anchor x_0, which it commits to in a `joint` step of the log (with N). Its k-th
 *   value is x_k, checked by link^(k−j)(x_k) = x_j, the last value of it the game holds (j < k).
 *   A device's values only ever go up the chain: one given for a step that was never logged is
 *   skipped (the gap shows in the log), never given for another step.
 * - A step that draws randomness is asked for first: its prefix (the step before it, its number,
 *   the action and where it happened) is fixed and hashed, then each device gives its next value
 *   naming that prefix; the writer gives its own last. The step's randomness is the hash of the
 *   prefix and every value, in the order of the devices' names: the seed of a fresh generator for
 *   that step only. The log records the values (`joint` on the step); the verification checks each
 *   against its device's chain and replays the step from that seed.
 */
import { canonical } from './canonical';
import { createRng, type Rng } from './rng';
import type { RngState } from './rng-state';
import type { Action, Context, JointDevice, JointReveal, JointState, LogEntry } from './session-types';
import { sha256Hex } from './sha256';

export type { JointDevice, JointReveal, JointState } from './session-types';

/** Values in a device's chain: giving the k-th costs N−k hashes from the secret (a phone does 1,024 in a few ms). */
export const JOINT_LENGTH = 1024;

/** One link of a device's chain: x_{k-1} = link(x_k). */
const link = (x: string): string => sha256Hex(`wc-joint/1 link\n${x}`);

/** x_k of the chain whose secret is x_N (N = length). */
export function chainValue(secret: string, length: number, k: number): string {
  if (!Number.isInteger(k) || k < 0 || k > length) throw new RangeError(`no value ${k} in a chain of ${length}`);
  let x = secret;
  for (let i = length; i > k; i--) x = link(x);
  return x;
}

/** The anchor a device commits to: x_0. */
export const chainAnchor = (secret: string, length: number): string => chainValue(secret, length, 0);

/** Every how many values a device keeps a checkpoint of its own chain (so a value costs at most that many hashes). */
export const CHECKPOINT = 32;

/**
 * A device's own chain walked once: its anchor and its checkpoints (x_k for k = CHECKPOINT,
 * 2·CHECKPOINT, …, below N). They are the device's own secret, kept where its secret is.
 */
export function chainMarks(secret: string, length: number): { anchor: string; marks: Record<number, string> } {
  const marks: Record<number, string> = {};
  let x = secret;
  for (let k = length; k > 0; k--) {
    if (k % CHECKPOINT === 0 && k < length) marks[k] = x;
    x = link(x);
  }
  return { anchor: x, marks };
}

/** x_k from the nearest checkpoint above it (or the secret). */
export function chainValueFrom(
  secret: string,
  length: number,
  marks: Readonly<Record<number, string>>,
  k: number,
): string {
  if (!Number.isInteger(k) || k < 0 || k > length) throw new RangeError(`no value ${k} in a chain of ${length}`);
  let m = Math.ceil(k / CHECKPOINT) * CHECKPOINT;
  let x = m < length && marks[m] ? marks[m]! : ((m = length), secret);
  for (let i = m; i > k; i--) x = link(x);
  return x;
}

/** Whether `value` is `steps` links above `last` in its chain (steps ≥ 1). */
export function follows(last: string, value: string, steps: number): boolean {
  if (!Number.isInteger(steps) || steps < 1 || steps > JOINT_LENGTH * 64) return false;
  let x = value;
  for (let i = 0; i < steps; i++) x = link(x);
  return x === last;
}

/** The step's action as its prefix holds it: as logged, without the charts a procedure records after its run. */
function asAsked(action: Action): Action {
  if (action.type !== 'procedure' || !action.charts) return action;
  const { charts: _c, ...rest } = action;
  return rest;
}

/** The request a roll is asked for, fixed before any device gives its value: the step before it, its number, the action, where. */
export function jointPrefix(prev: string, seq: number, action: Action, context: Context | undefined): string {
  return sha256Hex(`wc-joint/1 prefix\n${prev}\n${seq}\n${canonical(asAsked(action))}\n${canonical(context ?? {})}`);
}

/**
 * The seed of a game whose rolls are all joint (issue #33): public, made from the game's id alone,
 * so that the seed every linked device holds predicts no roll — no roll may be made from it
 * (`jointOnly`; apply refuses one, the verification too). A linked game takes it before its first
 * step, when a player's phone links (src/link/manager.ts).
 */
export const publicSeedOf = (id: string): string => sha256Hex(`wc-joint/1 no seed\n${id}`);

/** Whether the game's seed is the public one: every roll of it is joint, none from the seed. */
export const jointOnly = (session: { readonly id: string; readonly seed: string }): boolean =>
  session.seed === publicSeedOf(session.id);

/** Reveals in the order of their devices' names (the order the randomness is made in). */
export const inOrder = (reveals: readonly JointReveal[]): JointReveal[] =>
  [...reveals].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

/** The step's randomness: the hash of its prefix and every device's value, as a seed for its own generator. */
export function jointSeed(prefix: string, reveals: readonly JointReveal[]): string {
  return sha256Hex(`wc-joint/1 seed\n${prefix}\n${canonical(inOrder(reveals).map((r) => [r.name, r.k, r.value]))}`);
}

/** The generator of one joint step and its first state. */
export function jointRng(prefix: string, reveals: readonly JointReveal[]): { rng: Rng; start: RngState } {
  const rng = createRng(jointSeed(prefix, reveals));
  return { rng, start: rng.snapshot() };
}

/** The joint set a `joint` step makes: its devices, each keeping how far it has gone if it is the same chain as before. */
export function jointAfter(before: JointState | undefined, devices: readonly JointDevice[]): JointState {
  return {
    devices: devices.map((d) => {
      const was = before?.devices.find((b) => b.name === d.name && b.anchor === d.anchor && b.length === d.length);
      return was ?? { ...d, k: 0, last: d.anchor };
    }),
  };
}

/** The joint set after a step's values are taken (each device at the value it gave). */
export function jointAdvance(joint: JointState, reveals: readonly JointReveal[]): JointState {
  return {
    devices: joint.devices.map((d) => {
      const r = reveals.find((x) => x.name === d.name);
      return r ? { ...d, k: r.k, last: r.value } : d;
    }),
  };
}

/**
 * The highest value of each device's chain the log has seen before step index `upTo` (undone steps
 * too: a value is never used twice), keyed by device name and anchor. One pass over the log.
 */
export function jointUsed(log: readonly Pick<LogEntry, 'joint' | 'action'>[], upTo = log.length): Map<string, number> {
  return usedScan(log, upTo).used;
}

function usedScan(
  log: readonly Pick<LogEntry, 'joint' | 'action'>[],
  upTo: number,
  onReuse?: (i: number, name: string) => boolean,
): { used: Map<string, number> } {
  const used = new Map<string, number>();
  const anchors = new Map<string, string>();
  for (let i = 0; i < upTo && i < log.length; i++) {
    const e = log[i]!;
    if (e.action.type === 'joint') for (const d of e.action.devices) anchors.set(d.name, d.anchor);
    for (const r of e.joint ?? []) {
      const key = `${r.name}\n${anchors.get(r.name) ?? ''}`;
      const before = used.get(key) ?? 0;
      if (r.k <= before && onReuse?.(i, r.name)) return { used };
      used.set(key, Math.max(before, r.k));
    }
  }
  return { used };
}

/**
 * What a game's joint randomness comes to: the steps made from the devices' values, the devices
 * that gave them, and how many values were given and never used in a step — a roll asked for and
 * not made (its values skipped in the chain). The writer gives its own value last: a roll it gave
 * up after seeing the others' values leaves such a gap, so the gaps are said.
 */
export function jointSummary(log: readonly Pick<LogEntry, 'joint' | 'action'>[]): {
  steps: number;
  devices: string[];
  unused: number;
} {
  let steps = 0;
  let unused = 0;
  const devices = new Set<string>();
  const last = new Map<string, number>();
  const anchors = new Map<string, string>();
  for (const e of log) {
    if (e.action.type === 'joint') for (const d of e.action.devices) anchors.set(d.name, d.anchor);
    if (e.joint?.length) steps++;
    for (const r of e.joint ?? []) {
      devices.add(r.name);
      const key = `${r.name}\n${anchors.get(r.name) ?? ''}`;
      const before = last.get(key) ?? 0;
      if (r.k > before + 1) unused += r.k - before - 1;
      last.set(key, Math.max(before, r.k));
    }
  }
  return { steps, devices: [...devices].sort(), unused };
}

type QueueEntry = Pick<LogEntry, 'seq' | 'joint' | 'jointRedo' | 'action'>;

/**
 * Undo never re-rolls (issue #33), in joint mode as in seed mode: the randomness of the rolls an undo
 * takes back is kept, in order, and the next rolls are made from it again before any new values
 * are asked for (as the seed's generator, restored, gives the same dice again). Each roll's
 * randomness is named by the step its values were given for (its own seq, or the one it redoes).
 * Scanned in the order the steps were made: returns the queue after `upTo` steps, and the first
 * step that breaks it (a roll made afresh while an undone roll's randomness was due, or a redo of
 * another one than the next due).
 */
export function jointQueue(
  log: readonly QueueEntry[],
  upTo = log.length,
): { queue: number[]; fault?: { seq: number; code: 'joint-redo' } } {
  let queue: number[] = [];
  const origin = (e: QueueEntry | undefined) => (e?.joint?.length ? e.seq : e?.jointRedo);
  for (let i = 0; i < upTo && i < log.length; i++) {
    const e = log[i]!;
    if (e.action.type === 'undo') {
      const back = e.action.steps.flatMap((n) => {
        const o = origin(log[n - 1]);
        return o === undefined ? [] : [o];
      });
      queue = [...back, ...queue];
    } else if (e.joint?.length) {
      if (queue.length) return { queue, fault: { seq: e.seq, code: 'joint-redo' } };
    } else if (e.jointRedo !== undefined) {
      if (queue[0] !== e.jointRedo) return { queue, fault: { seq: e.seq, code: 'joint-redo' } };
      queue = queue.slice(1);
    }
  }
  return { queue };
}

/** The generator a redo is made from: the one of the step its randomness was first given for. */
export function redoRng(
  log: readonly Pick<LogEntry, 'seq' | 'prev' | 'action' | 'context' | 'joint'>[],
  origin: number,
) {
  const o = log[origin - 1];
  if (!o?.joint?.length) return undefined;
  return jointRng(jointPrefix(o.prev ?? '', o.seq, o.action, o.context), o.joint);
}

/** The first step that takes a device's value the log has already seen (a value used twice), or undefined. */
export function jointReuse(
  log: readonly Pick<LogEntry, 'joint' | 'action' | 'seq'>[],
): { seq: number; name: string } | undefined {
  let found: { seq: number; name: string } | undefined;
  usedScan(log, log.length, (i, name) => ((found = { seq: log[i]!.seq, name }), true));
  return found;
}

export type JointFault =
  /** A value that is not the next of its device's chain (a lying reveal), or one used before. */
  | { readonly code: 'joint-reveal'; readonly params: { name: string } }
  /** A device of the joint set gave no value, or one not in the set gave one. */
  | { readonly code: 'joint-devices'; readonly params: { names: string } };

/**
 * Checks a step's values against the joint set: one from each device, each further up its own chain
 * than any value of it the log has seen (`used`), and linking down to the last one the game holds.
 */
export function checkReveals(
  joint: JointState,
  reveals: readonly JointReveal[],
  used: ReadonlyMap<string, number> = new Map(),
): JointFault | undefined {
  const names = joint.devices.map((d) => d.name);
  const given = reveals.map((r) => r.name);
  const odd = [...names.filter((n) => !given.includes(n)), ...given.filter((n) => !names.includes(n))];
  if (odd.length || new Set(given).size !== given.length)
    return { code: 'joint-devices', params: { names: [...new Set(odd.length ? odd : given)].join(', ') } };
  for (const r of reveals) {
    const d = joint.devices.find((x) => x.name === r.name)!;
    const floor = Math.max(d.k, used.get(`${d.name}\n${d.anchor}`) ?? 0);
    if (
      typeof r.value !== 'string' ||
      !/^[0-9a-f]{64}$/.test(r.value) ||
      !Number.isInteger(r.k) ||
      r.k <= floor ||
      r.k > d.length ||
      !follows(d.last, r.value, r.k - d.k)
    )
      return { code: 'joint-reveal', params: { name: r.name } };
  }
  return undefined;
}

/** A generator that counts its draws: run a step once with it to learn whether it needs randomness (no draw, no round). */
export function countingRng(inner: Rng): Rng & { readonly draws: number } {
  let draws = 0;
  return {
    uint32: () => {
      draws++;
      return inner.uint32();
    },
    snapshot: () => inner.snapshot(),
    get draws() {
      return draws;
    },
  };
}
