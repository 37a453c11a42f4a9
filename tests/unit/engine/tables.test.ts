import { describe, expect, it } from 'vitest';
import {
  applyShifts,
  combatColumn,
  effectiveCell,
  fillProgress,
  manualDice,
  oddsColumn,
  resolveCombat,
  resolveRoll,
} from '../../../src/engine';
import type { Shift } from '../../../src/engine';
import { D6, TWO_D6, boCrt, closedD6, diffCrt, engineError, gdCrt, i18n, oneD, range, table, twoD } from './fixtures';

const d6 = (v: number) => manualDice(D6, [v]);
const twoD6 = (a: number, b: number) => manualDice(TWO_D6, [a, b]);
const mod = (value: number) => ({ value, label: `mod ${value}` });
/** An odds case written "attack:defence → column key": its strengths, and the key. */
const oddsOf = (c: string) => c.split(' → ')[0]!.split(':').map(Number) as [number, number];
const keyOf = (c: string) => c.split(' → ')[1]!;

describe('fixtures are real tables', () => {
  it('the schema refuses a broken fixture (gap in the roll ranges)', () => {
    expect(() =>
      table({
        ...closedD6(),
        rows: {
          label: i18n('Die'),
          entries: [range('1', 1), range('3', 3, 6), range('x', 7)],
        },
      }),
    ).toThrow(/gap/);
  });
});

describe('1-D roll tables', () => {
  it('finds the row whose range holds the roll', () => {
    const t = oneD();
    expect(resolveRoll(t, twoD6(3, 3), []).result).toBe(2);
    expect(resolveRoll(t, twoD6(3, 4), []).result).toBe(3);
    expect(resolveRoll(t, twoD6(4, 4), []).row).toBe('8-9');
  });

  it('open ends catch everything beyond them, without a clamp', () => {
    const t = oneD();
    const low = resolveRoll(t, twoD6(1, 1), [mod(-10)]);
    const high = resolveRoll(t, twoD6(6, 6), [mod(4)]);
    expect([low.row, low.result, low.roll?.final]).toEqual(['≤4', 1, -8]);
    expect([high.row, high.result, high.roll?.final]).toEqual(['≥10', 5, 16]);
    expect(low.roll?.clamped).toBeUndefined();
    expect(high.roll?.clamped).toBeUndefined();
  });

  it('adds the modifiers and records them', () => {
    const r = resolveRoll(oneD(), twoD6(2, 3), [mod(2), mod(1)]);
    expect(r.roll).toMatchObject({ modified: 8, final: 8 });
    expect(r.roll?.modifiers.map((m) => m.value)).toEqual([2, 1]);
    expect(r.result).toBe(4);
  });

  it('clamps only when the table has a clamp, and records it', () => {
    const clamped = resolveRoll(closedD6({ clamp: true }), d6(6), [mod(2)]);
    expect(clamped.roll?.clamped).toEqual({ from: 8, to: 6, rule: '2.2' });
    expect(clamped.roll?.final).toBe(6);
    expect(clamped.result).toBe('high');
    expect(resolveRoll(closedD6({ clamp: true }), d6(1), [mod(-3)]).result).toBe('low');
    // Within range: no clamp record.
    expect(resolveRoll(closedD6({ clamp: true }), d6(4), [mod(1)]).roll?.clamped).toBeUndefined();
  });

  it('a roll off a table without a clamp is an off-table error', () => {
    const e = engineError(() => resolveRoll(closedD6(), d6(6), [mod(1)]));
    expect(e.code).toBe('off-table');
    expect(e.params).toEqual({ table: 'closed-d6', roll: 7 });
    expect(engineError(() => resolveRoll(closedD6(), d6(1), [mod(-1)])).code).toBe('off-table');
  });

  it('refuses fractional modifiers', () => {
    expect(engineError(() => resolveRoll(oneD(), twoD6(3, 3), [mod(0.5)])).code).toBe('bad-action');
  });
});

