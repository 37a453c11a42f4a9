// ¿Resiste Stalingrado? (seed 003): tables checked against a second transcription typed from the
// Spanish seed; the bombardment sheets (images) must be all-null; digest §5 lookup vectors.
import { describe, it, expect } from 'vitest';
import game from '../../../tables/stalingrado/game.json';
import units from '../../../tables/stalingrado/rs-unit-data.json';
import aa from '../../../tables/stalingrado/rs-aa-fire.json';
import artillery from '../../../tables/stalingrado/rs-artillery-bombardment.json';
import aviation from '../../../tables/stalingrado/rs-aviation-bombardment.json';
import victory from '../../../tables/stalingrado/rs-victory.json';
import scenario from '../../../scenarios/stalingrado/rs-stalingrado.json';

type Cell = string | number | null;
interface T {
  status: string;
  rows: { entries: { key: string }[] };
  columns: { entries: { key: string }[] };
  cells: Cell[][];
}
const tb = (x: unknown) => x as T;
const byRow = (t: T) => Object.fromEntries(t.rows.entries.map((e, i) => [e.key, t.cells[i]]));

describe('Stalingrado tables match the seed text', () => {
  it('2.4 unit factors "combate-movimiento" (lines 33-37; affected tanks line 23)', () => {
    expect(tb(units).columns.entries.map((e) => e.key)).toEqual(['combat', 'movement']);
    expect(byRow(tb(units))).toEqual({
      'infantry-2': [2, 4],
      'infantry-3': [3, 4],
      cavalry: [3, 6],
      tank: [6, 8],
      'tank-affected': [4, 8],
      'mech-infantry': [4, 7],
      engineers: [1, 3],
      'field-art': [2, 3],
      'sp-art': [3, 7],
      'at-art': [1, 3],
      'rocket-art': [1, 6],
      'aa-art': [1, 3],
      bomber: [1, 9],
      'fighter-bomber': [2, 10],
      'at-aircraft': [2, 10],
      fighter: [3, 11],
    });
  });
  it('8.2 AA scores (line 121): bombers «tres», fighters, fighter-bombers and AT aircraft «dos»', () => {
    expect(byRow(tb(aa))).toEqual({ bomber: [3], fighter: [2], 'fighter-bomber': [2], 'at-aircraft': [2] });
  });
  it('5 victory conditions (line 91)', () => {
    expect(byRow(tb(victory))).toEqual({
      surrender: ['OTHER'],
      annihilation: ['ANNIHILATOR'],
      triple: ['TRIPLE'],
      'last-turn': ['STALINGRAD'],
    });
  });
  it('2.5 special die: one 2, two 3s, two 4s, one 5 (line 81)', () => {
    expect(game.dice[0]!.dice).toEqual({ n: 1, faces: [2, 3, 3, 4, 4, 5] });
  });
  it('4: twelve turns (line 89)', () => {
    expect(scenario.turns).toMatchObject({ status: 'complete', count: 12 });
  });
});

describe('Stalingrado bombardment tables (auxiliary sheets) are missing', () => {
  for (const [name, t] of Object.entries({ artillery, aviation })) {
    it(`${name}: status missing, only null cells`, () => {
      expect(tb(t).status).toBe('missing');
      for (const row of tb(t).cells) for (const v of row) expect(v).toBeNull();
    });
  }
  it('shooter columns: field, SP, rocket (range 3), AT (range 2); aircraft: bomber, fighter-bomber, AT aircraft', () => {
    expect(tb(artillery).columns.entries.map((e) => e.key)).toEqual(['field-art', 'sp-art', 'rocket-art', 'at-art']);
    expect(tb(aviation).columns.entries.map((e) => e.key)).toEqual(['bomber', 'fighter-bomber', 'at-aircraft']);
  });
});

describe('Stalingrado digest test vectors (pure lookups)', () => {
  const u = byRow(tb(units));
  it('T1/T2: infantry crossing a river defends at half, rounded down (3 -> 1, 2 -> 1)', () => {
    expect(Math.floor((u['infantry-3']![0] as number) / 2)).toBe(1);
    expect(Math.floor((u['infantry-2']![0] as number) / 2)).toBe(1);
  });
  it('T3: a tank 6-8 becomes an affected tank 4-8, movement kept', () => {
    expect(u.tank).toEqual([6, 8]);
    expect(u['tank-affected']).toEqual([4, 8]);
  });
  it('T5/T6: AA needs 3 against bombers and 2 against the other aircraft', () => {
    const a = byRow(tb(aa));
    expect(a.bomber).toEqual([3]);
    expect([a.fighter, a['fighter-bomber'], a['at-aircraft']]).toEqual([[2], [2], [2]]);
  });
  it('T12: equal factors -> P(win) 13/36 each, P(tie) 10/36', () => {
    const f = game.dice[0]!.dice.faces!;
    let win = 0,
      tie = 0;
    for (const a of f)
      for (const d of f) {
        if (a > d) win++;
        else if (a === d) tie++;
      }
    expect([win, tie]).toEqual([13, 10]);
  });
});
