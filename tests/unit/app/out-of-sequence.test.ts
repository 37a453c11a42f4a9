// Players keep the last word (issue #29): a step its phase does not offer is refused in words, with
// the same way forward as a re-roll — the players give their reason, and the step runs with it, the
// reason kept in the log. Breakout's air superiority roll belongs to phase II (5.2, seed 002; digest
// 002 §2); asked for in phase I it is out of sequence.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { testStore } from './test-store';
import { freshIndexedDbPerTest } from '../fresh-indexeddb';

let clock = 0;
const makeStore = () =>
  testStore(
    () => clock++,
    (n) => Uint8Array.from({ length: n }, (_, k) => (k * 7 + 3) & 0xff),
  );

freshIndexedDbPerTest();

describe('a step out of its phase', () => {
  it('is refused naming the phase’s rule, then made with the players’ reason, which the log keeps', async () => {
    const { store } = await makeStore();
    const id = (await store.createSession('breakout', 'bo-campaign', 'x'))!;
    expect(await store.openSession(id)).toBe(true);
    const air = { type: 'procedure', id: 'bo.air', input: {}, manual: [[4]] } as const;
    expect(await store.act(air)).toBeUndefined();
    expect(store.getState().problem).toMatchObject({
      key: 'error.sequence',
      params: { procedure: 'bo.air', phase: 'I', rule: '5.1' },
      reroll: { action: air },
    });
    expect(store.getState().current!.session.log).toHaveLength(0);
    const entry = await store.reroll('we forgot to move to phase II');
    expect(entry?.action).toMatchObject({ id: 'bo.air', outOfSequence: 'we forgot to move to phase II' });
    expect(entry?.outcome).toMatchObject({ kind: 'procedure', outOfSequence: 'we forgot to move to phase II' });
    expect(entry?.action).not.toHaveProperty('reroll');
    expect(store.getState().problem).toBeUndefined();
  });
});
