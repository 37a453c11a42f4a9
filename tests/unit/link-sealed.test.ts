// Issue #33, EastFront's blocks entered hidden across linked devices (src/link/sealed-phone.ts through
// the link manager; src/engine/sealed.ts): the table writing an EastFront game, the Axis and the Soviet
// players' phones, each a store on its own fake IndexedDB, linked by the in-memory stand-in for WebRTC.
// The Axis blocks are typed on the Axis phone: the table and the Soviet phone get only their count
// (public: seed 004 line 29, the opponent sees the blocks standing, "ni el tipo ni la fuerza") and a
// commitment. The first round (7.14, line 979: every unrevealed unit is tipped forward) waits for the
// Axis phone's reveal, naming the side; the phone sends it by itself when the table calls for it; a
// reveal that is not what was sealed is refused naming the commit step; a reloaded phone keeps its salt.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Msg } from '../../src/link/protocol';

const wire: { from: string; to: string; text: string }[] = [];
let tamper: ((from: string, m: Msg) => Msg) | undefined;

vi.mock('../../src/link/peer', async () =>
  (await import('./link-fake-peer')).fakePeerModule({ record: wire, tamper: (from, m) => tamper?.(from, m) ?? m }),
);

const { verifyText } = await import('../../src/cli/verify');
const { device: makeDevice, holdings, wait, linkedTable, logOf, relinked } = await import('./link-hidden-devices');
type Device = import('./link-hidden-devices').Device;
const { checkRequest } = await import('../../src/link/guard');

const device = (name: string) => makeDevice(name, { hiddenTimeoutMs: 60_000 });
const AXIS = [
  { id: 'Geheim-Pz', side: 'axis', type: 'armor', cv: 3 },
  { id: 'Geheim-Inf', side: 'axis', type: 'infantry', cv: 2 },
];
const why = 'test: the battle tool opened outside the combat phase';

async function linked(): Promise<{ table: Device; axis: Device; soviet: Device }> {
  const { table, phones } = await linkedTable(device, { id: 'eastfront', scenario: 'ef-s42', title: 'Sealed' }, [
    ['Axis phone', 'axis'],
    ['Soviet phone', 'soviet'],
  ]);
  return { table, axis: phones[0]!, soviet: phones[1]! };
}

const stateOf = (d: Device) => d.store.getState().current!.state;
const log = logOf;
const sealedId = (d: Device) => Object.keys(stateOf(d).sealed ?? {})[0]!;
const battle = (t: Device, id: string) =>
  t.store.act({
    type: 'procedure',
    id: 'ef.battle',
    input: {
      od: 'soviet',
      hidden: true,
      sealed: { axis: id },
      blocks: [{ id: 'Rifle-3', side: 'soviet', type: 'infantry', cv: 2 }],
    },
    outOfSequence: why,
  });
const round = (t: Device) =>
  t.store.act({ type: 'procedure', id: 'ef.round', input: { active: 'axis' }, outOfSequence: why });

/** The Axis blocks sealed on the Axis phone, their commitment on every device, the battle entered at the table. */
async function sealedBattle() {
  const devices = await linked();
  const { table: t, axis, soviet } = devices;
  expect(await axis.store.seal('ef-blocks', 'axis', AXIS)).toBeDefined();
  for (const d of [t, axis, soviet]) await wait(() => expect(Object.keys(stateOf(d).sealed ?? {})).toHaveLength(1));
  const id = sealedId(t);
  expect(await battle(t, id)).toBeDefined();
  for (const d of [axis, soviet]) await wait(() => expect(log(d)).toHaveLength(log(t).length));
  return { ...devices, id };
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  wire.length = 0;
  tamper = undefined;
});

