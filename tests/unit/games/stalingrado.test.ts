// ¿Resiste Stalingrado? procedures against the digest's test vectors (003 §5), one case per
// sentence of the rule, driven through the session log with the special die typed in.
// Seed 003: 2.4 is line 33, 2.5 line 81, 8.1 lines 111-117, 8.2 lines 119-121, 8.3 line 125.
import { describe, expect, it } from 'vitest';
import { verifySession, type GameContext, type ProcedureOutcome } from '../../../src/engine';
import {
  DEFAULT_READINGS,
  FIRST_PLAY_PHASE,
  PHASES,
  phaseIndex,
  phasesOf,
  stepOffer,
  opposedChances,
  procedures,
  prompts,
  scoreChance,
  tanksOf,
} from '../../../src/games/stalingrado/rules';
import { GameHarness, tablesOf } from './harness';
import { messages } from '../../../src/games/stalingrado/messages';

const tables = tablesOf(import.meta.glob<unknown>('/tables/stalingrado/*.json', { eager: true, import: 'default' }));

/**
 * A game past the set-up (6, 9) at the Russian combats, unless `start` says otherwise ('setup': a new game,
 * at the set-up; another step id: that step of turn 1).
 */
class Game extends GameHarness {
  constructor(readings: Record<string, string> = {}, entered?: GameContext['entered'], start = 'ru-combat') {
    super(
      { tables, procedures, readings: DEFAULT_READINGS, ...(entered ? { entered } : {}) },
      { game: 'stalingrado', scenario: 'rs-stalingrado', seed: 'rs', settings: { readings } },
    );
    if (start !== 'setup') this.phase(start);
  }
  phase(step: string, subturn?: number) {
    const index = PHASES.findIndex((p) => p.step === step && (subturn === undefined || p.subturn === subturn));
    return this.run('rs.phase', { index });
  }
}
const keys = (o: ProcedureOutcome) => o.lines.map((l) => l.key);
const u = (type: string, extra: object = {}) => ({ type, ...extra });
/** An rs.combat input: ground, with no support, unless `more` says otherwise. */
const combat = (attacker: 'axis' | 'russian', attackers: object[], defenders: object[], more: object = {}) => ({
  kind: 'ground',
  attacker,
  attackers,
  defenders,
  support: [],
  ...more,
});

describe('2.5 the special die (line 81) and the exact chances of an opposed roll', () => {
  it('T11: faces 2, 3, 3, 4, 4, 5 — never 1 or 6', () => {
    expect(scoreChance(2, 'at-least')).toEqual({ hit: 6, outcomes: 6 });
    expect(scoreChance(5, 'exactly')).toEqual({ hit: 1, outcomes: 6 });
    expect(scoreChance(3, 'exactly')).toEqual({ hit: 2, outcomes: 6 });
    expect(scoreChance(3, 'at-most')).toEqual({ hit: 3, outcomes: 6 });
  });
  it('T12: equal factors → attacker wins 13, ties 10, defender wins 13 of 36', () => {
    for (const f of [1, 2, 3, 6, 7]) expect(opposedChances(f, f)).toEqual({ win: 13, tie: 10, lose: 13, outcomes: 36 });
  });
  it('other factor pairs add up to 36 and favour the stronger side', () => {
    const c = opposedChances(6, 3);
    expect(c.win + c.tie + c.lose).toBe(36);
    // 6×a vs 3×d: the attacker loses only if 2a < d, i.e. a=2, d=5: 1 outcome; ties when d = 2a: a=2,d=4 (2).
    expect(c).toEqual({ win: 33, tie: 2, lose: 1, outcomes: 36 });
  });
});

