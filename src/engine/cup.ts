/**
 * Chit cups as immutable values. A cup holds chits to draw without replacement, a discard pile,
 * chits removed from play, chits set aside to be drawn first in a chosen order (opening rules:
 * "the German picks the first chit", "the Soviet looks at and orders the first three"), and hands
 * of held chits per side. The refill rule is data: from the discard pile when empty, everything
 * back at the end of the turn, or never.
 */
import { EngineError } from './errors';
import { randInt, type Rng } from './rng';

export type RefillRule = 'from-discard-when-empty' | 'return-all-at-end-of-turn' | 'none';

export interface Cup {
  readonly id: string;
  readonly refill: RefillRule;
  /** In the cup, unordered (a multiset: the same id may appear more than once). */
  readonly chits: readonly string[];
  /** Set aside by an opening rule; drawn first, in this order. */
  readonly next: readonly string[];
  readonly discard: readonly string[];
  readonly removed: readonly string[];
  readonly hands: Readonly<Record<string, readonly string[]>>;
}

export function createCup(id: string, chits: readonly string[], refill: RefillRule): Cup {
  return { id, refill, chits: [...chits], next: [], discard: [], removed: [], hands: {} };
}

const without = (xs: readonly string[], chit: string): string[] | undefined => {
  const index = xs.indexOf(chit);
  return index < 0 ? undefined : [...xs.slice(0, index), ...xs.slice(index + 1)];
};

/** What players may see: how many chits are left, and of each kind. */
export function cupCounts(cup: Cup): {
  inCup: number;
  byChit: Record<string, number>;
  discard: number;
  removed: number;
} {
  const byChit: Record<string, number> = {};
  for (const c of [...cup.next, ...cup.chits]) byChit[c] = (byChit[c] ?? 0) + 1;
  return {
    inCup: cup.chits.length + cup.next.length,
    byChit,
    discard: cup.discard.length,
    removed: cup.removed.length,
  };
}

export interface Draw {
  readonly cup: Cup;
  readonly chit: string;
  /** How the chit was chosen. */
  readonly how: 'random' | 'set-aside' | 'manual';
  /** Set when the cup was empty and refilled from its discard pile first. */
  readonly refilled?: boolean;
  /** Chits in the cup at the moment of the draw (the odds of this chit were its count / this). */
  readonly from: number;
  /** A streak cap applied: the draw was made among the other sides' chits only. */
  readonly capped?: boolean;
}

function refillIfEmpty(cup: Cup): { cup: Cup; refilled: boolean } {
  if (cup.chits.length + cup.next.length > 0) return { cup, refilled: false };
  if (cup.refill === 'from-discard-when-empty' && cup.discard.length > 0)
    return { cup: { ...cup, chits: cup.discard, discard: [] }, refilled: true };
  throw new EngineError('cup-empty', { cup: cup.id });
}

/**
 * Draws one chit: a set-aside chit first, otherwise uniformly at random; the chit goes to the discard pile.
 * avoid (a streak cap, deck.ts): chits not to draw while others remain; the draw is then among the others
 * (`capped`, and `from` counts only them).
 */
export function drawChit(cup0: Cup, rng: Rng, avoid?: (chit: string) => boolean): Draw {
  const { cup, refilled } = refillIfEmpty(cup0);
  if (cup.next.length > 0) {
    const from = cup.chits.length + cup.next.length;
    const [chit, ...next] = cup.next as [string, ...string[]];
    return { cup: { ...cup, next, discard: [...cup.discard, chit] }, chit, how: 'set-aside', refilled, from };
  }
  const allowed = avoid ? cup.chits.flatMap((c, k) => (avoid(c) ? [] : [k])) : [];
  const capped = allowed.length > 0 && allowed.length < cup.chits.length;
  const index = capped ? allowed[randInt(rng, allowed.length)]! : randInt(rng, cup.chits.length);
  const chit = cup.chits[index]!;
  return {
    cup: {
      ...cup,
      chits: [...cup.chits.slice(0, index), ...cup.chits.slice(index + 1)],
      discard: [...cup.discard, chit],
    },
    chit,
    how: 'random',
    refilled,
    from: capped ? allowed.length : cup.chits.length,
    ...(capped ? { capped: true } : {}),
  };
}

