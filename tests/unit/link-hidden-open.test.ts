// Issue #33, the hidden draw's last milliseconds on the drawer's phone: between the chain that
// comes from the table and the chit shown, the phone opens the card. It made each chit of the deal
// under its own layer ahead of time, between other work (HiddenPhone.precompute, in memory only):
// the card opens by looking its last partial up, with no scalar multiplication (sra.ts open), to
// the same chit. Three devices as in link-hidden.test.ts (a Grossdeutschland table and the two
// players' phones, linked by the in-memory stand-in for WebRTC); sra.ts's `open` is counted. And on
// the table: a phone's hidden draw is stored and sent at once, its screen update held until the
// card's chain is on its way (Store.holdScreen), so the other phone's layer does not wait behind it.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The phones' layers (partials) on their way to the table, and the chains on their way to a
 * drawer, may be held back by the test, and handed over later.
 */
const chains = vi.hoisted(() => ({
  holdPartials: false,
  holdChains: false,
  held: [] as { text: string; to: { on: { message(m: unknown): void } } }[],
}));
vi.mock('../../src/link/peer', async () =>
  (await import('./link-fake-peer')).fakePeerModule({
    record: [],
    cut: (m, text, from) => {
      const held =
        m.t === 'hidden' && ((chains.holdPartials && m.op === 'partial') || (chains.holdChains && m.op === 'chain'));
      if (held) chains.held.push({ text, to: from.other! });
      return held;
    },
  }),
);
const opened = vi.hoisted(() => ({ calls: 0, unlocks: new Map<string, number>() }));
vi.mock('../../src/link/hidden-cup/sra', async (importOriginal) => {
  const sra = await importOriginal<typeof import('../../src/link/hidden-cup/sra')>();
  return {
    ...sra,
    open: (...args: Parameters<typeof sra.open>) => {
      opened.calls++;
      return sra.open(...args);
    },
    // Each layer a phone takes off a card, by the phone's side (made ahead of time, or when asked).
    unlock: (...args: Parameters<typeof sra.unlock>) => {
      opened.unlocks.set(args[2], (opened.unlocks.get(args[2]) ?? 0) + 1);
      return sra.unlock(...args);
    },
  };
});

const { device: makeDevice, wait, linkedTable, ownSecret } = await import('./link-hidden-devices');
type Device = import('./link-hidden-devices').Device;
const { chitPoints, open } = await import('../../src/link/hidden-cup/sra');

/** How long the table's screen waits for a hidden draw's chain (long where a test holds it on purpose). */
let waits: { screenHoldMs?: number } = {};
const device = (name: string) => makeDevice(name, { hiddenTimeoutMs: 60_000, ...waits });
const hiddenOf = (d: Device) => d.store.getState().current?.state.hidden?.['activation'];
/** The phone's chits under its own layer made so far for a deal (HiddenPhone's memory). */
const lockedOf = (d: Device, deal: string): readonly string[] =>
  (d.link as unknown as { hiddenP?: { locked: Map<string, { points: string[] }> } }).hiddenP?.locked.get(deal)
    ?.points ?? [];

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  opened.calls = 0;
  opened.unlocks.clear();
  chains.holdPartials = false;
  chains.holdChains = false;
  chains.held.length = 0;
  waits = {};
});

const gdTable = () =>
  linkedTable(device, { id: 'grossdeutschland', scenario: 'gd-kursk', title: 'Kursk' }, [
    ['German phone', 'german'],
    ['Soviet phone', 'soviet'],
  ]);

