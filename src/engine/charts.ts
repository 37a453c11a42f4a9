/**
 * Chart entry: values players type in from a printed chart that the rulebook text lacks.
 * Each value is checked against what the table allows (a result code of its legend, or a number
 * in range); chart packs are exported and imported as JSON and validated whole before use.
 */
import { array, int, literal, object, optional, record, string, union, number, type Issue } from './schema/guard';
import { parseBounded } from './session-file';
import { issue, withMessages } from './issue-text';
import { DiceSpecSchema, I18n, type TableData } from './schema/data';
import type { EnteredCells } from './tables';
import { checkAxisKey, type ChartSetup } from './player-charts';

export const CHART_PACK_FORMAT = 1;

/** Bounds on a chart pack: its size, its tables, and the cells of one table (a 200 × 200 table at most). */
export const PACK_LIMITS = { chars: 4 * 1024 * 1024, depth: 8, charts: 500, cells: 40_000 } as const;

/** Parses what a player typed into a cell; returns the value or a reason it is refused. */
export function parseCellInput(
  t: TableData,
  text: string,
): { ok: true; value: string | number } | { ok: false; reason: string; allowed?: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, reason: 'empty' };
  if (t.values.kind === 'number') {
    if (!/^[+-]?\d+$/.test(trimmed))
      return { ok: false, reason: 'not-a-number', allowed: `${t.values.min}–${t.values.max}` };
    const value = Number(trimmed);
    if (value < t.values.min || value > t.values.max)
      return { ok: false, reason: 'out-of-range', allowed: `${t.values.min}–${t.values.max}` };
    return { ok: true, value };
  }
  if (t.values.kind === 'codes') {
    const codes = Object.keys(t.legend ?? {});
    const hit = codes.find((c) => c.toLowerCase() === trimmed.toLowerCase());
    return hit ? { ok: true, value: hit } : { ok: false, reason: 'unknown-code', allowed: codes.join(', ') };
  }
  return trimmed.length > 80 ? { ok: false, reason: 'too-long' } : { ok: true, value: trimmed };
}

export interface ChartEntry extends ChartSetup {
  readonly table: string;
  readonly cells: EnteredCells;
}

/** The definition part of a stored or imported chart (everything but its cells). */
export function setupOf(c: ChartSetup): ChartSetup {
  const out: { -readonly [K in keyof ChartSetup]: ChartSetup[K] } = {};
  if (c.rows?.length) out.rows = c.rows;
  if (c.columns?.length) out.columns = c.columns;
  if (c.labels && Object.keys(c.labels).length) out.labels = c.labels;
  if (c.dice) out.dice = c.dice;
  if (c.below) out.below = c.below;
  if (c.above) out.above = c.above;
  return out;
}

const OffTableSetupSchema = union(
  object({ mode: literal('clamp') }),
  object({ mode: literal('auto'), result: string({ min: 1, max: 40 }) }),
);

export interface ChartPack {
  readonly app: 'wargame-companion';
  readonly kind: 'chart-pack';
  readonly format: number;
  readonly game: string;
  readonly charts: readonly ChartEntry[];
}

const PackSchema = object({
  app: literal('wargame-companion'),
  kind: literal('chart-pack'),
  format: int(1, CHART_PACK_FORMAT),
  game: string({ min: 1 }),
  charts: array(
    object({
      table: string({ min: 1 }),
      cells: record(union(string({ max: 80 }), number()), { maxKeys: PACK_LIMITS.cells, maxKeyLength: 81 }),
      rows: optional(array(string({ min: 1, max: 40 }), { max: 200 })),
      columns: optional(array(string({ min: 1, max: 40 }), { max: 200 })),
      labels: optional(record(I18n)),
      dice: optional(DiceSpecSchema),
      below: optional(OffTableSetupSchema),
      above: optional(OffTableSetupSchema),
    }),
    { max: PACK_LIMITS.charts },
  ),
});