describe('8.1 ground combat (lines 111-117)', () => {
  it('"multiplicando el número que ha sacado por el factor de combate": attacker 4 × 3 = 12 beats 3 × 2 = 6; the defender is eliminated', () => {
    const g = new Game();
    const o = g.run('rs.combat', combat('russian', [u('infantry-3')], [u('infantry-2')]), [[4], [3]]);
    expect(o.result).toMatchObject({ outcome: 'attacker', va: 12, vd: 6 });
    expect(keys(o)).toContain('rs.loss.eliminated.defender');
    // 3 vs 2: ties only at 3×2 = 2×3 (1×2 outcomes); 29 wins, 5 losses of 36, by enumeration.
    expect(o.lines[0]).toMatchObject({ key: 'rs.combat.chances', params: { win: 29, tie: 2, lose: 5, outcomes: 36 } });
  });
  it('T7 "En caso de empate no se repite la tirada": 3 × 4 = 4 × 3 → no result, both stay', () => {
    const g = new Game();
    const o = g.run('rs.combat', combat('axis', [u('infantry-3')], [u('mech-infantry')]), [[4], [3]]);
    expect(o.result).toMatchObject({ outcome: 'tie', va: 12, vd: 12 });
    expect(keys(o)).toContain('rs.combat.tie');
    expect(o.rolls).toHaveLength(2);
  });
  it('T8 (8.1, 8.2): CF 2 + 3, two supporting field artillery, roll 4 = 28 against fortified infantry 2+1, roll 5 = 15', () => {
    const g = new Game();
    const o = g.run(
      'rs.combat',
      combat('russian', [u('infantry-2'), u('infantry-3')], [u('infantry-2', { fortified: true })], {
        support: [u('field-art', { id: 'F1' }), u('field-art', { id: 'F2' })],
      }),
      [[4], [5]],
    );
    expect(o.result).toMatchObject({ outcome: 'attacker', attack: 7, defence: 3, va: 28, vd: 15 });
    expect(keys(o)).toEqual(expect.arrayContaining(['rs.combat.support', 'rs.combat.fort', 'rs.loss.fortStays']));
  });
  it('E1 reading "two-infantry" (2.4 line 33: "en dos puntos"): the same defender is 2+2 → 20', () => {
    const g = new Game({ 'rs.fortBonus': 'two-infantry' });
    const o = g.run(
      'rs.combat',
      combat('russian', [u('infantry-2'), u('infantry-3')], [u('infantry-2', { fortified: true })], {
        support: [u('field-art'), u('field-art')],
      }),
      [[4], [5]],
    );
    expect(o.result).toMatchObject({ defence: 4, vd: 20, outcome: 'attacker' });
  });
  it('T9 "el atacante... vencida": tank 6 rolling 2 = 12 loses to cavalry 3 rolling 5 = 15; the tank becomes affected 4-8, then eliminated', () => {
    const g = new Game();
    g.run('rs.tank', { id: 'A', side: 'russian' });
    const atk = combat('russian', [u('tank', { id: 'A' })], [u('cavalry')]);
    const o = g.run('rs.combat', atk, [[2], [5]]);
    expect(o.result).toMatchObject({ outcome: 'defender', va: 12, vd: 15 });
    expect(keys(o)).toContain('rs.loss.tank.affected');
    expect(tanksOf(g.state.game)['russian:A']).toEqual({ side: 'russian', state: 'affected' });
    // Affected: its factor is now 4 (T3, T4).
    const o2 = g.run('rs.combat', atk, [[3], [5]]);
    expect(o2.result).toMatchObject({ attack: 4, va: 12, vd: 15, outcome: 'defender' });
    expect(tanksOf(g.state.game)['russian:A']!.state).toBe('eliminated');
    expect(g.refused('rs.combat', atk, [[5], [2]])).toBe('rs.err.tankGone');
  });
  it('T10: infantry 2 rolling 3 = 6 beats an engineer bridge, full factor 1, rolling 5', () => {
    const g = new Game();
    const o = g.run('rs.combat', combat('axis', [u('infantry-2')], [u('engineers', { bridge: true })]), [[3], [5]]);
    expect(o.result).toMatchObject({ va: 6, vd: 5, outcome: 'attacker' });
    expect(keys(o)).toContain('rs.combat.bridge');
  });
  it('T1/T2 "Si su factor de combate fuera 3... quedará en 1": river-crossing infantry halved, rounded down; only on unfrozen turns', () => {
    const g = new Game();
    const o = g.run('rs.combat', combat('russian', [u('infantry-2')], [u('infantry-3', { river: true })]), [[2], [2]]);
    expect(o.result).toMatchObject({ defence: 1, va: 4, vd: 2 });
    g.toTurn(3);
    expect(
      g.refused('rs.combat', combat('russian', [u('infantry-2')], [u('infantry-3', { river: true })]), [[2], [2]]),
    ).toBe('rs.err.frozen');
  });
  it('city +1 (A3): infantry gets it; a tank does not under the default reading, does with "all-units"', () => {
    const attack = combat('axis', [u('infantry-3')], [u('tank', { id: 'C', city: true })]);
    const g = new Game();
    g.run('rs.tank', { id: 'C', side: 'russian' });
    expect(g.run('rs.combat', attack, [[2], [2]]).result).toMatchObject({ defence: 6 });
    const all = new Game({ 'rs.cityScope': 'all-units' });
    all.run('rs.tank', { id: 'C', side: 'russian' });
    expect(all.run('rs.combat', attack, [[2], [2]]).result).toMatchObject({ defence: 7 });
  });
  it('8.2 "no pueden atacar directamente": artillery never attacks; AT artillery supports only against tanks, mech, SP, rocket', () => {
    const g = new Game();
    expect(g.refused('rs.combat', combat('axis', [u('field-art')], [u('infantry-2')]))).toBe('rs.err.artilleryAttacks');
    expect(
      g.refused('rs.combat', combat('axis', [u('infantry-3')], [u('infantry-2')], { support: [u('at-art')] })),
    ).toBe('rs.err.atSupport');
    g.run('rs.tank', { id: 'D', side: 'russian' });
    const ok = g.run(
      'rs.combat',
      combat('axis', [u('infantry-3')], [u('tank', { id: 'D' })], { support: [u('at-art')] }),
      [[5], [2]],
    );
    expect(ok.result).toMatchObject({ attack: 4 });
  });
  it('T21 (8.2 "o bombardear o apoyar"): artillery that bombarded this turn cannot support; a new turn frees it', () => {
    const entered = { 'rs-artillery-bombardment': { 'infantry|field-art': 4 } };
    const g = new Game({}, entered);
    g.run('rs.bombard', { kind: 'artillery', shooter: 'field-art', target: 'infantry', unit: 'F1' }, [[4]]);
    const attack = combat('russian', [u('infantry-2')], [u('infantry-2')], { support: [u('field-art', { id: 'F1' })] });
    expect(g.refused('rs.combat', attack, [[4], [4]])).toBe('rs.err.artilleryUsed');
    expect(
      g.refused('rs.bombard', { kind: 'artillery', shooter: 'field-art', target: 'infantry', unit: 'F1' }, [[4]]),
    ).toBe('rs.err.artilleryUsed');
    g.toTurn(2);
    expect(g.run('rs.combat', attack, [[4], [4]]).result).toMatchObject({ attack: 3 });
  });
  it('A2 "one-unit": only the chosen unit of the losing side loses', () => {
    const g = new Game({ 'rs.losses': 'one-unit' });
    const o = g.run(
      'rs.combat',
      combat('axis', [u('infantry-3'), u('cavalry')], [u('infantry-2'), u('engineers')], { casualty: { defender: 1 } }),
      [[5], [2]],
    );
    expect(o.lines.filter((l) => l.key === 'rs.loss.eliminated.defender')).toHaveLength(1);
    expect(keys(o)).toContain('rs.loss.one');
  });
});

