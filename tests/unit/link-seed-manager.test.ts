// Issue #17, the seed both players make across linked devices, through the link manager
// (src/link/manager.ts): three devices (three stores on their own fake IndexedDBs) linked by an
// in-memory stand-in for the WebRTC peer. No secret travels before every commitment is in; the
// new game, made from every contribution, replaces the empty one on every device and verifies; a
// reveal that does not match its commitment is refused, naming the device, and nothing changes.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Store } from '../../src/app/store';
import { checkCeremony, contribute } from '../../src/engine';
import { openCompanionDb } from '../../src/persistence/db';
import { SessionRepo } from '../../src/persistence/sessions';

/** Every message sent over any link, in order, as text. */
const wire: string[] = [];

vi.mock('../../src/link/peer', async () => (await import('./link-fake-peer')).fakePeerModule({ wire }));

const { Link } = await import('../../src/link/manager');

let clock = 0;
async function device(name: string) {
  const repo = new SessionRepo(await openCompanionDb(`wc-${name}`));
  let n = 0;
  const store = new Store({
    repo,
    now: () => new Date(Date.UTC(2026, 0, 1, 0, 0, clock++)).toISOString(),
    randomBytes: (k) => Uint8Array.from({ length: k }, (_, i) => (name.length * 17 + n++ * 31 + i * 7) & 0xff),
  });
  await store.init();
  return { store, link: new Link(store, name) };
}

type Device = Awaited<ReturnType<typeof device>>;
const wait = (check: () => void) => vi.waitFor(check, { timeout: 15_000, interval: 10 });

/** A table writing a new game, and two phones linked to it, each holding its side. */
async function table(): Promise<{ table: Device; german: Device; soviet: Device; first: string }> {
  const t = await device('Table');
  const first = (await t.store.createSession('grossdeutschland', 'gd-kursk', 'Kursk'))!;
  await t.store.openSession(first);
  const phones: Device[] = [];
  for (const [name, side] of [
    ['German phone', 'german'],
    ['Soviet phone', 'soviet'],
  ] as const) {
    const p = await device(name);
    const invite = await t.link.invite();
    await invite.accept(await p.link.join(invite.code));
    await wait(() => expect(p.store.getState().current?.session.id).toBe(first));
    p.link.setView('player', side);
    phones.push(p);
  }
  await wait(() => expect(t.link.players).toBe(2));
  // Joint randomness starts by itself (issue #33): the game took the public seed, and its first step is the joint set.
  await wait(() => expect(t.store.getState().current?.state.joint?.devices).toHaveLength(3));
  const n = t.store.getState().current!.session.log.length;
  for (const p of phones) await wait(() => expect(p.store.getState().current?.session.log).toHaveLength(n));
  return { table: t, german: phones[0]!, soviet: phones[1]!, first };
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  wire.length = 0;
});

