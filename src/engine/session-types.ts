/**
 * The shapes of a game session, its steps and what the engine needs besides it: a leaf module of
 * types, so that ./session.ts (the logic), ./chain.ts and ./session-schema.ts import them without
 * importing each other.
 */
import type { Actors } from './game-module';
import type { Cup, Draw } from './cup';
import type { DiceRoll, DiceSpec } from './dice';
import type { Balance, Decks, Runs } from './deck';
import type { HiddenAction, HiddenDeal, HiddenOutcome } from './hidden';
import type { SealedAction, SealedOutcome, SealedValue } from './sealed';
import type { Ceremony } from './seed-ceremony';
import type { GameState, Json, OnceRule, Procedure, ProcedureOutcome } from './procedures';
import type { RngState } from './rng';
import type { Sequence } from './sequence';
import type { ScenarioData, TableData } from './schema/data';
import type { ChartSetup, PlayerChart } from './player-charts';
import type { EnteredCells, ErrataMode, Modifier, Resolution, Shift, ShiftCap } from './tables';

/** What a table or combat step rolls on, and what it read there: recorded by apply, so a replay anywhere reads the same. */
export interface TableRoll {
  readonly table: string;
  readonly modifiers?: readonly Modifier[];
  readonly dice?: DiceSpec;
  readonly manual?: readonly number[];
  /** The chart values typed in by players that the step read. */
  readonly entered?: EnteredCells;
  /** The rows, columns, dice and ends the players defined for the table, as read. */
  readonly chart?: ChartSetup;
  /** The errata the step was resolved with: a later change of the setting leaves it as it was. */
  readonly errata?: ErrataMode;
}

export type Action =
  | {
      readonly type: 'roll';
      readonly label?: string;
      readonly dice: DiceSpec;
      readonly hitOn?: number;
      readonly manual?: readonly number[];
    }
  | ({ readonly type: 'table'; readonly other?: string } & TableRoll)
  | ({
      readonly type: 'combat';
      readonly attack: number;
      readonly defence: number;
      readonly shifts?: readonly Shift[];
      readonly caps?: readonly ShiftCap[];
    } & TableRoll)
  /** faceDown: the side that alone may see the chit (the log keeps it, for verification; the app hides it). */
  | { readonly type: 'cup.draw'; readonly cup: string; readonly manual?: string; readonly faceDown?: string }
  | { readonly type: 'cup.look'; readonly cup: string; readonly n: number }
  | { readonly type: 'cup.pick'; readonly cup: string; readonly chit: string }
  | { readonly type: 'cup.order'; readonly cup: string; readonly order: readonly string[] }
  | { readonly type: 'cup.add'; readonly cup: string; readonly chit: string }
  | { readonly type: 'cup.remove'; readonly cup: string; readonly chit: string }
  | { readonly type: 'cup.hand'; readonly cup: string; readonly side: string; readonly chit: string }
  | { readonly type: 'cup.play'; readonly cup: string; readonly side: string; readonly chit: string }
  | { readonly type: 'end-turn' }
  /** A game procedure (src/games/<game>/); manual: the physical rolls typed in, in the order it asks for them. */
  | {
      readonly type: 'procedure';
      readonly id: string;
      readonly input: Json;
      readonly manual?: readonly (readonly number[])[];
      /** The players' charts the procedure read (cells and definitions), recorded so a replay anywhere reads the same. */
      readonly charts?: Readonly<Record<string, PlayerChart>>;
      /** Runs a once-per-occasion procedure again on purpose; the players' reason is logged. */
      readonly reroll?: string;
      /** Runs a procedure the current phase does not offer (sequence.ts), on purpose; the players' reason is logged. */
      readonly outOfSequence?: string;
      /** The errata and the players' readings the step ran with (recorded by apply, like `errata` on a table step). */
      readonly errata?: ErrataMode;
      readonly readings?: Readonly<Record<string, string>>;
    }
  | { readonly type: 'note'; readonly text: string }
  /**
   * Undo as a step of the chain (issue #30): `steps`, every step still standing from the first one
   * on, are marked undone. The marks of the steps it names are thereby in the chain: a mark that no
   * undo step explains is refused by the verification.
   */
  | { readonly type: 'undo'; readonly steps: readonly number[] }
  /** Balanced randomness the players agree on (deck.ts): deck mode for dice, a streak cap for cups (absent: none). */
  | { readonly type: 'balance'; readonly deck: boolean; readonly cap?: number }
  /**
   * Joint randomness (issue #33, ./joint.ts): from this step on every step that draws randomness
   * takes it from these devices' values, never from the seed. A device joining, leaving or
   * committing a new chain makes another such step.
   */
  | { readonly type: 'joint'; readonly devices: readonly JointDevice[] }
  /** A hidden cup (issue #33, hidden.ts): its joint shuffle, a draw only the drawer's phone opens, a reveal. */
  | HiddenAction
  /** A value typed in private on its owner's phone (issue #33, sealed.ts): its commitment, a call, its reveal. */
  | SealedAction;

