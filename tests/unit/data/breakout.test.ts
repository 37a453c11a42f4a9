// Breakout: First Panzer Army data checked cell by cell against a second transcription typed from
// the Spanish rulebook (seed 002, section 14.0), plus the pure table look-ups of the digest (§6).
import { describe, expect, it } from 'vitest';
import type { ScenarioData, TableData } from '../../../src/engine';
import crtJson from '../../../tables/breakout/bo-crt.json';
import weatherJson from '../../../tables/breakout/bo-weather.json';
import riverJson from '../../../tables/breakout/bo-river-crossing.json';
import mfJson from '../../../tables/breakout/bo-movement-factors.json';
import tecJson from '../../../tables/breakout/bo-terrain-effects.json';
import victoryJson from '../../../tables/breakout/bo-victory.json';
import stackingJson from '../../../tables/breakout/bo-stacking.json';
import abbrJson from '../../../tables/breakout/bo-abbreviations.json';
import turnTrackJson from '../../../tables/breakout/bo-turn-track.json';
import reinforcementsJson from '../../../tables/breakout/bo-reinforcements.json';
import oobJson from '../../../tables/breakout/bo-order-of-battle.json';
import locationsJson from '../../../tables/breakout/bo-locations.json';
import vpTrackJson from '../../../tables/breakout/bo-vp-track.json';
import campaignJson from '../../../scenarios/breakout/bo-campaign.json';
import { abbreviations, asTables, cell, esName } from './lookup';
import abbreviationsTyped from './transcriptions/abbreviations.json';

const [crt, weather, river, mf, tec, victory] = asTables(crtJson, weatherJson, riverJson, mfJson, tecJson, victoryJson);

function entryFor(t: TableData, roll: number): string | undefined {
  const axis = t.roll?.axis === 'columns' ? t.columns : t.rows;
  return axis.entries.find((e) => (e.min === undefined || roll >= e.min) && (e.max === undefined || roll <= e.max))
    ?.key;
}
/** Raw odds column (13.8: attacker ÷ defender, rounded down), then a net shift (+ = right). */
function finalColumn(a: number, d: number, shift: number): string {
  const cols = crt.columns.entries;
  const q = a / d;
  const raw = cols
    .map((c, i) => [c.odds![0]! / c.odds![1]!, i] as const)
    .filter(([v]) => v <= q + 1e-9)
    .pop();
  const k = (raw ? raw[1] : -1) + shift;
  if (k < 0) return crt.odds!.below.mode === 'auto' ? `auto:${crt.odds!.below.result}` : cols[0]!.key;
  if (k >= cols.length) return crt.odds!.above.mode === 'auto' ? `auto:${crt.odds!.above.result}` : cols.at(-1)!.key;
  return cols[k]!.key;
}

