/**
 * Balanced randomness the players agree on (issue #15), off by default and turned on by a step of
 * the log (a 'balance' action), so it is replayed, undone and verified like every other step:
 *
 * - **Deck mode.** A roll of a given shape (2d6, 1d6, 1d10…) draws from a deck that holds every
 *   combination of faces once (36 cards for 2d6, as Catan's event cards), without replacement, at
 *   random from the session's RNG. The last card drawn leaves the deck empty; the next roll of that
 *   shape starts a fresh deck. What is left of each deck is part of the session state.
 * - **Streak cap for cups.** At most N chits of one side in a row from a cup: after N, while chits
 *   of other sides remain, the next draw is made from theirs only. The count starts again at each
 *   end of turn.
 *
 * Physical dice and chits typed in are not drawn from the deck and never capped (they are what
 * happened at the table), though a typed-in chit does count in a cup's run.
 */
import {
  diceLabel,
  diceRoll,
  validateSpec,
  facesOf,
  sumDistribution,
  type DiceRoll,
  type DiceSpec,
  type SumDistribution,
} from './dice';
import { EngineError } from './errors';
import { randInt, type Rng } from './rng';
import { CAP_MAX } from './modes';

/** The largest deck: 216 cards (3d6). Bigger rolls (pools of many dice) are rolled as usual. */
export const DECK_MAX = 216;
// The longest streak cap the players may set: defined in a leaf (./modes) that the shape of a step
// (./session-schema, read by the home screen without the generator this file imports; issue #14) bounds it with too.
export { CAP_MAX };

/** What the players agreed on: absent fields are off. */
export interface Balance {
  readonly deck?: true;
  /** At most this many chits of one side in a row from a cup. */
  readonly cap?: number;
}

/** Per kind of dice (its label, "2d6"): the cards left in its deck, as card numbers. Absent: a full deck. */
export type Decks = Readonly<Record<string, readonly number[]>>;

/** Per cup: the side of the last chits drawn and how many of that side came in a row. */
export type Runs = Readonly<Record<string, { readonly side: string; readonly n: number }>>;

/** How many cards a full deck of this roll holds (every combination of faces once). */
export function deckSize(spec: DiceSpec): number {
  return Math.pow(facesOf(spec).length, spec.n);
}

/** Whether rolls of this shape draw from a deck in deck mode (small enough to hold every combination). */
export const deckable = (spec: DiceSpec): boolean => deckSize(spec) <= DECK_MAX;

/** The faces of a card: card number c read in base (faces per die), first die first. */
export function cardDice(spec: DiceSpec, card: number): number[] {
  const faces = facesOf(spec);
  const dice = new Array<number>(spec.n);
  for (let k = spec.n - 1; k >= 0; k--) {
    dice[k] = faces[card % faces.length]!;
    card = Math.floor(card / faces.length);
  }
  return dice;
}

/** The cards of a deck now: what is left, or a full deck when none was started (or the last ran out). */
export function deckCards(decks: Decks, spec: DiceSpec): readonly number[] {
  const left = decks[diceLabel(spec)];
  return left?.length ? left : Array.from({ length: deckSize(spec) }, (_, k) => k);
}

/** The exact distribution of the total of the next roll drawn from the deck: cards left of each total / cards left. */
export function deckSums(decks: Decks, spec: DiceSpec): SumDistribution {
  const cards = deckCards(decks, spec);
  const acc = new Map<number, number>();
  for (const c of cards) {
    const total = cardDice(spec, c).reduce((a, b) => a + b, 0);
    acc.set(total, (acc.get(total) ?? 0) + 1);
  }
  const keys = [...acc.keys()].sort((a, b) => a - b);
  return {
    counts: new Map(keys.map((k) => [k, acc.get(k)!])),
    outcomes: cards.length,
    min: keys[0]!,
    max: keys[keys.length - 1]!,
  };
}

/** The distribution of the next roll's total: from its deck in deck mode, else every combination alike. */
export function nextSums(
  state: { readonly balance?: Balance; readonly decks?: Decks },
  spec: DiceSpec,
): SumDistribution {
  return state.balance?.deck && deckable(spec) ? deckSums(state.decks ?? {}, spec) : sumDistribution(spec);
}

/**
 * The distribution of the roll after the next one, once the next came up `total` (two rolls of one
 * procedure, e.g. an opposed roll): in deck mode one card of that total is gone, and a deck that runs
 * out starts again full; otherwise every combination alike.
 */
export function sumsAfter(
  state: { readonly balance?: Balance; readonly decks?: Decks },
  spec: DiceSpec,
  total: number,
): SumDistribution {
  if (!(state.balance?.deck && deckable(spec))) return sumDistribution(spec);
  const cards = deckCards(state.decks ?? {}, spec);
  const gone = cards.findIndex((c) => cardDice(spec, c).reduce((a, b) => a + b, 0) === total);
  const left = cards.filter((_, k) => k !== gone);
  return left.length ? deckSums({ [diceLabel(spec)]: left }, spec) : sumDistribution(spec);
}

