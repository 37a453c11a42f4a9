/**
 * Tables as data: 1-D and 2-D roll tables, and combat results tables (CRTs) whose column comes
 * from an odds ratio or a differential, with the rounding rule per table, column shifts with caps
 * and automatic results beyond either end. Every resolution returns a structured explanation.
 */
import { ERRATA_MODES } from './modes';
import { type DiceRoll, type DiceSpec, type SumDistribution, sumDistribution } from './dice';
import { EngineError } from './errors';
import type { AxisEntry, I18n, TableData } from './schema/data';

export type Cell = string | number | null;
/** How suspected errata are applied: strictly as printed, as printed but with undefined values corrected (default), or every suggestion. */
export type ErrataMode = (typeof ERRATA_MODES)[number];
export { ERRATA_MODES };
/** Cells a player typed in from the printed chart, by "row|column" key. */
export type EnteredCells = Readonly<Record<string, string | number>>;

export const cellKey = (row: string, column: string) => `${row}|${column}`;

export interface EffectiveCell {
  readonly value: Cell;
  /** Where the value comes from. */
  readonly origin: 'printed' | 'erratum' | 'entered' | 'missing';
  readonly erratumId?: string;
  readonly printed?: Cell;
}

/** The cell as the game's settings say to read it. */
export function effectiveCell(
  t: TableData,
  r: number,
  c: number,
  mode: ErrataMode,
  entered?: EnteredCells,
): EffectiveCell {
  const row = t.rows.entries[r],
    col = t.columns.entries[c];
  if (!row || !col) throw new EngineError('no-column', { table: t.id });
  const printed = t.cells[r]?.[c] ?? null;
  const erratum = t.errata?.find((x) => x.row === row.key && x.column === col.key);
  if (erratum && (mode === 'corrected' || (mode === 'default' && erratum.correctedByDefault)))
    return { value: erratum.suggested, origin: 'erratum', erratumId: erratum.id, printed };
  if (printed === null) {
    const typed = entered?.[cellKey(row.key, col.key)];
    return typed === undefined ? { value: null, origin: 'missing' } : { value: typed, origin: 'entered' };
  }
  return { value: printed, origin: 'printed' };
}

/** A die-roll modifier applied to one resolution, with where it comes from. */
export interface Modifier {
  readonly value: number;
  readonly label: I18n | string;
  readonly rule?: string;
}

/** A column shift: positive moves toward the attacker's better odds (right), negative left. */
export interface Shift {
  readonly amount: number;
  readonly label: I18n | string;
  readonly rule?: string;
  /** Shifts of one group are capped together (e.g. "at most one KG shift"). */
  readonly group?: string;
}
export interface ShiftCap {
  readonly group: string;
  readonly max: number;
  readonly rule?: string;
}

export interface AppliedShift extends Shift {
  readonly applied: number;
}

export interface RollStep {
  readonly dice: DiceRoll;
  readonly modifiers: readonly Modifier[];
  /** Sum of the dice plus every modifier. */
  readonly modified: number;
  /** Set when the modified roll was moved to the table's end. */
  readonly clamped?: { readonly from: number; readonly to: number; readonly rule: string };
  /** The roll used to enter the table. */
  readonly final: number;
}

export interface OddsStep {
  readonly kind: 'ratio' | 'differential';
  readonly attack: number;
  readonly defence: number;
  readonly rounding: 'attacker' | 'defender';
  /** e.g. "7:3" → computed 2.33; the column it rounds to before shifts. */
  readonly quotient: number;
  readonly difference: number;
  readonly before: ColumnPosition;
  readonly shifts: readonly AppliedShift[];
  readonly netShift: number;
  readonly after: ColumnPosition;
  readonly rule: string;
}

/** A column, or beyond the table's left ('below') or right ('above') end. */
export type ColumnPosition =
  | { readonly at: 'column'; readonly index: number; readonly key: string }
  | { readonly at: 'below' | 'above'; readonly key: string; readonly auto?: string };

export interface Resolution {
  readonly tableId: string;
  readonly rule: string;
  readonly odds?: OddsStep;
  /** Absent for automatic results, which need no roll. */
  readonly roll?: RollStep;
  readonly row?: string;
  readonly column?: string;
  readonly cell: EffectiveCell;
  /** The result code or value; with its legend entry when it has one. */
  readonly result: string | number;
  readonly name?: I18n;
  readonly effect?: I18n;
  readonly automatic?: boolean;
}

// ---------------------------------------------------------------- 1-D and 2-D roll tables

const inRange = (e: AxisEntry, v: number) => (e.min === undefined || v >= e.min) && (e.max === undefined || v <= e.max);

