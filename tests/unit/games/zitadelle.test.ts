// Zitadelle procedures, one case per sentence of the rule, driven through the session log with
// typed-in dice, on charts the players typed in (the AT Fire Table and the CRT are images in the
// rulebook: the values below are a test chart, not the game's). Seed 001: 6.4 line 295-305, 6.5
// lines 307-321, 7.3 lines 369-385, 7.4 lines 387-405, 7.5 line 407, 7.6 lines 425-439, 9.2 577-587.
import { describe, expect, it } from 'vitest';
import {
  EngineError,
  verifySession,
  withPlayerChart,
  type ChartSetup,
  type EnteredCells,
  type ProcedureOutcome,
} from '../../../src/engine';
import {
  DEFAULT_READINGS,
  INTERDICTION_MP,
  germanStepsOf,
  airUnits,
  phaseIndex,
  phasesOf,
  boxTurnsOf,
  interdictionCost,
  movementCapacities,
  movementCapacity,
  pm1Of,
  PHASES,
  assaultPreview,
  atPreview,
  chitsOf,
  effectiveMorale,
  lossChecksFor,
  procedures,
} from '../../../src/games/zitadelle/rules';
import { messages } from '../../../src/games/zitadelle/messages';
import { GameHarness, tablesOf } from './harness';
import { D17_VICTORY } from '../data/zitadelle-vectors';

const tables = tablesOf(import.meta.glob<unknown>('/tables/zitadelle/*.json', { eager: true, import: 'default' }));

/** A test AT Fire Table: higher modified rolls give lower results (digest R3's inference). */
const AT: { setup: ChartSetup; cells: EnteredCells } = {
  setup: { rows: ['≤4', '5-7', '8-10', '11+'], columns: ['1-2', '3', '4+'] },
  cells: Object.fromEntries(
    ['≤4', '5-7', '8-10', '11+'].flatMap((r, i) =>
      ['1-2', '3', '4+'].map((c, j) => [`${r}|${c}`, [5, 3, 1, 0][i]! + j] as const),
    ),
  ),
};
/** A test CRT: 1:2 … 3:1, rows 2-6 and 7-12. */
const CRT: { setup: ChartSetup; cells: EnteredCells } = {
  setup: { rows: ['2-6', '7-12'], columns: ['1:2', '1:1', '2:1', '3:1'] },
  cells: {
    '2-6|1:2': 'A2',
    '7-12|1:2': 'AC',
    '2-6|1:1': 'AC',
    '7-12|1:1': 'BC',
    '2-6|2:1': 'BC',
    '7-12|2:1': 'D1',
    '2-6|3:1': 'DC',
    '7-12|3:1': 'DE',
  },
};

class Game extends GameHarness {
  constructor(
    opts: { charts?: boolean; tec?: EnteredCells; readings?: Record<string, string>; track?: EnteredCells } = {},
  ) {
    const charts = opts.charts ?? true;
    super(
      {
        tables,
        procedures,
        readings: { ...DEFAULT_READINGS, ...opts.readings },
        ...(charts
          ? {
              charts: { 'zi-at-fire-table': AT.setup, 'zi-crt': CRT.setup },
              entered: {
                'zi-at-fire-table': AT.cells,
                'zi-crt': CRT.cells,
                ...(opts.tec ? { 'zi-tec': opts.tec } : {}),
                ...(opts.track ? { 'zi-morale-track': opts.track } : {}),
              },
            }
          : {}),
      },
      { game: 'zitadelle', scenario: 'zi-kursk', seed: 'zi' },
    );
  }
}
const keys = (o: ProcedureOutcome) => o.lines.map((l) => l.key);
const env = (g: Game) => ({
  // As the panel does: the tables with the players' rows and columns merged in.
  table: (id: string) => withPlayerChart(g.ctx.tables.get(id)!, g.ctx.charts?.[id]),
  game: g.state.game,
  turn: g.state.turn,
  readings: DEFAULT_READINGS,
  errata: 'default' as const,
  entered: g.ctx.entered,
});

