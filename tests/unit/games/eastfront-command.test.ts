// EastFront's command (issue #31): the HQ ledger (4.41, 5.2–5.8, 6.5, 12.22), the battles 7.15 makes
// mandatory, and the chances before pursuit fire (6.41, 6.42). One case per sentence of the rule, each
// quoting its line in ../shared/seeds/004_e4aee9ca769bb184.txt, driven through the session log.
import { describe, expect, it } from 'vitest';
import { hitsDistribution, type ProcedureOutcome } from '../../../src/engine';
import {
  DEFAULT_READINGS,
  ONCE,
  PHASES,
  hqLedger,
  mandatoryBattles,
  procedures,
  pursuitPreview,
  repulseThreshold,
  type Battle,
} from '../../../src/games/eastfront/rules';
import { GameHarness, scenariosOf, tablesOf } from './harness';

const tables = tablesOf(import.meta.glob<unknown>('/tables/eastfront/ef-*.json', { eager: true, import: 'default' }));
const scenarios = scenariosOf(
  import.meta.glob<unknown>('/scenarios/eastfront/*.json', { eager: true, import: 'default' }),
);

class Game extends GameHarness {
  constructor(scenario: string, readings: Record<string, string> = {}) {
    super(
      {
        tables,
        procedures,
        once: ONCE,
        readings: { ...DEFAULT_READINGS, ...readings },
        scenario: scenarios.get(scenario)!,
      },
      { game: 'eastfront', scenario, seed: 'ef' },
    );
  }
  /** Goes to a segment of the month by its id (`f1.p1.command`…). */
  at(id: string) {
    this.run('ef.phase', { index: PHASES.findIndex((p) => p.id === id) });
    return this;
  }
  activate(input: object) {
    return this.run('ef.hqActivate', input);
  }
  deactivate(id: string) {
    return this.run('ef.hqDeactivate', { id });
  }
}

const keys = (o: ProcedureOutcome) => o.lines.map((l) => l.key);
const line = (o: ProcedureOutcome, key: string) => o.lines.find((l) => l.key === key);

