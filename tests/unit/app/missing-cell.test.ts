// A roll that lands on a cell the text does not give asks for that cell, then resolves (issue #31):
// the store keeps the refused step with its problem, takes the cell typed in from the printed chart
// (checked as on the Tables page: a value the chart does not allow is said, not saved), keeps it for
// the game like any cell typed in, and runs the same step again. Breakout's CRT read strictly as
// printed has no value at 7:1, die 1 (13.8; seed 002 line 843).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { testStore } from './test-store';
import { freshIndexedDbPerTest } from '../fresh-indexeddb';

let clock = 0;
const makeStore = () =>
  testStore(
    () => clock++,
    (n) => Uint8Array.from({ length: n }, (_, k) => (k * 13 + 5) & 0xff),
  );

freshIndexedDbPerTest();

const SEVEN_TO_ONE = { attacker: 'soviet', attack: 14, defence: 2, terrain: 'clear' };

describe('a roll on a cell not in the text', () => {
  it('is asked for, checked, kept for the game, and the roll then resolves on it', async () => {
    const { store } = await makeStore();
    const id = (await store.createSession('breakout', 'bo-campaign', 'x'))!;
    expect(await store.openSession(id)).toBe(true);
    await store.updateSettings({ errata: 'printed' });
    // IV. Soviet movement/combat (5.4): the sequence of play offers the combat there.
    await store.act({ type: 'procedure', id: 'sequence.phase', input: { index: 3 } });
    const action = { type: 'procedure', id: 'bo.combat', input: SEVEN_TO_ONE, manual: [[1]] } as const;
    expect(await store.act(action)).toBeUndefined();
    const asked = store.getState().problem;
    expect(asked).toMatchObject({
      key: 'error.table-incomplete',
      params: { table: 'bo-crt', row: '1', column: '7:1' },
      missingCell: { action },
    });
    // A value that is not a result code of the CRT (13.9) is said and nothing is saved.
    expect(await store.fillMissingCell('XX')).toBeUndefined();
    expect(store.getState().problem?.missingCell?.refused).toMatchObject({ text: 'XX' });
    expect(store.getState().problem?.missingCell?.refused?.allowed).toContain('DL1+DR');
    expect(store.getState().current!.session.log).toHaveLength(1);
    // The cell from the printed chart: the same die resolves on it.
    const entry = await store.fillMissingCell('dl1+dr');
    expect(entry?.outcome).toMatchObject({ kind: 'procedure', result: { result: 'DL1+DR', column: '7:1' } });
    expect(store.getState().problem).toBeUndefined();
    expect(store.getState().current!.ctx.entered?.['bo-crt']).toEqual({ '1|7:1': 'DL1+DR' });
    expect(store.getState().charts['breakout']?.['bo-crt']?.cells).toEqual({ '1|7:1': 'DL1+DR' });
  });
});
