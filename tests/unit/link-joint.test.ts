// Issue #33, joint randomness for every roll across linked devices, through the link manager
// (src/link/manager.ts, src/link/joint-round.ts): two and three devices, each a store on its own
// fake IndexedDB, linked by an in-memory stand-in for the WebRTC peer (./link-fake-peer.ts).
// After every step, everything one device holds (its memory, its IndexedDB, an export) predicts
// nothing of the next roll; a withheld value stalls the roll, named on every screen, until the
// table goes on without it (a step); a lying value is refused by name; a phone reloaded mid-roll
// gives the same value again; the game verifies, and a changed value is refused naming its step.
import 'fake-indexeddb/auto';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Store } from '../../src/app/store';
import {
  contribute,
  createRng,
  isRngState,
  jointOnly,
  jointPrefix,
  jointSeed,
  nextPrev,
  readSessionFile,
  restoreRng,
  rollDice,
  verifySession,
  type Action,
  type LogEntry,
  type Rng,
} from '../../src/engine';
import { readMsg } from '../../src/link/guard';
import { idbJointKeep } from '../../src/link/joint-round';
import type { Msg } from '../../src/link/protocol';
import { openCompanionDb } from '../../src/persistence/db';
import { SessionRepo } from '../../src/persistence/sessions';
import { cut, wire, type Peer } from './link-fake-peer';

vi.mock('../../src/link/peer', () => import('./link-fake-peer'));
const { Link } = await import('../../src/link/manager');

/** A roll of 20 dice: 6^20 outcomes, so a guess that matches is no accident. */
const ROLL: Action = { type: 'roll', dice: { n: 20, sides: 6 } };
const STALL_MS = 600;
/** How long a device made now waits (a test that holds a message back for a while makes its devices with more). */
let stallMs = STALL_MS;

let clock = 0;
async function device(name: string, keep = `wc-joint-${name}`) {
  const repo = new SessionRepo(await openCompanionDb(`wc-${name}`));
  const store = new Store({
    repo,
    now: () => new Date(Date.UTC(2026, 0, 1, 0, 0, clock++)).toISOString(),
    randomBytes: (k) => crypto.getRandomValues(new Uint8Array(k)),
    jointKeep: idbJointKeep(keep),
  });
  await store.init();
  const link = new Link(store, name, { jointKeep: idbJointKeep(keep), jointTimeoutMs: stallMs });
  return { name, store, link };
}
type Device = Awaited<ReturnType<typeof device>>;
const wait = (check: () => void) => vi.waitFor(check, { timeout: 15_000, interval: 10 });
vi.setConfig({ testTimeout: 30_000 });
const log = (d: Device): readonly LogEntry[] => d.store.getState().current?.session.log ?? [];

/** A table writing a new Grossdeutschland game, no device linked yet. */
async function newGame(): Promise<{ t: Device; game: string }> {
  const t = await device('Table');
  const game = (await t.store.createSession('grossdeutschland', 'gd-kursk', 'Kursk'))!;
  await t.store.openSession(game);
  return { t, game };
}

/** A device linked to the table's game (holding no side yet). */
async function linkDevice(t: Device, name: string, game: string, keep?: string): Promise<Device> {
  const d = await device(name, keep);
  const invite = await t.link.invite();
  await invite.accept(await d.link.join(invite.code));
  await wait(() => expect(d.store.getState().current?.session.id).toBe(game));
  return d;
}

async function linkPhone(t: Device, name: string, side: string, game: string, keep?: string): Promise<Device> {
  const p = await linkDevice(t, name, game, keep);
  p.link.setView('player', side);
  await wait(() => expect(t.store.getState().link?.peers.find((x) => x.name === name)?.side).toBe(side));
  return p;
}

/**
 * A table writing a game, with one or two players' phones linked, each holding its side: joint
 * randomness starts by itself (no button), the game having taken the public seed first. Returns
 * the seed the table made the game with (before any phone linked) too.
 */
async function table(sides: readonly ('german' | 'soviet')[]) {
  const { t, game } = await newGame();
  const madeWith = t.store.getState().current!.session.seed;
  const phones: Device[] = [];
  for (const side of sides) phones.push(await linkPhone(t, `${side} phone`, side, game));
  const all = [t, ...phones];
  await jointOn(t, all);
  return { t, phones, game, all, madeWith };
}

