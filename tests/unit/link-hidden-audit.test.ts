// Issue #33: the audit of a hidden deal that lasts the game, across three in-memory devices (the
// table writing the game, the German and the Soviet phones; tests/unit/link-hidden-devices.ts).
// Grossdeutschland's event cups are dealt between the phones for the whole game (10.3, seed 000
// line 498: each player draws "sin mirar"; line 520: a black chit may be kept "para un posible uso
// posterior"). At the end, or after a dispute, the table asks for the audit: each phone gives its
// secrets only when its player agrees (a player who has not agreed is named on every screen, and
// the game goes on meanwhile); the audit step shows every card still face down — a black chit kept
// in hand goes to its player's hand, named and public — and puts the chits not drawn back into the
// cup, which is dealt afresh at its next draw. Every device checks the step; the CLI verifies the
// file; a swapped card (a phone that did not shuffle as it says) and a forged card shown are named.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Msg } from '../../src/link/protocol';
import {
  EVENT_CUP,
  eventsOf,
  faceDownOf,
  handCount,
  keepOf,
  type EventsState,
} from '../../src/games/grossdeutschland/events';
import { nextHiddenPos } from '../../src/engine';

/** Every message sent over any link, in order, with its sender and receiver. */
const wire: { from: string; to: string; text: string }[] = [];
/** A message about to be delivered may be changed (a cheating device), by the test. */
let tamper: ((from: string, m: Msg) => Msg) | undefined;

vi.mock('../../src/link/peer', async () =>
  (await import('./link-fake-peer')).fakePeerModule({ record: wire, tamper: (from, m) => tamper?.(from, m) ?? m }),
);

const { verifyText } = await import('../../src/cli/verify');
const { checkHiddenLog, hiddenIssues } = await import('../../src/link/hidden-cup/verify');
const {
  device: makeDevice,
  wait,
  logOf: log,
  stateOf: state,
  actProcedure: act,
  GD_EVENT_MANIFEST,
  linkedGd,
  holdings,
  ownSecret,
} = await import('./link-hidden-devices');
type Device = import('./link-hidden-devices').Device;

const device = (name: string) => makeDevice(name, { hiddenTimeoutMs: 60_000 });
const dealOf = (d: Device, side: 'german' | 'soviet') => state(d).hidden?.[EVENT_CUP[side]];
const events = (d: Device) => eventsOf(state(d).game) as EventsState;
const waitingOf = (d: Device) => d.store.getState().hiddenChits?.auditWaiting;

/** A Grossdeutschland game on three devices, a day turn, the app the cups, both event cups dealt between the phones for the game. */
async function dealt() {
  const devices = await linkedGd(device);
  const { table: t, german, soviet } = devices;
  await act(t, 'gd.turn', { turnType: 'day', weatherModifier: 0, day: 10 });
  await act(t, 'gd.weather', {}, { manual: [[1]] });
  await act(t, 'gd.events.setup', { manifest: GD_EVENT_MANIFEST });
  for (const side of ['german', 'soviet'] as const) expect(await dealKeeping(t, side)).toBe(true);
  for (const d of [t, german, soviet]) await wait(() => expect(log(d)).toHaveLength(log(t).length));
  return devices;
}

/** The table deals `side`'s event cup between the phones for the game, its black chits the ones that may be kept (10.3). */
const dealKeeping = (t: Device, side: 'german' | 'soviet') =>
  t.link.dealHidden(EVENT_CUP[side], {
    lasting: true,
    keep: keepOf(state(t).cups[EVENT_CUP[side]]!.chits, events(t).known),
  });

/** Draws for `side` until its phone settles a card as `until` says (shown, or kept face down: black); returns it. */
async function drawUntil(t: Device, phone: Device, side: 'german' | 'soviet', until: (kept: boolean) => boolean) {
  for (let k = 0; k < 66; k++) {
    const e = await t.store.act({ type: 'hidden.draw', cup: EVENT_CUP[side], side });
    const pos = (e!.outcome as { pos: number }).pos;
    await wait(() => {
      const d = dealOf(t, side)!;
      expect(d.revealed[pos] !== undefined || !!d.kept?.includes(pos)).toBe(true);
    });
    const mine = phone.store.getState().hiddenChits!.mine.find((m) => m.cup === EVENT_CUP[side] && m.pos === pos)!;
    if (until(!!dealOf(t, side)!.kept?.includes(pos))) return { pos, chit: mine.chit };
  }
  throw new Error('never drawn');
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  wire.length = 0;
  tamper = undefined;
});

