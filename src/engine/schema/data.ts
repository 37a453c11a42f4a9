/**
 * Schemas of the JSON game data in tables/<game>/ and scenarios/<game>/.
 * Shape checks come from guard.ts; the semantic checks (roll ranges without gaps, ordered odds
 * columns, cells drawn from the legend, errata naming real cells) are plain functions below.
 * README.md ("How to add a game") explains the fields for data authors.
 */
import {
  array,
  boolean,
  int,
  literal,
  nullable,
  number,
  object,
  optional,
  record,
  refine,
  string,
  union,
} from './guard';
import type { Infer, Issue, IssueCode, IssueParams } from './guard';
import { issue } from '../issue-text';

const id = string({ pattern: /^[a-z0-9][a-z0-9-]*$/ });
/** The fields every data file starts with: what it is (`kind`) and its id. */
const dataFile = <K extends string>(kind: K) => ({ kind: literal(kind), id });
/** A table's or a scenario's first fields: what it is, its id and the game it belongs to. */
const fileOfGame = <K extends string>(kind: K) => ({ ...dataFile(kind), game: id });
/** Text in both app languages. */
export const I18n = object({ en: string({ min: 1 }), es: string({ min: 1 }) });
export type I18n = Infer<typeof I18n>;

/** Dice as data: "NdS" sums, or one die with custom faces. */
export const DiceSpecSchema = union(
  object({ n: int(1, 20), sides: int(2, 100) }),
  object({ n: int(1, 20), faces: array(int(-100, 100), { min: 2, max: 100 }) }),
);
export type DiceSpecData = Infer<typeof DiceSpecSchema>;

/** A fixed die-roll modifier the text states, offered by the procedure that uses the table. */
export const ModifierSchema = object({
  id,
  label: I18n,
  value: int(-20, 20),
  rule: string({ min: 1 }),
  /** Modifiers of one group exclude each other (e.g. the weather): the players pick at most one. */
  group: optional(id),
  /**
   * When it applies by itself: a condition the game module reports for the current turn (its
   * `conditions`, e.g. "weather:rain", "turn:evening"); the tools then tick it from the start.
   */
  when: optional(string({ min: 1, max: 60 })),
});

/**
 * A column shift the game names once (a CRT's terrain, a fortification, a river; issue #32): in
 * play a checkbox, or a radio among those of its `group`, ticked from the start where `when` holds.
 */
export const NamedShiftSchema = object({
  id,
  label: I18n,
  /** Columns: negative to the left (for the defender), positive to the right. */
  value: int(-10, 10),
  rule: string({ min: 1 }),
  group: optional(id),
  when: optional(string({ min: 1, max: 60 })),
});

/** A row or column of a table. */
export const AxisEntrySchema = object({
  key: string({ min: 1, max: 40 }),
  label: optional(I18n),
  /** Inclusive range of the (modified) roll this entry covers; an open end is left out. */
  min: optional(int(-100, 1000)),
  max: optional(int(-100, 1000)),
  /** Odds column a:d (e.g. [3, 1] for 3-1, [1, 2] for 1-2). */
  odds: optional(array(int(1, 100), { min: 2, max: 2 })),
});
export type AxisEntry = Infer<typeof AxisEntrySchema>;

const AxisSchema = object({ label: I18n, entries: array(AxisEntrySchema) });

export const LegendEntrySchema = object({
  /** Short name, e.g. "Defender retreats". */
  name: I18n,
  /** Plain-language effect; may use {units} for the number of units (see tables.ts). */
  effect: optional(I18n),
  rule: optional(string()),
});

const ValuesSchema = union(
  object({ kind: literal('codes') }),
  object({ kind: literal('number'), min: int(-1000, 1000), max: int(-1000, 1000) }),
  object({ kind: literal('text') }),
);

const ErratumSchema = object({
  id: string({ min: 1, max: 12 }),
  row: string({ min: 1 }),
  column: string({ min: 1 }),
  /** null = blank in the printed text. */
  printed: nullable(union(string(), number())),
  suggested: union(string(), number()),
  reason: I18n,
  confidence: literal('high', 'medium', 'low'),
  /** Only true where the printed value is undefined by the rules (an unknown code, a blank cell). */
  correctedByDefault: boolean(),
  source: optional(string()),
});
export type Erratum = Infer<typeof ErratumSchema>;

const OffTableSchema = union(
  object({ mode: literal('clamp') }),
  object({ mode: literal('auto'), result: string({ min: 1 }), label: optional(string()) }),
);

