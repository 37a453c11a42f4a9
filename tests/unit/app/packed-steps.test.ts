// Issue #14: a log read back from storage holds each step's hash, time and random states packed;
// every step reads back exactly as stored (the same keys in the same order, the same values, the
// same hash), and the log verifies, derives its state and undoes as before.
import { describe, expect, it } from 'vitest';
import {
  apply,
  deriveState,
  entryHash,
  sealOf,
  undo,
  verifySession,
  type Action,
  type LogEntry,
  type Session,
} from '../../../src/engine';
import { packSteps } from '../../../src/app/packed-steps';
import { newTestGame, play, storedCopies } from './played';

const ROLL: Action = { type: 'roll', dice: { n: 2, sides: 6 } };
const NOTE: Action = { type: 'note', text: 'a note' };
const DRAW: Action = { type: 'cup.draw', cup: 'activation' };

/** The test game with `actions` played (four a turn), each at its own time, and its steps as stored. */
function played(
  actions: readonly Action[],
  at = (k: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, k, k)).toISOString(),
) {
  const where = (k: number) => ({ at: at(k), context: { turn: 1 + (k >> 2) } });
  const { session, ctx } = play(newTestGame('packed-seed'), actions, where);
  return { session, stored: () => storedCopies(session), ctx };
}

/** What a step is, read as every reader reads it: its keys in order and its JSON. */
const asRead = (e: LogEntry) => [Object.keys(e), JSON.stringify(e)];

describe('packSteps (issue #14)', () => {
  const actions = [ROLL, DRAW, NOTE, ROLL, DRAW, ROLL, NOTE, NOTE, DRAW, ROLL];

  it('packs each step’s hash, time and random states, and every step reads back exactly as stored', () => {
    const { session, stored } = played(actions);
    const log = packSteps(stored());
    expect(log.map(asRead)).toEqual(session.log.map(asRead));
    for (const [k, e] of log.entries()) {
      // The parts are read back through getters: packed, not held as strings and objects.
      for (const key of ['prev', 'at', 'rngAfter'])
        expect(Object.getOwnPropertyDescriptor(e, key)?.get, `step ${k + 1} ${key}`).toBeTypeOf('function');
      expect(Object.getPrototypeOf(e)).toBe(Object.prototype);
      expect(e.rngAfter).toEqual(session.log[k]!.rngAfter);
      expect(e.rngAfter.s.s1).toBe(session.log[k]!.rngAfter.s.s1);
      // Spread, structured cloning and hashing see the same step.
      expect({ ...e }).toStrictEqual({ ...session.log[k]! });
      expect(structuredClone(e)).toStrictEqual(session.log[k]);
      expect(entryHash(e)).toBe(entryHash(session.log[k]!));
    }
    // The state before a step is the step before it's state after (the first step's is its own).
    expect(Object.getOwnPropertyDescriptor(log[0]!, 'rngBefore')?.get).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(log[1]!, 'rngBefore')?.get).toBeTypeOf('function');
  });

  it('changes nothing a game does with its log: it verifies, seals, derives its state and undoes as before', () => {
    const { session, stored, ctx } = played(actions);
    const packed = { ...session, log: packSteps(stored()) };
    expect(verifySession(packed, ctx)).toEqual(verifySession(session, ctx));
    expect(sealOf(packed)).toEqual(sealOf(session));
    expect(deriveState(packed, ctx)).toEqual(deriveState(session, ctx));
    const a = undo(packed, ctx, 4);
    const b = undo(session, ctx, 4);
    expect(a.state).toEqual(b.state);
    expect(a.session.log.map(asRead)).toEqual(b.session.log.map(asRead));
    // After an undo, the next step gives the same dice, and its link is the same.
    const next = (s: Session) => apply(s, deriveState(s, ctx), ROLL, ctx, { at: '2026-01-02T00:00:00.000Z' }).entry;
    expect(asRead(next(a.session))).toEqual(asRead(next(b.session)));
  });

  it('a log with undone steps packs and replays: a step after undone ones keeps its own state before it', () => {
    const at = () => ({ at: '2026-01-01T00:00:00.000Z' });
    const three = play(newTestGame('undone-seed'), [ROLL, ROLL, ROLL], at);
    const { ctx } = three;
    const { session, state } = play({ ...undo(three.session, ctx, 2), ctx }, [ROLL, DRAW], at);
    const log = packSteps(storedCopies(session));
    expect(log.map(asRead)).toEqual(session.log.map(asRead));
    // Step 4 follows step 1 (steps 2 and 3 are undone): its state before is held as it was stored.
    expect(Object.getOwnPropertyDescriptor(log[3]!, 'rngBefore')?.get).toBeUndefined();
    expect(verifySession({ ...session, log }, ctx).ok).toBe(true);
    expect(deriveState({ ...session, log }, ctx)).toEqual(state);
  });

  it('leaves as they were the parts that would not read back exactly, and logs not numbered in order', () => {
    const { session, stored } = played([ROLL, ROLL, NOTE, ROLL]);
    const odd = stored();
    const [s1, s2, s3, s4] = odd as [LogEntry, LogEntry, LogEntry, LogEntry];
    odd[0] = { ...s1, at: '2026-01-01T00:00:00Z' }; // not as toISOString writes it
    const { prev: _p, ...unchained } = s2; // a step stored before the chain
    odd[1] = unchained as LogEntry;
    odd[2] = { ...s3, rngAfter: { alg: 'alea', s: { ...s3.rngAfter.s, s0: 0.1 } } }; // not a multiple of 2^-32
    odd[3] = { ...s4, rngAfter: { s: s4.rngAfter.s, alg: 'alea' } as never }; // keys in another order
    const expected = odd.map(asRead);
    const log = packSteps(odd);
    expect(log.map(asRead)).toEqual(expected);
    expect(Object.getOwnPropertyDescriptor(log[0]!, 'at')?.value).toBe('2026-01-01T00:00:00Z');
    expect(Object.getOwnPropertyDescriptor(log[1]!, 'prev')).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(log[2]!, 'rngAfter')?.get).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(log[3]!, 'rngBefore')?.get).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(log[3]!, 'rngAfter')?.get).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(log[3]!, 'prev')?.get).toBeTypeOf('function');

    const gap = stored().slice(1);
    const copies = gap.slice();
    expect(packSteps(gap).every((e, k) => e === copies[k])).toBe(true);
    expect(session.log).toHaveLength(4);
  });
});
