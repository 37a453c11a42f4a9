// EastFront procedures against the worked examples of the Spanish text (digest 004 §6), driven
// through the real session log with typed-in dice so every roll is known. Seed line numbers refer
// to ../shared/seeds/004_e4aee9ca769bb184.txt.
import { describe, expect, it } from 'vitest';
import { apply, deriveState, hitsDistribution, verifySession, type ProcedureOutcome } from '../../../src/engine';
import {
  DEFAULT_READINGS,
  ONCE,
  PHASES,
  RULES,
  battleNext,
  battleOf,
  calendarWeather,
  fireOf,
  firstFortnight,
  knownWeather,
  monthOf,
  monthPhases,
  passiveMult,
  playerTurnSide,
  poolDistribution,
  procedures,
  repulseThreshold,
  scenarioFirstPlayer,
  sequenceNotes,
  shooters,
  stepPreview,
  surrenderChance,
  weatherAt,
  weatherChances,
  type Battle,
  type Block,
} from '../../../src/games/eastfront/rules';
import { GameHarness, scenariosOf, tablesOf } from './harness';

const tables = tablesOf(import.meta.glob<unknown>('/tables/eastfront/ef-*.json', { eager: true, import: 'default' }));
const scenarios = scenariosOf(
  import.meta.glob<unknown>('/scenarios/eastfront/*.json', { eager: true, import: 'default' }),
);

class Game extends GameHarness {
  constructor(scenario = 'ef-edelweiss', readings: Record<string, string> = {}) {
    super(
      {
        tables,
        procedures,
        once: ONCE,
        // The rules as the app runs them now (rules version 1: W44's surrender refused, line 1568's calendar read).
        rules: RULES,
        readings: { ...DEFAULT_READINGS, ...readings },
        ...(scenarios.get(scenario) ? { scenario: scenarios.get(scenario)! } : {}),
      },
      { game: 'eastfront', scenario, seed: 'ef' },
    );
  }
  fail(id: string, input: object, manual?: number[][]): string {
    return this.refused(id, input, manual);
  }
  get battle() {
    return battleOf(this.state.game)!;
  }
  cv(id: string) {
    const b = this.battle.blocks.find((x) => x.id === id)!;
    return b.eliminated ? 'elim' : b.cv;
  }
}

/**
 * The blocks of a worked example, each side's as the example lists them ("id type CV"):
 * forces('soviet: A infantry 3; axis: X armor 4, Y infantry 4').
 */
function forces(sides: string) {
  return sides.split('; ').flatMap((list) => {
    const [side, entries] = list.split(': ') as ['axis' | 'soviet', string];
    return entries.split(', ').map((entry) => {
      const [id, type, cv] = entry.split(' ');
      return blk(id!, side, type!, Number(cv));
    });
  });
}

/** A game of `scenario` (read with `readings`) in which the battle `setup` has been entered (ef.battle). */
function inBattle(scenario: string, setup: object, readings: Record<string, string> = {}): Game {
  const g = new Game(scenario, readings);
  g.run('ef.battle', setup);
  return g;
}

const keys = (o: ProcedureOutcome) => o.lines.map((l) => l.key);
const blk = (id: string, side: 'axis' | 'soviet', type: string, cv: number, extra: object = {}) => ({
  id,
  side,
  type,
  cv,
  ...extra,
});

describe('combat example (7.3 sb:EJEMPLO DE COMBATE, seed lines 1083-1101)', () => {
  it('TV1: air TF 2 dice, defensive fire 2 hits, offensive fire 2 hits; ties go to the owner', () => {
    const blocks = forces('soviet: sA armor 3, sI3 infantry 3, sI2 infantry 2; axis: gA armor 4, gM mech 4');
    const g = inBattle('ef-s41', { terrain: 'clear', weather: 'dry', od: 'soviet', blocks });
    g.run('ef.round', { active: 'axis', supported: true, air: 2 });
    // Air: S41 Axis air is TF (13.14); [3,5] → 1 hit; the Soviet owner picks among the CV3 units.
    const air = g.run('ef.fire', {}, [[3, 5]]);
    expect(air.result).toMatchObject({ hits: 1, prompt: { owner: 'soviet', candidates: ['sA', 'sI3'] } });
    expect(g.fail('ef.fire', {}, [[1, 1, 1]])).toBe('ef.err.choose');
    g.run('ef.choose', { block: 'sI3' });
    expect(g.cv('sI3')).toBe(2);
    // Defensive fire: Armor DF [2,3,6], Inf SF [2,4], Inf SF [3,6] → 2 hits; Mech and Armor 4 tie.
    const def = g.run('ef.fire', {}, [
      [2, 3, 6],
      [2, 4],
      [3, 6],
    ]);
    expect(def.result).toMatchObject({ hits: 2, prompt: { owner: 'axis', candidates: ['gA', 'gM'] } });
    g.run('ef.choose', { block: 'gM' });
    expect([g.cv('gA'), g.cv('gM')]).toEqual([3, 3]);
    // Offensive fire: Armor 3 DF [3,5,5] → 2; Mech 3 attacks SF [3,4,5] → 0.
    const off = g.run('ef.fire', {}, [
      [3, 5, 5],
      [3, 4, 5],
    ]);
    expect(off.result).toMatchObject({ hits: 2, prompt: { owner: 'soviet', candidates: ['sA', 'sI3', 'sI2'] } });
    expect(g.cv('sA')).toBe(2); // the first hit must go to the strongest
    const end = g.run('ef.choose', { block: 'sI2' });
    expect([g.cv('sA'), g.cv('sI3'), g.cv('sI2')]).toEqual([2, 2, 1]);
    expect(keys(end)).toContain('ef.end.round');
    expect(g.battle.round!.step).toBe('done');
  });
});

describe('river assaults and repulses (7.5–7.54, 14.4, 15.43, 15.5)', () => {
  it('TV2 (sb:CRUCE DE RÍOS, seed 1163): 1 hit + 1 repulse; the weaker Armor 3 goes back, Inf 4 takes the hit', () => {
    const blocks = forces('soviet: D infantry 4; axis: A3 armor 3, I4 infantry 4');
    const g = inBattle('ef-s42', { terrain: 'clear', weather: 'dry', od: 'soviet', assault: { river: true }, blocks });
    const r = g.run('ef.round', { active: 'axis', supported: true, air: 1 });
    expect(r.result).toMatchObject({ threshold: 2 });
    g.run('ef.fire', {}, [[6]]);
    expect(g.cv('D')).toBe(3);
    const def = g.run('ef.fire', {}, [[1, 4, 6]]);
    expect(def.result).toMatchObject({ hits: 1, repulses: 1 });
    expect(g.battle.blocks.find((b) => b.id === 'A3')!.repulsed).toBe(true);
    expect([g.cv('A3'), g.cv('I4')]).toEqual([3, 3]);
    // Only the non-repulsed Inf fires offensively.
    const off = g.run('ef.fire', {}, [[1, 2, 3]]);
    expect((off.result as { shots: { unit: string }[] }).shots.map((s) => s.unit)).toEqual(['I4']);
  });

  it('TV3 (sb:ASALTOS COMBINADOS, seed 1150): paratroops make the threshold 1 for all; repulse tie asked of the attacker; para loses 1 more (14.4)', () => {
    const blocks = forces('axis: D infantry 4; soviet: P paratroop 3, I3 infantry 3, I4 infantry 4');
    const g = inBattle('ef-w42', {
      terrain: 'clear',
      weather: 'dry',
      od: 'axis',
      assault: { river: true, air: true },
      blocks,
    });
    expect(g.run('ef.round', { active: 'soviet', supported: true }).result).toMatchObject({ threshold: 1 });
    const def = g.run('ef.fire', {}, [[6, 1, 5, 2]]);
    expect(def.result).toMatchObject({ hits: 1, repulses: 1, prompt: { owner: 'soviet', candidates: ['P', 'I3'] } });
    const c = g.run('ef.choose', { block: 'P' });
    expect(g.cv('I4')).toBe(3);
    expect(g.cv('P')).toBe(2);
    expect(keys(c)).toContain('ef.para.step');
  });

  it('TV3: without the paratroops the same dice give 2 repulses (T = 2)', () => {
    const blocks = forces('axis: D infantry 4; soviet: I3 infantry 3, I4 infantry 4');
    const g = inBattle('ef-w42', { od: 'axis', assault: { river: true }, blocks });
    g.run('ef.round', { active: 'soviet' });
    expect(g.run('ef.fire', {}, [[6, 1, 5, 2]]).result).toMatchObject({ hits: 1, repulses: 2 });
    // Both repulsed: the hit goes to a repulsed attacker (no other is left), strongest first.
    expect([g.cv('I3'), g.cv('I4')]).toEqual([3, 3]);
  });

  it('TV4 (sb:ASALTOS ANFIBIOS): naval assault T = 3; 1 repulse + 1 hit on the lone invader', () => {
    const blocks = forces('axis: G infantry 3; soviet: S infantry 3');
    const g = inBattle('ef-s43', { od: 'axis', assault: { naval: true }, blocks });
    g.run('ef.round', { active: 'soviet', air: 1 });
    g.run('ef.fire', {}, [[5]]); // S43 Soviet air DF
    expect(g.cv('G')).toBe(2);
    expect(g.run('ef.fire', {}, [[2, 6]]).result).toMatchObject({ hits: 1, repulses: 1 });
    expect(g.cv('S')).toBe(2);
    expect(g.battle.blocks.find((b) => b.id === 'S')!.repulsed).toBe(true);
    // The lone invader is repulsed: no offensive fire (line 2674), the battle is over (line 969).
    expect(g.fail('ef.fire', {})).toBe('ef.err.noRound');
    expect(battleNext(g.battle)).toMatchObject({ kind: 'over', end: { holder: 'axis', repulsed: ['S'] } });
  });

  const thr = (over: Partial<Battle>, active: 'axis' | 'soviet' = 'axis') =>
    repulseThreshold(
      { terrain: 'clear', weather: 'dry', scenario: 's42', od: 'soviet', blocks: [], rounds: 0, ...over },
      active,
    ).t;
  it('thresholds: river Dry 2 (7.51), Mud 3 (7.53), Snow none (7.52), June 1941 Axis none (Scn S41 3)', () => {
    expect(thr({ assault: { river: true } })).toBe(2);
    expect(thr({ assault: { river: true }, weather: 'mud' })).toBe(3);
    expect(thr({ assault: { river: true }, weather: 'snow' })).toBe(0);
    expect(thr({ assault: { river: true }, june1941: true })).toBe(0);
    expect(thr({ assault: { river: true }, june1941: true }, 'soviet')).toBe(2);
  });
  it('thresholds: air assault 1 (14.4), naval 3 (15.43), Coast army 2 (15.5), combined the lowest (7.54, 14.41)', () => {
    expect(thr({ assault: { air: true } })).toBe(1);
    expect(thr({ assault: { naval: true } })).toBe(3);
    expect(thr({ assault: { naval: true, coast: true } })).toBe(2);
    expect(thr({ assault: { naval: true, river: true } })).toBe(2);
    expect(thr({ assault: { naval: true, air: true } })).toBe(1);
  });
  it('repulses only in the first round; later rounds are a bridgehead (7.51)', () => {
    const blocks = forces('soviet: D infantry 4; axis: A armor 4');
    const g = inBattle('ef-s42', { od: 'soviet', assault: { river: true }, blocks });
    g.run('ef.round', { active: 'axis' });
    g.run('ef.fire', {}, [[3, 3, 3, 3]]);
    g.run('ef.fire', {}, [[3, 3, 3, 3]]);
    const r2 = g.run('ef.round', { active: 'axis' });
    expect(r2.result).toMatchObject({ threshold: 0 });
    expect(keys(r2)).toContain('ef.round.bridgehead');
    expect(g.run('ef.fire', {}, [[1, 1, 2, 2]]).result).toMatchObject({ repulses: 0 });
  });
});

