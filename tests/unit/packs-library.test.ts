// Game packs on a device (issue #16): stored in IndexedDB (v3 store `packs`, an additive upgrade),
// listed, updated to new versions, removed; a game started from a pack is played through the store
// like a built-in one, replays and verifies, and keeps the version it started with.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { Store } from '../../src/app/store';
import { openCompanionDb } from '../../src/persistence/db';
import { PackRepo } from '../../src/persistence/packs';
import { SessionRepo } from '../../src/persistence/sessions';
import { PackLibrary } from '../../src/packs/library';
import { provideGameSource } from '../../src/data/providers';
import { packGameId, packText } from '../../src/packs/format';
import { chitPullPack, clone } from './packs-fixture';
import { earlierCompanionDb, freshIndexedDbPerTest } from './fresh-indexeddb';

let clock = 0;
let bytes = 0;
const now = () => new Date(Date.UTC(2026, 0, 1, 0, 0, clock++)).toISOString();

async function setUp() {
  const db = await openCompanionDb();
  const packRepo = new PackRepo(db);
  const lib = new PackLibrary(packRepo, ['grossdeutschland', 'breakout'], now);
  // This test's composition root: the catalog finds the packs' games in this library and the store
  // holds this pack store (as src/main.ts hands them the device's).
  provideGameSource(lib);
  const store = new Store({
    repo: new SessionRepo(db),
    packs: packRepo,
    now,
    randomBytes: (n) => {
      bytes++;
      return Uint8Array.from({ length: n }, (_, k) => (bytes * 31 + k * 7) & 0xff);
    },
  });
  await store.init();
  return { db, lib, packRepo, store };
}

freshIndexedDbPerTest();

describe('database upgrade to v3', () => {
  it('adds the packs store and keeps every v2 store and record', async () => {
    const v2 = await earlierCompanionDb(2);
    await v2.put('settings', { key: 'lang', value: 'es' });
    v2.close();
    const db = await openCompanionDb();
    expect([...db.objectStoreNames].sort()).toEqual(['charts', 'entries', 'packs', 'sessions', 'settings']);
    expect(await db.get('settings', 'lang')).toEqual({ key: 'lang', value: 'es' });
    expect(await db.getAll('packs')).toEqual([]);
  });
});

describe('the pack library', () => {
  it('installs a pack and lists it with its version', async () => {
    const { lib } = await setUp();
    const r = await lib.install(packText(chitPullPack()));
    expect(r).toMatchObject({ ok: true, id: 'my-game', key: packGameId(chitPullPack()) });
    expect(await lib.list()).toMatchObject([{ id: 'my-game', version: '1', name: { en: 'My Game' }, versions: 1 }]);
  });

  it('a bad pack changes nothing', async () => {
    const { lib, packRepo } = await setUp();
    await lib.install(packText(chitPullPack()));
    const before = await packRepo.all();
    const bad = clone(chitPullPack('2'));
    bad.tables[0].cells[0][0] = 'ZZ';
    const r = await lib.install(JSON.stringify(bad));
    expect(r.ok).toBe(false);
    expect(r.ok ? [] : r.issues.map((i) => i.path)).toEqual(['$.tables[0].cells[0][0]']);
    expect(await packRepo.all()).toEqual(before);
    expect((await lib.list())[0]!.version).toBe('1');
  });

  it('refuses the same version number with other content, naming the version', async () => {
    const { lib, packRepo } = await setUp();
    await lib.install(packText(chitPullPack()));
    const before = await packRepo.all();
    const other = chitPullPack();
    other.tables[0]!.cells[0]![0] = 'DE';
    const r = await lib.install(packText(other));
    expect(r).toMatchObject({
      ok: false,
      issues: [{ path: '$.manifest.version', code: 'version-taken', params: { version: '1', id: 'my-game' } }],
    });
    expect(r.ok ? '' : r.issues[0]!.message).toBe(
      'version 1 of "my-game" is already on this device with other content: give this one a new version',
    );
    expect(await packRepo.all()).toEqual(before);
    // The same content again is no change.
    expect(await lib.install(packText(chitPullPack()))).toMatchObject({ ok: true });
  });

  it('refuses a pack taking the id of a built-in game', async () => {
    const { lib } = await setUp();
    const p = clone(chitPullPack());
    p.manifest.id = 'breakout';
    for (const t of [...p.tables, ...p.scenarios]) t.game = 'breakout';
    expect(await lib.install(JSON.stringify(p))).toMatchObject({ ok: false, issues: [{ path: '$.manifest.id' }] });
  });

  it('a damaged stored record is not loaded (checked again on every read)', async () => {
    const { lib, packRepo } = await setUp();
    const r = await lib.install(packText(chitPullPack()));
    const key = r.ok ? r.key : '';
    const rec = (await packRepo.get(key))!;
    const pack = clone(chitPullPack());
    pack.tables[0].cells[0][0] = 'ZZ';
    await packRepo.put({ ...rec, pack });
    expect(await lib.find(key)).toBeUndefined();
  });
});