describe('2-D roll tables (the die on the columns, the other axis chosen)', () => {
  it('the roll picks the column and `other` the row', () => {
    const r = resolveRoll(twoD(), d6(3), [], { other: 't1' });
    expect([r.row, r.column, r.result]).toEqual(['t1', '3-4', 'M']);
    expect(r.name).toEqual(i18n('name M'));
    expect(r.effect).toEqual(i18n('effect M'));
  });

  it('refuses an unknown row, and a missing one when there is more than one', () => {
    const e = engineError(() => resolveRoll(twoD(), d6(3), [], { other: 't9' }));
    expect(e.code).toBe('unknown-row');
    expect(e.params).toMatchObject({ key: 't9' });
    expect(engineError(() => resolveRoll(twoD(), d6(3), [])).code).toBe('unknown-row');
  });

  it('a 1-column table needs no `other`', () => {
    expect(resolveRoll(oneD(), twoD6(1, 1), []).column).toBe('r');
  });
});

describe('errata modes', () => {
  const at = (v: number, errata: 'printed' | 'default' | 'corrected') =>
    resolveRoll(twoD(), d6(v), [], { other: 't2', errata });

  it('"printed" keeps every printed cell', () => {
    expect(at(5, 'printed').cell).toEqual({ value: 'X', origin: 'printed' });
    expect(at(1, 'printed').result).toBe('S');
  });

  it('"default" applies only the errata marked correctedByDefault', () => {
    expect(at(5, 'default').result).toBe('X');
    expect(at(1, 'default').cell).toEqual({ value: 'C', origin: 'erratum', erratumId: 'E2', printed: 'S' });
    // default is the default
    expect(resolveRoll(twoD(), d6(1), [], { other: 't2' }).result).toBe('C');
  });

  it('"corrected" applies every erratum', () => {
    expect(at(5, 'corrected').cell).toEqual({ value: 'M', origin: 'erratum', erratumId: 'E1', printed: 'X' });
    expect(at(1, 'corrected').result).toBe('C');
  });
});

describe('incomplete tables', () => {
  it('a null cell is a table-incomplete error naming the cell', () => {
    const e = engineError(() => resolveRoll(twoD(), d6(4), [], { other: 't2' }));
    expect(e.code).toBe('table-incomplete');
    expect(e.params).toEqual({ table: 'two-d', row: 't2', column: '3-4' });
  });

  it('a value entered from the printed chart fills it', () => {
    const r = resolveRoll(twoD(), d6(4), [], { other: 't2', entered: { 't2|3-4': 'S' } });
    expect(r.cell).toEqual({ value: 'S', origin: 'entered' });
    expect(r.result).toBe('S');
  });

  it('an entered value never overrides a printed cell', () => {
    expect(effectiveCell(twoD(), 0, 0, 'printed', { 't1|1-2': 'X' }).value).toBe('C');
  });

  it('fillProgress counts filled cells, with errata and entered cells', () => {
    expect(fillProgress(twoD(), 'default')).toEqual({ filled: 5, total: 6 });
    expect(fillProgress(twoD(), 'default', { 't2|3-4': 'S' })).toEqual({ filled: 6, total: 6 });
    expect(fillProgress(oneD(), 'printed')).toEqual({ filled: 5, total: 5 });
  });
});