describe('Edelweiss worked turns (Scn Edelweiss, seed lines 2568 ff.)', () => {
  it('TV5 Rostov: major city, half hits accumulate from the air attack through ground fire; A ends at 1, ½ discarded', () => {
    const blocks = forces('soviet: A infantry 3; axis: X armor 4, W armor 4, Y infantry 4, Z infantry 4');
    const g = inBattle('ef-edelweiss', { terrain: 'major-city', weather: 'dry', od: 'soviet', blocks });
    expect(g.run('ef.round', { active: 'axis', air: 2 }).result).toMatchObject({ mult: 2 });
    const air = g.run('ef.fire', {}, [[4, 5]]);
    expect(keys(air)).toContain('ef.hit.partial');
    expect(g.battle.round!.partial).toEqual({ A: 1 });
    // A Inf 3 defends at DF in a major city (7.32): [1,5,6] → 2 hits; four CV4 attackers tie.
    const def = g.run('ef.fire', {}, [[1, 5, 6]]);
    expect(def.result).toMatchObject({ hits: 2, prompt: { candidates: ['X', 'W', 'Y', 'Z'] } });
    expect(keys(def)).toContain('ef.why.city');
    g.run('ef.choose', { block: 'Z' });
    g.run('ef.choose', { block: 'Y' });
    expect([g.cv('Y'), g.cv('Z')]).toEqual([3, 3]);
    const off = g.run('ef.fire', {}, [
      [3, 2, 5, 3],
      [1, 4, 3, 6],
      [1, 4, 6],
      [2, 5, 6],
    ]);
    expect(off.result).toMatchObject({ hits: 4 });
    expect(g.cv('A')).toBe(1);
    expect(keys(off)).toContain('ef.end.discard');
    expect(g.battle.round!.partial).toEqual({});
  });

  it('TV5 Rostov E1: river assault, no 1-2 so no repulse; V takes the hit; V DF [3,5,5] eliminates B', () => {
    const blocks = forces('soviet: B infantry 2; axis: V armor 4, T mountain 3');
    const g = inBattle('ef-edelweiss', { od: 'soviet', assault: { river: true }, blocks });
    g.run('ef.round', { active: 'axis' });
    // The text has B roll 3 dice [3,5,6] from CV2 (digest §7.5); by 7.31 it rolls 2: [5,6].
    expect(g.run('ef.fire', {}, [[5, 6]]).result).toMatchObject({ hits: 1, repulses: 0 });
    expect(g.cv('V')).toBe(3);
    const off = g.run('ef.fire', {}, [
      [3, 5, 5],
      [1, 2, 3],
    ]);
    expect(g.cv('B')).toBe('elim');
    expect(off.result).toMatchObject({ hits: 2 });
  });

  it('TV5 Rostov E2: C Mech 3 defends DF [2,4,5] → 1 hit and 1 repulse on the lone attacker S', () => {
    const blocks = forces('soviet: C mech 3; axis: S infantry 3');
    const g = inBattle('ef-edelweiss', { od: 'soviet', assault: { river: true }, blocks });
    g.run('ef.round', { active: 'axis' });
    expect(g.run('ef.fire', {}, [[2, 4, 5]]).result).toMatchObject({ hits: 1, repulses: 1 });
    expect(g.cv('S')).toBe(2);
    expect(g.battle.blocks.find((b) => b.id === 'S')!.repulsed).toBe(true);
  });

  it('TV5 Kotelnikovo: E [2,4] → repulse the weakest R; Q [1,2,3,6] → E to 1', () => {
    const blocks = forces('soviet: E infantry 2; axis: Q armor 4, R infantry 3');
    const g = inBattle('ef-edelweiss', { od: 'soviet', assault: { river: true }, blocks });
    g.run('ef.round', { active: 'axis' });
    expect(g.run('ef.fire', {}, [[2, 4]]).result).toMatchObject({ hits: 0, repulses: 1 });
    expect(g.battle.blocks.find((b) => b.id === 'R')!.repulsed).toBe(true);
    g.run('ef.fire', {}, [[1, 2, 3, 6]]);
    expect(g.cv('E')).toBe(1);
  });

  it('TV8 Maikop, unsupported (7.4, 13.15 NOTA): air FD [4,5,6] → 2 hits at mult 2 → D 4 → 3', () => {
    const blocks = forces('soviet: D infantry 4; axis: V armor 4');
    const g = inBattle('ef-edelweiss', { od: 'soviet', assault: { river: true }, blocks });
    expect(g.run('ef.round', { active: 'axis', supported: false, air: 3 }).result).toMatchObject({ mult: 2 });
    g.run('ef.fire', {}, [[4, 5, 6]]);
    expect(g.cv('D')).toBe(3);
    expect(g.run('ef.fire', {}, [[3, 5, 6]]).result).toMatchObject({ hits: 1, repulses: 0 });
    expect(g.cv('V')).toBe(3);
    expect(g.run('ef.fire', {}, [[3, 2, 4]]).result).toMatchObject({ hits: 0 });
  });

  it('TV8 Kotelnikovo, unsupported: C Mech 3 [1,5,6] DF → 2 hits → Q 4 → 2 (active units take full losses, 7.33)', () => {
    const blocks = forces('soviet: C mech 3, E infantry 1; axis: Q armor 4');
    const g = inBattle('ef-edelweiss', { od: 'soviet', blocks });
    g.run('ef.round', { active: 'axis', supported: false });
    g.run('ef.fire', {}, [[1, 5, 6], [3]]);
    expect(g.cv('Q')).toBe(2);
    g.run('ef.fire', {}, [[2, 3]]);
    expect([g.cv('C'), g.cv('E')]).toEqual([3, 1]);
  });

  it('TV9 Maikop supported: 3 hits on D at CV2 — eliminated, 1 hit wasted; Armavir round 2 (Blitz) is no longer an assault', () => {
    const blocks = forces('soviet: D infantry 3; axis: V armor 3, W armor 4');
    const g = inBattle('ef-edelweiss', { od: 'soviet', blocks });
    g.run('ef.round', { active: 'axis', air: 2 });
    g.run('ef.fire', {}, [[3, 6]]);
    expect(g.cv('D')).toBe(2);
    g.run('ef.fire', {}, [[2, 5]]);
    const off = g.run('ef.fire', {}, [
      [3, 1, 6],
      [2, 3, 5, 5],
    ]);
    expect(g.cv('D')).toBe('elim');
    expect(keys(off)).toContain('ef.hit.wasted');

    const armavir = forces('soviet: J infantry 3; axis: X armor 4, S infantry 3');
    const a = inBattle('ef-edelweiss', { od: 'soviet', assault: { river: true }, blocks: armavir });
    a.run('ef.round', { active: 'axis' });
    expect(a.run('ef.fire', {}, [[3, 5, 6]]).result).toMatchObject({ hits: 1, repulses: 0 });
    expect(a.cv('X')).toBe(3);
    a.run('ef.fire', {}, [
      [2, 4, 6],
      [1, 4, 5],
    ]);
    expect(a.cv('J')).toBe(2);
    a.run('ef.round', { active: 'axis', air: 1 });
    a.run('ef.fire', {}, [[6]]);
    expect(a.cv('J')).toBe(1);
    expect(a.run('ef.fire', {}, [[6]]).result).toMatchObject({ prompt: { owner: 'axis', candidates: ['X', 'S'] } });
    a.run('ef.choose', { block: 'X' });
    expect(a.cv('X')).toBe(2);
    a.run('ef.fire', {}, [
      [4, 4],
      [1, 1, 1],
    ]);
    expect(a.cv('J')).toBe(1);
  });

  it('TV10 Kotelnikovo, Soviets active: Soviet air FS [1,6] → Q to 1; Q [6] → tie G/H asked; H DF [2,4,4,6] eliminates Q', () => {
    const blocks = forces('axis: Q armor 2; soviet: H armor 4, G shock 4');
    const g = inBattle('ef-edelweiss', { od: 'soviet', blocks });
    g.run('ef.round', { active: 'soviet', air: 2 });
    expect(g.run('ef.fire', {}, [[1, 6]]).result).toMatchObject({ hits: 1 });
    expect(g.cv('Q')).toBe(1);
    expect(g.run('ef.fire', {}, [[6]]).result).toMatchObject({ prompt: { owner: 'soviet', candidates: ['H', 'G'] } });
    g.run('ef.choose', { block: 'G' });
    expect(g.cv('G')).toBe(3);
    g.run('ef.fire', {}, [
      [2, 4, 4, 6],
      [1, 1, 1],
    ]);
    expect(g.cv('Q')).toBe('elim');
  });
});

