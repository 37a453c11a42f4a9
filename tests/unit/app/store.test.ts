// The app store on fake-indexeddb with the real game catalog: every step is saved before it is
// published, a reload finds the game intact, undo never re-rolls, and bad files change nothing.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { toFile } from '../../../src/engine';
import { Store } from '../../../src/app/store';
import { openCompanionDb } from '../../../src/persistence/db';
import { SessionRepo } from '../../../src/persistence/sessions';
import { openKursk, testStore } from './test-store';
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

describe('store', () => {
  it('starts a Kursk game, draws a chit and resolves a combat; a fresh store (reload) finds every step', async () => {
    const { store } = await makeStore();
    const id = (await store.createSession('grossdeutschland', 'gd-kursk', 'Night game'))!;
    expect(await store.openSession(id)).toBe(true);
    const draw = await store.act({ type: 'cup.draw', cup: 'activation' });
    const combat = await store.act({
      type: 'combat',
      table: 'gd-crt',
      attack: 7,
      defence: 3,
      modifiers: [{ value: 1, label: 'Evening', rule: '13.1' }],
    });
    expect(draw?.outcome.kind).toBe('draw');
    expect(combat?.outcome).toMatchObject({ kind: 'resolution', resolution: { column: '3-1' } });

    const { store: reloaded } = await makeStore();
    expect(await reloaded.openSession(id)).toBe(true);
    const cur = reloaded.getState().current!;
    expect(cur.session.log).toEqual(store.getState().current!.session.log);
    expect(cur.state).toEqual(store.getState().current!.state);
  });

  it('publishes a step only after it is stored: a failed write shows a problem and changes nothing', async () => {
    const { store, repo } = await makeStore();
    const id = (await store.createSession('breakout', 'bo-campaign', 'x'))!;
    await store.openSession(id);
    const before = store.getState().current;
    // The device is full: IndexedDB refuses the write transaction.
    const db = (repo as unknown as { db: { transaction: () => never } }).db;
    db.transaction = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    const entry = await store.act({ type: 'roll', dice: { n: 2, sides: 6 } });
    expect(entry).toBeUndefined();
    expect(store.getState().current).toBe(before);
    expect(store.getState().problem?.key).toBe('storage.quota');
  });

  it('undo then the same step gives the same dice (undo cannot re-roll)', async () => {
    const { store } = await makeStore();
    await openKursk(store);
    const first = await store.act({ type: 'combat', table: 'gd-crt', attack: 4, defence: 4 });
    await store.undo();
    const again = await store.act({ type: 'combat', table: 'gd-crt', attack: 4, defence: 4 });
    expect(again!.outcome).toEqual(first!.outcome);
    // The undo is a step of the chain between them (issue #30).
    expect(store.getState().current!.session.log.map((e) => [e.action.type, e.undone])).toEqual([
      ['combat', true],
      ['undo', false],
      ['combat', false],
    ]);
  });

  it('bad input becomes a message, not an exception, and logs nothing', async () => {
    const { store } = await makeStore();
    await openKursk(store);
    for (const attack of [Number.NaN, -3, 1e12]) {
      expect(await store.act({ type: 'combat', table: 'gd-crt', attack, defence: 3 })).toBeUndefined();
      expect(store.getState().problem?.key).toBe('error.strength');
    }
    expect(await store.act({ type: 'combat', table: 'gd-crt', attack: 3, defence: 0 })).toBeUndefined();
    expect(await store.act({ type: 'roll', dice: { n: 2, sides: 6 }, manual: [6, 7] })).toBeUndefined();
    expect(store.getState().problem).toMatchObject({ key: 'error.manual-face', params: { value: 7 } });
    expect(store.getState().current!.session.log).toHaveLength(0);
  });

  it('imports a valid exported game under a new id, and refuses a tampered or malformed file without changing anything', async () => {
    const { store, repo } = await makeStore();
    const id = await openKursk(store);
    await store.act({ type: 'roll', dice: { n: 3, sides: 6 } });
    const text = (await store.exportSession(id))!;
    const sessionsBefore = await repo.listSessions();

    for (const bad of ['', '{', 'null', '{"app":"other"}', text.replace(/"total": ?\d+/, '"total": 99')]) {
      const r = await store.importSession(bad);
      expect(r?.ok).toBe(false);
      expect(store.getState().problem?.key).toBe('import.invalid');
    }
    expect(await repo.listSessions()).toEqual(sessionsBefore);

    const ok = await store.importSession(text);
    expect(ok).toMatchObject({ ok: true });
    expect((ok as { id: string }).id).not.toBe(id);
    expect((await repo.listSessions()).length).toBe(2);
  });

  it('a changed seed in an export is detected', async () => {
    const { store } = await makeStore();
    const id = await openKursk(store);
    await store.act({ type: 'roll', dice: { n: 2, sides: 6 } });
    const file = JSON.parse((await store.exportSession(id))!);
    file.session.seed = 'another';
    expect((await store.importSession(JSON.stringify(file)))?.ok).toBe(false);
    expect(toFile).toBeTypeOf('function');
  });

  it('chart values typed in fill a missing cell; a chart pack with an unknown code is refused whole', async () => {
    const { store } = await makeStore();
    await store.loadCharts('stalingrado');
    const bad = JSON.stringify({
      app: 'wargame-companion',
      kind: 'chart-pack',
      format: 1,
      game: 'stalingrado',
      charts: [{ table: 'nope', cells: {} }],
    });
    expect(await store.importCharts('stalingrado', bad)).toBe(false);
    expect(store.getState().charts['stalingrado']).toEqual({});
  });

  it('keeps language and theme across reloads', async () => {
    const { store } = await makeStore();
    await store.setLang('es');
    await store.setTheme('light');
    const { store: again } = await makeStore();
    expect(again.getState()).toMatchObject({ lang: 'es', theme: 'light' });
  });
});

