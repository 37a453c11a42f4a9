// The app's Store on the fake IndexedDB for the store tests, with the test's own clock and random
// bytes, so every run gives the same steps.
import { Store } from '../../../src/app/store';
import { openCompanionDb } from '../../../src/persistence/db';
import { SessionRepo } from '../../../src/persistence/sessions';

/**
 * A Store (initialised) on a SessionRepo of the IndexedDB `dbName` (the app's unless told): its time
 * is 2026-01-01 plus `seconds()` seconds, its random bytes come from `randomBytes`.
 */
export async function testStore(
  seconds: () => number,
  randomBytes: (n: number) => Uint8Array,
  dbName?: string,
): Promise<{ store: Store; repo: SessionRepo }> {
  const repo = new SessionRepo(await openCompanionDb(dbName));
  const store = new Store({
    repo,
    now: () => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds())).toISOString(),
    randomBytes,
  });
  await store.init();
  return { store, repo };
}

/** A new Kursk game "x" on `store`, opened; its id. */
export async function openKursk(store: Store): Promise<string> {
  const id = (await store.createSession('grossdeutschland', 'gd-kursk', 'x'))!;
  await store.openSession(id);
  return id;
}
