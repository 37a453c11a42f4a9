// The tests that store games run on fake-indexeddb; each starts from an empty database, or from one
// as an earlier release of the app left it.
import { IDBFactory } from 'fake-indexeddb';
import { openDB, type IDBPDatabase } from 'idb';
import { beforeEach } from 'vitest';
import { DB_NAME } from '../../src/persistence/db';

/** For a test file's top level: before each test, a new empty fake IndexedDB, so no test sees another's data. */
export function freshIndexedDbPerTest(): void {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
  });
}

/**
 * The app's database as release `version` created it, with no records: v1 held whole sessions (log
 * inline); v2 added a record a step (`entries`), typed-in `charts` and `settings`.
 */
export function earlierCompanionDb(version: 1 | 2): Promise<IDBPDatabase> {
  return openDB(DB_NAME, version, {
    upgrade(db) {
      db.createObjectStore('sessions', { keyPath: 'id' });
      if (version === 1) return;
      db.createObjectStore('entries', { keyPath: ['session', 'seq'] }).createIndex('bySession', 'session');
      db.createObjectStore('charts', { keyPath: ['game', 'table'] }).createIndex('byGame', 'game');
      db.createObjectStore('settings', { keyPath: 'key' });
    },
  });
}
