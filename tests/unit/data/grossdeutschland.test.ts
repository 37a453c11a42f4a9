// Grossdeutschland data checked cell by cell against a second transcription typed from the
// Spanish rulebook (seed 000), plus the pure table look-ups of the digest's test vectors (§8).
import { describe, expect, it } from 'vitest';
import type { ScenarioData, TableData } from '../../../src/engine';
import crtJson from '../../../tables/grossdeutschland/gd-crt.json';
import weatherJson from '../../../tables/grossdeutschland/gd-weather.json';
import replacementJson from '../../../tables/grossdeutschland/gd-replacement.json';
import bridgeJson from '../../../tables/grossdeutschland/gd-bridge-demolition.json';
import fortJson from '../../../tables/grossdeutschland/gd-fortifications.json';
import fortMoveJson from '../../../tables/grossdeutschland/gd-fortification-movement.json';
import terrainJson from '../../../tables/grossdeutschland/gd-terrain.json';
import turnTrackJson from '../../../tables/grossdeutschland/gd-turn-track.json';
import abbrJson from '../../../tables/grossdeutschland/gd-abbreviations.json';
import kurskJson from '../../../scenarios/grossdeutschland/gd-kursk.json';
import akhtyrkaJson from '../../../scenarios/grossdeutschland/gd-akhtyrka.json';
import mischurinJson from '../../../scenarios/grossdeutschland/gd-mischurin-rog.json';
import lutchessaJson from '../../../scenarios/grossdeutschland/gd-lutchessa.json';
import { abbreviations, asTables, cell, esName } from './lookup';
import abbreviationsTyped from './transcriptions/abbreviations.json';

const [crt, weather, replacement, bridge, fort, fortMove] = asTables(
  crtJson,
  weatherJson,
  replacementJson,
  bridgeJson,
  fortJson,
  fortMoveJson,
);
const scenarios = [kurskJson, akhtyrkaJson, mischurinJson, lutchessaJson] as unknown as ScenarioData[];

/** Key of the rolled entry covering a modified roll (after the table's clamp, if any). */
function rowFor(t: TableData, roll: number): string | undefined {
  const c = t.roll?.clamp;
  const v = c ? Math.min(c.max, Math.max(c.min, roll)) : roll;
  const axis = t.roll?.axis === 'columns' ? t.columns : t.rows;
  return axis.entries.find((e) => (e.min === undefined || v >= e.min) && (e.max === undefined || v <= e.max))?.key;
}
/** Odds column for attack a vs defence d with the table's rounding and off-table rules. */
function column(t: TableData, a: number, d: number): string {
  const cols = t.columns.entries;
  const q = a / d;
  const val = (k: number) => cols[k]!.odds![0]! / cols[k]!.odds![1]!;
  let k =
    t.odds!.rounding === 'attacker'
      ? cols.findIndex((_, i) => val(i) >= q - 1e-9)
      : (cols
          .map((_, i) => i)
          .filter((i) => val(i) <= q + 1e-9)
          .pop() ?? -1);
  if (k < 0) k = t.odds!.rounding === 'attacker' ? cols.length : -1;
  if (k >= cols.length) {
    expect(t.odds!.above.mode).toBe('clamp');
    k = cols.length - 1;
  }
  if (k < 0) {
    expect(t.odds!.below.mode).toBe('clamp');
    k = 0;
  }
  return cols[k]!.key;
}
const modifier = (t: TableData, id: string) => t.roll!.modifiers!.find((m) => m.id === id)?.value;

