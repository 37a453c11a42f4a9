// Issue #33, EastFront's blocks that join a battle already under way, across linked devices
// (src/games/eastfront/battle-steps.ts `join`; src/link/sealed-phone.ts through the link manager):
// the table writing an EastFront game, the Axis and the Soviet players' phones, each a store on its
// own fake IndexedDB, linked by the in-memory stand-in for WebRTC.
//
// Seed 004, 7.15 line 987: "El movimiento de nuevas unidades a una batalla ya existente no obliga al
// combate, pero deben revelarse si pertenecen al Atacante Original." The Soviets (the battle's Original
// Defender) move a reserve into it after its first round: typed and sealed on the Soviet phone, the
// table and the Axis phone get a commitment and a count only (line 29: the blocks stand, "ni el tipo ni
// la fuerza"). The next round (7.14, line 979: every unrevealed unit is tipped forward) waits for the
// Soviet phone's reveal, checked against the commitment by every device. The Axis (the Original
// Attacker) cannot seal blocks joining it: they are revealed as they join.
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
const { device: makeDevice, holdings, wait, linkedTable, logOf, actProcedure } = await import('./link-hidden-devices');
type Device = import('./link-hidden-devices').Device;

const device = (name: string) => makeDevice(name, { hiddenTimeoutMs: 60_000 });
const RESERVE = [
  { id: 'Geheim-Gds', side: 'soviet', type: 'infantry', cv: 4 },
  { id: 'Geheim-Tk', side: 'soviet', type: 'armor', cv: 2 },
];
const OPEN = [
  { id: 'Rifle-3', side: 'soviet', type: 'infantry', cv: 2 },
  { id: 'Pz-41', side: 'axis', type: 'armor', cv: 3 },
];

const stateOf = (d: Device) => d.store.getState().current!.state;
type Blocks = { id: string; cv: number }[];
const battleOf = (d: Device) =>
  (stateOf(d).game as { battle?: { blocks: Blocks; rounds: number; joining?: Record<string, unknown> } }).battle;
/** An edit of the battle under way asked for on `d`, its open blocks as they stand. */
const edit = (d: Device, extra: object) =>
  d.store.act({
    type: 'procedure',
    id: 'ef.battle',
    input: { od: 'soviet', continue: true, blocks: battleOf(d)!.blocks, ...extra },
    outOfSequence: 'test',
  } as never);

/** Three linked devices and a battle fought for one round (no hits): the Soviets its Original Defender. */
async function underWay() {
  const { table, phones } = await linkedTable(device, { id: 'eastfront', scenario: 'ef-s42', title: 'Join' }, [
    ['Axis phone', 'axis'],
    ['Soviet phone', 'soviet'],
  ]);
  const [axis, soviet] = phones as [Device, Device];
  await actProcedure(table, 'ef.battle', { od: 'soviet', blocks: OPEN });
  await actProcedure(table, 'ef.round', { active: 'axis' });
  await actProcedure(table, 'ef.fire', {}, { manual: [[1, 1]] });
  await actProcedure(table, 'ef.fire', {}, { manual: [[1, 1, 1]] });
  for (const d of [axis, soviet]) await wait(() => expect(logOf(d)).toHaveLength(logOf(table).length));
  expect(battleOf(table)?.rounds).toBe(1);
  return { table, axis, soviet };
}

/** The Soviet reserve sealed on the Soviet phone and moved into the battle by that phone. */
async function joined() {
  const devices = await underWay();
  const { table, axis, soviet } = devices;
  expect(await soviet.store.seal('ef-join', 'soviet', RESERVE)).toBeDefined();
  const id = Object.keys(stateOf(table).sealed ?? {})[0]!;
  await wait(() => expect(stateOf(soviet).sealed?.[id]).toBeDefined());
  expect(await edit(soviet, { join: { soviet: id } })).toBeDefined();
  for (const d of [table, axis, soviet]) await wait(() => expect(battleOf(d)?.joining).toBeDefined());
  return { ...devices, id };
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  wire.length = 0;
  tamper = undefined;
});

