// IndexedDB schema and repository on fake-indexeddb: the v1 → v2 upgrade, one write per step, atomic imports.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { apply, initialState, newSession, type GameContext, type Session } from '../../../src/engine';
import { openCompanionDb } from '../../../src/persistence/db';
import { SessionRepo, StorageError } from '../../../src/persistence/sessions';
import { earlierCompanionDb, freshIndexedDbPerTest } from '../fresh-indexeddb';

const ctx: GameContext = { tables: new Map() };
function sessionWithRolls(id: string, n: number): Session {
  let s = newSession({
    id,
    game: 'grossdeutschland',
    scenario: 'gd-kursk',
    name: 'Kursk',
    seed: 'seed-1',
    createdAt: '2026-01-01T00:00:00Z',
  });
  let st = initialState(s);
  for (let k = 0; k < n; k++)
    ({ session: s, state: st } = apply(s, st, { type: 'roll', dice: { n: 2, sides: 6 } }, ctx, {
      at: `2026-01-01T00:00:0${k}Z`,
    }));
  return s;
}

freshIndexedDbPerTest();

describe('database upgrade', () => {
  it('moves every v1 inline log into one record per step, keeping the sessions', async () => {
    // Arrange: a version-1 database as the first release wrote it (whole sessions, log inline).
    const v1 = await earlierCompanionDb(1);
    const old = sessionWithRolls('s-old', 3);
    await v1.put('sessions', old);
    v1.close();
    // Act
    const db = await openCompanionDb();
    const repo = new SessionRepo(db);
    // Assert
    const list = await repo.listSessions();
    expect(list).toHaveLength(1);
    expect(list[0]).not.toHaveProperty('log');
    expect(list[0]!.entryCount).toBe(3);
    expect(await repo.getSession('s-old')).toEqual(old);
    expect(await db.count('entries')).toBe(3);
    db.close();
  });

  it('creates an empty database (v3) from nothing', async () => {
    const db = await openCompanionDb();
    expect([...db.objectStoreNames].sort()).toEqual(['charts', 'entries', 'packs', 'sessions', 'settings']);
    db.close();
  });
});

describe('session repository', () => {
  it('stores a session and appends steps one record at a time; reading gives the same session', async () => {
    const repo = new SessionRepo(await openCompanionDb());
    const full = sessionWithRolls('s-1', 2);
    await repo.putSession({ ...full, log: [] }, '2026-01-01T00:00:00.000Z');
    for (const e of full.log) await repo.appendEntry('s-1', e, '2026-01-01T00:01:00.000Z');
    expect(await repo.getSession('s-1')).toEqual(full);
    expect((await repo.listSessions())[0]).toMatchObject({
      id: 's-1',
      entryCount: 2,
      updatedAt: '2026-01-01T00:01:00.000Z',
    });
    expect((await repo.listSessions())[0]!.damaged).toBeUndefined();
  });

  it('refuses to store the same step twice (a second tab) and leaves the first intact', async () => {
    const repo = new SessionRepo(await openCompanionDb());
    const full = sessionWithRolls('s-1', 1);
    await repo.putSession(full, 'now');
    const clash = { ...full.log[0]!, outcome: { kind: 'note' as const, text: 'other tab' } };
    await expect(repo.appendEntry('s-1', clash, 'x')).rejects.toBeInstanceOf(StorageError);
    expect(await repo.getSession('s-1')).toEqual(full);
  });

  it('marks steps undone without removing them', async () => {
    const repo = new SessionRepo(await openCompanionDb());
    await repo.putSession(sessionWithRolls('s-1', 3), 'now');
    await repo.markUndone('s-1', [2, 3], 'later');
    const s = await repo.getSession('s-1');
    expect(s!.log.map((e) => e.undone)).toEqual([false, true, true]);
  });

  it('renames, deletes (with its steps) and keeps other sessions', async () => {
    const db = await openCompanionDb();
    const repo = new SessionRepo(db);
    await repo.putSession(sessionWithRolls('a', 2), 'now');
    await repo.putSession(sessionWithRolls('b', 1), 'now');
    await repo.updateMeta('a', { name: 'Renamed' }, 'x');
    expect((await repo.getSession('a'))!.name).toBe('Renamed');
    await repo.deleteSession('a');
    expect(await repo.getSession('a')).toBeUndefined();
    expect(await db.count('entries')).toBe(1);
    expect(await repo.getSession('b')).toBeDefined();
  });

  it('appending to a session that does not exist fails cleanly', async () => {
    const repo = new SessionRepo(await openCompanionDb());
    const e = sessionWithRolls('zz', 1).log[0]!;
    await expect(repo.appendEntry('zz', e, 'x')).rejects.toMatchObject({ code: 'not-found' });
  });

  it('stores charts per game and settings', async () => {
    const repo = new SessionRepo(await openCompanionDb());
    await repo.putCharts([
      { game: 'g', table: 't1', cells: { 'a|b': 3 }, updatedAt: 'x' },
      { game: 'h', table: 't2', cells: {}, updatedAt: 'x' },
    ]);
    expect((await repo.getCharts('g')).map((c) => c.table)).toEqual(['t1']);
    await repo.setSetting('lang', 'es');
    expect(await repo.getSetting('lang')).toBe('es');
  });
});

describe('every write is all or nothing (issue 18)', () => {
  it('putSession: a step that cannot be stored aborts the whole transaction (no game without its steps)', async () => {
    const repo = new SessionRepo(await openCompanionDb());
    const s = sessionWithRolls('s-2', 3);
    const bad = { ...s, log: s.log.map((e, k) => (k === 1 ? { ...e, context: { f: Symbol('x') } as never } : e)) };
    await expect(repo.putSession(bad, '2026-01-01T00:00:00.000Z')).rejects.toBeInstanceOf(StorageError);
    expect(await repo.getMeta('s-2')).toBeUndefined();
    expect(await repo.getEntries('s-2')).toEqual([]);
    expect(await repo.listSessions()).toEqual([]);
  });

  it('appendEntry, markUndone and updateMeta carrying a writer token are refused once another writer claimed the game', async () => {
    const repo = new SessionRepo(await openCompanionDb());
    const s = sessionWithRolls('s-3', 2);
    await repo.putSession({ ...s, log: [s.log[0]!] }, '2026-01-01T00:00:00.000Z');
    await repo.claimWriter('s-3', 'tab-a');
    await repo.claimWriter('s-3', 'tab-b');
    const now = '2026-01-01T00:01:00.000Z';
    const { log: _l, ...game } = s;
    await expect(repo.appendEntry('s-3', s.log[1]!, now, undefined, game, 'tab-a')).rejects.toMatchObject({
      code: 'not-writer',
    });
    await expect(repo.markUndone('s-3', [1], now, undefined, 'tab-a')).rejects.toMatchObject({ code: 'not-writer' });
    await expect(repo.updateMeta('s-3', { name: 'x' }, now, 'tab-a')).rejects.toMatchObject({ code: 'not-writer' });
    expect((await repo.getSession('s-3'))!.log).toEqual([s.log[0]]);
    await repo.appendEntry('s-3', s.log[1]!, now, undefined, game, 'tab-b');
    expect((await repo.getSession('s-3'))!.log).toEqual(s.log);
  });
});
