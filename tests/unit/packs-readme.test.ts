// The README's complete pack ("Writing a game pack by hand", issue #32) imports on a first try and
// plays as its printed rules say: below 1:1 no effect (no die), above 4:1 the 4:1 column, odds
// rounded for the defender, and its named shifts (forest/town exclude each other) move the column.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readPack } from '../../src/packs/format';
import { manualDice, resolveCombat } from '../../src/engine';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const block = /```json pack-example\n([\s\S]*?)\n```/.exec(readme)?.[1] ?? '';

describe("the README's pack example", () => {
  const r = readPack(block);
  it('imports on the first try', () => {
    expect(block.length).toBeGreaterThan(100);
    expect(r.ok ? [] : r.issues).toEqual([]);
  });
  const crt = () => {
    if (!r.ok) throw new Error('not a pack');
    return r.value.tables.find((x) => x.id === 'crt')!;
  };
  const D6 = { n: 1, sides: 6 } as const;
  const shift = (id: string) => {
    const s = crt().shifts!.find((x) => x.id === id)!;
    return { amount: s.value, label: s.label, rule: s.rule };
  };

  it('one language stands for both', () => {
    expect(crt().title).toEqual({ en: 'Combat Results Table', es: 'Combat Results Table' });
  });
  it('every column, rounded for the defender', () => {
    expect(resolveCombat(crt(), { attack: 4, defence: 4 }, manualDice(D6, [1])).result).toBe('AR');
    expect(resolveCombat(crt(), { attack: 11, defence: 4 }, manualDice(D6, [3])).result).toBe('EX'); // 2.75:1 → 2:1
    expect(resolveCombat(crt(), { attack: 12, defence: 4 }, manualDice(D6, [4])).result).toBe('DR');
    expect(resolveCombat(crt(), { attack: 16, defence: 4 }, manualDice(D6, [6])).result).toBe('DE');
  });
  it('below 1:1 no effect, with no die; above 4:1 the 4:1 column', () => {
    const below = resolveCombat(crt(), { attack: 2, defence: 5 }, undefined);
    expect([below.result, below.automatic]).toEqual(['NE', true]);
    expect(resolveCombat(crt(), { attack: 30, defence: 4 }, manualDice(D6, [1])).column).toBe('4:1');
  });
  it('named shifts move the column: 3:1 in a town across a river is 1:1 … and one more is off the chart: no effect', () => {
    const r1 = resolveCombat(crt(), { attack: 12, defence: 4, shifts: [shift('town')] }, manualDice(D6, [5]));
    expect([r1.column, r1.result]).toEqual(['1:1', 'EX']);
    const r2 = resolveCombat(crt(), { attack: 12, defence: 4, shifts: [shift('town'), shift('river')] }, undefined);
    expect([r2.result, r2.automatic]).toEqual(['NE', true]);
  });
});
