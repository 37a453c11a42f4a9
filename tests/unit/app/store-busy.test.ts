// Issue #14: a step publishes its result once. "Busy" is published only for a step still running
// after Env.busyAfter ms; then the result and busy=false are published together.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { Store, type AppState } from '../../../src/app/store';
import { openCompanionDb } from '../../../src/persistence/db';
import { SessionRepo } from '../../../src/persistence/sessions';
import { freshIndexedDbPerTest } from '../fresh-indexeddb';

let clock = 0;
async function makeStore(busyAfter: number, writeDelay = 0) {
  const repo = new SessionRepo(await openCompanionDb());
  const append = repo.appendEntry.bind(repo);
  repo.appendEntry = async (...a: Parameters<SessionRepo['appendEntry']>) => {
    if (writeDelay) await new Promise((r) => setTimeout(r, writeDelay));
    return append(...a);
  };
  const store = new Store({
    repo,
    now: () => new Date(Date.UTC(2026, 0, 1, 0, 0, clock++)).toISOString(),
    randomBytes: (n) => Uint8Array.from({ length: n }, (_, k) => (clock * 31 + k * 7) & 0xff),
    busyAfter,
  });
  await store.init();
  const id = (await store.createSession('breakout', 'bo-campaign', 'x'))!;
  await store.openSession(id);
  const published: AppState[] = [];
  store.subscribe((s) => published.push(s));
  return { store, published };
}

freshIndexedDbPerTest();

describe('busy (issue #14)', () => {
  it('a fast step publishes once: its result, never busy', async () => {
    const { store, published } = await makeStore(60_000);
    for (let k = 1; k <= 3; k++) {
      published.length = 0;
      const entry = await store.act({ type: 'roll', dice: { n: 2, sides: 6 } });
      expect(published).toHaveLength(1);
      expect(published[0]!.busy).toBe(false);
      expect(published[0]!.current?.session.log.at(-1)).toBe(entry);
    }
  });

  it('a slow step shows busy once it lasts, then publishes its result with busy=false in one go', async () => {
    const { store, published } = await makeStore(10, 80);
    const entry = await store.act({ type: 'roll', dice: { n: 2, sides: 6 } });
    expect(published.map((s) => s.busy)).toEqual([true, false]);
    expect(published[0]!.current?.session.log).toHaveLength(0);
    expect(published[1]!.current?.session.log.at(-1)).toBe(entry);
    expect(store.getState().busy).toBe(false);
  });

  it('a failed step ends busy and shows the problem', async () => {
    const { store, published } = await makeStore(0, 30);
    const entry = await store.act({ type: 'combat', table: 'no-such-table', attack: 1, defence: 1 });
    expect(entry).toBeUndefined();
    expect(store.getState().busy).toBe(false);
    expect(store.getState().problem).toBeDefined();
    expect(published.at(-1)!.busy).toBe(false);
  });

  it('a double tap (the same step asked for while the first is saving) makes one step; a later tap makes another', async () => {
    const { store } = await makeStore(60_000, 30);
    const roll = { type: 'roll', dice: { n: 2, sides: 6 } } as const;
    const [first, second] = await Promise.all([store.act(roll), store.act(roll)]);
    expect(first).toBeDefined();
    expect(second).toBeUndefined();
    expect(store.getState().current!.session.log).toHaveLength(1);
    await store.act(roll);
    expect(store.getState().current!.session.log).toHaveLength(2);
  });
});