describe('gd-crt: Tabla de resultados del combate (10.1), seed 000 lines 460-472', () => {
  // Typed again from the seed, one line per "Dados" row.
  const header = '1-4 1-3 1-2 1-1 2-1 3-1 4-1 5-1';
  const seed = `
2 DC DC DD DE DE DE DE DE
3 DR DC DC DD DE DE DE DE
4 - DR DC DC DD DE DE DE
5 AR - DR DC DC DD DE DE
6 AC AC - DR DC DC DD DE
7 SC AC AR - DR DC DC DD
8 AD AC AC AE - DR DC DC
9 AP AD AC AC AR - DR DC
10 AP AP AD AC AC AR - DR
11 AE AP AP AD AC AC AR -
12 AE AE AP AP AD AD AC AR`
    .trim()
    .split('\n')
    .map((l) => l.split(' '));

  it('has the printed rows and odds columns', () => {
    expect(crt.rows.entries.map((e) => [e.key, e.min, e.max])).toEqual(
      seed.map((r) => [r[0], Number(r[0]), Number(r[0])]),
    );
    expect(crt.columns.entries.map((e) => e.key).join(' ')).toBe(header);
    expect(crt.columns.entries.map((e) => e.odds)).toEqual(header.split(' ').map((h) => h.split('-').map(Number)));
  });

  it('matches the seed in every cell', () => {
    for (const [row, ...cells] of seed)
      header.split(' ').forEach((col, k) => expect(cell(crt, row!, col), `${row}/${col}`).toBe(cells[k]));
    expect(crt.status).toBe('complete');
  });

  it('names every result code as 10.4 does', () => {
    const es: Record<string, string> = {
      AE: 'Atacante eliminado',
      AP: 'Atacante pulverizado',
      AD: 'Atacante diezmado',
      AC: 'Bajas del atacante',
      AR: 'Retirada del atacante',
      '-': 'Sin efecto',
      DR: 'Retirada del defensor',
      DC: 'Bajas del defensor',
      DD: 'Defensor diezmado',
      DE: 'Defensor eliminado',
    };
    for (const [code, name] of Object.entries(es)) expect(esName(crt, code)).toBe(name);
    expect(crt.legend!.SC!.name.en).toContain('undefined');
    expect(Object.keys(crt.legend!).sort()).toEqual([...Object.keys(es), 'SC'].sort());
  });

  it('rolls 2d6, clamps the net roll to 2..12 and reads odds as printed', () => {
    expect(crt.roll!.dice).toEqual({ n: 2, sides: 6 });
    expect(crt.roll!.clamp).toMatchObject({ min: 2, max: 12 });
    expect(crt.odds).toMatchObject({
      kind: 'ratio',
      rounding: 'attacker',
      below: { mode: 'clamp' },
      above: { mode: 'clamp' },
    });
  });

  it('lists the fixed die-roll modifiers of 10.1, 10.8, 13.1, 14.1 and 15.0', () => {
    const expected: Record<string, number> = {
      evening: 1,
      rain: 1,
      storm: 2,
      snow: 3,
      stream: 2,
      river: 4,
      bridge: 1,
      trench: 1,
      minefield: 2,
      'dragons-teeth': 3,
      bunker: 4,
    };
    expect(Object.fromEntries(crt.roll!.modifiers!.map((m) => [m.id, m.value]))).toEqual(expected);
  });

  it('carries the suspected errata T1-T4 of digest §4.9', () => {
    const e = crt.errata!.map((x) => [x.id, x.row, x.column, x.printed, x.suggested, x.correctedByDefault]);
    expect(e).toEqual([
      ['T1', '7', '1-4', 'SC', 'AC', true],
      ['T2', '8', '1-1', 'AE', 'AR', false],
      ['T3', '6', '1-3', 'AC', 'AR', false],
      ['T4', '12', '3-1', 'AD', 'AC', false],
    ]);
    expect(crt.errata!.map((x) => x.confidence)).toEqual(['high', 'high', 'medium', 'low']);
  });

  it('gives the digest §8 look-ups', () => {
    // D1-D3: odds columns.
    expect(column(crt, 12, 2)).toBe('5-1');
    expect(column(crt, 2, 10)).toBe('1-4');
    expect(column(crt, 7, 3)).toBe('3-1');
    // D4: 2d6 3 + river 4 + bunker 4 + chits 3 = 14 -> 12.
    expect(rowFor(crt, 3 + modifier(crt, 'river')! + modifier(crt, 'bunker')! + 3)).toBe('12');
    // D5: 4 - 5 = -1 -> 2. D7: night 3d6 16 - 2 + storm 2 = 16 -> 12.
    expect(rowFor(crt, 4 - 5)).toBe('2');
    expect(rowFor(crt, 16 - 2 + modifier(crt, 'storm')!)).toBe('12');
    // D6: printed look-ups.
    expect(cell(crt, '7', '1-1')).toBe('-');
    expect(cell(crt, '2', '3-1')).toBe('DE');
    expect(cell(crt, '11', '1-4')).toBe('AE');
    expect(cell(crt, '7', '1-4')).toBe('SC');
  });
});

