// Issue #33, Grossdeutschland's event cup dealt between the players' phones runs out and is refilled
// from its discard pile, between the phones (10.3; seed 000). Three devices (the table writing the
// game, the German and the Soviet phones), each a store on its own fake IndexedDB, linked by an
// in-memory stand-in for the WebRTC peer (as link-hidden-events.test.ts).
//
// 10.3, seed 000 line 518: "Nota: Una vez sacada y jugada, una ficha de evento se coloca en una pila
// de descartadas (no se devuelve al recipiente). Una vez jugadas todas, no obstante, todas las fichas
// de eventos de la pila de descartadas se devuelven al recipiente." — the refill: only once every chit
// is drawn and played, and the whole discard pile (nothing else) goes back in. Line 520: "Un jugador
// puede jugar cualquier ficha de eventos negra (sea recién sacada o de su asignación) … o puede
// simplemente guardarla para un posible uso posterior" and "Una vez jugada una ficha negra … se ha
// gastado permanentemente": a black chit kept face down before the refill is still played after it
// (its phone shows it, every device checks it) and never goes back into the cup.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Msg } from '../../src/link/protocol';
import { EVENT_CUP, eventsOf, keepOf, pendingOf, type EventsState } from '../../src/games/grossdeutschland/events';
import { explain } from '../../src/ui/explain';

const wire: { from: string; to: string; text: string }[] = [];
let tamper: ((from: string, m: Msg) => Msg) | undefined;

vi.mock('../../src/link/peer', async () =>
  (await import('./link-fake-peer')).fakePeerModule({ record: wire, tamper: (from, m) => tamper?.(from, m) ?? m }),
);

const { verifyText } = await import('../../src/cli/verify');
const { checkHiddenLog } = await import('../../src/link/hidden-cup/verify');
const { readMsg } = await import('../../src/link/guard');
const {
  device: makeDevice,
  found,
  ownSecret,
  wait,
  linkedTable,
  logOf,
  stateOf,
  actProcedure,
  GD_EVENT_MANIFEST,
} = await import('./link-hidden-devices');
const { chitPoints, open } = await import('../../src/link/hidden-cup/sra');
type Device = import('./link-hidden-devices').Device;

// The table gives up a refill that a phone refused after 8 s (the phones answer in milliseconds).
const device = (name: string) => makeDevice(name, { hiddenTimeoutMs: name === 'Table' ? 8_000 : 60_000 });
const log = logOf;
const state = stateOf;
const dealOf = (d: Device, side: 'german' | 'soviet') => state(d).hidden?.[EVENT_CUP[side]];
const events = (d: Device) => eventsOf(state(d).game) as EventsState;

const MANIFEST = GD_EVENT_MANIFEST;

const act = actProcedure;

async function dealt() {
  const { table: t, phones } = await linkedTable(
    device,
    { id: 'grossdeutschland', scenario: 'gd-kursk', title: 'Kursk' },
    [
      ['German phone', 'german'],
      ['Soviet phone', 'soviet'],
    ],
  );
  const [german, soviet] = phones as [Device, Device];
  await act(t, 'gd.turn', { turnType: 'day', weatherModifier: 0, day: 10 });
  await act(t, 'gd.weather', {}, { manual: [[1]] });
  await act(t, 'gd.events.setup', { manifest: MANIFEST });
  for (const side of ['german', 'soviet'] as const) {
    const cup = state(t).cups[EVENT_CUP[side]]!;
    expect(await t.link.dealHidden(EVENT_CUP[side], { lasting: true, keep: keepOf(cup.chits, events(t).known) })).toBe(
      true,
    );
  }
  for (const d of [t, german, soviet]) await wait(() => expect(log(d)).toHaveLength(log(t).length));
  return { t, german, soviet };
}