describe('CRT odds: ratio rounded for the attacker (GD-like, clamp ends)', () => {
  const col = (a: number, d: number) => combatColumn(gdCrt(), { attack: a, defence: d });

  it.each(['7:3 → 3-1', '6:3 → 2-1', '2:3 → 1-1', '5:1 → 5-1', '1:1 → 1-1', '2:9 → 1-4', '1:4 → 1-4', '3:8 → 1-2'])(
    '%s',
    (c) => {
      expect(col(...oddsOf(c)).after).toMatchObject({ at: 'column', key: keyOf(c) });
    },
  );

  it('odds below the first column clamp to it (1:9 → 1-4), above the last to it (30:1 → 5-1)', () => {
    expect(col(1, 9).before).toEqual({ at: 'column', index: 0, key: '1-4' });
    expect(col(30, 1).before).toEqual({ at: 'column', index: 7, key: '5-1' });
    // The raw position keeps how far off the table the odds are (1:5, 1:6 … 1:9 below; 6:1 … 30:1 above).
    expect(oddsColumn(gdCrt(), 1, 9).position).toBe(-5);
    expect(oddsColumn(gdCrt(), 30, 1).position).toBe(32);
  });

  it('clamps to the table before shifting: 1:9 shifted one right is 1-3, 30:1 shifted one left is 4-1', () => {
    const shifted = (a: number, d: number, amount: number) =>
      combatColumn(gdCrt(), { attack: a, defence: d, shifts: [{ amount, label: 's' }] });
    expect(shifted(1, 9, 1).after).toEqual({ at: 'column', index: 1, key: '1-3' });
    expect(shifted(30, 1, -1).after).toEqual({ at: 'column', index: 6, key: '4-1' });
    expect(shifted(30, 1, 3).after).toEqual({ at: 'column', index: 7, key: '5-1' });
  });

  it('records the quotient', () => {
    expect(col(7, 3).quotient).toBeCloseTo(7 / 3, 12);
  });
});

describe('CRT odds: ratio rounded for the defender (Breakout-like, automatic ends)', () => {
  const col = (a: number, d: number) => combatColumn(boCrt(), { attack: a, defence: d });

  it.each(['12:5 → 2:1', '79:10 → 7:1', '1:2 → 1:2', '15:10 → 1:1', '7:1 → 7:1', '2:3 → 1:2'])('%s', (c) => {
    expect(col(...oddsOf(c)).after).toMatchObject({ at: 'column', key: keyOf(c) });
  });

  it("below 1:2 is the automatic AL1 (5:12), with the table's label", () => {
    expect(col(5, 12).after).toEqual({ at: 'below', key: '< 1:2', auto: 'AL1' });
  });

  it('8:1 reaches the step beyond 7:1: the automatic result, labelled from the last column', () => {
    expect(col(8, 1).after).toEqual({ at: 'above', key: '> 7:1', auto: 'DL1+DR' });
    expect(col(159, 20).after).toMatchObject({ at: 'column', key: '7:1' });
  });

  it('shifts apply to the final odds before the automatic limits (Breakout 13.8.1): 12:1 shifted 1L is still automatic, 8:1 shifted 1L is 7:1', () => {
    const shifted = (a: number, d: number, amount: number) =>
      combatColumn(boCrt(), { attack: a, defence: d, shifts: [{ amount, label: 's' }] });
    expect(shifted(12, 1, -1).after).toEqual({ at: 'above', key: '> 7:1', auto: 'DL1+DR' });
    expect(shifted(8, 1, -1).after).toMatchObject({ at: 'column', key: '7:1' });
    expect(shifted(1, 3, 1).after).toMatchObject({ at: 'column', key: '1:2' });
    expect(shifted(1, 4, 1).after).toEqual({ at: 'below', key: '< 1:2', auto: 'AL1' });
    expect(shifted(7, 1, 1).after).toEqual({ at: 'above', key: '> 7:1', auto: 'DL1+DR' });
  });

  it('the same strengths round differently for the attacker', () => {
    expect(combatColumn(gdCrt({ rounding: 'defender' }), { attack: 7, defence: 3 }).after.key).toBe('2-1');
    expect(combatColumn(gdCrt({ rounding: 'attacker' }), { attack: 7, defence: 3 }).after.key).toBe('3-1');
  });
});

