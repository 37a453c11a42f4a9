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
 * - The seed both players make, across devices (issue #17; the one-device ceremony is
 *   src/engine/seed-ceremony.ts): the writer commits to its own randomness and asks each player's
 *   phone; each phone sends only its commitment; once every commitment is in, the writer asks for
 *   the reveals, and a phone reveals only when it sees every commitment, its own unchanged. The
 *   writer checks each reveal against its commitment and makes the seed as the one-device ceremony
 *   does (SeedRound), so the game's verifier checks it.
 */
import {
  commit,
  sha256Hex,
  type Action,
  type Ceremony,
  type Context,
  type Contribution,
  type ContributionKind,
  type LogEntry,
  type Reveal,
  type Session,
} from '../engine';
import type { JointMsg } from './joint-round';
import type { HiddenMsg } from './hidden-cup/messages';

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
  /**
   * Writer → replica, first: the game this link shares (without its log) and the writer's name.
   * After a seed made across devices, again with the new game, and the game it replaces (no steps).
   */
  | { readonly t: 'welcome'; readonly v: 1; readonly name: string; readonly game: GameMeta; readonly replaces?: string }
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
  /**
   * The other side's copy of the game went another way from step `at` on: the link stops. `name`:
   * the device that refused. The device that receives it closes the link (so that the refusal is
   * never lost to a close: the sender repeats it until the link closes).
   */
  | { readonly t: 'refused'; readonly reason: 'conflict'; readonly at: number; readonly name?: string }
  /**
   * Writer → replicas: the devices linked to it, connected or not, and the one device that takes
   * over as the writer if this one is lost (named in advance: no other may).
   */
  | { readonly t: 'peers'; readonly peers: readonly PeerInfo[]; readonly successor?: string }
  /**
   * Replica → writer: what it asks to show now (a side's hand, or the shared display). Writer →
   * replica: the role it holds (a side another phone holds is refused: it stays a display).
   */
  | { readonly t: 'role'; readonly role: Role }
  /** Writer → replica: a message of this device was refused (malformed, or not this device's to send). */
  | { readonly t: 'problem'; readonly problem: WireProblem }
  /** Writer → replicas: the seed ceremony across devices as it stands (`you`: the recipient's part, if it has one). */
  | ({ readonly t: 'seed'; readonly you?: string } & SeedState)
  /** Player's phone → writer: its commitment only (its secret stays on the phone until every commitment is in). */
  | {
      readonly t: 'seed-commit';
      readonly round: string;
      readonly kind: ContributionKind;
      readonly commitment: string;
    }
  /** Player's phone → writer: its secret and salt, sent only once it has seen every commitment. */
  | ({ readonly t: 'seed-reveal'; readonly round: string } & Reveal)
  /**
   * Writer → replicas: a game pack, as its file's text, and the game id of its version
   * (`<pack>@<content hash>`; issue #32). The receiver reads it as a file and asks before saving.
   */
  | { readonly t: 'pack'; readonly id: string; readonly text: string }
  /** Joint randomness across devices (issue #33): its messages are in joint-round.ts. */
  | JointMsg
  /** A hidden cup's messages (issue #33): src/link/hidden-cup/messages.ts. */
  | HiddenMsg
  | { readonly t: 'ping' };

/** Steps per message: a long game's catch-up goes in parts (a data channel message has a size limit). */
export const BATCH = 40;
/** Characters of steps per message, about (a data channel message is at most 256 KiB in Chromium). */
export const BATCH_TEXT = 128 * 1024;

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
  // At most BATCH steps and about BATCH_TEXT characters a batch (a step larger than that goes alone).
  let from = have;
  let size = 0;
  for (let i = have; i < log.length; i++) {
    const n = JSON.stringify(log[i]).length;
    if (i > from && (i - from >= BATCH || size + n > BATCH_TEXT)) {
      batches.push({ t: 'steps', from, prev: chain.at(from)!, entries: log.slice(from, i) });
      from = i;
      size = 0;
    }
    size += n;
  }
  if (from < log.length) batches.push({ t: 'steps', from, prev: chain.at(from)!, entries: log.slice(from) });
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

// --- The seed both players make, across devices ---

/** A device asked for a contribution: its place in the round, its name and the side it plays. */
export interface SeedParty {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  /** Its commitment, once sent. */
  readonly kind?: ContributionKind;
  readonly commitment?: string;
  /** Its reveal arrived and matched. */
  readonly revealed?: boolean;
}

/**
 * A round of the ceremony as every device sees it. commit: waiting for commitments; reveal: every
 * commitment is in, reveals are asked; made: the seed is made (the new game follows); refused: a
 * reveal did not match its commitment (`by` names the device); cancelled on the writer.
 */
export interface SeedState {
  readonly round: string;
  /** The writer's commitment to its own randomness, made before any phone is asked. */
  readonly device: string;
  readonly parties: readonly SeedParty[];
  readonly phase: 'commit' | 'reveal' | 'made' | 'refused' | 'cancelled' | 'expired';
  readonly by?: string;
  /** The devices the round waits for (their commitment, or their reveal), by name; on expired, those it waited for. */
  readonly awaited?: readonly string[];
}