describe('bo-crt: Tabla de resultados del combate (14.0), seed 002 lines 840-848', () => {
  // The seed's lines, typed again with their TAB fields. The data rows carry one more leading field
  // ("Dado" + die) than the header, "< 1:2" is the merged "Automático: AL1" field, field 11 is the
  // merged "> 7:1" field and field 12 holds 7:1 (digest §4.5).
  const header = '1:2 1:1 2:1 3:1 4:1 5:1 6:1 7:1'.split(' ');
  const seedLines = [
    'Dado\t1\tAutomático: AL1\tDR\tDR\tDL1\tDL1+DR\tDL1+DR\tDL1+DR\tDL1+DR\tAutomático DL1+DR\t',
    '\t2\t\tAS\tDR\tDR\tDL1\tDL1+DR\tDL1+DR\tDL1+DR\t\t',
    '\t3\t\tAL1\tAS\tDR\tDR\tDL1\tDL1+DR\tDL1+DR\t\tDL1+DR',
    '\t4\t\tAL1\tAL1\tAS\tDR\tDR\tDL1\tDL1+DR\t\tDL1+DR',
    '\t5\t\tAL1\tAL1\tAL1\tAS\tDR\tDR\tDL1\t\tDL1+DR',
    '\t6\t\tAL1\tEX\tEX\tEX\tEX\tEX\tEX\t\tEX',
  ];
  const seed = seedLines.map((l) => {
    const f = l.split('\t');
    return { die: f[1]!, cells: [...f.slice(3, 10), f[11] ?? ''].map((x) => (x === '' ? null : x)) };
  });

  it('has dice 1-6 and the regular odds columns 1:2 ... 7:1', () => {
    expect(crt.rows.entries.map((e) => [e.key, e.min, e.max])).toEqual(
      seed.map((s) => [s.die, Number(s.die), Number(s.die)]),
    );
    expect(crt.columns.entries.map((e) => e.key)).toEqual(header);
    expect(crt.columns.entries.map((e) => e.odds)).toEqual(header.map((h) => h.split(':').map(Number)));
  });

  it('matches the seed in every cell (7:1 on dice 1-2 blank)', () => {
    for (const s of seed) header.forEach((col, k) => expect(cell(crt, s.die, col), `${s.die}/${col}`).toBe(s.cells[k]));
    expect(crt.status).toBe('partial');
    expect(crt.cells.flat().filter((v) => v === null)).toHaveLength(2);
  });

  it('has the automatic off-table results and the legend of the seed', () => {
    expect(crt.odds).toEqual({
      kind: 'ratio',
      rounding: 'defender',
      rule: '13.8',
      below: { mode: 'auto', result: 'AL1', label: '< 1:2' },
      above: { mode: 'auto', result: 'DL1+DR', label: '> 7:1' },
    });
    const es: Record<string, string> = {
      AL1: 'Atacante pierde',
      AS: 'Ataque atascado',
      DL1: 'Defensor pierde',
      DR: 'Defensor se retira',
      'DL1+DR': 'Defensor pierde 1 + Defensor se retira',
      EX: 'Intercambio',
    };
    expect(Object.keys(crt.legend!).sort()).toEqual(Object.keys(es).sort());
    for (const [code, name] of Object.entries(es)) expect(esName(crt, code).toLowerCase()).toBe(name.toLowerCase());
    expect(crt.roll).toEqual({ dice: { n: 1, sides: 6 }, axis: 'rows' }); // no die modifiers, no clamp
  });

  it('carries erratum E6: 7:1 on dice 1-2 suggested DL1+DR, corrected by default', () => {
    expect(crt.errata!.map((e) => [e.row, e.column, e.printed, e.suggested, e.correctedByDefault])).toEqual([
      ['1', '7:1', null, 'DL1+DR', true],
      ['2', '7:1', null, 'DL1+DR', true],
    ]);
  });

  it('gives the digest §6 look-ups', () => {
    // T1: 26 vs 7 -> 3:1. T3/T4: beyond the table ends.
    expect(finalColumn(26, 7, 0)).toBe('3:1');
    expect(finalColumn(70, 7, 2)).toBe('auto:DL1+DR');
    expect(finalColumn(1, 3, 0)).toBe('auto:AL1');
    // T2: raw 3:1 against rough (TEC 1L) -> 2:1.
    expect(cell(tec, 'rough', 'combat')).toBe('1L');
    expect(finalColumn(3, 1, -1)).toBe('2:1');
    // T13: 9 vs 9 = 1:1, river 1L, KG 1R, Tiger 1R -> 2:1; DR on die 2 or 3.
    expect(finalColumn(9, 9, -1 + 1 + 1)).toBe('2:1');
    expect(['1', '2', '3', '4', '5', '6'].filter((d) => cell(crt, d, '2:1') === 'DR')).toEqual(['2', '3']);
    // T15: 3:1, die 1 -> DL1+DR (also at 4:1 and 5:1).
    for (const c of ['3:1', '4:1', '5:1']) expect(cell(crt, '1', c)).toBe('DL1+DR');
    // D12: German in a fortified locality (2L) vs raw 3:1 -> 1:1. D13: 7:1, die 6 -> EX. D14: raw 7:1 + 2R -> auto.
    expect(finalColumn(3, 1, -2)).toBe('1:1');
    expect(cell(crt, '6', '7:1')).toBe('EX');
    expect(finalColumn(7, 1, 2)).toBe('auto:DL1+DR');
  });
});

describe('bo-weather: Tabla condición tiempo & terreno, seed 002 lines 811-818', () => {
  const seed = `
2 Deshielo Deshielo Deshielo Hielo Hielo Tormenta
3 Deshielo Hielo Hielo Tormenta Tormenta Tormenta
4 Deshielo Hielo Tormenta Tormenta Tormenta Tormenta
5 Deshielo Hielo Hielo Hielo Tormenta Tormenta
6 Deshielo Deshielo Hielo Hielo Hielo Tormenta
7 Deshielo Deshielo Deshielo Deshielo Hielo Tormenta
8 Deshielo Deshielo Deshielo Deshielo Deshielo Hielo`
    .trim()
    .split('\n')
    .map((l) => l.split(' '));
  it('matches the seed in every cell', () => {
    expect(weather.roll).toEqual({ dice: { n: 1, sides: 6 }, axis: 'columns' });
    expect(weather.rows.entries.map((e) => e.key)).toEqual(seed.map((r) => r[0]));
    for (const [turn, ...w] of seed)
      w.forEach((x, k) => expect(esName(weather, cell(weather, turn!, String(k + 1))), `${turn}/${k + 1}`).toBe(x));
  });
  it('D1, D2', () => {
    expect(['1', '2', '4'].map((d) => cell(weather, '3', d))).toEqual(['Thaw', 'Ice', 'Storm']);
    expect(cell(weather, '8', entryFor(weather, 6)!)).toBe('Ice');
  });
});

