// @vitest-environment happy-dom
// "Complete" only when every cell is filled (issue #28 item 9: "0 of 8 cells filled in" was shown
// next to "This chart is complete: it can be rolled on"). One function, chartCompleteness, decides;
// the Tables page (wc-table-view) and the tools say "n of m cells" from it.
import { afterEach, describe, expect, it } from 'vitest';
import { chartCompleteness, parse, TableSchema, type TableData } from '../../../src/engine';
import '../../../src/ui/components/table-view';
import atFireJson from '../../../tables/zitadelle/zi-at-fire-table.json';
import boCrtJson from '../../../tables/breakout/bo-crt.json';
import { textOf } from '../ui/fake-store';

const table = (raw: unknown): TableData => {
  const r = parse(TableSchema, raw);
  if (!r.ok) throw new Error('bad table');
  return r.value;
};
const atFire = table(atFireJson);
const boCrt = table(boCrtJson);
/** Zitadelle's AT fire table (6.4) as players type it in: two die ranges, four AT strengths = 8 cells. */
const AXES = { rows: ['2-7', '8-12'], columns: ['1', '2', '3', '4'] };
const all = Object.fromEntries(AXES.rows.flatMap((r) => AXES.columns.map((c) => [`${r}|${c}`, 5])));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('chartCompleteness', () => {
  it('a chart with rows and columns and no cell is 0 of 8, not complete', () =>
    expect(chartCompleteness(atFire, AXES)).toEqual({ filled: 0, total: 8, complete: false }));
  it('one cell short is not complete; every cell is', () => {
    const { ['2-7|1']: _, ...seven } = all;
    expect(chartCompleteness(atFire, { ...AXES, cells: seven })).toEqual({ filled: 7, total: 8, complete: false });
    expect(chartCompleteness(atFire, { ...AXES, cells: all })).toEqual({ filled: 8, total: 8, complete: true });
  });
  it('a chart with nothing typed in has no cells and is not complete', () =>
    expect(chartCompleteness(atFire)).toEqual({ filled: 0, total: 0, complete: false }));
  it("Breakout's CRT: its two blank 7:1 cells (seed 002 lines 843-844) count as filled only when an erratum or the players fill them", () => {
    expect(chartCompleteness(boCrt, undefined, 'default')).toEqual({ filled: 48, total: 48, complete: true });
    expect(chartCompleteness(boCrt, undefined, 'printed')).toEqual({ filled: 46, total: 48, complete: false });
    expect(chartCompleteness(boCrt, { cells: { '1|7:1': 'DL1+DR', '2|7:1': 'DL1+DR' } }, 'printed').complete).toBe(
      true,
    );
  });
});

describe('the Tables page says what the count says', () => {
  async function view(cells: Record<string, number>, lang: 'en' | 'es' = 'en') {
    const el = Object.assign(document.createElement('wc-table-view'), {
      table: atFire,
      lang,
      editable: true,
      entered: cells,
      axes: AXES,
    });
    document.body.append(el);
    await (el as unknown as { updateComplete: Promise<boolean> }).updateComplete;
    return textOf(el);
  }
  it('0 of 8 cells: not complete (it can be rolled on: an empty cell is asked for)', async () => {
    const text = await view({});
    expect(text).toContain('0 of 8 cells filled in');
    expect(text).toContain('Not complete yet');
    expect(text).not.toContain('This chart is complete');
  });
  it('8 of 8 cells: complete', async () => {
    const text = await view(all);
    expect(text).toContain('8 of 8 cells filled in');
    expect(text).toContain('This chart is complete: all 8 cells are filled in.');
    expect(await view({}, 'es')).not.toContain('está completa:');
  });
});