describe('gd-weather (14.0), seed 000 lines 741-751', () => {
  const seed = ['Soleado', 'Nuboso', 'Niebla', 'Lluvioso', 'Tormenta', 'Nieve'];
  it('matches the seed', () => {
    expect(weather.roll!.dice).toEqual({ n: 1, sides: 6 });
    seed.forEach((w, k) => {
      expect(rowFor(weather, k + 1)).toBe(String(k + 1));
      expect(esName(weather, cell(weather, String(k + 1), 'result')).startsWith(w)).toBe(true);
    });
    expect(weather.roll!.clamp).toBeUndefined();
  });
  it('D16: roll 4 with turn modifier -1 gives Fog', () => {
    expect(esName(weather, cell(weather, rowFor(weather, 4 - 1)!, 'result'))).toBe('Niebla');
  });
});

describe('gd-replacement (4.1), seed 000 lines 189-200', () => {
  it('matches the seed', () => {
    expect(replacement.rows.entries.map((e) => [e.min, e.max])).toEqual([
      [1, 3],
      [4, 6],
    ]);
    expect(esName(replacement, cell(replacement, '1-3', 'result'))).toBe('Reconstruir una unidad');
    expect(esName(replacement, cell(replacement, '4-6', 'result'))).toBe('Ningún reemplazo');
    const seed: [string, number][] = [
      ['Soleado', -1],
      ['Nuboso', 0],
      ['Brumoso', 1],
      ['Lluvioso', 2],
      ['Tormentoso', 3],
      ['Nieve', 3],
    ];
    expect(replacement.roll!.modifiers!.map((m) => [m.label.es, m.value])).toEqual(seed);
  });
  it('D15: Rain (+2) with 1 rebuilds, with 2 does not', () => {
    expect(cell(replacement, rowFor(replacement, 1 + modifier(replacement, 'rain')!)!, 'result')).toBe('rebuild');
    expect(cell(replacement, rowFor(replacement, 2 + modifier(replacement, 'rain')!)!, 'result')).toBe('none');
  });
});

describe('gd-bridge-demolition (12.0), seed 000 lines 692-699', () => {
  it('matches the seed and has no modifiers (D17)', () => {
    const seed = [
      'Sin efecto',
      'Puente "hundido"',
      'Puente "hundido"',
      'Puente "hundido"',
      'Puente "hundido"',
      'Puente "hundido"',
    ];
    seed.forEach((s, k) => expect(esName(bridge, cell(bridge, rowFor(bridge, k + 1)!, 'result'))).toBe(s));
    expect(bridge.roll!.modifiers ?? []).toEqual([]);
  });
});

describe('gd-fortifications (15.0, 15.2), seed 000 lines 778-781 and 805-808', () => {
  const seed = [
    ['Trinchera', '+1', '+1/+1/NA'],
    ['Campo de minas', '+2', '+H/+H/+H'],
    ['Dientes de dragón', '+3', '+1/NA/NA'],
    ['Búnker', '+4', '+4/+0/+1'],
  ];
  it('matches the seed', () => {
    seed.forEach(([name, drm, mp], k) => {
      expect(fort.rows.entries[k]!.label!.es).toBe(name);
      expect(fort.cells[k]).toEqual([Number(drm)]);
      expect(fortMove.rows.entries[k]!.label!.es).toBe(name);
      expect(fortMove.cells[k]!.join('/')).toBe(mp);
    });
    expect(fortMove.columns.entries.map((c) => c.label!.es)).toEqual(['A pie', 'Oruga', 'Ruedas']);
  });
  it('agrees with the CRT fortification modifiers', () => {
    expect(['trench', 'minefield', 'dragons-teeth', 'bunker'].map((id) => modifier(crt, id))).toEqual(
      fort.cells.map((r) => r[0]),
    );
  });
});

describe('gd missing tables', () => {
  it('declare only null cells and let the player define the axes', () => {
    // gd-terrain now holds the Wood entry the text quotes (issue #11): see below.
    for (const t of [turnTrackJson] as unknown as TableData[]) {
      expect(t.status, t.id).toBe('missing');
      expect(t.playerDefinesAxes, t.id).toBe(true);
      expect(
        t.cells.flat().every((v) => v === null),
        t.id,
      ).toBe(true);
    }
  });
});