describe('6.4 AT fire on the typed-in AT Fire Table', () => {
  it('"lanzar dos dados, aplicar los modificadores, cruzar con la fuerza anti-tanque": 3+3 at strength 3 → row 5-7, 4 > armor 3: a step', () => {
    const g = new Game();
    const o = g.run('zi.at', { strength: 3, armor: 3 }, [[3, 3]]);
    expect(o.result).toMatchObject({ hit: true, value: 4, final: 6 });
    expect(keys(o)).toEqual(['zi.at.roll', 'zi.at.cell', 'zi.at.hit', 'zi.at.stepLoss']);
  });
  it('"igual o inferior al valor acorazado falla": the same roll against armor 4 misses', () => {
    expect(new Game().run('zi.at', { strength: 3, armor: 4 }, [[3, 3]]).result).toMatchObject({ hit: false, value: 4 });
  });
  it('6.51-6.55 are cumulative (6.57): river + heights + screened = +7 moves 3+3 to 13 (row 11+)', () => {
    const o = new Game().run('zi.at', { strength: 3, armor: 0, river: true, heights: true, screened: true }, [[3, 3]]);
    expect(o.result).toMatchObject({ final: 13, value: 1, hit: true });
    expect(o.lines[0]).toMatchObject({ params: { mods: '+2 +3 +2' } });
  });
  it('6.52 entrenched Soviet Rifle firer −2 and 6.53 stream +1: net −1', () => {
    expect(
      new Game().run('zi.at', { strength: 1, armor: 2, entrenchedRifle: true, stream: true }, [[4, 4]]).result,
    ).toMatchObject({
      final: 7,
      value: 3,
      hit: true,
    });
  });
  it('6.56 no fire across a lake; 13.46 a Tiger company: +1 AT strength for the firer, armor 5 for the target', () => {
    const g = new Game();
    expect(g.refused('zi.at', { strength: 3, armor: 3, lake: true }, [[1, 1]])).toBe('zi.err.lake');
    const o = g.run('zi.at', { strength: 3, armor: 3, tiger: true, tigerTarget: true }, [[1, 1]]);
    expect(o.result).toMatchObject({ strength: 4, armor: 5, value: 7, hit: true });
  });
  it('9.31e a dive bomber: strength 3, none of the 6.5 modifiers, +3 in forest or town at the Soviet option', () => {
    const o = new Game().run('zi.at', { dive: true, armor: 2, heights: true, forestTown: true }, [[2, 2]]);
    expect(o.result).toMatchObject({ strength: 3, final: 7, value: 4 });
  });
  it('the preview gives the exact chance of a hit before the roll', () => {
    const g = new Game();
    // Strength 3, armor 3: values 6 (≤4: 6 rolls), 4 (5-7: 15 rolls) hit; 2, 1 miss.
    expect(atPreview(env(g), { strength: 3, armor: 3 })).toMatchObject({ ok: true, hit: 21, outcomes: 36 });
  });
  it('with no typed-in chart the roll is refused with what is missing, never a crash', () => {
    const g = new Game({ charts: false });
    let err: unknown;
    try {
      g.run('zi.at', { strength: 3, armor: 3 }, [[3, 3]]);
    } catch (e) {
      err = e;
    }
    expect((err as EngineError).code).toBe('chart');
    expect(atPreview(env(g), { strength: 3, armor: 3 })).toMatchObject({ ok: false });
  });
});

describe('7.3, 7.4 assault on the typed-in CRT with the shifts from the text', () => {
  const base = {
    attacker: 'german',
    attackerArmor: 0,
    defenderArmor: 0,
    terrain: 'clear',
    position: 'none',
    water: 'none',
  };
  it('7.3 step 4 "12 atacando contra 5 daría 2:1"; 7.5 D1: each defending unit checks at +1', () => {
    const g = new Game();
    const o = g.run('zi.assault', { ...base, attack: 12, defence: 5, defenders: ['R1', 'R2'] }, [[4, 4]]);
    expect(o.result).toMatchObject({ code: 'D1', column: '2:1', checks: [{ side: 'defender', n: 1 }] });
    expect(o.lines.at(-1)).toMatchObject({ key: 'zi.as.checks.defender', params: { n: 1, units: 'R1, R2' } });
  });
  it('7.49 (line 405): entrenchment + village + armor 3 across a stream = L1, L2, R3, L1 → net L1', () => {
    const g = new Game();
    const o = g.run(
      'zi.assault',
      {
        ...base,
        attack: 7,
        defence: 3,
        terrain: 'village',
        position: 'entrenchment',
        water: 'stream',
        attackerArmor: 3,
      },
      [[1, 1]],
    );
    // 7:3 rounds down to 2:1; net L1 → 1:1; roll 2 → AC.
    expect(o.lines.filter((l) => l.key.startsWith('zi.shift.')).map((l) => [l.key, l.params!['amount']])).toEqual([
      ['zi.shift.village', 'L1'],
      ['zi.shift.entrenchment', 'L2'],
      ['zi.shift.stream', 'L1'],
      ['zi.shift.attackerArmor', 'R3'],
    ]);
    expect(o.result).toMatchObject({ column: '1:1', code: 'AC' });
  });
  it('7.42 forest L2, 7.46 defender armor, 7.47 division R2, 7.48 turn-1 bombardment, 10.23 engineers negate the entrenchment', () => {
    const g = new Game();
    const p = assaultPreview(env(g), {
      ...base,
      attack: 6,
      defence: 6,
      terrain: 'forest',
      position: 'entrenchment',
      engineer: true,
      defenderArmor: 2,
      division: true,
      bombardment: 3,
    });
    // 1:1, L2 L2(armor) R2 R3 → net +1 → 2:1; the engineer cancels the entrenchment.
    expect(p).toMatchObject({ ok: true, column: '2:1' });
    g.toTurn(2);
    expect(g.refused('zi.assault', { ...base, attack: 6, defence: 6, bombardment: 3 }, [[1, 1]])).toBe('zi.err.turn1');
  });
  it('7.43, 7.44 "ver carta de efectos del terreno": the improvised-position and river shifts are not in the text and must be typed in', () => {
    const g = new Game();
    expect(g.refused('zi.assault', { ...base, attack: 6, defence: 6, position: 'improvised' }, [[1, 1]])).toBe(
      'zi.err.tecMissing',
    );
    const g2 = new Game({ tec: { 'improvised|assault-shift': 'L1', 'river|assault-shift': 'L2' } });
    // 6:2 = 3:1, then L1 (improvised) and L2 (river), as typed in: 1:2.
    expect(
      assaultPreview(env(g2), { ...base, attack: 6, defence: 2, position: 'improvised', water: 'river' }),
    ).toMatchObject({
      ok: true,
      column: '1:2',
    });
  });
  it('the exact chance of every result before the roll', () => {
    const p = assaultPreview(env(new Game()), { ...base, attack: 8, defence: 4 });
    expect(p.ok).toBe(true);
    if (p.ok) expect([p.column, p.dist.counts.get('BC'), p.dist.counts.get('D1')]).toEqual(['2:1', 15, 21]);
  });
  it('Zitadelle 8 vs 4 with no CRT typed in: "no rows yet", not a stack overflow', () => {
    const g = new Game({ charts: false });
    const p = assaultPreview(env(g), { ...base, attack: 8, defence: 4 });
    expect(p).toMatchObject({ ok: false, key: 'chart.missing.rows' });
  });
  it('7.5: BC → defender first, then attacker (7.64); AE/DE eliminated; AC/A1-A3 attacker', () => {
    expect(lossChecksFor('BC')).toEqual([
      { side: 'defender', n: 0 },
      { side: 'attacker', n: 0 },
    ]);
    expect(lossChecksFor('A3')).toEqual([{ side: 'attacker', n: 3 }]);
    expect(lossChecksFor('DE')).toEqual([{ side: 'defender', n: 0, eliminated: true }]);
  });
});