/** How a 2-D combat results table picks its column. */
const OddsSchema = object({
  kind: literal('ratio', 'differential'),
  /**
   * attacker: the quotient is rounded up to the next column (a rulebook "rounded up").
   * defender: rounded down to the column at or below the true odds.
   */
  rounding: literal('attacker', 'defender'),
  rule: string({ min: 1 }),
  below: OffTableSchema,
  above: OffTableSchema,
});

const RollSchema = object({
  dice: DiceSpecSchema,
  /** The axis whose entries carry roll ranges. */
  axis: literal('rows', 'columns'),
  /** Modified rolls outside [min, max] are moved to the nearest end (only if the text says so). */
  clamp: optional(object({ min: int(-100, 1000), max: int(-100, 1000), rule: string({ min: 1 }) })),
  modifiers: optional(array(ModifierSchema)),
});

const TableShape = object({
  ...fileOfGame('table'),
  title: I18n,
  /** The rulebook section, e.g. "10.1". */
  rule: string({ min: 1 }),
  /** complete: every value from the text; partial: some cells absent; missing: an image in the rulebook. */
  status: literal('complete', 'partial', 'missing'),
  /** Where in the seed text the values are (line numbers), or why they are missing. */
  source: string({ min: 1 }),
  type: literal('crt', 'roll', 'reference'),
  rows: AxisSchema,
  columns: AxisSchema,
  /** rows × columns; null = not in the text (the player enters it from the printed chart). */
  cells: array(array(nullable(union(string({ max: 80 }), number())))),
  /** Whether the player may add rows/columns (missing tables whose shape the text does not give). */
  playerDefinesAxes: optional(boolean()),
  values: ValuesSchema,
  legend: optional(record(LegendEntrySchema)),
  roll: optional(RollSchema),
  odds: optional(OddsSchema),
  /** The column shifts the game names (CRTs). */
  shifts: optional(array(NamedShiftSchema, { max: 40 })),
  errata: optional(array(ErratumSchema)),
  notes: optional(array(I18n)),
});
export type TableData = Infer<typeof TableShape>;

function checkRanges(entries: readonly AxisEntry[], path: string, issues: Issue[]): void {
  let prevMax: number | undefined;
  entries.forEach((e, k) => {
    const entryPath = `${path}.entries[${k}]`;
    if (e.min === undefined && e.max === undefined) issues.push(issue(entryPath, 'roll-bounds'));
    if (e.min === undefined && k > 0) issues.push(issue(entryPath, 'open-below'));
    if (e.max === undefined && k < entries.length - 1) issues.push(issue(entryPath, 'open-above'));
    if (e.min !== undefined && e.max !== undefined && e.min > e.max)
      issues.push(issue(entryPath, 'min-max', { min: e.min, max: e.max }));
    if (prevMax !== undefined && e.min !== undefined && e.min !== prevMax + 1)
      issues.push(issue(entryPath, 'roll-gap', { expected: prevMax + 1, min: e.min }));
    prevMax = e.max;
  });
}