describe('8.3 air-to-air combat "la misma mecánica"', () => {
  it('fighter 3 vs bomber 1: the same opposed roll; bombers never attack', () => {
    const g = new Game();
    const o = g.run('rs.combat', combat('axis', [u('fighter')], [u('bomber')], { kind: 'air' }), [[2], [5]]);
    expect(o.result).toMatchObject({ va: 6, vd: 5, outcome: 'attacker' });
    expect(g.refused('rs.combat', combat('axis', [u('bomber')], [u('fighter')], { kind: 'air' }))).toBe(
      'rs.err.bomberAttacks',
    );
    expect(g.refused('rs.combat', combat('axis', [u('infantry-2')], [u('fighter')], { kind: 'air' }))).toBe(
      'rs.err.notAircraft',
    );
  });
});

describe('8.2 AA fire (line 121): "contra bombarderos un tres; contra cazas... un dos"', () => {
  it('T5/T6: score 3 vs a bomber, 2 vs a fighter; once per (AA, aircraft) pair per subturn; another AA may fire too', () => {
    const g = new Game({ 'rs.score': 'exactly' });
    expect(g.refused('rs.aa', { aa: 'AA1', aircraft: 'B1', type: 'bomber' }, [[3]])).toBe('rs.err.notAir');
    g.phase('ru-air-move', 1);
    const hit = g.run('rs.aa', { aa: 'AA1', aircraft: 'B1', type: 'bomber' }, [[3]]);
    expect(hit.result).toEqual({ hit: true, roll: 3, score: 3 });
    expect(g.refused('rs.aa', { aa: 'AA1', aircraft: 'B1', type: 'bomber' }, [[3]])).toBe('rs.err.aaTwice');
    expect(g.run('rs.aa', { aa: 'AA2', aircraft: 'B1', type: 'bomber' }, [[4]]).result).toMatchObject({ hit: false });
    expect(g.run('rs.aa', { aa: 'AA1', aircraft: 'C1', type: 'fighter' }, [[2]]).result).toMatchObject({
      score: 2,
      hit: true,
    });
    // Next subturn the same pair may fire again.
    g.phase('ru-air-move', 2);
    expect(g.run('rs.aa', { aa: 'AA1', aircraft: 'B1', type: 'bomber' }, [[5]]).result).toMatchObject({ hit: false });
  });
  it('A4 "at-least" (the default): a 2 always hits a fighter', () => {
    const g = new Game();
    g.phase('ge-air-attack', 3);
    const o = g.run('rs.aa', { aa: 'AA', aircraft: 'F', type: 'fighter' }, [[2]]);
    expect(o.result).toMatchObject({ hit: true });
    expect(o.lines[0]).toMatchObject({ key: 'rs.bomb.chance.at-least', params: { hit: 6, outcomes: 6 } });
  });
});

