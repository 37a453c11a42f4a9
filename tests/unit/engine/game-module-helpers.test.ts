// What every game module declares through the engine: its procedure map, each procedure under
// `<prefix>.<name>`, and the defaults of its readings of rules the text leaves open.
import { describe, expect, it } from 'vitest';
import { defaultReadings, gameProcedures, type Procedure } from '../../../src/engine';

const done: Procedure = () => ({ headline: { key: 'xx.done' }, lines: [], result: null });
const other: Procedure = () => ({ headline: { key: 'xx.other' }, lines: [], result: null });

describe('gameProcedures', () => {
  it('registers each procedure under the prefix, a dot and its name, in the order given', () => {
    const procedures = gameProcedures('xx', { done, 'kg.deploy': other, 'loss-check': done });
    expect(Object.keys(procedures)).toEqual(['xx.done', 'xx.kg.deploy', 'xx.loss-check']);
    expect(procedures['xx.done']).toBe(done);
    expect(procedures['xx.kg.deploy']).toBe(other);
  });
  it('takes a dotted prefix as it is', () => {
    expect(Object.keys(gameProcedures('xx.events', { draw: done }))).toEqual(['xx.events.draw']);
  });
});

describe('defaultReadings', () => {
  it("gives each reading's default by its id", () => {
    const readings = {
      'xx.odds': { choices: ['printed', 'defender'], default: 'printed' },
      'xx.score': { choices: ['at-least', 'exactly', 'at-most'], default: 'exactly' },
    } as const;
    expect(defaultReadings(readings)).toEqual({ 'xx.odds': 'printed', 'xx.score': 'exactly' });
  });
});
