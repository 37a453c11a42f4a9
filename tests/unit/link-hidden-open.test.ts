// Issue #33, the hidden draw's last milliseconds on the drawer's phone: between the chain that
// comes from the table and the chit shown, the phone opens the card. It made each chit of the deal
// under its own layer ahead of time, between other work (HiddenPhone.precompute, in memory only):
// the card opens by looking its last partial up, with no scalar multiplication (sra.ts open), to
// the same chit. Three devices as in link-hidden.test.ts (a Grossdeutschland table and the two
// players' phones, linked by the in-memory stand-in for WebRTC); sra.ts's `open` is counted.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/link/peer', async () => (await import('./link-fake-peer')).fakePeerModule({ record: [] }));
const opened = vi.hoisted(() => ({ calls: 0 }));
vi.mock('../../src/link/hidden-cup/sra', async (importOriginal) => {
  const sra = await importOriginal<typeof import('../../src/link/hidden-cup/sra')>();
  return {
    ...sra,
    open: (...args: Parameters<typeof sra.open>) => {
      opened.calls++;
      return sra.open(...args);
    },
  };
});

const { device: makeDevice, wait, linkedTable, ownSecret } = await import('./link-hidden-devices');
type Device = import('./link-hidden-devices').Device;
const { chitPoints, open } = await import('../../src/link/hidden-cup/sra');

const device = (name: string) => makeDevice(name, { hiddenTimeoutMs: 60_000 });
const hiddenOf = (d: Device) => d.store.getState().current?.state.hidden?.['activation'];
/** The phone's chits under its own layer made so far for a deal (HiddenPhone's memory). */
const lockedOf = (d: Device, deal: string): readonly string[] =>
  (d.link as unknown as { hiddenP?: { locked: Map<string, { points: string[] }> } }).hiddenP?.locked.get(deal)
    ?.points ?? [];

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  opened.calls = 0;
});

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
});
