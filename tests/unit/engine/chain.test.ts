// Issue #15: the hash-chained log, its fingerprints, the cut-short check and the verifier's
// handling of undone steps that change no dice.
import { describe, expect, it } from 'vitest';
import {
  apply,
  checkChain,
  entryHash,
  headerHash,
  nextPrev,
  proquint,
  readSessionFile,
  sealOf,
  stepFingerprint,
  toFile,
  undo,
  verifySession,
} from '../../../src/engine';
import type { Action, ImportResult, Session } from '../../../src/engine';
import { fixtureContextFor, gameFixture, playGame } from './fixtures';

const ROLL: Action = { type: 'roll', dice: { n: 2, sides: 6 } };
const END: Action = { type: 'end-turn' };

const { ctx, scenario } = gameFixture();

const play = (actions: readonly (Action | 'undo' | number)[], seed = 'chain-seed') =>
  playGame({ ctx, scenario }, actions, seed);

describe('undone steps that change no dice (the known case)', () => {
  it('an undone end of turn does not make a later undone step fail verification', () => {
    // End the turn, undo it; roll, end the turn, undo both. The undone end of turn leaves the
    // random state as it found it, so the roll's starting state matches two places in the branch:
    // after the undone end of turn (turn 2, wrong) and before it (turn 1, right). Only the second
    // lets the next undone end of turn replay to "turn 2".
    const g = play([END, 'undo', ROLL, END, 2]);
    // Each undo is a step of its own (issue #30), never undone itself.
    expect(g.session.log.map((e) => e.undone)).toEqual([true, false, true, true, false]);
    expect(verifySession(g.session, ctx)).toMatchObject({ ok: true, checked: 5 });
  });

  it('the same with active steps before and after', () => {
    const g = play([ROLL, END, 'undo', ROLL, END, 3, ROLL, END]);
    expect(verifySession(g.session, ctx)).toMatchObject({ ok: true });
  });
});

const DRAW: Action = { type: 'cup.draw', cup: 'activation' };
const contextFor = fixtureContextFor({ ctx, scenario });
const text = (v: unknown) => JSON.stringify(v);
type FileJson = {
  format: number;
  seal?: Record<string, unknown>;
  session: Record<string, any> & { log: Record<string, any>[] };
};
const fileOf = (s: Session) => JSON.parse(text(toFile(s))) as FileJson;
function refused(r: ImportResult): string {
  if (r.ok) throw new Error('expected the file to be refused');
  return r.issues.map((i) => `${i.path}: ${i.message}`).join('\n');
}

/** A game over two turns, with an undone step and a manual roll: eight steps. */
const GAME = play([ROLL, DRAW, END, ROLL, 'undo', { ...ROLL, manual: [6, 6] }, DRAW, END, ROLL]);

describe('the fingerprint read aloud', () => {
  it("is four proquints, as in Wilkerson's examples (127.0.0.1 → lusab-babad, 63.84.220.193 → gutih-tugad)", () => {
    expect(proquint('7f0000013f54dcc1')).toBe('lusab-babad-gutih-tugad');
    expect(proquint('0000000000000000ffff')).toBe('babab-babab-babab-babab');
    expect(() => proquint('12')).toThrow();
  });
});

describe('each step carries the hash of the step before it', () => {
  it('the first step links to the header (seed commitment, not the seed), each next one to the step before', () => {
    const log = GAME.session.log;
    expect(log[0]!.prev).toBe(headerHash(GAME.session));
    for (let k = 1; k < log.length; k++) expect(log[k]!.prev).toBe(entryHash(log[k - 1]!));
    // The header hash holds the seed's hash, never the seed itself.
    expect(text(log[0])).not.toContain('chain-seed');
  });

  it("a step's hash ignores its undo mark (undo sets it later) but nothing else", () => {
    const e = GAME.session.log[3]!;
    expect(entryHash({ ...e, undone: !e.undone })).toBe(entryHash(e));
    expect(entryHash({ ...e, at: '2024-01-01T00:00:01Z' })).not.toBe(entryHash(e));
    expect(entryHash({ ...e, context: { turn: 9 } })).not.toBe(entryHash(e));
  });

  it('the seal changes with every step and with every undo', () => {
    const seen = new Set<string>();
    let g = play([]);
    seen.add(sealOf(g.session)!.fingerprint);
    for (const a of [ROLL, DRAW, END, ROLL] as const) {
      g = { ...g, ...apply(g.session, g.state, a, ctx) };
      seen.add(sealOf(g.session)!.fingerprint);
    }
    g = { ...g, ...undo(g.session, ctx) };
    seen.add(sealOf(g.session)!.fingerprint);
    expect(seen.size).toBe(6);
    expect(sealOf(g.session)).toMatchObject({ steps: 5, at: 3 });
  });
});

