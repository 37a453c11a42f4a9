// Issue #33, Grossdeutschland's black chits drawn from the players' own cups ("typed-in" mode, 10.3;
// seed 000) across linked devices: the table writing the game, the German and the Soviet phones, each
// a store on its own fake IndexedDB, linked by the in-memory stand-in for WebRTC.
//
// 10.3 (seed 000 line 520): a black chit drawn may be played when a blue or red chit is drawn "o
// puede simplemente guardarla para un posible uso posterior" — the black chit the Soviet player drew from the
// physical cup is typed on the Soviet phone and sealed there (src/engine/sealed.ts): the draw step
// takes `{colour: 'black', sealed: id}`, the hand holds it unnamed, and nothing the table or the
// German phone holds names it until the Soviet phone shows it to play it. Line 520 also: a black chit
// "permite a un jugador anular una ficha de eventos roja o azul específica" — the shown chit must be a black chit that
// cancels the chit it names; a red chit shown as black is refused by the rules, a reveal that is not
// what was sealed is refused naming the commit step. A reloaded phone keeps its salt; the file
// verifies in the CLI.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Msg } from '../../src/link/protocol';
import { eventsOf, handCount, pendingOf, type EventsState } from '../../src/games/grossdeutschland/events';

const wire: { from: string; to: string; text: string }[] = [];
let tamper: ((from: string, m: Msg) => Msg) | undefined;

vi.mock('../../src/link/peer', async () =>
  (await import('./link-fake-peer')).fakePeerModule({ record: wire, tamper: (from, m) => tamper?.(from, m) ?? m }),
);

const { verifyText } = await import('../../src/cli/verify');
const {
  device: makeDevice,
  holdings,
  wait,
  logOf,
  stateOf,
  actProcedure,
  linkedGd,
  relinked,
} = await import('./link-hidden-devices');
type Device = import('./link-hidden-devices').Device;

const device = (name: string) => makeDevice(name, { hiddenTimeoutMs: 60_000 });
const log = logOf;
const state = stateOf;
const events = (d: Device) => eventsOf(state(d).game) as EventsState;
/** The black chit the Soviet player drew from the physical cup: a name no other step carries. */
const SECRET = { name: 'Geheim-Sturmovik', cancels: 'Push' };
const PUSH = { name: 'Push', colour: 'blue', modifier: -1 };

const linked = () => linkedGd(device);

const act = actProcedure;
const synced = async (t: Device, ...ds: Device[]) => {
  for (const d of ds) await wait(() => expect(log(d)).toHaveLength(log(t).length));
};

/**
 * The players' own cups (10.3, typed-in mode), a day turn in sunny weather; the Soviet phone seals
 * the black chit its player drew; the table records the attack's draws: the German blue chit typed
 * in the open (played at once), the Soviet black one by its sealed value.
 */
async function sealedDraw(german: object = PUSH, secret: object = SECRET) {
  const devices = await linked();
  const { table: t, german: g, soviet: s } = devices;
  await act(t, 'gd.turn', { turnType: 'day', weatherModifier: 0, day: 10 });
  await act(t, 'gd.weather', {}, { manual: [[1]] });
  await act(t, 'gd.events.setup', { mode: 'table' });
  await synced(t, g, s);
  expect(await s.store.seal('gd-black', 'soviet', secret as never)).toBeDefined();
  await synced(t, g, s);
  const id = Object.keys(state(t).sealed ?? {})[0]!;
  expect(state(t).sealed?.[id]).toMatchObject({ side: 'soviet', n: 1 });
  await act(t, 'gd.events.draw', { attacker: 'german', german, soviet: { colour: 'black', sealed: id } });
  await synced(t, g, s);
  return { ...devices, id };
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  wire.length = 0;
  tamper = undefined;
});