describe('the seed made across linked devices', () => {
  it('sends commitments first and secrets after; the new game replaces the empty one everywhere and verifies', async () => {
    // Arrange
    const { table: t, german, soviet, first } = await table();
    // Act
    t.link.startSeed();
    await wait(() => expect(german.link.seed?.you).toBeDefined());
    await wait(() => expect(soviet.store.getState().link?.seedAsked).toBe(true));
    german.link.commitSeed(contribute('german', 'text', 'aa11', 'Panzer vor'));
    await wait(() => expect(soviet.link.seed?.parties[0]?.commitment).toMatch(/^[0-9a-f]{64}$/));
    // The German secret has not left its phone: the Soviet commitment is not in yet.
    expect(wire.join('\n')).not.toContain('Panzer vor');
    expect(t.link.seed?.phase).toBe('commit');
    soviet.link.commitSeed(contribute('soviet', 'dice', 'bb22', '3 5 2 6 1'));
    // Assert
    await wait(() => expect(t.link.seed?.phase).toBe('made'));
    const game = t.store.getState().current!.session;
    expect(game.id).not.toBe(first);
    expect(checkCeremony(game.ceremony!, game.seed)).toBeUndefined();
    expect(game.ceremony!.contributions.map((c) => c.reveal?.secret)).toEqual(['Panzer vor', '3 5 2 6 1']);
    for (const p of [german, soviet]) {
      await wait(() => expect(p.store.getState().current?.session.id).toBe(game.id));
      await wait(() => expect(p.store.getState().sessions.map((s) => s.id)).toEqual([game.id]));
      expect(p.link.seed?.phase).toBe('made');
      expect(p.store.getState().link?.seedAsked).toBeUndefined();
    }
    expect(t.store.getState().sessions.map((s) => s.id)).toEqual([game.id]);
    // Seed mode, as every player's phone agreed by giving its part: no joint step starts in the new game.
    // The new game goes on: a roll asked for on a phone is written by the table and reaches every copy.
    await german.store.act({ type: 'roll', dice: { n: 2, sides: 6 } });
    await wait(() => expect(soviet.store.getState().current?.session.log).toHaveLength(1));
    expect(soviet.store.getState().current!.session.log).toEqual(t.store.getState().current!.session.log);
  }, 30_000);

  it('refuses a reveal that does not match its commitment, names the device, and changes nothing', async () => {
    const { table: t, german, soviet, first } = await table();
    t.link.startSeed();
    await wait(() => expect(soviet.link.seed?.you).toBeDefined());
    german.link.commitSeed(contribute('german', 'taps', 'aa11', '120 87 301 95 240'));
    // A phone whose secret is not the one it committed to.
    const lie = contribute('soviet', 'text', 'bb22', 'Ni un paso atrás');
    soviet.link.commitSeed({ ...lie, reveal: { salt: 'bb22', secret: 'something else' } });
    await wait(() => expect(t.link.seed).toMatchObject({ phase: 'refused', by: 'Soviet phone' }));
    await wait(() => expect(german.link.seed).toMatchObject({ phase: 'refused', by: 'Soviet phone' }));
    expect(t.store.getState().current!.session.id).toBe(first);
    expect(t.store.getState().current!.session.ceremony).toBeUndefined();
    expect(german.store.getState().current!.session.id).toBe(first);
    // The table starts again: a new round, the phones asked again.
    t.link.startSeed();
    await wait(() => expect(german.link.seed?.phase).toBe('commit'));
    expect(german.link.seed?.mine).toBeUndefined();
  }, 30_000);

  it('a new game started on the linked writer: its seed is made on the phones, and every device moves to it', async () => {
    const { table: t, german, soviet, first } = await table();
    await german.store.act({ type: 'roll', dice: { n: 1, sides: 6 } });
    // The joint steps (joint randomness starts by itself when a player's phone links, issue #33) and the roll.
    const played = t.store.getState().current!.session.log.length;
    expect(t.store.getState().current!.session.log.at(-1)!.joint).toHaveLength(3);
    await wait(() => expect(soviet.store.getState().current?.session.log).toHaveLength(played));
    // The next game, started on the table (its seed made there alone, for now).
    const next = (await t.store.createSession('grossdeutschland', 'gd-kursk', 'Kursk, again'))!;
    await t.store.openSession(next);
    t.link.startSeed();
    await wait(() => expect(soviet.link.seed?.you).toBeDefined());
    german.link.commitSeed(contribute('german', 'dice', 'aa11', '6 6 1'));
    soviet.link.commitSeed(contribute('soviet', 'text', 'bb22', 'Uranus'));
    await wait(() => expect(t.link.seed?.phase).toBe('made'));
    const game = t.store.getState().current!.session;
    expect(game.name).toBe('Kursk, again');
    expect(checkCeremony(game.ceremony!, game.seed)).toBeUndefined();
    for (const p of [german, soviet]) {
      await wait(() => expect(p.store.getState().current?.session.id).toBe(game.id));
      // The game played before stays, with its step.
      expect(p.store.getState().sessions.find((s) => s.id === first)?.entryCount).toBe(played);
    }
    expect(
      t.store
        .getState()
        .sessions.map((s) => s.id)
        .sort(),
    ).toEqual([first, game.id].sort());
  }, 30_000);
});
