// The table model (src/ui/components/table-model.ts): what a table shows and how an edit is read,
// without a browser or Lit (issue #29: the table view split into a model, a view and an editor).
import { describe, expect, it } from 'vitest';
import { parse, TableSchema, type TableData } from '../../../src/engine';
import {
  cellModel,
  cellNotes,
  erratumApplied,
  readAxisAddition,
  readCellEdit,
  readSetup,
  withoutAxisEntry,
} from '../../../src/ui/components/table-model';

function valid(raw: unknown): TableData {
  const parsed = parse(TableSchema, raw);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.value;
}
const heading = { kind: 'table', game: 'fx', rule: '9.1', status: 'partial', source: 'fixture', type: 'crt' };

const crt = valid({
  ...heading,
  id: 'fx-crt',
  type: 'reference',
  title: { en: 'Fixture CRT', es: 'Tabla de prueba' },
  rows: {
    label: { en: 'Die', es: 'Dado' },
    entries: [
      { key: '1', max: 1 },
      { key: '2', min: 2 },
    ],
  },
  columns: { label: { en: 'Odds', es: 'Relación' }, entries: [{ key: '1-1', odds: [1, 1] }] },
  cells: [['XX'], [null]],
  values: { kind: 'codes' },
  legend: {
    AR: { name: { en: 'Attacker retreats', es: 'Retirada del atacante' } },
    XX: { name: { en: 'Undefined', es: 'No definido' } },
  },
  errata: [
    {
      id: 'T1',
      row: '1',
      column: '1-1',
      printed: 'XX',
      suggested: 'AR',
      reason: { en: 'Undefined code.', es: 'Código no definido.' },
      confidence: 'high',
      correctedByDefault: true,
    },
  ],
});

const chart = valid({
  ...heading,
  id: 'fx-zcrt',
  status: 'missing',
  title: { en: 'Assault CRT', es: 'Tabla de asalto' },
  rows: { label: { en: '2d6', es: '2d6' }, entries: [] },
  columns: { label: { en: 'Odds', es: 'Proporción' }, entries: [] },
  cells: [],
  values: { kind: 'codes' },
  legend: { AC: { name: { en: 'Attacker check', es: 'Chequeo del atacante' } } },
  playerDefinesAxes: true,
  roll: { dice: { n: 2, sides: 6 }, axis: 'rows' },
  odds: { kind: 'ratio', rounding: 'defender', rule: '7.3', below: { mode: 'clamp' }, above: { mode: 'clamp' } },
});

describe('table model: a cell as shown', () => {
  it('an erratum applied by default shows the suggested value, marked and said', () => {
    const corrected = cellModel(crt, '1', '1-1', 0, 0, 'default');
    expect(corrected).toMatchObject({ value: 'AR', origin: 'erratum', printed: 'XX', key: '1|1-1' });
    expect(cellNotes(crt, corrected, 'en')).toMatchObject({ name: 'Attacker retreats', mark: '*T1' });
    expect(erratumApplied(crt, crt.errata![0]!, 'default')).toBe(true);
  });

  it('as printed, the same erratum is only suspected', () => {
    const printed = cellModel(crt, '1', '1-1', 0, 0, 'printed');
    expect(printed).toMatchObject({ value: 'XX', origin: 'printed' });
    expect(cellNotes(crt, printed, 'en').mark).toBe('?T1');
    expect(erratumApplied(crt, crt.errata![0]!, 'printed')).toBe(false);
  });

  it('a cell the text lacks is missing until a player types it', () => {
    expect(cellModel(crt, '2', '1-1', 1, 0, 'default').origin).toBe('missing');
    const typed = cellModel(crt, '2', '1-1', 1, 0, 'default', { '2|1-1': 'AR' });
    expect(typed).toMatchObject({ value: 'AR', origin: 'entered' });
    expect(cellNotes(crt, typed, 'en').notes).toEqual(['entered by you']);
  });
});

describe('table model: an edit read', () => {
  const missing = cellModel(crt, '2', '1-1', 1, 0, 'default');
  const typed = cellModel(crt, '2', '1-1', 1, 0, 'default', { '2|1-1': 'AR' });

  it('a known code is sent, as the field should read it', () => {
    expect(readCellEdit(crt, missing, 'ar', 'en')).toEqual({ shown: 'AR', send: { key: '2|1-1', value: 'AR' } });
  });
  it('the value a cell already holds sends nothing', () => {
    expect(readCellEdit(crt, typed, 'AR', 'en')).toEqual({ shown: 'AR' });
  });
  it('a blank clears a typed cell, and sends nothing for a missing one', () => {
    expect(readCellEdit(crt, typed, '  ', 'en')).toEqual({ send: { key: '2|1-1', value: null } });
    expect(readCellEdit(crt, missing, '', 'en')).toEqual({});
  });
  it('an unknown code is refused in words, naming the codes allowed', () => {
    const edit = readCellEdit(crt, missing, 'ZZ', 'en');
    expect(edit.refused).toContain('ZZ');
    expect(edit.refused).toContain('AR');
  });

  it('a row added: refused when it is not a die range or is there already; else sent with its labels', () => {
    const typedRow = (key: string, en = '', es = '') => ({ key, en, es });
    expect(readAxisAddition(chart, undefined, 'rows', typedRow('ten'), 'en').refused).toContain('not a die range');
    expect(readAxisAddition(chart, { rows: ['2-7'] }, 'rows', typedRow('2-7'), 'en').refused).toBeDefined();
    expect(readAxisAddition(chart, { rows: ['2-7'] }, 'rows', typedRow(' 8-12 ', 'High'), 'en')).toEqual({
      axes: { rows: ['2-7', '8-12'], columns: [], changed: '8-12' },
      setup: { labels: { 'rows|8-12': { en: 'High', es: 'High' } } },
    });
  });

  it('a row taken out leaves the others', () => {
    expect(withoutAxisEntry({ rows: ['2-7', '8-12'], columns: ['3:1'] }, 'rows', '2-7')).toEqual({
      rows: ['8-12'],
      columns: ['3:1'],
      changed: '2-7',
      removed: true,
    });
  });

  it("the chart's dice and ends: a result not in the legend is refused; a known one is sent", () => {
    const fields = (values: Record<string, string>) => (name: string) => values[name];
    expect(
      readSetup(chart, fields({ dice: '2d6', 'below-mode': 'auto', 'below-result': 'QQ' }), 'en').refused,
    ).toContain('QQ');
    expect(readSetup(chart, fields({ dice: '1d6', 'below-mode': 'auto', 'below-result': 'ac' }), 'en')).toEqual({
      setup: { dice: { n: 1, sides: 6 }, below: { mode: 'auto', result: 'AC' } },
    });
  });
});
