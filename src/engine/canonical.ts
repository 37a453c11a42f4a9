/** Canonical JSON, for hashing (the log's chain, ./chain.ts, and the seed ceremony, ./seed-ceremony.ts). */
/** JSON with the keys of every object sorted, so that a file re-indented or re-ordered hashes the same. */
export function canonical(v: unknown): string {
  return JSON.stringify(v, sortKeys) ?? 'null';
}
function sortKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  let sorted = true;
  for (let k = 1; k < keys.length; k++)
    if (keys[k - 1]! > keys[k]!) {
      sorted = false;
      break;
    }
  if (sorted) return value;
  keys.sort();
  const out: Record<string, unknown> = {};
  for (const k of keys) out[k] = record[k];
  return out;
}
