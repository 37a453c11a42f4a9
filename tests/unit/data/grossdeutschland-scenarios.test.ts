// Grossdeutschland scenarios (18-21) checked against a second transcription typed from the
// Spanish rulebook (seed 000): HQ activation chits (start and arrivals), opening rules, event-chit
// cups and hands, victory locations, and the black chits pre-filled in the event-chit manifest.
import { describe, expect, it } from 'vitest';
import type { ScenarioData, TableData } from '../../../src/engine';
import chitsJson from '../../../tables/grossdeutschland/gd-event-chits.json';
import kurskJson from '../../../scenarios/grossdeutschland/gd-kursk.json';
import akhtyrkaJson from '../../../scenarios/grossdeutschland/gd-akhtyrka.json';
import mischurinJson from '../../../scenarios/grossdeutschland/gd-mischurin-rog.json';
import lutchessaJson from '../../../scenarios/grossdeutschland/gd-lutchessa.json';
import { cell } from './lookup';
import arrivalsText from './transcriptions/gd-arrivals.txt?raw';

const manifest = chitsJson as unknown as TableData;
const kursk = kurskJson as unknown as ScenarioData;
const akhtyrka = akhtyrkaJson as unknown as ScenarioData;
const mischurin = mischurinJson as unknown as ScenarioData;
const lutchessa = lutchessaJson as unknown as ScenarioData;
const scenarios = [kursk, akhtyrka, mischurin, lutchessa];

const activation = (s: ScenarioData) => s.cups!.find((c) => c.id === 'activation')!;
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

// ---------------------------------------------------------------------------------------------
// HQ rows of the set-up tables ("side | unit | location" as printed). Arrival turns as printed:
// "(10, mañana)" / "(10 mañana)" morning, "(10, día)" day, "(10, tarde)" evening, "(día 10)" day
// only. Entry "F o G" is encoded "F/G", "A a F" is "A-F".

interface Expected {
  side: string;
  es: string;
  id: string;
  rule: string;
  division: boolean;
  arrives?: { day: number; turnType?: string; entry: string };
}

const TURN: Record<string, string> = { mañana: 'morning', día: 'day', tarde: 'evening', noche: 'night' };

function parseRows(block: string, rule: string): Expected[] {
  return block
    .trim()
    .split('\n')
    .map((line) => {
      const [side, unit, where] = line.split('|').map((x) => x.trim()) as [string, string, string];
      const m = /entrada (.+?) \((?:(\d+),? (mañana|día|tarde|noche)|día (\d+))\)/.exec(where);
      const entry = m?.[1]!.replace(' o ', '/').replace(' a ', '-');
      const arrives = m
        ? m[2]
          ? { day: Number(m[2]), turnType: TURN[m[3]!]!, entry: entry! }
          : { day: Number(m[4]), entry: entry! }
        : undefined;
      const name = unit.replace(/^HQ /, '');
      const division = /^Divisi[oó]n$/.test(name);
      const key = division ? 'div' : name.replace('1Srt', '1Art').replace(/\s/g, '').toLowerCase();
      const es = unit.replace('1Srt', '1Art');
      return { side, es, id: `${side[0]}-${key}`, rule, division, ...(arrives ? { arrives } : {}) };
    });
}

function expectCup(s: ScenarioData, expected: Expected[]) {
  const got = activation(s).chits.map((c) => ({
    side: c.side,
    es: c.label.es,
    id: c.id,
    rule: c.rule,
    division: c.division === true,
    // The condition is checked apart (Lutchessa 21.4); the typed rows give day, turn and entry.
    ...(c.arrives
      ? {
          arrives: {
            day: c.arrives.day,
            ...(c.arrives.turnType ? { turnType: c.arrives.turnType } : {}),
            ...(c.arrives.entry ? { entry: c.arrives.entry } : {}),
          },
        }
      : {}),
  }));
  expect(got).toEqual(expected);
}

/** "HQ Staff Div" gets no chit (digest A32): the rows are typed but left out of the expectation. */
const noStaff = (rows: Expected[]) => rows.filter((r) => r.es !== 'HQ Staff Div');

