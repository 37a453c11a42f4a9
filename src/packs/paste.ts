/**
 * A chart pasted as text (issue #32): rows of cells as copied from a PDF or typed from the printed
 * box, cells separated by tabs or by spaces. A first line of column keys ("1:2 1:1 2:1 3:1", with or
 * without a corner word such as "Die") and a first column of row keys ("1", "2", "3-4", "6+") are
 * recognised and set the table's axes; without them the paste must have the table's own size.
 * Every cell is read by the typed-chart cell parser (src/engine/charts.ts), so an unknown code is
 * refused with its line and position, never guessed. Pure: the pack editor shows the result for
 * confirmation before anything changes.
 */
import { checkAxisKey, parseCellInput, type TableData } from '../engine';

export type PasteProblem =
  | { readonly key: 'paste.empty' }
  | { readonly key: 'paste.ragged'; readonly line: number; readonly expected: number; readonly got: number }
  | {
      readonly key: 'paste.size';
      readonly expectedRows: number;
      readonly expectedColumns: number;
      readonly rows: number;
      readonly columns: number;
    }
  | {
      readonly key: 'paste.cell';
      readonly line: number;
      readonly column: number;
      readonly text: string;
      readonly reason: string;
      readonly allowed?: string;
    };

export interface PastedChart {
  /** Column keys from a header line, when the paste had one. */
  readonly columns?: readonly string[];
  /** Row keys from a first column, when the paste had one. */
  readonly rows?: readonly string[];
  /** The cells, row by row; null where a tab-separated cell was left blank. */
  readonly cells: readonly (readonly (string | number | null)[])[];
}

export type PasteResult = { ok: true; chart: PastedChart } | { ok: false; problems: readonly PasteProblem[] };

/** A line split into its cells: on tabs when it has any (blank cells kept), else on runs of spaces. */
function splitLine(line: string): string[] {
  if (line.includes('\t')) return line.split('\t').map((s) => s.trim());
  return line.trim().split(/\s+/);
}

const isCell = (t: TableData, s: string) => s === '' || parseCellInput(t, s).ok;
const isKey = (t: TableData, axis: 'rows' | 'columns', s: string) => s !== '' && !checkAxisKey(t, axis, s);

/** Reads a pasted chart against `table` (its kind of values, legend and axes). */
export function parsePastedChart(table: TableData, text: string): PasteResult {
  const lines = text
    .split(/\r?\n/)
    .map((raw, k) => ({ number: k + 1, cells: splitLine(raw) }))
    .filter((l) => l.cells.some((c) => c !== ''));
  if (!lines.length) return { ok: false, problems: [{ key: 'paste.empty' }] };

  // A header: every word a column key, and not every word a cell (so "1 2 3" in a numbers table is data).
  let header: string[] | undefined;
  const first = lines[0]!.cells.filter((c) => c !== '');
  const headerWords = (words: string[]) =>
    words.every((w) => isKey(table, 'columns', w)) && !words.every((w) => isCell(table, w));
  const same = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && a.every((w, k) => w.toLowerCase() === b[k]!.toLowerCase());
  const columnKeys = table.columns.entries.map((e) => e.key);
  // A corner word naming the rows ("Die", "Terrain") says the line is a header, whatever its words.
  const corner = [table.rows.label.en, table.rows.label.es].some((l) => l.toLowerCase() === first[0]?.toLowerCase());
  if (lines.length > 1) {
    if (same(first, columnKeys) || headerWords(first)) header = first;
    else if (first.length > 1 && (corner || same(first.slice(1), columnKeys) || headerWords(first.slice(1))))
      header = first.slice(1);
  }
  const data = header ? lines.slice(1) : lines;

  // Row keys: every line's first word a row key, and the lines one word longer than the header
  // (or than the table's columns), or that first word is not a cell.
  const width = header?.length ?? table.columns.entries.length;
  const keyed =
    data.length > 0 &&
    data.every((l) => isKey(table, 'rows', l.cells[0]!)) &&
    (data.every((l) => l.cells.length === width + 1) || data.some((l) => !isCell(table, l.cells[0]!)));
  const rows = keyed ? data.map((l) => l.cells[0]!) : undefined;
  const body = data.map((l) => ({ number: l.number, cells: keyed ? l.cells.slice(1) : l.cells }));

  const problems: PasteProblem[] = [];
  const expected = header?.length ?? body[0]?.cells.length ?? 0;
  for (const l of body)
    if (l.cells.length !== expected)
      problems.push({ key: 'paste.ragged', line: l.number, expected, got: l.cells.length });
  if (problems.length) return { ok: false, problems };

  if (!header && !keyed) {
    const er = table.rows.entries.length,
      ec = table.columns.entries.length;
    if (body.length !== er || expected !== ec)
      return {
        ok: false,
        problems: [{ key: 'paste.size', expectedRows: er, expectedColumns: ec, rows: body.length, columns: expected }],
      };
  }

  const cells = body.map((l) =>
    l.cells.map((s, j) => {
      if (s === '') return null;
      const r = parseCellInput(table, s);
      if (r.ok) return r.value;
      problems.push({
        key: 'paste.cell',
        line: l.number,
        column: j + 1,
        text: s,
        reason: r.reason,
        ...(r.allowed ? { allowed: r.allowed } : {}),
      });
      return null;
    }),
  );
  if (problems.length) return { ok: false, problems };
  return { ok: true, chart: { ...(header ? { columns: header } : {}), ...(rows ? { rows } : {}), cells } };
}
