// EastFront's reinforcements by month (11.5) and the OB's events as data (src/games/eastfront/reinforcements.ts)
// against the Spanish text's lists, typed again line by line in transcriptions/ef-reinforcements.txt
// (seed 004 lines 2053–2542, 3028–3030): every entry is its line's month, unit, type and CV; every
// scenario's "(NINGUNO)" is said; nothing is scheduled that the text does not list.
import { describe, expect, it } from 'vitest';
import { OB_EVENTS, REINFORCEMENTS, reinforcementsIn } from '../../../src/games/eastfront/rules';
import text from './transcriptions/ef-reinforcements.txt?raw';

const seed = new Map(
  text
    .split('\n')
    .filter((l) => /^\d+\t/.test(l))
    .map((l) => {
      const [n, ...rest] = l.split('\t');
      return [Number(n), rest] as const;
    }),
);
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const TYPES: Record<string, string> = {
  ARMOR: 'armor',
  INFANTRY: 'infantry',
  MECH: 'mech',
  SHOCK: 'shock',
  PARA: 'paratroop',
};

describe('EastFront reinforcements (11.5, the scenario pages’ lists)', () => {
  const all = Object.values(REINFORCEMENTS).flatMap((s) => s.list);
  it.each(all.map((x) => [x.line, x] as const))('seed line %i', (line, x) => {
    const [when, unit, what] = seed.get(line)!;
    // "JUL '41", "JUN '42*" (the * marks a unit that starts in a Home City, the list's footnote).
    const m = /^([A-Za-z]{3}) '(\d\d)(\*?)$/.exec(when!)!;
    expect([MONTHS.indexOf(m[1]!.toUpperCase()) + 1, 1900 + Number(m[2])]).toEqual([x.month, x.year]);
    expect(!!m[3]).toBe(!!x.startsInHomeCity);
    expect(unit).toBe(x.unit);
    const w = /^(SS |Gds )?([A-Z]+) (\d)$/.exec(what!)!;
    expect(TYPES[w[2]!]).toBe(x.type);
    expect(Number(w[3])).toBe(x.cv);
    expect(w[1]?.trim()).toBe(x.elite === 'ss' ? 'SS' : x.elite === 'guards' ? 'Gds' : undefined);
  });

  it('every entry of the transcribed lists is in the data, on its side (no more, no fewer)', () => {
    const entries = [...seed.entries()].filter(([, cells]) => cells.length === 3).map(([n]) => n);
    expect(all.map((x) => x.line).sort()).toEqual(entries.sort());
    // The side is the list's heading above it: "REFUERZOS DEL EJE" or "REFUERZOS SOVIETICOS".
    for (const x of all) {
      const heading = [...seed.entries()].filter(([n, c]) => n < x.line && c[0]!.startsWith('REFUERZOS')).pop()!;
      expect(heading[1][0]!.includes('EJE') ? 'axis' : 'soviet').toBe(x.side);
    }
  });

  it('"(NINGUNO)": the lines that say a list is empty', () => {
    const none = [...seed.entries()].filter(([, c]) => c[0]!.includes('(NINGUNO)')).map(([n]) => n);
    expect(
      Object.values(REINFORCEMENTS)
        .flatMap((s) => s.none)
        .sort(),
    ).toEqual(none.sort());
  });

  it('a month’s arrivals: W41 December 1941 (lines 2132–2134), none in February 1942', () => {
    expect(reinforcementsIn('w41', 1941, 12).map((x) => x.unit)).toEqual(['3 SHOCK', '4 SHOCK', '4 PARA CPS']);
    expect(reinforcementsIn('w41', 1942, 2)).toEqual([]);
    expect(REINFORCEMENTS.edelweiss).toMatchObject({ list: [], missing: 'ef.reinf.edelweissMissing' });
  });

  it('the OB’s events (lines 3028–3030) are the three the text lists', () => {
    expect(OB_EVENTS.map((e) => seed.get(e.line)![0]!.split(':')[0])).toEqual([
      'EL EJE CAPTURA ODESSA',
      'EL EJE CAPTURA SEBASTOPOL',
      'LOS SOVIETICOS ENTRAN EN EL FRENTE OESTE',
    ]);
  });
});