describe('EastFront HQ activation (4.41, 5.2, 5.3, 5.5, 13.11)', () => {
  it('4.41 (line 555): HQs are activated in the Command phase, by the active player only', () => {
    // S42 starts in June 1942: Dry (12.1), the Axis plays first (4.4, line 549).
    const g = new Game('ef-s42').at('f1.p1.movement');
    expect(g.refused('ef.hqActivate', { id: 'AG Sur', side: 'axis', vm: 3 })).toBe('ef.err.hqPhase');
    g.at('f1.p1.command');
    expect(g.refused('ef.hqActivate', { id: 'Sur', side: 'soviet', vm: 2 })).toBe('ef.err.hqSide');
    expect(g.activate({ id: 'AG Sur', side: 'axis', vm: 3 }).headline).toMatchObject({ key: 'ef.hq.head' });
    expect(g.refused('ef.hqActivate', { id: 'ag sur', side: 'axis', vm: 2 })).toBe('ef.err.hqTwice');
  });

  it('5.3 (line 675) and 5.5 (line 725): radius and air strength equal the VM; air range equals the radius', () => {
    const g = new Game('ef-s42').at('f1.p1.command');
    const o = g.activate({ id: 'AG Sur', side: 'axis', vm: 3 });
    expect(line(o, 'ef.hq.radius')?.params).toEqual({ n: 3 });
    expect(line(o, 'ef.hq.air')?.params).toEqual({ n: 3, range: 3 });
    expect(keys(o)).toContain('ef.hq.cost');
    expect(keys(o)).not.toContain('ef.hq.effVm');
  });

  it('5.1 (line 655): an HQ at Ø has command radius zero — only its own hex', () => {
    const g = new Game('ef-s42').at('f1.p1.command');
    expect(keys(g.activate({ id: 'AG A', side: 'axis', vm: 0 }))).toContain('ef.hq.radiusZero');
  });

  it('line 711: "La activación de un HQ Ø elimina automáticamente al HQ cuando éste se desactive"', () => {
    const g = new Game('ef-s42').at('f1.p1.command');
    expect(keys(g.activate({ id: 'AG A', side: 'axis', vm: 0 }))).toContain('ef.hq.zeroElim');
    const o = g.at('f1.p1.combat').deactivate('AG A');
    expect(o.headline.key).toBe('ef.hq.headElim');
    expect(hqLedger(g.state.game, 1)[0]).toMatchObject({ stage: 'eliminated' });
  });

  it('5.43 (line 691): deactivation reduces the VM by one; a deactivated HQ may not move again (line 693)', () => {
    const g = new Game('ef-s42').at('f1.p1.command');
    g.activate({ id: 'AG Sur', side: 'axis', vm: 3 });
    const o = g.at('f1.p1.combat').deactivate('AG Sur');
    expect(o.result).toEqual({ id: 'AG Sur', vm: 2, stage: 'done' });
    expect(keys(o)).toContain('ef.hq.noMoreMove');
    expect(g.refused('ef.hqDeactivate', { id: 'AG Sur' })).toBe('ef.err.hqInactive');
    expect(g.refused('ef.hqDeactivate', { id: 'AG Norte' })).toBe('ef.err.hqUnknown');
  });

  it('5.41 (line 683): a Mobile HQ deactivates after movement', () => {
    const g = new Game('ef-s42').at('f1.p1.command');
    g.activate({ id: 'AG Sur', side: 'axis', vm: 2 });
    expect(g.refused('ef.hqDeactivate', { id: 'AG Sur' })).toBe('ef.err.hqDeactPhase');
    const o = g.at('f1.p1.movement').deactivate('AG Sur');
    expect(keys(o)).toContain('ef.hq.mobile');
    expect(o.result).toMatchObject({ vm: 1, stage: 'done' });
  });

  it('the ledger is the player turn’s: the next player turn starts with none', () => {
    const g = new Game('ef-s42').at('f1.p1.command');
    g.activate({ id: 'AG Sur', side: 'axis', vm: 2 });
    expect(hqLedger(g.state.game, 1)).toHaveLength(1);
    g.at('f1.p2.command');
    expect(hqLedger(g.state.game, 1)).toHaveLength(0);
  });

  it('a variable month not rolled yet: the weather is asked for first (12.1, 5.8)', () => {
    // W41 starts in December 1941; turn 4 is March 1942, a variable month (12.1).
    const g = new Game('ef-w41');
    g.toTurn(4);
    g.at('f1.p1.command');
    expect(g.refused('ef.hqActivate', { id: 'X', side: 'axis', vm: 2 })).toBe('ef.err.hqWeather');
  });

  it('Scn S44 3 (line 2471): the Axis may activate no HQ in the first player turn', () => {
    const g = new Game('ef-s44').at('f1.p2.command');
    expect(g.refused('ef.hqActivate', { id: 'AG Centro', side: 'axis', vm: 3 })).toBe('ef.s44.noHq');
    g.at('f1.p1.command');
    expect(g.activate({ id: '1 Bielorruso', side: 'soviet', vm: 2 }).result).toMatchObject({ vm: 2 });
  });
});

