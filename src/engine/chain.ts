/**
 * The hash-chained log (issue #15). Each step carries `prev`, the SHA-256 of the step before it
 * (the first step: of the game's header, which holds the seed's commitment, not the seed). A
 * step's hash covers everything in it but the `undone` mark, which undo sets later: since issue #30
 * an undo is a step of its own, naming the steps it marks (checkUndoMarks), so the marks are in the
 * chain too; the game's seal adds which step the game stands on. Steps made since then (`chain: 2`)
 * hash their random states as digests, so a file without the seed leaves the states out.
 *
 * The seal is read aloud as a fingerprint of four proquints ("lusab-babad-gutih-tugad"): the
 * players can note or photograph it. A file cut short, or with a step changed, no longer ends at
 * the fingerprint the table saw. A turn's end has its own fingerprint (its step's hash), which
 * never changes afterwards.
 *
 * Files of format 1 had no chain: their import fills it in (migrateFile), and steps stored by an
 * older version keep no `prev` (they may only come before every chained step).
 */
import { canonical } from './canonical';
import type { RngState } from './rng-state';
import type { LogEntry, Session } from './session-types';
import { proquint, sha256Hex } from './sha256';

/**
 * A step as a file exported without the seed holds it (issue #30): its random states left out, only
 * their digests kept (rngDigest), so that nothing in the file predicts a roll.
 */
export type SeedlessEntry = Omit<LogEntry, 'rngBefore' | 'rngAfter'> & {
  readonly rngBefore: string;
  readonly rngAfter: string;
};
/** A step of a log, with its random states or only their digests. */
export type ChainEntry = LogEntry | SeedlessEntry;
type Log = { readonly log: readonly ChainEntry[] };

/**
 * The digest of a random state: what the hash of a step of `chain: 2` holds instead of the state. A
 * state's four numbers make about 2^117 possibilities: the digest does not give the state back.
 */
export const rngDigest = (s: RngState | string): string =>
  typeof s === 'string' ? s : sha256Hex(`wc-rng/1\n${canonical(s)}`);

/** A step whose hash cannot be worked out: made before issue #30 (it hashes its states) and holding only their digests. */
export const hashUnknown = (e: ChainEntry): boolean => e.chain !== 2 && typeof e.rngBefore === 'string';

export { canonical };

/** The game's header as the chain needs it: the seed, or only its commitment (a file exported without the seed). */
export type Header = Pick<Session, 'game' | 'scenario' | 'createdAt' | 'ceremony' | 'rules'> &
  ({ readonly seed: string } | { readonly seed?: undefined; readonly seedCommitment: string });

/** The full SHA-256 of the seed: what the chain holds instead of the seed (its first 16 digits are the commitment shown). */
export const seedCommitmentOf = (seed: string): string => sha256Hex(seed);

/**
 * What the chain starts from: the game, the scenario, when it started, the seed's commitment, the
 * ceremony's commitments and the game's rules version at its start (a game started before versions
 * were recorded has none, and its header hashes as it always did).
 */
export function headerHash(s: Header): string {
  const ceremony = s.ceremony
    ? {
        device: s.ceremony.device.commitment,
        contributions: s.ceremony.contributions.map((c) => ({ side: c.side, kind: c.kind, commitment: c.commitment })),
      }
    : undefined;
  return sha256Hex(
    `wc-chain/1 header\n${canonical({ game: s.game, scenario: s.scenario, createdAt: s.createdAt, seed: s.seed !== undefined ? seedCommitmentOf(s.seed) : s.seedCommitment, ceremony, rules: s.rules })}`,
  );
}

/**
 * A step's hash: everything in it (its link to the step before included) but the undo mark, which
 * the undo steps after it carry (issue #30). A step of `chain: 2` holds its random states as their
 * digests (rngDigest): the same hash with the states or without them. (A step made before holds the
 * states themselves; with only their digests its hash is unknown: see hashUnknown.)
 */
export function entryHash(e: ChainEntry): string {
  const { undone: _u, ...rest } = e;
  if (e.chain === 2)
    return sha256Hex(
      `wc-chain/2 step\n${canonical({ ...rest, rngBefore: rngDigest(e.rngBefore), rngAfter: rngDigest(e.rngAfter) })}`,
    );
  return sha256Hex(`wc-chain/1 step\n${canonical(rest)}`);
}

/**
 * The hashes of steps the next step was linked to, by step object: a step is never changed once made
 * (its undo mark makes a new object), so the app can work its link out while nobody waits (issue #14).
 * For making steps and the seal: checking a chain (checkChain) always hashes afresh.
 */
const links = new WeakMap<ChainEntry, string>();

/** The link the next step carries. */
export const nextPrev = (session: Header & Log) => {
  const last = session.log[session.log.length - 1];
  if (!last) return headerHash(session);
  let link = links.get(last);
  if (link === undefined) links.set(last, (link = entryHash(last)));
  return link;
};