/** Draws one card at random from the deck of this roll; the roll records how many cards are left of how many. */
export function drawCard(rng: Rng, decks: Decks, spec: DiceSpec, hitOn?: number): { roll: DiceRoll; decks: Decks } {
  const cards = deckCards(decks, spec);
  const picked = randInt(rng, cards.length);
  const left = [...cards.slice(0, picked), ...cards.slice(picked + 1)];
  const key = diceLabel(spec);
  const { [key]: _, ...others } = decks;
  const roll = {
    ...diceRoll(spec, cardDice(spec, cards[picked]!), false, hitOn),
    deck: { left: left.length, of: deckSize(spec) },
  };
  return { roll, decks: left.length ? { ...others, [key]: left } : others };
}

/**
 * The one place the engine rolls its own dice for a step (session.ts hands it to the tools and to
 * game procedures): from the seeded RNG, or in deck mode from the decks, which it keeps. Each roll's
 * chances before it (its deck then) are remembered, so a table read can record its exact odds.
 */
export interface DiceSource {
  roll(spec: DiceSpec, hitOn?: number): DiceRoll;
  /** The distribution of the total the roll was made from. */
  sumsBefore(roll: DiceRoll): SumDistribution;
  /** The decks after the rolls made so far (absent when deck mode is off). */
  readonly decks: Decks | undefined;
}

export function diceSource(
  rng: Rng,
  balance: Balance | undefined,
  decks0: Decks | undefined,
  rollDice: (rng: Rng, spec: DiceSpec, hitOn?: number) => DiceRoll,
): DiceSource {
  let decks = balance?.deck ? (decks0 ?? {}) : undefined;
  const before = new WeakMap<DiceRoll, SumDistribution>();
  return {
    roll(spec, hitOn) {
      validateSpec(spec); // refused as rollDice refuses it, before any deck is read
      if (decks && deckable(spec)) {
        const sums = deckSums(decks, spec);
        const card = drawCard(rng, decks, spec, hitOn);
        decks = card.decks;
        before.set(card.roll, sums);
        return card.roll;
      }
      return rollDice(rng, spec, hitOn);
    },
    sumsBefore: (roll) => before.get(roll) ?? sumDistribution(roll.spec),
    get decks() {
      return decks;
    },
  };
}

/** Checks a 'balance' step: a cap is a whole number from 1 to CAP_MAX. */
export function checkBalance(deck: unknown, cap: unknown): Balance {
  if (typeof deck !== 'boolean') throw new EngineError('bad-action', { field: 'deck' });
  if (cap !== undefined && (!Number.isInteger(cap) || (cap as number) < 1 || (cap as number) > CAP_MAX))
    throw new EngineError('cap-range', { value: String(cap), min: 1, max: CAP_MAX });
  return { ...(deck ? { deck: true as const } : {}), ...(cap !== undefined ? { cap: cap as number } : {}) };
}

/**
 * The chits a capped draw may take: all of them, or — when the last `cap` draws were one side's and
 * chits of other sides remain — only the others'. `sideOf` gives a chit's side ('' for none).
 */
export function cappedChits(
  chits: readonly string[],
  run: Runs[string] | undefined,
  cap: number | undefined,
  sideOf: (chit: string) => string,
): { chits: readonly string[]; capped?: { side: string; n: number } } {
  if (!cap || !run || run.n < cap) return { chits };
  const others = chits.filter((c) => sideOf(c) !== run.side);
  return others.length ? { chits: others, capped: { side: run.side, n: run.n } } : { chits };
}

/** The run after a chit of `side` came from the cup. */
export const nextRun = (run: Runs[string] | undefined, side: string): Runs[string] =>
  run && run.side === side ? { side, n: run.n + 1 } : { side, n: 1 };

/**
 * The chances of each side for the next random draw from a cup, with the cap applied: side → chits
 * it may come from, over the chits the draw may take. A chit set aside to be drawn first is certain.
 */
export function sideChances(
  cup: { readonly chits: readonly string[]; readonly next: readonly string[] },
  run: Runs[string] | undefined,
  cap: number | undefined,
  sideOf: (chit: string) => string,
): { counts: ReadonlyMap<string, number>; outcomes: number; capped?: { side: string; n: number } } {
  if (cup.next.length) return { counts: new Map([[sideOf(cup.next[0]!), 1]]), outcomes: 1 };
  const candidates = cappedChits(cup.chits, run, cap, sideOf);
  const counts = new Map<string, number>();
  for (const ch of candidates.chits) counts.set(sideOf(ch), (counts.get(sideOf(ch)) ?? 0) + 1);
  return { counts, outcomes: candidates.chits.length, ...(candidates.capped ? { capped: candidates.capped } : {}) };
}
