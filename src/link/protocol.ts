/**
 * The replica protocol between linked devices: one writer, many replicas. Pure (no DOM, no
 * WebRTC), so it is tested on its own (tests/unit/link-protocol.test.ts).
 *
 * - Steps travel with their number and the hash of the step before them. Each device keeps the
 *   chain of hashes of its own copy of the log: hash(n) = sha256(hash(n-1) + step n), the step
 *   without its undone mark (undo marks a step, it never changes it). hash(0) is the game's own
 *   (its id and seed).
 * - A replica says which step it has and that step's hash; the writer sends every step after it
 *   when the hashes agree (catch-up), and refuses when they do not: a copy that went another way
 *   is never merged.
 * - A replica accepts a batch of steps only if it starts right after its last step and names that
 *   step's hash; a gap asks for a catch-up, another hash is a conflict.
 */
import { sha256Hex, type Action, type Context, type LogEntry, type Session } from '../engine';

/** JSON with object keys sorted: the same step gives the same text on every device. */
export function canonical(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
    .join(',')}}`;
}

export type GameMeta = Omit<Session, 'log'>;

/** hash(0): the game's own, from its id and seed. */
export const genesis = (game: Pick<Session, 'id' | 'seed'>): string => sha256Hex(`wc-link\n${game.id}\n${game.seed}`);

export function stepHash(prev: string, entry: LogEntry): string {
  return sha256Hex(`${prev}\n${canonical({ ...entry, undone: false })}`);
}

/** The chain of hashes of one copy of a log, extended as steps arrive (computed once per step). */
export class Chain {
  private readonly hashes: string[];
  constructor(game: Pick<Session, 'id' | 'seed'>) {
    this.hashes = [genesis(game)];
  }
  /** Steps known to this chain. */
  get length(): number {
    return this.hashes.length - 1;
  }
  /** The hash after step `seq` (0: the game's own). */
  at(seq: number): string | undefined {
    return this.hashes[seq];
  }
  /** Brings the chain up to a log (only the steps it does not have yet are hashed). */
  follow(log: readonly LogEntry[]): this {
    for (let i = this.length; i < log.length; i++) this.hashes.push(stepHash(this.hashes[i]!, log[i]!));
    return this;
  }
}

/** How a device takes part: the writer, a player's phone (that side's private hand), or a shared display. */
export type Role =
  { readonly kind: 'writer' } | { readonly kind: 'player'; readonly side: string } | { readonly kind: 'display' };

/** A problem sent back to the device that asked (a message key and its parameters). */
export interface WireProblem {
  readonly key: string;
  readonly params?: Record<string, string | number>;
  readonly detail?: string;
}

export interface PeerInfo {
  readonly name: string;
  readonly role: Role;
  readonly connected: boolean;
}

export type Msg =
  /** Writer → replica, first: the game this link shares (without its log) and the writer's name. */
  | { readonly t: 'welcome'; readonly v: 1; readonly name: string; readonly game: GameMeta }
  /** Replica → writer: who it is, and the last step of this game it holds (0: none) with its hash. */
  | { readonly t: 'hello'; readonly name: string; readonly role: Role; readonly have: number; readonly hash: string }
  /** Writer → replica: steps from `from`+1 on; `prev` is the hash after step `from`. */
  | { readonly t: 'steps'; readonly from: number; readonly prev: string; readonly entries: readonly LogEntry[] }
  /** Writer → replica: the game's settings changed (they decide how the steps that follow replay). */
  | { readonly t: 'settings'; readonly game: GameMeta }
  /** Writer → replica: every step now marked undone. */
  | { readonly t: 'undone'; readonly seqs: readonly number[] }
  /** Replica → writer: a request (the writer runs it; the step comes back like any other). */
  | { readonly t: 'act'; readonly id: number; readonly action: Action; readonly context?: Context }
  | { readonly t: 'undo'; readonly id: number; readonly seq?: number }
  /** Writer → replica: the request `id` is done (the step it made), or refused with a problem. */
  | { readonly t: 'done'; readonly id: number; readonly seq?: number; readonly problem?: WireProblem }
  /** The other side's copy of the game went another way from step `at` on: the link stops. */
  | { readonly t: 'refused'; readonly reason: 'conflict'; readonly at: number }
  /** Writer → replicas: the devices linked to it, connected or not. */
  | { readonly t: 'peers'; readonly peers: readonly PeerInfo[] }
  /** Replica → writer: what it shows now (a side's hand, or the shared display). */
  | { readonly t: 'role'; readonly role: Role }
  | { readonly t: 'ping' };

/** Steps per message: a long game's catch-up goes in parts (a data channel message has a size limit). */
export const BATCH = 40;

/**
 * The writer's answer to a replica's hello: the steps it lacks, in batches, or a refusal when its
 * copy differs (its last step's hash is not the writer's at that number, or it has steps the writer
 * has not).
 */
export function catchUp(
  log: readonly LogEntry[],
  chain: Chain,
  have: number,
  hash: string,
): { ok: true; batches: Extract<Msg, { t: 'steps' }>[] } | { ok: false; at: number } {
  chain.follow(log);
  if (have > log.length || chain.at(have) !== hash) return { ok: false, at: firstDifference(chain, have) };
  const batches: Extract<Msg, { t: 'steps' }>[] = [];
  for (let from = have; from < log.length; from += BATCH)
    batches.push({ t: 'steps', from, prev: chain.at(from)!, entries: log.slice(from, from + BATCH) });
  return { ok: true, batches };
}

/** The writer cannot see the replica's whole chain: the copies differ at or before `have`. */
const firstDifference = (chain: Chain, have: number) => Math.min(have, chain.length + 1);

/** What a replica does with a batch of steps, given its own copy's chain. */
export function admit(chain: Chain, msg: Extract<Msg, { t: 'steps' }>): 'ok' | 'old' | 'gap' | 'conflict' {
  const last = msg.from + msg.entries.length;
  if (msg.entries.some((e, i) => e.seq !== msg.from + i + 1)) return 'conflict';
  if (msg.from > chain.length) return 'gap';
  // A batch this copy already holds (sent twice on a relink) must be the same steps.
  const mine = chain.at(msg.from);
  if (mine !== msg.prev) return 'conflict';
  let h = msg.prev;
  for (const e of msg.entries) {
    h = stepHash(h, e);
    if (e.seq <= chain.length && chain.at(e.seq) !== h) return 'conflict';
  }
  return last <= chain.length ? 'old' : 'ok';
}

/** The steps of a batch this copy does not hold yet. */
export const fresh = (chain: Chain, msg: Extract<Msg, { t: 'steps' }>): readonly LogEntry[] =>
  msg.entries.filter((e) => e.seq > chain.length);