describe('7.6 loss checks against the morale tracker (7.7) and level bombing (9.2)', () => {
  const setUp = () => {
    const g = new Game();
    g.run('zi.morale', { op: 'set', formation: '6 A', side: 'soviet', initial: 7 });
    return g;
  };
  it('7.62 "mayor que el nivel... desorganizada"; 7.63 "mayor de 10... un paso"', () => {
    const g = setUp();
    expect(g.run('zi.loss-check', { formation: '6 A', unit: 'R1' }, [[3, 4]]).result).toMatchObject({
      roll: 7,
      disorganized: false,
      step: false,
    });
    expect(g.run('zi.loss-check', { formation: '6 A', unit: 'R1', n: 1 }, [[3, 4]]).result).toMatchObject({
      roll: 8,
      disorganized: true,
      step: false,
    });
    expect(
      g.run('zi.loss-check', { formation: '6 A', unit: 'R1', n: 1, surrounded: true }, [[4, 5]]).result,
    ).toMatchObject({
      roll: 12,
      disorganized: true,
      step: true,
    });
  });
  it('7.66 a Soviet HQ checks against 12', () => {
    const o = setUp().run('zi.loss-check', { hq: true, unit: 'HQ' }, [[6, 5]]);
    expect(o.result).toMatchObject({ morale: 12, disorganized: false, step: true });
  });
  it('9.22, 9.23: a level-bombing 1 or 2 is a PM-1 for the turn, cumulative; 9.26 removed in Soviet disorganization removal', () => {
    const g = setUp();
    g.run('zi.level-bombing', { army: '6 A' }, [[2]]);
    g.run('zi.level-bombing', { army: '6 A' }, [[1]]);
    g.run('zi.level-bombing', { army: '6 A' }, [[4]]);
    expect(effectiveMorale(g.state.game, 1, '6 A')).toBe(5);
    expect(g.run('zi.loss-check', { formation: '6 A', unit: 'R2' }, [[3, 3]]).result).toMatchObject({
      morale: 5,
      disorganized: true,
    });
    g.run('zi.phase', { index: PHASES.findIndex((p) => p.id === 's-disorg') });
    expect(effectiveMorale(g.state.game, 1, '6 A')).toBe(7);
  });
  it('7.73 −1 per unit eliminated, never below 1; 13.81 +1 per 2 arriving units, rounded up, never above the start', () => {
    const g = setUp();
    g.run('zi.morale', { op: 'eliminated', formation: '6 A', units: 3 });
    expect(effectiveMorale(g.state.game, 1, '6 A')).toBe(4);
    g.run('zi.morale', { op: 'recovery', formation: '6 A', units: 3 });
    expect(effectiveMorale(g.state.game, 1, '6 A')).toBe(6);
    g.run('zi.morale', { op: 'recovery', formation: '6 A', units: 4 });
    expect(effectiveMorale(g.state.game, 1, '6 A')).toBe(7);
    g.run('zi.morale', { op: 'eliminated', formation: '6 A', units: 9 });
    expect(effectiveMorale(g.state.game, 1, '6 A')).toBe(1);
  });
});

