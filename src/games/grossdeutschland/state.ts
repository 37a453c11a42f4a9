/**
 * Grossdeutschland's game state and input helpers, shared by its procedures (rules.ts, events.ts,
 * activation.ts). The state is plain JSON inside the session's GameState, replayed from the log.
 */
import { inputReader, need, stateSlice, type GameState, type Json, type ProcedureApi } from '../../engine';

export type Side = 'german' | 'soviet';
export type TurnType = 'morning' | 'day' | 'evening' | 'night';
export type Supply = 'full' | 'low' | 'out';
export type WeatherCode = 'sunny' | 'cloudy' | 'fog' | 'rain' | 'storm' | 'snow';
export const TURN_TYPES: readonly TurnType[] = ['morning', 'day', 'evening', 'night'];

// ------------------------------------------------------------------ sequence of play

/**
 * The sequence of play (3.1: «Clima (Fase 1), Suministros (Fase 2), Activación (Fase 3), Fin del turno
 * (Fase 4)», seed 000 lines 135-145) with the procedures each phase offers; this turn's weather is
 * rolled once (rules.ts ONCE). The engine keeps the position (./sequence.ts).
 */
export const PHASES = [
  { id: 'weather', rule: '3.2, 14.0', procedures: ['gd.turn', 'gd.weather'] },
  { id: 'supply', rule: '3.3, 5.0', procedures: ['gd.supply', 'gd.supply.remove'] },
  {
    id: 'activation',
    rule: '3.4, 6.0',
    procedures: [
      'gd.arrivals',
      'gd.opening',
      'gd.activate',
      'gd.battalion',
      'gd.events.setup',
      'gd.events.draw',
      'gd.events.black',
      'gd.events.name',
      'gd.combat',
      'gd.barrage',
      'gd.directFire',
      'gd.aa',
      'gd.bridge',
    ],
  },
  { id: 'end', rule: '3.5, 4.1', procedures: ['gd.replacement', 'gd.endOfTurn', 'gd.vp'] },
] as const;
/** One phase of the sequence of play: its id, its rules and the procedures it offers. */
export interface PhaseData {
  readonly id: Phase;
  readonly rule: string;
  readonly procedures: readonly string[];
}
export type Phase = (typeof PHASES)[number]['id'];

// ------------------------------------------------------------------ game state

/** The turn as the players read it off the printed track: its type, weather modifier and (for arrivals) its day. */
export interface TurnInfo {
  readonly turn: number;
  readonly turnType: TurnType;
  readonly weatherModifier: number;
  readonly day?: number;
}
export interface GdState {
  readonly turnInfo?: TurnInfo;
  readonly weather?: { readonly turn: number; readonly code: WeatherCode };
  /** Sides that have rolled for replacements, and on which turn (one roll per side per night, 4.1). */
  readonly replaced?: { readonly turn: number; readonly sides: readonly string[] };
  /** What this turn's steps left on the map for the end of the turn (3.5): artillery fired, units pinned. */
  readonly markers?: { readonly turn: number; readonly fired: number; readonly pinned: number };
}
/** Grossdeutschland's slice of the session's game state. */
export const gd = stateSlice<GdState>().read;
export const save = (g: GameState, patch: Readonly<Record<string, unknown>>): GameState => ({
  ...g,
  ...(patch as GameState),
});

/** What the players entered with 'gd.turn' for this turn, if they did. */
const infoOf = (game: GameState, turn: number): TurnInfo | undefined => {
  const info = gd(game).turnInfo;
  return info && info.turn === turn ? info : undefined;
};
/** This turn's type. */
export const turnTypeOf = (game: GameState, turn: number): TurnType | undefined => infoOf(game, turn)?.turnType;
/** This turn's printed weather modifier. */
export const weatherModifierOf = (game: GameState, turn: number): number | undefined =>
  infoOf(game, turn)?.weatherModifier;
/** The calendar day of this turn (the set-up tables date arrivals by day and turn type). */
export const dayOf = (game: GameState, turn: number): number | undefined => infoOf(game, turn)?.day;

/**
 * The turn carried forward from the last one the players set (3.0: four turns a day — Morning, Day,
 * Evening, Night — and a new day after the Night). Empty when the last turn was not set; the turn
 * track typed in, or what the players enter, takes precedence.
 */
export function carriedTurn(game: GameState, turn: number): { turnType?: TurnType; day?: number } {
  const prev = infoOf(game, turn - 1);
  if (!prev) return {};
  const turnType = TURN_TYPES[(TURN_TYPES.indexOf(prev.turnType) + 1) % TURN_TYPES.length]!;
  const day = prev.day === undefined ? undefined : prev.day + (prev.turnType === 'night' ? 1 : 0);
  return { turnType, ...(day === undefined ? {} : { day }) };
}
/** This turn's weather code (gd-weather's legend: sunny, cloudy, fog, rain, storm, snow), once rolled. */
export function weatherOf(game: GameState, turn: number): WeatherCode | undefined {
  const weather = gd(game).weather;
  return weather && weather.turn === turn ? weather.code : undefined;
}
/** What combatInput needs to know about the turn. */
export interface Situation {
  readonly turnType?: TurnType;
  readonly weather?: WeatherCode;
}
export const situationOf = (game: GameState, turn: number): Situation => {
  const turnType = turnTypeOf(game, turn),
    weather = weatherOf(game, turn);
  return { ...(turnType ? { turnType } : {}), ...(weather ? { weather } : {}) };
};

// ------------------------------------------------------------------ input helpers

// The engine's shared readers, refusing with Grossdeutschland's keys (gd.err.*, in messages.ts).
const read = inputReader('gd');
export { need };
export const obj = read.obj;
export const int = read.int;
export const bool = read.bool;
export const side = (v: Json | undefined): Side => read.oneOf(v, ['german', 'soviet'] as const, 'gd.err.side');
export const supply = (v: Json | undefined): Supply => {
  if (v === undefined) return 'full';
  need(v === 'full' || v === 'low' || v === 'out', 'gd.err.supply');
  return v as Supply;
};
export const needTurn = (api: Pick<ProcedureApi, 'game' | 'turn'>): TurnType => {
  const turnType = turnTypeOf(api.game, api.turn);
  need(turnType, 'gd.err.turnFirst');
  return turnType;
};
export const needWeather = (api: Pick<ProcedureApi, 'game' | 'turn'>): WeatherCode => {
  const weather = weatherOf(api.game, api.turn);
  need(weather, 'gd.err.weatherFirst');
  return weather;
};

export const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
