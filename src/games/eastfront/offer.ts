/**
 * What EastFront's current step offers, and why anything is not ready (readiness from the rules, issue
 * #29): the segment's tools and the others out of sequence (4.1–4.46), the sequence's notes; the HQ
 * ledger's actions the rules allow now (activation only in the Command phase, by the side playing, once
 * the weather is known, 4.41, 5.2, 12.22, not for the Axis in S44's first player turn; a Supreme move only
 * in the Movement phase while moves are left, 5.61; deactivation outside the Command phase, 5.41–5.43);
 * pursuit fire's chances or the answer it lacks (a fortress rearguard's role, 7.23, 7.35); the satellite
 * surrender's chance or why it is closed (16.1, Scn W44 2). The panel renders these and decides nothing.
 * Every reason is the message the procedure itself would refuse with.
 */
import type { GameState, Line, Preview } from '../../engine';
import type { Scenario, Side, Terrain, Weather } from './battle';
import { hqView, type HqRec, type HqView } from './command';
import { hqLedger } from './hq-ledger';
import { pursuitPreview } from './pursuit';
import { PHASES, type Phase } from './sequence';
import { phaseIndex, weatherAt, type Front } from './state';
import { SURRENDERS_DONE, surrenderChance } from './surrender';
import { STACKING } from './supply';
import {
  calendarWeather,
  knownWeather,
  monthOf,
  monthPhases,
  playerTurnSide,
  segmentFortnight,
  sequenceNotes,
  weatherChances,
} from './weather';

/** The tools a segment may not offer but the players may still open, out of sequence (players keep the last word). */
export const OTHER_TOOLS = [
  'production',
  'weather',
  'battle',
  'pursuit',
  'attrition',
  'overstack',
  'rally',
  'surrender',
  'events',
  'victory',
] as const;

export interface StepOffer {
  /** The segment the players are in (an index into PHASES, as the log records it). */
  readonly index: number;
  readonly segment: Phase;
  /** This month's segments (one fortnight in June 1941, Scn S41 2, and in Edelweiss's July 1942), and a segment a saved game stands in. */
  readonly segments: readonly number[];
  /** The fortnight its tools are for (Production's: the one it leads to). */
  readonly fortnight: 1 | 2;
  /** The segment's tools (Chart:TURNO DE JUGADOR). */
  readonly tools: readonly string[];
  /** The other tools, out of sequence. */
  readonly others: readonly string[];
  /** What the sequence says here (Scn S44 3). */
  readonly notes: readonly Line[];
  /** Why Production offers nothing to spend: the first month of a game has none (3.2.2, 11.1). */
  readonly none?: Line;
}

/** What the segment the players are in offers (4.1–4.46, Scn S41 2, Scn Edelweiss 1, Scn S44 3). */
export function stepOffer(game: GameState, scenario: Scenario, turn: number): StepOffer {
  const index = phaseIndex(game, turn);
  const segment = PHASES[index]!;
  const inMonth = monthPhases(scenario, turn);
  return {
    index,
    segment,
    segments: inMonth.includes(index) ? inMonth : [...inMonth, index].sort((a, b) => a - b),
    fortnight: segmentFortnight(scenario, turn, index),
    tools: segment.tools,
    others: OTHER_TOOLS.filter((tool) => !segment.tools.includes(tool)),
    notes: sequenceNotes(game, scenario, turn, index),
    ...(index === 0 && turn === 1 ? { none: { key: 'ef.phase.noProduction', rule: '3.2.2, 11.1' } } : {}),
  };
}

/** Whether an action is offered now, and if not why (the procedure's own refusal). */
export type Ready = { readonly ready: true } | { readonly ready: false; readonly why: Line };

export interface HqRow {
  readonly hq: HqRec;
  readonly view: HqView;
  /** Active or on its Blitz (4.43, 5.7): it commands now. */
  readonly live: boolean;
  /** A Supreme HQ's moves shown (5.61), and the move offered in the Movement phase. */
  readonly moves?: { readonly used: number; readonly of: number; readonly move?: Ready };
  /** Deactivation offered: a live HQ outside the Command phase (5.41–5.43). */
  readonly deactivate: boolean;
}

export interface HqOffer {
  /** The phase of the player turn ('' in Production and weather). */
  readonly phase: string;
  /** The side playing this player turn, once known (4.4, 12.21). */
  readonly side?: Side;
  /** Activation: in the Command phase only (4.41), the form shown; ready or why not. */
  readonly activate?: Ready;
  readonly rows: readonly HqRow[];
}