/** Adds the modifiers and applies the table's clamp, if the text gives one. */
export function modifyRoll(t: TableData, dice: DiceRoll, modifiers: readonly Modifier[]): RollStep {
  for (const m of modifiers)
    if (!Number.isInteger(m.value))
      throw new EngineError('bad-action', { field: 'modifier' }, 'A modifier is a whole number');
  const modified = dice.total + modifiers.reduce((a, m) => a + m.value, 0);
  const clamp = t.roll?.clamp;
  if (clamp && (modified < clamp.min || modified > clamp.max)) {
    const to = Math.min(clamp.max, Math.max(clamp.min, modified));
    return { dice, modifiers, modified, clamped: { from: modified, to, rule: clamp.rule }, final: to };
  }
  return { dice, modifiers, modified, final: modified };
}

/** The index on the rolled axis for a final roll, or -1. */
export function rollIndex(t: TableData, final: number): number {
  const axis = t.roll?.axis === 'columns' ? t.columns : t.rows;
  return axis.entries.findIndex((e) => inRange(e, final));
}

/**
 * A table with no rows or no columns yet (a chart the players have not typed in) is refused with a
 * message that says what is missing, before anything else looks at it.
 */
export function assertHasAxes(t: TableData): void {
  if (t.rows.entries.length === 0)
    throw new EngineError('chart', { table: t.id, key: 'chart.missing.rows' }, `${t.id} has no rows yet`);
  if (t.columns.entries.length === 0)
    throw new EngineError('chart', { table: t.id, key: 'chart.missing.columns' }, `${t.id} has no columns yet`);
}

/** Adds the legend's name and effect to a resolution (assigned, not spread: spreads cost 30× on this hot path). */
function described(t: TableData, r: { -readonly [K in keyof Resolution]: Resolution[K] }): Resolution {
  const legend = typeof r.result === 'string' ? t.legend?.[r.result] : undefined;
  if (legend) {
    r.name = legend.name;
    if (legend.effect) r.effect = legend.effect;
  }
  return r;
}

function readCell(t: TableData, r: number, c: number, mode: ErrataMode, entered?: EnteredCells) {
  const cell = effectiveCell(t, r, c, mode, entered);
  if (cell.value === null)
    throw new EngineError('table-incomplete', {
      table: t.id,
      row: t.rows.entries[r]!.key,
      column: t.columns.entries[c]!.key,
    });
  return cell;
}

export interface LookupOptions {
  readonly errata?: ErrataMode;
  readonly entered?: EnteredCells;
  /** The key on the axis that is not rolled (e.g. the turn); defaults to the only entry. */
  readonly other?: string;
}

function otherIndex(t: TableData, other: string | undefined): number {
  const axis = t.roll?.axis === 'columns' ? t.rows : t.columns;
  if (other === undefined) {
    if (axis.entries.length === 1) return 0;
    throw new EngineError('unknown-row', { table: t.id, key: '' }, `Choose a ${axis.label.en.toLowerCase()} first`);
  }
  const index = axis.entries.findIndex((e) => e.key === other);
  if (index < 0) throw new EngineError('unknown-row', { table: t.id, key: other });
  return index;
}

/** Looks a roll up in a 1-D or 2-D roll table. */
export function resolveRoll(
  t: TableData,
  dice: DiceRoll,
  modifiers: readonly Modifier[],
  opts: LookupOptions = {},
): Resolution {
  if (!t.roll) throw new EngineError('unknown-table', { table: t.id }, `${t.id} is not rolled on`);
  assertHasAxes(t);
  const roll = modifyRoll(t, dice, modifiers);
  const rowIndex = rollIndex(t, roll.final);
  if (rowIndex < 0) throw new EngineError('off-table', { table: t.id, roll: roll.final });
  const otherAt = otherIndex(t, opts.other);
  const [r, c] = t.roll.axis === 'rows' ? [rowIndex, otherAt] : [otherAt, rowIndex];
  const cell = readCell(t, r, c, opts.errata ?? 'default', opts.entered);
  return described(t, {
    tableId: t.id,
    rule: t.rule,
    roll,
    row: t.rows.entries[r]!.key,
    column: t.columns.entries[c]!.key,
    cell,
    result: cell.value!,
  });
}

// ---------------------------------------------------------------- combat results tables

/** The odds one step beyond a column (used for the off-table ends): 7:1 → 8:1, 1:2 → 1:3, 3:2 → 2:2… */
function beyond(o: readonly number[], dir: 1 | -1): [number, number] {
  const [a, d] = [o[0]!, o[1]!];
  if (dir === 1) return d === 1 ? [a + 1, 1] : [a, d - 1];
  return a === 1 ? [1, d + 1] : [a - 1, d];
}
const fmtOdds = (o: readonly number[]) => `${o[0]}:${o[1]}`;

