// The tests that store games run on fake-indexeddb; each starts from an empty database.
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach } from 'vitest';

/** For a test file's top level: before each test, a new empty fake IndexedDB, so no test sees another's data. */
export function freshIndexedDbPerTest(): void {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
  });
}
