// Issue #33, Grossdeutschland's event cups between the players' phones (10.3; seed 000). Three
// devices (the table writing the game, the German and the Soviet phones), each a store on its own
// fake IndexedDB, linked by an in-memory stand-in for the WebRTC peer (as link-hidden.test.ts).
//
// Seed 000 lines 49 and 53: one cup for the German "Fichas de Eventos", one for the Soviet — each
// side's cup is dealt between the two phones. 10.3, line 498: "cada jugador (el atacante y el
// defensor) debe sacar una ficha de evento de su recipiente … sin mirar" — the attacker's and the
// defender's draws, each opened by its own phone only. Line 520: a black chit "recién sacada" may be
// played "o puede simplemente guardarla para un posible uso posterior" — it is kept face down, proven
// one of the cup's black chits, not which; the other side sees a count. Line 520 again: "Una vez
// jugada una ficha negra … no puede recuperarse de ninguna manera" — played later, its phone shows it
// (proven the card kept) and it
// cancels the chit it names, spent for good. After each step, everything the German phone and the
// table hold (memory, IndexedDB, an export, what the phone keeps) is searched for the Soviet kept
// chit; a red chit kept face down and a forged reveal are refused by name.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Msg } from '../../src/link/protocol';
import { EVENT_CUP, eventsOf, keepOf, pendingOf, type EventsState } from '../../src/games/grossdeutschland/events';

/** Every message sent over any link, in order, with its sender and receiver. */
const wire: { from: string; to: string; text: string }[] = [];
/** A message about to be delivered may be changed (a cheating device), by the test. */
let tamper: ((from: string, m: Msg) => Msg) | undefined;

vi.mock('../../src/link/peer', async () =>
  (await import('./link-fake-peer')).fakePeerModule({ record: wire, tamper: (from, m) => tamper?.(from, m) ?? m }),
);

const { verifyText } = await import('../../src/cli/verify');
const { checkHiddenLog } = await import('../../src/link/hidden-cup/verify');
const { checkRequest, readMsg } = await import('../../src/link/guard');
const {
  device: makeDevice,
  found,
  ownSecret,
  wait,
  logOf,
  stateOf,
  actProcedure,
  GD_EVENT_MANIFEST,
  linkedGd,
  relinked,
} = await import('./link-hidden-devices');
const { chitPoints, open } = await import('../../src/link/hidden-cup/sra');
type Device = import('./link-hidden-devices').Device;

const device = (name: string) => makeDevice(name, { hiddenTimeoutMs: 60_000 });
const log = logOf;
const state = stateOf;
const dealOf = (d: Device, side: 'german' | 'soviet') => state(d).hidden?.[EVENT_CUP[side]];
const events = (d: Device) => eventsOf(state(d).game) as EventsState;

const MANIFEST = GD_EVENT_MANIFEST;

const linked = () => linkedGd(device);

const act = actProcedure;

/** The game set up: a day turn in sunny weather, the app is the cups, both event cups dealt between the phones. */
async function dealt() {
  const devices = await linked();
  const { table: t, german, soviet } = devices;
  await act(t, 'gd.turn', { turnType: 'day', weatherModifier: 0, day: 10 });
  await act(t, 'gd.weather', {}, { manual: [[1]] });
  await act(t, 'gd.events.setup', { manifest: MANIFEST });
  for (const side of ['german', 'soviet'] as const) {
    const cup = state(t).cups[EVENT_CUP[side]]!;
    expect(cup.chits).toHaveLength(66);
    // 10.3: the cup's black chits are the ones its drawer may keep face down.
    const keep = keepOf(cup.chits, events(t).known);
    expect(keep).toHaveLength(6);
    expect(await t.link.dealHidden(EVENT_CUP[side], { lasting: true, keep })).toBe(true);
  }
  for (const d of [t, german, soviet]) await wait(() => expect(log(d)).toHaveLength(log(t).length));
  return devices;
}

