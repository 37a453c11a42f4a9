// Saved games that survive rule fixes: each step records the game's rules version; replay runs it
// under that version where the game keeps the old behaviour, or keeps its result as written where
// the game rewrote the procedure (its dice still checked from the seed); a version claimed out of
// order is refused. A fixture game stands for a game module (EastFront, Stalingrado) whose
// procedures changed after games were saved.
import { describe, expect, it } from 'vitest';
import {
  apply,
  deriveState,
  EngineError,
  entryHash,
  headerHash,
  initialState,
  newSession,
  readSessionFile,
  replayEntry,
  toFile,
  verifySession,
  type Action,
  type GameContext,
  type LogEntry,
  type Procedure,
  type ProcedureOutcome,
  type Session,
} from '../../../src/engine';

const need = (ok: boolean, key: string) => {
  if (!ok) throw new EngineError('procedure', { key });
};
const line = (key: string, params?: Record<string, number | string>) => ({ key, ...(params ? { params } : {}) });

/** Fire: a hit on 5+ before the fix, on 4+ since version 1 (the game keeps the old threshold behind api.rules). */
const fireOld: Procedure = (_input, api) => {
  const r = api.roll({ n: 1, sides: 6 });
  const hit = r.total >= 5;
  return { headline: line(hit ? 'fx.hit' : 'fx.miss'), lines: [], result: { hit } };
};
const fire: Procedure = (_input, api) => {
  const r = api.roll({ n: 1, sides: 6 });
  const hit = r.total >= (api.rules < 1 ? 5 : 4);
  return { headline: line(hit ? 'fx.hit' : 'fx.miss'), lines: [], result: { hit } };
};
/** Surrender: rolled before version 2; refused since (kept behind api.rules). */
const surrenderOld: Procedure = (_input, api) => {
  const r = api.roll({ n: 2, sides: 6 });
  return { headline: line('fx.surrender', { total: r.total }), lines: [], result: { total: r.total } };
};
const surrender: Procedure = (input, api) => {
  need(api.rules < 2, 'fx.err.surrenderDone');
  return surrenderOld(input, api);
};
/** Victory: a tally before version 2; since then the players decide. The old code is not kept (rewritten). */
const victoryOld: Procedure = (_input, api) => {
  const r = api.roll({ n: 1, sides: 6 });
  return {
    headline: line('fx.victory.tally', { total: r.total }),
    lines: [],
    result: { winner: r.total > 3 ? 'axis' : 'soviet' },
    game: { ...api.game, victory: r.total > 3 ? 'axis' : 'soviet' },
  };
};
const victory: Procedure = (_input, api) => {
  api.roll({ n: 1, sides: 6 });
  return {
    headline: line('fx.victory.players'),
    lines: [],
    result: { winner: null },
    game: { ...api.game, victory: null },
  };
};

const tables = new Map();
/** The game as it was when the old games were saved: no versions. */
const OLD: GameContext = {
  tables,
  procedures: { 'fx.fire': fireOld, 'fx.surrender': surrenderOld, 'fx.victory': victoryOld },
};
/** The game now: version 2; fire and surrender keep their old behaviour, victory was rewritten at 2. */
const NOW: GameContext = {
  tables,
  procedures: { 'fx.fire': fire, 'fx.surrender': surrender, 'fx.victory': victory },
  rules: { version: 2, rewritten: { 'fx.victory': 2 } },
};

const proc = (id: string, manual?: number[][]): Action => ({
  type: 'procedure',
  id,
  input: {},
  ...(manual ? { manual } : {}),
});

function play(ctx: GameContext, actions: readonly Action[], from?: Session, seed = 'rules-seed'): Session {
  let session =
    from ??
    newSession({
      id: 's',
      game: 'fx',
      scenario: 'fx',
      name: 'fx',
      seed,
      createdAt: '2026-11-28T00:00:00Z',
      ...(ctx.rules ? { rules: ctx.rules.version } : {}),
    });
  let state = deriveState(session, ctx);
  for (const a of actions) ({ session, state } = apply(session, state, a, ctx));
  return session;
}

/** A log edited by someone holding the seed, its chain worked out again (so only the rules can refuse it). */
function relinked(s: Session): Session {
  let prev = headerHash(s);
  const log = s.log.map((e) => {
    const linked: LogEntry = { ...e, prev };
    prev = entryHash(linked);
    return linked;
  });
  return { ...s, log };
}