describe('bo-river-crossing: Tabla de cruce de ríos, seed 002 lines 822-829', () => {
  it('matches the seed in every cell', () => {
    expect(river.columns.entries.map((e) => [e.min, e.max])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
      [5, 5],
      [6, undefined],
    ]);
    expect(river.rows.entries.map((e) => e.label!.es)).toEqual(['Tormenta', 'Deshielo']);
    expect(river.cells.map((r) => r.map((v) => `+${v}`).join(' '))).toEqual(['+0 +1 +1 +2 +2 +3', '+0 +1 +1 +1 +2 +3']);
    expect(river.roll!.modifiers!.map((m) => [m.id, m.value])).toEqual([['major-river', 1]]);
  });
  it('D3, D4', () => {
    const plus = river.roll!.modifiers![0]!.value;
    expect(cell(river, 'thaw', entryFor(river, 4 + plus)!)).toBe(2);
    expect(cell(river, 'storm', entryFor(river, 6 + plus)!)).toBe(3);
  });
});

describe('bo-movement-factors: Tabla factores movimiento, seed 002 lines 831-836', () => {
  it('matches the seed (T6: Storm non-mechanized = 5)', () => {
    expect(mf.rows.entries.map((e) => e.label!.es)).toEqual(['Tormenta', 'Deshielo', 'Hielo']);
    expect(mf.columns.entries.map((e) => e.label!.es)).toEqual(['No Mecanizada', 'Mecanizada']);
    expect(mf.cells).toEqual([
      [5, 7],
      [7, 10],
      [9, 13],
    ]);
    expect(cell(mf, 'storm', 'non-mechanized')).toBe(5);
  });
});

describe('bo-terrain-effects: Carta efectos terreno, seed 002 lines 799-807', () => {
  // Seed text of each cell, mapped to the code that must hold it.
  const code: Record<string, string> = {
    '1': '1',
    '2': '2',
    '3': '3',
    'Variable: Ver 12.3': 'variable',
    'Sin efecto': 'none',
    'Desplaza la proporción 1L': '1L',
    'Desplaza la proporción 1L si todos los atacantes llegan a través de lados de hexs de río.': '1L-river',
    'No concéntrico; desplaza la proporción 1L & ignora la porción DR de todos los resultados.': 'population',
    'Defensa alemana: no concéntrico; desplaza la proporción 2L & ignora la porción DR de todos los resultados. Defensa soviética: no concéntrico; desplaza proporción 1L & ignora la porción DR de todos los resultados.':
      'fortified',
  };
  const seed: [string, string, string, string][] = [
    ['Claro', '1', '1', 'Sin efecto'],
    ['Bosque', '1', '2', 'Sin efecto'],
    ['Abrupto', '1', '2', 'Desplaza la proporción 1L'],
    ['Pantano', '1', '3', 'Sin efecto'],
    [
      'Lado hex río',
      'Variable: Ver 12.3',
      'Variable: Ver 12.3',
      'Desplaza la proporción 1L si todos los atacantes llegan a través de lados de hexs de río.',
    ],
    [
      'Población',
      '1',
      '1',
      'No concéntrico; desplaza la proporción 1L & ignora la porción DR de todos los resultados.',
    ],
    [
      'Localidad fortificada',
      '1',
      '1',
      'Defensa alemana: no concéntrico; desplaza la proporción 2L & ignora la porción DR de todos los resultados. Defensa soviética: no concéntrico; desplaza proporción 1L & ignora la porción DR de todos los resultados.',
    ],
  ];
  it('matches the seed in every cell', () => {
    seed.forEach(([name, ...cells], k) => {
      expect(tec.rows.entries[k]!.label!.es).toBe(name);
      expect(tec.cells[k]).toEqual(cells.map((c) => code[c]));
    });
  });
});

describe('bo-victory: Tabla de VP (4.3), seed 002 line 285', () => {
  it('matches the seed', () => {
    expect(victory.rows.entries.map((e) => [e.min, e.max])).toEqual([
      [32, undefined],
      [28, 31],
      [undefined, 27],
    ]);
    expect(victory.cells.map((r) => esName(victory, r[0]))).toEqual([
      'Victoria soviética',
      'Empate',
      'Victoria alemana',
    ]);
    // T9: the historical 31 VP is a draw.
    const row = victory.rows.entries.findIndex((e) => (e.min ?? -Infinity) <= 31 && 31 <= (e.max ?? Infinity));
    expect(victory.cells[row]![0]).toBe('draw');
  });
});

