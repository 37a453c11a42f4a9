// Helpers shared by the per-game data tests.
import { expect } from 'vitest';
import type { TableData } from '../../../src/engine';

/** Cell of a table by row key and column key (fails the test if either key is absent). */
export function cell(t: TableData, row: string, col: string) {
  const r = t.rows.entries.findIndex((e) => e.key === row);
  const c = t.columns.entries.findIndex((e) => e.key === col);
  expect(r, `row ${row}`).toBeGreaterThanOrEqual(0);
  expect(c, `column ${col}`).toBeGreaterThanOrEqual(0);
  return t.cells[r]![c];
}

/** The Spanish name the table's legend gives a cell code. */
export const esName = (t: TableData, code: unknown): string => t.legend![String(code)]!.name.es;

/** An abbreviations table as [abbreviation, Spanish meaning] pairs: each row's key and its cell's name. */
export const abbreviations = (t: TableData): [string, string][] =>
  t.rows.entries.map((e, k) => [e.key, esName(t, t.cells[k]![0])]);

/** Table files read as the engine's TableData (the files are checked against the schema in every-file.test.ts). */
export const asTables = <Files extends unknown[]>(...files: Files) => files as { [K in keyof Files]: TableData };
