/**
 * Game procedures: what data alone cannot say (air superiority with re-rolled ties, a return
 * queue, a combat whose shifts come from conditions). Each is a pure function registered by a game
 * module in src/games/<game>/. It rolls through the api — from the seeded RNG, or the physical
 * rolls the players typed in, in order — reads tables, and returns its result, the new game state
 * and explanation lines as message keys (the UI's catalog says them in English or Spanish).
 */
import { drawChit, type Cup, type Draw } from './cup';
import type { HiddenDeal } from './hidden';
import { manualDice, rollDice, sumDistribution, type DiceRoll, type DiceSpec, type SumDistribution } from './dice';
import type { DiceSource } from './deck';
import { EngineError } from './errors';
import type { Rng } from './rng';
import type { SealedValue } from './sealed';
import type { I18n, ScenarioData, TableData } from './schema/data';
import { resolutionDistribution, type ErrataMode, type EnteredCells, type Resolution } from './tables';

export type Json = null | boolean | number | string | readonly Json[] | { readonly [k: string]: Json };

/**
 * A type whose values are plain JSON data: primitives, arrays and objects of such, optional fields
 * allowed. Interfaces have no index signature, so they are not `Json` to the compiler even when they
 * are plain data: `asJson` accepts them only when every field is data (never a function or a Map).
 */
export type JsonData<T> = T extends string | number | boolean | null
  ? T
  : T extends readonly unknown[]
    ? { readonly [K in keyof T]: JsonData<T[K]> }
    : T extends (...args: never[]) => unknown
      ? never
      : T extends ReadonlyMap<unknown, unknown> | ReadonlySet<unknown>
        ? never
        : T extends object
          ? { readonly [K in keyof T]: JsonData<Exclude<T[K], undefined>> | Extract<T[K], undefined> }
          : never;

/** A typed value of plain data (checked by `JsonData`) as `Json`, for procedure inputs, results and state. */
export const asJson = <T>(value: T & NoInfer<JsonData<T>>): Json => value as Json;

/** One line of an explanation: a message key and its parameters (numbers, codes, or bilingual text from the data). */
export interface Line {
  readonly key: string;
  readonly params?: Readonly<Record<string, string | number | I18n>>;
  readonly rule?: string;
}

/** The state a game keeps between steps (plain JSON, replayed from the log like everything else). */
export type GameState = Readonly<Record<string, Json>>;

export interface ProcedureApi {
  /** Rolls dice: the next physical roll typed in if there is one, else the seeded RNG. Every roll is kept. */
  roll(spec: DiceSpec): DiceRoll;
  table(id: string): TableData;
  /**
   * Counts a roll on a table or CRT in the luck view: the table as the procedure read it and the
   * resolution its roll gave. The step records the roll's exact chances (its column, its modifiers,
   * the deck it was drawn from) with the result.
   */
  counted(table: TableData, resolution: Resolution): void;
  /**
   * Records a table or CRT as the procedure read it (its dice, each modifier, the total read, the
   * column before and after shifts, the cell), for the result's first line. `counted` records it too;
   * this is for a read the luck view does not count (a modifier or clamp the procedure applies itself).
   */
  read(resolution: Resolution): void;
  /** Draws one chit at random (from the seeded RNG) from a cup; the procedure returns the cups it changed. */
  drawChit(cup: Cup): Draw;
  /** The session's cups (a procedure may return changed ones: chits arriving, drawn, removed, held). */
  readonly cups: Readonly<Record<string, Cup>>;
  readonly turn: number;
  readonly game: GameState;
  /** The session's sealed values (issue #33, sealed.ts): a revealed one's value, an unrevealed one's side and count only. */
  readonly sealed?: Readonly<Record<string, SealedValue>>;
  readonly errata: ErrataMode;
  readonly entered?: Readonly<Record<string, EnteredCells>>;
  /** The game's readings of ambiguous rules (settings), by id. */
  readonly readings: Readonly<Record<string, string>>;
  /**
   * The game's rules version this step runs under: the one it was recorded under when it is
   * replayed, the game's current one for a new step (0: a game that declares none, or a step made
   * before versions were recorded). A procedure whose behaviour changed keeps the old one behind it.
   */
  readonly rules: number;
  /** The session's scenario (its cups, arrivals, event chits and victory conditions as data). */
  readonly scenario?: ScenarioData;
  /**
   * The hidden cups' deals (issue #33, hidden.ts): public data only (who drew which card, the chits
   * revealed, the cards kept face down). A game reads a chit drawn between the phones from here.
   */
  readonly hidden?: Readonly<Record<string, HiddenDeal>>;
  /**
   * The distribution of the step's first roll's total, for the chances it explains: in deck mode the
   * cards left when the step began (deck.ts); absent (or typed-in dice), every combination alike.
   */
  readonly sums?: (spec: DiceSpec) => SumDistribution;
  /** The distribution of the roll after that, once it came up `total` (deck.ts `sumsAfter`). */
  readonly sumsAfter?: (spec: DiceSpec, total: number) => SumDistribution;
}

export interface ProcedureResult {
  /** Big text for the result (e.g. "Ice", "+2", "Soviet 4"). */
  readonly headline: Line;
  readonly lines: readonly Line[];
  /** Machine-readable result (for tests, statistics and later steps). */
  readonly result: Json;
  /** The whole new game state, when the procedure changes it. */
  readonly game?: GameState;
  /** Cups the procedure changed (only existing cup ids), replacing them whole. */
  readonly cups?: Readonly<Record<string, Cup>>;
}