export function checkTable(t: TableData, path: string, issues: Issue[]): void {
  const add = (p: string, code: IssueCode, params?: IssueParams) => issues.push(issue(p, code, params));
  const nr = t.rows.entries.length;
  const nc = t.columns.entries.length;
  if (!t.playerDefinesAxes && (nr === 0 || nc === 0)) add(`${path}.rows`, 'no-axes');
  for (const [axis, name] of [
    [t.rows, 'rows'],
    [t.columns, 'columns'],
  ] as const) {
    const seen = new Set<string>();
    axis.entries.forEach((e, k) => {
      if (seen.has(e.key)) add(`${path}.${name}.entries[${k}].key`, 'duplicate-key', { key: e.key });
      seen.add(e.key);
    });
  }
  if (t.cells.length !== nr) add(`${path}.cells`, 'cell-rows', { n: nr, rows: t.cells.length });
  t.cells.forEach((row, r) => {
    if (row.length !== nc) add(`${path}.cells[${r}]`, 'row-cells', { n: nc, cells: row.length });
  });
  const checkValue = (v: string | number | null, p: string) => {
    if (v === null) return;
    if (t.values.kind === 'codes') {
      if (typeof v !== 'string' || !t.legend || !(v in t.legend)) add(p, 'legend-code', { value: String(v) });
    } else if (t.values.kind === 'number') {
      if (typeof v !== 'number' || !Number.isInteger(v) || v < t.values.min || v > t.values.max)
        add(p, 'int', { min: t.values.min, max: t.values.max, got: JSON.stringify(v) });
    }
  };
  t.cells.forEach((row, r) => row.forEach((v, c) => checkValue(v, `${path}.cells[${r}][${c}]`)));
  const hasNull = t.cells.some((row) => row.some((v) => v === null));
  if (t.status === 'complete' && hasNull) add(`${path}.status`, 'complete-null');
  if (t.status === 'missing' && t.cells.some((row) => row.some((v) => v !== null)))
    add(`${path}.status`, 'missing-values');
  if (t.values.kind === 'codes' && !t.legend) add(`${path}.legend`, 'no-legend');
  if (t.type === 'crt' && !t.odds) add(`${path}.odds`, 'crt-odds');
  if (t.type === 'crt' && !t.roll) add(`${path}.roll`, 'crt-roll');
  if (t.type === 'roll' && !t.roll) add(`${path}.roll`, 'roll-roll');
  if (t.roll) {
    const axis = t.roll.axis === 'rows' ? t.rows : t.columns;
    if (axis.entries.length) checkRanges(axis.entries, `${path}.${t.roll.axis}`, issues);
    if (t.roll.clamp && t.roll.clamp.min > t.roll.clamp.max)
      add(`${path}.roll.clamp`, 'min-max', { min: t.roll.clamp.min, max: t.roll.clamp.max });
  }
  if (t.odds) {
    const cols = t.columns.entries;
    if (t.odds.kind === 'ratio') {
      cols.forEach((c, k) => {
        if (!c.odds) add(`${path}.columns.entries[${k}].odds`, 'odds-needed');
      });
      for (let k = 1; k < cols.length; k++) {
        const oddsBefore = cols[k - 1]!.odds,
          oddsAt = cols[k]!.odds;
        if (oddsBefore && oddsAt && oddsBefore[0]! / oddsBefore[1]! >= oddsAt[0]! / oddsAt[1]!)
          add(`${path}.columns.entries[${k}].odds`, 'odds-order');
      }
    } else {
      checkRanges(cols, `${path}.columns`, issues);
    }
    for (const end of ['below', 'above'] as const) {
      const odds = t.odds[end];
      if (odds.mode === 'auto') checkValue(odds.result, `${path}.odds.${end}.result`);
    }
  }
  for (const [k, e] of (t.errata ?? []).entries()) {
    const row = t.rows.entries.findIndex((x) => x.key === e.row);
    const column = t.columns.entries.findIndex((x) => x.key === e.column);
    const errataPath = `${path}.errata[${k}]`;
    if (row < 0) add(`${errataPath}.row`, 'no-row', { row: e.row });
    if (column < 0) add(`${errataPath}.column`, 'no-column', { column: e.column });
    if (row >= 0 && column >= 0 && t.cells[row]?.[column] !== e.printed)
      add(`${errataPath}.printed`, 'printed-differs', {
        cell: JSON.stringify(t.cells[row]?.[column]),
        printed: JSON.stringify(e.printed),
      });
    checkValue(e.suggested, `${errataPath}.suggested`);
  }
}

export const TableSchema = refine(TableShape, checkTable);