describe('digest 8.2 loss-check vectors D1-D5, D8, D9; 13.71 minimum move D18', () => {
  const at = (m: number) => {
    const g = new Game();
    g.run('zi.morale', { op: 'set', formation: 'F', side: 'soviet', initial: m });
    return g;
  };
  const lc = (g: Game, dice: [number, number], extra: object = {}) =>
    g.run('zi.loss-check', { formation: 'F', unit: 'u', ...extra }, [dice]).result;
  it('D1 M=5, DC, 6: disorganized, no step; D2 11: both; D3 M=8, 8: nothing; D4 M=8, D2, surrounded, 7: both', () => {
    expect(lc(at(5), [3, 3])).toMatchObject({ disorganized: true, step: false });
    expect(lc(at(5), [5, 6])).toMatchObject({ disorganized: true, step: true });
    expect(lc(at(8), [4, 4])).toMatchObject({ disorganized: false, step: false });
    expect(lc(at(8), [3, 4], { n: 2, surrounded: true })).toMatchObject({ roll: 11, disorganized: true, step: true });
  });
  it('D5 a Soviet HQ (12) rolling 11: a step, no retreat', () => {
    expect(new Game().run('zi.loss-check', { hq: true, unit: 'HQ' }, [[5, 6]]).result).toMatchObject({
      morale: 12,
      disorganized: false,
      step: true,
    });
  });
  it('D8 level 5, two hits: effective 3, the track stays at 5; D9 level 1 loses a unit: stays 1', () => {
    const g = at(5);
    g.run('zi.level-bombing', { army: 'F' }, [[1]]);
    g.run('zi.level-bombing', { army: 'F' }, [[2]]);
    expect(effectiveMorale(g.state.game, 1, 'F')).toBe(3);
    expect(g.state.game['formations']).toMatchObject({ F: { level: 5 } });
    const g1 = at(1);
    g1.run('zi.morale', { op: 'eliminated', formation: 'F' });
    expect(effectiveMorale(g1.state.game, 1, 'F')).toBe(1);
  });
  it('D18 M=6: 6 moves, 7 fails', () => {
    expect(at(6).run('zi.min-move', { formation: 'F' }, [[3, 3]]).result).toBe(true);
    expect(at(6).run('zi.min-move', { formation: 'F' }, [[3, 4]]).result).toBe(false);
  });
});

describe('12 victory', () => {
  it('T9 Fatezh +15 (12.13); T10/D16 15 − 10 steps − 20 Belgorod = −15: Soviet operational victory', () => {
    const g = new Game();
    expect(g.run('zi.victory', { fatezh: true }).result).toEqual({ total: 15, level: 'GER-TACT' });
    expect(g.run('zi.victory', { fatezh: true, stepsLost: 10, belgorod: true }).result).toEqual({
      total: -15,
      level: 'SOV-OPER',
    });
  });
  it('D17: 0 / 1 / 20 / 21 / −35 / −34', () => {
    const g = new Game();
    const lvl = (vp: number) =>
      (g.run('zi.victory', vp >= 0 ? { hexes: [vp] } : { stepsLost: -vp }).result as { level: string }).level;
    expect(D17_VICTORY.vp.map(lvl)).toEqual(D17_VICTORY.level);
  });
});