function validStrength(v: unknown, name: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0 || v > 1e6)
    throw new EngineError('strength', { which: name, value: String(v) });
  return v;
}

/** How far beyond an end the odds are followed (any shift is far smaller). */
const MAX_BEYOND = 1000;

/**
 * Column for the strengths, before shifts, by the table's rounding rule. Beyond either end the
 * odds progression continues virtually (7:1 → 8:1 → 9:1…, 1:2 → 1:3 → 1:4…), so the position
 * says how far off the table the odds are: -1, -2… below, n, n+1… above. Shifts then move from
 * there ("final odds" rules such as Breakout 13.8.1), and tables whose ends clamp are clamped
 * before the shifts (see combatColumn).
 */
export function oddsColumn(t: TableData, attack: number, defence: number): { position: number; quotient: number } {
  const odds = t.odds;
  if (!odds) throw new EngineError('unknown-table', { table: t.id }, `${t.id} is not a combat results table`);
  // Without columns the odds progression has nothing to continue from (it used to recurse forever).
  assertHasAxes(t);
  attack = validStrength(attack, 'attack');
  defence = validStrength(defence, 'defence');
  const cols = t.columns.entries;
  const count = cols.length;
  if (cols.some((c) => odds.kind === 'ratio' && !c.odds))
    throw new EngineError('chart', { table: t.id, key: 'chart.odds.syntax', text: cols.find((c) => !c.odds)!.key });
  if (odds.kind === 'differential') {
    // Column ranges are whole numbers: a fractional difference is rounded by the table's rule first.
    const diff = odds.rounding === 'defender' ? Math.floor(attack - defence) : Math.ceil(attack - defence);
    const index = cols.findIndex((e) => inRange(e, diff));
    if (index >= 0) return { position: index, quotient: diff };
    return { position: cols[0]!.min !== undefined && diff < cols[0]!.min ? -1 : count, quotient: diff };
  }
  const ratio = attack / defence;
  // Cross-multiplied comparisons keep exact arithmetic: a:d ≤ A:D  ⇔  a·D ≤ A·d.
  const le = (o: readonly number[]) => o[0]! * defence <= attack * o[1]!;
  const ge = (o: readonly number[]) => o[0]! * defence >= attack * o[1]!;
  // The odds of column p, continuing the progression past either end.
  const memo = new Map<number, readonly number[]>();
  const at = (p: number): readonly number[] => {
    if (p >= 0 && p < count) return cols[p]!.odds!;
    let memoized = memo.get(p);
    if (!memoized) {
      memoized = p < 0 ? beyond(at(p + 1), -1) : beyond(at(p - 1), 1);
      memo.set(p, memoized);
    }
    return memoized;
  };
  if (odds.rounding === 'defender') {
    // The highest column at or below the true odds.
    if (le(at(count - 1))) {
      let p = count - 1;
      while (p < count - 1 + MAX_BEYOND && le(at(p + 1))) p++;
      return { position: p, quotient: ratio };
    }
    for (let p = count - 2; p >= 0; p--) if (le(at(p))) return { position: p, quotient: ratio };
    let p = -1;
    while (p > -MAX_BEYOND && !le(at(p))) p--;
    return { position: p, quotient: ratio };
  }
  // attacker: the lowest column at or above the true odds ("rounded up").
  if (ge(at(0))) {
    let p = 0;
    while (p > -MAX_BEYOND && ge(at(p - 1))) p--;
    return { position: p, quotient: ratio };
  }
  for (let p = 1; p < count; p++) if (ge(at(p))) return { position: p, quotient: ratio };
  let p = count;
  while (p < count - 1 + MAX_BEYOND && !ge(at(p))) p++;
  return { position: p, quotient: ratio };
}

/** Applies the shifts, each group capped, and returns the net shift. */
export function applyShifts(
  shifts: readonly Shift[],
  caps: readonly ShiftCap[] = [],
): { applied: AppliedShift[]; net: number } {
  const used = new Map<string, number>();
  const applied = shifts.map((s) => {
    if (!Number.isInteger(s.amount))
      throw new EngineError('bad-action', { field: 'shift' }, 'A column shift is a whole number');
    const cap = s.group === undefined ? undefined : caps.find((c) => c.group === s.group);
    if (!cap) return { ...s, applied: s.amount };
    const so = used.get(cap.group) ?? 0;
    const next = Math.max(-cap.max, Math.min(cap.max, so + s.amount));
    used.set(cap.group, next);
    return { ...s, applied: next - so };
  });
  return { applied, net: applied.reduce((a, s) => a + s.applied, 0) };
}

