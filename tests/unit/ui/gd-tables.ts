/** Grossdeutschland's tables as the app validates them (tables/grossdeutschland/), for component tests. */
import { parse, TableSchema, type TableData } from '../../../src/engine';

const files = import.meta.glob<unknown>('/tables/grossdeutschland/*.json', { eager: true, import: 'default' });

export function gdTable(id: string): TableData {
  const v = files[`/tables/grossdeutschland/${id}.json`];
  const r = parse(TableSchema, v);
  if (!r.ok) throw new Error(`${id}: ${JSON.stringify(r.issues)}`);
  return r.value;
}