/** A device taking part in joint randomness: its name, the side it plays (none: the table), its chain's anchor and length. */
export interface JointDevice {
  readonly name: string;
  readonly side?: string;
  readonly anchor: string;
  readonly length: number;
}

/** A device's value for one step: the k-th of its chain. */
export interface JointReveal {
  readonly name: string;
  readonly k: number;
  readonly value: string;
}

/** The joint set as the game stands: each device with the last value of it the game holds (k = 0: its anchor). */
export interface JointState {
  readonly devices: readonly (JointDevice & { readonly k: number; readonly last: string })[];
}

export type Outcome =
  | { readonly kind: 'roll'; readonly dice: DiceRoll; readonly label?: string }
  | { readonly kind: 'resolution'; readonly resolution: Resolution }
  | {
      readonly kind: 'draw';
      readonly cup: string;
      readonly chit: string;
      readonly how: Draw['how'];
      readonly from: number;
      readonly refilled?: boolean;
      readonly faceDown?: string;
      /** The streak cap applied: `n` chits of `side` came in a row, so this one came from the other sides' chits. */
      readonly capped?: { readonly side: string; readonly n: number };
    }
  /** side: whose hand, for chits given to or played from a hand. */
  | {
      readonly kind: 'cup';
      readonly cup: string;
      readonly op: string;
      readonly chits: readonly string[];
      readonly side?: string;
    }
  | { readonly kind: 'end-turn'; readonly turn: number }
  | ProcedureOutcome
  | { readonly kind: 'note'; readonly text: string }
  | { readonly kind: 'undo'; readonly steps: readonly number[] }
  | { readonly kind: 'balance'; readonly deck: boolean; readonly cap?: number }
  /** The joint set from this step on (`left`: devices of the set before that are no longer in it). */
  | { readonly kind: 'joint'; readonly devices: readonly string[]; readonly left?: readonly string[] }
  | HiddenOutcome
  | SealedOutcome;

/** Where in the game a step happened (the app fills it in; the engine only keeps it). */
export interface Context {
  readonly turn?: number;
  readonly phase?: string;
  readonly side?: string;
}

export interface LogEntry {
  readonly seq: number;
  /** The hash of the step before it (of the game's header for the first step): the log's chain (chain.ts). Absent on steps stored before the chain. */
  readonly prev?: string;
  /** ISO time, supplied by the caller (the engine has no clock). */
  readonly at?: string;
  readonly action: Action;
  readonly outcome: Outcome;
  readonly context?: Context;
  /** True when the dice or the chit were typed in from the table, not produced by the RNG. */
  readonly manual: boolean;
  readonly rngBefore: RngState;
  readonly rngAfter: RngState;
  readonly undone: boolean;
  /**
   * 2: the step's hash holds its random states only as digests (chain.ts), so a file exported
   * without the seed can leave them out and still show its chain. Absent on steps made before
   * issue #30 (their hash holds the states themselves).
   */
  readonly chain?: 2;
  /** Joint randomness (issue #33): each device's value the step's randomness was made from. */
  readonly joint?: readonly JointReveal[];
  /**
   * Joint randomness: the step redoes an undone roll, and is made from the randomness of the step
   * named (the one its devices' values were given for): undone and done again, a roll gives the same
   * dice, as in seed mode (engine jointQueue).
   */
  readonly jointRedo?: number;
  /**
   * The game's rules version the step was made under (GameContext.rules): replay runs it under the
   * same rules. Absent: made before the game recorded versions (or a game that declares none).
   */
  readonly rules?: number;
}

