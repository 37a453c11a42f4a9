// Issue #14: a log read back from storage holds each equal part of its steps once; the steps mean
// exactly what they meant (the same values, a replay that verifies, undo as before).
import { describe, expect, it } from 'vitest';
import { deriveState, undo, verifySession, type Action } from '../../../src/engine';
import { shareEqualParts } from '../../../src/app/shared-steps';
import { newTestGame, play, storedCopies } from './played';

const ROLL: Action = { type: 'roll', dice: { n: 2, sides: 6 } };
const NOTE: Action = { type: 'note', text: 'a note' };
const DRAW: Action = { type: 'cup.draw', cup: 'activation' };

/** The test game with `actions` played (four a turn, the German's), and its steps as stored. */
function played(actions: readonly Action[]) {
  const where = (k: number) => ({ context: { turn: 1 + (k >> 2), side: 'german' } });
  const { session, ctx } = play(newTestGame('shared-seed'), actions, where);
  return { session, stored: storedCopies(session), ctx };
}

describe('shareEqualParts (issue #14)', () => {
  it('holds the random state between two steps, equal actions, results and contexts once', () => {
    const { stored } = played([ROLL, ROLL, NOTE, ROLL, NOTE, NOTE, ROLL, ROLL]);
    const log = shareEqualParts(stored);
    for (let k = 1; k < log.length; k++) expect(log[k]!.rngBefore).toBe(log[k - 1]!.rngAfter);
    // A note draws nothing: one random state before and after it.
    expect(log[2]!.rngAfter).toBe(log[2]!.rngBefore);
    expect(log[3]!.action).toBe(log[0]!.action);
    expect(log[5]!.outcome).toBe(log[4]!.outcome);
    expect(log[1]!.context).toBe(log[0]!.context);
    expect(log[4]!.context).not.toBe(log[0]!.context); // another turn
  });

  it('changes no value: the log verifies from its seed, derives the same state and undoes as before', () => {
    const actions = [ROLL, DRAW, NOTE, ROLL, DRAW, ROLL, NOTE, DRAW];
    const { session, stored, ctx } = played(actions);
    const shared = { ...session, log: shareEqualParts(stored) };
    expect(shared.log).toEqual(session.log);
    expect(verifySession(shared, ctx).ok).toBe(true);
    expect(deriveState(shared, ctx)).toEqual(deriveState(session, ctx));
    const a = undo(shared, ctx, 4);
    const b = undo(session, ctx, 4);
    expect(a.state).toEqual(b.state);
    expect(a.session.log).toEqual(b.session.log);
  });
});