describe('verification reports where the log ends', () => {
  it('an exported file records its seal; import checks the steps reach it and reports its fingerprint', () => {
    const f = toFile(GAME.session);
    expect(f.seal).toEqual(sealOf(GAME.session));
    const r = readSessionFile(text(f), contextFor);
    if (!r.ok) throw new Error(refused(r));
    expect(r.verification).toMatchObject({ ok: true, sealed: true, unchained: 0 });
    expect(r.verification.seal!.fingerprint).toBe(sealOf(GAME.session)!.fingerprint);
    expect(r.verification.seal!.fingerprint).toMatch(/^[a-z]{5}(-[a-z]{5}){3}$/);
  });

  it("the fingerprint of a turn's end is the same after export and import", () => {
    const ends = GAME.session.log.filter((e) => e.action.type === 'end-turn').map(stepFingerprint);
    expect(ends).toHaveLength(2);
    const r = readSessionFile(JSON.stringify(toFile(GAME.session), null, 1), contextFor);
    if (!r.ok) throw new Error(refused(r));
    expect(r.session.log.filter((e) => e.action.type === 'end-turn').map(stepFingerprint)).toEqual(ends);
    // Re-ordering the keys (a tool that sorts them) changes nothing either.
    const sorted = JSON.parse(JSON.stringify(r.session.log[2]), (_k, v: unknown) =>
      v && typeof v === 'object' && !Array.isArray(v)
        ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? 1 : -1)))
        : v,
    ) as Session['log'][number];
    expect(stepFingerprint(sorted)).toBe(ends[0]);
  });

  it('a file cut short is refused, naming the fingerprint it should have had and the one it ends at', () => {
    const f = fileOf(GAME.session);
    const full = sealOf(GAME.session)!;
    const cut = { ...GAME.session, log: GAME.session.log.slice(0, -1) };
    f.session.log.pop();
    const msg = refused(readSessionFile(text(f), contextFor));
    expect(msg).toContain(
      `$.seal: cut short: expected fingerprint ${full.fingerprint} (step 9), the file ends at ${sealOf(cut)!.fingerprint} (step 8)`,
    );
  });

  it('a last roll dropped and rolled again (the reload cheat) no longer reaches the seal', () => {
    const f = fileOf(GAME.session);
    const again = apply(
      { ...GAME.session, log: GAME.session.log.slice(0, -1) },
      play([ROLL, DRAW, END, ROLL, 'undo', { ...ROLL, manual: [6, 6] }, DRAW, END]).state,
      { ...ROLL, manual: [6, 5] },
      ctx,
    ).session;
    f.session.log = JSON.parse(text(again.log)) as FileJson['session']['log'];
    expect(refused(readSessionFile(text(f), contextFor))).toMatch(
      /\$\.seal: the steps do not reach the recorded end: expected fingerprint [a-z-]+ \(step 9\), the file ends at [a-z-]+ \(step 9\)/,
    );
  });

  it('a changed step that the replay does not prove (who acted, when) breaks the chain at the next step', () => {
    const f = fileOf(GAME.session);
    f.session.log[1]!.context = { side: 'soviet' };
    expect(refused(readSessionFile(text(f), contextFor))).toMatch(/step 3\): the step does not follow step 2/);
    const g = fileOf(GAME.session);
    g.session.log[8]!.at = '2024-01-01T00:00:00Z';
    expect(refused(readSessionFile(text(g), contextFor))).toMatch(/\$\.seal/);
  });

  it('a changed header (when the game started, another seed) breaks the chain at step 1', () => {
    const f = fileOf(GAME.session);
    f.session.createdAt = '2023-01-01T00:00:00Z';
    expect(refused(readSessionFile(text(f), contextFor))).toMatch(/step 1\): the first step does not follow/);
  });

  it('a changed die is still named at its own step, before the broken link after it', () => {
    const f = fileOf(GAME.session);
    f.session.log[0]!.outcome.dice.dice = [1, 1];
    f.session.log[0]!.outcome.dice.total = 2;
    expect(refused(readSessionFile(text(f), contextFor))).toMatch(/step 1\).*differs/);
  });

  it('a step removed from the middle is refused', () => {
    const f = fileOf(GAME.session);
    f.session.log.splice(3, 1);
    expect(refused(readSessionFile(text(f), contextFor))).toMatch(/step 5\): entries are missing or out of order/);
  });

  it('a file of format 2 without its seal is refused', () => {
    const f = fileOf(GAME.session);
    delete f.seal;
    expect(refused(readSessionFile(text(f), contextFor))).toMatch(/\$\.seal: the file records no seal/);
  });
});