describe('the audit of a deal that lasts the game (Grossdeutschland event cups, 10.3; issue #33)', () => {
  it('audits clean after draws and keeps: a withheld agreement is named on every screen and blocks nothing; the kept chit is public; the cup is dealt afresh and play goes on', async () => {
    const { table: t, german, soviet } = await dealt();
    const dealS = dealOf(t, 'soviet')!;
    // The Soviet player draws until a black chit comes and is kept face down (red and blue ones are shown).
    const kept = await drawUntil(t, soviet, 'soviet', (k) => k);
    const g = await drawUntil(t, german, 'german', () => true);
    await act(t, 'gd.events.draw', { attacker: 'german', hidden: { german: g.pos, soviet: kept.pos } });
    expect(events(t).faceDown).toMatchObject({ soviet: [kept.pos] });
    const handBefore = state(t).cups[EVENT_CUP.soviet]!.hands['soviet'] ?? [];
    const left = 66 - nextHiddenPos(log(t), EVENT_CUP.soviet);

    // The table asks for the audit: every screen names the sides whose players have not agreed yet.
    t.link.askAudit(dealS.deal);
    for (const d of [t, german, soviet])
      await wait(() => expect(waitingOf(d)).toEqual([{ deal: dealS.deal, waiting: ['german', 'soviet'] }]));
    expect(german.link.auditHidden(dealS.deal)).toBe(true);
    for (const d of [t, german, soviet])
      await wait(() => expect(waitingOf(d)).toEqual([{ deal: dealS.deal, waiting: ['soviet'] }]));
    expect(soviet.store.getState().hiddenChits?.audit).toEqual([dealS.deal]);
    expect(german.store.getState().hiddenChits?.audit).toEqual([]);
    // The Soviet player has not agreed: the game goes on meanwhile (a German draw), nothing audited.
    const g2 = await drawUntil(t, german, 'german', () => true);
    expect(log(t).some((e) => e.action.type === 'hidden.audit')).toBe(false);
    expect(dealOf(t, 'soviet')!.audited).toBeUndefined();
    // The German phone's secret has not left it: agreeing alone sends none (with it, the table
    // could take the German layer off the Soviet cards and, with the chains it relays, open them).
    const kG = ownSecret(german, dealS.deal)!.k;
    expect(wire.some((w) => w.from === 'German phone' && w.text.includes(kG))).toBe(false);
    expect(await holdings(t)).not.toContain(kG);

    // The Soviet player agrees: the audit is a step every device follows; every shuffle was honest.
    expect(soviet.link.auditHidden(dealS.deal)).toBe(true);
    await wait(() => expect(t.link.audit?.result.ok).toBe(true));
    for (const d of [t, german, soviet]) {
      await wait(() =>
        expect(log(d).at(-1)?.outcome).toMatchObject({
          op: 'audit',
          back: left,
          opened: [{ pos: kept.pos, side: 'soviet', chit: kept.chit, kept: true }],
        }),
      );
      // The kept chit is public: in the Soviet hand, named, counted once; the chits not drawn are back in the cup.
      expect(state(d).cups[EVENT_CUP.soviet]!.hands['soviet']).toEqual([...handBefore, kept.chit]);
      expect(state(d).cups[EVENT_CUP.soviet]!.chits).toHaveLength(left);
      expect(dealOf(d, 'soviet')).toMatchObject({ audited: true, closed: true });
      expect(faceDownOf(events(d), state(d).hidden, 'soviet')).toEqual([]);
      expect(handCount(events(d), state(d).cups[EVENT_CUP.soviet], 'soviet', state(d).hidden)).toBe(
        handBefore.length + 1,
      );
      await wait(() => expect(waitingOf(d) ?? []).toEqual([]));
    }
    // Each phone checks the audit step itself, as the verifier does, and says its verdict.
    for (const d of [german, soviet])
      await wait(() => expect(d.store.getState().problem).toMatchObject({ key: 'hidden.link.auditOk' }));
    // The audit cannot be undone (its secrets stay in the log), nor anything before it: refused in words.
    const standing = log(t).length;
    await t.store.undo();
    expect(t.store.getState().problem).toMatchObject({ key: 'hidden.err.auditUndo' });
    expect(log(t)).toHaveLength(standing);
    t.store.dismissProblem();
    // The German cup's deal is untouched.
    expect(dealOf(t, 'german')!.audited).toBeUndefined();

    // The file verifies in the CLI: the audit recomputes every deck and unlock, and the card it showed.
    const file = (await t.store.exportSession(t.store.getState().current!.session.id))!;
    const ok = await verifyText(file);
    expect(ok.code).toBe(0);
    expect(ok.message).toContain("1 shuffle audited from the phones' secrets: every deck and unlock honest");
    expect(await checkHiddenLog(log(t))).toMatchObject({ ok: true, audited: 1 });

    // A file whose audit shows the kept card as another chit is refused, naming the step and the card.
    const auditStep = log(t).find((e) => e.action.type === 'hidden.audit')!;
    const shown = new Set(Object.values(dealOf(t, 'soviet')!.revealed));
    const other = dealS.chits.findIndex((_, i) => !shown.has(i));
    const forged = JSON.parse(file) as {
      session: { log: { seq: number; action: { opened?: { index: number }[] } }[] };
    };
    forged.session.log.find((e) => e.seq === auditStep.seq)!.action.opened![0]!.index = other;
    const bad = await verifyText(JSON.stringify(forged));
    expect(bad.code).toBe(1);
    expect(bad.message).toContain(`MISMATCH at step ${auditStep.seq}`);
    // The audit check itself (a forger who also rewrote the step's result and its chain): the card is named.
    const rewritten = log(t).map((e) =>
      e.seq === auditStep.seq && e.action.type === 'hidden.audit'
        ? { ...e, action: { ...e.action, opened: [{ pos: kept.pos, index: other }] } }
        : e,
    );
    expect(await checkHiddenLog(rewritten)).toEqual({
      ok: false,
      seq: auditStep.seq,
      why: 'auditOpened',
      card: kept.pos + 1,
    });
    expect((await hiddenIssues(rewritten))[0]?.message).toBe(
      `the audit of a hidden cup shows card ${kept.pos + 1} as a chit the phones' secrets do not open it to (the table wrote that step)`,
    );
    const another = await device('Another device');
    expect((await another.store.importSession(JSON.stringify(forged)))?.ok).toBe(false);

    // Play goes on: the next draw deals the Soviet cup afresh between the phones, from the chits back in it.
    expect(await dealKeeping(t, 'soviet')).toBe(true);
    expect(dealOf(t, 'soviet')!.chits).toHaveLength(left);
    const s2 = await drawUntil(t, soviet, 'soviet', () => true);
    expect(s2.pos).toBe(0);
    // The next turn's attack reads the new deal's first card (its positions start again).
    expect(await t.store.act({ type: 'end-turn' })).toBeTruthy();
    await act(t, 'gd.turn', { turnType: 'day', weatherModifier: 0, day: 11 });
    await act(t, 'gd.weather', {}, { manual: [[1]] });
    await act(t, 'gd.events.draw', { attacker: 'german', hidden: { german: g2.pos, soviet: s2.pos } });
    for (const d of [t, german, soviet]) await wait(() => expect(log(d)).toHaveLength(log(t).length));
    expect(await checkHiddenLog(log(t))).toMatchObject({ ok: true, deals: 3, audited: 1 });
  }, 120_000);

  it('a phone that swapped cards in its shuffle is named by the audit on every device and in the file; the game goes on', async () => {
    // The Soviet phone's shuffle of the Soviet cup: two cards swapped after it shuffled (it says one
    // permutation and sent another). Each card still opens to a chit: only the audit finds it.
    let swapped = false;
    tamper = (from, m) => {
      if (from !== 'Soviet phone' || m.t !== 'hidden' || m.op !== 'shuffled' || swapped) return m;
      swapped = true;
      const deck = [...m.deck];
      [deck[0], deck[1]] = [deck[1]!, deck[0]!];
      return { ...m, deck };
    };
    const devices = await linkedGd(device);
    const { table: t, german, soviet } = devices;
    await act(t, 'gd.turn', { turnType: 'day', weatherModifier: 0, day: 10 });
    await act(t, 'gd.weather', {}, { manual: [[1]] });
    await act(t, 'gd.events.setup', { manifest: GD_EVENT_MANIFEST });
    expect(await dealKeeping(t, 'german')).toBe(true);
    expect(swapped).toBe(true);
    tamper = undefined;
    const dealG = dealOf(t, 'german')!;
    await drawUntil(t, german, 'german', () => true);
    t.link.askAudit(dealG.deal);
    await wait(() => expect(german.store.getState().hiddenChits?.audit).toEqual([dealG.deal]));
    await wait(() => expect(soviet.store.getState().hiddenChits?.audit).toEqual([dealG.deal]));
    expect(german.link.auditHidden(dealG.deal)).toBe(true);
    expect(soviet.link.auditHidden(dealG.deal)).toBe(true);
    await wait(() => expect(t.link.audit?.result).toMatchObject({ ok: false, by: 'soviet', what: 'shuffle' }));
    await wait(() =>
      expect(t.store.getState().problem).toMatchObject({
        key: 'hidden.link.auditFailed',
        params: { side: 'soviet', what: 'shuffle' },
      }),
    );
    // The step is logged with the secrets (any device can check it). The game goes on: each card
    // drawn still opens to its chit with every key taken off, so the deal is closed as an honest one
    // would be (the card shown is the German phone's own), and the cup can be dealt afresh.
    const step = log(t).at(-1)!;
    expect(step.action).toMatchObject({ type: 'hidden.audit' });
    expect(dealOf(t, 'german')?.closed).toBe(true);
    expect(await dealKeeping(t, 'german')).toBe(true);
    expect(dealOf(t, 'german')?.closed).toBeUndefined();
    expect(await checkHiddenLog(log(t))).toMatchObject({ ok: false, seq: step.seq, why: 'audit', side: 'soviet' });
    // Each phone checks the step too, and names the Soviet phone.
    for (const d of [german, soviet])
      await wait(() =>
        expect(d.store.getState().problem).toMatchObject({
          key: 'hidden.link.auditFailed',
          params: { side: 'soviet', what: 'shuffle' },
        }),
      );
    const file = (await t.store.exportSession(t.store.getState().current!.session.id))!;
    const bad = await verifyText(file);
    expect(bad.code).toBe(1);
    expect(bad.message).toContain("the soviet side's phone did not follow the protocol (shuffle)");
  }, 120_000);
});