describe('EastFront blocks sealed on their phone (issue #33)', () => {
  it('before the reveal nothing the table or the Soviet phone holds names a sealed block, nor the salt; the Axis phone keeps them', async () => {
    const { table: t, axis, soviet, id } = await sealedBattle();
    expect(stateOf(t).sealed?.[id]).toMatchObject({ side: 'axis', n: 2 });
    const game = t.store.getState().current!.session.id;
    const kept = JSON.parse(axis.kept.get('wc-sealed')!) as Record<string, Record<string, { salt: string }>>;
    const salt = kept[game]![id]!.salt;
    expect(salt).toMatch(/^[0-9a-f]{64}$/);
    for (const d of [t, soviet]) {
      const held = await holdings(d);
      expect(held).not.toMatch(/Geheim/);
      expect(held).not.toContain(salt);
    }
    // What crossed the wire to the table and on to the Soviet phone: never the blocks.
    expect(wire.map((w) => w.text).join('\n')).not.toMatch(/Geheim/);
    expect(axis.store.sealedHeld(id)).toEqual(AXIS);
    expect(t.store.sealedHeld(id)).toBeUndefined();
  }, 60_000);

  it('the first round waits for the Axis phone, naming the side; called for, the phone reveals by itself and the round opens', async () => {
    const { table: t, axis, soviet, id } = await sealedBattle();
    expect(await round(t)).toBeUndefined();
    expect(t.store.getState().problem).toMatchObject({ key: 'ef.err.sealedWait', params: { side: 'ef.side.axis' } });
    expect(await t.store.act({ type: 'sealed.call', ids: [id] })).toBeDefined();
    for (const d of [t, axis, soviet]) await wait(() => expect(stateOf(d).sealed?.[id]?.revealed).toBe(true));
    expect(await round(t)).toBeDefined();
    const blocks = (stateOf(t).game as { battle: { blocks: { id: string }[] } }).battle.blocks.map((b) => b.id);
    expect(blocks).toEqual(['Rifle-3', 'Geheim-Pz', 'Geheim-Inf']);
    // Shown, the Axis phone keeps them: a reveal undone is answered again at the next call.
    expect(axis.store.sealedHeld(id)).toEqual(AXIS);
    const file = await t.store.exportSession(t.store.getState().current!.session.id);
    const v = await verifyText(file!);
    expect(v.code).toBe(0);
    expect(v.message).toContain('1 sealed value shown matches its commitment');
  }, 60_000);

  it('a reveal changed on its way is refused naming the commit step; the true one is then taken', async () => {
    const { table: t, axis, id } = await sealedBattle();
    const commitStep = stateOf(t).sealed![id]!.seq;
    tamper = (from, m) => {
      if (from !== 'Axis phone' || m.t !== 'act' || m.action.type !== 'sealed.reveal') return m;
      return { ...m, action: { ...m.action, value: [{ ...AXIS[0]!, cv: 4 }, AXIS[1]!] } } as Msg;
    };
    await t.store.act({ type: 'sealed.call', ids: [id] });
    await wait(() =>
      expect(axis.store.getState().problem).toMatchObject({
        key: 'sealed.err.mismatch',
        params: { side: 'axis', step: commitStep },
      }),
    );
    expect(stateOf(t).sealed?.[id]?.revealed).toBeUndefined();
    tamper = undefined;
    await t.store.act({ type: 'sealed.call', ids: [id] });
    await wait(() => expect(stateOf(t).sealed?.[id]?.revealed).toBe(true));
  }, 60_000);

  it('a reveal undone at the table is answered again at the next call', async () => {
    const { table: t, id } = await sealedBattle();
    await t.store.act({ type: 'sealed.call', ids: [id] });
    await wait(() => expect(stateOf(t).sealed?.[id]?.revealed).toBe(true));
    await t.store.undo();
    await wait(() => expect(stateOf(t).sealed?.[id]?.revealed).toBeUndefined());
    await t.store.act({ type: 'sealed.call', ids: [id] });
    await wait(() => expect(stateOf(t).sealed?.[id]?.revealed).toBe(true));
    expect(await round(t)).toBeDefined();
  }, 60_000);

  it('a reloaded Axis phone keeps its blocks and salt and reveals them when called', async () => {
    const { table: t, axis, id } = await sealedBattle();
    axis.link.leave();
    await wait(() => expect(t.link.players).toBe(1));
    await relinked(t, axis, 'axis');
    await wait(() => expect(t.link.players).toBe(2));
    expect(axis.store.sealedHeld(id)).toEqual(AXIS);
    await t.store.act({ type: 'sealed.call', ids: [id] });
    await wait(() => expect(stateOf(t).sealed?.[id]?.revealed).toBe(true));
    expect(await round(t)).toBeDefined();
  }, 60_000);

  it('a phone seals for its own side only; the table or the other phone cannot seal for it', async () => {
    const { table: t, soviet } = await linked();
    expect(await soviet.store.seal('ef-blocks', 'axis', AXIS)).toBeUndefined();
    expect(soviet.store.getState().problem).toMatchObject({ key: 'sealed.err.noPhone' });
    expect(await t.store.seal('ef-blocks', 'axis', AXIS)).toBeUndefined();
    const commit = { type: 'sealed.commit', id: 'x', side: 'axis', commitment: 'ab'.repeat(32), n: 2 };
    expect(checkRequest(commit, 'soviet', []).ok).toBe(false);
    expect(checkRequest(commit, 'axis', []).ok).toBe(true);
    expect(checkRequest({ ...commit, value: AXIS }, 'axis', []).ok).toBe(false);
    // Only the table calls for sealed values: a phone calling the other side's would see them early.
    expect(checkRequest({ type: 'sealed.call', ids: ['x'] }, 'soviet', [])).toMatchObject({
      ok: false,
      problem: { key: 'link.req.tableOnly' },
    });
  }, 60_000);
});