describe('CRT odds: differential', () => {
  it('uses attack − defence', () => {
    const c = combatColumn(diffCrt(), { attack: 5, defence: 3 });
    expect(c.after).toMatchObject({ at: 'column', key: '+2' });
    expect(c.difference).toBe(2);
    expect(combatColumn(diffCrt(), { attack: 3, defence: 4 }).after.key).toBe('-1');
  });

  it('beyond the ends: clamp or automatic result', () => {
    expect(combatColumn(diffCrt(), { attack: 1, defence: 9 }).after.key).toBe('-2');
    expect(combatColumn(diffCrt(), { attack: 20, defence: 1 }).after.key).toBe('+3');
    expect(combatColumn(diffCrt({ ends: 'auto' }), { attack: 1, defence: 9 }).after).toMatchObject({
      at: 'below',
      auto: 'AE',
    });
    expect(combatColumn(diffCrt({ ends: 'auto' }), { attack: 20, defence: 1 }).after).toMatchObject({
      at: 'above',
      auto: 'AE',
    });
  });

  it('a fractional difference is rounded by the table rule, not pushed off the table', () => {
    const t = diffCrt({ ends: 'auto', rounding: 'defender' });
    expect(combatColumn(t, { attack: 4.5, defence: 2 }).after.key).toBe('+2');
    expect(combatColumn(t, { attack: 1.5, defence: 2 }).after.key).toBe('-1');
    const a = diffCrt({ ends: 'auto', rounding: 'attacker' });
    expect(combatColumn(a, { attack: 4.5, defence: 2 }).after.key).toBe('+3');
    expect(combatColumn(a, { attack: 1.5, defence: 2 }).after.key).toBe('0');
  });
});

describe('CRT: column shifts', () => {
  it('shifts move the column right (+) and left (−)', () => {
    const t = gdCrt();
    expect(combatColumn(t, { attack: 7, defence: 3, shifts: [{ amount: 1, label: 'armour' }] }).after.key).toBe('4-1');
    const c = combatColumn(t, { attack: 7, defence: 3, shifts: [{ amount: -2, label: 'city' }] });
    expect([c.before.key, c.after.key, c.netShift]).toEqual(['3-1', '1-1', -2]);
  });

  it('a group cap ("KG: at most one shift") keeps only the first shift of the group', () => {
    const kg: Shift[] = [
      { amount: 1, label: 'KG 1', group: 'KG' },
      { amount: 1, label: 'KG 2', group: 'KG' },
      { amount: 1, label: 'air' },
    ];
    const { applied, net } = applyShifts(kg, [{ group: 'KG', max: 1 }]);
    expect(applied.map((s) => s.applied)).toEqual([1, 0, 1]);
    expect(net).toBe(2);
    const c = combatColumn(gdCrt(), { attack: 2, defence: 1, shifts: kg, caps: [{ group: 'KG', max: 1 }] });
    expect(c.after.key).toBe('4-1');
    // Without the cap all three apply.
    expect(applyShifts(kg).net).toBe(3);
  });

  it('a cap also limits shifts to the left, and mixed shifts of a group net out', () => {
    const caps = [{ group: 'terrain', max: 2 }];
    expect(applyShifts([{ amount: -3, label: 't', group: 'terrain' }], caps).net).toBe(-2);
    expect(
      applyShifts(
        [
          { amount: 2, label: 'a', group: 'terrain' },
          { amount: -1, label: 'b', group: 'terrain' },
          { amount: 5, label: 'c', group: 'terrain' },
        ],
        caps,
      ).applied.map((s) => s.applied),
    ).toEqual([2, -1, 1]);
  });

  it('refuses fractional shifts', () => {
    expect(engineError(() => applyShifts([{ amount: 0.5, label: 'x' }])).code).toBe('bad-action');
  });

  it('shifting past the end clamps (GD) or gives the automatic result (Breakout)', () => {
    expect(combatColumn(gdCrt(), { attack: 4, defence: 1, shifts: [{ amount: 3, label: 's' }] }).after.key).toBe('5-1');
    expect(combatColumn(gdCrt(), { attack: 1, defence: 3, shifts: [{ amount: -5, label: 's' }] }).after.key).toBe(
      '1-4',
    );
    expect(combatColumn(boCrt(), { attack: 7, defence: 1, shifts: [{ amount: 1, label: 's' }] }).after).toMatchObject({
      at: 'above',
      auto: 'DL1+DR',
    });
    expect(combatColumn(boCrt(), { attack: 1, defence: 1, shifts: [{ amount: -2, label: 's' }] }).after).toMatchObject({
      at: 'below',
      auto: 'AL1',
    });
  });
});