// Issue #11: the Terrain Table is printed beside each map; the text quotes its Wood entry only.
describe('gd-terrain: the Wood entry from the text, seed 000 lines 317-325', () => {
  const terrain = terrainJson as unknown as TableData;
  // Second transcription of the seed's lines 317-325.
  const seed = ['2/H/ALL', '2 = Dos puntos de movimiento', 'H = La mitad', 'ALL = Toda la capacidad'];
  it('has Wood = 2/H/ALL (foot/tracked/wheeled), no combat modifier, as a partial player-extendable chart', () => {
    expect(['foot', 'tracked', 'wheeled'].map((c) => cell(terrain, 'wood', c))).toEqual(seed[0]!.split('/'));
    expect(cell(terrain, 'wood', 'combat')).toBeNull();
    expect(terrain.rows.entries.map((e) => e.key)).toEqual(['wood']);
    expect(terrain.status).toBe('partial');
    expect(terrain.playerDefinesAxes).toBe(true);
    expect(terrain.source).toContain('lines 317-325');
    expect(terrain.notes![0]!.en).toMatch(/from the text.*317-325/);
  });
});

describe('gd-abbreviations (17.0), seed 000 lines 832-872', () => {
  it('matches the seed', () => {
    const t = abbrJson as unknown as TableData;
    expect(abbreviations(t)).toEqual(abbreviationsTyped['gd-abbreviations'].rows);
  });
});

describe('gd scenarios (18-21)', () => {
  it('are the four scenarios of 17.0', () => {
    expect(scenarios.map((s) => [s.id, s.rule])).toEqual([
      ['gd-kursk', '18.0'],
      ['gd-akhtyrka', '19.0'],
      ['gd-mischurin-rog', '20.0'],
      ['gd-lutchessa', '21.0'],
    ]);
  });
  it('put in the activation cup the HQs set up on the map (seed set-up tables)', () => {
    const act = (s: ScenarioData, side: string) =>
      s.cups
        ?.find((c) => c.id === 'activation')
        ?.chits.filter((c) => c.side === side && !c.arrives)
        .map((c) => c.label.es);
    const [kursk, akhtyrka, mischurin, lutchessa] = scenarios as [
      ScenarioData,
      ScenarioData,
      ScenarioData,
      ScenarioData,
    ];
    expect(act(kursk, 'german')).toEqual([
      'HQ 2Gr',
      'HQ 2Pz',
      'HQ 1 Pz',
      'HQ 1 Art',
      'HQ Eng',
      'HQ Rcn',
      'HQ 1Fus',
      'HQ 2Art',
    ]);
    expect(act(kursk, 'soviet')).toEqual([
      'HQ 1Rif',
      'HQ 2Rif',
      'HQ 3Rif',
      'HQ AT',
      'HQ Rcn',
      'HQ 1Mot',
      'HQ 2Mot',
      'HQ 2Tk',
      'HQ Res',
      'HQ Rckt',
      'HQ Art',
    ]);
    expect(act(akhtyrka, 'german')).toEqual(['HQ 1Gr', 'HQ 2Gr', 'HQ 3Gr', 'HQ Gr', 'HQ 3Art']);
    expect(act(akhtyrka, 'soviet')).toEqual([]);
    expect(act(lutchessa, 'german')).toEqual(['HQ Rcn', 'HQ Eng', 'HQ 2Gr', 'HQ 1Gr', 'HQ 3Art']);
    expect(act(lutchessa, 'soviet')).toEqual([]);
    expect(act(mischurin, 'german')).toEqual(['HQ 1Art', 'HQ 1Fus', 'HQ 3Fus', 'HQ 1Gr', 'HQ 2Gr']); // set-up table truncated in the seed
    expect(act(mischurin, 'soviet')).toEqual(['HQ Rcn', 'HQ Rif', 'HQ 1Rif', 'HQ 2Rif', 'HQ 3Rif']);
    for (const s of scenarios) {
      const ev = s.cups!.filter((c) => c.id.endsWith('-events'));
      expect(ev.map((c) => [c.id, c.manifest, c.chits.length])).toEqual([
        ['german-events', 'missing', 0],
        ['soviet-events', 'missing', 0],
      ]);
      expect(s.turns?.status).toBe('missing');
    }
  });
});