/** One draw for `side`, settled by its phone (shown, or kept face down); its position and chit. */
async function drawOne(t: Device, phone: Device, side: 'german' | 'soviet') {
  const e = await t.store.act({ type: 'hidden.draw', cup: EVENT_CUP[side], side });
  if (!e) throw new Error(`draw refused: ${JSON.stringify(t.store.getState().problem)}`);
  const pos = (e.outcome as { pos: number }).pos;
  await wait(() => {
    const d = dealOf(t, side)!;
    expect(d.revealed[pos] !== undefined || !!d.kept?.includes(pos)).toBe(true);
  });
  const mine = phone.store.getState().hiddenChits!.mine.find((m) => m.cup === EVENT_CUP[side] && m.pos === pos)!;
  return { pos, chit: mine.chit, kept: !!dealOf(t, side)!.kept?.includes(pos) };
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  wire.length = 0;
  tamper = undefined;
});

describe('a Grossdeutschland event cup dealt between the phones, refilled from its discard pile (10.3, issue #33)', () => {
  it('drawn empty, the cup is refilled between the phones from its discards, in words; a black chit kept before is still played and checked; the file verifies', async () => {
    const { t, german, soviet } = await dealt();
    const deal = dealOf(t, 'soviet')!.deal;
    // The Soviet player keeps a black chit face down (line 520), then the German attacker shows the chit it cancels.
    let kept = await drawOne(t, soviet, 'soviet');
    while (!kept.kept) kept = await drawOne(t, soviet, 'soviet');
    const target = events(t).known[kept.chit.toLowerCase()]!.cancels!;
    let g = await drawOne(t, german, 'german');
    while (g.kept || g.chit !== target) g = await drawOne(t, german, 'german');
    await act(t, 'gd.events.draw', { attacker: 'german', hidden: { german: g.pos, soviet: kept.pos } });
    expect(events(t).faceDown).toEqual({ soviet: [kept.pos] });

    // The Soviet cup is drawn to its end: every card shown or kept face down.
    while (dealOf(t, 'soviet')!.drawn.at(-1)!.pos < 65) await drawOne(t, soviet, 'soviet');
    const before = dealOf(t, 'soviet')!;
    const discard = [...state(t).cups[EVENT_CUP.soviet]!.discard];
    // Every red and blue chit shown is in the discard pile; no black chit (kept face down, in hand).
    expect(discard).toHaveLength(Object.keys(before.revealed).length);
    expect(discard.every((c) => c === 'Push' || c === 'Stall')).toBe(true);
    // Today's refusal stands until the refill: the hidden cup is empty.
    expect(await t.store.act({ type: 'hidden.draw', cup: EVENT_CUP.soviet, side: 'soviet' })).toBeUndefined();
    expect(t.store.getState().problem).toMatchObject({ key: 'hidden.err.empty' });
    t.store.dismissProblem();

    // A forged refill — a chit that is not in the discard pile — is refused by name (line 518: only the discard pile goes back).
    const hex = 'ab'.repeat(32);
    const forged = {
      type: 'hidden.refill' as const,
      cup: EVENT_CUP.soviet,
      deal,
      chits: [...discard.slice(1), 'Black 1'],
      decks: [discard.map(() => hex), discard.map(() => hex)],
      sigs: [
        { c: hex, s: hex },
        { c: hex, s: hex },
      ],
    };
    expect(await t.store.act(forged)).toBeUndefined();
    expect(t.store.getState().problem).toMatchObject({
      key: 'hidden.err.refillNotDiscarded',
      params: { chit: 'Black 1' },
    });
    t.store.dismissProblem();
    // One left out is refused by name too (all of the pile goes back).
    expect(await t.store.act({ ...forged, chits: discard.slice(1) })).toBeUndefined();
    expect(t.store.getState().problem).toMatchObject({ key: 'hidden.err.refillLeftOut' });
    t.store.dismissProblem();

    // A table asking the first phone to lay its key on a point of its choosing (the kept card's last
    // partial, amid the segment's chits) is refused by that phone: its key never goes on such a point.
    const keepStep = log(t).find((e) => e.action.type === 'hidden.keep' && e.action.pos === kept.pos)!;
    if (keepStep.action.type !== 'hidden.keep') throw new Error('not a keep');
    const chosen = keepStep.action.chain.at(-1)!.y;
    tamper = (from, m) =>
      from === 'Table' && m.t === 'hidden' && m.op === 'refill?' && !m.sig
        ? { ...m, deck: [chosen, ...m.deck.slice(1)] }
        : m;
    expect(await t.link.refillHidden(EVENT_CUP.soviet, { keep: [] })).toBe(false);
    expect(german.store.getState().problem).toMatchObject({ key: 'hidden.link.refillRefused' });
    expect(t.store.getState().problem).toMatchObject({ key: 'hidden.link.dealStalled', params: { side: 'german' } });
    expect(log(t).at(-1)?.action.type).not.toBe('hidden.refill');
    german.store.dismissProblem();
    t.store.dismissProblem();
    // The same asked of the second phone, the deck the German phone signed changed: refused by the Soviet phone.
    tamper = (from, m) =>
      from === 'Table' && m.t === 'hidden' && m.op === 'refill?' && m.sig
        ? { ...m, deck: [chosen, ...m.deck.slice(1)] }
        : m;
    expect(await t.link.refillHidden(EVENT_CUP.soviet, { keep: [] })).toBe(false);
    expect(soviet.store.getState().problem).toMatchObject({ key: 'hidden.link.refillRefused' });
    expect(t.store.getState().problem).toMatchObject({ key: 'hidden.link.dealStalled', params: { side: 'soviet' } });
    expect(log(t).at(-1)?.action.type).not.toBe('hidden.refill');
    soviet.store.dismissProblem();
    t.store.dismissProblem();
    tamper = undefined;

    // The refill between the phones: the discard pile goes back in as new cards of the same deal.
    expect(await t.link.refillHidden(EVENT_CUP.soviet, { keep: [] })).toBe(true);
    const step = log(t).at(-1)!;
    expect(step.action).toMatchObject({ type: 'hidden.refill', cup: EVENT_CUP.soviet, deal, chits: discard });
    expect(step.outcome).toMatchObject({ kind: 'hidden', op: 'refill', n: discard.length });
    const words = explain('en', step.outcome, { tables: new Map() }).lines[0]!;
    expect(words).toContain(`the ${discard.length} chits of the discard pile go back into the cup (10.3)`);
    expect(explain('es', step.outcome, { tables: new Map() }).lines[0]).toContain('pila de descartadas');
    const total = 66 + discard.length;
    for (const d of [t, german, soviet]) {
      await wait(() => expect(log(d)).toHaveLength(log(t).length));
      expect(dealOf(d, 'soviet')!.chits).toHaveLength(total);
      expect(dealOf(d, 'soviet')!.deal).toBe(deal);
      expect(state(d).cups[EVENT_CUP.soviet]!.discard).toEqual([]);
    }

    /**
     * Nothing the table or the German phone holds singles out a Soviet chit not shown: the table finds
     * only chits shown; the German phone, beyond chits shown, only every chit (its own first decks);
     * and no card of the final deck the Soviet draws from (the kept one, the new ones) opens with the
     * German phone's own key, nor is a chit's point.
     */
    const blind = async () => {
      const now = dealOf(t, 'soviet')!;
      const shown = Object.values(now.revealed);
      for (const d of [t, german]) {
        await wait(() => expect(log(d)).toHaveLength(log(t).length));
        const f = await found(d, deal, total);
        expect(f.size === total || [...f].every((i) => shown.includes(i))).toBe(true);
      }
      const own = ownSecret(german, deal)!;
      const points = chitPoints(deal, total);
      const deck = now.decks.at(-1)!;
      for (const [p, v] of deck.entries()) {
        if ((p < 66 && p !== kept.pos) || now.revealed[p] !== undefined) continue;
        expect(points.indexOf(v)).toBe(-1);
        expect(open(v, own, points)).toBeUndefined();
      }
    };
    await blind();

    // Positions go on: the next Soviet draw is card 67, opened by the Soviet phone only, one of the discard pile's chits.
    const next = await drawOne(t, soviet, 'soviet');
    expect(next.pos).toBe(66);
    expect(discard).toContain(next.chit);
    await blind();

    // The black chit kept before the refill is still played (line 520): its phone shows it with its proof, every device checks it.
    expect(soviet.link.revealHidden(deal, kept.pos)).toBe(true);
    for (const d of [t, german, soviet])
      await wait(() => expect(log(d).at(-1)?.outcome).toMatchObject({ kind: 'hidden', op: 'reveal', chit: kept.chit }));
    await act(soviet, 'gd.events.black', { side: 'soviet', pos: kept.pos });
    for (const d of [t, german, soviet]) {
      await wait(() => expect(log(d).at(-1)?.outcome).toMatchObject({ kind: 'procedure', id: 'gd.events.black' }));
      expect(pendingOf(state(d).game, state(d).turn)!.chits[0]).toMatchObject({ status: 'cancelled', by: kept.chit });
      expect(events(d).spent).toContain(kept.chit);
      // Spent for good: never in the cup, the deal's new cards or the discard pile.
      expect(state(d).cups[EVENT_CUP.soviet]!.discard).not.toContain(kept.chit);
      expect(dealOf(d, 'soviet')!.chits.slice(66)).not.toContain(kept.chit);
    }

    // The game file verifies, in the app's check and in the CLI.
    expect(await checkHiddenLog(log(t))).toMatchObject({ ok: true, deals: 2 });
    const file = (await t.store.exportSession(t.store.getState().current!.session.id))!;
    const verified = await verifyText(file);
    expect(verified.code).toBe(0);
    // A refill in the file whose chits were changed (a black chit slipped in): the CLI names the step; the import refuses it.
    const changed = JSON.parse(file) as { session: { log: { seq: number; action: { chits?: string[] } }[] } };
    const chits = changed.session.log.find((x) => x.seq === step.seq)!.action.chits!;
    chits[0] = 'Black 1';
    const bad = await verifyText(JSON.stringify(changed));
    expect(bad.code).toBe(1);
    expect(bad.message).toContain(`step ${step.seq}`);
    expect(bad.message).toContain('Black 1');
    const other = await device('Another device');
    expect((await other.store.importSession(JSON.stringify(changed)))?.ok).toBe(false);
    // A refill deck not signed by its phone is named by the hidden-cup check.
    const unsigned = log(t).map((x) =>
      x.seq === step.seq && x.action.type === 'hidden.refill'
        ? { ...x, action: { ...x.action, sigs: [x.action.sigs[1]!, x.action.sigs[0]!] } }
        : x,
    );
    expect(await checkHiddenLog(unsigned)).toEqual({ ok: false, seq: step.seq, why: 'refill', side: 'german' });

    // The audit, once the players agree, covers the refill: each phone's shuffle of both parts of the deal was honest.
    t.link.askAudit(deal);
    await wait(() => expect(german.store.getState().hiddenChits?.audit).toEqual([deal]));
    await wait(() => expect(soviet.store.getState().hiddenChits?.audit).toEqual([deal]));
    expect(german.link.auditHidden(deal)).toBe(true);
    expect(soviet.link.auditHidden(deal)).toBe(true);
    await wait(() => expect(t.link.audit?.result.ok).toBe(true));
    await wait(() => expect(log(t).at(-1)?.outcome).toMatchObject({ op: 'audit' }));
    expect(await checkHiddenLog(log(t))).toMatchObject({ ok: true, audited: 1 });
    const audited = await verifyText((await t.store.exportSession(t.store.getState().current!.session.id))!);
    expect(audited.code).toBe(0);
    expect(audited.message).toContain("1 shuffle audited from the phones' secrets: every deck and unlock honest");
  }, 240_000);

  it('a refill is asked of a phone by the table only, and answered with a signed deck, checked strictly', () => {
    const hex = 'ab'.repeat(32);
    const ask = { t: 'hidden', op: 'refill?', deal: 'd1', from: 66, deck: [hex] };
    expect(readMsg(ask, 'writer').ok).toBe(true);
    expect(readMsg({ ...ask, sig: { c: hex, s: hex } }, 'writer').ok).toBe(true);
    expect(readMsg(ask, 'replica')).toMatchObject({ ok: false, problem: { params: { field: 'op' } } });
    const answer = { t: 'hidden', op: 'refilled', deal: 'd1', from: 66, deck: [hex], sig: { c: hex, s: hex } };
    expect(readMsg(answer, 'replica').ok).toBe(true);
    expect(readMsg({ ...answer, sig: undefined }, 'replica')).toMatchObject({
      ok: false,
      problem: { params: { field: 'sig' } },
    });
    expect(readMsg(answer, 'writer')).toMatchObject({ ok: false, problem: { params: { field: 'op' } } });
  });
});
