// A chart pasted as text into the pack editor (issue #32, src/packs/paste.ts): tabs or spaces, a
// header line of column keys (with or without a corner word), a first column of row keys, ragged
// rows and unknown codes refused with their position — and never a guessed cell.
import { describe, expect, it } from 'vitest';
import { parsePastedChart } from '../../src/packs/paste';
import { applyPastedChart, cellCount, setOffTable, setRounding } from '../../src/packs/edit';
import { fromTemplate } from '../../src/packs/templates';
import { packText, readPack } from '../../src/packs/format';
import { manualDice, resolveCombat } from '../../src/engine';

// The odds template: rows 1–6 (1d6), columns 1:2 1:1 2:1 3:1 4:1 5:1, codes AE AR NE EX DR DE.
const crt = () => fromTemplate('odds-crt', 'g', { en: 'G' }).tables[0]!;

describe('a chart pasted as text', () => {
  it('reads rows separated by spaces, matching the table size', () => {
    const text = [
      'AE AR NE NE DR DE',
      'AE AR NE EX DR DE',
      'AR NE NE EX DR DE',
      'AR NE EX DR DR DE',
      'NE NE EX DR DE DE',
      'NE EX DR DE DE DE',
    ].join('\n');
    const r = parsePastedChart(crt(), text);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.chart.columns).toBeUndefined();
    expect(r.chart.rows).toBeUndefined();
    expect(r.chart.cells[0]).toEqual(['AE', 'AR', 'NE', 'NE', 'DR', 'DE']);
    expect(r.chart.cells[5]![5]).toBe('DE');
  });

  it('reads tabs, keeps a blank tab-separated cell blank, and matches codes whatever their case', () => {
    const text = ['ae\tAR\t\tNE\tDR\tDE', ...Array(5).fill('NE\tNE\tNE\tNE\tNE\tNE')].join('\r\n');
    const r = parsePastedChart(crt(), text);
    expect(r.ok && r.chart.cells[0]).toEqual(['AE', 'AR', null, 'NE', 'DR', 'DE']);
  });

  it('takes a header line of column keys (with a corner word) and a first column of row keys as the axes', () => {
    const text = ['Die 1:1 2:1 3:1 4:1', '1-2 AR NE EX DR', '3-4 NE EX DR DE', '5-6 EX DR DE DE'].join('\n');
    const r = parsePastedChart(crt(), text);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.chart.columns).toEqual(['1:1', '2:1', '3:1', '4:1']);
    expect(r.chart.rows).toEqual(['1-2', '3-4', '5-6']);
    const applied = applyPastedChart(crt(), r.chart);
    expect(applied.problems).toEqual([]);
    expect(applied.table.columns.entries.map((e) => e.odds)).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 1],
    ]);
    expect(applied.table.rows.entries[1]).toEqual({ key: '3-4', min: 3, max: 4 });
    expect(applied.table.cells[2]).toEqual(['EX', 'DR', 'DE', 'DE']);
    expect(applied.table.status).toBe('complete');
    expect(cellCount(applied.table)).toEqual({ filled: 12, total: 12 });
  });

  it('refuses ragged rows, naming the line and the counts', () => {
    const r = parsePastedChart(crt(), 'Die 1:1 2:1\n1 AR NE\n2 AR\n3 NE NE');
    expect(r).toEqual({ ok: false, problems: [{ key: 'paste.ragged', line: 3, expected: 2, got: 1 }] });
  });

  it('refuses an unknown code with its line and cell, and guesses nothing', () => {
    const text = ['1:1 2:1', '1 AR NE', '2 AR DRL'].join('\n');
    const r = parsePastedChart(crt(), text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems).toEqual([
      { key: 'paste.cell', line: 3, column: 2, text: 'DRL', reason: 'unknown-code', allowed: 'AE, AR, NE, EX, DR, DE' },
    ]);
  });

  it('without keys, a paste of another size than the table is refused with both sizes', () => {
    const r = parsePastedChart(crt(), 'AR NE\nNE EX');
    expect(r).toEqual({
      ok: false,
      problems: [{ key: 'paste.size', expectedRows: 6, expectedColumns: 6, rows: 2, columns: 2 }],
    });
  });

  it('an empty paste is said so', () => {
    expect(parsePastedChart(crt(), ' \n\t\n')).toEqual({ ok: false, problems: [{ key: 'paste.empty' }] });
  });
});