describe('EastFront Blitz command (4.41, 4.43–4.45, 5.7)', () => {
  it('4.41 (line 557), 5.7 (line 749): a Blitz HQ spends two steps', () => {
    const g = new Game('ef-s42').at('f1.p1.command');
    expect(g.activate({ id: 'AG Sur', side: 'axis', vm: 3, blitz: true }).lines.map((l) => l.key)).toContain(
      'ef.hq.blitzCost',
    );
    // 5.7 (line 751): it stays active through the first movement phase.
    expect(g.at('f1.p1.movement').refused('ef.hqDeactivate', { id: 'AG Sur' })).toBe('ef.err.hqBlitzStays');
    // 4.43 (line 577), 5.7 (line 757): after the first combat it loses a step and stays active, its radius reduced.
    const first = g.at('f1.p1.combat').deactivate('AG Sur');
    expect(first.result).toEqual({ id: 'AG Sur', vm: 2, stage: 'blitz' });
    expect(line(first, 'ef.hq.radius')?.params).toEqual({ n: 2 });
    // 5.7 (line 761): the second step after the Blitz phases.
    const second = g.at('f1.p1.blitz-combat').deactivate('AG Sur');
    expect(second.result).toEqual({ id: 'AG Sur', vm: 1, stage: 'done' });
  });

  it('5.7: the first Blitz step is spent after the first combat, not in the Blitz phases', () => {
    const g = new Game('ef-s42').at('f1.p1.command');
    g.activate({ id: 'AG Sur', side: 'axis', vm: 3, blitz: true });
    expect(g.at('f1.p1.blitz-move').refused('ef.hqDeactivate', { id: 'AG Sur' })).toBe('ef.err.hqBlitzFirst');
  });

  it('5.7 IMPORTANTE (line 755): "los HQ Supremos no pueden ser HQ Blitz"', () => {
    const g = new Game('ef-s42').at('f1.p1.command');
    expect(g.refused('ef.hqActivate', { id: 'OKH', side: 'axis', vm: 3, supreme: true, blitz: true })).toBe(
      'ef.err.shqBlitz',
    );
  });

  it('a Blitz HQ at VM I falls to Ø and is eliminated by its second step (5.1, line 655; 5.7)', () => {
    const g = new Game('ef-s42').at('f1.p1.command');
    expect(keys(g.activate({ id: 'AG A', side: 'axis', vm: 1, blitz: true }))).toContain('ef.hq.blitzElim');
    expect(g.at('f1.p1.combat').deactivate('AG A').result).toMatchObject({ vm: 0, stage: 'blitz' });
    expect(g.at('f1.p1.blitz-combat').deactivate('AG A').result).toMatchObject({ stage: 'eliminated' });
  });
});

describe('EastFront Supreme HQs (5.6, 6.51, 13.11)', () => {
  it('5.61 (line 733): two Supreme moves per VM; 6.51 (line 907): no command radius; 5.63 (line 741): double air range', () => {
    const g = new Game('ef-s42').at('f1.p1.command');
    const o = g.activate({ id: 'OKH', side: 'axis', vm: 3, supreme: true, at: 'elsewhere' });
    expect(o.headline.key).toBe('ef.hq.headShq');
    expect(line(o, 'ef.hq.moves')?.params).toEqual({ n: 6 });
    expect(keys(o)).toContain('ef.hq.noRadius');
    expect(line(o, 'ef.hq.shqAir')?.params).toEqual({ n: 3, range: 6 });
  });
});

describe('EastFront Supreme moves counted (5.61, 6.51–6.53)', () => {
  it('5.61 (line 733): an SHQ II makes four Supreme moves in the Movement phase, no fifth', () => {
    const g = new Game('ef-s42').at('f1.p1.command');
    g.activate({ id: 'OKH', side: 'axis', vm: 2, supreme: true, at: 'elsewhere' });
    g.activate({ id: 'AG Sur', side: 'axis', vm: 2 });
    expect(g.refused('ef.hqSupremeMove', { id: 'OKH' })).toBe('ef.err.supremePhase');
    g.at('f1.p1.movement');
    expect(g.refused('ef.hqSupremeMove', { id: 'AG Sur' })).toBe('ef.err.notSupreme');
    for (let k = 1; k <= 4; k++)
      expect(g.run('ef.hqSupremeMove', { id: 'OKH' }).result).toEqual({ id: 'OKH', used: k, of: 4 });
    expect(g.refused('ef.hqSupremeMove', { id: 'OKH' })).toBe('ef.err.noSupremeMoves');
    expect(hqLedger(g.state.game, 1).find((h) => h.id === 'OKH')).toMatchObject({ movesUsed: 4 });
  });
});

