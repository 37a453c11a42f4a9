// @vitest-environment happy-dom
// What players type at the table: physical rolls for a procedure, and units with their supply status.
import { describe, expect, it } from 'vitest';
import { parseRolls } from '../../../src/ui/components/manual-dice';
import { parseUnits } from '../../../src/games/grossdeutschland/panel';

describe('typed input', () => {
  it('reads rolls as groups of dice, in order; anything else becomes NaN for the engine to refuse with a message', () => {
    expect(parseRolls('3 4, 5 2')).toEqual([
      [3, 4],
      [5, 2],
    ]);
    expect(parseRolls(' 6 ;1 1 1 ')).toEqual([[6], [1, 1, 1]]);
    expect(parseRolls('')).toEqual([]);
    expect(parseRolls('3 x')[0]![1]).toBeNaN();
  });
  it('reads unit strengths with their supply status, in English or Spanish', () => {
    expect(parseUnits('6, 4 low, 3 out', 'af')).toEqual([
      { af: 6, supply: 'full' },
      { af: 4, supply: 'low' },
      { af: 3, supply: 'out' },
    ]);
    expect(parseUnits('5 bajo; 2 sin', 'df')).toEqual([
      { df: 5, supply: 'low' },
      { df: 2, supply: 'out' },
    ]);
    expect(parseUnits('seven', 'af')[0]!['af']).toBeNaN();
  });
});