/** Draws for `side` from its dealt cup until its phone settles a card as `until` says; returns the position. */
async function drawUntil(
  t: Device,
  phone: Device,
  side: 'german' | 'soviet',
  until: (chit: string, kept: boolean) => boolean,
) {
  for (let k = 0; k < 66; k++) {
    const e = await t.store.act({ type: 'hidden.draw', cup: EVENT_CUP[side], side });
    const pos = (e!.outcome as { pos: number }).pos;
    // The phone settles the card by itself: shown (red, blue) or kept face down (black).
    await wait(() => {
      const d = dealOf(t, side)!;
      expect(d.revealed[pos] !== undefined || !!d.kept?.includes(pos)).toBe(true);
    });
    const mine = phone.store.getState().hiddenChits!.mine.find((m) => m.cup === EVENT_CUP[side] && m.pos === pos)!;
    if (until(mine.chit, !!dealOf(t, side)!.kept?.includes(pos))) return { pos, chit: mine.chit };
  }
  throw new Error('never drawn');
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  wire.length = 0;
  tamper = undefined;
});

describe('Grossdeutschland event cups between the phones (10.3, issue #33)', () => {
  it('a black chit kept in hand is known only to its phone until played; a red or blue chit is shown at once; the play is checked by every device', async () => {
    const { table: t, german, soviet } = await dealt();
    const dealS = dealOf(t, 'soviet')!;
    // The Soviet player draws until a black chit comes: every red or blue one is shown at once (line 498).
    const kept = await drawUntil(t, soviet, 'soviet', (_, k) => k);
    expect(dealOf(t, 'soviet')!.kept).toEqual([kept.pos]);
    expect(dealOf(t, 'soviet')!.revealed[kept.pos]).toBeUndefined();
    const keptIndex = dealS.chits.indexOf(kept.chit);
    expect(events(t).known[kept.chit.toLowerCase()]?.colour).toBe('black');
    // The keep step says who kept which card, never what (the Soviet phone alone opened it).
    const keepStep = log(t).find((e) => e.action.type === 'hidden.keep')!;
    expect(keepStep.context?.side).toBe('soviet');
    /**
     * Nothing the table or the German phone holds (state, log, IndexedDB, an export, what the phone
     * keeps) singles out the kept chit: only chits shown, or every chit (the first shuffler's own
     * deck); and the kept card itself, as every device holds it (the final deck's card and the
     * partials of the keep step), opens to no chit with the German phone's own key.
     */
    const blind = async () => {
      for (const d of [t, german]) {
        await wait(() => expect(log(d)).toHaveLength(log(t).length));
        const revealed = Object.values(dealOf(d, 'soviet')!.revealed);
        const f = await found(d, dealS.deal, 66);
        expect(f.size === 66 || (!f.has(keptIndex) && [...f].every((i) => revealed.includes(i)))).toBe(true);
      }
      const own = ownSecret(german, dealS.deal)!;
      const points = chitPoints(dealS.deal, 66);
      const keepAction = keepStep.action;
      if (keepAction.type !== 'hidden.keep') throw new Error('not a keep');
      for (const v of [dealS.decks.at(-1)![kept.pos]!, ...keepAction.chain.map((p) => p.y)]) {
        expect(points.indexOf(v)).toBe(-1);
        expect(open(v, own, points)).toBeUndefined();
      }
    };
    await blind();
    const target = events(t).known[kept.chit.toLowerCase()]!.cancels!;
    // The German attacker draws until it shows the chit the Soviet black chit cancels.
    const drawnG = await drawUntil(t, german, 'german', (chit, k) => !k && chit === target);
    await act(t, 'gd.events.draw', { attacker: 'german', hidden: { german: drawnG.pos, soviet: kept.pos } });
    const pending = pendingOf(state(t).game, state(t).turn)!;
    expect(pending.chits.map((c) => [c.side, c.chit.name, c.status])).toEqual([
      ['german', target, 'active'],
      ['soviet', '', 'black'],
    ]);
    // The other side sees a count (one black chit kept face down), not the chit.
    expect(events(t).faceDown).toEqual({ soviet: [kept.pos] });
    await blind();

    // A red or blue chit kept face down instead of shown is refused by name: the proof cannot hold.
    tamper = (from, m) =>
      from === 'Soviet phone' && m.t === 'hidden' && m.op === 'reveal'
        ? {
            t: 'hidden',
            op: 'keep',
            deal: m.deal,
            pos: m.pos,
            chain: m.chain,
            proof: { parts: dealS.keep!.map(() => m.proof) },
          }
        : m;
    // Draws until a red or blue card comes (a black one is kept, honestly): its keep is refused, nothing logged.
    for (let k = 0; k < 66 && t.store.getState().problem?.key !== 'hidden.link.badKeep'; k++) {
      const e = await t.store.act({ type: 'hidden.draw', cup: EVENT_CUP.soviet, side: 'soviet' });
      const pos = (e!.outcome as { pos: number }).pos;
      await wait(() => {
        const d = dealOf(t, 'soviet')!;
        const problem = t.store.getState().problem;
        expect(
          !!d.kept?.includes(pos) || (problem?.key === 'hidden.link.badKeep' && problem.params?.['n'] === pos + 1),
        ).toBe(true);
      });
      if (!dealOf(t, 'soviet')!.kept?.includes(pos)) {
        expect(t.store.getState().problem?.params).toMatchObject({ name: 'Soviet phone' });
        expect(log(t).at(-1)?.action.type).toBe('hidden.draw');
        expect(dealOf(t, 'soviet')!.revealed[pos]).toBeUndefined();
      }
    }
    expect(t.store.getState().problem?.key).toBe('hidden.link.badKeep');
    t.store.dismissProblem();
    tamper = undefined;
    await blind();

    // A black chit whose keep is lost on the way (here: garbled, so the table refuses it): the card
    // stays unsettled, the table waits, naming nobody's chit; the phone settles it again once relinked.
    tamper = (from, m) =>
      from === 'Soviet phone' && m.t === 'hidden' && m.op === 'keep'
        ? { ...m, proof: { parts: [...m.proof.parts].reverse() } }
        : m;
    let lost = -1;
    for (let k = 0; k < 66 && lost < 0; k++) {
      const e = await t.store.act({ type: 'hidden.draw', cup: EVENT_CUP.soviet, side: 'soviet' });
      const pos = (e!.outcome as { pos: number }).pos;
      await wait(() => {
        const problem = t.store.getState().problem;
        expect(
          dealOf(t, 'soviet')!.revealed[pos] !== undefined ||
            (problem?.key === 'hidden.link.badKeep' && problem.params?.['n'] === pos + 1),
        ).toBe(true);
      });
      if (dealOf(t, 'soviet')!.revealed[pos] === undefined) lost = pos;
    }
    t.store.dismissProblem();
    tamper = undefined;
    expect(dealOf(t, 'soviet')!.kept).not.toContain(lost);

    // The Soviet phone reloads (a new page, a new link, on the same storage), linked again: it still
    // reads the chit it kept, and only it; the card whose keep was lost is kept now.
    soviet.link.leave();
    await wait(() => expect(t.link.players).toBe(1));
    const again = await relinked(t, soviet, 'soviet');
    await wait(() =>
      expect(soviet.store.getState().hiddenChits?.mine).toContainEqual(
        expect.objectContaining({ pos: kept.pos, chit: kept.chit, kept: true, revealed: false }),
      ),
    );
    await wait(() => expect(t.link.players).toBe(2));
    await wait(() => expect(dealOf(t, 'soviet')!.kept).toContain(lost));
    await blind();

    // The Soviet player plays the kept chit (line 520): its phone shows it with its proof, every device checks it.
    // A forged reveal (another chit) is refused by name first.
    tamper = (from, m) =>
      from === 'Soviet phone' && m.t === 'hidden' && m.op === 'reveal' ? { ...m, index: (m.index + 1) % 66 } : m;
    const before = log(t).length;
    expect(again.revealHidden(dealS.deal, kept.pos)).toBe(true);
    await wait(() =>
      expect(t.store.getState().problem).toMatchObject({ key: 'hidden.link.badReveal', params: { n: kept.pos + 1 } }),
    );
    expect(log(t)).toHaveLength(before);
    t.store.dismissProblem();
    tamper = undefined;
    expect(again.revealHidden(dealS.deal, kept.pos)).toBe(true);
    for (const d of [t, german, soviet])
      await wait(() => expect(log(d).at(-1)?.outcome).toMatchObject({ kind: 'hidden', op: 'reveal', chit: kept.chit }));
    await wait(() => expect(soviet.store.getState().current?.session.log).toHaveLength(log(t).length));
    // The phone asks for the play (its own side's step): the named chit is cancelled, the black chit spent for good (line 520).
    await act(soviet, 'gd.events.black', { side: 'soviet', pos: kept.pos });
    for (const d of [t, german, soviet]) {
      await wait(() => expect(log(d).at(-1)?.outcome).toMatchObject({ kind: 'procedure', id: 'gd.events.black' }));
      const p = pendingOf(state(d).game, state(d).turn)!;
      expect(p.chits[0]).toMatchObject({ side: 'german', status: 'cancelled', by: kept.chit });
      expect(events(d).spent).toContain(kept.chit);
      expect(events(d).faceDown).toEqual({ soviet: [] });
      expect(state(d).cups[EVENT_CUP.soviet]!.discard).not.toContain(kept.chit);
    }
    // The same kept chit cannot be played twice.
    expect(
      await t.store.act({
        type: 'procedure',
        id: 'gd.events.black',
        input: { side: 'soviet', pos: kept.pos },
        outOfSequence: 'test',
      }),
    ).toBeUndefined();
    expect(t.store.getState().problem).toMatchObject({ key: 'gd.err.notFaceDown' });
    t.store.dismissProblem();

    // A phone lost: another phone takes the Soviet side with nothing kept; what it cannot open is said, lost.
    const kept2 = await drawUntil(t, soviet, 'soviet', (_, k) => k);
    again.leave();
    await wait(() => expect(t.link.players).toBe(1));
    const spare = await device('Spare phone');
    const invite2 = await t.link.invite();
    await invite2.accept(await spare.link.join(invite2.code));
    await wait(() => expect(log(spare)).toHaveLength(log(t).length));
    spare.link.setView('player', 'soviet');
    await wait(() =>
      expect(spare.store.getState().hiddenChits?.unopened).toContainEqual({
        cup: EVENT_CUP.soviet,
        pos: kept2.pos,
        lost: true,
      }),
    );
    expect(spare.store.getState().hiddenChits?.mine).toEqual([]);

    // The game file verifies: every reveal and every keep proven, in the CLI.
    expect(await checkHiddenLog(log(t))).toMatchObject({ ok: true, deals: 2 });
    const file = (await t.store.exportSession(t.store.getState().current!.session.id))!;
    const verified = await verifyText(file);
    expect(verified.code).toBe(0);
    expect(verified.message).toMatch(/chits? kept face down (is|are) proven one of its cup's chits that may be kept/);
    // A keep whose proof was changed is refused, naming its step and the Soviet side.
    const forged = log(t).map((x) =>
      x.seq === keepStep.seq && x.action.type === 'hidden.keep'
        ? { ...x, action: { ...x.action, proof: { parts: [...x.action.proof.parts].reverse() } } }
        : x,
    );
    expect(await checkHiddenLog(forged)).toEqual({ ok: false, seq: keepStep.seq, why: 'keep', side: 'soviet' });
    // The same change in the game file: the CLI names the step; the app's import refuses the file.
    const changed = JSON.parse(file) as {
      session: { log: { seq: number; action: { proof?: { parts?: unknown[] } } }[] };
    };
    const parts = changed.session.log.find((x) => x.seq === keepStep.seq)!.action.proof!.parts!;
    parts.reverse();
    const bad = await verifyText(JSON.stringify(changed));
    expect(bad.code).toBe(1);
    expect(bad.message).toContain(`step ${keepStep.seq}`);
    const other = await device('Another device');
    expect((await other.store.importSession(JSON.stringify(changed)))?.ok).toBe(false);
  }, 120_000);

  it('a keep is a message of the drawer’s phone only, checked strictly; a phone never asks for a keep step itself', () => {
    const hex = 'ab'.repeat(32);
    const proof = { c: hex, s: hex };
    const keep = {
      t: 'hidden',
      op: 'keep',
      deal: 'd1',
      pos: 2,
      chain: [{ by: 'german', y: hex, proof }],
      proof: { parts: [proof, proof] },
    };
    expect(readMsg(keep, 'replica').ok).toBe(true);
    expect(readMsg(keep, 'writer')).toMatchObject({ ok: false, problem: { params: { field: 'op' } } });
    expect(readMsg({ ...keep, index: 3 }, 'replica')).toMatchObject({
      ok: false,
      problem: { params: { field: 'index' } },
    });
    expect(readMsg({ ...keep, proof: { parts: [] } }, 'replica')).toMatchObject({
      ok: false,
      problem: { params: { field: 'proof' } },
    });
    expect(
      checkRequest(
        { type: 'hidden.keep', cup: EVENT_CUP.soviet, pos: 2, chain: [], proof: { parts: [] } },
        'soviet',
        [],
      ),
    ).toMatchObject({
      problem: { key: 'link.req.unknown' },
    });
  });

  it('an event cup dealt with a red or blue chit among those that may be kept is refused by the draw step (10.3)', async () => {
    const { table: t, german, soviet } = await linked();
    await act(t, 'gd.turn', { turnType: 'day', weatherModifier: 0, day: 10 });
    await act(t, 'gd.weather', {}, { manual: [[1]] });
    await act(t, 'gd.events.setup', { manifest: MANIFEST });
    for (const side of ['german', 'soviet'] as const) {
      const n = state(t).cups[EVENT_CUP[side]]!.chits.length;
      // Every chit "may be kept": a red chit kept would then hold its proof.
      expect(
        await t.link.dealHidden(EVENT_CUP[side], { lasting: true, keep: Array.from({ length: n }, (_, i) => i) }),
      ).toBe(true);
    }
    const g = await t.store.act({ type: 'hidden.draw', cup: EVENT_CUP.german, side: 'german' });
    const s = await t.store.act({ type: 'hidden.draw', cup: EVENT_CUP.soviet, side: 'soviet' });
    for (const side of ['german', 'soviet'] as const) await wait(() => expect(dealOf(t, side)!.kept).toHaveLength(1));
    expect(
      await t.store.act({
        type: 'procedure',
        id: 'gd.events.draw',
        input: {
          attacker: 'german',
          hidden: { german: (g!.outcome as { pos: number }).pos, soviet: (s!.outcome as { pos: number }).pos },
        },
        outOfSequence: 'test',
      }),
    ).toBeUndefined();
    expect(t.store.getState().problem).toMatchObject({ key: 'gd.err.hiddenKeep' });

    void german;
    void soviet;
  }, 60_000);

  it('an event cup shuffled from the cups tool (where nothing may be kept face down) is refused by the draw step, in words', async () => {
    const { table: t } = await linked();
    await act(t, 'gd.turn', { turnType: 'day', weatherModifier: 0, day: 10 });
    await act(t, 'gd.weather', {}, { manual: [[1]] });
    await act(t, 'gd.events.setup', { manifest: MANIFEST });
    const keep = keepOf(state(t).cups[EVENT_CUP.german]!.chits, events(t).known);
    expect(await t.link.dealHidden(EVENT_CUP.german, { lasting: true, keep })).toBe(true);
    expect(await t.link.dealHidden(EVENT_CUP.soviet)).toBe(true);
    const g = await t.store.act({ type: 'hidden.draw', cup: EVENT_CUP.german, side: 'german' });
    const pos = (g!.outcome as { pos: number }).pos;
    await wait(() =>
      expect(dealOf(t, 'german')!.revealed[pos] !== undefined || !!dealOf(t, 'german')!.kept?.includes(pos)).toBe(true),
    );
    expect(
      await t.store.act({
        type: 'procedure',
        id: 'gd.events.draw',
        input: { attacker: 'german', hidden: { german: pos, soviet: 0 } },
        outOfSequence: 'test',
      }),
    ).toBeUndefined();
    expect(t.store.getState().problem).toMatchObject({
      key: 'gd.err.hiddenNoKeep',
      params: { side: 'gd.side.soviet' },
    });
  }, 60_000);
});