describe('gd activation cups: every HQ of the set-up tables (seed 000)', () => {
  it('Kursk (18.5, lines 955-1031)', () => {
    const rows = parseRows(
      `
german | HQ 1Gr | Por hex. entrada D (10, mañana)
german | HQ 2Gr | A 1 hex. de entrada C
german | HQ 2Pz | A 1 hex. de entrada A
german | HQ 1 Pz | A 1 hex. de entrada E
german | HQ 1 Art | A 1 hex. de entrada E
german | HQ Eng | Dentro de 5 hex. de Alexejewka
german | HQ Rcn | Dentro de 3 hex. de entrada B
german | HQ 1Fus | Cualquier hex. de Luchiano
german | HQ 3Art | Por hex. entrada A (10, tarde)
german | HQ 3 Fus | Por hex. entrada A (10, día)
german | HQ 3Pz | Por hex. entrada B (10, día)
german | HQ 2Art | Fuera del mapa (cerca de 2328)
german | HQ División | Por hex. entrada A (10, tarde)
german | HQ Staff Div | Por hex. entrada A (10, tarde)
soviet | HQ 1Rif | En Ssyrzewo
soviet | HQ 2Rif | Cualquier hex. al N del río Pena
soviet | HQ 3Rif | Cualquier hex. al N del río Pena
soviet | HQ AT | Cualquier hex. al N del río Pena
soviet | HQ Rcn | Cualquier hex. de Werchopenje
soviet | HQ 1Mot | Cualquier hex. al N del río Pena
soviet | HQ 2Mot | Cualquier hex. al N del río Pena
soviet | HQ 2Tk | En hex. 2743
soviet | HQ Res | Dentro de 6 hex. de Novenkoye
soviet | HQ Rckt | En cualquier hex. de Novenkoye
soviet | HQ Art | A 1 hex. de la colina 243
soviet | HQ 1Tk | Por hex. entrada F (10, tarde)
soviet | HQ Hvy | Por hex. entrada G (10, tarde)`,
      '18.5',
    );
    expect(rows).toHaveLength(27);
    expectCup(kursk, noStaff(rows));
  });

  it('Akhtyrka (19.5, lines 1095-1158)', () => {
    const rows = parseRows(
      `
german | HQ 1Gr | Colina 62
german | HQ 2Gr | A 1 hex de Vesseloye
german | HQ 3Gr | En cualquier hex de Sorkova
german | HQ Gr | En cualquier hex de Bakirovka
german | HQ 3Art | Dentro de 2 hex de Tresovka
german | HQ 2 Fus | Por hex entrada G (10 mañana)
german | HQ 3Fus | Por hex entrada G (10 mañana)
german | HQ 1Pz | Por hex entrada F o G (10 mañana)
german | HQ 2Pz | Por hex entrada F o G (10 mañana)
german | HQ 3Pz | Por hex entrada F o G (10 mañana)
german | HQ Rcn | Por hex entrada F o G (día 10)
german | HQ División | Por hex entrada G (10, tarde)
german | HQ Staff Div | Por hex entrada G (10, tarde)
soviet | HQ Rcn | Por hex. entrada A (9, mañana)
soviet | HQ 1Mot | Por hex. entrada A (9, mañana)
soviet | HQ AT | Por hex. entrada A (9, mañana)
soviet | HQ 2Tk | Por hex. entrada B (9, tarde)
soviet | HQ 2Mot | Por hex. entrada B o C (10, mañana)
soviet | HQ 1Tk | Por hex. entrada D (10, mañana)
soviet | HQ Rckt | Por hex. entrada D (10, mañana)
soviet | HQ 1Rif | Por hex. entrada E (11, mañana)
soviet | HQ 2Rif | Por hex. entrada E (11, mañana)
soviet | HQ 3Rif | Por hex. entrada E (11, mañana)
soviet | HQ Art | Por hex. entrada E (día 11)
soviet | HQ Res | Por hex. entrada C o D (día 11)
soviet | HQ División | Por hex. entrada C o D (11, tarde)`,
      '19.5',
    );
    expect(rows).toHaveLength(26);
    expectCup(akhtyrka, noStaff(rows));
  });

  it('Mischurin-Rog (20.5, lines 1224-1252; the table is cut after line 1252)', () => {
    const rows = parseRows(
      `
german | HQ 1Art | En Lichovka (mueve por carretera)
german | HQ 1Fus | En cualquier hex de Krassni Kut
german | HQ 3Fus | En la aldea 179
german | HQ 1Gr | En la aldea 142
german | HQ 2Gr | En cualquier hex de Nesamoshnik
soviet | HQ Rcn | Puente principal
soviet | HQ Rif | En cualquier hex de Saussolvka
soviet | HQ 1Rif | En cualquier hex de Saussolvka
soviet | HQ 2Rif | En la aldea 86
soviet | HQ 3Rif | En cualquier hex de Yvaschki`,
      '20.5',
    );
    expectCup(mischurin, rows);
    expect(mischurin.notes!.some((n) => n.en.includes('breaks off') && n.es.includes('se corta'))).toBe(true);
  });

  it('Lutchessa (21.5, lines 1334-1385, and the conditional 2Pz/1Art of 21.4, lines 1316-1328)', () => {
    const rows = [
      ...parseRows(
        `
german | HQ Rcn | Colina 142
german | HQ Eng | En Griva
german | HQ 2Gr | Colina 96
german | HQ 1Gr | En Reskoye
german | HQ 3Art | Colina 87
german | HQ 3Gr | Por hex de entrada G (1, tarde)`,
        '21.5',
      ),
      ...parseRows(
        `
german | HQ 2Pz | Por hex entrada G (2, mañana)
german | HQ 1Srt | Por hex entrada G (2, mañana)`,
        '21.4',
      ),
      ...parseRows(
        `
soviet | HQ Rcn | Por hex entrada A (1, mañana)
soviet | HQ 2Tk | Por hex entrada B (1, mañana)
soviet | HQ 2Mot | Por hex entrada C (1, mañana)
soviet | HQ 1Tk | Por hex entrada E (1, mañana)
soviet | HQ 1Mot | Por hex entrada F (1, mañana)
soviet | HQ AT | Por hex entrada B (día 1)
soviet | HQ Art | Por hex entrada D (1, tarde)
soviet | HQ 1Gd | Por hex entrada A (día 1)
soviet | HQ Res | Por hex entrada A a F (día 1)
soviet | HQ Division | Por hex entrada A a F (día 1)`,
        '21.5',
      ),
    ];
    expectCup(lutchessa, rows);
    // The conditional HQs say so; the printed "1Srt" is noted.
    const chit = (id: string) => activation(lutchessa).chits.find((c) => c.id === id)!;
    for (const id of ['g-2pz', 'g-1art']) {
      expect(chit(id).note?.en).toMatch(/Conditional \(21\.4\)/);
      expect(chit(id).arrives?.condition?.en).toMatch(/Soviet has scored a VP before the Morning turn of 2 December/);
    }
    // No other chit arrives on a condition.
    for (const s of [kursk, akhtyrka, mischurin, lutchessa])
      expect(
        activation(s)
          .chits.filter((c) => c.arrives?.condition)
          .map((c) => c.id),
      ).toEqual(s === lutchessa ? ['g-2pz', 'g-1art'] : []);
    expect(chit('g-1art').note?.es).toContain('1Srt');
  });

  it('note every arrival given only as "(día N)" (digest A25) and nothing else', () => {
    for (const s of scenarios) {
      for (const c of activation(s).chits) {
        const dayOnly = !!c.arrives && c.arrives.turnType === undefined;
        expect(/gives only the day.*A25/.test(c.note?.en ?? ''), `${s.id} ${c.id}`).toBe(dayOnly);
        expect(/solo da el día.*A25/.test(c.note?.es ?? ''), `${s.id} ${c.id}`).toBe(dayOnly);
      }
    }
  });

  it('give "HQ Staff Div" no chit and say so in the notes (digest A32)', () => {
    for (const s of [kursk, akhtyrka]) {
      expect(activation(s).chits.some((c) => c.label.es.includes('Staff'))).toBe(false);
      const n = s.notes!.find((x) => x.en.startsWith('Activation cup:'))!;
      expect(n.en).toMatch(/"HQ Staff Div".*no chit.*A32/);
      expect(n.es).toMatch(/"HQ Staff Div".*no tiene ficha.*A32/);
    }
  });

  it('no longer say the arrivals are not encoded', () => {
    for (const s of scenarios) {
      const text = JSON.stringify(s);
      expect(text).not.toMatch(/not encoded yet|aún no se ha codificado/);
    }
  });
});

