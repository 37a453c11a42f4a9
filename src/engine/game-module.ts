/**
 * What every game module (src/games/<game>/rules.ts) declares in the same way: its procedures under
 * their ids, and the defaults of its readings of the rules the text leaves open.
 */
import type { Procedure } from './procedures';

/** A game's procedures under their ids: each name in `byName` prefixed with the game's key prefix and a dot. */
export type PrefixedProcedures<P extends string, T extends Readonly<Record<string, Procedure>>> = {
  readonly [K in keyof T & string as `${P}.${K}`]: T[K];
};

/**
 * A game module's procedure map, its key prefix written once: `gameProcedures('xx', { combat, 'kg.deploy': kgDeploy })`
 * is `{ 'xx.combat': combat, 'xx.kg.deploy': kgDeploy }`, in the same order, each id a literal type.
 */
export function gameProcedures<const P extends string, const T extends Readonly<Record<string, Procedure>>>(
  prefix: P,
  byName: T,
): PrefixedProcedures<P, T> {
  return Object.fromEntries(
    Object.entries(byName).map(([name, procedure]) => [`${prefix}.${name}`, procedure]),
  ) as PrefixedProcedures<P, T>;
}

/**
 * Who acts in a procedure the rules give to one side's player: the field of its input that names
 * that side (`{ field: 'side' }`), or the one side whose player alone does it (`{ side: 'german' }`).
 */
export type Actor = { readonly field: string } | { readonly side: string };

/**
 * The procedures a side's own player does, by id (issue #30/#33). A linked phone holding one side is
 * refused such a step for the other side (src/link/guard.ts `checkRequest`). A game declares only
 * what its rules give to that side's player, quoting the rule; a procedure either player may enter
 * for the other stays open.
 */
export type Actors = Readonly<Record<string, Actor>>;

/** A reading of a rule the text leaves open: the choices the players have, and the one the app takes by default. */
export interface Reading {
  readonly choices: readonly string[];
  readonly default: string;
}

/** Each reading's default, by id: what a game module's rules take when the players have chosen nothing. */
export const defaultReadings = (readings: Readonly<Record<string, Reading>>): Record<string, string> =>
  Object.fromEntries(Object.entries(readings).map(([id, reading]) => [id, reading.default]));

/**
 * Who does procedure `id` with `input` under the game's `actors`: `open` when either player may (no
 * actor declared), else the side whose player alone does it (`undefined` when the input names no side).
 */
export function actingSide(
  actors: Actors,
  id: string,
  input: unknown,
): { readonly open: true } | { readonly open: false; readonly side: string | undefined } {
  if (!Object.hasOwn(actors, id)) return { open: true };
  const actor = actors[id]!;
  if ('side' in actor) return { open: false, side: actor.side };
  const named =
    typeof input === 'object' && input !== null && !Array.isArray(input)
      ? (input as Record<string, unknown>)[actor.field]
      : undefined;
  return { open: false, side: typeof named === 'string' ? named : undefined };
}

/**
 * Whether a player's phone holding `side` may ask for procedure `id` with `input` (the rules tell
 * the link's guard and the phone's panels alike): yes when either player may do it, or when it is
 * that side's own; no for the other side's, or one naming no side.
 */
export const maySideAsk = (actors: Actors, side: string, id: string, input: unknown): boolean => {
  const who = actingSide(actors, id, input);
  return who.open || who.side === side;
};
