/**
 * Charts typed in from the box: for a table whose shape the text does not give
 * (playerDefinesAxes), the players define its rows and columns as they are printed — die ranges
 * ("2-7", "8-12", "10", "≤3", "12+") on the rolled axis, odds ("3:1", "1-2") or differentials
 * ("+3", "-2..0", "≥7") on a CRT's columns — and, where the text is silent, the dice and what
 * happens beyond the CRT's ends. withPlayerChart() turns the definition into an ordinary table, so
 * it is rolled on, previewed and replayed exactly like a table from the text; chartProblems() says
 * what is wrong or still missing, as message keys with parameters.
 */
import { sumDistribution, type DiceSpec } from './dice';
import { EngineError } from './errors';
import type { AxisEntry, DiceSpecData, I18n, TableData } from './schema/data';
import { cellKey, effectiveCell, fillProgress, type EnteredCells, type ErrataMode } from './tables';

/** What happens beyond a CRT's end: the end column is used, or an automatic result. */
export type OffTableSetup = { readonly mode: 'clamp' } | { readonly mode: 'auto'; readonly result: string };

/** What the players defined for a table beyond its cells. */
export interface ChartSetup {
  /** Row / column keys the players added, as printed ("2-7", "3:1", "AT 4"). */
  readonly rows?: readonly string[];
  readonly columns?: readonly string[];
  /** Labels in both languages, by "rows|key" or "columns|key". */
  readonly labels?: Readonly<Record<string, I18n>>;
  /** The dice, when the text does not give them. */
  readonly dice?: DiceSpecData;
  /** A CRT's ends, when the text does not say. */
  readonly below?: OffTableSetup;
  readonly above?: OffTableSetup;
}

/** A chart as the players typed it in: its definition and its cells. */
export interface PlayerChart extends ChartSetup {
  readonly cells?: EnteredCells;
}