/** Joint randomness on, by itself: the table's set holds every device, and every device holds the same steps. */
async function jointOn(t: Device, all: readonly Device[]) {
  await wait(() =>
    expect(
      t.store
        .getState()
        .current?.state.joint?.devices.map((d) => d.name)
        .sort(),
    ).toEqual(all.map((d) => d.name).sort()),
  );
  const n = log(t).length;
  for (const d of all) await wait(() => expect(log(d)).toHaveLength(n));
  expect(log(t).at(-1)!.action.type).toBe('joint');
}

// --- The attacker: everything one device holds ---

async function dumpDb(name: string): Promise<unknown[]> {
  const db = await openDB(name);
  const out: unknown[] = [];
  for (const store of db.objectStoreNames) out.push(...(await db.getAll(store)));
  db.close();
  return out;
}

function collect(v: unknown, strings: Set<string>, states: unknown[]) {
  if (typeof v === 'string') {
    strings.add(v);
    // Text that is JSON (an export, a stored message) is read too.
    if (/^[[{]/.test(v))
      try {
        collect(JSON.parse(v), strings, states);
      } catch {
        /* not JSON */
      }
    return;
  }
  if (isRngState(v)) states.push(v);
  if (v && typeof v === 'object') for (const x of Object.values(v)) collect(x, strings, states);
}

/**
 * Every guess at the next roll one device can make from all it holds: each text in it as a seed,
 * each random state in it restored, and the next step's prefix with every text in it as each
 * device's value (its own chain's next value among them). Returns the dice of each guess.
 */
async function guesses(d: Device): Promise<Set<string>> {
  const strings = new Set<string>();
  const states: unknown[] = [];
  const cur = d.store.getState().current!;
  collect(JSON.parse(JSON.stringify(d.store.getState())), strings, states);
  collect(await dumpDb(`wc-${d.name}`), strings, states);
  collect(await dumpDb(`wc-joint-${d.name}`), strings, states);
  collect(await d.store.exportSession(cur.session.id), strings, states);
  // Its own chain: the next value it would give (the secret is in its IndexedDB).
  const kept = (await dumpDb(`wc-joint-${d.name}`)) as { secret: string; length: number; next: number }[];
  const { chainValue } = await import('../../src/engine');
  for (const c of kept) strings.add(chainValue(c.secret, c.length, Math.min(c.next, c.length)));
  const roll = (r: Rng) => rollDice(r, { n: 20, sides: 6 }).dice.join('');
  const out = new Set<string>();
  for (const s of strings) if (s) out.add(roll(createRng(s)));
  for (const s of states) out.add(roll(restoreRng(s as Parameters<typeof restoreRng>[0])));
  const set = cur.state.joint?.devices ?? [];
  if (set.length) {
    const seq = cur.session.log.length + 1;
    const values = [...strings].filter((s) => /^[0-9a-f]{64}$/.test(s));
    for (const side of [undefined, 'german', 'soviet']) {
      const prefix = jointPrefix(nextPrev(cur.session), seq, ROLL, { turn: cur.state.turn, ...(side ? { side } : {}) });
      out.add(roll(createRng(prefix)));
      for (const v of values)
        out.add(
          roll(
            createRng(
              jointSeed(
                prefix,
                set.map((x) => ({ name: x.name, k: x.k + 1, value: v })),
              ),
            ),
          ),
        );
    }
  }
  return out;
}

const diceOf = (e: LogEntry) => (e.outcome.kind === 'roll' ? e.outcome.dice.dice.join('') : '');

beforeEach(() => {
  stallMs = STALL_MS;
  globalThis.indexedDB = new IDBFactory();
  wire.length = 0;
  cut.drop = undefined;
});

describe('the joint messages on the wire (guard.ts)', () => {
  const h = 'a'.repeat(64);
  it('are read with exactly their fields, from the device that may send them; anything else is refused, never thrown', () => {
    expect(readMsg({ t: 'joint-reveal', game: 'g', seq: 3, prefix: h, k: 1, value: h }, 'replica').ok).toBe(true);
    expect(readMsg({ t: 'joint-commit', game: 'g', anchor: h, length: 1024 }, 'replica').ok).toBe(true);
    expect(readMsg({ t: 'joint-ask', game: 'g', seq: 3, prefix: h, anchor: h }, 'writer').ok).toBe(true);
    expect(readMsg({ t: 'joint-wait', seq: 3, awaited: ['Phone'], stalled: true }, 'writer').ok).toBe(true);
    const refused: unknown[] = [
      { t: 'joint-reveal', game: 'g', seq: 3, prefix: h, k: 1, value: 'F'.repeat(64) },
      { t: 'joint-reveal', game: 'g', seq: 0, prefix: h, k: 1, value: h },
      { t: 'joint-reveal', game: 'g', seq: 3, prefix: h, k: 1.5, value: h },
      { t: 'joint-reveal', game: 'g', seq: 3, prefix: h, k: 1, value: h, extra: 1 },
      { t: 'joint-reveal', game: null, seq: 3, prefix: h, k: 1, value: h },
      { t: 'joint-commit', game: 'g', anchor: h, length: 2 ** 30 },
      { t: 'joint-commit', game: 'g', anchor: h },
    ];
    for (const m of refused) expect(readMsg(m, 'replica').ok, JSON.stringify(m)).toBe(false);
    // A phone never sends what only the writer sends, nor the other way round.
    expect(readMsg({ t: 'joint-ask', game: 'g', seq: 3, prefix: h, anchor: h }, 'replica').ok).toBe(false);
    expect(readMsg({ t: 'joint-wait', seq: 3, awaited: [] }, 'replica').ok).toBe(false);
    expect(readMsg({ t: 'joint-reveal', game: 'g', seq: 3, prefix: h, k: 1, value: h }, 'writer').ok).toBe(false);
    expect(readMsg({ t: 'joint-wait', seq: 3, awaited: [null] }, 'writer').ok).toBe(false);
  });
});

describe('joint randomness across linked devices (issue #33)', () => {
  it('by default, with no button tapped: a phone linked as a player holds no seed, no state that predicts a roll, and predicts none of 20 rolls', async () => {
    const { t, phones, all, madeWith } = await table(['german', 'soviet']);
    const [german, soviet] = phones as [Device, Device];
    // The game took the public seed before its first step; its first step is the joint set, every phone in it.
    const cur = t.store.getState().current!;
    expect(cur.session.seed).not.toBe(madeWith);
    expect(jointOnly(cur.session)).toBe(true);
    expect(log(t)[0]!.action).toMatchObject({ type: 'joint' });
    // The seed the table made is nowhere on a phone: not in its memory, its IndexedDB, nor an export.
    for (const p of phones) {
      const strings = new Set<string>();
      collect(JSON.parse(JSON.stringify(p.store.getState())), strings, []);
      collect(await dumpDb(`wc-${p.name}`), strings, []);
      collect(await p.store.exportSession(p.store.getState().current!.session.id), strings, []);
      expect(
        [...strings].some((x) => x.includes(madeWith)),
        `${p.name} holds the seed`,
      ).toBe(false);
    }
    // 20 rolls asked for by either phone or the table: none predicted by any device beforehand.
    for (let i = 0; i < 20; i++) {
      const who = [german, soviet, t][i % 3]!;
      const before = await Promise.all(all.map(guesses));
      const e = await who.store.act(ROLL);
      expect(e, JSON.stringify(who.store.getState().problem)).toBeDefined();
      for (const [k, d] of all.entries())
        expect(before[k]!.has(diceOf(e!)), `${d.name} predicted roll ${i + 1}`).toBe(false);
    }
    for (const d of all) await wait(() => expect(log(d)).toHaveLength(log(t).length));
  });

  it('no way back to seed mode: with the joint step undone, a roll is never made from the (public) seed but after a new joint set, and a file rolled from it does not verify', async () => {
    const { t, game } = await table(['german']);
    await t.store.undo(1);
    expect(t.store.getState().current!.state.joint).toBeUndefined();
    const again = await t.store.act(ROLL);
    expect(again?.joint?.map((r) => r.name).sort()).toEqual(['Table', 'german phone']);
    expect(log(t).at(-2)!.action.type).toBe('joint');
    await t.store.undo(log(t).at(-2)!.seq);
    // A file whose roll was made from the public seed (forged: the engine never makes one) is refused, naming the step.
    const text = (await t.store.exportSession(game))!;
    const file = JSON.parse(text) as { session: { log: LogEntry[]; seed: string } };
    const rng = createRng(file.session.seed);
    const last = file.session.log.at(-1)!;
    const before = last.rngAfter;
    const dice = rollDice(rng, { n: 20, sides: 6 });
    const forged = {
      ...last,
      seq: last.seq + 1,
      action: ROLL,
      outcome: { kind: 'roll', dice },
      rngBefore: before,
      rngAfter: rng.snapshot(),
    };
    const { verifySession: verify } = await import('../../src/engine');
    const session = { ...t.store.getState().current!.session };
    const seeded = { ...session, log: [...session.log, { ...forged, prev: nextPrev(session) } as LogEntry] };
    const v = verify(seeded, t.store.getState().current!.ctx);
    expect(v.ok).toBe(false);
    expect(v.firstMismatch).toMatchObject({ seq: last.seq + 1, code: 'joint-only' });
  });

  it('a game that rolled from its seed before a phone linked: the seed explains those rolls only; with the joint step undone, the table alone does not roll from it again (its own chain does)', async () => {
    const { t, game } = await newGame();
    const seeded = await t.store.act(ROLL);
    expect(seeded?.joint).toBeUndefined();
    const phone = await linkPhone(t, 'german phone', 'german', game);
    await jointOn(t, [t, phone]);
    // The seed stays (it explains step 1), and every roll after the joint step is joint.
    expect(jointOnly(t.store.getState().current!.session)).toBe(false);
    const jointRoll = (await phone.store.act(ROLL))!;
    expect(jointRoll.joint).toHaveLength(2);
    const joint = log(t).find((e) => e.action.type === 'joint')!.seq;
    await t.store.undo(joint);
    expect(t.store.getState().current!.state.joint).toBeUndefined();
    // Unlinked, the table alone (no way back to its seed): its own chain rolls, as a joint set of one.
    phone.link.leave();
    await wait(() => expect(t.store.getState().link?.peers.every((p) => !p.connected)).toBe(true));
    const e = await t.store.act(ROLL);
    expect(e, JSON.stringify(t.store.getState().problem)).toBeDefined();
    expect(log(t).at(-2)!.outcome).toEqual({ kind: 'joint', devices: ['Table'] });
    // The undone joint roll's randomness comes first (undo never re-rolls), then the table's own values.
    expect(e!.jointRedo).toBe(jointRoll.seq);
    expect(e!.outcome).toEqual(jointRoll.outcome);
    expect((await t.store.act(ROLL))?.joint?.map((r) => r.name)).toEqual(['Table']);
    expect(verifySession(t.store.getState().current!.session, t.store.getState().current!.ctx).ok).toBe(true);
  });

  it('a game whose seed the players made on the table alone (one device): a phone linked starts joint randomness, and the public seed replaces that one', async () => {
    const t = await device('Table');
    const ceremony = {
      device: contribute('device', 'device', '', 'ab'.repeat(16)),
      contributions: [
        contribute('german', 'text', 'aa11', 'Panzer vor'),
        contribute('soviet', 'text', 'bb22', 'Uranus'),
      ],
    };
    const game = (await t.store.createSession('grossdeutschland', 'gd-kursk', 'Kursk', undefined, ceremony))!;
    await t.store.openSession(game);
    const madeWith = t.store.getState().current!.session.seed;
    const phone = await linkPhone(t, 'german phone', 'german', game);
    await jointOn(t, [t, phone]);
    const cur = phone.store.getState().current!.session;
    expect(jointOnly(cur)).toBe(true);
    expect(cur.ceremony).toBeUndefined();
    expect(JSON.stringify(await dumpDb('wc-german phone'))).not.toContain(madeWith);
    expect(JSON.stringify(await dumpDb('wc-german phone'))).not.toContain('Panzer vor');
  });

  it('a device alone stays in seed mode; once a display holds its game, the next roll is made from the table’s own chain, which the display cannot predict', async () => {
    const { t } = await newGame();
    const seed = t.store.getState().current!.session.seed;
    expect((await t.store.act(ROLL))?.joint).toBeUndefined();
    const display = await device('Display');
    const invite = await t.link.invite();
    await invite.accept(await display.link.join(invite.code));
    await wait(() => expect(log(display)).toHaveLength(1));
    // The display holds the seed and step 1's random states: they explain step 1, and predict nothing after.
    const before = await guesses(display);
    const e = await t.store.act(ROLL);
    expect(e?.joint?.map((r) => r.name)).toEqual(['Table']);
    expect(before.has(diceOf(e!))).toBe(false);
    expect(log(t).map((x) => x.action.type)).toEqual(['roll', 'joint', 'roll']);
    expect(t.store.getState().current!.session.seed).toBe(seed);
    await wait(() => expect(log(display)).toHaveLength(3));
    expect(verifySession(display.store.getState().current!.session, display.store.getState().current!.ctx).ok).toBe(
      true,
    );
  });

  it('the table reloaded, with its own chain alone in the joint set: it rolls on with no link (its chain is in its own IndexedDB)', async () => {
    const { t, game } = await newGame();
    await linkDevice(t, 'Display', game);
    expect((await t.store.act(ROLL))?.joint?.map((r) => r.name)).toEqual(['Table']);
    t.link.leave();
    // The table reloads (its link gone, its chain kept in its own IndexedDB): its own set rolls on, with no link.
    const again = await device('Table');
    await again.store.openSession(game);
    const alone = await again.store.act(ROLL);
    expect(alone, JSON.stringify(again.store.getState().problem)).toBeDefined();
    expect(alone!.joint?.map((r) => r.name)).toEqual(['Table']);
    expect(verifySession(again.store.getState().current!.session, again.store.getState().current!.ctx).ok).toBe(true);
    expect(alone!.joint![0]!.k).toBe(2);
  });

  it('a shared display linked before any phone takes a side never gets the table’s seed; nothing it holds predicts a roll; a phone that takes its side later joins the set', async () => {
    const { t, game } = await newGame();
    const madeWith = t.store.getState().current!.session.seed;
    const display = await linkDevice(t, 'Display', game);
    // The game took the public seed before the display was given it: the table's seed is nowhere there.
    expect(jointOnly(display.store.getState().current!.session)).toBe(true);
    const held = new Set<string>();
    collect(JSON.parse(JSON.stringify(display.store.getState())), held, []);
    collect(await dumpDb('wc-Display'), held, []);
    collect(await display.store.exportSession(game), held, []);
    expect([...held].some((x) => x.includes(madeWith))).toBe(false);
    for (let i = 0; i < 5; i++) {
      const before = await guesses(display);
      const e = await t.store.act(ROLL);
      expect(e, JSON.stringify(t.store.getState().problem)).toBeDefined();
      expect(before.has(diceOf(e!)), `the display predicted roll ${i + 1}`).toBe(false);
      await wait(() => expect(log(display)).toHaveLength(e!.seq));
    }
    expect(log(t)[0]!.outcome).toEqual({ kind: 'joint', devices: ['Table'] });
    expect(verifySession(display.store.getState().current!.session, display.store.getState().current!.ctx).ok).toBe(
      true,
    );
    // A player's phone linked now joins the table's set (a step), and rolls with it.
    const phone = await linkPhone(t, 'german phone', 'german', game);
    await jointOn(t, [t, phone]);
    const e = await phone.store.act(ROLL);
    expect(e?.joint?.map((r) => r.name).sort()).toEqual(['Table', 'german phone']);
  });

  for (const sides of [['german'], ['german', 'soviet']] as const)
    it(`with ${sides.length + 1} devices: no device predicts the next roll after any step; the roll shows on every device and verifies`, async () => {
      const { t, phones, all } = await table(sides);
      // The welcome's seed explains the steps before the joint step only.
      const steps: [Device, Action][] = [
        [phones[0]!, ROLL],
        [t, ROLL],
        [phones.at(-1)!, ROLL],
        [t, { type: 'end-turn' }],
        [phones[0]!, ROLL],
      ];
      for (const [who, action] of steps) {
        const rolls = action.type === 'roll';
        const before = rolls ? await Promise.all(all.map(guesses)) : [];
        const e = await who.store.act(action);
        expect(e, JSON.stringify(who.store.getState().problem)).toBeDefined();
        for (const d of all) await wait(() => expect(log(d)).toHaveLength(e!.seq));
        if (!rolls) continue;
        const entry = log(t)[e!.seq - 1]!;
        expect(entry.joint?.map((r) => r.name).sort()).toEqual(all.map((d) => d.name).sort());
        for (const [i, d] of all.entries()) {
          expect(before[i]!.has(diceOf(entry)), `${d.name} predicted step ${e!.seq}`).toBe(false);
          expect(diceOf(log(d)[e!.seq - 1]!)).toBe(diceOf(entry));
        }
      }
      // Every device's copy verifies; no secret went on the wire.
      for (const d of all)
        expect(verifySession(d.store.getState().current!.session, d.store.getState().current!.ctx).ok).toBe(true);
      for (const d of all)
        for (const c of (await dumpDb(`wc-joint-${d.name}`)) as { secret: string }[])
          expect(wire.some((m) => m.includes(c.secret))).toBe(false);
    });

  it('a withheld value stalls the roll, named on every screen; the table goes on without it, as a step', async () => {
    const { t, phones, all } = await table(['german', 'soviet']);
    const [german, soviet] = phones as [Device, Device];
    cut.drop = (m, _text, from) => m.t === 'joint-reveal' && from === writerPeer(soviet);
    const asked = german.store.act(ROLL);
    for (const d of all)
      await wait(() => expect(d.store.getState().link?.jointWait?.awaited).toEqual(['soviet phone']));
    await wait(() => expect(t.store.getState().link?.jointWait?.stalled).toBe(true));
    const n = log(t).length;
    expect(await t.link.jointDrop()).toBe(true);
    // Never a roll without it: the request is answered with the way out, and the log says who left.
    expect(await asked).toBeUndefined();
    expect(german.store.getState().problem?.key).toBe('link.joint.dropped');
    await wait(() => expect(log(german)).toHaveLength(n + 1));
    const left = log(t).at(-1)!;
    expect(left.outcome).toEqual({ kind: 'joint', devices: ['Table', 'german phone'], left: ['soviet phone'] });
    for (const d of all) await wait(() => expect(d.store.getState().link?.jointWait).toBeUndefined());
    const e = await german.store.act(ROLL);
    expect(e?.joint?.map((r) => r.name).sort()).toEqual(['Table', 'german phone']);
  });

  // The moment between a phone taking its side and the joint set being logged: the roll waits for it.
  it('a roll asked for on the table just as a phone takes its side waits for the joint step, and is made jointly', async () => {
    stallMs = 10_000;
    const { t, game } = await newGame();
    const p = await linkDevice(t, 'german phone', game);
    // The phone's commitment is held back on the wire while the roll is asked for: the start is under way.
    let held: Msg | undefined;
    cut.drop = (m) => m.t === 'joint-commit' && ((held = m), true);
    p.link.setView('player', 'german');
    await wait(() => expect(held).toBeDefined());
    expect(t.store.getState().current!.state.joint).toBeUndefined();
    const rolled = t.store.act(ROLL);
    // The wait is said on the table's screens, naming the phone (the roll buttons and the link strip).
    await wait(() => expect(t.store.getState().link?.jointWait?.awaited).toEqual(['german phone']));
    cut.drop = undefined;
    writerPeer(p).send(held!);
    const e = await rolled;
    expect(e, JSON.stringify(t.store.getState().problem)).toBeDefined();
    expect(e!.joint?.map((r) => r.name).sort()).toEqual(['Table', 'german phone']);
    expect(log(t).map((x) => x.action.type)).toEqual(['joint', 'roll']);
    await wait(() => expect(log(p)).toHaveLength(2));
    expect(t.store.getState().link?.jointWait).toBeUndefined();
  });

  it('a game that rolled from its seed: a roll asked for by the phone just as it takes its side waits for the joint step, never made from the seed it holds', async () => {
    const { t } = await newGame();
    await t.store.act(ROLL);
    const p = await device('german phone');
    const invite = await t.link.invite();
    await invite.accept(await p.link.join(invite.code));
    await wait(() => expect(log(p)).toHaveLength(1));
    const seeded = restoreRng(log(t)[0]!.rngAfter);
    const fromSeed = rollDice(seeded, { n: 20, sides: 6 }).dice.join('');
    // The request goes right behind the phone's side: the table reads it while the phone's chain is asked for.
    p.link.setView('player', 'german');
    const e = await p.store.act(ROLL);
    expect(e, JSON.stringify(p.store.getState().problem)).toBeDefined();
    expect(e!.joint?.map((r) => r.name).sort()).toEqual(['Table', 'german phone']);
    expect(diceOf(e!)).not.toBe(fromSeed);
    expect(log(t).map((x) => x.action.type)).toEqual(['roll', 'joint', 'roll']);
  });

  it('a joint start that gives up (the phone never commits): the roll that waited for it is refused in words, never made from the seed', async () => {
    const { t, game } = await newGame();
    const p = await linkDevice(t, 'german phone', game);
    cut.drop = (m) => m.t === 'joint-commit';
    p.link.setView('player', 'german');
    await wait(() =>
      expect(t.store.getState().link?.peers.find((x) => x.name === 'german phone')?.side).toBe('german'),
    );
    expect(await t.store.act(ROLL)).toBeUndefined();
    expect(t.store.getState().problem?.key).toBe('error.joint-only');
    expect(log(t)).toHaveLength(0);
  });

  it('a lying value is refused naming its device; the roll waits for one that holds', async () => {
    const { t, phones, all, game } = await table(['german', 'soviet']);
    const soviet = phones[1]!;
    let ask: Extract<Msg, { t: 'joint-ask' }> | undefined;
    cut.drop = (m, _text, from) => {
      if (m.t === 'joint-ask') ask = m;
      return m.t === 'joint-reveal' && from === writerPeer(soviet);
    };
    const asked = t.store.act(ROLL);
    await wait(() => expect(ask).toBeDefined());
    await wait(() => expect(t.store.getState().link?.jointWait?.awaited).toEqual(['soviet phone']));
    // Its honest value was held back; now it sends one of its own making.
    await wait(() => expect(wire.filter((m) => m.includes('"joint-reveal"'))).toHaveLength(2));
    cut.drop = undefined;
    writerPeer(soviet).send({
      t: 'joint-reveal',
      game,
      seq: ask!.seq,
      prefix: ask!.prefix,
      k: 1,
      value: 'f'.repeat(64),
    });
    await wait(() =>
      expect(t.store.getState().problem).toMatchObject({ key: 'link.joint.lying', params: { name: 'soviet phone' } }),
    );
    for (const d of all) await wait(() => expect(d.store.getState().link?.jointWait?.refused).toBe('soviet phone'));
    // Malformed joint messages are refused by the guard, never thrown.
    writerPeer(soviet).send({ t: 'joint-reveal', game, seq: -1, prefix: 'x', k: 0, value: null });
    await wait(() => expect(t.store.getState().problem?.key).toBe('link.bad.field'));
    // The honest value comes after all (the phone answers again when asked again).
    t.store.dismissProblem();
    (t.link as unknown as { jointWriter: { rejoined(n: string): void } }).jointWriter.rejoined('soviet phone');
    expect((await asked)?.joint?.length).toBe(3);
  });

  it('a phone reloaded mid-roll gives the same value again, and the roll is made', async () => {
    const { t, phones, game } = await table(['german', 'soviet']);
    const soviet = phones[1]!;
    const given: string[] = [];
    cut.drop = (m, text, from) => m.t === 'joint-reveal' && from === writerPeer(soviet) && (given.push(text), true);
    const asked = t.store.act(ROLL);
    await wait(() => expect(given).toHaveLength(1));
    // The phone reloads: its link and memory are gone; its IndexedDB stays.
    soviet.link.leave();
    cut.drop = undefined;
    const again = await linkPhone(t, 'soviet phone', 'soviet', game);
    const e = await asked;
    expect(e).toBeDefined();
    const first = JSON.parse(given[0]!) as { k: number; value: string };
    expect(e!.joint!.find((r) => r.name === 'soviet phone')).toEqual({
      name: 'soviet phone',
      k: first.k,
      value: first.value,
    });
    await wait(() => expect(log(again)).toHaveLength(e!.seq));
  });

  it('a phone that lost its chain commits a new one when asked: the set is logged again, and the roll asked again is made', async () => {
    const { t, phones, game } = await table(['german']);
    await phones[0]!.store.act(ROLL);
    // The phone comes back with its chain gone (its data cleared), under the same name.
    phones[0]!.link.leave();
    const again = await linkPhone(t, 'german phone', 'german', game, 'wc-joint-cleared');
    const n = log(t).length;
    expect(await t.store.act(ROLL)).toBeUndefined();
    expect(t.store.getState().problem).toMatchObject({
      key: 'link.joint.recommitted',
      params: { name: 'german phone' },
    });
    await wait(() => expect(log(t)).toHaveLength(n + 1));
    expect(log(t).at(-1)!.action.type).toBe('joint');
    const e = await t.store.act(ROLL);
    expect(e?.joint?.map((r) => r.name).sort()).toEqual(['Table', 'german phone']);
    await wait(() => expect(log(again)).toHaveLength(e!.seq));
    expect(verifySession(again.store.getState().current!.session, again.store.getState().current!.ctx).ok).toBe(true);
  });

  it('undo never re-rolls: a phone undoes its own roll, and the roll asked again gives the same dice with no round', async () => {
    const { phones, all } = await table(['german']);
    const german = phones[0]!;
    const e = await german.store.act(ROLL);
    await wait(() => expect(log(german)).toHaveLength(e!.seq));
    await german.store.undo();
    for (const d of all) await wait(() => expect(log(d)).toHaveLength(e!.seq + 1));
    const asks = wire.filter((m) => m.includes('"joint-ask"')).length;
    const again = await german.store.act(ROLL);
    expect(again?.outcome).toEqual(e!.outcome);
    expect(again?.jointRedo).toBe(e!.seq);
    // No device was asked for a value: the undone roll's randomness was due.
    expect(wire.filter((m) => m.includes('"joint-ask"')).length).toBe(asks);
    for (const d of all) await wait(() => expect(log(d)).toHaveLength(e!.seq + 2));
    expect(verifySession(german.store.getState().current!.session, german.store.getState().current!.ctx).ok).toBe(true);
  });

  it(
    'a joint game file verifies in the app and the CLI; a changed value is refused naming its step',
    { timeout: 150_000 },
    async () => {
      const { t, phones, game } = await table(['german']);
      await phones[0]!.store.act(ROLL);
      await t.store.act({ type: 'cup.draw', cup: 'activation' });
      const e = await t.store.act(ROLL);
      await wait(() => expect(log(phones[0]!)).toHaveLength(e!.seq));
      const text = (await phones[0]!.store.exportSession(game))!;
      const contextFor = () => t.store.getState().current!.ctx;
      expect(readSessionFile(text, contextFor).ok).toBe(true);
      const { verifyText } = await import('../../src/cli/verify');
      const good = await verifyText(text);
      expect(good.code).toBe(0);
      expect(good.message).toContain('made from the values of Table, german phone (joint randomness)');
      const file = JSON.parse(text) as { format: number; session: { log: LogEntry[] } };
      expect(file.format).toBe(4);
      const changed = structuredClone(file) as unknown as { session: { log: { joint: { value: string }[] }[] } };
      changed.session.log[e!.seq - 1]!.joint[0]!.value = '0'.repeat(64);
      const bad = readSessionFile(JSON.stringify(changed), contextFor);
      expect(bad.ok).toBe(false);
      if (!bad.ok) expect(bad.issues[0]!.path).toBe(`$.session.log (step ${e!.seq})`);
      const cli = await verifyText(JSON.stringify(changed));
      expect(cli.code).toBe(1);
      expect(cli.message).toContain(`step ${e!.seq}`);
      // The command itself (npm run verify), once: the good file passes, the changed one is refused naming the step.
      const dir = mkdtempSync(join(tmpdir(), 'wc-joint-'));
      try {
        writeFileSync(join(dir, 'good.json'), text);
        writeFileSync(join(dir, 'changed.json'), JSON.stringify(changed));
        const run = spawnSync(
          process.execPath,
          ['scripts/verify.mjs', join(dir, 'good.json'), join(dir, 'changed.json')],
          {
            encoding: 'utf8',
            timeout: 120_000,
          },
        );
        expect(run.status, run.stderr).toBe(1);
        expect(run.stdout).toMatch(/good\.json[^\n]*OK/);
        expect(run.stdout).toMatch(new RegExp(`changed\\.json[^\\n]*step ${e!.seq}`));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

/** The phone's end of its link to the writer, to put any message on the wire. */
function writerPeer(d: Device): Peer {
  return (d.link as unknown as { writer: { peer: Peer } }).writer.peer;
}