describe('EastFront HQ disorganisation (5.8, 12.22, Scn S41 3)', () => {
  it('5.8 (line 765): in Mud every HQ is disorganised, one VM less (line 767); no detaching (5.21, 12.22)', () => {
    // W41 turn 5 is April 1942: Mud on the East front (12.1); the Axis plays first (4.4).
    const g = new Game('ef-w41');
    g.toTurn(5);
    g.at('f1.p1.command');
    const o = g.activate({ id: 'AG Centro', side: 'axis', vm: 3 });
    expect(keys(o)).toEqual(expect.arrayContaining(['ef.hq.disMud', 'ef.hq.noDetach']));
    expect(line(o, 'ef.hq.effVm')?.params).toEqual({ vm: 3, eff: 2 });
    expect(line(o, 'ef.hq.radius')?.params).toEqual({ n: 2 });
    expect(line(o, 'ef.hq.air')?.params).toEqual({ n: 2, range: 2 });
    g.at('f1.p2.command');
    expect(g.activate({ id: 'Oeste', side: 'soviet', vm: 2 }).result).toMatchObject({ disorganised: true });
  });

  it('5.8 (line 765): in Snow only the Axis HQs are disorganised', () => {
    // W41 turn 1 is December 1941: Snow (12.1), the Soviets play first (4.4, 12.21).
    const g = new Game('ef-w41').at('f1.p1.command');
    expect(g.activate({ id: 'Oeste', side: 'soviet', vm: 2 }).result).toMatchObject({ disorganised: false });
    g.at('f1.p2.command');
    const o = g.activate({ id: 'AG Centro', side: 'axis', vm: 3 });
    expect(keys(o)).toContain('ef.hq.disSnow');
    expect(line(o, 'ef.hq.effVm')?.params).toEqual({ vm: 3, eff: 2 });
  });

  it('5.8 EXCEPCION (line 769), 12.22 (line 1520): the SHQ in Warsaw or Moscow is exempt from the weather’s', () => {
    const g = new Game('ef-w41');
    g.toTurn(5);
    g.at('f1.p1.command');
    const warsaw = g.activate({ id: 'OKH', side: 'axis', vm: 3, supreme: true, at: 'warsaw' });
    expect(keys(warsaw)).toContain('ef.hq.exempt.axis');
    expect(line(warsaw, 'ef.hq.moves')?.params).toEqual({ n: 6 });
    g.at('f1.p2.command');
    const moscow = g.activate({ id: 'STAVKA', side: 'soviet', vm: 3, supreme: true, at: 'moscow' });
    expect(keys(moscow)).toContain('ef.hq.exempt.soviet');
    const h = new Game('ef-w41');
    h.toTurn(5);
    h.at('f1.p1.command');
    // Elsewhere, it is disorganised: 2 × (3 − 1) = 4 Supreme moves, air range 4.
    const away = h.activate({ id: 'OKH', side: 'axis', vm: 3, supreme: true, at: 'elsewhere' });
    expect(line(away, 'ef.hq.moves')?.params).toEqual({ n: 4 });
    expect(line(away, 'ef.hq.shqAir')?.params).toEqual({ n: 2, range: 4 });
  });

  it('12.3 (line 1542): an HQ west of the front line is disorganised by the West Front’s weather', () => {
    // December 1941: Snow in the East (12.1), Mud in the West (12.3, line 1544) — every HQ disorganised there.
    const g = new Game('ef-w41').at('f1.p1.command');
    const o = g.activate({ id: 'Oeste', side: 'soviet', vm: 2, front: 'west' });
    expect(keys(o)).toEqual(expect.arrayContaining(['ef.hq.weatherWest', 'ef.hq.disMud']));
    expect(o.result).toMatchObject({ front: 'west', disorganised: true });
    // Fortnight weather not known in a variable West month (February): asked for first.
    const h = new Game('ef-w41');
    h.toTurn(3);
    h.at('f1.p1.command');
    expect(h.refused('ef.hqActivate', { id: 'Oeste', side: 'soviet', vm: 2, front: 'west' })).toBe('ef.err.hqWeather');
  });

  it('5.8 (line 767): "Los HQ Ø desorganizados no tienen ninguna capacidad de mando"', () => {
    const g = new Game('ef-w41');
    g.toTurn(5);
    g.at('f1.p1.command');
    const o = g.activate({ id: 'AG A', side: 'axis', vm: 0 });
    expect(keys(o)).toContain('ef.hq.noCommand');
    expect(keys(o)).not.toContain('ef.hq.radiusZero');
  });

  it('Scn S41 3 (line 2089): every Soviet HQ is disorganised in June 1941, the Stavka in Moscow too', () => {
    // June 1941 is Dry: the Axis plays first, the Soviets second (Scn S41 2, line 2085).
    const g = new Game('ef-s41').at('f1.p1.command');
    expect(g.activate({ id: 'AG Centro', side: 'axis', vm: 3 }).result).toMatchObject({ disorganised: false });
    g.at('f1.p2.command');
    const o = g.activate({ id: 'STAVKA', side: 'soviet', vm: 2, supreme: true, at: 'moscow' });
    expect(keys(o)).toContain('ef.hq.surprise');
    expect(keys(o)).not.toContain('ef.hq.exempt.soviet');
    expect(line(o, 'ef.hq.moves')?.params).toEqual({ n: 2 });
  });
});

