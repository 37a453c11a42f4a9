// Grossdeutschland's arriving HQs with the units the set-up tables list under them (issue #11),
// driven through the real session log with the four real scenarios: one case per scenario, citing
// the rule and the seed file's lines (seed 000).
import { describe, expect, it } from 'vitest';
import { verifySession, type Line, type ProcedureOutcome } from '../../../src/engine';
import { DEFAULT_READINGS, procedures, type TurnType } from '../../../src/games/grossdeutschland/rules';
import { blocks, loadGameMessages } from '../../../src/ui/i18n';
import { GdSession } from './gd-harness';
import { scenariosOf, tablesOf } from './harness';

const tables = tablesOf(import.meta.glob('/tables/grossdeutschland/*.json', { eager: true, import: 'default' }));
const scenarios = scenariosOf(
  import.meta.glob('/scenarios/grossdeutschland/*.json', { eager: true, import: 'default' }),
);

const seen = new Set<string>();
const isKey = (v: unknown): v is string => typeof v === 'string' && /^gd\./.test(v);
class Game extends GdSession {
  constructor(id: string, readings: Record<string, string> = {}) {
    super({ tables, procedures, readings: DEFAULT_READINGS, scenario: scenarios.get(id)! }, seen, isKey, {
      seed: 'arrivals',
      settings: { readings },
    });
  }
  /** Sets this turn's day and type (the turn track is the players'), then puts the arriving chits in. */
  arrive(day: number, turnType: TurnType, input: object = {}): ProcedureOutcome {
    this.run('gd.turn', { turnType, weatherModifier: 0, day });
    return this.run('gd.arrivals', input);
  }
}
const hq = (l: Line) => (l.params?.['hq'] as { en: string } | undefined)?.en;
/** The units line of each HQ, in order: "HQ → list". */
const units = (o: ProcedureOutcome) =>
  o.lines.filter((l) => l.key === 'gd.act.units').map((l) => `${hq(l)} → ${String(l.params!['list'])}`);

