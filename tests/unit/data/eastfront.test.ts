// EastFront (seed 004): every cell of every table checked against a second transcription typed
// from the Spanish seed text (line numbers in each block), plus the digest's pure-lookup test vectors.
import { describe, it, expect } from 'vitest';
import game from '../../../tables/eastfront/game.json';
import unitData from '../../../tables/eastfront/ef-unit-data.json';
import unitSpeed from '../../../tables/eastfront/ef-unit-speed.json';
import unitCost from '../../../tables/eastfront/ef-unit-cost.json';
import terrain from '../../../tables/eastfront/ef-terrain-effects.json';
import weatherEffects from '../../../tables/eastfront/ef-weather-effects.json';
import basicPP from '../../../tables/eastfront/ef-basic-production.json';
import ppChart from '../../../tables/eastfront/ef-production-chart.json';
import hexControl from '../../../tables/eastfront/ef-hex-control.json';
import airPower from '../../../tables/eastfront/ef-air-power.json';
import weatherEast from '../../../tables/eastfront/ef-weather-east.json';
import weatherWest from '../../../tables/eastfront/ef-weather-west.json';
import pursuit from '../../../tables/eastfront/ef-pursuit-fire.json';
import victory from '../../../tables/eastfront/ef-victory-levels.json';
import handicaps from '../../../tables/eastfront/ef-handicaps.json';
import forcesAxis from '../../../tables/eastfront/ef-forces-axis.json';
import forcesSoviet from '../../../tables/eastfront/ef-forces-soviet.json';
import cards from './transcriptions/ef-scenario-cards.json';

type Cell = string | number | null;
interface T {
  rows: { entries: { key: string; min?: number; max?: number }[] };
  columns: { entries: { key: string }[] };
  cells: Cell[][];
  legend?: Record<string, unknown>;
  errata?: { row: string; column: string; printed: Cell; suggested: Cell; correctedByDefault: boolean }[];
}
const tb = (x: unknown) => x as T;
const at = (t: T, row: string, col: string): Cell => {
  const r = t.rows.entries.findIndex((e) => e.key === row);
  const c = t.columns.entries.findIndex((e) => e.key === col);
  if (r < 0 || c < 0) throw new Error(`no cell ${row}/${col}`);
  return t.cells[r]![c]!;
};
/** Compare a whole table with an independent transcription: { rowKey: [cells in column order] }. */
function same(t: T, cols: string[], expected: Record<string, Cell[]>) {
  expect(t.columns.entries.map((e) => e.key)).toEqual(cols);
  expect(t.rows.entries.map((e) => e.key)).toEqual(Object.keys(expected));
  for (const [row, vals] of Object.entries(expected))
    vals.forEach((v, i) => expect(at(t, row, cols[i]!), `${row}/${cols[i]}`).toBe(v));
}
const SCN = ['s41', 'w41', 's42', 'w42', 's43', 'w43', 's44', 'w44'];