/** A problem with a chart, as a message key (src/ui/i18n/tables.ts) and its parameters. */
export interface ChartProblem {
  readonly key: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

export type ChartParsed<T> = { ok: true; value: T } | { ok: false; problem: ChartProblem };

const INT = '([+-]?\\d{1,4})';
const re = (s: string) => new RegExp(`^${s}$`, 'i');
const RANGE_FORMS: readonly [RegExp, (a: number, b: number) => { min?: number; max?: number }][] = [
  [re(INT), (a) => ({ min: a, max: a })],
  [re(`${INT}\\s*(?:-|–|—|\\.\\.|to|a)\\s*${INT}`), (a, b) => ({ min: a, max: b })],
  [re(`(?:≤|<=|=<)\\s*${INT}`), (a) => ({ max: a })],
  [re(`<\\s*${INT}`), (a) => ({ max: a - 1 })],
  [re(`${INT}\\s*(?:-|–|or less|o menos)`), (a) => ({ max: a })],
  [re(`(?:≥|>=|=>)\\s*${INT}`), (a) => ({ min: a })],
  [re(`>\\s*${INT}`), (a) => ({ min: a + 1 })],
  [re(`${INT}\\s*(?:\\+|or more|o más|o mas)`), (a) => ({ min: a })],
];

/** Parses a die range or a differential as printed: "2-7", "10", "≤3", "<=3", "12+", "-3..-1", "≥7". */
export function parseRange(text: string): ChartParsed<{ min?: number; max?: number }> {
  const trimmed = text.trim();
  for (const [rx, make] of RANGE_FORMS) {
    const match = rx.exec(trimmed);
    if (!match) continue;
    const range = make(Number(match[1]), Number(match[2]));
    if (range.min !== undefined && range.max !== undefined && range.min > range.max)
      return { ok: false, problem: { key: 'chart.range.reversed', params: { text: trimmed } } };
    return { ok: true, value: range };
  }
  return { ok: false, problem: { key: 'chart.range.syntax', params: { text: trimmed } } };
}

/** Parses odds as printed on a ratio CRT: "3:1", "3-1", "1:2", "3 to 2". */
export function parseOdds(text: string): ChartParsed<[number, number]> {
  const trimmed = text.trim();
  const match = /^(\d{1,3})\s*(?::|-|–|to|a)\s*(\d{1,3})$/i.exec(trimmed);
  if (!match) return { ok: false, problem: { key: 'chart.odds.syntax', params: { text: trimmed } } };
  const a = Number(match[1]),
    d = Number(match[2]);
  if (a < 1 || d < 1 || a > 100 || d > 100)
    return { ok: false, problem: { key: 'chart.odds.syntax', params: { text: trimmed } } };
  return { ok: true, value: [a, d] };
}

/** Parses "2d6", "1D10", "d6". */
export function parseChartDice(text: string): ChartParsed<DiceSpecData> {
  const match = /^(\d{0,2})\s*[dD]\s*(\d{1,3})$/.exec(text.trim());
  const count = match ? Number(match[1] || '1') : 0,
    sides = match ? Number(match[2]) : 0;
  if (!match || count < 1 || count > 20 || sides < 2 || sides > 100)
    return { ok: false, problem: { key: 'chart.dice.syntax', params: { text: text.trim() } } };
  return { ok: true, value: { n: count, sides } };
}

/** How an axis of this table is read: a rolled axis (ranges), ratio odds, differential ranges, or plain keys. */
export function axisKind(t: TableData, axis: 'rows' | 'columns'): 'range' | 'odds' | 'key' {
  if (t.roll?.axis === axis) return 'range';
  if (axis === 'columns' && t.odds) return t.odds.kind === 'ratio' ? 'odds' : 'range';
  return 'key';
}

/** Checks one key a player wants to add to an axis; the reason if it is refused. */
export function checkAxisKey(t: TableData, axis: 'rows' | 'columns', key: string): ChartProblem | undefined {
  const trimmed = key.trim();
  if (!trimmed) return { key: 'chart.key.empty' };
  if (trimmed.length > 40 || trimmed.includes('|')) return { key: 'chart.key.bad', params: { text: trimmed } };
  const kind = axisKind(t, axis);
  if (kind === 'range') {
    const range = parseRange(trimmed);
    return range.ok ? undefined : range.problem;
  }
  if (kind === 'odds') {
    const odds = parseOdds(trimmed);
    return odds.ok ? undefined : odds.problem;
  }
  return undefined;
}

function entryFor(t: TableData, axis: 'rows' | 'columns', key: string, label?: I18n): AxisEntry {
  const kind = axisKind(t, axis);
  const base = { key, ...(label ? { label } : {}) };
  if (kind === 'range') {
    const range = parseRange(key);
    return range.ok ? { ...base, ...range.value } : base;
  }
  if (kind === 'odds') {
    const odds = parseOdds(key);
    return odds.ok ? { ...base, odds: odds.value } : base;
  }
  return base;
}

const order = (kind: 'range' | 'odds' | 'key') => (a: AxisEntry, b: AxisEntry) => {
  if (kind === 'range') return (a.min ?? -Infinity) - (b.min ?? -Infinity) || (a.max ?? Infinity) - (b.max ?? Infinity);
  if (kind === 'odds' && a.odds && b.odds) return a.odds[0]! * b.odds[1]! - b.odds[0]! * a.odds[1]!;
  return 0;
};

/**
 * The table with the players' rows, columns, labels, dice and ends merged in: rows and columns in
 * their printed order (ranges and odds sorted), cells they typed read from `entered` as usual.
 * Tables whose shape the text gives are returned unchanged.
 */
export function withPlayerChart(t: TableData, chart?: ChartSetup): TableData {
  if (!t.playerDefinesAxes || !chart) return t;
  // The same table and definition give the same merged table, not an equal copy: a reader that
  // tells tables apart by identity (a tool that clears its choices for another table) would
  // otherwise see a new table on every render, and a chart typed in froze them in a loop (#28).
  let byChart = merged.get(t);
  if (!byChart) merged.set(t, (byChart = new WeakMap()));
  let chartTables = byChart.get(chart);
  if (!chartTables) byChart.set(chart, (chartTables = merge(t, chart)));
  return chartTables;
}

const merged = new WeakMap<TableData, WeakMap<ChartSetup, TableData>>();

function merge(t: TableData, chart: ChartSetup): TableData {
  const merge = (axis: 'rows' | 'columns') => {
    const own = t[axis].entries;
    // A definition read from a file is checked by shape here too (a step replays what it recorded).
    const keys: unknown[] = Array.isArray(chart[axis]) ? (chart[axis] as unknown[]) : [];
    const added = keys
      .filter((k): k is string => typeof k === 'string' && k.length > 0 && k.length <= 40)
      .filter((k, i, all) => !own.some((e) => e.key === k) && all.indexOf(k) === i)
      .map((k) => entryFor(t, axis, k, chart.labels?.[`${axis}|${k}`]));
    const kind = axisKind(t, axis);
    const entries = kind === 'key' ? [...own, ...added] : [...own, ...added].sort(order(kind));
    return { ...t[axis], entries };
  };
  const rows = merge('rows'),
    columns = merge('columns');
  // Printed cells keep their place; a player's row or column has no printed cell.
  const printed = (rk: string, ck: string) => {
    const row = t.rows.entries.findIndex((e) => e.key === rk),
      column = t.columns.entries.findIndex((e) => e.key === ck);
    return row >= 0 && column >= 0 ? (t.cells[row]?.[column] ?? null) : null;
  };
  const cells = rows.entries.map((r) => columns.entries.map((c) => printed(r.key, c.key)));
  const roll = t.roll && chart.dice ? { ...t.roll, dice: chart.dice } : t.roll;
  const odds =
    t.odds && (chart.below || chart.above)
      ? { ...t.odds, ...(chart.below ? { below: chart.below } : {}), ...(chart.above ? { above: chart.above } : {}) }
      : t.odds;
  return {
    ...t,
    rows,
    columns,
    cells,
    ...(roll ? { roll } : {}),
    ...(odds ? { odds } : {}),
  };
}

function rangeProblems(entries: readonly AxisEntry[], axis: 'rows' | 'columns', out: ChartProblem[]) {
  entries.forEach((e, k) => {
    if (e.min === undefined && e.max === undefined) return;
    if (e.min === undefined && k > 0) out.push({ key: 'chart.range.openBelow', params: { text: e.key, axis } });
    if (e.max === undefined && k < entries.length - 1)
      out.push({ key: 'chart.range.openAbove', params: { text: e.key, axis } });
    const prev = entries[k - 1];
    if (!prev || prev.max === undefined || e.min === undefined) return;
    if (e.min <= prev.max) out.push({ key: 'chart.range.overlap', params: { a: prev.key, b: e.key, axis } });
    else if (e.min > prev.max + 1)
      out.push({ key: 'chart.range.gap', params: { from: prev.max + 1, to: e.min - 1, a: prev.key, b: e.key, axis } });
  });
}

/**
 * What is wrong with, or still missing from, a table as the players defined it (empty when it
 * can be rolled on): malformed keys, overlapping or missing ranges, rolls of its dice that no row
 * covers, odds out of order, cells not yet typed in, values that are not among the table's codes.
 */
export function chartProblems(t0: TableData, chart?: PlayerChart): ChartProblem[] {
  const out: ChartProblem[] = [];
  const table = withPlayerChart(t0, chart);
  for (const axis of ['rows', 'columns'] as const) {
    const kind = axisKind(table, axis);
    for (const k of chart?.[axis] ?? []) {
      const problem = t0.playerDefinesAxes ? checkAxisKey(t0, axis, k) : undefined;
      if (problem) out.push(problem);
    }
    if (kind === 'range') rangeProblems(table[axis].entries, axis, out);
    if (kind === 'odds') {
      const es = table[axis].entries;
      for (let k = 1; k < es.length; k++) {
        const oddsBefore = es[k - 1]!.odds,
          b = es[k]!.odds;
        if (oddsBefore && b && oddsBefore[0]! * b[1]! === b[0]! * oddsBefore[1]!)
          out.push({ key: 'chart.odds.same', params: { a: es[k - 1]!.key, b: es[k]!.key } });
      }
    }
  }
  const needsRows = table.type !== 'reference' || table.rows.entries.length === 0;
  if (table.rows.entries.length === 0 && needsRows) out.push({ key: 'chart.missing.rows', params: { axis: 'rows' } });
  if (table.columns.entries.length === 0) out.push({ key: 'chart.missing.columns', params: { axis: 'columns' } });
  // Every roll of the dice must land on a row (modified rolls beyond the ends are refused when rolled).
  if (
    table.roll && table.roll.axis === 'rows' ? table.rows.entries.length : table.roll && table.columns.entries.length
  ) {
    const axis = table.roll!.axis;
    const es = table[axis].entries;
    const sums = [...sumDistribution(table.roll!.dice as DiceSpec).counts.keys()].sort((a, b) => a - b);
    const uncovered = sums.filter((v) => !es.some((e) => (e.min ?? -Infinity) <= v && v <= (e.max ?? Infinity)));
    if (uncovered.length && es.some((e) => e.min !== undefined || e.max !== undefined))
      out.push({ key: 'chart.range.uncovered', params: { rolls: uncovered.join(', '), axis } });
  }
  // Typed values must still be allowed (codes of the legend, numbers in range).
  for (const [key, v] of Object.entries(chart?.cells ?? {})) {
    if (table.values.kind === 'codes' && (typeof v !== 'string' || !table.legend?.[v]))
      out.push({
        key: 'chart.cell.code',
        params: { value: String(v), cell: key, codes: Object.keys(table.legend ?? {}).join(', ') },
      });
    if (table.values.kind === 'number' && (typeof v !== 'number' || v < table.values.min || v > table.values.max))
      out.push({
        key: 'chart.cell.number',
        params: { value: String(v), cell: key, min: table.values.min, max: table.values.max },
      });
  }
  for (const end of ['below', 'above'] as const) {
    const odds = chart?.[end];
    if (odds?.mode === 'auto' && table.values.kind === 'codes' && !table.legend?.[odds.result])
      out.push({
        key: 'chart.cell.code',
        params: { value: odds.result, cell: end, codes: Object.keys(table.legend ?? {}).join(', ') },
      });
  }
  const missing = missingCells(table, chart?.cells);
  if (missing.count && table.type !== 'reference')
    out.push({ key: 'chart.missing.cells', params: { n: missing.count, first: missing.first ?? '' } });
  return out;
}

function missingCells(t: TableData, entered?: EnteredCells): { count: number; first?: string } {
  let count = 0,
    first: string | undefined;
  t.rows.entries.forEach((r, i) =>
    t.columns.entries.forEach((c, j) => {
      if (effectiveCell(t, i, j, 'default', entered).value === null) {
        count++;
        first ??= `${r.label?.en ?? r.key} × ${c.label?.en ?? c.key}`;
      }
    }),
  );
  return { count, first };
}

/** Refuses to roll on a table that is not ready: the first problem, as an engine error the UI can say. */
export function assertChartReady(t0: TableData, chart?: PlayerChart): void {
  const problem = chartProblems(t0, chart).find((x) => x.key !== 'chart.missing.cells');
  if (problem) throw new EngineError('chart', { table: t0.id, key: problem.key, ...problem.params });
  const table = withPlayerChart(t0, chart);
  if (table.rows.entries.length === 0 || table.columns.entries.length === 0)
    throw new EngineError('chart', { table: t0.id, key: 'chart.missing.rows' });
}

/** The cell key of a row and column (re-exported for chart editors). */
export const chartCellKey = cellKey;

/** How much of a chart is typed in (see chartCompleteness). */
export interface ChartCompleteness {
  /** Cells with a value: printed, corrected by an erratum, or typed in. */
  readonly filled: number;
  /** Every cell of the chart's rows and columns (the players' included). */
  readonly total: number;
  /** Every cell is filled (a chart with no cells yet is not complete). */
  readonly complete: boolean;
}

/**
 * The one place that says whether a chart is complete: "n of m cells", and complete only when
 * every cell of its rows and columns has a value (#28 item 9: "0 of 8 cells filled in" was shown
 * beside "This chart is complete"). A chart whose rows and columns are set can be rolled on before
 * it is complete: a roll that lands on a cell not typed in asks for it (#31).
 */
export function chartCompleteness(t0: TableData, chart?: PlayerChart, mode: ErrataMode = 'default'): ChartCompleteness {
  const table = withPlayerChart(t0, chart);
  const { filled, total } = fillProgress(table, mode, chart?.cells);
  return { filled, total, complete: total > 0 && filled === total };
}