describe('EastFront mandatory combat (7.15, lines 983–993)', () => {
  it('line 987: a new battle fights at least one round; line 989: a battle with an air attack', () => {
    const m = mandatoryBattles({ phase: 'combat', newBattles: 'Kiev, Orel', airBattles: 'kiev; Tula', fortresses: [] });
    expect(m.battles.map((b) => [b.hex, b.reasons.map((r) => r.key)])).toEqual([
      ['Kiev', ['ef.must.new', 'ef.must.air']],
      ['Orel', ['ef.must.new']],
      ['Tula', ['ef.must.air']],
    ]);
  });

  it('line 991: Sevastopol and Leningrad for the Original Attacker; line 993: not in Blitz combat', () => {
    const c = mandatoryBattles({ phase: 'combat', newBattles: '', airBattles: '', fortresses: ['sevastopol'] });
    expect(c.battles).toEqual([
      {
        hex: 'ef.fortress.sevastopol',
        fortress: 'sevastopol',
        reasons: [{ key: 'ef.must.fortress', rule: '7.15, 7.4' }],
      },
    ]);
    const b = mandatoryBattles({ phase: 'blitz-combat', newBattles: '', airBattles: '', fortresses: ['leningrad'] });
    expect(b.battles).toEqual([]);
    expect(b.notes.map((n) => n.key)).toEqual(['ef.must.fortressBlitz']);
  });
});