describe('a game played from a pack', () => {
  async function playedGame() {
    const env = await setUp();
    const r = await env.lib.install(packText(chitPullPack()));
    if (!r.ok) throw new Error('pack refused');
    const id = (await env.store.createSession(r.key, 'main', 'Pack game'))!;
    expect(await env.store.openSession(id)).toBe(true);
    const draw = await env.store.act({ type: 'cup.draw', cup: 'activation' });
    const combat = await env.store.act({
      type: 'combat',
      table: 'crt',
      attack: 9,
      defence: 7,
      shifts: [{ amount: -1, label: 'river' }],
      manual: [3, 4],
    });
    const roll = await env.store.act({ type: 'roll', dice: { n: 2, sides: 6 } });
    return { ...env, key: r.key, id, draw, combat, roll };
  }

  it('draws from the pack cup of 8 HQ chits and resolves on its CRT, with shifts and typed-in dice', async () => {
    const { draw, combat, store } = await playedGame();
    expect(draw?.outcome).toMatchObject({ kind: 'draw', cup: 'activation', from: 8 });
    // difference +2, one column left for the river: the "+1" column; dice 3+4 = 7, the row "7".
    expect(combat?.outcome).toMatchObject({ kind: 'resolution', resolution: { column: '+1', row: '7' } });
    expect(combat?.manual).toBe(true);
    expect(store.getState().current!.bundle.game.name.en).toBe('My Game');
  });

  it('replays and verifies: export, then check the file', async () => {
    const { store, id } = await playedGame();
    const text = (await store.exportSession(id))!;
    expect(JSON.parse(text).session.game).toMatch(/^my-game@[0-9a-f]{16}$/);
    const v = await store.verifyFile(text);
    expect(v).toMatchObject({ ok: true, verification: { ok: true, random: 2, manual: 1 } });
  });

  it('undo never re-rolls: the same step again gives the same dice', async () => {
    const { store, roll } = await playedGame();
    await store.undo();
    const again = await store.act({ type: 'roll', dice: { n: 2, sides: 6 } });
    expect(again?.outcome).toEqual(roll?.outcome);
  });

  it('a pack updated mid-game leaves the old game on its version: it still opens and verifies', async () => {
    const { store, lib, id, key } = await playedGame();
    const v2 = chitPullPack('2');
    v2.tables[0]!.cells[5]![3] = 'DE';
    const r = await lib.install(packText(v2));
    expect(r).toMatchObject({ ok: true, replaced: '1' });
    expect(r.ok && r.key).not.toBe(key);
    expect(await lib.list()).toMatchObject([{ id: 'my-game', version: '2', versions: 2 }]);

    store.closeSession();
    expect(await store.openSession(id, { reload: true })).toBe(true);
    expect(store.getState().current!.session.game).toBe(key);
    expect(store.getState().current!.bundle.tables[0]!.cells[5]![3]).not.toBe('DE');
    expect(await store.verifyFile((await store.exportSession(id))!)).toMatchObject({ ok: true });
    // A new game starts from the new version.
    const id2 = (await store.createSession(r.ok ? r.key : '', 'main', 'v2'))!;
    expect(await store.openSession(id2)).toBe(true);
    expect(store.getState().current!.bundle.tables[0]!.cells[5]![3]).toBe('DE');
  });

  it('removing a pack hides the versions games use (they still open) and deletes the others', async () => {
    const { store, lib, packRepo, id, key } = await playedGame();
    await lib.install(packText(chitPullPack('2')));
    const inUse = new Set(store.getState().sessions.map((s) => s.game));
    expect(await lib.remove('my-game', inUse)).toEqual({ kept: 1 });
    expect(await lib.list()).toEqual([]);
    expect((await packRepo.all()).map((p) => [p.key, p.hidden])).toEqual([[key, true]]);
    store.closeSession();
    expect(await store.openSession(id, { reload: true })).toBe(true);
  });

  it('a game file of a pack not on this device is refused as an unknown game; once the pack is imported it verifies', async () => {
    const { store, id } = await playedGame();
    const text = (await store.exportSession(id))!;
    // A fresh device: no packs, no games.
    globalThis.indexedDB = new IDBFactory();
    const fresh = await setUp();
    const before = await fresh.store.importSession(text);
    expect(before).toMatchObject({ ok: false, issues: [{ path: '$.session.scenario' }] });
    await fresh.lib.install(packText(chitPullPack()));
    const after = await fresh.store.importSession(text);
    expect(after).toMatchObject({ ok: true });
    expect(await fresh.store.openSession(after!.ok ? after!.id : '')).toBe(true);
  });
});