/** The HQ ledger's actions the rules allow now (4.41, 5.2, 5.41–5.43, 5.61, 12.22, Scn S44 3). */
export function hqOffer(game: GameState, scenario: Scenario, turn: number): HqOffer {
  const index = phaseIndex(game, turn);
  const segment = PHASES[index]!;
  const fortnight = segmentFortnight(scenario, turn, index);
  const side = segment.player ? playerTurnSide(game, scenario, turn, fortnight, segment.player) : undefined;
  const phase = segment.player ? segment.phase : '';
  const rows = hqLedger(game, turn).map((hq): HqRow => {
    const view = hqView(hq);
    const live = hq.stage === 'active' || hq.stage === 'blitz';
    const used = hq.movesUsed ?? 0;
    const of = view.moves ?? 0;
    const move: Ready | undefined =
      phase !== 'movement'
        ? undefined
        : used < of
          ? { ready: true }
          : { ready: false, why: { key: 'ef.err.noSupremeMoves', params: { id: hq.id }, rule: '5.61' } };
    return {
      hq,
      view,
      live,
      ...(hq.supreme && hq.stage === 'active' ? { moves: { used, of, ...(move ? { move } : {}) } } : {}),
      deactivate: live && phase !== 'command',
    };
  });
  if (phase !== 'command') return { phase, ...(side ? { side } : {}), rows };
  const activate: Ready = !side
    ? { ready: false, why: { key: 'ef.err.hqWeather', rule: '4.4, 12.21' } }
    : scenario === 's44' && turn === 1 && fortnight === 1 && side === 'axis'
      ? { ready: false, why: { key: 'ef.s44.noHq', rule: 'Scn S44 3' } }
      : !knownWeather(game, scenario, turn, fortnight, 'east')
        ? { ready: false, why: { key: 'ef.err.hqWeather', rule: '5.8, 12.22' } }
        : { ready: true };
  return { phase, ...(side ? { side } : {}), activate, rows };
}

/** In a fortress only the Original Defender has Triple Defence (7.23 line 1014, 7.35 line 1079): the players say which the rearguard is. */
export function pursuitAsks(terrain: Terrain, role: '' | 'od' | 'oa'): Line | undefined {
  return terrain === 'fortress' && !role ? { key: 'ef.err.rearguardRole', rule: '7.23, 7.35' } : undefined;
}

/** Pursuit fire's chances before the roll (6.41, 6.42), or what the rules still need to know. */
export function pursuitOffer(
  api: Parameters<typeof pursuitPreview>[0],
  opts: Omit<Parameters<typeof pursuitPreview>[1], 'rearguardOD'> & { role: '' | 'od' | 'oa' },
): Preview<ReturnType<typeof pursuitPreview>> {
  const asks = pursuitAsks(opts.terrain, opts.role);
  if (asks) return { ok: false, key: asks.key, params: {} };
  const { role, ...rest } = opts;
  return { ok: true, ...pursuitPreview(api, { ...rest, rearguardOD: role !== 'oa' }) };
}

/** The satellite surrender roll (16.1): its chance, or closed where all three surrenders have happened (Scn W44 2, line 2532). */
export function surrenderOffer(scenario: Scenario, target: number, dice: '2d6' | '1d6'): Preview<{ chance: number }> {
  if (SURRENDERS_DONE.includes(scenario)) return { ok: false, key: 'ef.err.surrenderDone', params: {} };
  return { ok: true, chance: surrenderChance(target, dice) };
}

/** The units over the stacking limit after a repulse (6.21, 6.22), or why the limit is not known (a major city, a fortress: typed). */
export function overstackOffer(
  terrain: Terrain,
  count: number,
  typedLimit: number | undefined,
): Preview<{ limit: number; excess: number; typed: boolean }> {
  const known = STACKING[terrain];
  const limit = known ?? typedLimit;
  if (limit === undefined) return { ok: false, key: 'ef.err.stackLimit', params: { terrain: `ef.t.${terrain}` } };
  return { ok: true, limit, excess: Math.max(0, count - limit), typed: known === undefined };
}

export interface WeatherOffer {
  /** The fortnight's weather on this front once recorded (12.1: once per fortnight and front). */
  readonly recorded?: Weather;
  /** Who plays the fortnight's first player turn, once the East Front's weather is known (4.4, 12.21). */
  readonly first?: Side;
  /** A month of fixed weather (12.1, 12.3), or the chance of each weather of a variable one (2d6's parity). */
  readonly fixed?: Weather;
  readonly chances?: readonly { readonly code: Weather; readonly p: number }[];
  /** The weather step is offered: not yet recorded for this fortnight and front. */
  readonly offered: boolean;
}

/** What the weather tool offers for a fortnight and front (4.3, 12.1, 12.3, 12.21). */
export function weatherOffer(
  game: GameState,
  scenario: Scenario,
  turn: number,
  fortnight: 1 | 2,
  front: Front,
): WeatherOffer {
  const recorded = weatherAt(game, turn, fortnight, front);
  const { month } = monthOf(scenario, turn);
  const calendar = calendarWeather(front, month);
  const chances = weatherChances(front, month);
  const first = front === 'east' && recorded ? playerTurnSide(game, scenario, turn, fortnight, 1) : undefined;
  return {
    ...(recorded ? { recorded } : {}),
    ...(first ? { first } : {}),
    ...(calendar !== 'variable' ? { fixed: calendar } : {}),
    ...(chances ? { chances } : {}),
    offered: !recorded,
  };
}
