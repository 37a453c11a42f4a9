// @vitest-environment happy-dom
// Every table of every game, with no player data, with part of it and with all of it: the table
// view, the engine's rolls and previews never crash; an incomplete chart is refused with a message
// that names what is missing (issue 13: Zitadelle's CRT used to overflow the stack at 8 vs 4).
import { describe, expect, it } from 'vitest';
import {
  chartProblems,
  combatDistribution,
  EngineError,
  parse,
  rollDistribution,
  TableSchema,
  withPlayerChart,
  type PlayerChart,
  type TableData,
} from '../../../src/engine';
import { hasKey, translate } from '../../../src/ui/i18n';
import '../../../src/ui/components/table-view';

const files = import.meta.glob<unknown>(['/tables/*/*.json', '!/tables/*/game.json'], {
  eager: true,
  import: 'default',
});
const tables: TableData[] = Object.values(files).map((raw) => {
  const r = parse(TableSchema, raw);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.value;
});

/** A value the table allows, for filling its cells. */
const allowed = (tb: TableData): string | number =>
  tb.values.kind === 'codes' ? Object.keys(tb.legend!)[0]! : tb.values.kind === 'number' ? tb.values.min : 'x';

/** Rows and columns the players could define: ranges covering the dice on a rolled axis, odds on ratio columns. */
function definition(tb: TableData): PlayerChart {
  if (!tb.playerDefinesAxes) return {};
  const rolled = tb.roll?.axis;
  const d = tb.roll?.dice;
  const lo = d ? d.n : 1,
    hi = d && 'sides' in d ? d.n * d.sides : 6;
  const mid = Math.floor((lo + hi) / 2);
  const ranges = [`≤${mid}`, `${mid + 1}+`];
  const axis = (which: 'rows' | 'columns') =>
    tb[which].entries.length
      ? []
      : rolled === which
        ? ranges
        : which === 'columns' && tb.odds?.kind === 'ratio'
          ? ['1:1', '2:1', '3:1']
          : which === 'columns' && tb.odds
            ? ['≤0', '1+']
            : ['a', 'b'];
  return { rows: axis('rows'), columns: axis('columns') };
}

/** The definition with every cell the text lacks typed in ('all') or every other one ('part'). */
function fill(tb: TableData, def: PlayerChart, how: 'part' | 'all'): PlayerChart {
  const m = withPlayerChart(tb, def);
  const cells: Record<string, string | number> = {};
  m.rows.entries.forEach((r, i) =>
    m.columns.entries.forEach((c, j) => {
      if (m.cells[i]![j] === null && (how === 'all' || (i + j) % 2 === 0)) cells[`${r.key}|${c.key}`] = allowed(tb);
    }),
  );
  return { ...def, cells };
}

function exercise(tb: TableData, chart: PlayerChart) {
  const m = withPlayerChart(tb, chart);
  const opts = { entered: chart.cells ?? {} };
  for (const p of chartProblems(tb, chart)) expect(hasKey(p.key), p.key).toBe(true);
  const attempt = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      expect(e, `${tb.id}: ${(e as Error).message}`).toBeInstanceOf(EngineError);
      const err = e as EngineError;
      if (err.code === 'chart') expect(translate('en', String(err.params['key']), err.params)).not.toMatch(/^chart\./);
    }
  };
  if (tb.type === 'roll' && m.roll) {
    const other = (m.roll.axis === 'rows' ? m.columns : m.rows).entries[0]?.key;
    attempt(() => rollDistribution(m, m.roll!.dice, [], { ...opts, ...(other ? { other } : {}) }));
  }
  if (tb.type === 'crt' && m.roll)
    for (const [a, d] of [
      [8, 4],
      [6, 3],
      [1, 9],
      [99, 1],
    ])
      attempt(() => combatDistribution(m, { attack: a!, defence: d! }, m.roll!.dice, opts));
}

describe('every table of every game with empty, partial and complete player data', () => {
  it('found the tables', () => expect(tables.length).toBeGreaterThan(40));
  for (const tb of tables) {
    it(`${tb.game}/${tb.id}`, async () => {
      const def = definition(tb);
      for (const chart of [{}, def, fill(tb, def, 'part'), fill(tb, def, 'all')] as PlayerChart[]) {
        exercise(tb, chart);
        const el = document.createElement('wc-table-view');
        Object.assign(el, { table: tb, lang: 'es', editable: true, entered: chart.cells, axes: chart });
        document.body.append(el);
        await el.updateComplete;
        expect(el.shadowRoot!.textContent).not.toMatch(/\b(chart|tables)\.[a-z]+\.[a-zA-Z]/);
        el.remove();
      }
      // Complete: a table the players defined whole is ready to roll on.
      if (tb.playerDefinesAxes && tb.type !== 'reference')
        expect(chartProblems(tb, fill(tb, def, 'all')).map((p) => p.key)).toEqual([]);
    });
  }
});