describe('chart entry through the store', () => {
  it('saves a valid cell of a missing table, refuses an unknown code or a cell that does not exist, and keeps values across reloads', async () => {
    const { store } = await makeStore();
    await store.loadCharts('stalingrado');
    const { loadGame } = await import('../../../src/data/catalog');
    const table = (await loadGame('stalingrado')).tables.find((x) => x.id === 'rs-artillery-bombardment')!;
    const row = table.rows.entries[0]!.key,
      col = table.columns.entries[0]!.key;
    await store.setChartCell('stalingrado', table, `${row}|${col}`, 9);
    expect(store.getState().problem?.key).toBe('error.bad-action');
    await store.setChartCell('stalingrado', table, `nope|${col}`, 3);
    expect(store.getState().problem?.key).toBe('error.unknown-row');
    await store.setChartCell('stalingrado', table, `${row}|${col}`, 3);
    const { store: again } = await makeStore();
    await again.loadCharts('stalingrado');
    expect(again.getState().charts['stalingrado']!['rs-artillery-bombardment']!.cells).toEqual({
      [`${row}|${col}`]: 3,
    });
  });
});

describe('a chart typed in from the box, through the store (issue 13)', () => {
  it('rows as die ranges and columns as odds are checked; the definition reaches the open game; a roll verifies; it travels in a pack', async () => {
    const { store } = await makeStore();
    const { loadGame } = await import('../../../src/data/catalog');
    const crt = (await loadGame('zitadelle')).tables.find((x) => x.id === 'zi-crt')!;
    const id = (await store.createSession('zitadelle', 'zi-kursk', 'z'))!;
    await store.openSession(id);
    // Zitadelle 8 vs 4 before the CRT is typed in: a clear refusal, not a stack overflow.
    expect(await store.act({ type: 'combat', table: 'zi-crt', attack: 8, defence: 4 })).toBeUndefined();
    expect(store.getState().problem).toMatchObject({ key: 'chart.missing.rows' });
    await store.setChartAxes('zitadelle', crt, { rows: ['ten'], columns: [] });
    expect(store.getState().problem).toMatchObject({ key: 'chart.range.syntax' });
    await store.setChartAxes('zitadelle', crt, { rows: ['7-12', '2-6'], columns: ['1:1', '2:1'] });
    for (const [k, v] of Object.entries({ '2-6|1:1': 'AC', '7-12|1:1': 'BC', '2-6|2:1': 'DC', '7-12|2:1': 'D1' }))
      await store.setChartCell('zitadelle', crt, k, v);
    await store.setChartSetup('zitadelle', crt, { below: { mode: 'auto', result: 'AE' } });
    expect(store.getState().current!.ctx.charts!['zi-crt']).toMatchObject({
      rows: ['7-12', '2-6'],
      below: { mode: 'auto' },
    });
    const entry = await store.act({ type: 'combat', table: 'zi-crt', attack: 8, defence: 4, manual: [4, 4] });
    expect(entry?.outcome).toMatchObject({ resolution: { column: '2:1', row: '7-12', result: 'D1' } });
    const auto = await store.act({ type: 'combat', table: 'zi-crt', attack: 1, defence: 4 });
    expect(auto?.outcome).toMatchObject({ resolution: { automatic: true, result: 'AE' } });
    // The file verifies with the data files alone (the step recorded the chart it read).
    const file = (await store.exportSession(id))!;
    expect((await store.verifyFile(file))?.ok).toBe(true);
    // The pack carries the definition; removing a row drops its cells.
    const pack = await store.exportCharts('zitadelle');
    expect(JSON.parse(pack).charts[0]).toMatchObject({ rows: ['7-12', '2-6'], below: { mode: 'auto', result: 'AE' } });
    await store.setChartAxes('zitadelle', crt, { rows: ['2-6'], columns: ['1:1', '2:1'] });
    expect(Object.keys(store.getState().charts['zitadelle']!['zi-crt']!.cells).sort()).toEqual(['2-6|1:1', '2-6|2:1']);
    const { store: other } = await makeStore();
    await other.loadCharts('zitadelle');
    expect(await other.importCharts('zitadelle', pack)).toBe(true);
    expect(other.getState().charts['zitadelle']!['zi-crt']).toMatchObject({
      columns: ['1:1', '2:1'],
      below: { result: 'AE' },
    });
  });
});