describe('13.3 the optional reinforcement chits', () => {
  const chits = ['GT2', 'GT3', 'GT4', 'GT4 S3', 'GT5', 'GT5 S4', 'GT6', 'GT7'];
  it('eight chits shuffled into A–H by the seeded RNG; revealed turn by turn (A on turn 2, B on turn 3)', () => {
    const g = new Game();
    // zi.chitBoxes 'typed' (default): the players type C–H in from the printed display.
    const o = g.run('zi.chits-setup', { chits, turns: { C: 4, D: 4, E: 5, F: 5, G: 6, H: 7 } });
    expect(JSON.stringify(o.lines)).not.toMatch(/GT/); // the log line names no chit
    const boxes = chitsOf(g.state.game)!.boxes;
    expect(Object.values(boxes).sort()).toEqual([...chits].sort());
    expect(g.refused('zi.chits-reveal', {})).toBe('zi.err.noChitThisTurn');
    g.toTurn(2);
    expect(g.run('zi.chits-reveal', {}).result).toEqual([boxes['A']]);
    g.toTurn(4);
    expect(g.run('zi.chits-reveal', {}).result).toEqual([boxes['C'], boxes['D']]);
  });
  it('13.35 (line 722) box A = turn 2 and 13.36 (line 726) box B = turn 3 whatever is typed; "typed": C–H as the players typed them', () => {
    const g = new Game();
    g.run('zi.chits-setup', { chits, turns: { C: 4, D: 5, E: 4, F: 5, G: 8, H: 9 } });
    expect(boxTurnsOf(g.state.game)).toEqual({ A: 2, B: 3, C: 4, D: 5, E: 4, F: 5, G: 8, H: 9 });
    const boxes = chitsOf(g.state.game)!.boxes;
    g.toTurn(4);
    expect(g.run('zi.chits-reveal', {}).result).toEqual([boxes['C'], boxes['E']]);
    g.toTurn(9);
    expect(g.run('zi.chits-reveal', {}).result).toEqual([boxes['H']]);
  });
  it('"typed": a box left blank is asked for, never guessed; 13.32 (line 716) "en los turnos 4 y 5 hay dos casillas" is checked', () => {
    expect(new Game().refused('zi.chits-setup', { chits, turns: { C: 4, D: 4, E: 5, F: 5, G: 6 } })).toBe(
      'zi.err.boxTurn',
    );
    expect(new Game().refused('zi.chits-setup', { chits, turns: {} })).toBe('zi.err.boxTurn');
    expect(new Game().refused('zi.chits-setup', { chits, turns: { C: 4, D: 4, E: 4, F: 5, G: 6, H: 7 } })).toBe(
      'zi.err.boxTurns45',
    );
  });
  it('a step stored before the turns were asked for replays as the app then read the boxes, and says so', () => {
    const g = new Game();
    const o = g.run('zi.chits-setup', { chits });
    expect(keys(o)).toContain('zi.ch.legacy');
    expect(boxTurnsOf(g.state.game)).toEqual({ A: 2, B: 3, C: 4, D: 4, E: 5, F: 5, G: 6, H: 7 });
  });
  it('"in-order": C, D = 4 and E, F = 5 (letters in the order of the turns, line 716); G and H typed in', () => {
    const g = new Game({ readings: { 'zi.chitBoxes': 'in-order' } });
    expect(g.refused('zi.chits-setup', { chits, turns: { G: 6 } })).toBe('zi.err.boxTurn');
    g.run('zi.chits-setup', { chits, turns: { G: 7, H: 8 } });
    expect(boxTurnsOf(g.state.game)).toEqual({ A: 2, B: 3, C: 4, D: 4, E: 5, F: 5, G: 7, H: 8 });
  });
});

describe('replay', () => {
  it('a game that rolled on the typed-in AT table and CRT verifies on a device with no charts', () => {
    const g = new Game();
    g.run('zi.morale', { op: 'set', formation: '6 A', side: 'soviet', initial: 7 });
    g.run('zi.at', { strength: 3, armor: 3 });
    g.run('zi.assault', { attacker: 'german', attack: 8, defence: 4, terrain: 'village' });
    g.run('zi.loss-check', { formation: '6 A', unit: 'R1', n: 1 });
    expect(g.session.log[1]!.action).toMatchObject({ charts: { 'zi-at-fire-table': { rows: AT.setup.rows } } });
    expect(verifySession(g.session, { tables, procedures, readings: DEFAULT_READINGS }).ok).toBe(true);
  });
});

describe('messages', () => {
  it('English and Spanish have the same keys, all prefixed zi. or proc.zi.; every phase is named', () => {
    expect(Object.keys(messages.en).sort()).toEqual(Object.keys(messages.es).sort());
    for (const k of Object.keys(messages.en)) expect(k).toMatch(/^(zi\.|proc\.zi\.)/);
    for (const p of PHASES) expect(messages.en).toHaveProperty([`zi.phase.${p.id}`]);
  });
});

describe('8.42 air interdiction (seed 001 line 539; 9.31f line 603)', () => {
  it('"debe gastar 3 PMs adicionales por cada zona de interdicción aérea que se extienda dentro del hex": 1 zone +3, 2 overlapping +6 (digest D12)', () => {
    expect(INTERDICTION_MP).toBe(3);
    expect(interdictionCost('soviet', 0)).toBe(0);
    expect(interdictionCost('soviet', 1)).toBe(3);
    expect(interdictionCost('soviet', 2)).toBe(6);
  });
  it('"no afectan a las unidades alemanas ni a las retiradas de las unidades soviéticas"', () => {
    expect(interdictionCost('german', 2)).toBe(0);
    expect(interdictionCost('soviet', 2, true)).toBe(0);
  });
});

