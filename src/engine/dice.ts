/**
 * Dice: sums of N dice of S sides, dice with custom faces, and pools that count hits against a
 * threshold. Every die is kept separately so it can be shown. A roll may come from the seeded RNG
 * or be typed in from physical dice; both produce the same DiceRoll, the latter flagged manual.
 */
import { EngineError } from './errors';
import { randInt, type Rng } from './rng';

export type DiceSpec =
  { readonly n: number; readonly sides: number } | { readonly n: number; readonly faces: readonly number[] };

export interface DiceRoll {
  readonly spec: DiceSpec;
  /** Each die's face, in the order rolled. */
  readonly dice: readonly number[];
  readonly total: number;
  /** Typed in from physical dice rather than rolled by the app. */
  readonly manual: boolean;
  /** Pools only: the threshold and the number of dice at or above it. */
  readonly hitOn?: number;
  readonly hits?: number;
  /** Drawn from a deck of every combination (deck mode, deck.ts): the cards left after this one, of a full deck. */
  readonly deck?: { readonly left: number; readonly of: number };
}

/** The faces of one die of this spec, in order (custom faces may repeat, e.g. 2,3,3,4,4,5). */
export function facesOf(spec: DiceSpec): readonly number[] {
  if ('faces' in spec) return spec.faces;
  return Array.from({ length: spec.sides }, (_, k) => k + 1);
}

export function validateSpec(spec: DiceSpec): void {
  const count = spec.n;
  if (!Number.isInteger(count) || count < 1 || count > 100)
    throw new EngineError('dice-spec', { n: String(count) }, `Number of dice must be 1 to 100, got ${count}`);
  if ('faces' in spec) {
    if (!Array.isArray(spec.faces) || spec.faces.length < 2 || !spec.faces.every(Number.isInteger))
      throw new EngineError('dice-spec', {}, 'A custom die needs at least two whole-number faces');
  } else if (!Number.isInteger(spec.sides) || spec.sides < 2 || spec.sides > 1000) {
    throw new EngineError('dice-spec', { sides: String(spec.sides) }, `Sides must be 2 to 1000, got ${spec.sides}`);
  }
}

/** "2d6", or "1d[2,3,3,4,4,5]" for custom faces. */
export function diceLabel(spec: DiceSpec): string {
  return 'faces' in spec ? `${spec.n}d[${spec.faces.join(',')}]` : `${spec.n}d${spec.sides}`;
}

/** Parses "2d6", "d6", "3D6" into a spec. */
export function parseDice(text: string): DiceSpec {
  const match = /^\s*(\d*)\s*[dD]\s*(\d+)\s*$/.exec(text);
  if (!match) throw new EngineError('dice-spec', { text }, `Not a dice expression: "${text}"`);
  const spec = { n: match[1] ? Number(match[1]) : 1, sides: Number(match[2]) };
  validateSpec(spec);
  return spec;
}

/** A roll of these faces (and its hits, for a pool). */
export function diceRoll(spec: DiceSpec, dice: number[], manual: boolean, hitOn?: number): DiceRoll {
  const total = dice.reduce((a, b) => a + b, 0);
  if (hitOn === undefined) return { spec, dice, total, manual };
  return { spec, dice, total, manual, hitOn, hits: dice.filter((d) => d >= hitOn).length };
}

/** Rolls the dice with the seeded RNG. */
export function rollDice(rng: Rng, spec: DiceSpec, hitOn?: number): DiceRoll {
  validateSpec(spec);
  const dice: number[] = new Array<number>(spec.n);
  if ('faces' in spec) for (let k = 0; k < spec.n; k++) dice[k] = spec.faces[randInt(rng, spec.faces.length)]!;
  else for (let k = 0; k < spec.n; k++) dice[k] = randInt(rng, spec.sides) + 1;
  return diceRoll(spec, dice, false, hitOn);
}

/**
 * Physical dice typed in by a player: one value per die, each a face the die actually has.
 * Goes through the same path as an app roll and is flagged manual.
 */
export function manualDice(spec: DiceSpec, values: readonly unknown[], hitOn?: number): DiceRoll {
  validateSpec(spec);
  if (!Array.isArray(values) || values.length !== spec.n)
    throw new EngineError('manual-count', { expected: spec.n, got: Array.isArray(values) ? values.length : 0 });
  const faces = facesOf(spec);
  const dice = values.map((v) => {
    if (typeof v !== 'number' || !Number.isInteger(v))
      throw new EngineError('manual-not-integer', { value: String(v) });
    if (!faces.includes(v)) throw new EngineError('manual-face', { value: v, faces: [...new Set(faces)].join(', ') });
    return v;
  });
  return diceRoll(spec, dice, true, hitOn);
}

/**
 * A physical roll entered as a total only (a player who rolled 2d6 and says "9").
 * Validated against the possible totals; the individual dice are not known.
 */
export function manualTotal(spec: DiceSpec, total: unknown): DiceRoll {
  validateSpec(spec);
  if (typeof total !== 'number' || !Number.isInteger(total))
    throw new EngineError('manual-not-integer', { value: String(total) });
  const dist = sumDistribution(spec);
  if (!dist.counts.has(total)) throw new EngineError('manual-face', { value: total, faces: `${dist.min}–${dist.max}` });
  return { spec, dice: [], total, manual: true };
}

/** Exact distribution of the sum: total → number of equally likely outcomes giving it. */
export interface SumDistribution {
  readonly counts: ReadonlyMap<number, number>;
  readonly outcomes: number;
  readonly min: number;
  readonly max: number;
}

const sumCache = new Map<string, SumDistribution>();

/** Enumerates the sum of the dice by convolution (exact; integer counts). */
export function sumDistribution(spec: DiceSpec): SumDistribution {
  const key = diceLabel(spec);
  const hit = sumCache.get(key);
  if (hit) return hit;
  validateSpec(spec);
  const faces = facesOf(spec);
  if (Math.pow(faces.length, spec.n) > Number.MAX_SAFE_INTEGER)
    throw new EngineError('dice-spec', {}, 'Too many outcomes to enumerate exactly');
  let acc = new Map<number, number>([[0, 1]]);
  for (let k = 0; k < spec.n; k++) {
    const next = new Map<number, number>();
    for (const [s, c] of acc) for (const f of faces) next.set(s + f, (next.get(s + f) ?? 0) + c);
    acc = next;
  }
  const keys = [...acc.keys()].sort((a, b) => a - b);
  const distribution = {
    counts: new Map(keys.map((k) => [k, acc.get(k)!])),
    outcomes: Math.pow(faces.length, spec.n),
    min: keys[0]!,
    max: keys[keys.length - 1]!,
  };
  sumCache.set(key, distribution);
  return distribution;
}

/** Exact distribution of the number of hits of a pool: each die is 1 if at or above hitOn, else 0. */
export function hitsDistribution(spec: DiceSpec, hitOn: number): SumDistribution {
  return sumDistribution({ n: spec.n, faces: facesOf(spec).map((f) => (f >= hitOn ? 1 : 0)) });
}