describe('damaged storage', () => {
  it('a corrupt stored step gives a clear message, opens nothing, and leaves the other games usable', async () => {
    const { store } = await makeStore();
    const good = (await store.createSession('grossdeutschland', 'gd-kursk', 'good'))!;
    const bad = (await store.createSession('grossdeutschland', 'gd-kursk', 'bad'))!;
    await store.openSession(bad);
    await store.act({ type: 'roll', dice: { n: 2, sides: 6 } });
    store.closeSession();
    // Damage the stored step behind the app's back.
    const db = await openCompanionDb();
    const entry = await db.get('entries', [bad, 1]);
    await db.put('entries', { ...entry!, rngBefore: { alg: 'alea', s: 'garbage' } as never });
    db.close();

    expect(await store.openSession(bad)).toBe(false);
    expect(store.getState().problem?.key).toBe('storage.corrupt');
    expect(store.getState().current).toBeUndefined();
    expect(await store.openSession(good)).toBe(true);
    expect(await store.exportSession(bad)).toContain('"garbage"');
  });
});

describe('long games', () => {
  async function longGame(steps: number) {
    const repo = new SessionRepo(await openCompanionDb());
    const env = {
      repo,
      now: () => '2026-01-01T00:00:00.000Z',
      randomBytes: (n: number) => Uint8Array.from({ length: n }, (_, k) => k + 1),
      pageAfter: 10,
    };
    const store = new Store(env);
    await store.init();
    const id = (await store.createSession('grossdeutschland', 'gd-kursk', 'long'))!;
    await store.openSession(id);
    for (let k = 0; k < steps; k++) await store.act({ type: 'roll', dice: { n: 2, sides: 6 } });
    return { id, store, repo, env, expected: store.getState().current! };
  }

  it('open from the state saved with the last step and the newest 50 steps, then load the rest; the next step waits for it', async () => {
    const { id, env, expected } = await longGame(60);
    const reopened = new Store(env);
    await reopened.init();
    expect(await reopened.openSession(id)).toBe(true);
    const first = reopened.getState().current!;
    expect(first.complete).toBe(false);
    expect(first.session.log.map((e) => e.seq)).toEqual(Array.from({ length: 50 }, (_, k) => k + 11));
    expect(first.state).toEqual(expected.state);
    const next = await reopened.act({ type: 'roll', dice: { n: 2, sides: 6 } });
    expect(next!.seq).toBe(61);
    const done = reopened.getState().current!;
    expect(done.complete).toBe(true);
    expect(done.session.log).toHaveLength(61);
    expect(done.session.log.slice(0, 60)).toEqual(expected.session.log);
  });

  it('a saved state that the log does not replay to is reported as damage, and the game turns read-only', async () => {
    const { id, env, repo } = await longGame(12);
    const meta = (await repo.getMeta(id))!;
    const db = await openCompanionDb();
    await db.put('sessions', { ...meta, state: { ...meta.state!, turn: 7 } });
    db.close();
    const reopened = new Store(env);
    await reopened.init();
    await reopened.openSession(id);
    await expect.poll(() => reopened.getState().problem?.key).toBe('storage.corrupt');
    expect(reopened.getState().current!.readOnly).toBe(true);
  });
});