describe('bo-stacking and bo-abbreviations', () => {
  it('match the seed (6.1, 6.2; 2.5 lines 142-153)', () => {
    const st = stackingJson as unknown as TableData;
    expect(st.cells.map((r) => esName(st, r[0]))).toEqual([
      'Nueve pasos de cualquier tipo',
      '4 pasos no artilleros más 1 paso de artillería',
    ]);
    const ab = abbrJson as unknown as TableData;
    expect(abbreviations(ab)).toEqual(abbreviationsTyped['bo-abbreviations'].rows);
  });
});

describe('bo missing tables', () => {
  it('declare only null cells', () => {
    // bo-order-of-battle and bo-locations now hold the values the text gives (issue #11): see below.
    for (const t of [turnTrackJson, reinforcementsJson, vpTrackJson] as unknown as TableData[]) {
      expect(t.status, t.id).toBe('missing');
      expect(
        t.cells.flat().every((v) => v === null),
        t.id,
      ).toBe(true);
    }
    expect((turnTrackJson as unknown as TableData).rows.entries.map((e) => e.key)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
    ]);
  });
});

// Values the text gives for charts otherwise printed on the map and counters, checked against a second
// transcription of the seed's lines (issue #11).
describe('bo-locations and bo-order-of-battle: values from the text, seed 002', () => {
  const locations = locationsJson as unknown as TableData;
  const oob = oobJson as unknown as TableData;
  it('bo-locations: Proskurov 2607 (line 76), Vinnitsa 4513/4612/4613 (line 265), partial, sources cited', () => {
    const line76 = 'Ejemplo: La población de Proskurov está en el hex 2607';
    const line265 = 'Los 3 hexs de Vinnitsa (4513/4612/4613) conceden 1 VP por cada uno de sus tres hexs.';
    const [, name76, hex76] = /población de (\w+) está en el hex (\d{4})/.exec(line76)!;
    expect([cell(locations, hex76!, 'name'), cell(locations, hex76!, 'type')]).toEqual([name76, 'population']);
    const [, name265, hexes] = /hexs de (\w+) \(([\d/]+)\)/.exec(line265)!;
    for (const h of hexes!.split('/'))
      expect([cell(locations, h, 'name'), cell(locations, h, 'type')]).toEqual([name265, 'population']);
    // Named without a type: left for the players (never guessed).
    for (const [h, n] of <[string, string][]>[
      ['0805', 'Ternopol'],
      ['2603', 'Krasilov'],
      ['4004', 'Khmelnik'],
    ])
      expect([cell(locations, h, 'name'), cell(locations, h, 'type')]).toEqual([n, null]);
    expect(locations.status).toBe('partial');
    expect(locations.playerDefinesAxes).toBe(true);
    expect(locations.source).toMatch(/line 76.*line 265/);
  });
  it('bo-order-of-battle: 96th 2908 and 291st 2807 (line 240), 9th SS Panzer 8 steps (line 277), reduced Rifle Corps 1-1 (line 506)', () => {
    const line240 =
      'La 96 y la 291 Divisiones de infantería deben colocarse en los hexs exactos impresos en sus fichas: 2908 y 2807, respectivamente.';
    const [, h96, h291] = /(\d{4}) y (\d{4}), respectivamente/.exec(line240)!;
    expect([cell(oob, '96-inf', 'side'), cell(oob, '96-inf', 'setup')]).toEqual(['german', h96]);
    expect([cell(oob, '291-inf', 'side'), cell(oob, '291-inf', 'setup')]).toEqual(['german', h291]);
    const line277 = 'Ejemplo: Si el último paso de la 9ª D. Panzer SS de 8 pasos es eliminada mientras que está OOC';
    expect(cell(oob, '9-ss-pz', 'steps')).toBe(Number(/de (\d+) pasos/.exec(line277)![1]));
    const line506 = 'mostrando su lado reducido "1-1".';
    const [af, df] = /"(\d)-(\d)"/.exec(line506)!.slice(1).map(Number);
    expect([cell(oob, 'rifle-corps-reduced', 'af'), cell(oob, 'rifle-corps-reduced', 'df')]).toEqual([af, df]);
    // Nothing else is typed in for these units: the counters give it.
    expect(cell(oob, '9-ss-pz', 'af')).toBeNull();
    expect(oob.status).toBe('partial');
    expect(oob.source).toMatch(/line 240.*line 277.*line 506/);
  });
});

describe('bo-campaign', () => {
  it('is the single game: 8 turns, no cups', () => {
    const s = campaignJson as unknown as ScenarioData;
    expect(s.turns).toMatchObject({ status: 'partial', count: 8 });
    expect(s.cups).toBeUndefined();
    expect(s.tables).toContain('bo-crt');
  });
});