describe('8.13, 8.14 movement capacity from the morale track (seed 001 lines 499, 501; 9.25 line 585)', () => {
  const withFormations = (opts: ConstructorParameters<typeof Game>[0] = {}) => {
    const g = new Game(opts);
    g.run('zi.morale', { op: 'set', formation: '3 Pz', side: 'german', initial: 4 });
    g.run('zi.morale', { op: 'set', formation: '6 A', side: 'soviet', initial: 6 });
    g.run('zi.morale', { op: 'set', formation: '7 G', side: 'soviet', initial: 5 });
    return g;
  };
  it('"cuando el nivel de preservación del 3er. Cuerpo Panzer es cuatro, el 11 regimiento Panzer... tendrá una capacidad de movimiento de siete": a cell of the track, not a note', () => {
    const g = withFormations();
    expect(movementCapacity(env(g), '3 Pz')).toMatchObject({ level: 4, capacity: 7, origin: 'printed' });
  });
  it('8.14 "si las unidades están desorganizadas, sus capacidades de movimiento estarán a la ½ (redondeando las fracciones a la baja)": 7 → 3', () => {
    expect(movementCapacity(env(withFormations()), '3 Pz')!.disorganized).toBe(3);
  });
  it('the levels the text does not give are missing until typed in from the printed track, never guessed', () => {
    const g = withFormations();
    const c = movementCapacity(env(g), '6 A')!;
    expect(c).toMatchObject({ level: 6, origin: 'missing' });
    expect(c.capacity).toBeUndefined();
    const typed = withFormations({ track: { '6|movement': 9 } });
    expect(movementCapacity(env(typed), '6 A')).toMatchObject({ capacity: 9, disorganized: 4, origin: 'entered' });
  });
  it('9.25 "los resultados del bombardeo a nivel pueden también afectar a las capacidades de movimiento": two PM-1 on level 6 read level 4 → 7', () => {
    const g = withFormations();
    g.run('zi.level-bombing', { army: '6 A' }, [[1]]);
    g.run('zi.level-bombing', { army: '6 A' }, [[2]]);
    expect(movementCapacity(env(g), '6 A')).toMatchObject({ track: 6, pm1: 2, level: 4, capacity: 7 });
  });
  it('7.73 an elimination moves the track down, and the capacity with it; the phase lists each formation of the phasing side', () => {
    const g = withFormations({ track: { '5|movement': 8 } });
    g.run('zi.morale', { op: 'eliminated', formation: '7 G', units: 1 });
    expect(movementCapacities(env(g), 'soviet').map((c) => [c.formation, c.level, c.capacity])).toEqual([
      ['6 A', 6, undefined],
      ['7 G', 4, 7],
    ]);
    expect(movementCapacities(env(g), 'german').map((c) => c.formation)).toEqual(['3 Pz']);
  });
  it('the movement phases offer the capacity list (4.1 phases 5 and 11)', () => {
    for (const id of ['g-move', 's-move']) expect(PHASES.find((p) => p.id === id)!.tools).toContain('capacity');
  });
});