describe('firepower and defence overrides (7.32–7.35, 7.4, 7.23, 12.24, 2.62–2.65, Scn W41)', () => {
  const base = (over: Partial<Battle> = {}): Battle => ({
    terrain: 'clear',
    weather: 'dry',
    scenario: 's43',
    od: 'soviet',
    blocks: [],
    rounds: 0,
    ...over,
  });
  const b = (type: string, side: 'axis' | 'soviet' = 'axis', extra: object = {}) =>
    ({ id: 'u', side, type, cv: 3, ...extra }) as Block;
  const off = (bt: Battle, u: Block) => fireOf(bt, u, 'offence', DEFAULT_READINGS).fire;
  const def = (bt: Battle, u: Block, largest?: string) => fireOf(bt, u, 'defence', DEFAULT_READINGS, largest).fire;

  it('unit types (2.21–2.26, 2.65, 14.5): armor DF/DF, mech SF/DF, SS armor TF/TF, SS mech DF/TF, para SF/DF, HQ none', () => {
    const bt = base();
    expect([off(bt, b('armor')), def(bt, b('armor'))]).toEqual(['DF', 'DF']);
    expect([off(bt, b('mech')), def(bt, b('mech'))]).toEqual(['SF', 'DF']);
    expect([off(bt, b('armor', 'axis', { ss: true })), def(bt, b('armor', 'axis', { ss: true }))]).toEqual([
      'TF',
      'TF',
    ]);
    expect([off(bt, b('mech', 'axis', { ss: true })), def(bt, b('mech', 'axis', { ss: true }))]).toEqual(['DF', 'TF']);
    expect([off(bt, b('paratroop', 'soviet')), def(bt, b('paratroop', 'soviet'))]).toEqual(['SF', 'DF']);
    expect([off(bt, b('shock', 'soviet')), def(bt, b('infantry'))]).toEqual(['DF', 'SF']);
    expect(off(bt, b('hq'))).toBeNull();
  });
  it('swamp: every unit SF on offence (1.34, 7.32); Mud: SF on offence except Siege Guns (12.24)', () => {
    expect(off(base({ terrain: 'swamp' }), b('armor'))).toBe('SF');
    expect(def(base({ terrain: 'swamp' }), b('armor'))).toBe('DF');
    expect(off(base({ weather: 'mud' }), b('armor'))).toBe('SF');
    expect(def(base({ weather: 'mud' }), b('armor'))).toBe('DF');
    expect(off(base({ weather: 'mud', terrain: 'fortress' }), b('infantry', 'axis', { siege: true }))).toBe('TF');
    expect(off(base({ terrain: 'clear' }), b('infantry', 'axis', { siege: true }))).toBe('SF');
  });
  it('a swamp in Snow is forest (1.34 line 117: "los pantanos se congelan, convirtiéndose en Bosques"; 12.24 line 1538; chart line 3461): no SF on offence', () => {
    const snowSwamp = base({ terrain: 'swamp', weather: 'snow' });
    expect(off(snowSwamp, b('armor'))).toBe('DF');
    expect(off(snowSwamp, b('shock', 'soviet'))).toBe('DF');
    expect(fireOf(snowSwamp, b('armor'), 'offence', DEFAULT_READINGS).why.map((w) => w.key)).not.toContain(
      'ef.why.swamp',
    );
    // Forest's Double Defence still applies (7.34).
    expect(passiveMult(snowSwamp, 'axis', true).mult).toBe(2);
  });
  it('major city: at least DF on defence (1.41, 7.32), TF stays TF', () => {
    expect(def(base({ terrain: 'major-city' }), b('infantry'))).toBe('DF');
    expect(def(base({ terrain: 'major-city' }), b('armor', 'axis', { ss: true }))).toBe('TF');
    expect(off(base({ terrain: 'major-city' }), b('infantry'))).toBe('SF');
  });
  it('mountain units DF in mountains, both ways (2.62, 7.32); in Mud offence SF by default (reading ef.mudMountain)', () => {
    expect([
      off(base({ terrain: 'mountain' }), b('mountain')),
      def(base({ terrain: 'mountain' }), b('mountain')),
    ]).toEqual(['DF', 'DF']);
    expect(off(base({ terrain: 'mountain', weather: 'mud' }), b('mountain'))).toBe('SF');
    expect(
      fireOf(base({ terrain: 'mountain', weather: 'mud' }), b('mountain'), 'offence', { 'ef.mudMountain': 'df' }).fire,
    ).toBe('DF');
  });
  it("fortress: only the OD's largest block fires TF on defence (1.46, 7.32)", () => {
    const bt = base({ terrain: 'fortress', od: 'soviet' });
    expect(def(bt, b('infantry', 'soviet'), 'u')).toBe('TF');
    expect(def(bt, b('infantry', 'soviet'), 'other')).toBe('SF');
    expect(def(bt, b('infantry', 'axis'), 'u')).toBe('SF');
  });
  it('W41: Axis offensive fire SF in Snow, defensive fire normal (Scn W41 rule 1)', () => {
    const bt = base({ scenario: 'w41', weather: 'snow' });
    expect([off(bt, b('armor')), def(bt, b('armor')), off(bt, b('armor', 'soviet'))]).toEqual(['SF', 'DF', 'DF']);
    expect(off(base({ scenario: 'w41', weather: 'dry' }), b('armor'))).toBe('DF');
  });
  it('defence multiplier: clear 1, forest/hill/swamp/mountain/city 2 (7.34), Mud 2 (12.24), fortress OD 3 (7.35)', () => {
    expect(passiveMult(base(), 'axis', true).mult).toBe(1);
    for (const terrain of ['forest', 'hill', 'swamp', 'mountain', 'major-city'] as const)
      expect(passiveMult(base({ terrain }), 'axis', true).mult).toBe(2);
    expect(passiveMult(base({ weather: 'mud' }), 'axis', true).mult).toBe(2);
    expect(passiveMult(base({ terrain: 'fortress' }), 'axis', true).mult).toBe(3);
  });
  it('unsupported: normal → double, double → triple, fortress → no hits (7.4, 7.35)', () => {
    expect(passiveMult(base(), 'axis', false).mult).toBe(2);
    expect(passiveMult(base({ terrain: 'forest' }), 'axis', false).mult).toBe(3);
    expect(passiveMult(base({ weather: 'mud' }), 'axis', false).mult).toBe(3);
    expect(passiveMult(base({ terrain: 'fortress' }), 'axis', false).noHits).toBe(true);
  });
  it('counterattack: the OA passive gets the terrain (city DF, double defence) but never the fortress (7.23 + EXCEPCION)', () => {
    const city = base({ terrain: 'major-city', od: 'soviet' });
    expect(passiveMult(city, 'soviet', true).mult).toBe(2);
    expect(def(city, b('infantry', 'axis'))).toBe('DF');
    expect(passiveMult(base({ terrain: 'fortress', od: 'soviet' }), 'soviet', true).mult).toBe(1);
  });
  it('unsupported fire at a fortress scores nothing; the largest OD block still fires TF (7.4)', () => {
    const blocks = forces('soviet: F4 infantry 4, F3 infantry 3; axis: A armor 4, B infantry 4');
    const g = inBattle('ef-s42', { terrain: 'fortress', od: 'soviet', blocks });
    expect(g.run('ef.round', { active: 'axis', supported: false }).result).toMatchObject({ noHits: true });
    const d = g.run('ef.fire', {}, [
      [4, 1, 1, 1],
      [1, 1, 1],
    ]);
    expect(d.result).toMatchObject({ hits: 1 });
    expect(keys(d)).toContain('ef.why.fortress');
    g.run('ef.choose', { block: 'A' });
    const o = g.run('ef.fire', {}, [
      [6, 6, 6],
      [6, 6, 6, 6],
    ]);
    expect(o.result).toMatchObject({ hits: 0 });
    expect(keys(o)).toContain('ef.fire.noHits');
    expect(g.cv('F4')).toBe(4);
  });
  it('triple defence: a fortress OD unit hit 3 times in a round loses 1 step; 2 leftover thirds are discarded (7.35)', () => {
    const blocks = forces('soviet: F infantry 3; axis: A armor 4');
    const g = inBattle('ef-s42', { terrain: 'fortress', od: 'soviet', blocks });
    g.run('ef.round', { active: 'axis' });
    g.run('ef.fire', {}, [[1, 1, 1]]);
    const o = g.run('ef.fire', {}, [[5, 5, 6, 6, 1].slice(0, 4)]);
    expect(o.result).toMatchObject({ hits: 4 });
    expect(g.cv('F')).toBe(2);
    expect(keys(o)).toContain('ef.end.discard');
  });
  it('Mud in clear terrain: armor attacks SF and the defender has double defence (7.34, 12.24)', () => {
    const blocks = forces('soviet: D infantry 3; axis: A armor 4');
    const g = inBattle('ef-s42', { weather: 'mud', od: 'soviet', blocks });
    g.run('ef.round', { active: 'axis' });
    g.run('ef.fire', {}, [[1, 1, 1]]);
    const o = g.run('ef.fire', {}, [[5, 5, 5, 6]]);
    expect(o.result).toMatchObject({ hits: 1 });
    expect(keys(o)).toContain('ef.why.mud');
    expect(g.cv('D')).toBe(3);
  });
});

