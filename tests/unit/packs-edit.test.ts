// The pack editor's changes (src/packs/edit.ts): rows and columns typed as printed, cells checked
// as the typed-chart editor checks them, the turn track, and a pack built by them is valid.
import { describe, expect, it } from 'vitest';
import { packText, readPack } from '../../src/packs/format';
// The edits of a pack's tables; of the pack itself.
import { addTable, legendText, parseLegend, removeTable, setAxis, setCell, setTable } from '../../src/packs/edit';
import { nextVersion, setCups, setPackId, setTurns, slug, statusOf, withTypedCharts } from '../../src/packs/edit';
import { fromTemplate } from '../../src/packs/templates';

const valid = (p: Parameters<typeof packText>[0]) => {
  const r = readPack(packText(p));
  return r.ok ? [] : r.issues;
};

describe('pack editor changes', () => {
  it('slugs a name into a pack id', () => {
    expect(slug('Batalla del Ebro!')).toBe('batalla-del-ebro');
    expect(slug('***')).toBe('my-game');
  });

  it('rows typed as printed become roll ranges; cells follow their row by key', () => {
    const p = fromTemplate('odds-crt', 'g', { en: 'G' });
    let crt = p.tables[0]!;
    crt = setCell(crt, 5, 0, 'ae').table; // row "6", column 1:2 — codes are matched whatever the case
    expect(crt.cells[5]![0]).toBe('AE');
    const r = setAxis(crt, 'rows', '1-2, 3-4, 5, 6');
    expect(r.problems).toEqual([]);
    expect(r.table.rows.entries).toEqual([
      { key: '1-2', min: 1, max: 2 },
      { key: '3-4', min: 3, max: 4 },
      { key: '5', min: 5, max: 5 },
      { key: '6', min: 6, max: 6 },
    ]);
    expect(r.table.cells[3]![0]).toBe('AE');
    expect(r.table.status).toBe('partial');
  });

  it('columns of an odds CRT are read as odds, of a differential CRT as ranges; an unreadable key is a problem', () => {
    const odds = fromTemplate('odds-crt', 'g', { en: 'G' }).tables[0]!;
    expect(setAxis(odds, 'columns', '1:3, 3-2, 4:1').table.columns.entries.map((e) => e.odds)).toEqual([
      [1, 3],
      [3, 2],
      [4, 1],
    ]);
    expect(setAxis(odds, 'columns', '1:3, lots').problems).toEqual([
      { key: 'chart.odds.syntax', params: { text: 'lots' } },
    ]);
    const diff = fromTemplate('chit-pull', 'g', { en: 'G' }).tables[0]!;
    expect(setAxis(diff, 'columns', '≤-1, 0, 1+').table.columns.entries).toEqual([
      { key: '≤-1', max: -1 },
      { key: '0', min: 0, max: 0 },
      { key: '1+', min: 1 },
    ]);
  });

  it('a cell outside the legend is refused and changes nothing', () => {
    const crt = fromTemplate('odds-crt', 'g', { en: 'G' }).tables[0]!;
    const r = setCell(crt, 0, 0, 'ZZ');
    expect(r.problem).toMatchObject({ reason: 'unknown-code' });
    expect(r.table).toBe(crt);
  });

  it('a legend typed one code a line, in one or both languages', () => {
    const legend = parseLegend('DR = Defender retreats / Defensor se retira\nX=Exchange\nnot a line');
    expect(legend).toEqual({
      DR: { name: { en: 'Defender retreats', es: 'Defensor se retira' } },
      X: { name: { en: 'Exchange', es: 'Exchange' } },
    });
    const crt = { ...fromTemplate('odds-crt', 'g', { en: 'G' }).tables[0]!, legend };
    expect(parseLegend(legendText(crt))).toEqual(legend);
  });

  it('status follows the cells', () => {
    expect(statusOf([[null, null]])).toBe('missing');
    expect(statusOf([['a', null]])).toBe('partial');
    expect(statusOf([['a', 'b']])).toBe('complete');
  });

  it('a pack built with the editor is valid: tables added and removed, cups, a turn track with notes, a new id', () => {
    let p = fromTemplate('dice-pool', 'pool', { es: 'Reserva' });
    p = addTable(p, 'crt-ratio');
    p = addTable(p, 'crt-differential');
    p = removeTable(p, 'hits');
    p = setTable(p, 'crt', (t) => setCell(t, 0, 0, 'NE').table);
    p = setCups(p, [
      {
        id: 'cup',
        name: { en: 'Cup', es: 'Recipiente' },
        refill: 'from-discard-when-empty',
        chits: [{ id: 'hq', label: { en: 'HQ', es: 'CG' }, count: 8, side: 'blue' }],
      },
    ]);
    p = setTurns(p, 3, ['Reinforcements: 2 HQ', '', 'Last turn']);
    p = setPackId(p, 'new-id');
    expect(valid(p)).toEqual([]);
    expect(p.scenarios[0]!.tables).toEqual(['turn-track', 'crt', 'crt-2']);
    expect(p.scenarios[0]!.turns).toMatchObject({ count: 3 });
    expect(p.tables.find((t) => t.id === 'turn-track')!.cells).toEqual([
      ['Reinforcements: 2 HQ'],
      [null],
      ['Last turn'],
    ]);
    expect(p.tables.find((t) => t.id === 'crt')!.status).toBe('partial');
  });
});

describe('versions', () => {
  it('an edit is saved as the next version', () => {
    expect(nextVersion('1')).toBe('2');
    expect(nextVersion('1.9')).toBe('1.10');
    expect(nextVersion('beta')).toBe('beta.1');
  });
});

describe('chart values typed in on the device', () => {
  it('fill the empty cells of a new version, checked as cells are; printed cells are kept', () => {
    let p = fromTemplate('odds-crt', 'g', { en: 'G' });
    p = setTable(p, 'crt', (t) => setCell(t, 0, 0, 'NE').table);
    const r = withTypedCharts(p, { crt: { '1|1:2': 'AE', '2|1:1': 'dr', '3|2:1': 'nonsense' }, nowhere: { 'a|b': 1 } });
    const crt = r.pack.tables.find((t) => t.id === 'crt')!;
    expect(r.added).toBe(1);
    expect(crt.cells[0]![0]).toBe('NE');
    expect(crt.cells[1]![1]).toBe('DR');
    expect(crt.cells[2]![2]).toBeNull();
  });
});