describe('arriving units are listed with their HQ (2.5, 4.0)', () => {
  it('Kursk 18.5 [000: 957–963, 1004–1031]: 1Gr on day 10 Morning; 3Art and the Division HQ group on the Evening, with 18.4 [000: 945] entry B', () => {
    const g = new Game('gd-kursk');
    const morning = g.arrive(10, 'morning');
    expect(morning.result).toEqual(['g-1gr']);
    expect(units(morning)).toEqual(['HQ 1Gr → 1K 1Gr, 2K 1Gr, 3K 1Gr, 4K 1Gr, Schw 1Gr, Pioneer 1 Gr']);
    expect(morning.lines.find((l) => l.key === 'gd.act.units')).toMatchObject({ params: { n: 6 }, rule: '18.5' });
    g.endTurn();
    expect(units(g.arrive(10, 'day'))).toEqual([
      'HQ 3 Fus → 9K 3Fus, 10K 3Fus, 11K 3Fus, 12k 3Fus, Schw 3Fus, Pioneer 3Fus',
      'HQ 3Pz → (1)Tiger 3Pz, (2)Tiger 3Pz, (3)Tiger 3Pz, Elephant 3Pz',
    ]);
    g.endTurn();
    const evening = g.arrive(10, 'evening');
    expect(units(evening)).toEqual([
      'HQ 3Art → (7)Btty 3Art, (8)Btty 3Art, (9)Btty 3Art, Kannone 3Art',
      'HQ Division → HQ Staff Div, Field Ersatz Div, (1)Escort Div, (2)Escort Div, (3)Escort Div',
      'HQ 1Tk → (1)KV-1 1Tk, (2)KV-1 1Tk, (3)KV-11Tk',
      'HQ Hvy → (1)KV-2 Hvy, (2)KV-2 Hvy, (3)KV-2Hvy, Su-85 Hvy',
    ]);
    // Each HQ's lines come together: arrival, its units, then the special rule's other entry hex.
    const art = evening.lines.filter((l) => hq(l) === 'HQ 3Art').map((l) => l.key);
    expect(art).toEqual(['gd.act.arrives', 'gd.act.units', 'gd.act.entryOption']);
    expect(evening.lines.find((l) => l.key === 'gd.act.entryOption' && hq(l) === 'HQ Division')).toMatchObject({
      params: { entry: 'B' },
      rule: '18.4',
    });
    expect(evening.lines.some((l) => l.key === 'gd.act.entryOption' && hq(l) === 'HQ 1Tk')).toBe(false);
    expect(verifySession(g.session, g.ctx)).toMatchObject({ ok: true });
  });

  it('Akhtyrka 19.5 [000: 1097–1110, 1145–1149]: the three Soviet HQs of day 9 Morning; HQ Art "(día 11)" read as the Day turn (A25)', () => {
    const g = new Game('gd-akhtyrka');
    const o = g.arrive(9, 'morning');
    expect(o.result).toEqual(['s-rcn', 's-1mot', 's-at']);
    expect(units(o)).toEqual([
      'HQ Rcn → 1 Rcn, 2 Rcn, 3 Rcn, 4 Rcn',
      'HQ 1Mot → 1 1Mot, 2 1Mot, 3 1Mot, 4 1Mot',
      'HQ AT → (1)Su-85 AT, (2)Su-85 AT, (1)76 AT',
    ]);
    g.endTurn();
    const day11 = g.arrive(11, 'day');
    expect(units(day11)).toContain('HQ Art → (1)105 Art, (2)105 Art, 155 Art, 122 Art');
    expect(day11.lines.find((l) => l.key === 'gd.act.arrivesDay' && hq(l) === 'HQ Art')).toBeDefined();
  });

  it('Lutchessa 21.4 [000: 1316–1328]: the conditional 2Pz and 1Art bring their units when the players say the condition holds; 21.5 [000: 1385]: HQ Division has none listed', () => {
    const g = new Game('gd-lutchessa');
    g.arrive(1, 'morning');
    g.endTurn();
    const day = g.arrive(1, 'day');
    expect(day.result).toEqual(['s-at', 's-1gd', 's-res', 's-div']);
    expect(day.lines.find((l) => l.key === 'gd.act.unitsUnknown')).toMatchObject({
      params: { hq: { en: 'HQ Division' } },
      rule: '21.5',
    });
    expect(day.lines.filter((l) => l.key === 'gd.act.unitsUnknown')).toHaveLength(1);
    g.endTurn();
    g.arrive(1, 'evening');
    g.endTurn();
    g.arrive(1, 'night');
    g.endTurn();
    const cond = g.arrive(2, 'morning', { include: ['g-2pz', 'g-1art'] });
    expect(units(cond)).toEqual(['HQ 2Pz → 5K 2Pz, 6K 2Pz', 'HQ 1Art → (1)Wsp 1Art, (2)Wsp 1Art']);
    expect(cond.lines.filter((l) => l.key === 'gd.act.units').map((l) => l.rule)).toEqual(['21.4', '21.4']);
    expect(verifySession(g.session, g.ctx)).toMatchObject({ ok: true });
  });

  it('Mischurin-Rog 20.5 [000: 1252, the table is cut]: no arrival is known, so none is listed', () => {
    const g = new Game('gd-mischurin-rog');
    const o = g.arrive(1, 'morning');
    expect(o.result).toEqual([]);
    expect(o.lines.map((l) => l.key)).toEqual(['gd.act.noArrivals']);
  });
});

describe('the units listed feed the rules that depend on them', () => {
  it('4.1 [000: 204] with 18.5 [000: 1028]: the Feld Ersatz reminder in Kursk (its Division group lists "Field Ersatz Div"), in no other scenario', () => {
    const roll = (id: string) => {
      const g = new Game(id);
      g.run('gd.turn', { turnType: 'night', weatherModifier: 0, day: 10 });
      g.run('gd.weather', {}, [[1]]);
      return g.run('gd.replacement', { side: 'german' }, [[4]]).lines.map((l) => l.key);
    };
    expect(roll('gd-kursk')).toContain('gd.replacement.feldErsatz');
    for (const id of ['gd-akhtyrka', 'gd-mischurin-rog', 'gd-lutchessa'])
      expect(roll(id), id).not.toContain('gd.replacement.feldErsatz');
  });
});

describe('messages of the arrivals', () => {
  it('every key the procedures emitted is in both languages', async () => {
    const all = [...Object.values(blocks), ...(await loadGameMessages('grossdeutschland'))];
    const en = Object.assign({}, ...all.map((b) => b.en)) as Record<string, string>;
    const es = Object.assign({}, ...all.map((b) => b.es)) as Record<string, string>;
    expect(seen).toContain('gd.act.units');
    expect(seen).toContain('gd.act.unitsUnknown');
    expect([...seen].filter((k) => !(k in en) || !(k in es))).toEqual([]);
    for (const k of ['gd.act.units', 'gd.act.unitsUnknown', 'gdev.arrivalUnits', 'gdev.arrivalNoUnits'])
      expect(en[k]).toContain('{hq}');
    expect(es['gd.act.units']).toContain('{list}');
  });
});