describe('losses (7.33, 2.67, 5.1) and the HQ reading', () => {
  it('static units drop to 0 then are eliminated; an HQ goes I → Ø then is eliminated', () => {
    const g = inBattle('ef-s42', { od: 'axis', blocks: forces('axis: St static 1, H hq 1; soviet: S shock 4') });
    g.run('ef.round', { active: 'soviet' });
    g.run('ef.fire', {}, [[1]]); // the static unit fires SF; the HQ has no fire (2.26)
    g.run('ef.fire', {}, [[5, 5, 1, 1]]);
    g.run('ef.choose', { block: 'St' });
    expect([g.cv('St'), g.cv('H')]).toEqual([0, 0]);
    g.run('ef.round', { active: 'soviet' });
    expect(keys(g.run('ef.fire', {}, []))).toContain('ef.fire.none');
    g.run('ef.fire', {}, [[5, 5, 1, 1]]);
    g.run('ef.choose', { block: 'H' });
    expect([g.cv('St'), g.cv('H')]).toEqual(['elim', 'elim']);
  });
  it('reading ef.hqLosses = hq-last: the HQ III takes a loss only when no other unit is left', () => {
    const blocks = [blk('H', 'axis', 'hq', 3), blk('I', 'axis', 'infantry', 2), blk('S', 'soviet', 'shock', 4)];
    /** The CVs of the HQ III and the Infantry 2 after the same round of fire, under `readings`. */
    const afterFire = (readings: Record<string, string>) => {
      const g = inBattle('ef-s42', { od: 'axis', blocks }, readings);
      g.run('ef.round', { active: 'soviet' });
      g.run('ef.fire', {}, [[1, 1]]);
      g.run('ef.fire', {}, [[5, 1, 1, 1]]);
      return [g.cv('H'), g.cv('I')];
    };
    expect(afterFire({ 'ef.hqLosses': 'hq-last' })).toEqual([3, 1]);
    expect(afterFire({})).toEqual([2, 2]);
  });
  it('a static unit at 0 engaged alone is eliminated in combat (2.67)', () => {
    const g = inBattle('ef-s42', { od: 'axis', blocks: forces('axis: St static 0; soviet: S infantry 2') });
    expect(keys(g.run('ef.round', { active: 'soviet' }))).toContain('ef.static.alone');
    expect(g.cv('St')).toBe('elim');
  });
  it('refusals: no round without a battle; no second round while one is open; a choice only among the candidates', () => {
    const g = new Game('ef-s42');
    expect(g.fail('ef.round', { active: 'axis' })).toBe('ef.err.noBattle');
    g.run('ef.battle', {
      od: 'axis',
      blocks: forces('axis: A infantry 2, B infantry 2; soviet: S shock 1'),
    });
    g.run('ef.round', { active: 'soviet' });
    expect(g.fail('ef.round', { active: 'soviet' })).toBe('ef.err.roundOpen');
    g.run('ef.fire', {}, [
      [1, 1],
      [1, 1],
    ]);
    g.run('ef.fire', {}, [[6]]);
    expect(g.fail('ef.choose', { block: 'S' })).toBe('ef.err.notCandidate');
    expect(g.fail('ef.battle', { od: 'axis', blocks: forces('axis: A infantry 2; soviet: B infantry 2') })).toBe(
      'ef.err.roundOpen',
    );
  });
  it('W44: the Axis has no air power (13.14)', () => {
    const g = inBattle('ef-w44', { od: 'soviet', blocks: forces('axis: A infantry 2; soviet: S infantry 2') });
    expect(g.fail('ef.round', { active: 'axis', air: 2 })).toBe('ef.err.noAir');
  });
});

describe('previews: the exact distribution of hits before each fire step', () => {
  it("a one-firepower step equals the engine's hitsDistribution", () => {
    const g = inBattle('ef-s41', { od: 'soviet', blocks: forces('soviet: S infantry 3; axis: A armor 4, B armor 3') });
    g.run('ef.round', { active: 'axis', air: 2 });
    const air = stepPreview(g.battle, DEFAULT_READINGS, 'TF')!;
    expect(air.hits).toEqual(hitsDistribution({ n: 2, sides: 6 }, 4));
    g.run('ef.fire', {}, [[1, 1]]);
    expect(stepPreview(g.battle, DEFAULT_READINGS)!.hits).toEqual(hitsDistribution({ n: 3, sides: 6 }, 6));
    g.run('ef.fire', {}, [[1, 1, 1]]);
    expect(stepPreview(g.battle, DEFAULT_READINGS)!.hits).toEqual(hitsDistribution({ n: 7, sides: 6 }, 5));
  });
  it("mixed firepower: the convolution of each pool's hitsDistribution (exact counts)", () => {
    const d = poolDistribution([
      { fire: 'SF', dice: 2 },
      { fire: 'DF', dice: 1 },
    ]);
    expect(d.outcomes).toBe(216);
    // P(0) = (5/6)^2 · 4/6 = 100/216; P(3) = 1/36 · 2/6 = 2/216.
    expect(d.counts.get(0)).toBe(100);
    expect(d.counts.get(3)).toBe(2);
    expect([...d.counts.values()].reduce((a, b) => a + b, 0)).toBe(216);
  });
  it('a defensive step of a river assault also gives the chance of each number of repulses', () => {
    const blocks = forces('soviet: S infantry 2; axis: A armor 4');
    const g = inBattle('ef-s42', { od: 'soviet', weather: 'mud', assault: { river: true }, blocks });
    g.run('ef.round', { active: 'axis' });
    const p = stepPreview(g.battle, DEFAULT_READINGS)!;
    expect(p.repulse!.t).toBe(3);
    expect(p.repulse!.dist.counts.get(2)! / p.repulse!.dist.outcomes).toBeCloseTo(0.25);
  });
});

