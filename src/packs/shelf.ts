/**
 * The packs on this device as the home screen lists them: read from storage without loading the
 * engine or the checks (the home screen stays small, issue #14). A record that does not read as one
 * is left out here; a pack is checked whole when its game is opened (./library). The records come
 * from the pack store the composition root hands the app's store (src/main.ts: `Env.packs`).
 */
import type { StoredPack } from '../persistence/db';

/** A pack as the home screen lists it (its newest version). */
export interface PackEntry {
  readonly id: string;
  /** The game id of the newest version: a new game starts from it. */
  readonly key: string;
  readonly version: string;
  readonly name: { readonly en: string; readonly es: string };
  readonly author: string;
  readonly savedAt: string;
  /** Versions of it stored on this device (hidden ones included). */
  readonly versions: number;
}

const text = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 400;
const listable = (r: StoredPack): boolean =>
  [r.key, r.id, r.version, r.savedAt, r.author, r.name?.en, r.name?.es].every(text);

/** The newest shown version of each pack, by name. */
export function shelfOf(records: readonly StoredPack[]): PackEntry[] {
  const byId = new Map<string, StoredPack[]>();
  for (const r of records) if (listable(r)) byId.set(r.id, [...(byId.get(r.id) ?? []), r]);
  const out: PackEntry[] = [];
  for (const [id, versions] of byId) {
    const newest = versions.filter((v) => !v.hidden).sort((a, b) => b.savedAt.localeCompare(a.savedAt))[0];
    if (!newest) continue;
    out.push({
      id,
      key: newest.key,
      version: newest.version,
      name: { en: newest.name.en, es: newest.name.es },
      author: newest.author,
      savedAt: newest.savedAt,
      versions: versions.length,
    });
  }
  return out.sort((a, b) => a.name.en.localeCompare(b.name.en));
}

/** Where the packs' records are read (this device's PackRepo, src/persistence/packs.ts). */
export interface PackRecords {
  all(): Promise<StoredPack[]>;
}

/** The packs to list on the home screen (none where this device has no pack store, e.g. no IndexedDB). */
export async function listPacks(records: PackRecords | undefined): Promise<PackEntry[]> {
  return records ? shelfOf(await records.all()) : [];
}
