/**
 * Where the game stands in its sequence of play, kept by the engine (issue #29). A game module
 * declares its sequence as data — its phases with their rule numbers, the first phase of a turn,
 * the procedures each phase offers, what moving into a phase says (its reminders) and changes — and
 * one engine step, `PHASE_STEP`, moves the position; it is recorded in the log like any step.
 *
 * The position lives in the game state under `phase` ({ turn, index, id }): an index into this
 * turn's order of phases, valid for the turn it was set on. On a new turn the game stands at the
 * turn's first phase until a phase step moves it. (The key and the shape are those the games' own
 * `<prefix>.phase` procedures kept before, so their recorded steps replay to the same state: a game
 * registers its old procedure id as `phaseStep(SEQUENCE, 'legacy')` when it stored no phase id.)
 *
 * Players keep the last word: a procedure the current phase does not offer is refused by `apply`
 * unless the step carries the players' reason (`outOfSequence`), which the log keeps and the
 * explanation shows — as a re-roll's reason is. Replaying a log checks nothing of the kind, so steps
 * recorded before the sequence was the engine's replay as they were made.
 */
import { EngineError } from './errors';
import type { GameState, Json, Line, Procedure } from './procedures';

/** The id of the engine's step that moves the game to a phase of the turn (input `{ index }`). */
export const PHASE_STEP = 'sequence.phase';

/** The key of the game state under which the engine keeps the position. */
const POSITION_KEY = 'phase';

/** One phase of a game's sequence of play. */
export interface SequencePhase {
  /** Recorded with every step made in the phase (the log's context), and its message keys' part. */
  readonly id: string;
  readonly rule: string;
}

/** Where the rules are asked from: the game state, the turn and the players' readings of the rules. */
export interface SequenceAt {
  readonly game: GameState;
  readonly turn: number;
  readonly readings: Readonly<Record<string, string>>;
}

/** What moving into a phase says and changes (besides the position). */
export interface PhaseEntered {
  /** The step's headline: the phase's name. */
  readonly headline: Line;
  /** The phase's reminders (arrivals, rivers…) and what it did, each with its rule. */
  readonly lines: readonly Line[];
  /** Fields of the game state the phase changes as it starts (markers leaving the map…), replaced whole. */
  readonly changes?: Readonly<Record<string, Json>>;
}

/** A game's sequence of play as data (see the module's comment). Methods, so a game's own phase type fits. */
export interface Sequence<P extends SequencePhase = SequencePhase> {
  readonly phases: readonly P[];
  /** This turn's phases in order (a variant order the players chose…); absent: `phases`. */
  order?(game: GameState, turn: number): readonly P[];
  /** The index of the phase a turn starts at; absent: 0. */
  first?(turn: number): number;
  /**
   * The procedure ids a phase offers, under the players' readings. A procedure that no phase offers
   * (a record kept at any time) is in sequence everywhere.
   */
  offers(phase: P, at: SequenceAt): readonly string[];
  /** Moving into a phase: its headline, its reminders and its changes; it may refuse (`need`) with the game's words. */
  enter(phase: P, index: number, at: SequenceAt): PhaseEntered;
}

/** Where the game stands: this turn's phases, the current one's index among them, and that phase. */
export interface Position<P extends SequencePhase = SequencePhase> {
  readonly phases: readonly P[];
  readonly index: number;
  readonly phase: P;
}

/** The position as the game state keeps it. */
interface Stored {
  readonly turn: number;
  readonly index: number;
  readonly id?: string;
}

const isRecord = (value: Json | undefined): value is { readonly [k: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const storedOf = (game: GameState): Partial<Stored> => {
  const stored = game[POSITION_KEY];
  return isRecord(stored) ? (stored as Partial<Stored>) : {};
};

/** This turn's phases in order. */
export const phasesOf = <P extends SequencePhase>(sequence: Sequence<P>, game: GameState, turn: number): readonly P[] =>
  sequence.order?.(game, turn) ?? sequence.phases;

/** The index of the current phase this turn: the last phase step's, or the turn's first phase. */
export function phaseIndexOf(sequence: Sequence, game: GameState, turn: number): number {
  const stored = storedOf(game);
  const count = phasesOf(sequence, game, turn).length;
  if (stored.turn === turn && typeof stored.index === 'number' && stored.index >= 0 && stored.index < count)
    return stored.index;
  return sequence.first?.(turn) ?? 0;
}

/** Where the game stands now. */
export function positionOf<P extends SequencePhase>(sequence: Sequence<P>, game: GameState, turn: number): Position<P> {
  const phases = phasesOf(sequence, game, turn);
  const index = phaseIndexOf(sequence, game, turn);
  return { phases, index, phase: phases[index]! };
}

/**
 * The engine's phase step for a sequence: `{ index }` into this turn's phases. It records the
 * position as `{ turn, index, id }`; `legacy` records `{ turn, index }` as the games that stored no
 * phase id did, for their old procedure ids (so their recorded steps replay to the same state).
 */
export function phaseStep(sequence: Sequence, shape: 'current' | 'legacy' = 'current'): Procedure {
  return (input, api) => {
    const phases = phasesOf(sequence, api.game, api.turn);
    const index = isRecord(input) ? input['index'] : undefined;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= phases.length)
      throw new EngineError('phase', { index: String(index), count: phases.length });
    const phase = phases[index]!;
    const entered = sequence.enter(phase, index, api);
    const position: Stored = shape === 'legacy' ? { turn: api.turn, index } : { turn: api.turn, index, id: phase.id };
    return {
      headline: entered.headline,
      lines: entered.lines,
      result: index,
      game: { ...api.game, [POSITION_KEY]: { ...position }, ...entered.changes },
    };
  };
}

/**
 * Why a procedure is out of sequence now, or undefined when the current phase offers it (or no phase
 * offers it: a record kept at any time; or it is the phase step itself).
 */
export function outOfSequence(
  sequence: Sequence,
  at: SequenceAt,
  procedure: string,
): { readonly phase: string; readonly rule: string } | undefined {
  if (procedure === PHASE_STEP) return undefined;
  const phases = phasesOf(sequence, at.game, at.turn);
  if (!phases.some((p) => sequence.offers(p, at).includes(procedure))) return undefined;
  const { phase } = positionOf(sequence, at.game, at.turn);
  return sequence.offers(phase, at).includes(procedure) ? undefined : { phase: phase.id, rule: phase.rule };
}

/** The phase step's procedure, when the game has a sequence: what the engine runs for `PHASE_STEP`. */
export const sequenceProcedures = (sequence: Sequence | undefined): Readonly<Record<string, Procedure>> =>
  sequence ? { [PHASE_STEP]: phaseStep(sequence) } : {};