describe('EastFront chances before pursuit fire (6.41, 6.42)', () => {
  const api = { table: (id: string) => tables.get(id)! };
  it('faster pursuers fire DF; the chance of each step lost is the exact enumeration', () => {
    const p = pursuitPreview(api, {
      weather: 'dry',
      terrain: 'forest',
      scenario: 's42',
      rearguard: { side: 'soviet', type: 'infantry', cv: 2 },
      pursuers: [{ type: 'armor', cv: 3 }],
      evacuation: 'none',
      rearguardOD: true,
      readings: {},
    });
    expect(p.pools).toEqual([{ fire: 'DF', dice: 3 }]);
    expect(p.mult).toBe(2);
    const h = hitsDistribution({ n: 3, sides: 6 }, 5);
    // Forest: two hits per step (6.42); 0–1 hits → 0 steps, 2–3 hits → 1 step.
    expect(p.steps.counts.get(0)).toBe((h.counts.get(0) ?? 0) + (h.counts.get(1) ?? 0));
    expect(p.steps.counts.get(1)).toBe((h.counts.get(2) ?? 0) + (h.counts.get(3) ?? 0));
    expect(p.steps.outcomes).toBe(216);
  });

  it('a rearguard that loses every step is eliminated; the preview agrees with the roll', () => {
    const input = {
      weather: 'dry' as const,
      terrain: 'clear' as const,
      scenario: 's42' as const,
      rearguard: { side: 'soviet' as const, type: 'infantry' as const, cv: 1 },
      pursuers: [{ type: 'armor' as const, cv: 2 }],
      evacuation: 'none' as const,
      rearguardOD: true,
      readings: {},
    };
    const p = pursuitPreview(api, input);
    expect(p.elim).toBe(1);
    expect([...p.steps.counts.keys()]).toEqual([0, 1]);
    // 1 − (4/6)² that at least one of two DF dice hits.
    expect(p.steps.counts.get(1)! / p.steps.outcomes).toBeCloseTo(1 - (4 / 6) ** 2, 10);
    const g = new Game('ef-s42');
    const o = g.run(
      'ef.pursuit',
      {
        weather: 'dry',
        terrain: 'clear',
        rearguard: { id: 'R', side: 'soviet', type: 'infantry', cv: 1 },
        pursuers: [{ id: 'P1', side: 'axis', type: 'armor', cv: 2 }],
      },
      [[5, 1]],
    );
    expect(o.result).toMatchObject({ eliminated: true });
  });
});

describe('EastFront readings the text leaves open (issue #31)', () => {
  const thr = (readings: Record<string, string>) =>
    repulseThreshold(
      {
        terrain: 'clear',
        weather: 'dry',
        scenario: 's41',
        od: 'soviet',
        blocks: [],
        rounds: 0,
        june1941: true,
        assault: { river: true, naval: true },
      } as Battle,
      'axis',
      readings,
    ).t;
  it('June 1941, an Axis river assault with a naval one (Scn S41 3 line 2089, 7.54 line 1151): a reading, default no repulse', () => {
    expect(thr(DEFAULT_READINGS)).toBe(0);
    expect(thr({ ...DEFAULT_READINGS, 'ef.june1941Combined': 'others-keep' })).toBe(3);
  });

  it('W44 in December (Scn W44 5, lines 2544–2556 start in January): the players decide, or January’s by reading', () => {
    const o = new Game('ef-w44').run('ef.victory', { w44Month: 'dec' });
    expect(o.headline.key).toBe('ef.vp.decide');
    expect(o.result).toEqual({ winner: null, level: 'none' });
    const j = new Game('ef-w44', { 'ef.w44December': 'as-january' }).run('ef.victory', { w44Month: 'dec' });
    expect(j.result).toEqual({ winner: 'soviet', level: 'Mayor' });
    expect(keys(j)).toContain('ef.vp.w44DecJan');
  });

  it('Edelweiss gives no victory conditions (lines 2568–2700): no winner named by default; the tally by reading', () => {
    const input = { soviet: { production: 30 }, axis: { production: 28, hqVm: 5 } };
    const o = new Game('ef-edelweiss').run('ef.victory', input);
    expect(o.headline.key).toBe('ef.vp.decide');
    expect(o.result).toMatchObject({ winner: null, level: 'none', axis: 38, soviet: 30 });
    expect(keys(o)).toContain('ef.vp.edelweiss');
    const t = new Game('ef-edelweiss', { 'ef.edelweissVictory': 'tally' }).run('ef.victory', input);
    expect(t.result).toMatchObject({ axis: 38, soviet: 30, diff: 8, winner: 'axis' });
  });
});