export interface SessionSettings {
  readonly errata: ErrataMode;
  /** Readings of ambiguous rules chosen for this game (id → choice); absent: the game's defaults. */
  readonly readings?: Readonly<Record<string, string>>;
  /** Who rolls by default: the app, or the players with physical dice typed in. */
  readonly dice: 'app' | 'physical';
}

export interface Session {
  readonly format: 1;
  readonly id: string;
  readonly game: string;
  readonly scenario: string;
  readonly name: string;
  readonly seed: string;
  readonly createdAt: string;
  readonly settings: SessionSettings;
  /** The seed both players made (seed-ceremony.ts): absent when the device alone made it. */
  readonly ceremony?: Ceremony;
  /**
   * The game's rules version when the game started (GameContext.rules): no step may claim an older
   * one. Part of the game's header (chain.ts). Absent: started before the game recorded versions.
   */
  readonly rules?: number;
  readonly log: readonly LogEntry[];
}

/**
 * A game's rules across its versions: a game bumps `version` when it changes what a procedure does.
 * Every step records the version it was made under; a replay runs it under that version
 * (`ProcedureApi.rules`: a procedure keeps its old behaviour behind `api.rules < n`).
 */
export interface RulesVersions {
  /** The rules version now (a whole number from 1): every new step records it. */
  readonly version: number;
  /**
   * Procedures whose behaviour changed at a version without the old one kept (id → that version).
   * A step recorded under an older version that no kept version replays to is kept as written: its
   * dice are still checked from the seed, its result is the one recorded, and the game says so.
   */
  readonly rewritten?: Readonly<Record<string, number>>;
}

/** What the engine needs besides the session: validated game data and chart values typed in by players. */
export interface GameContext {
  readonly tables: ReadonlyMap<string, TableData>;
  /** The game's procedures, by id (from src/games/<game>/). */
  readonly procedures?: Readonly<Record<string, Procedure>>;
  /** Which procedures the rules do once per occasion (the game's sequence of play), by id. */
  readonly once?: Readonly<Record<string, OnceRule>>;
  /** The game's sequence of play (sequence.ts): its phases, and what each offers; the engine keeps the position. */
  readonly sequence?: Sequence;
  /** Default readings of the game's ambiguous rules. */
  readonly readings?: Readonly<Record<string, string>>;
  /**
   * What holds this turn, as the game module knows it (e.g. "weather:rain", "turn:evening"): a
   * table's modifier whose `when` is among them is ticked by the tools from the start.
   */
  readonly conditions?: (game: GameState, turn: number) => readonly string[];
  readonly scenario?: ScenarioData;
  readonly entered?: Readonly<Record<string, EnteredCells>>;
  /** The rows, columns, dice and ends players defined for tables whose shape the text does not give. */
  readonly charts?: Readonly<Record<string, ChartSetup>>;
  /**
   * The dice the game's data declares (its dice roller's list): a free roll of custom faces must be
   * one of these (Stalingrado's die 2,3,3,4,4,5); absent: any die of numbered sides only.
   */
  readonly dice?: readonly DiceSpec[];
  /** The game's rules versions (absent: a game that declares none; its steps record no version). */
  readonly rules?: RulesVersions;
  /**
   * The procedures a side's own player does, by id, and who acts in each (game-module.ts `Actors`).
   * A linked phone is refused such a step for the other side.
   */
  readonly actors?: Actors;
}

export interface SessionState {
  readonly cups: Readonly<Record<string, Cup>>;
  readonly turn: number;
  /** What a game's procedures keep between steps. */
  readonly game: GameState;
  readonly rng: RngState;
  /** Balanced randomness, once a 'balance' step turned it on (deck.ts); absent: off. */
  readonly balance?: Balance;
  /** Deck mode: the cards left in each deck. */
  readonly decks?: Decks;
  /** Streak cap: each cup's current run of one side's chits this turn. */
  readonly runs?: Runs;
  /** Joint randomness (issue #33), once a `joint` step started it; absent: the seed's generator. */
  readonly joint?: JointState;
  /** Hidden cups (issue #33): each cup's deal, while it lasts (absent: none). */
  readonly hidden?: Readonly<Record<string, HiddenDeal>>;
  /** Sealed values (issue #33, sealed.ts), by id: committed, called, revealed (absent: none). */
  readonly sealed?: Readonly<Record<string, SealedValue>>;
}
