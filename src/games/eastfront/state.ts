/**
 * EastFront's game state (the engine's state slice): the segment the players are in, the weather of each
 * fortnight and front, the battle in progress and the HQ ledger; the readings of unclear rules (digest §7);
 * reading the players' input. Pure; the procedures that change it are in the files beside it.
 */
import { defaultReadings, inputReader, need, stateSlice, type GameState, type Json } from '../../engine';
import type { Battle, Weather } from './battle';
import { readings } from '../../../tables/eastfront/game.json';
import type { HqRec } from './command';

/** Readings of rules the text leaves open (digest §7), each with the default the app uses. */
export const READINGS = readings;
export const DEFAULT_READINGS = defaultReadings(READINGS);

export interface WeatherRec {
  readonly code: Weather;
  readonly dice?: number;
}
interface EfState {
  /** The segment the players are in (the store records its id with every step, for the log). */
  readonly phase?: { readonly turn: number; readonly index: number; readonly id: string };
  /** Weather by `${turn}.${fortnight}.${front}`. */
  readonly weather?: Readonly<Record<string, WeatherRec>>;
  readonly battle?: Battle;
  /** The HQ ledger of the player turn `key` (`${turn}.${fortnight}.${player}`, from the phase): 4.41, 5.2–5.8. */
  readonly hq?: { readonly key: string; readonly list: readonly HqRec[] };
  /** The Order of Battle's events as the players recorded them, each with its month (16.4, 16.5; ./events.ts). */
  readonly events?: readonly { readonly id: string; readonly turn: number }[];
}
export const { read: ef, save } = stateSlice<EfState>();

export const battleOf = (game: GameState): Battle | undefined => ef(game).battle;
export const phaseIndex = (game: GameState, turn: number) => {
  const at = ef(game).phase;
  return at && at.turn === turn ? at.index : 0;
};
export const weatherKey = (turn: number, fortnight: number, front: Front) => `${turn}.${fortnight}.${front}`;
export const weatherAt = (game: GameState, turn: number, fortnight: number, front: Front): Weather | undefined =>
  ef(game).weather?.[weatherKey(turn, fortnight, front)]?.code;

export const { obj, int } = inputReader('ef');
/** One of the choices, or a refusal naming the field (`ef.err.choice`). */
export const oneOf = <T extends string>(v: Json | undefined, list: readonly T[], field: string): T => {
  need(typeof v === 'string' && (list as readonly string[]).includes(v), 'ef.err.choice', { field });
  return v as T;
};

/** A front's weather table (12.1 East, 12.3 West). */
export type Front = 'east' | 'west';
