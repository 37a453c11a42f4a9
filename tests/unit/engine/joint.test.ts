// Issue #33, joint randomness (src/engine/joint.ts): hash chains, the step's randomness from every
// device's value, and the verification of a game that used it — a changed value is refused naming
// the step, in a file as in the replay.
import { describe, expect, it } from 'vitest';
import {
  apply,
  chainAnchor,
  chainValue,
  checkReveals,
  deriveState,
  jointPrefix,
  jointRequest,
  jointRng,
  nextPrev,
  readSessionFile,
  step,
  toFile,
  undo,
  verifySession,
  type Action,
  type GameContext,
  type JointDevice,
  type JointReveal,
  type LogEntry,
  type Session,
  type SessionState,
} from '../../../src/engine';
import { cupGame, engineError, fixtureContextFor, gameFixture, gdCrt, oneD, startGame } from './fixtures';

const { ctx, scenario } = gameFixture();
const contextFor = fixtureContextFor({ ctx, scenario });
const ROLL: Action = { type: 'roll', dice: { n: 2, sides: 6 } };
const DRAW: Action = { type: 'cup.draw', cup: 'activation' };
const N = 64;
const SECRETS: Record<string, string> = {
  Table: 'a'.repeat(64),
  'German phone': 'b'.repeat(64),
  Soviet: 'c'.repeat(64),
};
const device = (name: string, side?: string): JointDevice => ({
  name,
  ...(side ? { side } : {}),
  anchor: chainAnchor(SECRETS[name]!, N),
  length: N,
});

/** A game in joint mode: every random step takes the next value of each device's chain. */
function jointGame(names = ['Table', 'German phone']) {
  let { session, state } = startGame(scenario, 'joint-seed');
  ({ session, state } = apply(session, state, { type: 'joint', devices: names.map((n) => device(n)) }, ctx));
  const next = new Map(names.map((n) => [n, 1]));
  const play = (action: Action, skip: Record<string, number> = {}) => {
    const asked = jointRequest(session, state, action, ctx);
    const reveals: JointReveal[] | undefined = asked
      ? names.map((n) => {
          const k = next.get(n)! + (skip[n] ?? 0);
          next.set(n, k + 1);
          return { name: n, k, value: chainValue(SECRETS[n]!, N, k) };
        })
      : undefined;
    ({ session, state } = apply(session, state, action, ctx, reveals ? { joint: reveals } : {}));
    return session.log.at(-1)!;
  };
  return {
    play,
    undo: () => ({ session, state } = undo(session, ctx)),
    get session(): Session {
      return session;
    },
    get state(): SessionState {
      return state;
    },
  };
}

describe('hash chains', () => {
  it('each value links down to the one before it, to the anchor', () => {
    const s = SECRETS['Table']!;
    const joint = { devices: [{ ...device('Table'), k: 0, last: chainAnchor(s, N) }] };
    expect(checkReveals(joint, [{ name: 'Table', k: 1, value: chainValue(s, N, 1) }])).toBeUndefined();
    // A value further up the chain (one given and never logged) still links down: the gap shows in the log.
    expect(checkReveals(joint, [{ name: 'Table', k: 3, value: chainValue(s, N, 3) }])).toBeUndefined();
    expect(checkReveals(joint, [{ name: 'Table', k: 1, value: chainValue(s, N, 2) }])).toEqual({
      code: 'joint-reveal',
      params: { name: 'Table' },
    });
  });
});