/** A chit drawn from a physical cup and typed in: it must be in the cup. */
export function drawManual(cup0: Cup, chit: string): Draw {
  const { cup, refilled } = refillIfEmpty(cup0);
  const from = cup.chits.length + cup.next.length;
  const nextLeft = without(cup.next, chit);
  if (nextLeft)
    return { cup: { ...cup, next: nextLeft, discard: [...cup.discard, chit] }, chit, how: 'manual', refilled, from };
  const left = without(cup.chits, chit);
  if (!left) throw new EngineError('chit-not-in-cup', { cup: cup.id, chit });
  return { cup: { ...cup, chits: left, discard: [...cup.discard, chit] }, chit, how: 'manual', refilled, from };
}

/** Opening rule "look at the first N": N chits drawn at random and set aside, to be ordered by the player. */
export function lookAt(cup: Cup, rng: Rng, n: number): Cup {
  if (!Number.isInteger(n) || n < 1 || n > cup.chits.length)
    throw new EngineError('look-count', { n: String(n), max: cup.chits.length });
  let c = cup;
  const seen: string[] = [];
  for (let k = 0; k < n; k++) {
    const picked = randInt(rng, c.chits.length);
    seen.push(c.chits[picked]!);
    c = { ...c, chits: [...c.chits.slice(0, picked), ...c.chits.slice(picked + 1)] };
  }
  return { ...c, next: [...c.next, ...seen] };
}

/** Opening rule "X picks the first chit": that chit is set aside to be drawn next (after any already set aside). */
export function pick(cup: Cup, chit: string): Cup {
  const left = without(cup.chits, chit);
  if (!left) throw new EngineError('chit-not-in-cup', { cup: cup.id, chit });
  return { ...cup, chits: left, next: [...cup.next, chit] };
}

/** Reorders the set-aside chits (must be a permutation of them). */
export function orderNext(cup: Cup, order: readonly string[]): Cup {
  const held = [...cup.next].sort(),
    asked = [...order].sort();
  if (held.length !== asked.length || held.some((x, k) => x !== asked[k]))
    throw new EngineError('bad-action', { field: 'order' }, 'The new order must hold exactly the chits set aside');
  return { ...cup, next: [...order] };
}

export function addChit(cup: Cup, chit: string): Cup {
  return { ...cup, chits: [...cup.chits, chit] };
}

/** Removes a chit from play, from wherever it is (cup, set aside, discard pile or a hand). */
export function removeChit(cup: Cup, chit: string): Cup {
  for (const where of ['chits', 'next', 'discard'] as const) {
    const left = without(cup[where], chit);
    if (left) return { ...cup, [where]: left, removed: [...cup.removed, chit] };
  }
  for (const [side, held] of Object.entries(cup.hands)) {
    const left = without(held, chit);
    if (left) return { ...cup, hands: { ...cup.hands, [side]: left }, removed: [...cup.removed, chit] };
  }
  throw new EngineError('chit-not-in-cup', { cup: cup.id, chit });
}

/** A chit held in a side's hand (e.g. black event chits), not in the cup. */
export function giveToHand(cup: Cup, side: string, chit: string): Cup {
  return { ...cup, hands: { ...cup.hands, [side]: [...(cup.hands[side] ?? []), chit] } };
}

/** Plays a held chit; it is gone for good. */
export function playFromHand(cup: Cup, side: string, chit: string): Cup {
  const left = without(cup.hands[side] ?? [], chit);
  if (!left) throw new EngineError('unknown-chit', { cup: cup.id, chit });
  return { ...cup, hands: { ...cup.hands, [side]: left }, removed: [...cup.removed, chit] };
}

/** End of turn: with 'return-all-at-end-of-turn', drawn and set-aside chits go back into the cup. */
export function endTurn(cup: Cup): Cup {
  if (cup.refill !== 'return-all-at-end-of-turn') return cup;
  return { ...cup, chits: [...cup.chits, ...cup.next, ...cup.discard], next: [], discard: [] };
}

/** Every chit the cup accounts for, wherever it is (an invariant tests rely on). */
export function allChits(cup: Cup): string[] {
  return [...cup.chits, ...cup.next, ...cup.discard, ...cup.removed, ...Object.values(cup.hands).flat()];
}