describe('a game saved before a rule fix still opens (rules versions)', () => {
  // A 4 on the die: a miss under the old fire (5+), a hit under the new (4+).
  const oldActions = [proc('fx.fire', [[4]]), proc('fx.surrender'), proc('fx.victory'), proc('fx.fire')];
  const seed = 'rules-seed-0';
  const OLD_GAME = play(OLD, oldActions, undefined, seed);

  it('the fixture is an honest old log: it verifies under the old code, and the new code alone would call it damaged', () => {
    expect(OLD_GAME.rules).toBeUndefined();
    expect(OLD_GAME.log.every((e) => e.rules === undefined)).toBe(true);
    expect(verifySession(OLD_GAME, OLD).ok).toBe(true);
    // Read under the rules now (as if every step had been made under version 2): step 1 (the 4) is a hit, not the miss recorded.
    const readNow = relinked({ ...OLD_GAME, log: OLD_GAME.log.map((e) => ({ ...e, rules: 2 })) });
    expect(verifySession(readNow, NOW).firstMismatch).toMatchObject({ seq: 1, code: 'result' });
  });

  it('opens and verifies: old fire and surrender replay under the rules they were made with, the rewritten victory is kept as written', () => {
    const v = verifySession(OLD_GAME, NOW);
    expect(v.ok).toBe(true);
    expect(v.formerRules).toBe(2); // step 1 (the 4: a miss under 5+) and step 2 (surrender, refused now)
    expect(v.writtenRules).toEqual([3]);
    expect([v.checked, v.manual]).toEqual([3, 1]);
    // The state the game opens in is the verification's.
    expect(deriveState(OLD_GAME, NOW)).toEqual(v.state);
    // Step 4 (fire under today's rules or the old: the same record) is not said to be older.
    expect(
      replayEntry(
        deriveState({ ...OLD_GAME, log: OLD_GAME.log.slice(0, 3) }, NOW),
        OLD_GAME.log[3]!,
        NOW,
        OLD_GAME.settings,
      ),
    ).toMatchObject({ ok: true, under: 'current' });
  });

  it('a file of it imports, saying which steps keep their recorded result', () => {
    const r = readSessionFile(JSON.stringify(toFile(OLD_GAME)), () => NOW);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.verification.writtenRules).toEqual([3]);
  });

  it('the game goes on under the rules now: new steps record version 2 and replay under it', () => {
    const going = play(NOW, [proc('fx.fire', [[4]])], OLD_GAME);
    const last = going.log[going.log.length - 1]!;
    expect(last.rules).toBe(2);
    expect((last.outcome as { result: unknown }).result).toEqual({ hit: true }); // 4+ now
    expect(() => play(NOW, [proc('fx.surrender')], OLD_GAME)).toThrow(/fx.err.surrenderDone|procedure/);
    expect(verifySession(going, NOW).ok).toBe(true);
  });

  it('a new game records its start version and every step’s; its header hashes the version (an old header as before)', () => {
    const g = play(NOW, [proc('fx.fire')]);
    expect(g.rules).toBe(2);
    expect(g.log[0]!.rules).toBe(2);
    expect(headerHash(g)).not.toBe(headerHash({ ...g, rules: undefined }));
    const { rules: _r, ...old } = g;
    expect(headerHash(old)).toBe(headerHash({ ...old }));
    expect(verifySession(g, NOW).ok).toBe(true);
  });
});