describe('EastFront tables match the seed text', () => {
  it('DATOS DE LAS UNIDADES (lines 3431-3443)', () => {
    const b = '•';
    same(
      tb(unitData),
      ['speed-dry', 'speed-mud', 'speed-snow', 'firepower', 'axis-step', 'axis-cadre', 'soviet-step', 'soviet-cadre'],
      {
        armor: [3, 1, 2, 'FD', 8, 12, 4, 8],
        mech: [3, 1, 2, 'FS/FD', 6, 9, 3, 6],
        infantry: [2, 1, 1, 'FS', 4, 6, 2, 4],
        cavalry: [3, 2, 2, 'FS', b, b, 3, 6],
        shock: [1, 1, 1, 'FD', b, b, 3, 6],
        paratroop: [2, 1, 1, 'FS/FD', b, b, 6, 12],
        mountain: [2, 1, 1, 'FS³', 5, 8, b, b],
        coast: [2, 1, 1, 'FS', b, b, 2, 6],
        static: [1, 1, 1, 'FS', 3, 2, b, b],
        hq: [2, 1, 1, b, '10†', '20††', 10, 20],
      },
    );
    for (const row of tb(unitData).cells)
      for (const v of row) if (typeof v === 'string') expect(tb(unitData).legend).toHaveProperty([v]);
  });
  it('speed sidebar (lines 359-371 and 853-865, identical)', () => {
    same(tb(unitSpeed), ['dry', 'mud', 'snow'], {
      'row-1': [3, 1, 2],
      'row-2': [3, 1, 2],
      'row-3': [2, 1, 1],
      'row-4': [3, 2, 2],
      'row-5': [1, 1, 1],
      'row-6': [1, 1, 1],
      'row-7': [3, 1, 2],
      'row-8': [2, 1, 1],
      'row-9': [2, 1, 1],
      'row-10': [2, 1, 1],
    });
    const e = tb(unitSpeed).errata!;
    expect(e.map((x) => [x.row, x.column, x.printed, x.suggested, x.correctedByDefault])).toEqual([
      ['row-7', 'dry', 3, 2, false],
      ['row-7', 'snow', 2, 1, false],
    ]);
  });
  it('TABLA DE COSTE DE LAS UNIDADES (lines 1469-1482)', () => {
    const b = '•';
    same(tb(unitCost), ['axis-step', 'axis-cadre', 'soviet-step', 'soviet-cadre'], {
      'row-1': [8, 12, 4, 8],
      'row-2': [6, 9, 3, 6],
      'row-3': [4, 6, 2, 4],
      'row-4': [b, b, 3, 6],
      'row-5': [3, 2, b, b],
      'row-6': [b, b, 3, 6],
      'row-7': [b, b, 2, 6],
      'row-8': [5, 8, b, b],
      'row-9': [b, b, 6, 12],
      'row-10': ['10¹', '20¹', '10¹', '20¹'],
    });
  });
  it('EFECTOS DEL TERRENO (lines 3446-3455)', () => {
    same(tb(terrain), ['stacking', 'hexside', 'movement', 'firepower', 'defense'], {
      clear: ['4', '2', 'NORMAL', 'NORMAL', 'NORMAL'],
      'forest-hill': ['4', '1', 'NORMAL', 'NORMAL', 'DOBLE'],
      swamp: ['3', '1', 'STOP', 'FS OFENSIVO', 'DOBLE'],
      mountain: ['2', '1', 'STOP', 'NORMAL', 'DOBLE'],
      river: ['N/A', '1', 'NORMAL', 'N/A', 'N/A'],
      'major-city': ['N/A', 'N/A', 'N/A', 'FD DEFENSIVO (o mejor)', 'DOBLE'],
      fortress: ['N/A', 'N/A', 'N/A', 'FT DEFENSIVO*', 'TRIPLE**'],
    });
  });
  it('EFECTOS DEL CLIMA (lines 3457-3460)', () => {
    same(tb(weatherEffects), ['terrain', 'command', 'movement', 'combat'], {
      dry: ['Normal', 'Normal', 'Normal', 'Normal'],
      mud: [
        'Bosque/Claro/Colina = Pantano Rechazo Asalto por Rio = 1 a 3',
        'HQ Desorganizados No pueden Destacarse',
        '1 hex (Caballería 2 hexes)',
        'FS Ofensivo / Defensa DD',
      ],
      snow: [
        'Pantano = Bosque Rios Helados (No Rechazos)',
        'HQ del Eje Desorganizados',
        '1 hex menos de lo normal',
        'Normal',
      ],
    });
  });
  it('CARTA DE PRODUCCION BASICA (lines 1413-1417)', () => {
    same(tb(basicPP), SCN, { soviet: [0, 6, 12, 20, 20, 20, 20, 20], axis: [30, 30, 40, 40, 50, 50, 40, 30] });
  });
  it('PRODUCCION BASICA (PP) end chart (lines 3463-3468) and its errata', () => {
    same(tb(ppChart), SCN, {
      'soviet-basic': [0, 6, 12, 20, 20, 20, 20, null],
      'soviet-start': [64, 49, 56, 62, 64, 74, 82, 89],
      'axis-basic': [30, 30, 40, 40, 50, 50, 40, 30],
      'axis-start': [54, 71, 80, 83, 90, 79, 66, 37],
    });
    const e = tb(ppChart).errata!;
    expect(e.map((x) => [x.row, x.column, x.printed, x.suggested, x.correctedByDefault])).toEqual([
      ['soviet-basic', 'w44', null, 20, true],
      ['axis-start', 'w44', 37, 45, false],
    ]);
  });
  it('CONTROL DE HEXES (lines 3470-3478)', () => {
    same(tb(hexControl), ['friendly', 'disputed', 'enemy'], {
      'deploy-hq': ['SI *', 'NO', 'NO'],
      move: ['SI', 'SI', 'SI'],
      engage: ['SI', 'N/A', 'SI'],
      disengage: ['SI *', 'NO', 'NO'],
      rail: ['SI *', 'NO', 'NO'],
      'rail-supply': ['SI **', 'NO', 'NO'],
      supply: ['SI', 'SI', 'NO'],
      command: ['SI', 'SI', 'NO'],
    });
  });
  it('FUERZA AEREA (lines 1618-1628)', () => {
    same(tb(airPower), ['axis', 'soviet'], {
      s41: ['TRIPLE', 'SIMPLE'],
      w41: ['DOBLE', 'SIMPLE'],
      s42: ['DOBLE', 'SIMPLE'],
      w42: ['DOBLE', 'DOBLE'],
      s43: ['DOBLE', 'DOBLE'],
      w43: ['SIMPLE', 'DOBLE'],
      s44: ['SIMPLE', 'TRIPLE'],
      w44: ['NADA', 'TRIPLE'],
    });
  });
  it('TIEMPO FRENTE ESTE / OESTE (lines 1548-1560)', () => {
    same(tb(weatherEast), ['dry', 'mud', 'snow'], {
      oct: ['PAR', 'IMPAR', '•'],
      nov: ['•', 'IMPAR', 'PAR'],
      mar: ['•', 'IMPAR', 'PAR'],
      may: ['PAR', 'IMPAR', '•'],
    });
    same(tb(weatherWest), ['dry', 'mud', 'snow'], { nov: ['PAR', 'IMPAR', '•'], feb: ['PAR', 'IMPAR', '•'] });
  });
  it('FUEGO DE PERSECUCION (lines 926-931)', () => {
    same(tb(pursuit), ['firepower'], { faster: ['Doble (FD)'], equal: ['Sencilla (FS)'], slower: ['Ninguna'] });
  });
  it('Niveles de Victoria (lines 1995-2000)', () => {
    same(tb(victory), ['result', 'tournament'], {
      '0-5': ['Empate', '1/1'],
      '6-15': ['Marginal', '2'],
      '16-25': ['Mayor', '3'],
      '26+': ['Decisiva', '5'],
    });
    expect(tb(victory).rows.entries.map((e) => [e.min, e.max])).toEqual([
      [0, 5],
      [6, 15],
      [16, 25],
      [26, undefined],
    ]);
  });
  it('Handicaps on the scenario cards (lines 2041 ... 2441)', () => {
    same(tb(handicaps), SCN, { handicap: [-40, -25, -30, -15, -10, 10, 50, null] });
  });
  it('Axis scenario cards (lines 2031-2591)', () => {
    same(tb(forcesAxis), [...SCN, 'edelweiss'], cards['ef-forces-axis'].rows);
    const e = tb(forcesAxis).errata!;
    expect(e.map((x) => [x.row, x.column, x.printed, x.correctedByDefault])).toEqual([
      ['sat-static', 'w44', '45 / [-10]', false],
      ['production', 'w44', 'NINGUNA', false],
      ['air', 'w44', 'N/A', false],
      ['handicap', 'w44', null, true],
    ]);
  });
  it('Soviet scenario cards (lines 2044-2591)', () => {
    same(tb(forcesSoviet), [...SCN, 'edelweiss'], cards['ef-forces-soviet'].rows);
  });
});