describe('EastFront blocks joining a battle under way, sealed on their phone (7.15; issue #33)', () => {
  it('the table and the Axis phone hold a count and a commitment only, never the joining blocks nor the salt', async () => {
    const { table, axis, soviet, id } = await joined();
    expect(battleOf(table)?.joining).toEqual({ soviet: [{ id, n: 2 }] });
    const game = table.store.getState().current!.session.id;
    const kept = JSON.parse(soviet.kept.get('wc-sealed')!) as Record<string, Record<string, { salt: string }>>;
    const salt = kept[game]![id]!.salt;
    for (const d of [table, axis]) {
      const held = await holdings(d);
      expect(held).not.toMatch(/Geheim/);
      expect(held).not.toContain(salt);
    }
    expect(wire.map((w) => w.text).join('\n')).not.toMatch(/Geheim/);
    expect(soviet.store.sealedHeld(id)).toEqual(RESERVE);
  }, 60_000);

  it('the next round waits for the Soviet phone; called for, it reveals by itself, every device checks it, and the file verifies', async () => {
    const { table, axis, soviet, id } = await joined();
    expect(
      await table.store.act({
        type: 'procedure',
        id: 'ef.round',
        input: { active: 'axis' },
        outOfSequence: 'test',
      } as never),
    ).toBeUndefined();
    expect(table.store.getState().problem).toMatchObject({
      key: 'ef.err.sealedWait',
      params: { side: 'ef.side.soviet' },
    });
    expect(await table.store.act({ type: 'sealed.call', ids: [id] })).toBeDefined();
    for (const d of [table, axis, soviet]) await wait(() => expect(stateOf(d).sealed?.[id]?.revealed).toBe(true));
    await actProcedure(table, 'ef.round', { active: 'axis' });
    for (const d of [table, axis, soviet])
      await wait(() =>
        expect(battleOf(d)!.blocks.map((b) => `${b.id}:${b.cv}`)).toEqual([
          'Rifle-3:2',
          'Pz-41:3',
          'Geheim-Gds:4',
          'Geheim-Tk:2',
        ]),
      );
    const file = await table.store.exportSession(table.store.getState().current!.session.id);
    const v = await verifyText(file!);
    expect(v.code).toBe(0);
    expect(v.message).toContain('1 sealed value shown matches its commitment');
  }, 60_000);

  it('a reveal changed on its way is refused naming the commit step', async () => {
    const { table, soviet, id } = await joined();
    const commitStep = stateOf(table).sealed![id]!.seq;
    tamper = (from, m) => {
      if (from !== 'Soviet phone' || m.t !== 'act' || m.action.type !== 'sealed.reveal') return m;
      return { ...m, action: { ...m.action, value: [{ ...RESERVE[0]!, cv: 1 }, RESERVE[1]!] } } as Msg;
    };
    await table.store.act({ type: 'sealed.call', ids: [id] });
    await wait(() =>
      expect(soviet.store.getState().problem).toMatchObject({
        key: 'sealed.err.mismatch',
        params: { side: 'soviet', step: commitStep },
      }),
    );
    expect(stateOf(table).sealed?.[id]?.revealed).toBeUndefined();
  }, 60_000);

  it('the Axis phone cannot seal blocks joining the battle it attacked: 7.15 reveals them as they join', async () => {
    const { table, axis } = await underWay();
    expect(
      await axis.store.seal('ef-join', 'axis', [{ id: 'Geheim-Inf', side: 'axis', type: 'infantry', cv: 2 }]),
    ).toBeDefined();
    const id = Object.keys(stateOf(table).sealed ?? {})[0]!;
    await wait(() => expect(stateOf(axis).sealed?.[id]).toBeDefined());
    expect(await edit(axis, { join: { axis: id } })).toBeUndefined();
    await wait(() =>
      expect(axis.store.getState().problem).toMatchObject({
        key: 'ef.err.joinShown',
        params: { side: 'ef.sideOf.axis' },
      }),
    );
    expect(battleOf(table)?.joining).toBeUndefined();
  }, 60_000);
});