describe('2.6, 8.2 bombardment against the typed-in sheet', () => {
  it('the score comes from the chart the players typed in; an empty cell is refused with where to type it', () => {
    const g = new Game();
    expect(g.refused('rs.bombard', { kind: 'artillery', shooter: 'field-art', target: 'infantry' }, [[5]])).toBe(
      'rs.err.scoreMissing',
    );
    const g2 = new Game({}, { 'rs-artillery-bombardment': { 'tank|field-art': 4 } });
    g2.run('rs.tank', { id: 'B', side: 'axis' });
    const o = g2.run(
      'rs.bombard',
      { kind: 'artillery', shooter: 'field-art', target: 'tank', tank: 'B', side: 'axis' },
      [[4]],
    );
    expect(o.result).toEqual({ hit: true, roll: 4, score: 4 });
    expect(keys(o)).toContain('rs.loss.tank.affected');
    expect(tanksOf(g2.state.game)['axis:B']!.state).toBe('affected');
    // Recorded: the step carries the chart it read, and verifies with no chart on the device.
    expect(g2.session.log.at(-1)!.action).toMatchObject({
      charts: { 'rs-artillery-bombardment': { cells: { 'tank|field-art': 4 } } },
    });
    expect(verifySession(g2.session, { tables, procedures, readings: DEFAULT_READINGS }).ok).toBe(true);
  });
  it('T19/T20: AT artillery at infantry, a bomber at infantry, cavalry or AA are illegal', () => {
    const g = new Game();
    expect(g.refused('rs.bombard', { kind: 'artillery', shooter: 'at-art', target: 'infantry' })).toBe(
      'rs.err.illegalTarget',
    );
    for (const target of ['infantry', 'cavalry', 'aa-art'])
      expect(g.refused('rs.bombard', { kind: 'air', shooter: 'bomber', target })).toBe('rs.err.illegalTarget');
  });
  it('8.2: a fortified target uses the score on the sheet, typed with the step', () => {
    const g = new Game({ 'rs.score': 'at-most' });
    const o = g.run(
      'rs.bombard',
      { kind: 'artillery', shooter: 'sp-art', target: 'infantry', fortified: true, score: 2 },
      [[3]],
    );
    expect(o.result).toEqual({ hit: false, roll: 3, score: 2 });
  });
});