describe('a game with joint randomness', () => {
  it('a random step needs every device’s value; a step that draws nothing needs none', () => {
    const g = jointGame();
    expect(jointRequest(g.session, g.state, { type: 'end-turn' }, ctx)).toBeUndefined();
    expect(jointRequest(g.session, g.state, { ...ROLL, manual: [3, 4] }, ctx)).toBeUndefined();
    expect(jointRequest(g.session, g.state, ROLL, ctx)?.seq).toBe(2);
    expect(engineError(() => apply(g.session, g.state, ROLL, ctx)).code).toBe('joint-needed');
    const roll = g.play(ROLL);
    expect(roll.joint?.map((r) => r.name)).toEqual(['Table', 'German phone']);
    g.play({ type: 'end-turn' });
    expect(g.session.log.at(-1)!.joint).toBeUndefined();
  });

  it('a lying value is refused naming its device', () => {
    const g = jointGame();
    const reveals = [
      { name: 'Table', k: 1, value: chainValue(SECRETS['Table']!, N, 1) },
      { name: 'German phone', k: 1, value: 'f'.repeat(64) },
    ];
    const e = engineError(() => apply(g.session, g.state, ROLL, ctx, { joint: reveals }));
    expect(e.code).toBe('joint-reveal');
    expect(e.params).toEqual({ name: 'German phone' });
  });

  it('the dice are not the seed’s: the same game without joint randomness rolls otherwise', () => {
    const g = jointGame();
    const joint = [g.play(ROLL), g.play(ROLL), g.play(ROLL)].map((e) => JSON.stringify(e.outcome));
    let { session, state } = startGame(scenario, 'joint-seed');
    const plain: string[] = [];
    for (let i = 0; i < 3; i++) {
      ({ session, state } = apply(session, state, ROLL, ctx));
      plain.push(JSON.stringify(session.log.at(-1)!.outcome));
    }
    expect(joint).not.toEqual(plain);
  });

  it('verifies as a file; a value used twice after an undo, a changed value and a roll of its own are refused naming the step', () => {
    const g = jointGame(['Table', 'German phone', 'Soviet']);
    g.play(ROLL);
    g.play(DRAW);
    g.undo();
    g.play(DRAW);
    g.play({ type: 'end-turn' });
    g.play(ROLL, { Soviet: 1 });
    expect(verifySession(g.session, ctx).ok).toBe(true);
    // Said: the steps made from the devices' values (the undone one too), and the value given and never used.
    expect(verifySession(g.session, ctx).joint).toEqual({
      steps: 3,
      devices: ['German phone', 'Soviet', 'Table'],
      unused: 1,
    });
    const file = JSON.stringify(toFile(g.session));
    const r = readSessionFile(file, contextFor);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.verification.state).toEqual(deriveState(g.session, ctx));

    // Exported without the seed: its chain and seal verify, and the steps' values are public after the fact.
    const seedless = readSessionFile(JSON.stringify(toFile(g.session, { withoutSeed: true })), contextFor, {
      withoutSeed: 'chain',
    });
    expect(seedless.ok).toBe(true);

    // One value changed (the file's chain re-hashed would not help: the value does not link down).
    const changed = JSON.parse(file) as { session: { log: { joint?: { value: string }[] }[] } };
    changed.session.log[1]!.joint![1]!.value = 'e'.repeat(64);
    const bad = readSessionFile(JSON.stringify(changed), contextFor);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.issues[0]).toMatchObject({ path: '$.session.log (step 2)', code: 'joint-reveal' });

    // A step of joint mode rolled from the seed's generator instead: refused, naming it.
    let { session, state } = startGame(scenario, 'joint-seed');
    ({ session, state } = apply(session, state, { type: 'joint', devices: [device('Table')] }, ctx));
    // (The engine refuses to make it since the game went joint, issue #33: it is made as if the joint step were a note.)
    const hidden = {
      ...session,
      log: session.log.map((e) =>
        e.action.type === 'joint' ? { ...e, action: { type: 'note' as const, text: '' } } : e,
      ),
    };
    const made = apply(hidden, { ...state, joint: undefined }, ROLL, ctx).entry;
    const forged = { ...session, log: [...session.log, { ...made, prev: nextPrev(session) }] };
    const v = verifySession(forged, ctx);
    expect(v.ok).toBe(false);
    expect(v.firstMismatch).toMatchObject({ seq: 2, code: 'joint-missing' });
  });

  it('undo never re-rolls: the roll done again is made from the undone roll’s randomness; its values are never taken again', () => {
    const g = jointGame(['Table', 'German phone']);
    const first = g.play(ROLL);
    g.undo();
    // The randomness of the undone roll is due: no values are asked for, and none are taken.
    expect(jointRequest(g.session, g.state, ROLL, ctx)).toBeUndefined();
    expect(engineError(() => apply(g.session, g.state, ROLL, ctx, { joint: first.joint! })).code).toBe(
      'joint-unneeded',
    );
    const again = g.play(ROLL);
    expect(again.outcome).toEqual(first.outcome);
    expect(again.jointRedo).toBe(first.seq);
    expect(again.joint).toBeUndefined();
    // Two rolls undone together come back in order; the roll after them asks for new values.
    const second = g.play(ROLL);
    g.undo();
    g.undo();
    expect([g.play(ROLL).outcome, g.play(ROLL).outcome]).toEqual([first.outcome, second.outcome]);
    expect(jointRequest(g.session, g.state, ROLL, ctx)?.seq).toBe(g.session.log.length + 1);
    expect(engineError(() => apply(g.session, g.state, ROLL, ctx, { joint: first.joint! })).code).toBe('joint-reveal');
    expect(verifySession(g.session, ctx).ok).toBe(true);

    // A file where the redo was rolled afresh instead (made and chained as a forger would) is refused, naming it.
    const forged = jointGame(['Table']);
    forged.play(ROLL);
    forged.undo();
    const { session, state } = forged;
    const seq = session.log.length + 1;
    const prev = nextPrev(session);
    const fresh = [{ name: 'Table', k: 2, value: chainValue(SECRETS['Table']!, N, 2) }];
    const made = jointRng(jointPrefix(prev, seq, ROLL, undefined), fresh);
    const out = step(state, ROLL, ctx, session.settings, made.rng, { joint: fresh });
    const entry: LogEntry = {
      seq,
      prev,
      action: ROLL,
      outcome: out.outcome,
      manual: false,
      rngBefore: made.start,
      rngAfter: made.rng.snapshot(),
      undone: false,
      chain: 2,
      joint: fresh,
    };
    const v = verifySession({ ...session, log: [...session.log, entry] }, ctx);
    expect(v.firstMismatch).toMatchObject({ seq, code: 'joint-redo' });
  });
});