describe('weather (4.3, 12.1, 12.21, 12.3; seed lines 1498-1560)', () => {
  it('calendar: East Jun–Sep Dry, Dec–Feb Snow, Apr Mud, Oct/Nov/Mar/May variable; West Mar–Oct Dry, Dec–Jan Mud, Nov/Feb variable', () => {
    expect([6, 7, 8, 9].map((m) => calendarWeather('east', m))).toEqual(['dry', 'dry', 'dry', 'dry']);
    expect([12, 1, 2].map((m) => calendarWeather('east', m))).toEqual(['snow', 'snow', 'snow']);
    expect(calendarWeather('east', 4)).toBe('mud');
    expect([10, 11, 3, 5].map((m) => calendarWeather('east', m))).toEqual([
      'variable',
      'variable',
      'variable',
      'variable',
    ]);
    expect([3, 10].map((m) => calendarWeather('west', m))).toEqual(['dry', 'dry']);
    expect([12, 1].map((m) => calendarWeather('west', m))).toEqual(['mud', 'mud']);
    expect([11, 2].map((m) => calendarWeather('west', m))).toEqual(['variable', 'variable']);
  });
  it('scenario calendars: S41 turn 5 is October 1941; W41 turn 4 is March 1942; S43 starts in July (Late Start)', () => {
    expect(monthOf('s41', 5)).toEqual({ year: 1941, month: 10 });
    expect(monthOf('w41', 4)).toEqual({ year: 1942, month: 3 });
    expect(monthOf('s43', 1)).toEqual({ year: 1943, month: 7 });
  });
  it('the parity chances come from the engine (P(even) = 1/2) and agree with the TIEMPO tables', () => {
    expect(weatherChances('east', 10)).toEqual([
      { code: 'dry', p: 0.5 },
      { code: 'mud', p: 0.5 },
    ]);
    expect(weatherChances('east', 7)).toBeUndefined();
  });
  const toTurn = (g: Game, n: number) => {
    while (g.state.turn < n) g.endTurn();
  };
  /**
   * The East front's weather of the first fortnight of the month after `turn` of `scenario`, rolled
   * with `dice`, after the second fortnight of `turn` rolled with `before` (none: a fixed month).
   */
  function nextMonthWeather(scenario: string, turn: number, before: number[][] | undefined, dice: number[][]) {
    const g = new Game(scenario);
    toTurn(g, turn);
    g.run('ef.weather', { front: 'east', fortnight: 2 }, before);
    g.endTurn();
    return g.run('ef.weather', { front: 'east', fortnight: 1 }, dice);
  }
  it('TV15 Oct: 3+5 = 8 even → Dry, Axis first; 2+5 = 7 odd → Mud, Axis first', () => {
    const g = new Game('ef-s41');
    toTurn(g, 5);
    const o = g.run('ef.weather', { front: 'east', fortnight: 1 }, [[3, 5]]);
    expect(o.result).toMatchObject({ weather: 'dry', first: 'axis' });
    expect(g.run('ef.weather', { front: 'east', fortnight: 2 }, [[2, 5]]).result).toMatchObject({
      weather: 'mud',
      first: 'axis',
    });
    expect(weatherAt(g.state.game, 5, 2, 'east')).toBe('mud');
  });
  it('TV15 Nov: even → Snow, Soviets first, and after Mud the Soviets get two player turns in a row', () => {
    const o = nextMonthWeather('ef-s41', 5, [[2, 5]], [[4, 2]]);
    expect(o.result).toMatchObject({ weather: 'snow', first: 'soviet' });
    expect(keys(o)).toContain('ef.weather.doubleSoviet');
  });
  it('Mar: odd → Mud after Snow: the Axis gets two player turns in a row', () => {
    const o = nextMonthWeather('ef-w41', 3, undefined, [[1, 2]]);
    expect(o.result).toMatchObject({ weather: 'mud', first: 'axis' });
    expect(keys(o)).toContain('ef.weather.doubleAxis');
  });
  it('line 1568 ("Cuando el clima cambia de Nieve a Barro, el alemán obtiene dos Turnos de Jugador seguidos"): W41 February is always Snow — untapped, March odd → Mud still warns', () => {
    const g = new Game('ef-w41');
    toTurn(g, 4); // December, January, February (all Snow by the calendar, 12.1), nobody tapped the weather
    const o = g.run('ef.weather', { front: 'east', fortnight: 1 }, [[1, 2]]);
    expect(o.result).toMatchObject({ weather: 'mud', first: 'axis' });
    expect(keys(o)).toContain('ef.weather.doubleAxis');
  });
  it('the first fortnight of a scenario has no fortnight before it in the game: no double-turn warning', () => {
    const g = new Game('ef-w41'); // December 1941, Snow; November was never played here
    expect(keys(g.run('ef.weather', { front: 'east', fortnight: 1 }))).not.toContain('ef.weather.doubleSoviet');
  });
  it('a fixed month rolls no dice; the same fortnight and front cannot be rolled twice', () => {
    const g = new Game('ef-s41');
    const o = g.run('ef.weather', { front: 'east', fortnight: 1 });
    expect(o.rolls).toEqual([]);
    expect(o.result).toMatchObject({ weather: 'dry', first: 'axis' });
    expect(keys(o)).toContain('ef.weather.lateStart');
    expect(g.fail('ef.weather', { front: 'east', fortnight: 1 })).toBe('once');
    // …unless the players re-roll on purpose, with a reason the log keeps.
    const again = apply(
      g.session,
      g.state,
      { type: 'procedure', id: 'ef.weather', input: { front: 'east', fortnight: 1 }, reroll: 'typo' },
      g.ctx,
    );
    expect((again.entry.outcome as ProcedureOutcome).lines.map((l) => l.key)).toContain('ef.weather.again');
    expect(g.run('ef.weather', { front: 'west', fortnight: 1 }).result).toMatchObject({ weather: 'dry' });
  });
  it('TV15 West Feb: odd → Mud (12.3)', () => {
    const g = new Game('ef-w41');
    toTurn(g, 3);
    expect(g.run('ef.weather', { front: 'west', fortnight: 1 }, [[2, 3]]).result).toMatchObject({ weather: 'mud' });
  });
  it('who plays each player turn is known before any roll in a fixed month (4.4, 12.1, 12.21; seed lines 549, 1502, 1510)', () => {
    // 12.1: "En los meses de Junio a Septiembre siempre hay clima Seco … de Diciembre a Febrero siempre hay
    // Nieve … Abril siempre tiene clima de Barro." 12.21: "El jugador alemán tiene el primer Turno de Jugador
    // en los turnos de clima Seco o Barro. El jugador soviético tiene el primer Turno de Jugador en los turnos
    // de Nieve."
    const s41 = new Game('ef-s41');
    expect(knownWeather(s41.state.game, 's41', 1, 1)).toBe('dry');
    expect([1, 2].map((n) => playerTurnSide(s41.state.game, 's41', 1, 1, n as 1 | 2))).toEqual(['axis', 'soviet']);
    // April 1942 (W41 turn 5) is Mud: the Axis first.
    expect(knownWeather(s41.state.game, 'w41', 5, 2)).toBe('mud');
    expect(playerTurnSide(s41.state.game, 'w41', 5, 2, 1)).toBe('axis');
    const w41 = new Game('ef-w41');
    expect(knownWeather(w41.state.game, 'w41', 1, 1)).toBe('snow');
    expect([1, 2].map((n) => playerTurnSide(w41.state.game, 'w41', 1, 2, n as 1 | 2))).toEqual(['soviet', 'axis']);
    // The West front's calendar (12.3) is known too, but the first player is the East front's.
    expect(knownWeather(w41.state.game, 'w41', 1, 1, 'west')).toBe('mud');
  });
  it('in a variable month the side is not known until the weather is rolled (12.1: "cada Quincena comienza con una tirada")', () => {
    const g = new Game('ef-s41');
    toTurn(g, 5); // October 1941
    expect(knownWeather(g.state.game, 's41', 5, 1)).toBeUndefined();
    expect(playerTurnSide(g.state.game, 's41', 5, 1, 1)).toBeUndefined();
    g.run('ef.weather', { front: 'east', fortnight: 1 }, [[3, 5]]);
    expect(playerTurnSide(g.state.game, 's41', 5, 1, 1)).toBe('axis');
    // The second fortnight is rolled again (12.1): still unknown.
    expect(playerTurnSide(g.state.game, 's41', 5, 2, 1)).toBeUndefined();
    // November, rolled even → Snow: the Soviets first (12.21).
    toTurn(g, 6);
    g.run('ef.weather', { front: 'east', fortnight: 1 }, [[4, 2]]);
    expect([1, 2].map((n) => playerTurnSide(g.state.game, 's41', 6, 1, n as 1 | 2))).toEqual(['soviet', 'axis']);
  });
  it('S44 starts with the Soviet player turn though June is Dry (Scn S44 3, seed line 2471); then the weather decides', () => {
    // "El jugador del Eje no puede activar ningún HQ en el primer turno de este escenario. Comenzar con el
    // turno del jugador soviético."
    const g = new Game('ef-s44');
    expect([1, 2].map((n) => playerTurnSide(g.state.game, 's44', 1, 1, n as 1 | 2))).toEqual(['soviet', 'axis']);
    expect(playerTurnSide(g.state.game, 's44', 1, 2, 1)).toBe('axis');
    expect(playerTurnSide(g.state.game, 's44', 2, 1, 1)).toBe('axis');
  });
  it('the weather summary lists the Mud and Snow effects with their rules (12.22–12.24)', () => {
    const g = new Game('ef-w41');
    expect(keys(g.run('ef.weather', { fortnight: 1 }))).toEqual(
      expect.arrayContaining(['ef.wx.snowHq', 'ef.wx.snowMove', 'ef.wx.snowRiver', 'ef.weather.w41']),
    );
  });
  it('S41: June 1941 has one fortnight, so one player turn per side (Scn S41 2, 3; seed lines 2083-2089)', () => {
    // Scn S41 2 "COMIENZO TARDIO": "Ambos bandos tienen **sólo un** Turno de Jugador en junio de 1941."
    // Scn S41 3: "… durante junio de 1941 (que sólo consiste de una Quincena o Turno)."
    // Digest §5.2 S41: "June has only **one player turn per side** (Late Start, rule 2)."
    const june = monthPhases('s41', 1).map((k) => PHASES[k]!);
    expect(june.map((p) => p.id)).toEqual(PHASES.filter((p) => p.fortnight !== 2).map((p) => p.id));
    expect(june.map((p) => p.id).slice(0, 3)).toEqual(['production', 'f1.weather', 'f1.p1.command']);
    const turns = [...new Set(june.filter((p) => p.player).map((p) => `${p.fortnight}.${p.player}`))];
    expect(turns).toEqual(['1.1', '1.2']);
    const g = new Game('ef-s41');
    expect(turns.map((_, n) => playerTurnSide(g.state.game, 's41', 1, 1, (n + 1) as 1 | 2))).toEqual([
      'axis',
      'soviet',
    ]);
    // The weather line that already says so (Scn S41 2).
    expect(keys(g.run('ef.weather', { front: 'east', fortnight: 1 }))).toContain('ef.weather.lateStart');
    // July 1941 and every other scenario's first month have both fortnights (4.1).
    const all = PHASES.map((_, k) => k);
    expect(monthPhases('s41', 2)).toEqual(all);
    for (const s of ['w41', 's42', 'w42', 's43', 'w43', 's44', 'w44'] as const) expect(monthPhases(s, 1)).toEqual(all);
    // A game saved in a fortnight II segment of June 1941 replays as it was recorded: ef.phase keeps the index.
    const f2 = PHASES.findIndex((p) => p.id === 'f2.weather');
    expect(g.run('ef.phase', { index: f2 }).result).toBe(f2);
  });
  it('Edelweiss starts in the second half of July 1942: its first month is fortnight II only (Scn Edelweiss 1; seed line 2601)', () => {
    // Scn Edelweiss 1 "ESCENARIO TUTORIAL": "El Escenario empieza en la segunda mitad de Julio de 1942."
    const july = monthPhases('edelweiss', 1).map((k) => PHASES[k]!);
    expect(july.map((p) => p.id)).toEqual(PHASES.filter((p) => p.fortnight !== 1).map((p) => p.id));
    expect(july.map((p) => p.id).slice(0, 3)).toEqual(['production', 'f2.weather', 'f2.p1.command']);
    expect(firstFortnight('edelweiss', 1)).toBe(2);
    // The worked turns play both player turns of July II, the Axis first (Dry, 12.21): "JULIO II TURNO DEL
    // EJE" (seed line 2637), "JULIO II TURNO RUSO" (seed line 2689).
    const g = new Game('ef-edelweiss');
    expect([1, 2].map((n) => playerTurnSide(g.state.game, 'edelweiss', 1, 2, n as 1 | 2))).toEqual(['axis', 'soviet']);
    // Then "PRODUCCION DE AGOSTO" (seed line 2705) and "AGOSTO I TURNO DEL EJE" (2713): August has both (4.1).
    expect(monthPhases('edelweiss', 2)).toEqual(PHASES.map((_, k) => k));
    expect(firstFortnight('edelweiss', 2)).toBe(1);
    // Every other scenario's first month begins with fortnight I (S43 starts in July, whole: Scn S43 1).
    for (const s of ['s41', 'w41', 's42', 'w42', 's43', 'w43', 's44', 'w44'] as const)
      expect(firstFortnight(s, 1)).toBe(1);
    // Saved games replay as recorded: a weather roll at Production with no fortnight given is still for
    // fortnight I, and ef.phase still takes a fortnight I segment of July.
    expect(g.run('ef.weather', { front: 'east' }).result).toMatchObject({
      fortnight: 1,
      weather: 'dry',
      first: 'axis',
    });
    const f1 = PHASES.findIndex((p) => p.id === 'f1.weather');
    expect(g.run('ef.phase', { index: f1 }).result).toBe(f1);
  });
  it('S44: the scenario rule names the Soviets first beside a weather roll that keeps its recorded Axis line (Scn S44 3; seed line 2471)', () => {
    // Scn S44 3 ORDEN DE HITLER "RESISTIR O MORIR": "El jugador del Eje no puede activar ningún HQ en el
    // primer turno de este escenario. Comenzar con el turno del jugador soviético."
    expect(scenarioFirstPlayer('s44', 1, 1)).toEqual({ side: 'soviet', rule: 'Scn S44 3' });
    expect([
      scenarioFirstPlayer('s44', 1, 2),
      scenarioFirstPlayer('s44', 2, 1),
      scenarioFirstPlayer('s41', 1, 1),
    ]).toEqual([undefined, undefined, undefined]);
    // The procedure's outcome is what saved games recorded (replay): the weather's side (4.4, 12.21).
    const o = new Game('ef-s44').run('ef.weather', { front: 'east', fortnight: 1 });
    expect(o.result).toEqual({ front: 'east', fortnight: 1, weather: 'dry', first: 'axis' });
    expect(o.lines.find((l) => l.key.startsWith('ef.weather.first.'))).toEqual({
      key: 'ef.weather.first.axis',
      rule: '4.4, 12.21',
    });
  });
  it('PHASES: Production, then two fortnights of weather and two player turns of six phases (4.1–4.46)', () => {
    expect(PHASES).toHaveLength(27);
    expect(PHASES[1]).toMatchObject({ id: 'f1.weather', once: ['ef.weather'] });
    expect(PHASES.slice(2, 8).map((p) => p.phase)).toEqual([
      'command',
      'movement',
      'combat',
      'blitz-move',
      'blitz-combat',
      'supply',
    ]);
  });
});