describe('the turn as data (4, 6, 9): three air subturns, scheduled prompts', () => {
  it('PHASES: placement, 3 × 4 air steps, removal, Russian then German ground phases, victory', () => {
    expect(PHASES.filter((p) => p.subturn).length).toBe(12);
    expect(PHASES.filter((p) => p.setup).map((p) => p.step)).toEqual([
      'setup-deploy',
      'setup-fortify',
      'setup-preturn',
    ]);
    expect(PHASES[3]!.step).toBe('air-placement');
    expect(PHASES.at(-1)!.step).toBe('end');
  });
  it('T13: turn 2 Russian movement prompts the 5th Tank Army; T14: turn 5 German movement the 4th Panzerarmee', () => {
    const at = (turn: number, step: string) =>
      prompts(
        turn,
        PHASES.findIndex((p) => p.step === step),
        DEFAULT_READINGS,
      ).map((l) => l.key);
    expect(at(2, 'ru-move')).toContain('rs.prompt.5ta');
    expect(at(1, 'ru-move')).not.toContain('rs.prompt.5ta');
    expect(at(5, 'ge-move')).toContain('rs.prompt.4pz');
    // T15: rivers unfrozen on turns 1-2, frozen from 3 (E2 "three" keeps turn 3 unfrozen).
    expect(at(2, 'ge-move')).toContain('rs.prompt.rivers');
    expect(at(3, 'ge-move')).toContain('rs.prompt.frozen');
    expect(
      prompts(
        3,
        PHASES.findIndex((p) => p.step === 'ru-move'),
        { 'rs.rivers': 'three' },
      ).map((l) => l.key),
    ).toContain('rs.prompt.rivers');
  });
  it('a phase step records the phase and its reminders', () => {
    const g = new Game();
    g.toTurn(2);
    const o = g.phase('ru-move');
    expect(o.headline.key).toBe('rs.phase.ru-move');
    expect(keys(o)).toContain('rs.prompt.5ta');
  });
});

describe('5 victory', () => {
  it('T16/T17/T18', () => {
    const g = new Game();
    const none = { russianAir: 0, axisAir: 0 };
    expect(g.run('rs.victory', { russian: 30, axis: 10, russianHoldsStalingrad: true, ...none }).result).toBe(
      'russian',
    );
    expect(g.run('rs.victory', { russian: 30, axis: 10, russianHoldsStalingrad: false, ...none }).result).toBeNull();
    expect(g.run('rs.victory', { russian: 10, axis: 30, ...none }).result).toBe('axis');
    g.toTurn(12);
    expect(g.run('rs.victory', { russian: 20, axis: 15, russianHexes: 3, axisHexes: 5, ...none }).result).toBe('axis');
  });
});

