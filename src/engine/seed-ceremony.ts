/**
 * A seed both players make (issue #15). Commit, then reveal:
 *   1. the device commits to its own random value (its commitment is shown first);
 *   2. each player in turn gives a secret — typed text, physical dice typed in, or taps timed by
 *      hand — and the app shows its commitment, SHA-256(salt, secret), before any secret is revealed
 *      (the salt is fresh device randomness, so a short secret cannot be guessed from its commitment);
 *   3. once every commitment is in, all are revealed and the seed is the hash of the device's
 *      value and every contribution, in order.
 * No one — the device's holder included — chooses the seed: each part is fixed before the others
 * are known. The ceremony is kept in the game (commitments and reveals), and verification checks
 * every reveal against its commitment and the seed against the reveals. The same data serves two
 * devices later: each sends its commitment, and reveals only after it has the other's.
 */
import { canonical } from './canonical';
import { sha256Hex } from './sha256';

export type ContributionKind = 'text' | 'dice' | 'taps';

export interface Reveal {
  /** Fresh randomness from the device that took the secret (hex). */
  readonly salt: string;
  /** The secret as given (dice as "3 5 2", taps as the milliseconds between them). */
  readonly secret: string;
}

export interface Contribution {
  /** The side that gave it (a side of the game), or "device". */
  readonly side: string;
  readonly kind: ContributionKind | 'device';
  /** SHA-256 of the salt and the secret, shown before any secret is revealed. */
  readonly commitment: string;
  /** Absent until revealed, and in a file exported without the seed. */
  readonly reveal?: Reveal;
}

export interface Ceremony {
  readonly device: Contribution;
  readonly contributions: readonly Contribution[];
}

/** A commitment as shown: its first 16 hex digits, in groups of four (as the seed's commitment). */
export const shortCommitment = (hex: string): string => hex.slice(0, 16).match(/.{4}/g)!.join(' ');

export const commit = (salt: string, secret: string): string => sha256Hex(`wc-commit/1\n${salt}\n${secret}`);

/** A secret as it is committed: text as typed (Unicode NFC), dice and taps as numbers separated by spaces. */
export function normalizeSecret(kind: ContributionKind, raw: string | readonly number[]): string {
  if (typeof raw === 'string')
    return kind === 'text'
      ? raw.normalize('NFC')
      : raw
          .trim()
          .split(/[\s,]+/)
          .join(' ');
  return raw.map((n) => String(Math.round(n))).join(' ');
}

/** One contribution, committed (the reveal is kept by the device until every commitment is in). */
export function contribute(side: string, kind: Contribution['kind'], salt: string, secret: string): Contribution {
  return { side, kind, commitment: commit(salt, secret), reveal: { salt, secret } };
}

/** The contribution without its reveal: what is shown, or sent to another device, before the reveal. */
export const commitmentOnly = (c: Contribution): Contribution => ({
  side: c.side,
  kind: c.kind,
  commitment: c.commitment,
});

/** The seed: the hash of the device's value and every contribution, in order. Needs every reveal. */
export function ceremonySeed(c: Ceremony): string {
  const parts = [c.device, ...c.contributions].map((x) => {
    if (!x.reveal) throw new Error(`The ${x.side} contribution is not revealed yet`);
    return [x.side, x.kind, x.reveal.salt, x.reveal.secret];
  });
  return sha256Hex(`wc-seed/1\n${canonical(parts)}`);
}

/** Why a ceremony does not hold: an issue code (./issue-text.ts) with its parameters. */
export type CeremonyFault =
  | { readonly code: 'ceremony-unrevealed'; readonly params: { side: string } }
  | { readonly code: 'ceremony-commitment'; readonly params: { side: string; commitment: string } }
  | { readonly code: 'ceremony-seed' };

/** Checks a ceremony against the game's seed: every reveal against its commitment, then the seed. Undefined: it holds. */
export function checkCeremony(c: Ceremony, seed: string): CeremonyFault | undefined {
  for (const x of [c.device, ...c.contributions]) {
    if (!x.reveal) return { code: 'ceremony-unrevealed', params: { side: x.side } };
    if (commit(x.reveal.salt, x.reveal.secret) !== x.commitment)
      return { code: 'ceremony-commitment', params: { side: x.side, commitment: x.commitment.slice(0, 16) } };
  }
  if (ceremonySeed(c) !== seed) return { code: 'ceremony-seed' };
  return undefined;
}