describe('old files and old stored games (migration)', () => {
  const unlinked = (s: Session): Session => ({ ...s, log: s.log.map(({ prev: _p, ...e }) => e) });

  it('a file of format 1 (no links, no seal) imports: the chain is filled in, and it says it cannot show a cut', () => {
    const old = { app: 'wargame-companion', kind: 'session', format: 1, session: unlinked(GAME.session) };
    const r = readSessionFile(text(old), contextFor);
    if (!r.ok) throw new Error(refused(r));
    expect(r.verification).toMatchObject({ ok: true, sealed: false });
    expect(r.session.log[0]!.prev).toBe(headerHash(GAME.session));
    // Its steps are the same steps: the links it gets are those the app would have written.
    expect(r.session.log.map((e) => e.prev)).toEqual(GAME.session.log.map((e) => e.prev));
  });

  it('a game stored before the chain: its old steps come first, unlinked; the steps after link to them', () => {
    const before = unlinked(play([ROLL, DRAW]).session);
    const { session } = apply(before, play([ROLL, DRAW]).state, ROLL, ctx);
    expect(session.log[2]!.prev).toBe(entryHash(session.log[1]!));
    expect(verifySession(session, ctx)).toMatchObject({ ok: true, unchained: 2 });
    // An unlinked step after a linked one is a broken chain.
    const bad = {
      ...session,
      log: [...session.log.slice(0, 2), ...unlinked({ ...session, log: session.log.slice(2) }).log],
    };
    const mixed = { ...GAME.session, log: [GAME.session.log[0]!, ...unlinked(GAME.session).log.slice(1)] };
    expect(verifySession(bad, ctx)).toMatchObject({ ok: true, unchained: 3 });
    expect(verifySession(mixed, ctx)).toMatchObject({ ok: false, firstMismatch: { seq: 2 } });
  });
});

describe("the next step's link, worked out ahead (issue #14)", () => {
  it("is the last step's hash, its undo mark left out, and the header's for an empty log", () => {
    const { session } = play([ROLL, DRAW]);
    expect(nextPrev(session)).toBe(entryHash(session.log[1]!));
    const marked = { ...session, log: [session.log[0]!, { ...session.log[1]!, undone: true }] };
    expect(nextPrev(marked)).toBe(entryHash(session.log[1]!));
    expect(nextPrev({ ...session, log: [] })).toBe(headerHash(session));
  });

  it('a step changed after its link was worked out is still caught: checking hashes afresh', () => {
    const { session } = play([ROLL, ROLL, ROLL]);
    const middle = { ...session, log: session.log.slice(0, 2) };
    expect(nextPrev(middle)).toBe(session.log[2]!.prev);
    // Tampered in place after the link was kept (the app never does this; a file's steps are new objects).
    const tampered = structuredClone(session);
    nextPrev({ ...tampered, log: tampered.log.slice(0, 2) });
    (tampered.log[1] as { at?: string }).at = '1999-01-01T00:00:00.000Z';
    expect(checkChain(tampered)).toMatchObject({ seq: 3, code: 'step-follow' });
  });
});