describe('readings that change a number (issue #31), each choice with typed-in dice', () => {
  const sheet = { 'rs-aviation-bombardment': { 'mech-infantry|at-aircraft': 4, 'engineers|bomber': 3 } };
  it('A5, seed 003 line 37 "salvo a las antiaéreas y a las de infantería mecanizada": mech infantry a target (default) or an exception', () => {
    const shot = { kind: 'air', shooter: 'at-aircraft', target: 'mech-infantry', aircraft: 'Ju87', hex: '0912' };
    const o = new Game({}, sheet, 'ge-air-attack').run('rs.bombard', shot, [[4]]);
    expect(o.result).toEqual({ hit: true, roll: 4, score: 4 });
    expect(keys(o)).toContain('rs.loss.eliminated.defender');
    expect(
      new Game({ 'rs.atAircraftMech': 'mech-excluded' }, sheet, 'ge-air-attack').refused('rs.bombard', shot, [[4]]),
    ).toBe('rs.err.illegalTarget');
    // Artillery stays their target either way (line 37 "a las fichas de artillería de todas las clases").
    expect(
      new Game({ 'rs.atAircraftMech': 'mech-excluded' }, {}, 'ge-air-attack').refused(
        'rs.bombard',
        { ...shot, target: 'cavalry' },
        [[4]],
      ),
    ).toBe('rs.err.illegalTarget');
    expect(
      new Game({ 'rs.atAircraftMech': 'mech-excluded' }, {}, 'ge-air-attack').refused(
        'rs.bombard',
        { ...shot, target: 'sp-art' },
        [[4]],
      ),
    ).toBe('rs.err.scoreMissing');
  });
  it('A7, line 77 "varía su resistencia frente a los bombardeos": a fortified unit bombed from the air, score typed from the aviation sheet (default)', () => {
    const g = new Game({}, sheet, 'ru-air-attack');
    const shot = {
      kind: 'air',
      shooter: 'bomber',
      target: 'engineers',
      fortified: true,
      aircraft: 'Pe-2',
      hex: '1010',
    };
    expect(g.refused('rs.bombard', shot, [[3]])).toBe('rs.err.number');
    // Only the units that occupy a fortification can be in one (2.4 line 77).
    expect(g.refused('rs.bombard', { ...shot, target: 'sp-art', score: 5 }, [[3]])).toBe('rs.err.fortType');
    const o = g.run('rs.bombard', { ...shot, score: 5 }, [[3]]);
    expect(o.result).toEqual({ hit: false, roll: 3, score: 5 });
    expect(keys(o)).toContain('rs.bomb.fortScoreAir');
  });
  it('A7, line 125 (8.3 names no fortified values): "air-fort-unchanged" uses the sheet\'s score for the unit unfortified', () => {
    const g = new Game({ 'rs.airFort': 'air-fort-unchanged' }, sheet, 'ru-air-attack');
    const shot = {
      kind: 'air',
      shooter: 'bomber',
      target: 'engineers',
      fortified: true,
      aircraft: 'Pe-2',
      hex: '1010',
    };
    const o = g.run('rs.bombard', shot, [[3]]);
    expect(o.result).toEqual({ hit: true, roll: 3, score: 3 });
    expect(keys(o)).toContain('rs.bomb.airFortUnchanged');
    // Artillery always reads the fortified value off its sheet (8.2 line 119), whatever A7 says.
    expect(
      g.refused('rs.bombard', { kind: 'artillery', shooter: 'field-art', target: 'infantry', fortified: true }, [[3]]),
    ).toBe('rs.err.number');
  });
  it('A9, line 91 "el triple de fichas que su contrario": three times or more (default), or exactly', () => {
    const v = { russian: 10, axis: 31, russianAir: 0, axisAir: 0 };
    expect(new Game().run('rs.victory', v).result).toBe('axis');
    const exact = new Game({ 'rs.triple': 'triple-exactly' });
    const o = exact.run('rs.victory', v);
    expect(o.result).toBeNull();
    expect(keys(o)).toContain('rs.vic.notExactly');
    expect(exact.run('rs.victory', { ...v, axis: 30 }).result).toBe('axis');
  });
  it('A9, lines 25 and 91: aircraft are counters ("fichas de tierra o de aviación") — counted (default) or not', () => {
    // 9 Axis ground + 1 aircraft = 10; Russian 28 ground + 2 aircraft = 30, holding Stalingrad.
    const v = { russian: 28, axis: 9, russianAir: 2, axisAir: 1, russianHoldsStalingrad: true };
    const o = new Game().run('rs.victory', v);
    expect(o.result).toBe('russian');
    expect(o.lines[0]).toMatchObject({ key: 'rs.vic.countsAir', params: { ru: 30, ax: 10 } });
    // Counted: a blank aircraft count is asked for, never read as 0.
    expect(new Game().refused('rs.victory', { russian: 28, axis: 9, russianHoldsStalingrad: true })).toBe(
      'rs.err.number',
    );
    // Ground only: 28 ≥ 3 × 9 = 27, still the triple; 26 is not (but 26 + 4 aircraft = 30 ≥ 3 × 10 is, counted).
    const g = new Game({ 'rs.countAircraft': 'ground-only' });
    expect(g.run('rs.victory', { ...v, russianAir: undefined, axisAir: undefined }).result).toBe('russian');
    expect(g.run('rs.victory', { ...v, russian: 26 }).result).toBeNull();
    expect(new Game().run('rs.victory', { ...v, russian: 26, russianAir: 4 }).result).toBe('russian');
  });
  it('line 91, one reading only: a tie in Stalingrad hexes after turn 12 names no winner', () => {
    const g = new Game();
    g.toTurn(12);
    const o = g.run('rs.victory', { russian: 20, axis: 15, russianAir: 0, axisAir: 0, russianHexes: 4, axisHexes: 4 });
    expect(o.result).toBeNull();
    expect(keys(o)).toContain('rs.vic.hexesTie');
  });
});

