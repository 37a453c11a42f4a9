/**
 * A chart in every state a player can leave it in (issue #28: "no tool can hang or throw on a chart
 * in any state"): nothing typed in, rows only, columns only, rows and columns with no cell, some
 * cells, every cell. For a chart whose shape the text gives, only its missing cells vary. Pure data,
 * shared by the engine's readers (run in a worker with a time limit) and the tools (happy-dom).
 */
import { withPlayerChart, type PlayerChart, type TableData } from '../../../src/engine';

export interface ChartState {
  readonly name: 'empty' | 'rows only' | 'columns only' | 'rows and columns' | 'some cells' | 'complete';
  readonly chart: PlayerChart;
}

/** A value the table allows, for filling its cells. */
export const allowedValue = (tb: TableData): string | number =>
  tb.values.kind === 'codes'
    ? Object.keys(tb.legend ?? { X: 0 })[0]!
    : tb.values.kind === 'number'
      ? tb.values.min
      : 'x';

/** Rows and columns players could type in: ranges covering the dice on a rolled axis, odds on ratio columns. */
export function definition(tb: TableData): { rows: string[]; columns: string[] } {
  const d = tb.roll?.dice;
  const lo = d ? d.n : 1,
    hi = d && 'sides' in d ? d.n * d.sides : 6;
  const mid = Math.floor((lo + hi) / 2);
  const axis = (which: 'rows' | 'columns') =>
    !tb.playerDefinesAxes || tb[which].entries.length
      ? []
      : tb.roll?.axis === which
        ? [`≤${mid}`, `${mid + 1}+`]
        : which === 'columns' && tb.odds?.kind === 'ratio'
          ? ['1:1', '2:1', '3:1']
          : which === 'columns' && tb.odds
            ? ['≤0', '1+']
            : ['a', 'b'];
  return { rows: axis('rows'), columns: axis('columns') };
}

/** The definition with the cells the text lacks typed in: every other one ('some') or all of them. */
function filled(tb: TableData, def: PlayerChart, how: 'some' | 'all'): PlayerChart {
  const m = withPlayerChart(tb, def);
  const cells: Record<string, string | number> = {};
  m.rows.entries.forEach((r, i) =>
    m.columns.entries.forEach((c, j) => {
      if (m.cells[i]?.[j] == null && (how === 'all' || (i + j) % 2 === 0))
        cells[`${r.key}|${c.key}`] = allowedValue(tb);
    }),
  );
  return { ...def, cells };
}

/** Every state of a table's player data worth telling apart. */
export function chartStates(tb: TableData): ChartState[] {
  const def = definition(tb);
  const hasMissing = tb.playerDefinesAxes || tb.cells.some((r) => r.some((v) => v === null));
  if (!hasMissing) return [{ name: 'empty', chart: {} }];
  const out: ChartState[] = [{ name: 'empty', chart: {} }];
  if (tb.playerDefinesAxes) {
    if (def.rows.length) out.push({ name: 'rows only', chart: { rows: def.rows } });
    if (def.columns.length) out.push({ name: 'columns only', chart: { columns: def.columns } });
    out.push({ name: 'rows and columns', chart: def });
  }
  out.push({ name: 'some cells', chart: filled(tb, def, 'some') });
  out.push({ name: 'complete', chart: filled(tb, def, 'all') });
  return out;
}

/** The definition part of a chart (what a game context keeps as `charts`) and its cells (`entered`). */
export const setupOf = ({ cells: _cells, ...setup }: PlayerChart) => setup;