const SideSchema = object({ id, name: I18n, colour: string({ pattern: /^#[0-9a-f]{6}$/i }) });

/** A named set of dice the game uses, for the dice roller. */
const GameDiceSchema = object({
  id,
  label: I18n,
  dice: DiceSpecSchema,
  /** Dice pools: each die at or above hitOn is a hit (EastFront firepower). */
  hitOn: optional(int(1, 100)),
  rule: string({ min: 1 }),
});

/**
 * A reading of a rule the text leaves open (an unclear sentence, a suspected erratum): the choices the
 * players may make in the game's settings, and the one the app takes when they choose nothing.
 */
const ReadingSchema = refine(
  object({
    rule: string({ min: 1 }),
    /** What is unclear, and what each choice means. */
    note: string({ min: 1 }),
    choices: array(string({ pattern: /^[a-z0-9][a-z0-9-]*$/ }), { min: 1 }),
    default: string({ min: 1 }),
  }),
  (reading, path, issues) => {
    if (!reading.choices.includes(reading.default))
      issues.push(issue(`${path}.default`, 'not-a-choice', { value: reading.default }));
  },
);

/**
 * Ids that must be unique in their list: each repeat is an issue at its own path. In the schemas, so
 * that every source of data gets them — the bundled files, a game pack, a pack being edited.
 */
function unique(
  ids: readonly string[],
  path: (k: number) => string,
  code: 'duplicate-side' | 'duplicate-dice' | 'duplicate-chit' | 'duplicate-cup',
  issues: Issue[],
): void {
  const seen = new Set<string>();
  ids.forEach((x, k) => {
    if (seen.has(x)) issues.push(issue(path(k), code, { id: x }));
    seen.add(x);
  });
}
const checkGameIds = (
  g: { sides: readonly { id: string }[]; dice: readonly { id: string }[] },
  path: string,
  issues: Issue[],
) => {
  unique(
    g.sides.map((x) => x.id),
    (k) => `${path}.sides[${k}].id`,
    'duplicate-side',
    issues,
  );
  unique(
    g.dice.map((x) => x.id),
    (k) => `${path}.dice[${k}].id`,
    'duplicate-dice',
    issues,
  );
};
/** A cup's chits are told apart by id (drawn, picked, removed, given to a hand by it). */
const checkCupIds = (c: { chits: readonly { id: string }[] }, path: string, issues: Issue[]) =>
  unique(
    c.chits.map((x) => x.id),
    (k) => `${path}.chits[${k}].id`,
    'duplicate-chit',
    issues,
  );
const checkScenarioIds = (sc: { cups?: readonly { id: string }[] }, path: string, issues: Issue[]) =>
  unique(
    (sc.cups ?? []).map((x) => x.id),
    (k) => `${path}.cups[${k}].id`,
    'duplicate-cup',
    issues,
  );

export const GameSchema = refine(
  object({
    ...dataFile('game'),
    name: I18n,
    short: I18n,
    /** File names in ../shared/seeds and ../shared/rules (provenance, never loaded). */
    seed: string({ min: 1 }),
    digest: string({ min: 1 }),
    sides: array(SideSchema, { min: 2 }),
    dice: array(GameDiceSchema, { min: 1 }),
    notes: optional(array(I18n)),
    /** Readings of rules the text leaves open, by id (`<prefix>.<name>`): the game's settings. */
    readings: optional(record(ReadingSchema)),
    /**
     * Whether a unit's strength may have decimals (issue #32): 'whole' refuses 8.5 at the combat
     * form's field; absent or 'decimal', decimals are taken (halved strengths).
     */
    strengths: optional(literal('whole', 'decimal')),
  }),
  checkGameIds,
);
export type GameData = Infer<typeof GameSchema>;

const ChitSchema = object({
  id,
  label: I18n,
  side: optional(id),
  /** How many of this chit go into the cup (default 1). */
  count: optional(int(1, 100)),
  rule: optional(string()),
  /** A reinforcement's chit: not in the cup at the start; the game module adds it on its arrival turn. */
  arrives: optional(
    object({
      day: int(1, 99),
      /** Absent when the text gives only the day ("(día 10)"). */
      turnType: optional(literal('morning', 'day', 'evening', 'night')),
      entry: optional(string({ min: 1, max: 20 })),
      /** It arrives only if this holds (the players say so when it is due), e.g. Lutchessa 21.4. */
      condition: optional(I18n),
      /**
       * The counters that arrive with this HQ, exactly as the set-up table prints them (the rows under
       * the HQ's row with the same entry and turn). Absent when the text does not list them (say so in
       * the chit's note).
       */
      units: optional(array(string({ min: 1, max: 40 }), { min: 1, max: 30 })),
      /** Where in the rulebook text the units are listed (seed file line numbers, e.g. "957–963"). */
      lines: optional(string({ min: 1, max: 60 })),
      /** A special rule lets this HQ's group enter by another entry hex instead (e.g. Kursk 18.4). */
      altEntry: optional(object({ entry: string({ min: 1, max: 20 }), rule: string({ min: 1 }) })),
    }),
  ),
  /** A division HQ's chit: activates any one battalion not yet activated this turn (GD 3.4, 6.0). */
  division: optional(boolean()),
  note: optional(I18n),
});

export const CupSchema = refine(
  object({
    id,
    name: I18n,
    /** What happens when the cup is empty or the turn ends (engine/cup.ts). */
    refill: literal('from-discard-when-empty', 'return-all-at-end-of-turn', 'none'),
    chits: array(ChitSchema),
    rule: optional(string()),
    /** The text gives only counts, not names (e.g. event chits): the players fill in the manifest. */
    manifest: optional(literal('complete', 'missing')),
    /** Opening rule: a side picks ('pick') or looks at and orders ('look') the first chits of the first turn. */
    opening: optional(object({ side: id, kind: literal('pick', 'look'), count: int(1, 20), rule: string({ min: 1 }) })),
  }),
  checkCupIds,
);

/** Event chits as the text gives them (GD 10.3): cup make-up by colour, and the black chits each side holds. */
const EventChitsSchema = object({
  rule: string({ min: 1 }),
  cups: array(object({ side: id, blue: int(0, 200), red: int(0, 200), black: int(0, 50) }), { min: 1 }),
  hands: array(
    object({
      side: id,
      chits: array(object({ name: string({ min: 1, max: 60 }), cancels: string({ min: 1, max: 60 }) })),
    }),
  ),
});

/** Victory locations and thresholds as printed. */
const VictorySchema = object({
  rule: string({ min: 1 }),
  /** The side that scores. */
  side: id,
  /** The scoring side wins with at least this many VP (absent: the text gives another condition, in notes). */
  threshold: optional(int(0, 500)),
  /** Exactly this many VP is a draw (e.g. 20.3). */
  draw: optional(int(0, 500)),
  locations: array(
    object({
      name: I18n,
      vp: int(0, 100),
      /** Hex number, or absent for "any of its hexes". */
      hex: optional(string({ min: 1, max: 40 })),
      note: optional(I18n),
    }),
  ),
  notes: optional(array(I18n)),
});

export const ScenarioSchema = refine(
  object({
    ...fileOfGame('scenario'),
    name: I18n,
    rule: string({ min: 1 }),
    summary: optional(I18n),
    /** Table ids this scenario uses; each must exist for the same game. */
    tables: array(id),
    cups: optional(array(CupSchema)),
    turns: optional(
      object({
        status: literal('complete', 'partial', 'missing'),
        count: optional(int(1, 500)),
        note: I18n,
      }),
    ),
    eventChits: optional(EventChitsSchema),
    victory: optional(VictorySchema),
    /**
     * The scenario's special rules that only the players can apply (map work), shown as reminders
     * where they matter: 'setup' on the first turn, 'barrage', 'directFire' and 'combat' beside those
     * forms (e.g. Kursk 18.4's off-map 2Art ranges).
     */
    reminders: optional(
      array(
        object({
          where: array(literal('setup', 'barrage', 'directFire', 'combat'), { min: 1, max: 4 }),
          text: I18n,
          rule: string({ min: 1 }),
          /** Where in the rulebook text (seed file line numbers). */
          lines: optional(string({ min: 1, max: 60 })),
          /** A box this special rule adds to the forms it stands beside (its input name in the game's procedure). */
          box: optional(string({ min: 1, max: 40 })),
        }),
      ),
    ),
    notes: optional(array(I18n)),
  }),
  checkScenarioIds,
);
export type ScenarioData = Infer<typeof ScenarioSchema>;
export type CupData = Infer<typeof CupSchema>;

/** Cross-file checks: scenarios name tables of their own game that exist; ids are unique. */
export function checkCatalog(
  games: readonly GameData[],
  tables: readonly TableData[],
  scenarios: readonly ScenarioData[],
): Issue[] {
  const issues: Issue[] = [];
  const gameIds = new Set(games.map((g) => g.id));
  const tableById = new Map<string, TableData>();
  for (const t of tables) {
    if (tableById.has(t.id)) issues.push(issue(`table ${t.id}`, 'duplicate-table'));
    tableById.set(t.id, t);
    if (!gameIds.has(t.game)) issues.push(issue(`table ${t.id}.game`, 'no-game', { game: t.game }));
  }
  const scenarioIds = new Set<string>();
  for (const s of scenarios) {
    if (scenarioIds.has(s.id)) issues.push(issue(`scenario ${s.id}`, 'duplicate-scenario'));
    scenarioIds.add(s.id);
    if (!gameIds.has(s.game)) issues.push(issue(`scenario ${s.id}.game`, 'no-game', { game: s.game }));
    s.tables.forEach((tid, k) => {
      const table = tableById.get(tid);
      if (!table) issues.push(issue(`scenario ${s.id}.tables[${k}]`, 'no-table', { table: tid }));
      else if (table.game !== s.game)
        issues.push(issue(`scenario ${s.id}.tables[${k}]`, 'table-game', { table: tid, game: table.game }));
    });
    const sides = new Set(games.find((g) => g.id === s.game)?.sides.map((x) => x.id) ?? []);
    s.cups?.forEach((cup, c) => {
      cup.chits.forEach((ch, k) => {
        if (ch.side && !sides.has(ch.side))
          issues.push(issue(`scenario ${s.id}.cups[${c}].chits[${k}].side`, 'no-side', { side: ch.side }));
      });
      if (cup.opening && !sides.has(cup.opening.side))
        issues.push(issue(`scenario ${s.id}.cups[${c}].opening.side`, 'no-side', { side: cup.opening.side }));
    });
    const named = [...(s.eventChits?.cups ?? []), ...(s.eventChits?.hands ?? []), ...(s.victory ? [s.victory] : [])];
    for (const x of named) if (!sides.has(x.side)) issues.push(issue(`scenario ${s.id}`, 'no-side', { side: x.side }));
  }
  return issues;
}