describe('what a player did by hand (issue #31)', () => {
  it('9, line 127 "secuencia de colocación": a new game starts at the set-up — deployment, German fortifications, the German pre-turn — then turn 1\'s aircraft', () => {
    const g = new Game({}, undefined, 'setup');
    expect(phaseIndex(g.state.game, 1)).toBe(0);
    expect(
      phasesOf(1)
        .map((k) => PHASES[k]!.step)
        .slice(0, 4),
    ).toEqual(['setup-deploy', 'setup-fortify', 'setup-preturn', 'air-placement']);
    expect(keys(g.phase('setup-deploy'))).toEqual(
      expect.arrayContaining(['rs.prompt.deploy', 'rs.prompt.deploy5ta', 'rs.prompt.tanksTracker']),
    );
    // 2.4 line 77 "Una vez elegido el emplazamiento de una ficha de fortificación éste ya será fijo".
    expect(keys(g.phase('setup-fortify'))).toEqual(
      expect.arrayContaining(['rs.prompt.fortify', 'rs.prompt.fortFixed']),
    );
    // 6 line 103 "no puede bajo ningún concepto entablar combates contra las fichas rusas".
    expect(keys(g.phase('setup-preturn'))).toContain('rs.prompt.preturn');
    expect(stepOffer(g.state.game, 1)).toMatchObject({ tools: [], none: { key: 'rs.offer.setup' } });
    expect(g.refused('rs.combat', combat('axis', [u('infantry-3')], [u('infantry-2')]), [[4], [3]])).toBe(
      'rs.err.setup',
    );
    expect(
      g.refused(
        'rs.bombard',
        { kind: 'artillery', shooter: 'field-art', target: 'infantry', fortified: true, score: 3 },
        [[3]],
      ),
    ).toBe('rs.err.setup');
    // 6 line 103 "Esta empieza con los subturnos de la aviación".
    expect(g.run('rs.phase', { index: phaseIndex(g.state.game, 1) + 1 }).headline.key).toBe('rs.phase.air-placement');
    // After turn 1 the set-up is not offered again; turn 2 starts at its aircraft.
    g.toTurn(2);
    expect(phaseIndex(g.state.game, 2)).toBe(FIRST_PLAY_PHASE);
    expect(phasesOf(2)).not.toContain(0);
    expect(g.refused('rs.phase', { index: 0 })).toBe('rs.err.setupOver');
  });
  it('2.3 line 23 (the tank known by its letter): a tank not in the tracker is asked for, never taken as full', () => {
    const g = new Game();
    const attack = combat('russian', [u('tank', { id: 'A' })], [u('infantry-2')]);
    expect(g.refused('rs.combat', attack, [[4], [3]])).toBe('rs.err.tankUnknown');
    expect(g.refused('rs.combat', combat('russian', [u('tank')], [u('infantry-2')]), [[4], [3]])).toBe(
      'rs.err.tankLetter',
    );
    // Typed in as affected, it fights at 4 (2.4 line 33 "cuyos factores son 4-8").
    g.run('rs.tank', { id: 'A', side: 'russian', state: 'affected' });
    expect(g.run('rs.combat', attack, [[4], [3]]).result).toMatchObject({ attack: 4, va: 16, vd: 6 });
    // A bombarded tank too (8.1 line 111: "cuando resulta bombardeada... resulta «afectada»").
    const b = new Game({}, { 'rs-artillery-bombardment': { 'tank|field-art': 4 } });
    const shot = { kind: 'artillery', shooter: 'field-art', target: 'tank', tank: 'K' };
    expect(b.refused('rs.bombard', shot, [[4]])).toBe('rs.err.tankUnknown');
    b.run('rs.tank', { id: 'K', side: 'axis' });
    // The target's side is the enemy of the Russian step's: the Axis tank K.
    expect(keys(b.run('rs.bombard', shot, [[4]]))).toContain('rs.loss.tank.affected');
    expect(tanksOf(b.state.game)['axis:K']!.state).toBe('affected');
  });
  it('7, line 107 "hasta un máximo de tres, sobre un hexágono ocupado por una ficha de tierra enemiga": a fourth aircraft on one target is refused', () => {
    const g = new Game({}, { 'rs-aviation-bombardment': { 'sp-art|fighter-bomber': 5 } }, 'ru-air-attack');
    const shot = (aircraft: string, hex = 'Kalatch') => ({
      kind: 'air',
      shooter: 'fighter-bomber',
      target: 'sp-art',
      aircraft,
      hex,
    });
    const first = g.run('rs.bombard', shot('Il-2 a'), [[3]]);
    expect(first.lines).toContainEqual(
      expect.objectContaining({ key: 'rs.bomb.stack', params: expect.objectContaining({ n: 1 }) }),
    );
    g.run('rs.bombard', shot('Il-2 b'), [[3]]);
    const third = g.run('rs.bombard', shot('Il-2 c'), [[3]]);
    expect(third.lines).toContainEqual(
      expect.objectContaining({ key: 'rs.bomb.stack', params: expect.objectContaining({ n: 3 }) }),
    );
    expect(g.refused('rs.bombard', shot('Il-2 d'), [[3]])).toBe('rs.err.threeAircraft');
    // An aircraft moves once per subturn (7, line 107 "queda inmovilizada... hasta el subturno siguiente"): one bombing.
    expect(g.refused('rs.bombard', shot('Il-2 a', 'Kotelnikovo'), [[3]])).toBe('rs.err.aircraftOnce');
    // Named, and in an air subturn (9, line 127).
    expect(g.refused('rs.bombard', { ...shot(''), aircraft: '' }, [[3]])).toBe('rs.err.bombNames');
    // The next subturn starts afresh.
    g.phase('ru-air-attack', 2);
    expect(g.run('rs.bombard', shot('Il-2 d'), [[3]]).result).toMatchObject({ hit: false });
    g.phase('ru-combat');
    expect(g.refused('rs.bombard', shot('Il-2 e'), [[3]])).toBe('rs.err.notAirBombing');
  });
});

describe('messages', () => {
  it('every key the rules use exists in English and Spanish, prefixed rs. or proc.rs.', () => {
    expect(Object.keys(messages.en).sort()).toEqual(Object.keys(messages.es).sort());
    for (const k of Object.keys(messages.en)) expect(k).toMatch(/^(rs\.|proc\.rs\.)/);
    for (const p of PHASES) expect(messages.en).toHaveProperty([`rs.phase.${p.step}`]);
  });
});
