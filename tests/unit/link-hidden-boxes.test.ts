// Issue #33, Zitadelle 13.3 (seed 001): the Soviet reinforcement chits in boxes A–H, with each
// side's phone linked, become a hidden cup held for the whole game. 13.32 (line 716): "Ninguno de los
// jugadores puede mirar el reverso de estos Chits durante la colocación" — both phones shuffle them;
// 13.33 (line 720): "el jugador soviético podrá mirar el reverso de todos los Chits" — card i is drawn
// for the Soviet side as box A…H, and only the Soviet phone opens them; 13.37 (line 728): "El jugador
// alemán nunca podrá mirar en el Chit de refuerzos opcionales soviéticos hasta que el Chit sea jugado"
// — after every step, everything the table and the German phone hold (memory, IndexedDB, an export,
// what the phone keeps) is searched for the boxes' chits; a box is revealed on its turn by the Soviet
// phone and checked by every device. Three devices, each a store on its own fake IndexedDB, linked by
// an in-memory stand-in for the WebRTC peer (as in link-hidden.test.ts).
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Msg } from '../../src/link/protocol';
import { chitsOf } from '../../src/games/zitadelle/rules';

/** Every message sent over any link, in order, with its sender and receiver. */
const wire: { from: string; to: string; text: string }[] = [];
/** A message about to be delivered may be changed (a cheating device), by the test. */
let tamper: ((from: string, m: Msg) => Msg) | undefined;

vi.mock('../../src/link/peer', async () =>
  (await import('./link-fake-peer')).fakePeerModule({ record: wire, tamper: (from, m) => tamper?.(from, m) ?? m }),
);

const { verifyText } = await import('../../src/cli/verify');
const { checkHiddenLog } = await import('../../src/link/hidden-cup/verify');
const { device: makeDevice, found, nameLinks, singlesOutNothing, wait } = await import('./link-hidden-devices');
type Device = import('./link-hidden-devices').Device;

/** How long a deal waits for the phones (short only where a test waits for it to stall). */
let dealTimeout = 60_000;
const device = (name: string) => makeDevice(name, { hiddenTimeoutMs: dealTimeout });

const CUP = 'zi-optional-reinforcement-chits';
const CHITS = ['GT2', 'GT3', 'GT4', 'GT4 S3', 'GT5', 'GT5 S4', 'GT6', 'GT7'];
const TURNS = { C: 4, D: 4, E: 5, F: 5, G: 6, H: 7 };
const hiddenOf = (d: Device) => d.store.getState().current?.state.hidden?.[CUP];
const log = (d: Device) => d.store.getState().current?.session.log ?? [];
const chitsState = (d: Device) => chitsOf(d.store.getState().current!.state.game);

async function zitadelle(phones: readonly (readonly [string, string])[]) {
  const t = await device('Table');
  const id = (await t.store.createSession('zitadelle', 'zi-kursk', 'Kursk'))!;
  await t.store.openSession(id);
  const linkedPhones: Device[] = [];
  for (const [name, side] of phones) {
    const p = await device(name);
    const invite = await t.link.invite();
    const answer = await p.link.join(invite.code);
    nameLinks(t);
    nameLinks(p);
    await invite.accept(answer);
    await wait(() => expect(p.store.getState().current?.session.id).toBe(id));
    p.link.setView('player', side);
    linkedPhones.push(p);
  }
  await wait(() => expect(t.link.players).toBe(phones.length));
  // Joint randomness starts by itself with the players' phones (issue #33): rolls wait for their values.
  await wait(() => expect(t.store.getState().current?.state.joint?.devices).toHaveLength(phones.length + 1));
  return { t, phones: linkedPhones };
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  wire.length = 0;
  tamper = undefined;
  dealTimeout = 60_000;
});

