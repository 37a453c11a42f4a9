// Issue #32, a game pack from device to device without a file manager: the table (the link's
// writer) sends a pack over the linked-device channel; each phone reads it as a pack file
// (readPack), keeps its content hash (the same `<pack>@<hash>` as on the table) and asks before
// saving it. A hostile pack message is refused as a link problem, and nothing is saved. Two devices
// (two stores and two pack libraries on their own fake IndexedDBs) linked by an in-memory stand-in
// for the WebRTC peer.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Store } from '../../src/app/store';
import { MAX_PACK, readMsg } from '../../src/link/guard';
import { PACK_LIMITS, packGameId, packText } from '../../src/packs/format';
import { PackLibrary } from '../../src/packs/library';
import { openCompanionDb } from '../../src/persistence/db';
import { PackRepo } from '../../src/persistence/packs';
import { SessionRepo } from '../../src/persistence/sessions';
import { chitPullPack } from './packs-fixture';
import type { FakePeer } from './link-fake-peer';

const peers: FakePeer[] = [];

vi.mock('../../src/link/peer', async () => (await import('./link-fake-peer')).fakePeerModule({ peers }));

const { Link } = await import('../../src/link/manager');

let clock = 0;
const now = () => new Date(Date.UTC(2026, 0, 1, 0, 0, clock++)).toISOString();
async function device(name: string) {
  const db = await openCompanionDb(`wc-${name}`);
  const store = new Store({
    repo: new SessionRepo(db),
    now,
    randomBytes: (k) => Uint8Array.from({ length: k }, (_, i) => (name.length * 17 + i * 7) & 0xff),
  });
  await store.init();
  const packs = new PackLibrary(new PackRepo(db), ['grossdeutschland', 'breakout'], now);
  return { store, packs, link: new Link(store, name, { packs: async () => packs }) };
}
const wait = (check: () => void) => vi.waitFor(check, { timeout: 15_000, interval: 10 });

/** A table writing a built-in game, and a phone linked to it. */
async function linked() {
  const table = await device('Table');
  const game = (await table.store.createSession('grossdeutschland', 'gd-kursk', 'Kursk'))!;
  await table.store.openSession(game);
  const phone = await device('Phone');
  const invite = await table.link.invite();
  await invite.accept(await phone.link.join(invite.code));
  await wait(() => expect(phone.store.getState().current?.session.id).toBe(game));
  // The table's end of the link (made first, by its invitation).
  const tableEnd = peers.at(-2)!;
  return { table, phone, tableEnd };
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  peers.length = 0;
});

describe('a game pack sent to linked devices', () => {
  it('arrives read as a file, keeps its content hash, and is saved only when the players say so', async () => {
    // Arrange
    const { table, phone } = await linked();
    const pack = chitPullPack();
    // Act
    expect(table.link.sendPack(pack)).toBe(1);
    // Assert: asked first, nothing saved yet.
    await wait(() => expect(phone.store.getState().link?.packOffered).toBeDefined());
    expect(phone.store.getState().link!.packOffered).toEqual({
      id: packGameId(pack),
      name: { en: 'My Game', es: 'Mi juego' },
      version: '1',
      from: 'Table',
    });
    expect(await phone.packs.list()).toEqual([]);
    const r = await phone.link.answerPack(true);
    expect(r).toMatchObject({ ok: true, key: packGameId(pack) });
    expect((await phone.packs.list()).map((e) => e.key)).toEqual([packGameId(pack)]);
    expect(phone.store.getState().link?.packOffered).toBeUndefined();
  });

  it('"Not now" saves nothing', async () => {
    const { table, phone } = await linked();
    table.link.sendPack(chitPullPack());
    await wait(() => expect(phone.store.getState().link?.packOffered).toBeDefined());
    expect(await phone.link.answerPack(false)).toBeUndefined();
    expect(phone.store.getState().link?.packOffered).toBeUndefined();
    expect(await phone.packs.list()).toEqual([]);
  });

  it('a phone cannot send one: the writer sends packs, and a pack from a phone is a message of an unknown kind', async () => {
    const { phone } = await linked();
    expect(phone.link.sendPack(chitPullPack())).toBe(0);
    expect(readMsg({ t: 'pack', id: packGameId(chitPullPack()), text: packText(chitPullPack()) }, 'replica')).toEqual({
      ok: false,
      problem: { key: 'link.bad.type', params: { type: 'pack' } },
    });
  });
});

describe('a hostile pack message is refused as a link problem, and nothing is saved', () => {
  const good = () => ({ t: 'pack', id: packGameId(chitPullPack()), text: packText(chitPullPack()) });

  it('strict on the wire: an unknown field, a malformed version id, an empty or oversized text', () => {
    expect(readMsg(good(), 'writer').ok).toBe(true);
    // As large as a pack file may be on import, no larger.
    expect(MAX_PACK).toBe(PACK_LIMITS.chars);
    const field = (m: unknown) => {
      const r = readMsg(m, 'writer');
      return r.ok ? 'accepted' : `${r.problem.key} ${String(r.problem.params?.['field'] ?? '')}`.trim();
    };
    expect(field({ ...good(), extra: 1 })).toBe('link.bad.field extra');
    expect(field({ ...good(), id: 'my-game' })).toBe('link.bad.field id');
    expect(field({ ...good(), id: 'My Game@0123456789abcdef' })).toBe('link.bad.field id');
    expect(field({ ...good(), id: 'my-game@0123456789abcdeg' })).toBe('link.bad.field id');
    expect(field({ ...good(), text: '' })).toBe('link.bad.field text');
    expect(field({ ...good(), text: 42 })).toBe('link.bad.field text');
    expect(field({ t: 'pack', id: good().id })).toBe('link.bad.field text');
    expect(field({ ...good(), text: 'x'.repeat(MAX_PACK + 1) })).toBe('link.bad.field text');
  });

  it('a pack that is not valid, or whose content is not the version it names, is a link problem on the phone', async () => {
    const { phone, tableEnd } = await linked();
    phone.store.dismissProblem();
    // Not a pack at all.
    tableEnd.raw({ ...good(), text: '{"manifest": {}}' });
    await wait(() => expect(phone.store.getState().problem?.key).toBe('link.bad.pack'));
    expect(phone.store.getState().link?.packOffered).toBeUndefined();
    // A valid pack under another version's id (its content changed on the way).
    phone.store.dismissProblem();
    const other = chitPullPack('2');
    tableEnd.raw({ ...good(), text: packText(other) });
    await wait(() => expect(phone.store.getState().problem?.key).toBe('link.bad.packHash'));
    expect(phone.store.getState().link?.packOffered).toBeUndefined();
    // A field the message does not have.
    phone.store.dismissProblem();
    tableEnd.raw({ ...good(), run: 'alert(1)' });
    await wait(() => expect(phone.store.getState().problem?.key).toBe('link.bad.field'));
    expect(await phone.packs.list()).toEqual([]);
    // The link goes on: a good pack still arrives.
    tableEnd.raw(good());
    await wait(() => expect(phone.store.getState().link?.packOffered?.id).toBe(good().id));
  });
});