describe("a CRT's ends and rounding, as its printed rules say", () => {
  // "Below the first column: no effect; above the last: the last column; odds rounded for the defender."
  const table = () => {
    const r = parsePastedChart(
      crt(),
      ['Die 1:1 2:1 3:1 4:1', '1-2 AR NE EX DR', '3-4 NE EX DR DE', '5-6 EX DR DE DE'].join('\n'),
    );
    if (!r.ok) throw new Error('paste');
    return setRounding(
      setOffTable(applyPastedChart(crt(), r.chart).table, 'below', { mode: 'auto', result: 'NE' }),
      'defender',
    );
  };
  const D6 = { n: 1, sides: 6 } as const;
  const resolve = (attack: number, defence: number, die?: number) =>
    resolveCombat(table(), { attack, defence }, die === undefined ? undefined : manualDice(D6, [die]));

  it('every column reads its printed cell, odds rounded for the defender', () => {
    expect(resolve(3, 3, 1).result).toBe('AR'); // 1:1, die 1 → row 1-2
    expect(resolve(5, 2, 4).result).toBe('EX'); // 2.5:1 → 2:1 (for the defender), die 4 → row 3-4
    expect(resolve(9, 3, 6).result).toBe('DE'); // 3:1, die 6
    expect(resolve(8, 2, 2).result).toBe('DR'); // 4:1, die 2
  });

  it('below the first column: no effect, with no die', () => {
    const r = resolve(1, 3);
    expect(r.result).toBe('NE');
    expect(r.automatic).toBe(true);
    expect(r.roll).toBeUndefined();
  });

  it('rounded for the attacker instead, 2.5:1 reads the 3:1 column', () => {
    const up = setRounding(table(), 'attacker');
    expect(resolveCombat(up, { attack: 5, defence: 2 }, manualDice(D6, [4])).column).toBe('3:1');
    expect(resolveCombat(table(), { attack: 5, defence: 2 }, manualDice(D6, [4])).column).toBe('2:1');
  });

  it('above the last column, an automatic result when the chart says so', () => {
    const auto = setOffTable(table(), 'above', { mode: 'auto', result: 'DE' });
    const r = resolveCombat(auto, { attack: 12, defence: 2 }, undefined);
    expect([r.result, r.automatic]).toEqual(['DE', true]);
    // And back to the last column.
    expect(setOffTable(auto, 'above', { mode: 'clamp' }).odds?.above).toEqual({ mode: 'clamp' });
  });

  it('above the last column: the last column', () => {
    expect(resolve(12, 2, 1).column).toBe('4:1'); // 6:1 → 4:1
    expect(resolve(12, 2, 1).result).toBe('DR');
  });

  it('a pack with these settings is valid', () => {
    const p = fromTemplate('odds-crt', 'g', { en: 'G' });
    const r = readPack(packText({ ...p, tables: [table(), ...p.tables.slice(1)] }));
    expect(r.ok ? [] : r.issues).toEqual([]);
  });

  it('setOffTable and setRounding write the odds settings and leave a roll table alone', () => {
    const t = table();
    expect(t.odds?.below).toEqual({ mode: 'auto', result: 'NE' });
    expect(t.odds?.above).toEqual({ mode: 'clamp' });
    expect(setRounding(t, 'attacker').odds?.rounding).toBe('attacker');
    const roll = fromTemplate('chit-pull', 'g', { en: 'G' }).tables.find((x) => x.type === 'roll');
    if (roll) expect(setOffTable(roll, 'below', { mode: 'clamp' })).toBe(roll);
  });
});

describe('a side renamed in the editor', () => {
  it('its id follows its name, and the chits that name the side follow it', async () => {
    const { renameSide } = await import('../../src/packs/edit');
    const p = fromTemplate('chit-pull', 'g', { en: 'G' });
    const before = JSON.stringify(p.scenarios);
    expect(before).toContain('"side":"blue"');
    const q = renameSide(p, 0, { en: 'Allies', es: 'Aliados' });
    expect(q.manifest.sides[0]).toMatchObject({ id: 'allies', name: { en: 'Allies', es: 'Aliados' } });
    expect(JSON.stringify(q.scenarios)).not.toContain('"side":"blue"');
    expect(JSON.stringify(q.scenarios)).toContain('"side":"allies"');
    const r = readPack(packText(q));
    expect(r.ok ? [] : r.issues).toEqual([]);
    // A name another side's id already has gets a free id.
    expect(renameSide(q, 1, { en: 'Allies', es: 'Aliados' }).manifest.sides[1]!.id).toBe('allies-2');
  });
});

describe('a reference chart made in the editor', () => {
  it('is a text chart with no dice, filled by a paste of its rows and columns, and the pack stays valid', async () => {
    const { addTable } = await import('../../src/packs/edit');
    const p = addTable(fromTemplate('odds-crt', 'g', { en: 'G' }), 'reference');
    const chart = p.tables.find((x) => x.type === 'reference' && x.id === 'chart')!;
    expect(chart.roll).toBeUndefined();
    expect(p.scenarios[0]!.tables).toContain('chart');
    const pasted = parsePastedChart(
      chart,
      'Terrain\tmove\tcombat\nclear\t1 MP\tnone\nforest\t2 MP\t1 column left\ntown\t1 MP\t2 columns left',
    );
    expect(pasted.ok).toBe(true);
    if (!pasted.ok) return;
    const filled = applyPastedChart(chart, pasted.chart).table;
    expect(filled.rows.entries.map((e) => e.key)).toEqual(['clear', 'forest', 'town']);
    expect(filled.cells[1]).toEqual(['2 MP', '1 column left']);
    const q = { ...p, tables: p.tables.map((x) => (x.id === 'chart' ? filled : x)) };
    const r = readPack(packText(q));
    expect(r.ok ? [] : r.issues.filter((i) => i.path.includes('tables[1]'))).toEqual([]);
  });
});