describe('Zitadelle 13.3: the reinforcement boxes A–H between linked phones (issue #33)', () => {
  it('only the Soviet phone knows which box holds which; each box is revealed on its turn and checked by every device', async () => {
    const {
      t,
      phones: [german, soviet],
    } = await zitadelle([
      ['German phone', 'german'],
      ['Soviet phone', 'soviet'],
    ]);
    // The table places the chits between the phones: the names go into the scenario's cup, the boxes stay empty.
    const setup = await t.store.act({
      type: 'procedure',
      id: 'zi.chits-setup',
      input: { chits: CHITS, turns: TURNS, hidden: true },
    });
    expect(setup?.outcome).toMatchObject({ kind: 'procedure' });
    expect(chitsState(t)).toMatchObject({ boxes: {}, hidden: CUP });
    expect(await t.link.dealBoxes(CUP, 'soviet')).toBe(true);
    // Deal and eight draws, all for the Soviet side, in box order.
    expect(hiddenOf(t)!.drawn).toEqual(CHITS.map((_, pos) => ({ pos, side: 'soviet' })));
    expect(hiddenOf(t)!.lasting).toBe(true);
    const deal = hiddenOf(t)!.deal;
    const n = CHITS.length;
    await wait(() => expect(soviet!.store.getState().hiddenChits?.mine).toHaveLength(8));
    const boxes = soviet!.store.getState().hiddenChits!.mine.map((m) => m.chit);
    expect([...boxes].sort()).toEqual([...CHITS].sort());
    // The chains went to the Soviet phone only.
    expect(new Set(wire.filter((w) => w.text.includes('"op":"chain"')).map((w) => w.to))).toEqual(
      new Set(['Soviet phone']),
    );
    for (const d of [t, german!]) await wait(() => expect(log(d)).toHaveLength(log(t).length));
    // The table finds no chit at all; the German phone (it shuffled) singles out none.
    expect((await found(t, deal, n)).size).toBe(0);
    expect(await singlesOutNothing(german!, deal, n)).toBe(true);

    // Turn 1 ends: the deal lasts (its boxes are not asked to be shown); turn 2 is box A's (13.35, line 722).
    expect(await t.store.act({ type: 'end-turn' })).toBeDefined();
    expect(hiddenOf(t)?.deal).toBe(deal);
    expect(t.store.getState().current!.state.cups[CUP]!.chits).toEqual([]);
    // The old reveal on the table is refused in words: the Soviet phone plays each box.
    expect(await t.store.act({ type: 'procedure', id: 'zi.chits-reveal', input: {} })).toBeUndefined();
    expect(t.store.getState().problem).toMatchObject({ key: 'zi.err.boxesOnPhone' });
    t.store.dismissProblem();
    expect(soviet!.link.revealHidden(deal, 0)).toBe(true);
    const indexA = hiddenOf(t)!.chits.indexOf(boxes[0]!);
    for (const d of [t, german!, soviet!]) {
      await wait(() =>
        expect(log(d).at(-1)?.outcome).toMatchObject({ kind: 'hidden', op: 'reveal', pos: 0, chit: boxes[0] }),
      );
      expect(hiddenOf(d)!.revealed[0]).toBe(hiddenOf(d)!.chits.indexOf(boxes[0]!));
    }
    // Box A is known to all now; boxes B–H still to no device but the Soviet phone.
    expect([...(await found(t, deal, n))].every((i) => i === indexA)).toBe(true);
    expect(await singlesOutNothing(german!, deal, n, [indexA])).toBe(true);
    // The game file verifies (the reveal's proof, and seven chits still hidden).
    const file = (await t.store.exportSession(t.store.getState().current!.session.id))!;
    const ok = await verifyText(file);
    expect(ok.code).toBe(0);
    expect(await checkHiddenLog(log(t))).toEqual({ ok: true, deals: 1, revealed: 1, hidden: 7, audited: 0 });
    // A lying reveal of box B is refused by name.
    await t.store.act({ type: 'end-turn' });
    tamper = (from, m) =>
      from === 'Soviet phone' && m.t === 'hidden' && m.op === 'reveal' ? { ...m, index: (m.index + 1) % n } : m;
    const steps = log(t).length;
    soviet!.link.revealHidden(deal, 1);
    await wait(() =>
      expect(t.store.getState().problem).toMatchObject({ key: 'hidden.link.badReveal', params: { n: 2 } }),
    );
    expect(log(t)).toHaveLength(steps);
  }, 60_000);

  it('a phone missing: the boxes are refused between phones, said; the one-device placement is unchanged (hidden on screen only)', async () => {
    const { t } = await zitadelle([['Soviet phone', 'soviet']]);
    expect(await t.link.dealBoxes(CUP, 'soviet')).toBe(false);
    expect(t.store.getState().problem).toMatchObject({ key: 'hidden.link.needPhones', params: { side: 'german' } });
    t.store.dismissProblem();
    const setup = await t.store.act({ type: 'procedure', id: 'zi.chits-setup', input: { chits: CHITS, turns: TURNS } });
    expect(setup).toBeDefined();
    const placed = chitsState(t)!;
    expect(placed.hidden).toBeUndefined();
    expect(Object.values(placed.boxes).sort()).toEqual([...CHITS].sort());
    expect(hiddenOf(t)).toBeUndefined();
  }, 60_000);
});