describe('a version claimed to get another result is refused (the chain stays sound)', () => {
  const seed = 'rules-seed-1';
  const NEW_GAME = play(NOW, [proc('fx.fire', [[4]]), proc('fx.victory')], undefined, seed);

  it('a new step claiming the old rules (older than the game’s start) is refused, even with its chain worked out again', () => {
    // The forger's aim: the 4 read under the old 5+ (a miss), or a victory kept as written.
    const forged = relinked({
      ...NEW_GAME,
      log: NEW_GAME.log.map((e) =>
        e.seq === 1
          ? {
              ...e,
              rules: 0,
              outcome: {
                ...(e.outcome as ProcedureOutcome),
                headline: { key: 'fx.miss' },
                result: { hit: false },
              },
            }
          : e,
      ),
    });
    const v = verifySession(forged, NOW);
    expect(v.ok).toBe(false);
    expect(v.firstMismatch).toMatchObject({ seq: 1, code: 'rules-older', params: { version: 0, floor: 2 } });
  });

  it('a step claiming no version in a game that started with versions is refused', () => {
    const { rules: _r, ...unversioned } = NEW_GAME.log[1]!;
    const forged = relinked({ ...NEW_GAME, log: [NEW_GAME.log[0]!, unversioned] });
    expect(verifySession(forged, NOW).firstMismatch).toMatchObject({ seq: 2, code: 'rules-older' });
  });

  it('a step older than an earlier step of the same game is refused, even in a game begun before versions', () => {
    // An old game (no start version) played on: its steps record 2; a later one claiming 1 (or none) is refused.
    const old = play(OLD, [proc('fx.fire')], undefined, seed);
    const going = play(NOW, [proc('fx.fire'), proc('fx.victory')], old);
    expect(verifySession(going, NOW).ok).toBe(true);
    const claim1 = relinked({ ...going, log: going.log.map((e) => (e.seq === 3 ? { ...e, rules: 1 } : e)) });
    expect(verifySession(claim1, NOW).firstMismatch).toMatchObject({
      seq: 3,
      code: 'rules-older',
      params: { version: 1, floor: 2 },
    });
    const { rules: _r, ...none } = going.log[2]!;
    const claimNone = relinked({ ...going, log: [going.log[0]!, going.log[1]!, none] });
    expect(verifySession(claimNone, NOW).firstMismatch).toMatchObject({ seq: 3, code: 'rules-older' });
  });

  it('a start version dropped from the header breaks the first step’s link', () => {
    const { rules: _r, ...dropped } = NEW_GAME;
    expect(verifySession(dropped, NOW).firstMismatch).toMatchObject({ seq: 1, code: 'first-step' });
  });

  it('a version newer than the app’s rules is refused in words (update the app)', () => {
    const newer = relinked({ ...NEW_GAME, log: NEW_GAME.log.map((e) => ({ ...e, rules: 3 })) });
    expect(verifySession(newer, NOW).firstMismatch).toMatchObject({
      seq: 1,
      code: 'rules-newer',
      params: { version: 3, now: 2 },
    });
  });

  it('kept as written only where the game rewrote the procedure: an old fire step with its result changed is refused', () => {
    // A 2 is a miss under every version (5+ before, 4+ now): a hit is no version's reading.
    const old = play(OLD, [proc('fx.fire', [[2]])], undefined, seed);
    const forged = relinked({
      ...old,
      log: old.log.map((e) => ({
        ...e,
        outcome: {
          ...(e.outcome as ProcedureOutcome),
          headline: { key: 'fx.hit' },
          result: { hit: true },
        },
      })),
    });
    expect(verifySession(forged, NOW).firstMismatch).toMatchObject({ seq: 1, code: 'result' });
  });

  it('a step kept as written must still have the seed’s dice: an old victory with another roll is refused', () => {
    const old = play(OLD, [proc('fx.victory')], undefined, seed);
    expect(verifySession(old, NOW)).toMatchObject({ ok: true, writtenRules: [1] });
    const o = old.log[0]!.outcome as ProcedureOutcome;
    const face = o.rolls[0]!.dice[0] === 6 ? 1 : 6;
    const forged = relinked({
      ...old,
      log: [
        {
          ...old.log[0]!,
          outcome: { ...o, rolls: [{ ...o.rolls[0]!, dice: [face], total: face }] },
        },
      ],
    });
    expect(verifySession(forged, NOW).ok).toBe(false);
    // Typed-in dice are the players' own: a manual old victory is kept as written with them.
    const manual = play(OLD, [proc('fx.victory', [[2]])], undefined, seed);
    expect(verifySession(manual, NOW)).toMatchObject({ ok: true, writtenRules: [1], manual: 1 });
  });

  it('a state the app keeps follows a kept-as-written step as the rules now read it', () => {
    const old = play(OLD, [proc('fx.victory')], undefined, seed);
    expect(deriveState(old, NOW).game).toEqual({ victory: null });
    expect(deriveState(old, NOW).rng).toEqual(old.log[0]!.rngAfter);
    expect(initialState(old).rng).toEqual(old.log[0]!.rngBefore);
  });
});

describe('a file exported without its seed', () => {
  it('is refused when its steps claim rules versions out of order, as the file with the seed is', () => {
    const g = play(NOW, [proc('fx.fire'), proc('fx.fire')], undefined, 'rules-seed-2');
    const seedless = JSON.parse(JSON.stringify(toFile(g, { withoutSeed: true }))) as {
      session: { log: { rules?: number }[] };
    };
    const ok = readSessionFile(JSON.stringify(seedless), () => NOW, { withoutSeed: 'chain' });
    expect(ok.ok).toBe(true);
    seedless.session.log[1]!.rules = 1;
    const r = readSessionFile(JSON.stringify(seedless), () => NOW, { withoutSeed: 'chain' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]).toMatchObject({ path: '$.session.log (step 2)', code: 'rules-older' });
  });
});