describe('pursuit fire (6.41, 6.42, sb:FUEGO DE PERSECUCION)', () => {
  it('faster pursuers fire DF, equal SF, slower cannot fire; terrain defence applies', () => {
    const g = new Game('ef-s42');
    const o = g.run(
      'ef.pursuit',
      {
        weather: 'dry',
        terrain: 'forest',
        rearguard: blk('R', 'soviet', 'infantry', 3),
        pursuers: [blk('A', 'axis', 'armor', 2), blk('I', 'axis', 'infantry', 2), blk('Sh', 'axis', 'static', 1)],
      },
      [
        [5, 6],
        [6, 1],
      ],
    );
    expect(o.result).toMatchObject({ hits: 3, mult: 2, cv: 2, eliminated: false });
    expect(keys(o)).toContain('ef.pursuit.slower');
  });
  it('naval evacuation: the rearguard counts as speed 1, the Coast army 2 (15.5, 15.6); Mud gives double defence by default', () => {
    const g = new Game('ef-s42');
    const o = g.run(
      'ef.pursuit',
      {
        weather: 'mud',
        rearguard: blk('C', 'soviet', 'coast', 1),
        evacuation: 'coast',
        pursuers: [blk('A', 'axis', 'armor', 2)],
      },
      [],
    );
    expect(keys(o)).toContain('ef.pursuit.slower'); // armor 1 in Mud < coast evacuation 2
    const p = g.run(
      'ef.pursuit',
      { weather: 'mud', rearguard: blk('C', 'soviet', 'infantry', 1), pursuers: [blk('K', 'axis', 'infantry', 2)] },
      [[6, 6]],
    );
    expect(p.result).toMatchObject({ mult: 2, eliminated: true });
  });
  it('W41 Snow: every Axis unit has speed 1 (Scn W41 rule 1)', () => {
    const g = new Game('ef-w41');
    const o = g.run(
      'ef.pursuit',
      { weather: 'snow', rearguard: blk('R', 'axis', 'infantry', 2), pursuers: [blk('C', 'soviet', 'cavalry', 2)] },
      [[5, 1]],
    );
    expect(o.result).toMatchObject({ hits: 1, cv: 1 });
  });
});

describe('satellite surrender (16.1, seed line 1855)', () => {
  it('surrenders when the roll is LESS THAN Soviet hexes + eliminated units (default 2d6)', () => {
    const g = new Game('ef-w42');
    expect(g.run('ef.surrender', { satellite: 'romania', hexes: 3, eliminated: 2 }, [[3, 1]]).result).toMatchObject({
      surrendered: true,
    });
    expect(g.run('ef.surrender', { satellite: 'romania', hexes: 3, eliminated: 2 }, [[4, 1]]).result).toMatchObject({
      surrendered: false,
    });
  });
  it('not before Winter 1942, not without a Soviet-controlled national hex', () => {
    expect(new Game('ef-s42').fail('ef.surrender', { satellite: 'hungary', hexes: 2 }, [[1, 1]])).toBe(
      'ef.err.surrenderEarly',
    );
    expect(new Game('ef-w43').fail('ef.surrender', { satellite: 'hungary', hexes: 0, eliminated: 3 })).toBe(
      'ef.err.surrenderHex',
    );
  });
  it('W44: no roll — "Las Rendiciones Rumana, Húngara y Búlgara han ocurrido" (Scn W44 2, line 2532), and 16.1 is irreversible (line 1861)', () => {
    for (const satellite of ['romania', 'bulgaria', 'hungary'])
      expect(new Game('ef-w44').fail('ef.surrender', { satellite, hexes: 3, eliminated: 1 }, [[1, 1]])).toBe(
        'ef.err.surrenderDone',
      );
  });
  it('reading ef.surrenderDice = 1d6 rolls one die; the chance is exact', () => {
    const g = new Game('ef-w43', { 'ef.surrenderDice': '1d6' });
    expect(g.run('ef.surrender', { satellite: 'bulgaria', hexes: 2 }, [[1]]).result).toMatchObject({
      surrendered: true,
    });
    expect(surrenderChance(5, '2d6')).toBeCloseTo(6 / 36);
    expect(surrenderChance(2, '1d6')).toBeCloseTo(1 / 6);
  });
});

describe('victory (17.1–17.3, sb:EJEMPLO DE VICTORIA seed lines 2010-2024, Scn W41 2, Scn W44)', () => {
  it('TV11 Barbarossa: Soviets 50 + 12 − 10 = 52; Axis 70 + 18 − 2 = 86 − 40 = 46; 6 for the Soviets: Marginal, 2 points', () => {
    const o = new Game('ef-s41').run('ef.victory', {
      soviet: { production: 50, hqVm: 6, eliminated: 10 },
      axis: { production: 70, hqVm: 9, eliminated: 1 },
    });
    expect(o.result).toEqual({ axis: 46, soviet: 52, diff: 6, level: 'Marginal', points: '2', winner: 'soviet' });
  });
  it('levels: 0–5 draw, 16–25 Major, 26+ Decisive; HQs eliminated −4, Expeditions −1, Italian 8th −2, out of supply −1', () => {
    const g = new Game('ef-s44'); // handicap +50
    const r = g.run('ef.victory', {
      soviet: { production: 80, hqVm: 10, hqEliminated: 1, eliminated: 3 },
      axis: {
        production: 40,
        hqVm: 5,
        hqEliminated: 2,
        eliminated: 4,
        expeditions: 2,
        italian8th: true,
        outOfSupply: 3,
      },
    }).result as { axis: number; soviet: number; level: string };
    // Soviets 80 + 20 − 4 − 3 = 93; Axis 40 + 10 − 8 − 8 − 2 − 2 − 3 = 27, + 50 = 77; difference 16 → Major.
    expect(r).toMatchObject({ soviet: 93, axis: 77, level: 'Mayor' });
    const d = g.run('ef.victory', { soviet: { production: 30 }, axis: { production: 0 } }).result;
    expect(d).toMatchObject({ level: 'Mayor' }); // 50 vs 30: 20
    expect(g.run('ef.victory', { soviet: { production: 52 }, axis: { production: 0 } }).result).toMatchObject({
      winner: null,
      level: 'Empate',
      points: '1/1',
    });
    expect(g.run('ef.victory', { soviet: { production: 100 }, axis: { production: 0 } }).result).toMatchObject({
      level: 'Decisiva',
    });
  });
  it('W41: the Soviets get 1 VP per Axis HQ step below 14 VM (Scn W41 rule 2, seed line 2152)', () => {
    const o = new Game('ef-w41').run('ef.victory', { soviet: { production: 50 }, axis: { production: 60, hqVm: 10 } });
    // Soviets 50 + 4 = 54; Axis 60 + 20 − 25 = 55.
    expect(o.result).toMatchObject({ soviet: 54, axis: 55, level: 'Empate' });
  });
  it('W44: the month decides (Jan Soviet major … May Axis major); never by reading (§7.18)', () => {
    const g = new Game('ef-w44');
    expect(g.run('ef.victory', { w44Month: 'jan' }).result).toEqual({ winner: 'soviet', level: 'Mayor' });
    expect(g.run('ef.victory', { w44Month: 'mar' }).result).toEqual({ winner: null, level: 'Empate' });
    expect(g.run('ef.victory', { w44Month: 'may' }).result).toEqual({ winner: 'axis', level: 'Mayor' });
    expect(new Game('ef-w44', { 'ef.w44Never': 'draw' }).run('ef.victory', { w44Month: 'never' }).result).toEqual({
      winner: null,
      level: 'Empate',
    });
  });
});

describe('out-of-supply attrition (10.4, 10.5, seed TV8 supply phase)', () => {
  it('each unit loses a step; CV1 units and HQs at Ø are eliminated; the largest OD unit in a fortress is exempt', () => {
    const g = new Game('ef-edelweiss');
    const o = g.run('ef.attrition', {
      units: [
        blk('A', 'soviet', 'infantry', 1),
        blk('W', 'axis', 'armor', 3),
        blk('U', 'axis', 'hq', 0),
        blk('F', 'axis', 'infantry', 4),
      ],
      fortressExempt: 'F',
    });
    expect(o.result).toEqual([
      { id: 'A', cv: 0, eliminated: true },
      { id: 'W', cv: 2, eliminated: false },
      { id: 'U', cv: 0, eliminated: true },
      { id: 'F', cv: 4, eliminated: false },
    ]);
    expect(keys(o)).toContain('ef.oos.exempt');
  });
});

describe('reading ef.frozenCombined (§7.14)', () => {
  const b = (): Battle => ({
    terrain: 'clear',
    weather: 'snow',
    scenario: 'w42',
    od: 'axis',
    assault: { river: true, naval: true },
    blocks: [],
    rounds: 0,
  });
  it('default: a frozen-river attacker makes it a normal land attack, no repulse; other reading: the naval assault keeps 1–3', () => {
    expect(repulseThreshold(b(), 'soviet', DEFAULT_READINGS).t).toBe(0);
    expect(repulseThreshold(b(), 'soviet', { 'ef.frozenCombined': 'others-keep' }).t).toBe(3);
  });
});

/** A purchase of the production step (11.4): a step of `unit` (of `type`) unless told a cadre or more. */
const buy = (unit: string, type: string, kind = 'step') => ({ unit, type, kind });

