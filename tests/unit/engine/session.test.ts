import { describe, expect, it } from 'vitest';
import { apply, createRng, deriveState, rollDice, undo } from '../../../src/engine';
import type { Action, GameContext, Outcome, Session, SessionState } from '../../../src/engine';
import { engineError, gameFixture, startGame } from './fixtures';

const ROLL_2D6: Action = { type: 'roll', dice: { n: 2, sides: 6 } };
const DRAW: Action = { type: 'cup.draw', cup: 'activation' };
const COMBAT: Action = { type: 'combat', table: 'gd-like', attack: 7, defence: 3 };

function start(seed = 'session-seed'): { session: Session; state: SessionState; ctx: GameContext } {
  const { ctx, scenario } = gameFixture();
  return { ...startGame(scenario, seed), ctx };
}

/** Applies the actions in order. */
function run(s: { session: Session; state: SessionState; ctx: GameContext }, ...actions: Action[]) {
  let { session, state } = s;
  for (const a of actions) ({ session, state } = apply(session, state, a, s.ctx));
  return { session, state, ctx: s.ctx };
}

const diceOf = (o: Outcome) =>
  o.kind === 'roll' ? o.dice.dice : o.kind === 'resolution' ? o.resolution.roll?.dice.dice : undefined;
const chitOf = (o: Outcome) => (o.kind === 'draw' ? o.chit : undefined);