function position(t: TableData, p: number): ColumnPosition {
  const cols = t.columns.entries;
  const odds = t.odds!;
  if (p < 0 || p >= cols.length) {
    const end = p < 0 ? odds.below : odds.above;
    const at = p < 0 ? 'below' : 'above';
    if (end.mode === 'clamp') {
      const k = p < 0 ? 0 : cols.length - 1;
      return { at: 'column', index: k, key: cols[k]!.key };
    }
    const edge = (p < 0 ? cols[0] : cols[cols.length - 1])!;
    const key =
      end.label ?? (edge.odds ? `${p < 0 ? '<' : '>'} ${fmtOdds(edge.odds)}` : `${p < 0 ? '<' : '>'} ${edge.key}`);
    return { at, key, auto: end.result };
  }
  return { at: 'column', index: p, key: cols[p]!.key };
}

export interface CombatInput {
  readonly attack: number;
  readonly defence: number;
  readonly shifts?: readonly Shift[];
  readonly caps?: readonly ShiftCap[];
  readonly modifiers?: readonly Modifier[];
}

/** Everything about a combat that is known before the dice: the odds and the column. */
export function combatColumn(t: TableData, input: CombatInput): OddsStep {
  const { position: raw, quotient } = oddsColumn(t, input.attack, input.defence);
  const last = t.columns.entries.length - 1;
  // An end that clamps caps the odds to the table before any shift; an automatic end keeps the distance.
  const p0 = raw < 0 && t.odds!.below.mode === 'clamp' ? 0 : raw > last && t.odds!.above.mode === 'clamp' ? last : raw;
  const { applied, net } = applyShifts(input.shifts ?? [], input.caps ?? []);
  return {
    kind: t.odds!.kind,
    attack: input.attack,
    defence: input.defence,
    rounding: t.odds!.rounding,
    quotient,
    difference: input.attack - input.defence,
    before: position(t, p0),
    shifts: applied,
    netShift: net,
    after: position(t, p0 + net),
    rule: t.odds!.rule,
  };
}

/** Resolves a combat: odds → column (shifted) → roll (modified, clamped) → cell → effect. */
export function resolveCombat(
  t: TableData,
  input: CombatInput,
  dice: DiceRoll | undefined,
  opts: LookupOptions = {},
): Resolution {
  const odds = combatColumn(t, input);
  if (odds.after.at !== 'column') {
    const result = odds.after.auto!;
    return described(t, {
      tableId: t.id,
      rule: t.rule,
      odds,
      column: odds.after.key,
      cell: { value: result, origin: 'printed' },
      result,
      automatic: true,
    });
  }
  if (!dice) throw new EngineError('bad-action', { field: 'dice' }, 'This result needs a roll');
  const roll = modifyRoll(t, dice, input.modifiers ?? []);
  const rowIndex = rollIndex(t, roll.final);
  if (rowIndex < 0) throw new EngineError('off-table', { table: t.id, roll: roll.final });
  const cell = readCell(t, rowIndex, odds.after.index, opts.errata ?? 'default', opts.entered);
  return described(t, {
    tableId: t.id,
    rule: t.rule,
    odds,
    column: odds.after.key,
    roll,
    row: t.rows.entries[rowIndex]!.key,
    cell,
    result: cell.value!,
  });
}

// ---------------------------------------------------------------- exact distributions

export interface Distribution {
  /** Result → number of equally likely outcomes giving it (exact integers). */
  readonly counts: ReadonlyMap<string | number, number>;
  readonly outcomes: number;
  /**
   * Outcomes that land on a cell the text does not give and nobody typed in yet (#31): not among
   * `counts`. A roll that lands there asks for the cell from the printed chart, then resolves.
   */
  readonly unknown?: number;
}

/** Whether an error is a roll landing on a cell neither printed nor typed in (counted as unknown, asked for when rolled). */
export const isUnknownCell = (e: unknown): e is EngineError =>
  e instanceof EngineError && e.code === 'table-incomplete';

/** The distribution with `unknown` set only when some outcomes are unknown. */
const withUnknown = (counts: Map<string | number, number>, outcomes: number, unknown: number): Distribution =>
  unknown ? { counts, outcomes, unknown } : { counts, outcomes };

export const probability = (d: Distribution, result: string | number) => (d.counts.get(result) ?? 0) / d.outcomes;