describe('deck mode and the streak cap draw from the joint randomness', () => {
  const cups = cupGame([oneD(), gdCrt()], 'return-all-at-end-of-turn', [
    { id: 'ger', label: 'German HQ', side: 'german', count: 5 },
    { id: 'sov', label: 'Soviet HQ', side: 'soviet', count: 3 },
  ]);
  /** A game of `cups` in joint mode with one device (each step takes its next value). */
  function game() {
    let { session, state } = startGame(cups.scenario, 'joint-deck');
    ({ session, state } = apply(session, state, { type: 'joint', devices: [device('Table')] }, cups.ctx));
    let k = 0;
    return (action: Action) => {
      const asked = jointRequest(session, state, action, cups.ctx);
      const joint = asked ? [{ name: 'Table', k: ++k, value: chainValue(SECRETS['Table']!, N, k) }] : undefined;
      ({ session, state } = apply(session, state, action, cups.ctx, joint ? { joint } : {}));
      return { entry: session.log.at(-1)!, session };
    };
  }

  it('deck mode: 36 rolls of 2d6 in joint mode draw each of the 36 cards once, and the game verifies', () => {
    const play = game();
    play({ type: 'balance', deck: true });
    const drawn = new Set<string>();
    let last;
    for (let i = 0; i < 36; i++) {
      last = play(ROLL);
      expect(last.entry.joint).toHaveLength(1);
      const o = last.entry.outcome;
      if (o.kind === 'roll') drawn.add(o.dice.dice.join(','));
    }
    // A deck holds each ordered combination once: no card comes twice before it is shuffled again.
    expect(drawn.size).toBe(36);
    expect(verifySession(last!.session, cups.ctx).ok).toBe(true);
  });

  it('the streak cap: never more than one chit of a side in a row while the other has chits, and it verifies', () => {
    const play = game();
    play({ type: 'balance', deck: false, cap: 1 });
    const sides: string[] = [];
    let last;
    for (let i = 0; i < 6; i++) {
      last = play({ type: 'cup.draw', cup: 'activation' });
      const o = last.entry.outcome;
      if (o.kind === 'draw') sides.push(o.chit);
    }
    // 3 Soviet chits: the 6 draws alternate as long as both sides have chits left.
    for (let i = 1; i < 6; i++) expect(sides[i], sides.join(' ')).not.toBe(sides[i - 1]);
    expect(verifySession(last!.session, cups.ctx).ok).toBe(true);
  });
});

describe('a joint step is run once (issue #33: the probe is not run again)', () => {
  it('a step whose values were given is made from them in one run, on the writer and on a replica, and replays the same', () => {
    let runs = 0;
    const counted: GameContext = {
      ...ctx,
      procedures: {
        ...ctx.procedures,
        'test.count': (_input, api) => {
          runs++;
          const r = api.roll({ n: 2, sides: 6 });
          return { headline: { key: 'x' }, lines: [], result: r.total };
        },
      },
    };
    let { session, state } = startGame(scenario, 'joint-seed');
    ({ session, state } = apply(
      session,
      state,
      { type: 'joint', devices: [device('Table'), device('German phone')] },
      counted,
    ));
    const action: Action = { type: 'procedure', id: 'test.count', input: null };
    // The writer learns whether the step draws (one run), then asks for the values.
    expect(jointRequest(session, state, action, counted)?.seq).toBe(2);
    const reveals: JointReveal[] = ['Table', 'German phone'].map((n) => ({
      name: n,
      k: 1,
      value: chainValue(SECRETS[n]!, N, 1),
    }));
    runs = 0;
    const made = apply(session, state, action, counted, { joint: reveals });
    expect(runs).toBe(1);
    // A replica stores the step received the same way: one run, the same entry.
    runs = 0;
    const again = apply(session, state, made.entry.action, counted, {
      joint: reveals,
      ...(made.entry.context ? { context: made.entry.context } : {}),
    });
    expect(runs).toBe(1);
    expect(again.entry).toEqual(made.entry);
    expect(verifySession(made.session, counted).ok).toBe(true);
    expect(deriveState(made.session, counted)).toEqual(made.state);
    // Values given for a step that draws nothing are still refused, as before.
    expect(engineError(() => apply(session, state, { type: 'end-turn' }, counted, { joint: reveals })).code).toBe(
      'joint-unneeded',
    );
  });
});