/** Why a ceremony message was refused. */
export type SeedRefusal =
  | { readonly problem: 'not-a-party' | 'over' | 'twice' | 'malformed' }
  /** A reveal before every commitment is in. */
  | { readonly problem: 'early' }
  /** A reveal that is not the secret its device committed to. */
  | { readonly problem: 'mismatch'; readonly name: string };

const KINDS: readonly ContributionKind[] = ['text', 'dice', 'taps'];

/**
 * The writer's side of one round: commitments first, from every party; reveals only after all of
 * them, each checked against its commitment; then the ceremony, in the parties' order, for the
 * seed (ceremonySeed, as on one device).
 */
export class SeedRound {
  private readonly parties: SeedParty[];
  private readonly reveals = new Map<string, Reveal>();
  private phase: SeedState['phase'] = 'commit';
  private by?: string;

  constructor(
    readonly round: string,
    /** The writer's own contribution, with its reveal (kept here until the end). */
    private readonly device: Contribution,
    parties: readonly Pick<SeedParty, 'id' | 'name' | 'side'>[],
  ) {
    if (!device.reveal) throw new Error("the writer's contribution needs its reveal");
    this.parties = parties.map((p) => ({ id: p.id, name: p.name, side: p.side }));
  }

  get state(): SeedState {
    const awaited = this.awaited;
    return {
      round: this.round,
      device: this.device.commitment,
      parties: this.parties,
      phase: this.phase,
      ...(this.by ? { by: this.by } : {}),
      ...(awaited.length ? { awaited } : {}),
    };
  }

  /** The parties the round waits for: their commitment, then their reveal (on expired: those it waited for). */
  get awaited(): string[] {
    if (this.phase === 'commit' || (this.phase === 'expired' && !this.committed))
      return this.parties.filter((p) => !p.commitment).map((p) => p.name);
    if (this.phase === 'reveal' || this.phase === 'expired')
      return this.parties.filter((p) => !p.revealed).map((p) => p.name);
    return [];
  }

  /** The round ran out of time before every commitment and reveal came in: nothing changes in the game. */
  expire() {
    if (this.phase === 'commit' || this.phase === 'reveal') this.phase = 'expired';
  }

  /** Every party has sent its commitment. */
  get committed(): boolean {
    return this.parties.every((p) => p.commitment);
  }

  private find(id: string) {
    return this.parties.findIndex((p) => p.id === id);
  }

  /** A party's commitment: once each, and only while commitments are asked. */
  commit(
    id: string,
    m: { kind: Contribution['kind']; commitment: string },
  ): { ok: true } | ({ ok: false } & SeedRefusal) {
    const i = this.find(id);
    if (i < 0) return { ok: false, problem: 'not-a-party' };
    if (this.phase !== 'commit') return { ok: false, problem: 'over' };
    if (this.parties[i]!.commitment) return { ok: false, problem: 'twice' };
    const kind = KINDS.find((k) => k === m.kind);
    if (!kind || !/^[0-9a-f]{64}$/.test(m.commitment)) return { ok: false, problem: 'malformed' };
    this.parties[i] = { ...this.parties[i]!, kind, commitment: m.commitment };
    if (this.committed) this.phase = 'reveal';
    return { ok: true };
  }

  /** A party's reveal: refused before every commitment is in, and refused, naming the device, if it does not match. */
  reveal(id: string, r: Reveal): { ok: true } | ({ ok: false } & SeedRefusal) {
    const i = this.find(id);
    if (i < 0) return { ok: false, problem: 'not-a-party' };
    if (this.phase === 'commit') return { ok: false, problem: 'early' };
    if (this.phase !== 'reveal') return { ok: false, problem: 'over' };
    const p = this.parties[i]!;
    if (this.reveals.has(id)) return { ok: false, problem: 'twice' };
    if (commit(r.salt, r.secret) !== p.commitment) {
      this.phase = 'refused';
      this.by = p.name;
      return { ok: false, problem: 'mismatch', name: p.name };
    }
    this.reveals.set(id, { salt: r.salt, secret: r.secret });
    this.parties[i] = { ...p, revealed: true };
    return { ok: true };
  }

  /** Every reveal is in and matched: the ceremony the seed is made from (the writer's, then each party's in order). */
  ceremony(): Ceremony | undefined {
    if (this.phase !== 'reveal' || this.reveals.size < this.parties.length) return undefined;
    return {
      device: this.device,
      contributions: this.parties.map((p) => ({
        side: p.side,
        kind: p.kind!,
        commitment: p.commitment!,
        reveal: this.reveals.get(p.id)!,
      })),
    };
  }

  /** The seed is made (the new game is stored), or the writer gave up. */
  end(phase: 'made' | 'cancelled') {
    this.phase = phase;
  }
}

/**
 * A phone's answer when asked to reveal: its salt and secret, only when every party has committed
 * and its own commitment is among them unchanged; otherwise nothing is sent.
 */
export function revealFor(
  state: SeedState,
  you: string | undefined,
  mine: Contribution | undefined,
): Extract<Msg, { t: 'seed-reveal' }> | undefined {
  if (state.phase !== 'reveal' || !mine?.reveal || !you) return undefined;
  if (!state.parties.every((p) => p.commitment)) return undefined;
  const me = state.parties.find((p) => p.id === you);
  if (!me || me.commitment !== mine.commitment || me.revealed) return undefined;
  return { t: 'seed-reveal', round: state.round, salt: mine.reveal.salt, secret: mine.reveal.secret };
}