/** Mixes distributions with integer weights (e.g. over the event chits that may be drawn). */
export function mixDistributions(parts: readonly { weight: number; dist: Distribution }[]): Distribution {
  const counts = new Map<string | number, number>();
  let outcomes = 0;
  // Bring every part to a common denominator: weight_i · (L / outcomes_i).
  const lcm = parts.reduce((l, p) => lcmOf(l, p.dist.outcomes), 1);
  let unknown = 0;
  for (const { weight, dist } of parts) {
    const factor = weight * (lcm / dist.outcomes);
    outcomes += weight * lcm;
    unknown += (dist.unknown ?? 0) * factor;
    for (const [k, c] of dist.counts) counts.set(k, (counts.get(k) ?? 0) + c * factor);
  }
  return withUnknown(counts, outcomes, unknown);
}
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const lcmOf = (a: number, b: number) => (a / gcd(a, b)) * b;

/**
 * Exact distribution of a table's results for these dice and modifiers (enumeration, not sampling).
 * sums: the distribution of the dice's total, when it is not every combination alike (a deck, deck.ts).
 */
export function rollDistribution(
  t: TableData,
  spec: DiceSpec,
  modifiers: readonly Modifier[],
  opts: LookupOptions = {},
  sums: SumDistribution = sumDistribution(spec),
): Distribution {
  const counts = new Map<string | number, number>();
  let unknown = 0;
  for (const [total, c] of sums.counts) {
    const fake: DiceRoll = { spec, dice: [], total, manual: false };
    let r: Resolution;
    try {
      r = resolveRoll(t, fake, modifiers, opts);
    } catch (e) {
      if (!isUnknownCell(e)) throw e;
      unknown += c;
      continue;
    }
    counts.set(r.result, (counts.get(r.result) ?? 0) + c);
  }
  return withUnknown(counts, sums.outcomes, unknown);
}

/** Exact distribution of a combat's results; an automatic result has probability 1. */
export function combatDistribution(
  t: TableData,
  input: CombatInput,
  spec: DiceSpec,
  opts: LookupOptions = {},
  sums: SumDistribution = sumDistribution(spec),
): Distribution {
  const col = combatColumn(t, input);
  if (col.after.at !== 'column') return { counts: new Map([[col.after.auto!, 1]]), outcomes: 1 };
  return columnDistribution(t, col.after.index, input.modifiers ?? [], sums, opts);
}

/** Exact distribution of the results in one column of a CRT for these dice (their totals' distribution) and modifiers. */
function columnDistribution(
  t: TableData,
  column: number,
  modifiers: readonly Modifier[],
  sums: SumDistribution,
  opts: LookupOptions,
): Distribution {
  const counts = new Map<string | number, number>();
  const mods = modifiers.reduce((a, m) => a + m.value, 0);
  const clamp = t.roll?.clamp;
  let unknown = 0;
  for (const [total, c] of sums.counts) {
    let value = total + mods;
    if (clamp) value = Math.min(clamp.max, Math.max(clamp.min, value));
    const rowIndex = rollIndex(t, value);
    if (rowIndex < 0) throw new EngineError('off-table', { table: t.id, roll: value });
    const cell = effectiveCell(t, rowIndex, column, opts.errata ?? 'default', opts.entered);
    if (cell.value === null) unknown += c;
    else counts.set(cell.value, (counts.get(cell.value) ?? 0) + c);
  }
  return withUnknown(counts, sums.outcomes, unknown);
}

/**
 * The exact chances a rolled resolution had before its roll, read from the resolution itself (its
 * column after shifts, or the other axis's key, and its modifiers): how a game procedure's table
 * read is counted in the luck view. Undefined for an automatic result (no roll).
 */
export function resolutionDistribution(
  t: TableData,
  r: Resolution,
  sums: SumDistribution,
  opts: Omit<LookupOptions, 'other'> = {},
): Distribution | undefined {
  if (r.automatic || !r.roll) return undefined;
  if (r.odds)
    return r.odds.after.at === 'column'
      ? columnDistribution(t, r.odds.after.index, r.roll.modifiers, sums, opts)
      : undefined;
  const other = t.roll?.axis === 'columns' ? r.row : r.column;
  return rollDistribution(t, r.roll.dice.spec, r.roll.modifiers, { ...opts, other }, sums);
}

/** Counts of filled and total cells (for chart entry progress: "12 of 77 cells"). */
export function fillProgress(
  t: TableData,
  mode: ErrataMode,
  entered?: EnteredCells,
): { filled: number; total: number } {
  let filled = 0,
    total = 0;
  t.rows.entries.forEach((_, r) =>
    t.columns.entries.forEach((_, c) => {
      total++;
      if (effectiveCell(t, r, c, mode, entered).value !== null) filled++;
    }),
  );
  return { filled, total };
}