describe('readings of unclear rules that change a number (settings), one case per choice', () => {
  const army = (readings: Record<string, string> = {}) => {
    const g = new Game({ readings });
    g.run('zi.morale', { op: 'set', formation: '6 A', side: 'soviet', initial: 7 });
    return g;
  };
  it('zi.levelBombing "this-turn" (default): 9.22 "en todo momento durante ese turno de juego" (line 579), 9.26 removed that turn (line 587)', () => {
    const g = army();
    g.run('zi.level-bombing', { army: '6 A' }, [[1]]);
    expect(pm1Of(g.state.game, 1, '6 A')).toBe(1);
    expect(effectiveMorale(g.state.game, 1, '6 A')).toBe(6);
    g.run('zi.phase', { index: PHASES.findIndex((p) => p.id === 's-disorg') });
    expect(effectiveMorale(g.state.game, 1, '6 A')).toBe(7);
  });
  it('zi.levelBombing "next-turn": 4.1 phase 1 "para el posterior turno de juego (solo)" (line 185)', () => {
    const g = army({ 'zi.levelBombing': 'next-turn' });
    const o = g.run('zi.level-bombing', { army: '6 A' }, [[2]]);
    expect(keys(o)).toContain('zi.lb.effectiveNext');
    expect(effectiveMorale(g.state.game, 1, '6 A')).toBe(7);
    g.run('zi.phase', { index: PHASES.findIndex((p) => p.id === 's-disorg') });
    g.toTurn(2);
    expect(effectiveMorale(g.state.game, 2, '6 A')).toBe(6);
    g.run('zi.phase', { index: PHASES.findIndex((p) => p.id === 's-disorg') });
    expect(effectiveMorale(g.state.game, 2, '6 A')).toBe(7);
  });
  it('zi.recovery "batch" (default): 13.81 (line 785) 3 units of the 40th Army → +2 "(no en uno)"; then 1 unit → +1', () => {
    const g = army();
    g.run('zi.morale', { op: 'eliminated', formation: '6 A', units: 5 });
    g.run('zi.morale', { op: 'recovery', formation: '6 A', units: 3 });
    expect(effectiveMorale(g.state.game, 1, '6 A')).toBe(4);
    g.run('zi.morale', { op: 'recovery', formation: '6 A', units: 1 });
    expect(effectiveMorale(g.state.game, 1, '6 A')).toBe(5);
  });
  it('zi.recovery "total": the same 3 units → +2, then 1 more (4 in all) → +0; never above the start', () => {
    const g = army({ 'zi.recovery': 'total' });
    g.run('zi.morale', { op: 'eliminated', formation: '6 A', units: 5 });
    g.run('zi.morale', { op: 'recovery', formation: '6 A', units: 3 });
    expect(effectiveMorale(g.state.game, 1, '6 A')).toBe(4);
    g.run('zi.morale', { op: 'recovery', formation: '6 A', units: 1 });
    expect(effectiveMorale(g.state.game, 1, '6 A')).toBe(4);
    g.run('zi.morale', { op: 'recovery', formation: '6 A', units: 1 });
    expect(effectiveMorale(g.state.game, 1, '6 A')).toBe(5);
    g.run('zi.morale', { op: 'recovery', formation: '6 A', units: 20 });
    expect(effectiveMorale(g.state.game, 1, '6 A')).toBe(7);
  });
  it('zi.hqCheck "disorganized" (default): 7.62 (line 427) a Soviet HQ rolling 6+5 +2 surrounded = 13 > 12 is disorganized, and a step (7.63)', () => {
    const o = army().run('zi.loss-check', { hq: true, unit: 'HQ', surrounded: true }, [[6, 5]]);
    expect(o.result).toMatchObject({ roll: 13, morale: 12, disorganized: true, step: true });
  });
  it('zi.hqCheck "no-effect": 7.66 (line 435) "tienen un nivel de preservación de moral de 12. Así, estas unidades no se verán forzadas a retirarse"', () => {
    const o = army({ 'zi.hqCheck': 'no-effect' }).run('zi.loss-check', { hq: true, unit: 'HQ', surrounded: true }, [
      [6, 5],
    ]);
    expect(o.result).toMatchObject({ roll: 13, disorganized: false, step: true });
    expect(keys(o)).toContain('zi.lc.hqNoEffect');
  });
  it('zi.model "not-taken" (default): 8.5 (line 541) the Rokossovski reserve may not move on turn 1', () => {
    const o = army().run('zi.phase', { index: PHASES.findIndex((p) => p.id === 's-move') });
    expect(keys(o)).toContain('zi.prompt.rokossovski');
  });
  it('zi.model "taken": 11.23 (line 663) "el soviético puede ignorar la regla 8.5"', () => {
    const o = army({ 'zi.model': 'taken' }).run('zi.phase', { index: PHASES.findIndex((p) => p.id === 's-move') });
    expect(keys(o)).toContain('zi.prompt.rokossovskiFree');
    expect(keys(o)).not.toContain('zi.prompt.rokossovski');
  });
});

describe('13.6 the German sequence variant (seed 001 lines 758-777), optional', () => {
  const ids = (g: Game) => phasesOf(g.state.game, g.state.turn).map((p) => p.id);
  it('not used (default): refused in words; the turn follows 4.1', () => {
    const g = new Game();
    g.toTurn(2);
    expect(g.refused('zi.german-order', { variant: true })).toBe('zi.err.orderOff');
    expect(ids(g).slice(0, 6)).toEqual(['g-air', 'g-at', 's-counter', 'g-assault', 'g-move', 'g-disorg']);
  });
  it('13.61 "comenzando en el turno de juego 2": refused on turn 1; on turn 2 air, movement, AT fire, Soviet counter-battery, assault, disorganization', () => {
    const g = new Game({ readings: { 'zi.germanOrder': 'offered' } });
    expect(g.refused('zi.german-order', { variant: true })).toBe('zi.err.orderTurn1');
    g.toTurn(2);
    g.run('zi.german-order', { variant: true });
    expect(ids(g)).toEqual([
      'g-air',
      'g-move',
      'g-at',
      's-counter',
      'g-assault',
      'g-disorg',
      's-dive',
      's-at',
      'g-counter',
      's-assault',
      's-move',
      's-disorg',
    ]);
    // The next phase is the German movement (13.61 item 2), with its capacity list.
    const o = g.run('zi.phase', { index: 1 });
    expect(o.headline.key).toBe('zi.phase.g-move');
    expect(phaseIndex(g.state.game, 2)).toBe(1);
    expect(g.refused('zi.german-order', { variant: false })).toBe('zi.err.orderLate');
  });
  it('13.62 "independientemente, turno a turno": turn 3 starts with 4.1 again; 13.64 the Soviet sequence never changes', () => {
    const g = new Game({ readings: { 'zi.germanOrder': 'offered' } });
    g.toTurn(2);
    g.run('zi.german-order', { variant: true });
    g.toTurn(3);
    expect(ids(g).slice(0, 6)).toEqual(['g-air', 'g-at', 's-counter', 'g-assault', 'g-move', 'g-disorg']);
    g.run('zi.german-order', { variant: true });
    expect(ids(g).slice(6)).toEqual(['s-dive', 's-at', 'g-counter', 's-assault', 's-move', 's-disorg']);
  });
});

