/**
 * Reading a procedure's input and its slice of the game state, the same way in every game module.
 * Input comes from the UI or from a file as plain JSON: each reader checks one field and refuses a
 * bad value with the game's own message key (`<prefix>.err.number`, `<prefix>.err.side`, …), so the
 * player reads why. The game state is plain JSON too; a slice gives a module its typed part of it.
 */
import { EngineError } from './errors';
import type { GameState, Json } from './procedures';

type Params = Record<string, string | number>;

/** Refuses a step with a reason the player reads (a message key of the game's own catalog). */
export function need(cond: unknown, key: string, params: Params = {}): asserts cond {
  if (!cond) throw new EngineError('procedure', { key, ...params }, key);
}

export interface InputReader {
  readonly need: typeof need;
  /** The input as an object (an empty one for anything else). */
  obj(input: Json | undefined): Record<string, Json>;
  /** A whole number from min to max, or a refusal `<prefix>.err.number` naming the field. */
  int(v: Json | undefined, name: string, min: number, max: number): number;
  /** True only for true. */
  bool(v: Json | undefined): boolean;
  /** One of the choices, or a refusal with the given key. */
  oneOf<T extends string>(v: Json | undefined, choices: readonly T[], key: string): T;
}

/** The input readers of a game whose refusals are keyed `<prefix>.err.*`. */
export function inputReader(prefix: string): InputReader {
  return {
    need,
    obj: (input) =>
      typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, Json>) : {},
    int(v, name, min, max) {
      need(typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max, `${prefix}.err.number`, {
        name,
        min,
        max,
      });
      return v;
    },
    bool: (v) => v === true,
    oneOf<T extends string>(v: Json | undefined, choices: readonly T[], key: string): T {
      need(typeof v === 'string' && (choices as readonly string[]).includes(v), key);
      return v as T;
    },
  };
}

/**
 * A module's typed view of the session's game state: `read` gives its slice, `save` returns the whole
 * state with the slice's fields replaced. The one place where plain JSON is seen as the module's type;
 * the module must keep its slice JSON (numbers, strings, booleans, arrays, plain objects).
 */
export interface StateSlice<S extends object> {
  read(game: GameState): Readonly<Partial<S>>;
  save(game: GameState, patch: Readonly<Partial<S>>): GameState;
}
export function stateSlice<S extends object>(): StateSlice<S> {
  return {
    read: (game) => game as Readonly<Partial<S>>,
    save: (game, patch) => ({ ...game, ...(patch as Readonly<Record<string, Json>>) }),
  };
}