describe('GD black chits typed in and sealed on the drawer’s phone (10.3, issue #33)', () => {
  it('nothing the table or the German phone holds names the sealed chit before its reveal; the hand counts it; played, it cancels the chit it names', async () => {
    const { table: t, german, soviet, id } = await sealedDraw();
    const pending = pendingOf(state(t).game, state(t).turn)!;
    expect(pending.chits.map((c) => [c.side, c.chit.name, c.status])).toEqual([
      ['german', 'Push', 'active'],
      ['soviet', '', 'black'],
    ]);
    expect(events(t).sealedHand).toEqual({ soviet: [id] });
    expect(handCount(events(german), state(german).cups['soviet-events'], 'soviet')).toBeGreaterThanOrEqual(1);
    const game = t.store.getState().current!.session.id;
    const salt = (JSON.parse(soviet.kept.get('wc-sealed')!) as Record<string, Record<string, { salt: string }>>)[game]![
      id
    ]!.salt;
    for (const d of [t, german]) {
      const held = await holdings(d);
      expect(held).not.toContain('Geheim');
      expect(held).not.toContain(salt);
    }
    expect(wire.map((w) => w.text).join('\n')).not.toContain('Geheim');
    expect(soviet.store.sealedHeld(id)).toEqual(SECRET);
    // The table's file before the reveal verifies, and says the sealed chit was never shown (not guessed).
    const before = await verifyText((await t.store.exportSession(game))!);
    expect(before.code).toBe(0);
    expect(before.message).toContain(
      `the soviet side's sealed value of step ${state(t).sealed![id]!.seq} (1 item) was never shown`,
    );
    // Played before it is shown: refused, naming the phone and the step that sealed it.
    await t.store.act({ type: 'procedure', id: 'gd.events.black', input: { side: 'soviet', sealed: id } });
    expect(t.store.getState().problem).toMatchObject({
      key: 'gd.err.sealedShowFirst',
      params: { side: 'gd.side.soviet', step: state(t).sealed![id]!.seq },
    });
    // The Soviet phone shows it (every device checks it against its commitment), then plays it.
    expect(await soviet.store.sealedReveal(id)).toBeDefined();
    for (const d of [t, german]) await wait(() => expect(state(d).sealed?.[id]?.revealed).toBe(true));
    expect(await t.store.sealedReveal(id)).toBeUndefined();
    expect(t.store.getState().problem).toMatchObject({ key: 'sealed.err.notHeld' });
    await act(soviet, 'gd.events.black', { side: 'soviet', sealed: id });
    await synced(soviet, t, german);
    const after = pendingOf(state(t).game, state(t).turn)!;
    expect(after.chits[0]).toMatchObject({ side: 'german', status: 'cancelled', by: 'Geheim-Sturmovik' });
    // Spent for good (10.3, line 520: "se ha gastado permanentemente"): out of the hand, never played again.
    expect(events(t).spent).toContain('Geheim-Sturmovik');
    expect(events(t).sealedHand).toEqual({ soviet: [] });
    await t.store.act({ type: 'procedure', id: 'gd.events.black', input: { side: 'soviet', sealed: id } });
    expect(t.store.getState().problem).toMatchObject({ key: 'gd.err.notSealed' });
    const file = await t.store.exportSession(game);
    const v = await verifyText(file!);
    expect(v.code).toBe(0);
    expect(v.message).toContain('1 sealed value shown matches its commitment');
  }, 60_000);

  it('a reveal changed on its way is refused naming the commit step; the play waits for the true one', async () => {
    const { table: t, soviet, id } = await sealedDraw();
    const commitStep = state(t).sealed![id]!.seq;
    tamper = (from, m) =>
      from === 'Soviet phone' && m.t === 'act' && m.action.type === 'sealed.reveal'
        ? ({ ...m, action: { ...m.action, value: { name: 'Black 1', cancels: 'Push' } } } as Msg)
        : m;
    await soviet.store.sealedReveal(id);
    await wait(() =>
      expect(soviet.store.getState().problem).toMatchObject({
        key: 'sealed.err.mismatch',
        params: { side: 'soviet', step: commitStep },
      }),
    );
    expect(state(t).sealed?.[id]?.revealed).toBeUndefined();
    await t.store.act({ type: 'procedure', id: 'gd.events.black', input: { side: 'soviet', sealed: id } });
    expect(t.store.getState().problem).toMatchObject({ key: 'gd.err.sealedShowFirst' });
    tamper = undefined;
    expect(await soviet.store.sealedReveal(id)).toBeDefined();
    await act(soviet, 'gd.events.black', { side: 'soviet', sealed: id });
    await synced(soviet, t);
    expect(pendingOf(state(t).game, state(t).turn)!.chits[0]).toMatchObject({ status: 'cancelled' });
  }, 60_000);

  it('a chit shown that is red, sealed as black, is refused by the rules naming it and the step', async () => {
    // The German attacker drew "Stall", a red chit (typed in the open); the Soviet phone sealed "Stall" as its black chit.
    const { table: t, soviet, id } = await sealedDraw({ name: 'Stall', colour: 'red', modifier: 1 }, { name: 'Stall' });
    expect(await soviet.store.sealedReveal(id)).toBeDefined();
    await wait(() => expect(state(t).sealed?.[id]?.revealed).toBe(true));
    await soviet.store.act({ type: 'procedure', id: 'gd.events.black', input: { side: 'soviet', sealed: id } });
    await wait(() =>
      expect(soviet.store.getState().problem).toMatchObject({
        key: 'gd.err.sealedNotBlack',
        params: { name: 'Stall', colour: 'gd.colour.red', side: 'gd.side.soviet', step: state(t).sealed![id]!.seq },
      }),
    );
    expect(events(t).sealedHand).toEqual({ soviet: [id] });
    expect(events(t).spent).not.toContain('Stall');
  }, 60_000);

  it('a chit shown that is assigned to a hand (never drawn) is refused by the rules, naming it and the step', async () => {
    // "Bogged" is in the Soviet player's starting hand (Kursk, 18.2): 10.3 line 520, assigned black chits are not drawn.
    const {
      table: t,
      soviet,
      id,
    } = await sealedDraw(
      { name: 'Aggressive Assault', colour: 'blue', modifier: -2 },
      {
        name: 'Bogged',
      },
    );
    expect(await soviet.store.sealedReveal(id)).toBeDefined();
    await wait(() => expect(state(t).sealed?.[id]?.revealed).toBe(true));
    await soviet.store.act({ type: 'procedure', id: 'gd.events.black', input: { side: 'soviet', sealed: id } });
    await wait(() =>
      expect(soviet.store.getState().problem).toMatchObject({
        key: 'gd.err.sealedGone',
        params: { name: 'Bogged', side: 'gd.side.soviet', step: state(t).sealed![id]!.seq },
      }),
    );
    // The hand's own "Bogged" is still played as ever (one device's rules unchanged).
    await act(t, 'gd.events.black', { side: 'soviet', chit: 'Bogged' });
    expect(pendingOf(state(t).game, state(t).turn)!.chits[0]).toMatchObject({ status: 'cancelled', by: 'Bogged' });
  }, 60_000);

  it('a sealed chit is drawn once, by its own side only', async () => {
    const { table: t, id } = await sealedDraw();
    // The attack is fought (its chits done with), then the next attack names the same sealed value.
    await act(t, 'gd.combat', { attackers: [{ af: 6 }], defenders: [{ df: 3 }] }, { manual: [[3, 4]] });
    expect(pendingOf(state(t).game, state(t).turn)).toBeUndefined();
    const draw = (input: object) =>
      t.store.act({ type: 'procedure', id: 'gd.events.draw', input, outOfSequence: 'test' } as never);
    expect(await draw({ attacker: 'german', german: PUSH, soviet: { colour: 'black', sealed: id } })).toBeUndefined();
    expect(t.store.getState().problem).toMatchObject({ key: 'gd.err.sealedTaken', params: { side: 'gd.side.soviet' } });
    // The Soviet phone's sealed value is never the German player's chit.
    expect(await draw({ attacker: 'german', soviet: PUSH, german: { colour: 'black', sealed: id } })).toBeUndefined();
    expect(t.store.getState().problem).toMatchObject({
      key: 'gd.err.sealedUnknown',
      params: { side: 'gd.side.german' },
    });
  }, 60_000);

  it('a reloaded Soviet phone keeps the sealed chit and its salt, and shows it', async () => {
    const { table: t, soviet, id } = await sealedDraw();
    soviet.link.leave();
    await wait(() => expect(t.link.players).toBe(1));
    await relinked(t, soviet, 'soviet');
    await wait(() => expect(t.link.players).toBe(2));
    expect(soviet.store.sealedHeld(id)).toEqual(SECRET);
    expect(await soviet.store.sealedReveal(id)).toBeDefined();
    await wait(() => expect(state(t).sealed?.[id]?.revealed).toBe(true));
    await act(soviet, 'gd.events.black', { side: 'soviet', sealed: id });
    await synced(soviet, t);
    expect(pendingOf(state(t).game, state(t).turn)!.chits[0]).toMatchObject({ status: 'cancelled' });
  }, 60_000);
});
