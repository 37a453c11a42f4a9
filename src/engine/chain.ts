/**
 * The hash-chained log (issue #15). Each step carries `prev`, the SHA-256 of the step before it
 * (the first step: of the game's header, which holds the seed's commitment, not the seed). A
 * step's hash covers everything in it but the `undone` mark, which undo sets later; the game's
 * seal adds which step the game stands on, so an undo changes it too.
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
import { proquint, sha256Hex } from './sha256';

export { canonical };
import type { LogEntry, Session } from './session-types';

/** The game's header as the chain needs it: the seed, or only its commitment (a file exported without the seed). */
export type Header = Pick<Session, 'game' | 'scenario' | 'createdAt' | 'ceremony'> &
  ({ readonly seed: string } | { readonly seed?: undefined; readonly seedCommitment: string });

/** The full SHA-256 of the seed: what the chain holds instead of the seed (its first 16 digits are the commitment shown). */
export const seedCommitmentOf = (seed: string): string => sha256Hex(seed);

/** What the chain starts from: the game, the scenario, when it started, the seed's commitment and the ceremony's commitments. */
export function headerHash(s: Header): string {
  const ceremony = s.ceremony
    ? {
        device: s.ceremony.device.commitment,
        contributions: s.ceremony.contributions.map((c) => ({ side: c.side, kind: c.kind, commitment: c.commitment })),
      }
    : undefined;
  return sha256Hex(
    `wc-chain/1 header\n${canonical({ game: s.game, scenario: s.scenario, createdAt: s.createdAt, seed: s.seed !== undefined ? seedCommitmentOf(s.seed) : s.seedCommitment, ceremony })}`,
  );
}

/** A step's hash: everything in it (its link to the step before included) but the undo mark. */
export function entryHash(e: LogEntry): string {
  const { undone: _u, ...rest } = e;
  return sha256Hex(`wc-chain/1 step\n${canonical(rest)}`);
}

/**
 * The hashes of steps the next step was linked to, by step object: a step is never changed once made
 * (its undo mark makes a new object), so the app can work its link out while nobody waits (issue #14).
 * For making steps and the seal: checking a chain (checkChain) always hashes afresh.
 */
const links = new WeakMap<LogEntry, string>();

/** The link the next step carries. */
export const nextPrev = (session: Header & Pick<Session, 'log'>) => {
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
export function sealOf(session: Header & Pick<Session, 'log'>, complete = true): Seal | undefined {
  const log = session.log;
  let at = 0;
  for (let k = log.length - 1; k >= 0; k--)
    if (!log[k]!.undone) {
      at = log[k]!.seq;
      break;
    }
  if (!at && !complete && log.length) return undefined;
  // The newest step's hash is the link the next step would carry.
  const hash = sha256Hex(`wc-chain/1 seal\n${nextPrev(session)}\n${at}`);
  return { steps: log.length ? log[log.length - 1]!.seq : 0, at, hash, fingerprint: fingerprintOf(hash) };
}

/** The fingerprint of one step (a turn's end): its hash read aloud. Never changes once the step is logged. */
export const stepFingerprint = (e: LogEntry): string => fingerprintOf(entryHash(e));

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
 * for the first). Steps without a link (stored by an older version) may only come first.
 * Returns the number of such steps, or the first break (its code: ./issue-text.ts).
 */
export function checkChain(
  session: Header & Pick<Session, 'log'>,
): { legacy: number } | { seq: number; code: 'no-link' | 'first-step' | 'step-follow'; params?: { step: number } } {
  const log = session.log;
  let legacy = 0;
  let prev = headerHash(session);
  for (let k = 0; k < log.length; k++) {
    const e = log[k]!;
    if (e.prev === undefined) {
      if (legacy < k) return { seq: e.seq, code: 'no-link' };
      legacy++;
    } else if (e.prev !== prev)
      return k === 0
        ? { seq: e.seq, code: 'first-step' }
        : { seq: e.seq, code: 'step-follow', params: { step: log[k - 1]!.seq } };
    prev = entryHash(e);
  }
  return { legacy };
}