describe('the drawer’s phone opens its hidden card (issue #33)', () => {
  it('once its deal’s chits under its own layer are made, by looking the card up: no multiplication, the chit open gives', async () => {
    const { table: t, phones } = await linkedTable(
      device,
      { id: 'grossdeutschland', scenario: 'gd-kursk', title: 'Kursk' },
      [
        ['German phone', 'german'],
        ['Soviet phone', 'soviet'],
      ],
    );
    const soviet = phones[1]!;
    expect(await t.link.dealHidden('activation')).toBe(true);
    await wait(() => expect(hiddenOf(soviet)?.decks).toHaveLength(2));
    const { deal, chits } = hiddenOf(t)!;
    // Made between other work, after the deal (every chit of it, in chit order).
    await wait(() => expect(lockedOf(soviet, deal)).toHaveLength(chits.length));

    const before = opened.calls;
    await soviet.store.act({ type: 'hidden.draw', cup: 'activation', side: 'soviet' });
    await wait(() => expect(soviet.store.getState().hiddenChits?.mine).toHaveLength(1));
    expect(opened.calls).toBe(before);
    // The chit shown is the one the card opens to with the phone's key (open, here, by the test).
    const mine = soviet.store.getState().hiddenChits!.mine[0]!;
    const chain = JSON.parse(soviet.kept.get('wc-hidden')!).opened[`${deal}/0`].chain as { y: string }[];
    const index = open(chain.at(-1)!.y, ownSecret(soviet, deal)!, chitPoints(deal, chits.length));
    expect(mine.chit).toBe(chits[index!]);
  }, 60_000);

  it('the table logs, stores and sends a phone’s hidden draw at once, and holds its screen update until the card’s layers are in and its chain is on its way (bounded)', async () => {
    waits = { screenHoldMs: 60_000 };
    const { table: t, phones } = await gdTable();
    const soviet = phones[1]!;
    expect(await t.link.dealHidden('activation')).toBe(true);
    await wait(() => expect(hiddenOf(soviet)?.decks).toHaveLength(2));
    const steps = t.store.getState().current!.session.log.length;
    // The German phone's layer is held on its way to the table.
    chains.holdPartials = true;
    // (Answered once the Soviet phone has shown the step: not awaited here.)
    const drawn = soviet.store.act({ type: 'hidden.draw', cup: 'activation', side: 'soviet' });
    // Logged and stored on the table, and sent; its screen waits for the layer.
    await wait(() => expect(chains.held).toHaveLength(1));
    expect(t.store.getState().current!.session.log).toHaveLength(steps + 1);
    expect(t.store.screenHeld()).toBeDefined();
    // The layer comes: the chain goes to the Soviet phone, and the table's screen goes on.
    chains.holdPartials = false;
    const { text, to } = chains.held[0]!;
    to.on.message(JSON.parse(text));
    await wait(() => expect(soviet.store.getState().hiddenChits?.mine).toHaveLength(1));
    await wait(() => expect(t.store.screenHeld()).toBeUndefined());
    expect((await drawn)?.seq).toBe(steps + 1);
  }, 60_000);

  it('the table’s screen goes on after its bound (300 ms) when the other phone’s layer does not come', async () => {
    const { table: t, phones } = await gdTable();
    const soviet = phones[1]!;
    expect(await t.link.dealHidden('activation')).toBe(true);
    await wait(() => expect(hiddenOf(soviet)?.decks).toHaveLength(2));
    chains.holdPartials = true;
    const drawn = soviet.store.act({ type: 'hidden.draw', cup: 'activation', side: 'soviet' });
    await wait(() => expect(chains.held).toHaveLength(1));
    expect(t.store.screenHeld()).toBeDefined();
    await wait(() => expect(t.store.screenHeld()).toBeUndefined());
    await drawn;
    expect(soviet.store.getState().hiddenChits?.mine ?? []).toEqual([]);
  }, 60_000);

  it('prepares nothing ahead while the chain of a card it drew is on its way: the chain and its chit go first; after it, the work goes on', async () => {
    const { table: t, phones } = await gdTable();
    const soviet = phones[1]!;
    expect(await t.link.dealHidden('activation')).toBe(true);
    await wait(() => expect(hiddenOf(soviet)?.decks).toHaveLength(2));
    const { deal, chits } = hiddenOf(t)!;
    // The work after the deal done (its last part: the chits under the phone's own layer).
    await wait(() => expect(lockedOf(soviet, deal)).toHaveLength(chits.length));
    const steps = soviet.store.getState().current!.session.log.length;
    chains.holdChains = true;
    await soviet.store.act({ type: 'hidden.draw', cup: 'activation', side: 'soviet' });
    // The draw step is stored and shown on the Soviet phone; its chain is held on its way.
    expect(soviet.store.getState().current!.session.log).toHaveLength(steps + 1);
    await wait(() => expect(chains.held).toHaveLength(1));
    // The next card's layer for a German draw would be made now (background tasks run in turn): none is.
    const before = opened.unlocks.get('soviet') ?? 0;
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
    expect(opened.unlocks.get('soviet') ?? 0).toBe(before);
    // The chain comes: the chit opens, then the work goes on.
    const { text, to } = chains.held[0]!;
    to.on.message(JSON.parse(text));
    await wait(() => expect(soviet.store.getState().hiddenChits?.mine).toHaveLength(1));
    await wait(() => expect(opened.unlocks.get('soviet') ?? 0).toBeGreaterThan(before));
  }, 60_000);
});