describe('apply', () => {
  it('logs each step with its outcome and chains the RNG states', () => {
    const s = start();
    const { session, state } = run(s, ROLL_2D6, ROLL_2D6, DRAW);
    const [a, b, c] = session.log;

    expect(session.log.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(a!.rngBefore).toEqual(createRng('session-seed').snapshot());
    expect(b!.rngBefore).toEqual(a!.rngAfter);
    expect(c!.rngBefore).toEqual(b!.rngAfter);
    expect(a!.rngAfter).not.toEqual(a!.rngBefore);
    expect(state.rng).toEqual(c!.rngAfter);
    // The dice are the ones the seed gives.
    const rng = createRng('session-seed');
    expect(diceOf(a!.outcome)).toEqual(rollDice(rng, { n: 2, sides: 6 }).dice);
    expect(diceOf(b!.outcome)).toEqual(rollDice(rng, { n: 2, sides: 6 }).dice);
    expect(session.log.every((e) => !e.undone && !e.manual)).toBe(true);
  });

  it("keeps the caller's time and context and does not change the input session", () => {
    const s = start();
    const r = apply(s.session, s.state, { type: 'note', text: 'hello' }, s.ctx, {
      at: '2024-01-01T10:00:00Z',
      context: { turn: 3, side: 'ger' },
    });
    expect(r.entry).toMatchObject({
      seq: 1,
      at: '2024-01-01T10:00:00Z',
      context: { turn: 3, side: 'ger' },
      outcome: { kind: 'note', text: 'hello' },
    });
    expect(s.session.log).toEqual([]);
  });

  it('manual dice do not advance the RNG', () => {
    const s = start();
    const manual = run(s, { ...ROLL_2D6, manual: [6, 6] }, ROLL_2D6);
    const plain = run(s, ROLL_2D6);
    const [m, next] = manual.session.log;

    expect(m!.manual).toBe(true);
    expect(m!.rngAfter).toEqual(m!.rngBefore);
    expect(diceOf(m!.outcome)).toEqual([6, 6]);
    expect(diceOf(next!.outcome)).toEqual(diceOf(plain.session.log[0]!.outcome));
  });

  it('a manual chit draw does not advance the RNG either', () => {
    const { session } = run(start(), { type: 'cup.draw', cup: 'activation', manual: 'ger-b' });
    expect(session.log[0]!).toMatchObject({ manual: true, outcome: { chit: 'ger-b', how: 'manual' } });
    expect(session.log[0]!.rngAfter).toEqual(session.log[0]!.rngBefore);
  });

  it('an automatic combat result draws nothing from the RNG', () => {
    const { session } = run(start(), { type: 'combat', table: 'bo-like', attack: 9, defence: 1 });
    const e = session.log[0]!;
    expect(e.outcome).toMatchObject({ kind: 'resolution', resolution: { automatic: true, result: 'DL1+DR' } });
    expect(e.rngAfter).toEqual(e.rngBefore);
  });

  it('a bad action throws and leaves the session and state unchanged', () => {
    const s = run(start(), ROLL_2D6);
    const before = JSON.stringify(s);
    let result: unknown;
    const e = engineError(() => {
      result = apply(s.session, s.state, { type: 'roll', dice: { n: 1, sides: 6 }, manual: [7] }, s.ctx);
    });
    expect(e.code).toBe('manual-face');
    expect(result).toBeUndefined();
    expect(JSON.stringify(s)).toBe(before);
    expect(engineError(() => apply(s.session, s.state, { type: 'cup.draw', cup: 'nope' }, s.ctx)).code).toBe(
      'unknown-cup',
    );
    expect(engineError(() => apply(s.session, s.state, { type: 'table', table: 'nope' }, s.ctx)).code).toBe(
      'unknown-table',
    );
    expect(engineError(() => apply(s.session, s.state, { type: 'bogus' } as unknown as Action, s.ctx)).code).toBe(
      'bad-action',
    );
  });

  it('cup actions and end of turn change the derived state', () => {
    const { state } = run(
      start(),
      DRAW,
      { type: 'cup.hand', cup: 'activation', side: 'ger', chit: 'event' },
      { type: 'end-turn' },
    );
    expect(state.turn).toBe(2);
    expect(state.cups.activation!.discard).toHaveLength(1);
    expect(state.cups.activation!.hands).toEqual({ ger: ['event'] });
  });

  it("resolves a roll table with the table's dice and settings", () => {
    const { session } = run(start(), { type: 'table', table: 'two-d', other: 't1', manual: [5] });
    expect(session.log[0]!.outcome).toMatchObject({ kind: 'resolution', resolution: { result: 'S', column: '5-6' } });
  });
});

describe('undo', () => {
  it.each([
    ['a die roll', ROLL_2D6, diceOf],
    ['a chit draw', DRAW, chitOf],
    ['a CRT resolution', COMBAT, diceOf],
  ] as const)('undo then the same action gives the same result for %s', (_name, action, pick) => {
    // Arrange: a few steps first, so the RNG is not at the seed.
    const s = run(start(), ROLL_2D6, DRAW);
    const first = apply(s.session, s.state, action, s.ctx);
    // Act
    const undone = undo(first.session, s.ctx);
    const again = apply(undone.session, undone.state, action, s.ctx);
    // Assert
    expect(pick(again.entry.outcome)).toBeDefined();
    expect(pick(again.entry.outcome)).toEqual(pick(first.entry.outcome));
    expect(again.entry.rngBefore).toEqual(first.entry.rngBefore);
    expect(again.entry.rngAfter).toEqual(first.entry.rngAfter);
  });

  it('the same action WITHOUT undo gives fresh dice (the test above is not trivially true)', () => {
    const s = start();
    const rolls = run(s, ROLL_2D6, ROLL_2D6, ROLL_2D6, ROLL_2D6).session.log.map((e) => diceOf(e.outcome));
    expect(new Set(rolls.map((r) => JSON.stringify(r))).size).toBeGreaterThan(1);
  });

  it('undone entries stay in the log, marked undone; the undo is a step of its own (issue #30); new entries continue the numbering', () => {
    const s = run(start(), ROLL_2D6, DRAW);
    const u = undo(s.session, s.ctx);
    const next = apply(u.session, u.state, ROLL_2D6, s.ctx);

    expect(u.undone).toEqual([2]);
    expect(next.session.log.map((e) => [e.seq, e.undone])).toEqual([
      [1, false],
      [2, true],
      [3, false],
      [4, false],
    ]);
    expect(next.session.log[2]).toMatchObject({
      action: { type: 'undo', steps: [2] },
      outcome: { kind: 'undo', steps: [2] },
    });
    expect(next.session.log[1]!.outcome).toEqual(s.session.log[1]!.outcome);
    // The undone draw is back in the cup.
    expect(u.state.cups.activation!.chits).toHaveLength(6);
  });

  it('undo to an earlier seq undoes every later active entry', () => {
    const s = run(start(), ROLL_2D6, DRAW, ROLL_2D6, DRAW);
    const u = undo(s.session, s.ctx, 2);
    const onlyFirst = run(start(), ROLL_2D6);

    expect(u.undone).toEqual([2, 3, 4]);
    expect(u.session.log.map((e) => e.undone)).toEqual([false, true, true, true, false]);
    expect(u.session.log[4]!.action).toEqual({ type: 'undo', steps: [2, 3, 4] });
    expect(u.state).toEqual(onlyFirst.state);
  });

  it('skips entries already undone and undoes the rest', () => {
    const s = run(start(), ROLL_2D6, ROLL_2D6, ROLL_2D6);
    const u1 = undo(s.session, s.ctx);
    const u2 = undo(u1.session, s.ctx, 1);
    expect(u2.undone).toEqual([1, 2]);
    expect(u2.state).toEqual(start().state);
  });

  it('nothing to undo throws', () => {
    const s = start();
    expect(engineError(() => undo(s.session, s.ctx)).code).toBe('nothing-to-undo');
    const one = run(s, ROLL_2D6);
    const u = undo(one.session, s.ctx);
    expect(engineError(() => undo(u.session, s.ctx)).code).toBe('nothing-to-undo');
    expect(engineError(() => undo(one.session, s.ctx, 5)).code).toBe('nothing-to-undo');
  });
});

describe('deriveState', () => {
  it('after a JSON round trip of the session equals the live state', () => {
    // Arrange: every kind of step, with an undo in the middle.
    let s = run(start(), ROLL_2D6, DRAW, { type: 'cup.look', cup: 'activation', n: 2 });
    const u = undo(s.session, s.ctx);
    s = run(
      { ...s, session: u.session, state: u.state },
      { type: 'cup.pick', cup: 'activation', chit: 'sov-a' },
      DRAW,
      COMBAT,
      { type: 'cup.add', cup: 'activation', chit: 'new' },
      { type: 'cup.remove', cup: 'activation', chit: 'ger-a' },
      { type: 'end-turn' },
      { ...ROLL_2D6, manual: [1, 2] },
      { type: 'table', table: 'one-d' },
    );
    // Act
    const reloaded = JSON.parse(JSON.stringify(s.session)) as Session;
    const derived = deriveState(reloaded, s.ctx);
    // Assert
    expect(derived).toEqual(s.state);
    expect(derived.turn).toBe(2);
  });
});

describe('chart values typed in by players', () => {
  it('are recorded in the step that reads them, so it replays the same elsewhere and after the chart changes', async () => {
    const { parse, TableSchema, newSession, initialState, apply, verifySession } = await import('../../../src/engine');
    const t = parse(TableSchema, {
      kind: 'table',
      id: 'x-missing',
      game: 'g',
      title: { en: 'T', es: 'T' },
      rule: '1',
      status: 'missing',
      source: 's',
      type: 'roll',
      rows: {
        label: { en: 'Roll', es: 'Tirada' },
        entries: [
          { key: '1', min: 1, max: 3 },
          { key: '2', min: 4, max: 6 },
        ],
      },
      columns: { label: { en: 'R', es: 'R' }, entries: [{ key: 'result' }] },
      cells: [[null], [null]],
      values: { kind: 'number', min: 0, max: 9 },
      roll: { dice: { n: 1, sides: 6 }, axis: 'rows' },
    });
    if (!t.ok) throw new Error('fixture');
    const tables = new Map([[t.value.id, t.value]]);
    const s0 = newSession({ id: 's', game: 'g', scenario: 'sc', name: 'n', seed: 'seed', createdAt: 'now' });
    const device = { tables, entered: { 'x-missing': { '1|result': 7, '2|result': 8 } } };
    const r = apply(s0, initialState(s0), { type: 'table', table: 'x-missing' }, device);
    expect(r.entry.action).toMatchObject({ entered: { '1|result': 7, '2|result': 8 } });
    // Another device with no chart values, or the same one after the chart was edited, verifies it all the same.
    expect(verifySession(r.session, { tables }).ok).toBe(true);
    expect(verifySession(r.session, { tables, entered: { 'x-missing': { '1|result': 0, '2|result': 0 } } }).ok).toBe(
      true,
    );
  });
});
