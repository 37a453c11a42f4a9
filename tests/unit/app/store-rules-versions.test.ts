// A game saved before a rule fix opens (rules versions): the store replays a stored step under the
// rules it was made with, or keeps a rewritten procedure's result as written and says which steps,
// never "damaged". A built-in game's module stands in with one fixture procedure changed.
import 'fake-indexeddb/auto';
import { afterAll, describe, expect, it } from 'vitest';
import type { Procedure } from '../../../src/engine';
import { provideGameRules, type GameModule } from '../../../src/data/providers';
import { builtInRules } from '../../../src/games/rules-registry';
import { testStore } from './test-store';
import { freshIndexedDbPerTest } from '../fresh-indexeddb';

let clock = 0;
let bytes = 0;
const makeStore = () =>
  testStore(
    () => clock++,
    (n) => {
      bytes++;
      return Uint8Array.from({ length: n }, (_, k) => (bytes * 31 + k * 7) & 0xff);
    },
  );

freshIndexedDbPerTest();
afterAll(() => provideGameRules(builtInRules));

/** Victory as a tally of one die (before the fix), and since version 2 left to the players (the old code not kept). */
const victoryOld: Procedure = (_input, api) => {
  const r = api.roll({ n: 1, sides: 6 });
  return { headline: { key: 'fx.tally' }, lines: [], result: { total: r.total } };
};
const victoryNew: Procedure = (_input, api) => {
  api.roll({ n: 1, sides: 6 });
  return { headline: { key: 'fx.players' }, lines: [], result: null };
};

/** Breakout's own module, with the fixture procedure as the game had it then or has it now. */
function breakoutWith(victory: Procedure, rules?: GameModule['rules']) {
  provideGameRules(async (id) => {
    const m = await builtInRules(id);
    if (id !== 'breakout' || !m) return m;
    return { ...m, procedures: { ...m.procedures, 'fx.victory': victory }, ...(rules ? { rules } : {}) };
  });
}

describe('a stored game saved before a rule fix', () => {
  it('opens, keeps the rewritten step’s recorded result and says which step, and goes on under the rules now', async () => {
    breakoutWith(victoryOld);
    const { store } = await makeStore();
    const id = (await store.createSession('breakout', 'bo-campaign', 'Old game'))!;
    expect(await store.openSession(id)).toBe(true);
    const old = await store.act({ type: 'procedure', id: 'fx.victory', input: {} });
    expect(old?.rules).toBeUndefined();

    // The app is updated: the procedure was rewritten at version 2.
    breakoutWith(victoryNew, { version: 2, rewritten: { 'fx.victory': 2 } });
    const { store: reloaded } = await makeStore();
    expect(await reloaded.openSession(id)).toBe(true);
    const s = reloaded.getState();
    expect(s.current?.readOnly).toBe(false);
    expect(s.problem).toMatchObject({ key: 'storage.olderRules', params: { n: 1, steps: '1' } });
    expect(s.current?.writtenRules).toEqual([1]);
    expect(s.current?.session.log[0]?.outcome).toEqual(old?.outcome);
    const next = await reloaded.act({ type: 'procedure', id: 'fx.victory', input: {} });
    expect(next?.rules).toBe(2);
    expect(next?.outcome).toMatchObject({ headline: { key: 'fx.players' } });
  });

  it('a game started now records its rules version', async () => {
    breakoutWith(victoryNew, { version: 2, rewritten: { 'fx.victory': 2 } });
    const { store } = await makeStore();
    const id = (await store.createSession('breakout', 'bo-campaign', 'New game'))!;
    expect(await store.openSession(id)).toBe(true);
    expect(store.getState().current?.session.rules).toBe(2);
  });
});