describe('resolveCombat', () => {
  it('an automatic result needs no dice and reads the legend', () => {
    const r = resolveCombat(boCrt(), { attack: 8, defence: 1 }, undefined);
    expect(r.automatic).toBe(true);
    expect(r.result).toBe('DL1+DR');
    expect(r.roll).toBeUndefined();
    expect(r.name).toEqual(i18n('name DL1+DR'));
  });

  it('a column result without dice is refused', () => {
    expect(engineError(() => resolveCombat(boCrt(), { attack: 2, defence: 1 }, undefined)).code).toBe('bad-action');
  });

  it('reads the cell at the shifted column and the modified row', () => {
    const r = resolveCombat(
      gdCrt(),
      { attack: 2, defence: 1, shifts: [{ amount: 1, label: 's' }], modifiers: [mod(-1)] },
      d6(4),
    );
    expect([r.column, r.row, r.result]).toEqual(['3-1', '3', 'c5r3']);
  });

  it.each([
    ['attack', 0, 5],
    ['attack', -3, 5],
    ['attack', NaN, 5],
    ['attack', 1e12, 5],
    ['attack', Infinity, 5],
    ['defence', 5, 0],
    ['defence', 5, -1],
    ['defence', 5, NaN],
    ['defence', 5, 1e12],
  ])('refuses %s strength (%s vs %s) with a strength error', (which, attack, defence) => {
    for (const t of [gdCrt(), diffCrt()]) {
      const e = engineError(() => resolveCombat(t, { attack, defence }, d6(3)));
      expect(e.code).toBe('strength');
      expect(e.params.which).toBe(which);
    }
  });

  it('explains everything: odds before and after, shifts, modifiers and the clamp', () => {
    // Arrange
    const t = gdCrt({ clampRoll: true });
    const input = {
      attack: 7,
      defence: 3,
      shifts: [
        { amount: 1, label: 'armour', rule: '10.5', group: 'arm' },
        { amount: 1, label: 'arm again', group: 'arm' },
      ],
      caps: [{ group: 'arm', max: 1 }],
      modifiers: [mod(2), mod(1)],
    };
    // Act
    const r = resolveCombat(t, input, d6(5));
    // Assert
    expect(r.odds).toMatchObject({
      kind: 'ratio',
      attack: 7,
      defence: 3,
      rounding: 'attacker',
      rule: '10.1',
      before: { at: 'column', key: '3-1' },
      after: { at: 'column', key: '4-1' },
      netShift: 1,
    });
    expect(r.odds?.shifts.map((s) => [s.label, s.amount, s.applied])).toEqual([
      ['armour', 1, 1],
      ['arm again', 1, 0],
    ]);
    expect(r.roll).toMatchObject({ modified: 8, final: 6, clamped: { from: 8, to: 6, rule: '10.3' } });
    expect(r.roll?.dice.dice).toEqual([5]);
    expect(r.roll?.modifiers).toEqual(input.modifiers);
    expect([r.tableId, r.rule, r.column, r.row, r.result]).toEqual(['gd-like', '10.1', '4-1', '6', 'c6r6']);
    expect(r.automatic).toBeUndefined();
  });

  it('without a roll clamp a modified roll off the CRT is refused', () => {
    expect(engineError(() => resolveCombat(gdCrt(), { attack: 1, defence: 1, modifiers: [mod(3)] }, d6(5))).code).toBe(
      'off-table',
    );
  });
});
