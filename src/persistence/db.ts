/**
 * IndexedDB through idb, with a versioned schema and an upgrade path.
 *  v1: `sessions` held whole sessions, log included (rewritten on every step).
 *  v2: `sessions` holds the session without its log; `entries` holds one record per log step,
 *      so each step is one small write committed before its result is shown; `charts` holds the
 *      values players type in from printed charts; `settings` holds app settings.
 * The upgrade from v1 moves every log into `entries` inside the upgrade transaction.
 *  v3: `packs` holds game packs (src/packs), one record per version, so games started from an
 *      older version still load it. Additive: nothing else changes.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { ChartSetup, EnteredCells, LogEntry, Session, SessionState } from '../engine';

export const DB_NAME = 'wargame-companion';
export const DB_VERSION = 3;

export type SessionMeta = Omit<Session, 'log'> & {
  readonly updatedAt: string;
  readonly entryCount: number;
  /** The state after the last step, saved with it: a long game opens from it without reading its whole log first. */
  readonly state?: SessionState;
};
export type StoredEntry = LogEntry & { readonly session: string };
/** A chart typed in: its cells and, for a table whose shape the text does not give, its rows, columns, labels, dice and ends. */
export interface StoredChart extends ChartSetup {
  readonly game: string;
  readonly table: string;
  readonly cells: EnteredCells;
  readonly updatedAt: string;
}

export interface CompanionDB extends DBSchema {
  sessions: { key: string; value: SessionMeta };
  entries: { key: [string, number]; value: StoredEntry; indexes: { bySession: string } };
  charts: { key: [string, string]; value: StoredChart; indexes: { byGame: string } };
  settings: { key: string; value: { key: string; value: unknown } };
  packs: { key: string; value: StoredPack; indexes: { byId: string } };
}

/** One version of a game pack: key is the game id it gives (`<pack id>@<hash>`, src/packs/format.ts). */
export interface StoredPack {
  readonly key: string;
  readonly id: string;
  readonly version: string;
  readonly savedAt: string;
  /** Its name and author, for the list on the home screen (which does not load the checks). */
  readonly name: { readonly en: string; readonly es: string };
  readonly author: string;
  /** The pack as read and checked (src/packs/format.ts); checked again whenever it is loaded. */
  readonly pack: unknown;
  /** Taken off the home screen by the players; kept while games started from it remain. */
  readonly hidden?: boolean;
}

export type DB = IDBPDatabase<CompanionDB>;

export function openCompanionDb(name = DB_NAME): Promise<DB> {
  return openDB<CompanionDB>(name, DB_VERSION, {
    async upgrade(db, oldVersion, _newVersion, tx) {
      if (oldVersion < 1) {
        db.createObjectStore('sessions', { keyPath: 'id' });
      }
      if (oldVersion < 2) {
        const entries = db.createObjectStore('entries', { keyPath: ['session', 'seq'] });
        entries.createIndex('bySession', 'session');
        const charts = db.createObjectStore('charts', { keyPath: ['game', 'table'] });
        charts.createIndex('byGame', 'game');
        db.createObjectStore('settings', { keyPath: 'key' });
        if (oldVersion === 1) {
          // v1 records carry their log inline: move it out, one record per step.
          const sessions = tx.objectStore('sessions');
          const entryStore = tx.objectStore('entries');
          let cursor = await sessions.openCursor();
          while (cursor) {
            const old = cursor.value as unknown as Session & { updatedAt?: string };
            const { log, ...meta } = old;
            for (const e of log ?? []) await entryStore.put({ ...e, session: old.id });
            await cursor.update({ ...meta, updatedAt: old.updatedAt ?? old.createdAt, entryCount: (log ?? []).length });
            cursor = await cursor.continue();
          }
        }
      }
      // Game packs (issue #16): one new store, nothing else touched.
      if (oldVersion < 3) {
        const packs = db.createObjectStore('packs', { keyPath: 'key' });
        packs.createIndex('byId', 'id');
      }
    },
    blocking() {
      // Another tab opened a newer version: let it upgrade (this tab reloads on next use).
    },
  });
}