/** The row and column keys of a table: its own, or the ones the player defined. */
export function axesOf(
  t: TableData,
  entry?: Pick<ChartEntry, 'rows' | 'columns'>,
): { rows: string[]; columns: string[] } {
  const rows = t.rows.entries.map((e) => e.key);
  const columns = t.columns.entries.map((e) => e.key);
  if (!t.playerDefinesAxes) return { rows, columns };
  return {
    rows: [...rows, ...(entry?.rows ?? []).filter((r) => !rows.includes(r))],
    columns: [...columns, ...(entry?.columns ?? []).filter((c) => !columns.includes(c))],
  };
}

/**
 * Checks a chart pack against the game's tables: every cell must be a cell the text lacks, with an
 * allowed value. The values are returned as a typed-in cell stores them (" 3 " → 3, "dr" → "DR").
 */
export function readChartPack(
  text: string,
  game: string,
  tables: ReadonlyMap<string, TableData>,
): { ok: true; pack: ChartPack } | { ok: false; issues: Issue[] } {
  const checked = checkChartPack(text, game, tables);
  return checked.ok ? checked : { ok: false, issues: withMessages(checked.issues) };
}

function checkChartPack(
  text: string,
  game: string,
  tables: ReadonlyMap<string, TableData>,
): { ok: true; pack: ChartPack } | { ok: false; issues: Issue[] } {
  const parsed = parseBounded(text, PACK_LIMITS);
  if (!parsed.ok) return parsed;
  const issues: Issue[] = [];
  if (!PackSchema.check(parsed.value, '$', issues)) return { ok: false, issues };
  const pack = parsed.value as ChartPack;
  const charts: ChartEntry[] = [];
  if (pack.game !== game) return { ok: false, issues: [issue('$.game', 'pack-game', { pack: pack.game, game })] };
  pack.charts.forEach((c, k) => {
    const table = tables.get(c.table);
    if (!table) {
      issues.push(issue(`$.charts[${k}].table`, 'no-table', { table: c.table }));
      return;
    }
    if ((c.rows?.length || c.columns?.length || c.dice || c.below || c.above) && !table.playerDefinesAxes)
      issues.push(issue(`$.charts[${k}]`, 'fixed-axes'));
    for (const axis of ['rows', 'columns'] as const)
      (c[axis] ?? []).forEach((key, j) => {
        const problem = table.playerDefinesAxes ? checkAxisKey(table, axis, key) : undefined;
        if (problem)
          issues.push(
            issue(`$.charts[${k}].${axis}[${j}]`, 'axis-label', { ...problem.params, value: key, key: problem.key }),
          );
      });
    const { rows, columns } = axesOf(table, c);
    const cells: Record<string, string | number> = {};
    charts.push({ ...c, cells });
    for (const [key, v] of Object.entries(c.cells)) {
      const [r, col] = key.split('|');
      const ri = rows.indexOf(r ?? ''),
        ci = columns.indexOf(col ?? '');
      if (ri < 0 || ci < 0) {
        issues.push(issue(`$.charts[${k}].cells.${key}`, 'no-cell'));
        continue;
      }
      if (ri < table.rows.entries.length && ci < table.columns.entries.length && table.cells[ri]?.[ci] !== null)
        issues.push(issue(`$.charts[${k}].cells.${key}`, 'printed-cell'));
      const parsed = parseCellInput(table, String(v));
      if (!parsed.ok)
        issues.push(
          issue(`$.charts[${k}].cells.${key}`, parsed.allowed ? 'cell-value-allowed' : 'cell-value', {
            value: JSON.stringify(v),
            reason: parsed.reason,
            ...(parsed.allowed ? { allowed: parsed.allowed } : {}),
          }),
        );
      else cells[key] = parsed.value;
    }
  });
  return issues.length ? { ok: false, issues } : { ok: true, pack: { ...pack, charts } };
}

export function makeChartPack(game: string, charts: readonly ChartEntry[]): ChartPack {
  return { app: 'wargame-companion', kind: 'chart-pack', format: CHART_PACK_FORMAT, game, charts };
}
