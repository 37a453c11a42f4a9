// A game module's procedure map: its key prefix written once, each procedure under `<prefix>.<name>`.
import { describe, expect, it } from 'vitest';
import { gameProcedures, type Procedure } from '../../../src/engine';

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
