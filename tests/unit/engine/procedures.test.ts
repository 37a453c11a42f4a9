// The procedure runner: typed-in rolls go to the procedure's rolls in order and must all be used; a
// procedure that rolls nothing (a phase change, a record) ignores them and is not marked typed-in.
import { describe, expect, it } from 'vitest';
import { createRng, EngineError, runProcedure, type Procedure } from '../../../src/engine';

const env = { tables: new Map(), cups: {}, turn: 1, game: {}, errata: 'default' as const, readings: {} };
const rollsTwice: Procedure = (_input, api) => {
  const a = api.roll({ n: 1, sides: 6 }).total;
  const b = api.roll({ n: 1, sides: 6 }).total;
  return { headline: { key: 'x' }, lines: [], result: a + b };
};
const rollsNothing: Procedure = () => ({ headline: { key: 'x' }, lines: [], result: null });

describe('runProcedure with typed-in rolls', () => {
  it('uses them in order and marks the step typed-in', () => {
    const r = runProcedure(rollsTwice, 'p', null, createRng('s'), env, [[2], [5]]);
    expect(r.outcome.result).toBe(7);
    expect(r.manual).toBe(true);
  });
  it('refuses too few or too many', () => {
    expect(() => runProcedure(rollsTwice, 'p', null, createRng('s'), env, [[2]])).toThrow(EngineError);
    expect(() => runProcedure(rollsTwice, 'p', null, createRng('s'), env, [[2], [5], [1]])).toThrow(EngineError);
  });
  it('a procedure that rolls nothing ignores them and is not marked typed-in', () => {
    const r = runProcedure(rollsNothing, 'p', null, createRng('s'), env, [[4]]);
    expect(r.manual).toBe(false);
    expect(r.outcome.rolls).toEqual([]);
  });
});
