/**
 * The pack repository (IndexedDB store `packs`, v3): one record per pack version, written in one
 * transaction. What a record holds is checked by src/packs when it is read, never trusted.
 */
import type { DB, StoredPack } from './db';
import { guard } from './sessions';

export class PackRepo {
  constructor(private readonly db: DB) {}

  /** Every stored version of every pack. */
  all(): Promise<StoredPack[]> {
    return guard(() => this.db.getAll('packs'));
  }

  get(key: string): Promise<StoredPack | undefined> {
    return guard(() => this.db.get('packs', key));
  }

  put(p: StoredPack): Promise<void> {
    return guard(async () => {
      await this.db.put('packs', p);
    });
  }

  /** Deletes some versions and hides others, in one transaction. */
  remove(deleteKeys: readonly string[], hide: readonly StoredPack[]): Promise<void> {
    return guard(async () => {
      const tx = this.db.transaction('packs', 'readwrite');
      await Promise.all([
        ...deleteKeys.map((k) => tx.store.delete(k)),
        ...hide.map((p) => tx.store.put({ ...p, hidden: true })),
        tx.done,
      ]);
    });
  }
}