describe('production (11.x, 16.2–16.61; Edelweiss August production, seed TV7)', () => {
  const toTurn2 = (g: Game) => {
    g.endTurn();
    return g;
  };
  it('TV7 Axis: level 28; HQ U +1 (10), R and S infantry +1 (4 each), V armor +1 (8) = 26, 2 PP lost', () => {
    const g = toTurn2(new Game('ef-edelweiss'));
    const o = g.run('ef.production', {
      side: 'axis',
      level: 28,
      buys: [buy('U', 'hq'), buy('R', 'infantry'), buy('S', 'infantry'), buy('V', 'armor')],
    });
    expect(o.result).toMatchObject({ level: 28, spent: 26, lost: 2 });
  });
  it('TV7 Soviets: level 30; STAVKA +1 (10), shock 3, Gds armor 4, Gds inf 2, cavalry cadre 6, infantry cadre 4 = 29, 1 lost', () => {
    const g = toTurn2(new Game('ef-edelweiss'));
    const o = g.run('ef.production', {
      side: 'soviet',
      level: 30,
      buys: [
        buy('K', 'hq'),
        buy('G', 'shock'),
        buy('H', 'armor'),
        buy('D', 'infantry'),
        buy('L', 'cavalry', 'cadre'),
        buy('M', 'infantry', 'cadre'),
      ],
    });
    expect(o.result).toMatchObject({ level: 30, spent: 29, lost: 1 });
  });
  it('TV12: Stalino city 2 + ore 1 → Soviets 3, Axis 4; Ploesti oil 4 → Axis 8 (1.5, 11.33); Basic PP from the chart (11.31)', () => {
    const g = toTurn2(new Game('ef-s42'));
    expect(g.run('ef.production', { side: 'soviet', cities: 2, resources: 1 }).result).toMatchObject({ level: 12 + 3 });
    expect(g.run('ef.production', { side: 'axis', cities: 2, resources: 1 }).result).toMatchObject({ level: 40 + 4 });
    expect(g.run('ef.production', { side: 'axis', resources: 4 }).result).toMatchObject({ level: 48 });
  });
  it('modifiers: Lend-Lease −5 (16.3), oil route −5 unless Baku is lost (16.61), Axis in Baku: Soviets −10, Axis +20 (sb:BAKU)', () => {
    const g = toTurn2(new Game('ef-w42'));
    const production = (side: 'axis' | 'soviet', modifiers: object) =>
      g.run('ef.production', { side, modifiers }).result;
    expect(production('soviet', { lendLease: true, oilRoute: true })).toMatchObject({ level: 10 });
    expect(production('soviet', { oilRoute: true, bakuLost: true })).toMatchObject({
      level: 20,
      hq: { step: 15, cadre: 30 },
    });
    expect(production('soviet', { bakuTaken: true, oilRoute: true })).toMatchObject({ level: 10 });
    expect(production('axis', { bakuTaken: true, ploestiLost: true })).toMatchObject({
      level: 60,
      hq: { step: 10, cadre: 20 },
    });
    expect(production('axis', { ploestiLost: true })).toMatchObject({ hq: { step: 15, cadre: 30 } });
  });
  it('W41 Axis HQ 15/30 (chart †, ††); with Ploesti lost too, 15/30 by default, 20/40 with reading ef.hqSurcharge = stack', () => {
    const g = toTurn2(new Game('ef-w41'));
    expect(g.run('ef.production', { side: 'axis' }).result).toMatchObject({ hq: { step: 15, cadre: 30 } });
    expect(g.run('ef.production', { side: 'axis', modifiers: { ploestiLost: true } }).result).toMatchObject({
      hq: { step: 15, cadre: 30 },
    });
    const s = toTurn2(new Game('ef-w41', { 'ef.hqSurcharge': 'stack' }));
    expect(s.run('ef.production', { side: 'axis', modifiers: { ploestiLost: true } }).result).toMatchObject({
      hq: { step: 20, cadre: 40 },
    });
  });
  it('checks: no Production in the first month; one step per unit; no step on a new cadre; 1 SS step; no overspending; BH double', () => {
    expect(new Game('ef-s42').fail('ef.production', { side: 'axis' })).toBe('ef.err.firstMonth');
    expect(new Game('ef-s42').run('ef.production', { side: 'axis', chained: true }).result).toMatchObject({
      level: 40,
    });
    const g = toTurn2(new Game('ef-s43'));
    const step = (unit: string, type = 'infantry', extra = {}) => ({ unit, type, kind: 'step', ...extra });
    expect(g.fail('ef.production', { side: 'axis', buys: [step('A'), step('A')] })).toBe('ef.err.twoSteps');
    expect(g.fail('ef.production', { side: 'axis', buys: [buy('A', 'infantry', 'cadre'), step('A')] })).toBe(
      'ef.err.cadreStep',
    );
    expect(
      g.fail('ef.production', {
        side: 'axis',
        buys: [step('1SS', 'armor', { ss: true }), step('2SS', 'mech', { ss: true })],
      }),
    ).toBe('ef.err.ss');
    expect(g.fail('ef.production', { side: 'axis', buys: [step('C', 'cavalry')] })).toBe('ef.err.noSuchUnit');
    expect(g.fail('ef.production', { side: 'axis', level: 7, buys: [step('P', 'armor')] })).toBe('ef.err.overspent');
    expect(
      g.run('ef.production', { side: 'soviet', level: 30, buys: [step('Coast', 'coast', { bh: true })], bhReady: true })
        .result,
    ).toMatchObject({ spent: 24 });
  });
});

describe('hidden blocks (7.12, 7.14, 7.21)', () => {
  it('entered hidden: both sides stand until the round reveals them; after each round the OD stands up again', () => {
    const blocks = forces('soviet: S infantry 2; axis: A armor 3');
    const g = inBattle('ef-s42', { od: 'soviet', hidden: true, blocks });
    expect(g.battle.hidden).toEqual(['axis', 'soviet']);
    expect(keys(g.run('ef.round', { active: 'axis' }))).toContain('ef.round.revealed');
    expect(g.battle.hidden).toBeUndefined();
    g.run('ef.fire', {}, [[1, 1]]);
    g.run('ef.fire', {}, [[1, 1, 1]]);
    expect(g.battle.hidden).toEqual(['soviet']);
  });

  // 7.12 (seed 004 line 969): "Para mantener esta distinción, las unidades del Defensor Original se
  // colocan siempre de pie en el Hex de Batalla tras el combate, mientras que las del Atacante Original
  // permanecerán descubiertas (boca arriba)." 7.21 (line 999): "Al terminarse esta Ronda de Combate, las
  // unidades del Defensor Original de la batalla se deben colocar de pie de nuevo."
  /** A battle entered hidden (the Soviets its Original Defender) after one round with no hits. */
  function afterRound(g = new Game('ef-s42')) {
    g.run('ef.battle', { od: 'soviet', hidden: true, blocks: forces('soviet: S infantry 2; axis: A armor 3') });
    g.run('ef.round', { active: 'axis' });
    g.run('ef.fire', {}, [[1, 1]]);
    g.run('ef.fire', {}, [[1, 1, 1]]);
    expect(g.battle.rounds).toBe(1);
    expect(g.battle.hidden).toEqual(['soviet']);
    return g;
  }
  const editOf = (g: Game, hidden: unknown) => ({
    od: 'soviet',
    continue: true,
    blocks: g.battle.blocks.map((b) => ({ ...b })),
    ...(hidden === undefined ? {} : { hidden }),
  });

  it('line 969: after a round an edit that would hide the Original Attacker’s blocks is refused in words, nothing logged', () => {
    const g = afterRound();
    const steps = g.session.log.length;
    for (const hidden of [true, ['axis', 'soviet'], ['axis']]) {
      let refused: unknown;
      try {
        g.run('ef.battle', editOf(g, hidden));
      } catch (e) {
        refused = (e as { params: unknown }).params;
      }
      expect(refused, JSON.stringify(hidden)).toMatchObject({ key: 'ef.err.hiddenShown', side: 'ef.sideOf.axis' });
    }
    expect(g.session.log).toHaveLength(steps);
    expect(g.battle.hidden).toEqual(['soviet']);
  });

  it('line 969, line 999: after a round an edit keeps the Original Defender’s blocks standing, the Original Attacker’s face up', () => {
    const g = afterRound();
    // The Soviets' (the OD's) stand up again; an edit made before the next round keeps them so.
    g.run('ef.battle', { ...editOf(g, ['soviet']), terrain: 'forest' });
    expect(g.battle.hidden).toEqual(['soviet']);
    expect(g.battle.terrain).toBe('forest');
    // With the Axis its Original Attacker the other way round (the Axis the OD): the Soviets stay face up.
    const h = new Game('ef-s42');
    h.run('ef.battle', { od: 'axis', hidden: true, blocks: forces('axis: A armor 3; soviet: S infantry 2') });
    h.run('ef.round', { active: 'soviet' });
    h.run('ef.fire', {}, [[1, 1, 1]]);
    h.run('ef.fire', {}, [[1, 1]]);
    expect(h.battle.hidden).toEqual(['axis']);
    expect(h.fail('ef.battle', { ...editOf(h, true), od: 'axis' })).toBe('ef.err.hiddenShown');
    h.run('ef.battle', { ...editOf(h, ['axis']), od: 'axis' });
    expect(h.battle.hidden).toEqual(['axis']);
  });

  it('6.31 (line 833): before the first round an edit may keep both sides hidden, as entered (7.12)', () => {
    const g = new Game('ef-s42');
    g.run('ef.battle', { od: 'soviet', hidden: true, blocks: forces('soviet: S infantry 2; axis: A armor 3') });
    g.run('ef.battle', { ...editOf(g, true), terrain: 'forest' });
    expect(g.battle.hidden).toEqual(['axis', 'soviet']);
    // The same edit after a round is refused (the Axis are the Original Attacker).
    expect(afterRound().fail('ef.battle', editOf(afterRound(), true))).toBe('ef.err.hiddenShown');
  });

  it('a game saved under rules version 1, whose edit after a round hid both sides, replays as recorded; today the same edit is refused', () => {
    // Rules version 1 read an edit's `hidden: true` after a round as both sides'.
    const old = new Game('ef-s42');
    old.ctx = { ...old.ctx, rules: { ...RULES, version: 1 } };
    afterRound(old);
    old.run('ef.battle', editOf(old, true));
    expect(old.battle.hidden).toEqual(['axis', 'soviet']);
    expect(old.session.log.map((e) => e.rules)).toEqual([1, 1, 1, 1, 1]);
    // Opened with the rules now: every step verifies, replayed under the version it was recorded under.
    const now = new Game('ef-s42').ctx;
    expect(RULES.version).toBe(2);
    const v = verifySession(old.session, now);
    expect(v.ok).toBe(true);
    expect(v).toMatchObject({ formerRules: 5 });
    expect(deriveState(old.session, now).game).toEqual(old.state.game);
    // A step made now is made under version 2: the same edit is refused.
    const g = afterRound();
    expect(g.session.log.map((e) => e.rules)).toEqual([2, 2, 2, 2]);
    expect(g.fail('ef.battle', editOf(g, true))).toBe('ef.err.hiddenShown');
  });
});