describe('gd opening rules (18.1, 19.1, 20.1, 21.1)', () => {
  it('match the seed (lines 888, 1043, 1168, 1262)', () => {
    expect(scenarios.map((s) => activation(s).opening)).toEqual([
      { side: 'german', kind: 'pick', count: 1, rule: '18.1' }, // "elige intencionadamente la primera"
      { side: 'soviet', kind: 'look', count: 3, rule: '19.1' }, // "elige mirando las primeras tres"
      { side: 'german', kind: 'pick', count: 1, rule: '20.1' }, // "elige la primera ficha"
      { side: 'soviet', kind: 'look', count: 5, rule: '21.1' }, // "saca mirando las primeras cinco"
    ]);
  });
  it('in Akhtyrka and Lutchessa, exactly that many Soviet HQs arrive on the first turn', () => {
    for (const [s, day, n] of [
      [akhtyrka, 9, 3],
      [lutchessa, 1, 5],
    ] as const) {
      const first = activation(s).chits.filter(
        (c) => c.side === 'soviet' && c.arrives?.day === day && c.arrives.turnType === 'morning',
      );
      expect(first).toHaveLength(n);
      expect(activation(s).chits.filter((c) => c.side === 'soviet' && !c.arrives)).toEqual([]);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Event chits: cup make-up and the black chits in hand, typed as printed.

/** Parses lines like `“Combined Arms” (anula “Poor Coordination”)`. */
function hand(block: string) {
  return block
    .trim()
    .split('\n')
    .map((l) => {
      const m = /^["“](.+?)["”] \(anula ["“](.+?)["”]\)$/.exec(l.trim());
      expect(m, l).not.toBeNull();
      return { name: m![1]!, cancels: m![2]! };
    });
}

const HANDS = {
  kursk: {
    german: hand(`
“Combined Arms” (anula “Poor Coordination”)
“Fighter Cover” (anula “Airstrike”)
“Rallied” (anula “Dispirited”)
“Heavy Casualties” (anula “Tough Outfit”)
“Flamethrower” (anula “Bunker”)`),
    soviet: hand(`
“Bogged” (anula “Aggressive Assault”)
“Fire Lane” (anula “Charge”)
“Suppressive Fire” (anula “Aggressive Assault”)
“Hardened” (anula “Raw Recruits”)`),
  },
  akhtyrka: {
    german: hand(`
“Killed in Action” (anula “Brilliant Leader”)
“Intensive Fire” (anula “Inferior Equipment”)
“Critical Hit” (anula “Off Target”)
“Expert Sniper” (anula “Sniper”)
“Overcautious” (anula “Tactical Approach”)`),
    soviet: hand(`
“Combined Arms” (anula “Poor Coordination”)
“Outflanked” (anula “Flanking Maneuver”)
“Repaired” (anula “Radio Out”)
“Bogged” (anula “Aggressive Assault”)`),
  },
  mischurin: {
    german: hand(`
“Fighter Cover” (anula “Airstrike”)
“Intensive Fire” (anula “Inferior Equipment”)
“Critical Hit” (anula “Off Target”)
“Hardened” (anula “Raw Recruits”)
“Surrendered” (anula “Friendly Fire”)`),
    soviet: hand(`
“Calm Under Fire” (anula “Caught in Crossfire”)
“Outflanked” (anula “Flanking Maneuver”)
“Heavy Casualties” (anula “Tough Outfit”)
“Killed in Action” (anula “Brilliant Leader”)`),
  },
  lutchessa: {
    german: hand(`
"Killed in Action" (anula "Brilliant Leader")
"Intensive Fire" (anula "Inferior Equipment")
"Critical Hit" (anula "Off Target")
"Hardened" (anula "Raw Recruits")`),
    soviet: hand(`
"Calm Under Fire" (anula "Caught in Crossfire")
"Suppressive Fire" (anula "Aggressive Assault")
"Rallied" (anula "Dispirited")
"Resupplied" (anula "Ammo Exhausted")
"Retreated" (anula "Trench")`),
  },
};

describe('gd event chits (18.2, 19.2, 20.2, 21.2)', () => {
  const cases = [
    // [scenario, rule, German blue/red/black, Soviet blue/red/black, hands, seed lines]
    [kursk, '18.2', [30, 30, 6], [30, 30, 6], HANDS.kursk, '892-918'],
    [akhtyrka, '19.2', [30, 30, 6], [30, 30, 5], HANDS.akhtyrka, '1047-1069'],
    [mischurin, '20.2', [35, 25, 6], [25, 35, 6], HANDS.mischurin, '1172-1194'],
    [lutchessa, '21.2', [30, 25, 5], [30, 25, 6], HANDS.lutchessa, '1266-1288'],
  ] as const;
  for (const [s, rule, g, so, hands, lines] of cases) {
    it(`${s.id}: cups and hands match the seed (lines ${lines})`, () => {
      expect(s.eventChits!.rule).toBe(rule);
      expect(s.eventChits!.cups).toEqual([
        { side: 'german', blue: g[0], red: g[1], black: g[2] },
        { side: 'soviet', blue: so[0], red: so[1], black: so[2] },
      ]);
      expect(s.eventChits!.hands).toEqual([
        { side: 'german', chits: hands.german },
        { side: 'soviet', chits: hands.soviet },
      ]);
    });
  }
  it('no longer repeat the cup make-up and hands in the notes', () => {
    for (const s of scenarios) expect(s.notes!.some((n) => /black event chits in hand/.test(n.en))).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// Victory, typed as printed.

describe('gd victory (18.3, 19.3, 20.3, 21.3)', () => {
  const loc = (s: ScenarioData) => s.victory!.locations.map((l) => [l.name.es, l.vp, l.hex ?? null]);

  it('Kursk: German, at least 9 VP (lines 922-937)', () => {
    expect(kursk.victory).toMatchObject({ rule: '18.3', side: 'german', threshold: 9 });
    expect(loc(kursk)).toEqual([
      ['Kalinovka', 3, null],
      ['Novenkoye', 3, '4451'],
      ['Colina 243', 2, '2448'],
      ['Beresowka', 2, '3437'],
      ['Rakowo', 2, null],
      ['Colina 230', 1, '1448'],
      ['Ssyrezwo', 1, '2135'],
      ['Werchopenje', 1, '1742'],
    ]);
    for (const l of kursk.victory!.locations.filter((x) => !x.hex)) expect(l.note?.en).toMatch(/Any of its hexes/);
    expect(kursk.victory!.notes!.some((n) => n.en.includes('non-Rcn') && n.en.includes('F and/or G'))).toBe(true);
  });

  it('Akhtyrka: Soviet, at least 4 VP; the city-centre paragraph printed twice counts once (lines 1073-1085)', () => {
    expect(akhtyrka.victory).toMatchObject({ rule: '19.3', side: 'soviet', threshold: 4 });
    const hexes = '3502, 3602, 3603, 3702, 3802, 3803, 3804 y 3902'.split(/, | y /);
    expect(loc(akhtyrka)).toEqual(hexes.map((h) => ['Centro urbano de Akhtyrka', 1, h]));
    const notes = akhtyrka.victory!.notes!.map((n) => n.en).join('\n');
    expect(notes).toMatch(/printed twice/);
    expect(notes).toMatch(/\+1 VP per Soviet non-Rcn unit/);
    expect(notes).toMatch(/-1 VP per German unit adjacent/);
  });

  it('Mischurin-Rog: German, at least 6 VP, draw at 5 (lines 1198-1212)', () => {
    expect(mischurin.victory).toMatchObject({ rule: '20.3', side: 'german', threshold: 6, draw: 5 }); // line 1212: 5 VP is a draw
    for (const s of [kursk, akhtyrka, lutchessa]) expect(s.victory?.draw).toBeUndefined(); // "no hay empates" (lines 937, 1085, 1306)
    expect(loc(mischurin)).toEqual([
      ['Borodayevka', 1, null],
      ['Puente principal', 3, null],
    ]);
    const [b, m] = mischurin.victory!.locations;
    expect(b!.note!.es).toContain('"1 VP por 3551, 3552, 3651 ó 3653"');
    expect(m!.note!.es).toContain('"3 VP por 4047, 4147 ó 4248"');
    for (const l of [b!, m!]) {
      expect(l.note!.en).toMatch(/A23/);
      expect(l.note!.es).toMatch(/A23/);
    }
    const notes = mischurin.victory!.notes!.map((n) => n.en).join('\n');
    expect(notes).toMatch(/within 2 hexes of Borodayevka \(hex 3653\)/);
    expect(notes).toMatch(/-1 VP per hex of Mischurin Rog/);
    expect(notes).toMatch(/exactly 5 VP: draw/);
  });

  it('Lutchessa: Soviet, at least 5 VP (lines 1292-1306)', () => {
    expect(lutchessa.victory).toMatchObject({ rule: '21.3', side: 'soviet', threshold: 5 });
    const seed = [
      'Colina 142 1VP (4116)',
      'Colina 96 1VP (3412)',
      'Colina 54 1VP (3621)',
      'Colina 62 1VP (2718)',
      'Colina 87 1VP (2215)',
    ];
    expect(loc(lutchessa)).toEqual(
      seed.map((l) => {
        const m = /^(.+) (\d)VP \((\d+)\)$/.exec(l)!;
        return [m[1], Number(m[2]), m[3]];
      }),
    );
  });

  it('give every note in both languages', () => {
    for (const s of scenarios) {
      for (const n of [...(s.victory!.notes ?? []), ...s.victory!.locations.flatMap((l) => (l.note ? [l.note] : []))]) {
        expect(n.en.length).toBeGreaterThan(0);
        expect(n.es.length).toBeGreaterThan(0);
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The event-chit manifest and the invariants tying it to the scenarios.

describe('gd-event-chits manifest (partial)', () => {
  const blackSeed = new Map<string, string>();
  for (const sc of Object.values(HANDS)) for (const c of [...sc.german, ...sc.soviet]) blackSeed.set(c.name, c.cancels);

  it('is partial, player-extendable, with the seven columns', () => {
    expect(manifest.status).toBe('partial');
    expect(manifest.playerDefinesAxes).toBe(true);
    expect(manifest.values.kind).toBe('text');
    expect(manifest.columns.entries.map((c) => c.key)).toEqual([
      'colour',
      'modifier',
      'cancels',
      'no-night',
      'air',
      'count',
      'fortification',
    ]);
    expect(manifest.columns.entries.find((c) => c.key === 'air')!.label!.en).toBe(
      'Air attack / bombing (discarded unless Sunny, 14.1; AA may cancel, 10.7)',
    );
    expect(manifest.columns.entries.find((c) => c.key === 'count')!.label).toEqual({
      en: 'How many of these counters',
      es: 'Cuántas fichas hay de esta',
    });
  });

  it('holds the 20 distinct black chits of the hands, each cancelling one chit in every scenario', () => {
    expect(blackSeed.size).toBe(20);
    // A black name never cancels two different chits across the scenarios.
    for (const sc of Object.values(HANDS))
      for (const c of [...sc.german, ...sc.soviet]) expect(blackSeed.get(c.name)).toBe(c.cancels);
    const black = manifest.rows.entries.filter((e) => cell(manifest, e.key, 'colour') === 'black');
    expect(black.map((e) => e.label!.en).sort()).toEqual([...blackSeed.keys()].sort());
    for (const [name, cancels] of blackSeed) {
      expect(cell(manifest, slug(name), 'cancels'), name).toBe(cancels);
      expect(cell(manifest, slug(name), 'modifier'), name).toBeNull(); // black chits carry no number (10.3)
    }
  });

  it('has Apathy red +2 cancelling Accurate Fire (blue), and Airstrike blue air attack (10.3, 10.7)', () => {
    expect(['colour', 'modifier', 'cancels'].map((c) => cell(manifest, 'apathy', c))).toEqual([
      'red',
      '+2',
      'Accurate Fire',
    ]);
    expect(cell(manifest, 'accurate-fire', 'colour')).toBe('blue');
    expect(cell(manifest, 'airstrike', 'colour')).toBe('blue');
    expect(cell(manifest, 'airstrike', 'air')).toBe('yes');
  });

  // Issue #11 item 3: 15.0 [000: 787 «Algunas fichas de eventos negras, si se juegan durante un ataque contra
  // un hexágono de fortificación, anulan la penalización de dicha fortificación»] — which ones is not in the text.
  it('has a fortification-cancelling column the players fill in, with the suspected chits as a hint only', () => {
    expect(manifest.columns.entries.find((c) => c.key === 'fortification')!.label!.en).toMatch(
      /cancellation icon.*15\.0/,
    );
    for (const e of manifest.rows.entries) expect(cell(manifest, e.key, 'fortification'), e.key).toBeNull();
    const hint = manifest.notes!.find((n) => n.en.includes('cancellation icon'))!;
    expect(hint.en).toMatch(/hint, not data.*"Flamethrower".*"Retreated"/);
    expect(hint.es).toMatch(/pista, no un dato/);
    expect(manifest.source).toContain('line 787');
  });

  it('gives a value only where the text does', () => {
    const filled = manifest.cells.flat().filter((v) => v !== null).length;
    // 20 black × (colour, cancels) + Apathy 3 + Accurate Fire 1 + Airstrike 2.
    expect(filled).toBe(20 * 2 + 3 + 1 + 2);
    expect(manifest.cells.every((r) => r.every((v) => v === null || typeof v === 'string'))).toBe(true);
  });

  it('keys every row by the lower-case slug of its name, in both languages as printed', () => {
    for (const e of manifest.rows.entries) {
      expect(e.key).toBe(slug(e.label!.en));
      expect(e.label!.es).toBe(e.label!.en);
    }
  });
});

describe('gd invariants across scenarios and manifest', () => {
  const rowByName = new Map(manifest.rows.entries.map((e) => [e.label!.en, e.key]));

  it('chit ids are unique per cup', () => {
    for (const s of scenarios)
      for (const c of s.cups ?? []) {
        const ids = c.chits.map((x) => x.id);
        expect(new Set(ids).size, `${s.id}/${c.id}`).toBe(ids.length);
      }
  });

  it('every hand chit is a manifest row with the same "cancels", and every cancelled chit is a row', () => {
    for (const s of scenarios)
      for (const h of s.eventChits!.hands)
        for (const c of h.chits) {
          const key = rowByName.get(c.name);
          expect(key, `${s.id} ${c.name}`).toBe(slug(c.name));
          expect(cell(manifest, key!, 'colour')).toBe('black');
          expect(cell(manifest, key!, 'cancels'), `${s.id} ${c.name}`).toBe(c.cancels);
          expect(rowByName.has(c.cancels), `${s.id} ${c.cancels}`).toBe(true);
        }
  });

  it('every activation cup has a chit for each side, sides and turn types from the schema', () => {
    for (const s of scenarios) {
      const a = activation(s);
      expect(new Set(a.chits.map((c) => c.side))).toEqual(new Set(['german', 'soviet']));
      for (const c of a.chits)
        if (c.arrives) expect(c.arrives.entry, `${s.id} ${c.id}`).toMatch(/^[A-G](\/[A-G]|-[A-G])?$/);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The units arriving with each reinforcement HQ (issue #11): the set-up tables' rows of arriving
// counters, typed again as printed ("seed line | unit | location"). A row belongs to the HQ row above
// it; "HQ Staff Div" belongs to the Division HQ's group (digest A32). Every unit must share its HQ's
// entry and turn, and the chit must list exactly these units (spelling as printed) and these lines.

interface Group {
  hq: string;
  units: string[];
  lines: string;
}
function groupRows(block: string): Group[] {
  const rows = block
    .trim()
    .split('\n')
    .map((l) => l.split('|').map((x) => x.trim()) as [string, string, string]);
  const groups: (Group & { where: string; first: string; last: string })[] = [];
  for (const [line, unit, where] of rows) {
    const g = groups[groups.length - 1];
    if (unit.startsWith('HQ ') && unit !== 'HQ Staff Div')
      groups.push({ hq: unit.replace('1Srt', '1Art'), units: [], lines: '', where, first: line, last: line });
    else {
      expect(g, unit).toBeDefined();
      // 4.0: the units listed under an HQ arrive by the same entry hex on the same turn.
      expect(where, `${unit} (line ${line}) arrives with ${g!.hq}`).toBe(g!.where);
      g!.units.push(unit);
      g!.last = line;
    }
  }
  return groups.map((g) => ({ hq: g.hq, units: g.units, lines: g.units.length ? `${g.first}–${g.last}` : g.first }));
}
/** One section ("## kursk german") of the set-up rows typed again in transcriptions/gd-arrivals.txt. */
function arrivalRows(section: string): string {
  const sections = arrivalsText.split(/^## /m).map((part) => part.split('\n'));
  const rows = sections.find(([title]) => title === section);
  expect(rows, section).toBeDefined();
  return rows!.slice(1).join('\n');
}
function expectUnits(s: ScenarioData, side: string, block: string) {
  for (const g of groupRows(block)) {
    const c = activation(s).chits.find((x) => x.side === side && x.label.es === g.hq);
    expect(c?.arrives, `${s.id} ${side} ${g.hq}`).toBeDefined();
    if (g.units.length) expect(c!.arrives).toMatchObject({ units: g.units, lines: g.lines });
    else expect(c!.arrives!.units).toBeUndefined();
  }
}

describe('gd arriving units listed with their HQ (issue #11; seed 000 set-up tables)', () => {
  it('Kursk (18.5, lines 957-1031): 7 arriving HQs', () => {
    expectUnits(kursk, 'german', arrivalRows('kursk german'));
    expectUnits(kursk, 'soviet', arrivalRows('kursk soviet'));
  });

  it('Akhtyrka (19.5, lines 1097-1158): 20 arriving HQs', () => {
    expectUnits(akhtyrka, 'german', arrivalRows('akhtyrka german'));
    expectUnits(akhtyrka, 'soviet', arrivalRows('akhtyrka soviet'));
  });

  it('Lutchessa (21.5, lines 1336-1385; 21.4, lines 1318-1328): 13 arriving HQs, the last (HQ Division, line 1385) with no unit listed', () => {
    expectUnits(lutchessa, 'german', arrivalRows('lutchessa german 21.5'));
    expectUnits(lutchessa, 'german', arrivalRows('lutchessa german 21.4'));
    expectUnits(lutchessa, 'soviet', arrivalRows('lutchessa soviet'));
    const div = activation(lutchessa).chits.find((c) => c.id === 's-div')!;
    expect(div.arrives?.units).toBeUndefined();
    expect(div.note?.en).toMatch(/lists no unit with it/);
    expect(div.note?.es).toMatch(/no da ninguna unidad/);
  });

  it('Mischurin-Rog (20.5): the table is cut after line 1252, so no arrivals and no units', () => {
    expect(activation(mischurin).chits.some((c) => c.arrives)).toBe(false);
  });

  it('every arriving chit of the four scenarios has its units and lines, except the one the text leaves empty', () => {
    const arriving = scenarios.flatMap((s) =>
      activation(s)
        .chits.filter((c) => c.arrives)
        .map((c) => ({ s: s.id, c })),
    );
    expect(arriving).toHaveLength(40);
    const without = arriving.filter((x) => !x.c.arrives!.units).map((x) => `${x.s} ${x.c.id}`);
    expect(without).toEqual(['gd-lutchessa s-div']);
    for (const { c } of arriving.filter((x) => x.c.arrives!.units)) expect(c.arrives!.lines).toMatch(/^\d+–\d+$/);
  });

  it('Kursk 18.4 (line 945): 3Art and the Division HQ group may enter by B, as data (no scenario named in code)', () => {
    const alt = activation(kursk)
      .chits.filter((c) => c.arrives?.altEntry)
      .map((c) => [c.id, c.arrives!.altEntry]);
    expect(alt).toEqual([
      ['g-3art', { entry: 'B', rule: '18.4' }],
      ['g-div', { entry: 'B', rule: '18.4' }],
    ]);
    for (const s of [akhtyrka, mischurin, lutchessa])
      expect(activation(s).chits.some((c) => c.arrives?.altEntry)).toBe(false);
  });
});

describe('gd scenario reminders: the special rules the players apply on the map (18.4, 19.4, 20.4, 21.4)', () => {
  /** Each scenario's special rules are section 4 of its chapter: 18.4, 19.4, 20.4, 21.4 (chapters 18.0-21.0). */
  const special = (s: ScenarioData) => s.rule!.replace(/\.0$/, '.4');
  it("each cites its scenario's special-rules section and a seed line, in both languages", () => {
    for (const s of scenarios) {
      expect(s.reminders?.length, s.id).toBeGreaterThan(0);
      for (const r of s.reminders!) {
        expect(r.rule).toBe(special(s));
        expect(r.lines).toMatch(/^\d+$/);
        expect(r.text.en.length && r.text.es.length).toBeTruthy();
      }
    }
  });
  it('Kursk 18.4 (line 949): the 2Art range reminder is shown with barrage and combat; who sets up first (941, 1216, 1310)', () => {
    const at = (s: ScenarioData, where: string) => s.reminders!.filter((r) => (r.where as string[]).includes(where));
    for (const w of ['barrage', 'combat']) {
      const r = at(kursk, w).find((x) => x.lines === '949');
      expect(r?.text.en).toMatch(/two hexes less than its printed range/);
      expect(r?.text.es).toMatch(/dos hexágonos menos que su alcance impreso/);
    }
    expect(at(kursk, 'combat').map((r) => r.lines)).toContain('947'); // pioneers are engineers
    expect(at(kursk, 'setup').map((r) => r.text.en)).toContain('The German sets up first.');
    expect(at(mischurin, 'setup').map((r) => r.text.en)).toContain('The Soviet sets up first.');
    expect(at(lutchessa, 'setup').map((r) => r.text.en)).toContain('The German sets up first.');
    for (const s of [akhtyrka, mischurin, lutchessa]) expect(at(s, 'barrage')).toEqual([]);
  });
});