export type Procedure = (input: Json, api: ProcedureApi) => ProcedureResult;

/**
 * A procedure the rules do once per occasion (this turn's weather, this turn's air superiority):
 * true when it has already been done for the occasion the input and state describe. A second run is
 * then refused unless the players re-roll explicitly, with a reason that goes into the log.
 */
export type OnceRule = (input: Json, at: { readonly turn: number; readonly game: GameState }) => boolean;

export interface ProcedureOutcome {
  readonly kind: 'procedure';
  readonly id: string;
  readonly input: Json;
  readonly rolls: readonly DiceRoll[];
  readonly headline: Line;
  readonly lines: readonly Line[];
  readonly result: Json;
  /** A once-per-occasion procedure run again on purpose: the players' reason (rule or agreement). */
  readonly reroll?: string;
  /** A procedure run out of the sequence of play on purpose: the players' reason (rule or agreement). */
  readonly outOfSequence?: string;
  /** The table and CRT rolls the procedure counted (api.counted), each with its exact chances before the roll. */
  readonly tables?: readonly TableOdds[];
  /** What the procedure read on each table (api.counted, api.read): the result's first line shows it (issue #28). */
  readonly reads?: readonly TableRead[];
}

/** A table read by a procedure, as it resolved: without the legend's words (the explanation finds them in the table). */
export type TableRead = Omit<Resolution, 'name' | 'effect'>;
const tableRead = ({ name: _n, effect: _e, ...read }: Resolution): TableRead => read;

/** One roll on a table read by a procedure: what came, and every result's number of equally likely outcomes. */
export interface TableOdds {
  readonly table: string;
  readonly result: string | number;
  readonly chances: readonly (readonly [string | number, number])[];
  readonly outcomes: number;
}

/** Runs a registered procedure; typed-in rolls must all be used, each a valid roll of the dice asked for. */
export function runProcedure(
  procedure: Procedure,
  id: string,
  input: Json,
  rng: Rng,
  env: Omit<ProcedureApi, 'roll' | 'table' | 'drawChit' | 'counted' | 'read' | 'rules'> & {
    tables: ReadonlyMap<string, TableData>;
    /** The rules version the step runs under (absent: 0, a game that declares none). */
    rules?: number;
  },
  manual?: readonly (readonly number[])[],
  /** Where the app's dice come from (the session's DiceSource: deck mode); absent: the seeded RNG. */
  dice?: DiceSource,
): {
  outcome: ProcedureOutcome;
  game?: GameState;
  cups?: Readonly<Record<string, Cup>>;
  manual: boolean;
  /** The tables the procedure read (so the charts typed in for them can be recorded with the step). */
  read: readonly string[];
} {
  const rolls: DiceRoll[] = [];
  const read = new Set<string>();
  const tables: TableOdds[] = [];
  /** Cells the procedure read that the players typed in (not printed): said in its explanation (#31). */
  const typed: Line[] = [];
  const reads: TableRead[] = [];
  let next = 0;
  const api: ProcedureApi = {
    ...env,
    rules: env.rules ?? 0,
    roll(spec) {
      const roll = manual ? manualDice(spec, manual[next++] ?? []) : dice ? dice.roll(spec) : rollDice(rng, spec);
      rolls.push(roll);
      return roll;
    },
    drawChit: (cup) => drawChit(cup, rng),
    read(res) {
      reads.push(tableRead(res));
    },
    counted(t, res) {
      // A chart wholly typed in (status 'missing') says so in its own lines; a printed chart's typed cell is marked.
      if (res.cell.origin === 'entered' && t.status !== 'missing')
        typed.push({
          key: 'x.typedCell',
          params: { table: t.title, row: res.row ?? '', column: res.column ?? '', value: res.cell.value ?? '' },
          rule: t.rule,
        });
      reads.push(tableRead(res));
      if (!res.roll) return;
      const d = res.roll.dice;
      const sums = d.manual || !dice ? sumDistribution(d.spec) : dice.sumsBefore(d);
      let dist;
      try {
        dist = resolutionDistribution(t, res, sums, { errata: env.errata, entered: env.entered?.[t.id] });
      } catch (err) {
        if (err instanceof EngineError) return; // a chart not complete enough to enumerate: the roll stands, uncounted
        throw err;
      }
      // Cells not known yet: the chances before the roll are not whole, so the roll is not counted for luck.
      if (dist && !dist.unknown)
        tables.push({ table: t.id, result: res.result, chances: [...dist.counts], outcomes: dist.outcomes });
    },
    table(tid) {
      const table = env.tables.get(tid);
      if (!table) throw new EngineError('unknown-table', { table: tid });
      read.add(tid);
      return table;
    },
  };
  const returned = procedure(input, api);
  // Typed-in rolls must all be used; a procedure that rolls nothing (a phase change, a record) ignores them.
  if (manual && next > 0 && next !== manual.length)
    throw new EngineError('manual-count', { expected: next, got: manual.length });
  for (const cid of Object.keys(returned.cups ?? {}))
    if (!env.cups[cid]) throw new EngineError('unknown-cup', { cup: cid });
  return {
    outcome: {
      kind: 'procedure',
      id,
      input,
      rolls,
      headline: returned.headline,
      lines: typed.length ? [...returned.lines, ...typed] : returned.lines,
      result: returned.result,
      ...(tables.length ? { tables } : {}),
      ...(reads.length ? { reads } : {}),
    },
    ...(returned.game ? { game: returned.game } : {}),
    ...(returned.cups ? { cups: returned.cups } : {}),
    manual: !!manual && rolls.length > 0,
    read: [...read],
  };
}