export interface Seal {
  /** Steps in the log (undone ones included). */
  readonly steps: number;
  /** The step the game stands on (the newest one not undone; 0: none). */
  readonly at: number;
  /** SHA-256 of the newest step's hash and `at`. */
  readonly hash: string;
  /** The hash read aloud (four proquints). */
  readonly fingerprint: string;
}

export const fingerprintOf = (hash: string): string => proquint(hash);

/**
 * The game's seal as it stands: the newest step's hash with the step the game stands on.
 * Undefined when the newest steps loaded so far are all undone and the log is not all loaded.
 */
export function sealOf(session: Header & Log, complete = true): Seal | undefined {
  const log = session.log;
  let at = 0;
  for (let k = log.length - 1; k >= 0; k--)
    if (!log[k]!.undone && log[k]!.action.type !== 'undo') {
      at = log[k]!.seq;
      break;
    }
  if (!at && !complete && log.length) return undefined;
  // The newest step's hash is the link the next step would carry.
  const hash = sha256Hex(`wc-chain/1 seal\n${nextPrev(session)}\n${at}`);
  return { steps: log.length ? log[log.length - 1]!.seq : 0, at, hash, fingerprint: fingerprintOf(hash) };
}

/** The fingerprint of one step (a turn's end): its hash read aloud. Never changes once the step is logged. */
export const stepFingerprint = (e: ChainEntry): string => fingerprintOf(entryHash(e));

/** Fills in the chain of a log that has none (a file of format 1): each step's `prev`. */
export function chainLog(session: Session): Session {
  let prev = headerHash(session);
  const log = session.log.map((e) => {
    const { seq, ...rest } = e;
    const linked: LogEntry = { seq, prev, ...rest };
    prev = entryHash(linked);
    return linked;
  });
  return { ...session, log };
}

/**
 * Checks every link: a chained step's `prev` must be the hash of the step before it (of the header
 * for the first). Steps without a link (stored by an older version) may only come first. In a file
 * without the seed, a step made before issue #30 holds only its states' digests: its hash cannot be
 * worked out, so the link after it is taken as written (`unchecked` counts such links).
 * Returns the number of such steps, or the first break (its code: ./issue-text.ts).
 */
export function checkChain(
  session: Header & Log,
  /** header: false — the first step's link to the header is not checked (a stored game whose start date was lost). */
  opts: { header?: boolean } = {},
):
  | { legacy: number; unchecked: number }
  | { seq: number; code: 'no-link' | 'first-step' | 'step-follow'; params?: { step: number } } {
  const log = session.log;
  let legacy = 0,
    unchecked = 0;
  let prev: string | undefined = opts.header === false ? log[0]?.prev : headerHash(session);
  for (let k = 0; k < log.length; k++) {
    const entry = log[k]!;
    if (entry.prev === undefined) {
      if (legacy < k) return { seq: entry.seq, code: 'no-link' };
      legacy++;
    } else if (prev === undefined) unchecked++;
    else if (entry.prev !== prev)
      return k === 0
        ? { seq: entry.seq, code: 'first-step' }
        : { seq: entry.seq, code: 'step-follow', params: { step: log[k - 1]!.seq } };
    prev = hashUnknown(entry) ? undefined : entryHash(entry);
  }
  return { legacy, unchecked };
}

/**
 * Undo marks against the undo steps (issue #30): each undo step must name exactly the steps standing
 * from its first one on, and a step is marked undone exactly when an undo step names it. A step
 * made before undo was a step (no `chain: 2`) may keep a mark no undo step names: its mark is as
 * written (`unchained` counts those). Returns the first step whose mark or undo does not hold.
 */
export function checkUndoMarks(
  log: readonly ChainEntry[],
): { unchained: number } | { seq: number; code: 'undo-mark' | 'undo-steps' } {
  const named = new Set<number>();
  for (const e of log) if (e.action.type === 'undo') for (const s of e.action.steps) named.add(s);
  // Marks from before undo was a step: steps made then, undone, that no undo step names.
  const old = new Set(log.filter((e) => e.undone && e.chain !== 2 && !named.has(e.seq)).map((e) => e.seq));
  const undone = new Set<number>(old);
  // The steps standing, in order: an undo takes back the end of this list (one pass, however long the game).
  const standing: number[] = [];
  for (const e of log) {
    if (e.action.type !== 'undo') {
      if (!old.has(e.seq)) standing.push(e.seq);
      continue;
    }
    const steps = e.action.steps;
    const from = steps[0];
    let k = standing.length;
    while (from !== undefined && k > 0 && standing[k - 1]! >= from) k--;
    const expected = standing.slice(k);
    if (e.undone || !expected.length || expected.length !== steps.length || expected.some((s, n) => s !== steps[n]))
      return { seq: e.seq, code: 'undo-steps' };
    standing.length = k;
    for (const s of steps) undone.add(s);
  }
  for (const e of log)
    if (e.action.type !== 'undo' && e.undone !== undone.has(e.seq)) return { seq: e.seq, code: 'undo-mark' };
  return { unchained: old.size };
}