describe('9.12 the air units each turn (seed 001 line 565)', () => {
  it('"está impreso en el registro de paso de turnos... norte y sur": missing until typed in, then read for the turn', () => {
    const g = new Game();
    expect(airUnits(env(g), 1)).toEqual({});
    const typed = new Game({ track: {} });
    typed.ctx = { ...typed.ctx, entered: { ...typed.ctx.entered, 'zi-turn-track': { '1|north': 3, '1|south': 4 } } };
    expect(airUnits(env(typed), 1)).toEqual({ north: 3, south: 4 });
    expect(airUnits(env(typed), 2)).toEqual({});
  });
});

describe('an elimination updates the morale track and the German VP by itself (7.73 line 447, 12.21 line 681)', () => {
  const corps = () => {
    const g = new Game();
    g.run('zi.morale', { op: 'set', formation: '3 Pz', side: 'german', initial: 6 });
    g.run('zi.morale', { op: 'set', formation: '6 A', side: 'soviet', initial: 7 });
    return g;
  };
  it('12.21 "pierde 1 VP por la pérdida de cada paso de una unidad alemana": a German loss check over 10 counts a step; not its last, so the track stays', () => {
    const g = corps();
    const o = g.run('zi.loss-check', { formation: '3 Pz', unit: '11 Pz' }, [[6, 5]]);
    expect(keys(o)).toContain('zi.st.vp');
    expect(germanStepsOf(g.state.game)).toBe(1);
    expect(effectiveMorale(g.state.game, 1, '3 Pz')).toBe(6);
  });
  it('6.61 the second step eliminates the unit; 7.73 "el marcador... es movido una casilla hacia abajo"', () => {
    const g = corps();
    const o = g.run('zi.loss-check', { formation: '3 Pz', unit: '11 Pz', lastStep: true }, [[6, 6]]);
    expect(keys(o)).toEqual(expect.arrayContaining(['zi.st.vp', 'zi.st.eliminated']));
    expect(effectiveMorale(g.state.game, 1, '3 Pz')).toBe(5);
    expect(germanStepsOf(g.state.game)).toBe(1);
  });
  it('12.21 "las unidades de bombardeo, de ingenieros acorazados y las aéreas no cuentan"; 12.14 Soviet steps give no VP', () => {
    const g = corps();
    g.run('zi.loss-check', { formation: '3 Pz', unit: 'Pi', notCounted: true, lastStep: true }, [[6, 6]]);
    expect(germanStepsOf(g.state.game)).toBe(0);
    expect(effectiveMorale(g.state.game, 1, '3 Pz')).toBe(5);
    g.run('zi.loss-check', { formation: '6 A', unit: 'R1', lastStep: true }, [[6, 6]]);
    expect(germanStepsOf(g.state.game)).toBe(0);
    expect(effectiveMorale(g.state.game, 1, '6 A')).toBe(6);
  });
  it('no step, nothing counted: a roll of 10 or less (7.63)', () => {
    const g = corps();
    g.run('zi.loss-check', { formation: '3 Pz', unit: '11 Pz', lastStep: true }, [[5, 5]]);
    expect([germanStepsOf(g.state.game), effectiveMorale(g.state.game, 1, '3 Pz')]).toEqual([0, 6]);
  });
  it("6.4 AT fire that hits a named formation's unit counts the step and, on its last step, moves the track; a miss counts nothing", () => {
    const g = corps();
    g.run('zi.at', { strength: 3, armor: 3, formation: '3 Pz', unit: '11 Pz', lastStep: true }, [[3, 3]]);
    expect([germanStepsOf(g.state.game), effectiveMorale(g.state.game, 1, '3 Pz')]).toEqual([1, 5]);
    g.run('zi.at', { strength: 3, armor: 4, formation: '3 Pz', lastStep: true }, [[6, 6]]);
    expect([germanStepsOf(g.state.game), effectiveMorale(g.state.game, 1, '3 Pz')]).toEqual([1, 5]);
    expect(g.refused('zi.at', { strength: 3, armor: 3, formation: 'nobody' })).toBe('zi.err.formation');
  });
  it('a formation not on the tracker: said, for the players to do by hand', () => {
    const o = corps().run('zi.loss-check', { hq: true, unit: 'HQ' }, [[6, 5]]);
    expect(keys(o)).toContain('zi.st.untracked');
  });
});