describe('the end of a battle (line 51; 7.12, line 969; 7.51, line 1133; issue #28 item 3)', () => {
  // Line 51: "A veces continúan durante varios meses, hasta que un bando es destruido o retrocede."
  // Line 969: the Original Defender "mantiene el control del Hex de Batalla … hasta que se Retire o sea eliminado".
  it('TV5 Rostov E1 (line 2673): V eliminates B, the lone defender: the battle is over, the Axis hold the hex', () => {
    const blocks = forces('soviet: B infantry 2; axis: V armor 4, T mountain 3');
    const g = inBattle('ef-edelweiss', { od: 'soviet', assault: { river: true }, blocks });
    g.run('ef.round', { active: 'axis' });
    g.run('ef.fire', {}, [[5, 6]]);
    const off = g.run('ef.fire', {}, [
      [3, 5, 5],
      [1, 2, 3],
    ]);
    expect(off.result).toMatchObject({ over: { holder: 'axis', eliminated: { soviet: ['B'], axis: [] } } });
    expect(off.headline).toMatchObject({ key: 'ef.fire.headOver', params: { side: 'ef.sideOf.axis' } });
    // No step describes the eliminated defender standing up again (7.21 is for a battle that goes on).
    expect(keys(off)).toContain('ef.end.oaTakes');
    expect(keys(off)).not.toContain('ef.end.round');
    expect(battleNext(g.battle)).toMatchObject({ kind: 'over', end: { holder: 'axis' } });
    // No further round: the refusal names the verdict.
    expect(g.fail('ef.round', { active: 'axis' })).toBe('ef.err.over');
    expect(g.fail('ef.round', { active: 'soviet' })).toBe('ef.err.over');
  });

  it('TV5 Rostov E2 (line 2674): the lone attacker S is repulsed, "por lo tanto no hay fuego ofensivo": the Soviets keep the hex', () => {
    const blocks = forces('soviet: C mech 3; axis: S infantry 3');
    const g = inBattle('ef-edelweiss', { od: 'soviet', assault: { river: true }, blocks });
    g.run('ef.round', { active: 'axis' });
    const def = g.run('ef.fire', {}, [[2, 4, 5]]);
    expect(g.battle.round!.step).toBe('done');
    expect(def.result).toMatchObject({ over: { holder: 'soviet', repulsed: ['S'] } });
    // 7.51 (line 1133): back across the river; "Los Rechazos no son Retiradas; no hay Fuego de Persecución".
    expect(keys(def)).toEqual(expect.arrayContaining(['ef.end.odHolds', 'ef.end.repulsedBack']));
    expect(g.fail('ef.fire', {}, [[6, 6]])).toBe('ef.err.noRound');
  });

  it('an air attack that eliminates the last defender ends the round before any ground fire (7.22, line 1003)', () => {
    const blocks = forces('soviet: D infantry 1; axis: V armor 4');
    const g = inBattle('ef-s42', { od: 'soviet', blocks });
    g.run('ef.round', { active: 'axis', air: 2 });
    const air = g.run('ef.fire', {}, [[6, 1]]);
    expect(air.result).toMatchObject({ over: { holder: 'axis' } });
    expect(g.battle.round!.step).toBe('done');
  });

  it('defensive fire that eliminates every attacker: the Original Defender holds, nothing is hidden again', () => {
    const blocks = forces('soviet: S infantry 3; axis: A infantry 1');
    const g = inBattle('ef-s42', { od: 'soviet', hidden: true, blocks });
    g.run('ef.round', { active: 'axis' });
    const def = g.run('ef.fire', {}, [[6, 1, 1]]);
    expect(def.result).toMatchObject({ over: { holder: 'soviet', eliminated: { axis: ['A'] } } });
    expect(g.battle.hidden).toBeUndefined();
  });

  it('a battle with blocks on both sides goes on: another round, or a retreat with pursuit fire (7.14, 6.41)', () => {
    const blocks = forces('soviet: S infantry 3; axis: A armor 3');
    const g = inBattle('ef-s42', { od: 'soviet', blocks });
    g.run('ef.round', { active: 'axis' });
    g.run('ef.fire', {}, [[1, 1, 1]]);
    const off = g.run('ef.fire', {}, [[1, 1, 1]]);
    // The step is recorded as saved games have it (the OD stands up); what comes next is battleNext's.
    expect(keys(off)).toContain('ef.end.round');
    expect(off.result).not.toHaveProperty('over');
    expect(battleNext(g.battle)).toEqual({ kind: 'goes-on', round: 2 });
    g.run('ef.round', { active: 'soviet' });
  });
});

describe('pursuit fire from a fortress (7.23 EXCEPCION line 1014, 7.35 line 1079, 6.42 line 895; issue #31 item 2)', () => {
  const input = (extra: object) => ({
    weather: 'dry',
    terrain: 'fortress',
    rearguard: blk('R', 'axis', 'infantry', 3),
    pursuers: [blk('P', 'soviet', 'armor', 3)],
    ...extra,
  });
  it('a step recorded before the panel asked (no answer) replays as it was made: the OD’s Triple Defence, no new line', () => {
    const o = new Game('ef-s42').run('ef.pursuit', input({}), [[5, 5, 6]]);
    expect(o.result).toMatchObject({ hits: 3, mult: 3, cv: 2 });
    expect(keys(o)).not.toContain('ef.pursuit.fortressOD');
  });
  it('an Original Attacker’s infantry 3 taking 3 DF hits is eliminated (no Triple Defence, line 1014)', () => {
    const o = new Game('ef-s42').run('ef.pursuit', input({ rearguardOD: false }), [[5, 5, 6]]);
    expect(o.result).toMatchObject({ hits: 3, mult: 1, eliminated: true });
    expect(keys(o)).toContain('ef.pursuit.fortressOA');
  });
  it('the Original Defender’s rearguard has Triple Defence (line 1079): 3 hits cost one step', () => {
    const o = new Game('ef-s42').run('ef.pursuit', input({ rearguardOD: true }), [[5, 5, 6]]);
    expect(o.result).toMatchObject({ hits: 3, mult: 3, cv: 2, eliminated: false });
    expect(keys(o)).toContain('ef.pursuit.fortressOD');
  });
});

describe('reading ef.assaultDefenders: several defenders in an assault (7.51 line 1135, digest §7.12)', () => {
  // 7.51: "Los Rechazos se aplican a las unidades atacantes más débiles … Todos los impactos se aplican a los
  // atacantes que no hayan sido rechazados, si es posible." The text's examples have one defender.
  const blocks = forces('soviet: D1 infantry 1, D2 infantry 1; axis: A armor 3, B infantry 2');
  const setupIn = { od: 'soviet', assault: { river: true }, blocks };
  it('pooled (default): every repulse first — the weakest, B — then every hit, on A', () => {
    const g = inBattle('ef-s42', setupIn);
    g.run('ef.round', { active: 'axis' });
    g.run('ef.fire', {}, [[6], [1]]);
    expect(g.battle.blocks.find((b) => b.id === 'B')!.repulsed).toBe(true);
    expect(g.cv('A')).toBe(2);
  });
  it('by-unit: D1’s hit first (A 3 → 2), then D2’s repulse among the now equal A and B: the attacker chooses', () => {
    const g = inBattle('ef-s42', setupIn, { 'ef.assaultDefenders': 'by-unit' });
    g.run('ef.round', { active: 'axis' });
    const def = g.run('ef.fire', {}, [[6], [1]]);
    expect(keys(def)).toContain('ef.fire.byUnit');
    expect(g.cv('A')).toBe(2);
    expect(def.result).toMatchObject({ prompt: { owner: 'axis', candidates: ['A', 'B'] } });
    g.run('ef.choose', { block: 'A' });
    expect(g.battle.blocks.find((b) => b.id === 'A')!.repulsed).toBe(true);
    expect(g.battle.blocks.find((b) => b.id === 'B')!.repulsed).toBeUndefined();
    expect(g.battle.round!.step).toBe('offence');
  });
});

describe('reading ef.fortressCity: a fortress that is also a major city (1.41 line 173, 1.46 line 199)', () => {
  // 1.46: "Las Ciudades/Poblaciones con un hexágono rodeándolas (por ejemplo Sevastopol y Leningrado) son
  // Fortalezas"; 1.41: "Todas las unidades que se defiendan en Ciudades Mayores tienen Defensa Doble … y FD o mejor".
  const blocks = forces('soviet: L1 infantry 3, L2 infantry 2; axis: A infantry 3');
  const leningrad = { terrain: 'fortress', city: true, od: 'soviet', blocks };
  it('both (default): the largest fires TF, the other defender DF (not SF); the passive OA has Double Defence', () => {
    const g = new Game('ef-s42');
    expect(keys(g.run('ef.battle', leningrad))).toContain('ef.battle.cityToo');
    g.run('ef.round', { active: 'axis' });
    const fire = shootersOf(g);
    expect(fire).toEqual({ L1: 'TF', L2: 'DF' });
    // A counterattack by the OD: fortress benefits go to the OD only (7.23), the city's Double Defence to the passive OA.
    expect(passiveMult(g.battle, 'soviet', true).mult).toBe(2);
    expect(passiveMult(g.battle, 'axis', true).mult).toBe(3);
  });
  it('fortress-only: L2 fires SF, and the passive OA has no Double Defence', () => {
    const g = new Game('ef-s42', { 'ef.fortressCity': 'fortress-only' });
    expect(keys(g.run('ef.battle', leningrad))).toContain('ef.battle.cityIgnored');
    g.run('ef.round', { active: 'axis' });
    expect(shootersOf(g)).toEqual({ L1: 'TF', L2: 'SF' });
    expect(passiveMult(g.battle, 'soviet', true).mult).toBe(1);
  });
  /** The defensive fire of the round in progress, block by block. */
  const shootersOf = (g: Game) =>
    Object.fromEntries(shooters(g.battle, { ...DEFAULT_READINGS }).map((s) => [s.block.id, s.fire]));
});

describe('S44 "Hold or die" (Scn S44 3, seed line 2471): what the sequence of play says', () => {
  // "El jugador del Eje no puede activar ningún HQ en el primer turno de este escenario. Comenzar con el turno
  // del jugador soviético."
  const at = (id: string) => PHASES.findIndex((p) => p.id === id);
  it('June I: the Axis plays second and may activate no HQ — said at its command phase, not at the Soviet one', () => {
    const g = new Game('ef-s44');
    expect(sequenceNotes(g.state.game, 's44', 1, at('f1.p2.command')).map((l) => l.key)).toEqual(['ef.s44.noHq']);
    expect(sequenceNotes(g.state.game, 's44', 1, at('f1.p1.command'))).toEqual([]);
  });
  it('June II is Dry, so the Axis plays first (4.4, 12.21): two Axis player turns in a row, said at its weather and first turn', () => {
    const g = new Game('ef-s44');
    for (const id of ['f2.weather', 'f2.p1.command', 'f2.p1.movement'])
      expect(sequenceNotes(g.state.game, 's44', 1, at(id)).map((l) => l.key)).toEqual(['ef.s44.axisTwice']);
    expect(sequenceNotes(g.state.game, 's44', 1, at('f2.p2.command'))).toEqual([]);
    // Not in July, nor in another scenario.
    expect(sequenceNotes(g.state.game, 's44', 2, at('f1.p2.command'))).toEqual([]);
    expect(sequenceNotes(g.state.game, 's43', 1, at('f1.p2.command'))).toEqual([]);
  });
});