describe('EastFront digest test vectors (pure lookups)', () => {
  it('firepower pools: SF hits on 6, DF on 5-6, TF on 4-6 (7.32); weather is 2d6', () => {
    const d = Object.fromEntries(game.dice.map((x) => [x.id, x]));
    expect([d.fs!.hitOn, d.fd!.hitOn, d.ft!.hitOn]).toEqual([6, 5, 4]);
    expect(d.weather!.dice).toEqual({ n: 2, sides: 6 });
  });
  it('TV1: S41 Axis air is TF; armor DF, mech attacks SF', () => {
    expect(at(tb(airPower), 's41', 'axis')).toBe('TRIPLE');
    expect(at(tb(unitData), 'armor', 'firepower')).toBe('FD');
    expect(at(tb(unitData), 'mech', 'firepower')).toBe('FS/FD');
  });
  it('TV5/TV10: Edelweiss (1942) Axis air FD, Soviet FS; production 28 / 30', () => {
    expect(at(tb(forcesAxis), 'air', 'edelweiss')).toBe('FD');
    expect(at(tb(forcesSoviet), 'air', 'edelweiss')).toBe('FS');
    expect(at(tb(forcesAxis), 'production', 'edelweiss')).toBe('28');
    expect(at(tb(forcesSoviet), 'production', 'edelweiss')).toBe('30');
  });
  it('TV7: Edelweiss production costs', () => {
    const u = tb(unitData);
    // Axis: HQ step 10 (10† outside W41), Inf step 4, Armor step 8 -> 10 + 4 + 4 + 8 = 26 of 28
    expect(at(u, 'infantry', 'axis-step')).toBe(4);
    expect(at(u, 'armor', 'axis-step')).toBe(8);
    // Soviet: STAVKA 10, Shock 3, Gds Armor 4, Gds Inf 2, cavalry cadre 6, infantry cadre 4 = 29 of 30
    const soviet = [
      at(u, 'hq', 'soviet-step'),
      at(u, 'shock', 'soviet-step'),
      at(u, 'armor', 'soviet-step'),
      at(u, 'infantry', 'soviet-step'),
      at(u, 'cavalry', 'soviet-cadre'),
      at(u, 'infantry', 'soviet-cadre'),
    ];
    expect(soviet).toEqual([10, 3, 4, 2, 6, 4]);
    expect((soviet as number[]).reduce((a, b) => a + b, 0)).toBe(29);
  });
  it('TV11: VP difference 6 -> Soviet Marginal, 2 tournament points', () => {
    const v = tb(victory);
    const row = v.rows.entries.find((e) => 6 >= (e.min ?? -Infinity) && 6 <= (e.max ?? Infinity))!;
    expect([at(v, row.key, 'result'), at(v, row.key, 'tournament')]).toEqual(['Marginal', '2']);
  });
  it('TV15: weather by parity', () => {
    const pick = (t: T, month: string, sum: number) => {
      const want = sum % 2 === 0 ? 'PAR' : 'IMPAR';
      return t.columns.entries.map((c) => c.key).find((c) => at(t, month, c) === want);
    };
    expect(pick(tb(weatherEast), 'oct', 3 + 5)).toBe('dry');
    expect(pick(tb(weatherEast), 'oct', 2 + 5)).toBe('mud');
    expect(pick(tb(weatherEast), 'nov', 8)).toBe('snow');
    expect(pick(tb(weatherEast), 'mar', 7)).toBe('mud');
    expect(pick(tb(weatherEast), 'may', 10)).toBe('dry');
    expect(pick(tb(weatherWest), 'feb', 9)).toBe('mud');
  });
  it('S41 handicap -40, S44 +50 (17.2)', () => {
    expect(at(tb(handicaps), 'handicap', 's41')).toBe(-40);
    expect(at(tb(handicaps), 'handicap', 's44')).toBe(50);
  });
});
