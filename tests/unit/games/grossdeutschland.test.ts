// Grossdeutschland procedures against the digest's test vectors (000 §8), driven through the real
// session log with typed-in dice so every roll is known.
import { describe, expect, it } from 'vitest';
import { combatColumn, type GameContext, type ProcedureOutcome, type SessionSettings } from '../../../src/engine';
import {
  COMBAT_WEATHER_DRM,
  DEFAULT_READINGS,
  EVENING_DRM,
  FORTIFICATION_DRM,
  READINGS,
  WATER_DRM,
  combatInput,
  crtFor,
  parseDrmList,
  procedures,
  turnTypeOf,
  weatherOf,
  type TurnType,
} from '../../../src/games/grossdeutschland/rules';
import { grossdeutschland as messages } from '../../../src/games/grossdeutschland/messages';
import { grossdeutschlandTally as tallyMessages } from '../../../src/games/grossdeutschland/messages-tally';
import { grossdeutschlandUi as uiMessages } from '../../../src/games/grossdeutschland/messages-ui';
import { GdSession } from './gd-harness';
import { tablesOf } from './harness';

const tables = tablesOf(
  import.meta.glob<unknown>('/tables/grossdeutschland/*.json', { eager: true, import: 'default' }),
);
const ctx: GameContext = { tables, procedures, readings: DEFAULT_READINGS };

/** Every message key seen in an outcome or a refusal (checked against the catalog at the end). */
const seen = new Set<string>();
const isKey = (v: unknown): v is string => typeof v === 'string' && /^(gd|proc\.gd)\./.test(v);

class Game extends GdSession {
  constructor(settings: Partial<SessionSettings> = {}) {
    super(ctx, seen, isKey, { settings });
  }
  /** Enters the turn type and rolls the weather with a die giving `weather` (modifier 0). */
  setup(turnType: TurnType, weather?: 'sunny' | 'cloudy' | 'fog' | 'rain' | 'storm' | 'snow') {
    this.run('gd.turn', { turnType, weatherModifier: 0 });
    if (weather)
      this.run('gd.weather', {}, [[['sunny', 'cloudy', 'fog', 'rain', 'storm', 'snow'].indexOf(weather) + 1]]);
    return this;
  }
}

const keys = (o: ProcedureOutcome) => o.lines.map((l) => l.key);
const refusal = (key: string) =>
  expect.objectContaining({ code: 'procedure', params: expect.objectContaining({ key }) });
const unit = (af: number, supply = 'full') => ({ af, supply });
const def = (df: number, supply = 'full') => ({ df, supply });
const basic = (a: number, d: number, extra: object = {}) => ({ attackers: [unit(a)], defenders: [def(d)], ...extra });

describe('Grossdeutschland turn and weather (3.2, 14.0, 14.1)', () => {
  it('gd.turn keeps the turn type and modifier for this turn only', () => {
    const g = new Game();
    g.run('gd.turn', { turnType: 'evening', weatherModifier: -1 });
    expect(turnTypeOf(g.state.game, 1)).toBe('evening');
    g.endTurn();
    expect(turnTypeOf(g.state.game, 2)).toBeUndefined();
    expect(() => g.run('gd.turn', { turnType: 'dusk', weatherModifier: 0 })).toThrow(refusal('gd.err.turnType'));
    expect(() => g.run('gd.turn', { turnType: 'day', weatherModifier: 4 })).toThrow(refusal('gd.err.number'));
  });

  it('refuses the weather before gd.turn', () => {
    expect(() => new Game().run('gd.weather', {}, [[3]])).toThrow(refusal('gd.err.turnFirst'));
  });

  it('D16: die 4, turn modifier −1 → 3 → Fog (no direct fire, air chits discarded)', () => {
    const g = new Game();
    g.run('gd.turn', { turnType: 'day', weatherModifier: -1 });
    const o = g.run('gd.weather', {}, [[4]]);
    expect(o.result).toBe('fog');
    expect(weatherOf(g.state.game, 1)).toBe('fog');
    expect(keys(o)).toEqual(
      expect.arrayContaining(['gd.weather.noDirectFire', 'gd.weather.airDiscarded', 'gd.weather.movementNormal']),
    );
  });

  it('each die gives its weather; Storm and Snow list their effects', () => {
    const codes = ['sunny', 'cloudy', 'fog', 'rain', 'storm', 'snow'];
    for (let die = 1; die <= 6; die++)
      expect(new Game().setup('day').run('gd.weather', {}, [[die]]).result).toBe(codes[die - 1]);
    const storm = new Game().setup('day').run('gd.weather', {}, [[5]]);
    expect(keys(storm)).toEqual(
      expect.arrayContaining([
        'gd.weather.movementHalved',
        'gd.weather.combatDrm',
        'gd.weather.noDirectFire',
        'gd.weather.noPontoons',
      ]),
    );
    expect(storm.lines.find((l) => l.key === 'gd.weather.combatDrm')!.params).toEqual({ drm: '+2' });
    const snow = new Game().setup('day').run('gd.weather', {}, [[6]]);
    expect(keys(snow)).toContain('gd.weather.directFireSnow');
  });

  it('Sunny reads "Clear" on Evening and Night turns, not by Day', () => {
    const ev = new Game().setup('evening').run('gd.weather', {}, [[1]]);
    expect([ev.result, ev.headline.key]).toEqual(['sunny', 'gd.w.clear']);
    expect(keys(ev)).toContain('gd.weather.clear');
    const day = new Game().setup('day').run('gd.weather', {}, [[1]]);
    expect([day.headline.key, keys(day).includes('gd.weather.clear')]).toEqual(['gd.w.sunny', false]);
  });

  it('A16: a modified roll off the table is clamped by default, refused with the other reading', () => {
    const g = new Game();
    g.run('gd.turn', { turnType: 'day', weatherModifier: 3 });
    const o = g.run('gd.weather', {}, [[6]]);
    expect(o.result).toBe('snow');
    expect(o.lines.find((l) => l.key === 'gd.weather.clamped')!.params).toEqual({ from: 9, to: 6 });
    const low = new Game();
    low.run('gd.turn', { turnType: 'day', weatherModifier: -2 });
    expect(low.run('gd.weather', {}, [[1]]).result).toBe('sunny');
    const r = new Game({ readings: { 'gd.weatherClamp': 'refuse' } });
    r.run('gd.turn', { turnType: 'day', weatherModifier: 3 });
    expect(() => r.run('gd.weather', {}, [[6]])).toThrow(refusal('gd.err.weatherOff'));
  });
});

describe('Grossdeutschland replacements (4.1) and bridges (12.0)', () => {
  it('D15: Rain (+2), die 1 → 3 rebuilds; die 2 → 4 none', () => {
    const a = new Game().setup('night', 'rain').run('gd.replacement', { side: 'soviet' }, [[1]]);
    expect(a.result).toEqual({ side: 'soviet', die: 1, modifier: 2, final: 3, result: 'rebuild' });
    expect(keys(a)).not.toContain('gd.replacement.feldErsatz');
    const b = new Game().setup('night', 'rain').run('gd.replacement', { side: 'german' }, [[2]]);
    expect(b.result).toMatchObject({ final: 4, result: 'none' });
    expect(keys(b)).toContain('gd.replacement.feldErsatz');
  });
  it('Sunny −1: die 4 → 3 rebuilds; Snow +3: die 1 → 4 none; die 6 in Storm → 9, off the table, none', () => {
    expect(new Game().setup('night', 'sunny').run('gd.replacement', { side: 'german' }, [[4]]).result).toMatchObject({
      final: 3,
      result: 'rebuild',
    });
    expect(new Game().setup('night', 'snow').run('gd.replacement', { side: 'german' }, [[1]]).result).toMatchObject({
      final: 4,
      result: 'none',
    });
    const o = new Game().setup('night', 'storm').run('gd.replacement', { side: 'german' }, [[6]]);
    expect(o.result).toMatchObject({ final: 9, result: 'none' });
    expect(keys(o)).toContain('gd.replacement.offTable');
  });
  it('refuses replacements on a Day turn, and before the weather', () => {
    expect(() => new Game().setup('day', 'rain').run('gd.replacement', { side: 'german' }, [[1]])).toThrow(
      refusal('gd.err.replacementNight'),
    );
    expect(() => new Game().setup('night').run('gd.replacement', { side: 'german' }, [[1]])).toThrow(
      refusal('gd.err.weatherFirst'),
    );
    expect(() => new Game().run('gd.replacement', { side: 'german' }, [[1]])).toThrow(refusal('gd.err.turnFirst'));
  });
  it('D17: bridge demolition die 1 no effect; 2..6 blown; never modified', () => {
    expect(new Game().run('gd.bridge', {}, [[1]]).result).toBe('no-effect');
    for (const d of [2, 3, 4, 5, 6]) expect(new Game().run('gd.bridge', {}, [[d]]).result).toBe('blown');
  });
});

describe('Grossdeutschland artillery barrage (11.2, A6, A20, A33)', () => {
  const fire = (input: object, dice: number[], turnType: TurnType = 'day', settings: Partial<SessionSettings> = {}) =>
    new Game(settings).setup(turnType).run('gd.barrage', input, [dice]);

  it('D9: d 5, dice (2,2,5) = 9 > 5 hits; a pair → 1 casualty', () =>
    expect(fire({ distance: 5, units: 3 }, [2, 2, 5]).result).toEqual({
      hit: true,
      total: 9,
      distance: 5,
      outcome: 'casualty',
      casualties: 1,
      eliminated: false,
    }));
  it('D10: d 5, dice (1,1,1) = 3 → miss (the triple is irrelevant)', () =>
    expect(fire({ distance: 5, units: 1 }, [1, 1, 1]).result).toMatchObject({
      hit: false,
      outcome: 'miss',
      casualties: 0,
    }));
  it('D11: d 4, (4,4,4) on a lone tracked unit → one step loss, elimination prevented', () =>
    expect(fire({ distance: 4, units: 1, tracked: true }, [4, 4, 4]).result).toMatchObject({
      hit: true,
      outcome: 'step-loss',
      casualties: 1,
      eliminated: false,
    }));
  it('a triple eliminates a lone unit, unless it has a bunker or trench; with two units it is two casualties', () => {
    expect(fire({ distance: 4, units: 1 }, [4, 4, 4]).result).toMatchObject({
      outcome: 'eliminated',
      eliminated: true,
    });
    const f = fire({ distance: 4, units: 1, fortified: true }, [4, 4, 4]);
    expect(f.result).toMatchObject({ outcome: 'step-loss', eliminated: false });
    expect(keys(f)).toContain('gd.barrage.tripleFortified');
    expect(fire({ distance: 4, units: 2 }, [4, 4, 4]).result).toMatchObject({
      outcome: 'two-casualties',
      casualties: 2,
    });
  });
  it('a hit with no equal dice has no effect', () =>
    expect(fire({ distance: 4, units: 2 }, [1, 3, 5]).result).toMatchObject({
      hit: true,
      outcome: 'no-effect',
      casualties: 0,
    }));
  it('A20: Kursk 2Art adds 2 to the distance (9 > 6 hits at 4+2, 8 misses at 6+2)', () => {
    expect(fire({ distance: 4, units: 2, kursk2Art: true }, [2, 2, 5]).result).toMatchObject({
      hit: true,
      distance: 6,
    });
    expect(fire({ distance: 6, units: 2, kursk2Art: true }, [2, 2, 4]).result).toMatchObject({
      hit: false,
      distance: 8,
    });
  });
  it('A33: at Night the observer must be adjacent (reminder); the literal reading refuses a distance over 1', () => {
    expect(keys(fire({ distance: 5, units: 2 }, [2, 2, 5], 'night'))).toContain('gd.barrage.nightObserver');
    expect(() =>
      fire({ distance: 5, units: 2 }, [2, 2, 5], 'night', { readings: { 'gd.nightBarrage': 'artillery' } }),
    ).toThrow(refusal('gd.err.nightBarrage'));
    expect(
      fire({ distance: 1, units: 2 }, [2, 2, 5], 'night', { readings: { 'gd.nightBarrage': 'artillery' } }).result,
    ).toMatchObject({ outcome: 'casualty' });
  });
});

describe('Grossdeutschland direct fire (11.3, A1)', () => {
  const fire = (
    input: object,
    dice: number[],
    turnType: TurnType = 'day',
    weather: 'sunny' | 'snow' | 'cloudy' = 'sunny',
    settings: Partial<SessionSettings> = {},
  ) => new Game(settings).setup(turnType, weather).run('gd.directFire', input, [dice]);

  it('D12: range 3, Day, Sunny, defence 4, dice (4,5): a hit; sum 9 ≥ 7 → casualty; per die → pinned', () => {
    expect(fire({ range: 3, defence: 4 }, [4, 5]).result).toBe('casualty');
    expect(
      fire({ range: 3, defence: 4 }, [4, 5], 'day', 'sunny', { readings: { 'gd.directFire': 'each' } }).result,
    ).toBe('pinned');
  });
  it('D13: range 3, Evening, dice (4,5) → (3,4): 3 is not over 3 → miss', () =>
    expect(fire({ range: 3, defence: 4 }, [4, 5], 'evening', 'cloudy').result).toBe('miss'));
  it('Snow and blocking terrain take 1 from each die, cumulatively', () => {
    expect(fire({ range: 3, defence: 1 }, [5, 5], 'day', 'snow').result).toBe('casualty'); // 4,4 > 3; 8 ≥ 4
    expect(fire({ range: 3, defence: 1, blocking: true }, [5, 5], 'day', 'snow').result).toBe('miss'); // 3,3
  });
  it('X12: a Flak 2-9-8 defends with 5 whatever its printed defence', () => {
    // Range 3, dice (5,4): a hit; 9 ≥ 5 + 3 → casualty, where the printed defence 9 (9 < 12) gives only pinned.
    expect(fire({ range: 3, defence: 9 }, [5, 4]).result).toBe('pinned');
    const o = fire({ range: 3, defence: 9, flak298: true }, [5, 4]);
    expect(o.result).toBe('casualty');
    expect(o.lines.find((l) => l.key === 'gd.direct.testSum')!.params).toMatchObject({ defence: 5, need: 8 });
  });
  it('refuses direct fire at Night, in Fog and in Storm', () => {
    expect(() => new Game().setup('night', 'sunny').run('gd.directFire', { range: 2, defence: 2 }, [[6, 6]])).toThrow(
      refusal('gd.err.directFireNight'),
    );
    expect(() => new Game().setup('day', 'fog').run('gd.directFire', { range: 2, defence: 2 }, [[6, 6]])).toThrow(
      refusal('gd.err.directFireFog'),
    );
    expect(() => new Game().setup('day', 'storm').run('gd.directFire', { range: 2, defence: 2 }, [[6, 6]])).toThrow(
      refusal('gd.err.directFireStorm'),
    );
  });
});

describe('Grossdeutschland AA / Flak (10.7)', () => {
  it('D14: Flak 4 hexes away, 2d6 = 5 > 4 → the air chit is cancelled; 4 is not', () => {
    expect(new Game().run('gd.aa', { distance: 4 }, [[2, 3]]).result).toEqual({ cancelled: true, total: 5 });
    expect(new Game().run('gd.aa', { distance: 4 }, [[1, 3]]).result).toEqual({ cancelled: false, total: 4 });
  });
  it('light AA rolls 3 dice', () => {
    const o = new Game().run('gd.aa', { distance: 10, light: true }, [[4, 4, 3]]);
    expect(o.rolls[0]!.dice).toHaveLength(3);
    expect(o.result).toEqual({ cancelled: true, total: 11 });
  });
});

describe('Grossdeutschland normal attack (10.1–10.8, 13, 14.1, 15, 16)', () => {
  const crt = tables.get('gd-crt')!;
  const column = (input: object, readings = DEFAULT_READINGS) =>
    combatColumn(crtFor(crt, readings), combatInput(input as never, readings)).after.key;
  const attack = (
    input: object,
    dice: number[],
    turnType: TurnType = 'day',
    weather: 'sunny' | 'rain' | 'storm' | 'snow' = 'sunny',
    settings: Partial<SessionSettings> = {},
  ) => new Game(settings).setup(turnType, weather).run('gd.combat', input, [dice]);

  it('the modifiers in the code match the data (gd-crt, gd-fortifications)', () => {
    const mods = Object.fromEntries(crt.roll!.modifiers!.map((m) => [m.id, m.value]));
    expect([mods['rain'], mods['storm'], mods['snow']]).toEqual([
      COMBAT_WEATHER_DRM.rain,
      COMBAT_WEATHER_DRM.storm,
      COMBAT_WEATHER_DRM.snow,
    ]);
    expect([mods['evening'], mods['stream'], mods['river'], mods['bridge']]).toEqual([
      EVENING_DRM,
      WATER_DRM.stream,
      WATER_DRM.river,
      WATER_DRM.bridge,
    ]);
    expect([mods['trench'], mods['minefield'], mods['dragons-teeth'], mods['bunker']]).toEqual(
      Object.values(FORTIFICATION_DRM),
    );
    expect(tables.get('gd-fortifications')!.cells.map((r) => r[0])).toEqual(Object.values(FORTIFICATION_DRM));
    expect(Object.keys(READINGS)).toEqual([
      'gd.odds',
      'gd.directFire',
      'gd.weatherClamp',
      'gd.supplyHalving',
      'gd.nightBarrage',
      'gd.discardedCancels',
      'gd.divisionAfterPass',
      'gd.opening',
      'gd.dayOnly',
      'gd.mutualCancel',
      'gd.engineerWater',
      'gd.divisionChit',
    ]);
    // Each reading's default is the digest's suggested handling (§10 A1, A2, A10, A13, A16, A21, A25, A33, A34).
    expect(DEFAULT_READINGS).toMatchObject({
      'gd.odds': 'printed',
      'gd.discardedCancels': 'void',
      'gd.divisionAfterPass': 'allow',
      'gd.opening': 'first-turn',
      'gd.dayOnly': 'day',
    });
  });

  it('D1: 12 v 2 (6:1) uses 5-1', () => expect(column(basic(12, 2))).toBe('5-1'));
  it('D2: 2 v 10 (1:5) uses 1-4', () => {
    expect(column(basic(2, 10))).toBe('1-4');
    expect(column(basic(2, 10), { 'gd.odds': 'defender' })).toBe('1-4');
  });
  it('D3: 7 v 3 (2.33) is 3-1 as printed ("rounded up"), 2-1 rounded for the defender (A2)', () => {
    expect(column(basic(7, 3))).toBe('3-1');
    expect(column(basic(7, 3), { 'gd.odds': 'defender' })).toBe('2-1');
    const o = attack(basic(7, 3), [3, 4], 'day', 'sunny', { readings: { 'gd.odds': 'defender' } });
    expect(o.result).toMatchObject({ column: '2-1', result: 'DR' });
    expect(attack(basic(7, 3), [3, 4]).result).toMatchObject({ column: '3-1', result: 'DC' });
  });

  it('D4: Day, Sunny, 2d6 = 3, river +4, bunker +4, chits +3 → 14 → 12', () => {
    const o = attack(basic(4, 4, { water: 'river', fortifications: { bunker: true }, chitDrm: 3 }), [1, 2]);
    expect(o.result).toMatchObject({ column: '1-1', dice: 3, modified: 14, final: 12, result: 'AP' });
    expect(keys(o)).toContain('gd.combat.clamped');
    expect(o.lines.filter((l) => l.key === 'gd.combat.modifier').map((l) => l.params!['label'])).toEqual([
      'gd.mod.chits',
      'gd.mod.bunker',
      'gd.mod.river',
    ]);
  });
  it('D5: 2d6 = 4, chits −5 → −1 → 2', () =>
    expect(attack(basic(4, 4, { chitDrm: -5 }), [2, 2]).result).toMatchObject({
      modified: -1,
      final: 2,
      result: 'DE',
    }));
  it('D7: Night, 3d6 = 16, chits −2, Storm +2 → 16 → 12 (no Evening +1)', () => {
    const o = attack(basic(4, 4, { chitDrm: -2 }), [6, 5, 5], 'night', 'storm');
    expect(o.rolls[0]!.dice).toHaveLength(3);
    expect(o.result).toMatchObject({ dice: 16, modified: 16, final: 12 });
    expect(keys(o)).toContain('gd.combat.night');
  });
  it('D8: an engineer against a bunker (+4) and a trench (+1) halves each: +2 and +0', () => {
    const ci = combatInput(basic(4, 4, { fortifications: { bunker: true, trench: true }, engineer: true }) as never);
    expect(ci.modifiers.map((m) => [m.label, m.value])).toEqual([
      ['gd.mod.trenchEngineer', 0],
      ['gd.mod.bunkerEngineer', 2],
    ]);
    // terrain given as separate penalties is halved one by one: +1 and +1 → 0 and 0; +3 → +1
    const t = combatInput(basic(4, 4, { terrainDrm: [1, 1, 3], engineer: true }) as never);
    expect(t.modifiers.map((m) => m.value)).toEqual([0, 0, 1]);
    expect(combatInput(basic(4, 4, { terrainDrm: 3, engineer: true }) as never).modifiers.map((m) => m.value)).toEqual([
      1,
    ]);
    expect(combatInput(basic(4, 4, { terrainDrm: -2, engineer: true }) as never).modifiers.map((m) => m.value)).toEqual(
      [-2],
    );
  });
  it('Evening +1, weather +1/+2/+3, stream +2, a bridge +1 instead; 3 dice across a bridge hexside (A4)', () => {
    const mods = (o: ProcedureOutcome) =>
      o.lines.filter((l) => l.key === 'gd.combat.modifier').map((l) => `${l.params!['label']}${l.params!['value']}`);
    expect(mods(attack(basic(4, 4, { water: 'stream' }), [3, 3], 'evening', 'snow'))).toEqual([
      'gd.mod.stream+2',
      'gd.mod.snow+3',
      'gd.mod.evening+1',
    ]);
    expect(mods(attack(basic(4, 4, { water: 'bridge' }), [3, 3], 'day', 'rain'))).toEqual([
      'gd.mod.bridge+1',
      'gd.mod.rain+1',
    ]);
    const b = attack(basic(4, 4, { water: 'bridge', acrossBridgeHexside: true }), [1, 2, 3]);
    expect(b.rolls[0]!.dice).toHaveLength(3);
    expect(b.result).toMatchObject({ dice: 6, final: 7 });
  });

  it('supply halving: low attack ½ up, out attack and defence ½ down; per unit by default, on the total with A34 "total"', () => {
    const input = {
      attackers: [unit(3, 'low'), unit(3, 'low'), unit(5, 'out'), unit(5, 'out'), unit(4)],
      defenders: [def(3, 'out'), def(3, 'out'), def(4, 'low')],
      defendingArtillery: [2],
    };
    const per = combatInput(input as never);
    expect([per.attack, per.defence]).toEqual([2 + 2 + 2 + 2 + 4, 1 + 1 + 4 + 2]);
    const tot = combatInput(input as never, { ...DEFAULT_READINGS, 'gd.supplyHalving': 'total' });
    expect([tot.attack, tot.defence]).toEqual([3 + 5 + 4, 3 + 4 + 2]);
  });
  it('a strength halved to 0 still enters the table at its end', () => {
    expect(column({ attackers: [unit(1, 'out')], defenders: [def(2)] })).toBe('1-4');
    expect(column({ attackers: [unit(2)], defenders: [def(1, 'out')] })).toBe('5-1');
  });

  it('A14: AP eliminates half the attacking units, rounded down: 1 unit → 0, 3 → 1, 4 → 2', () => {
    expect(attack(basic(1, 4), [4, 5]).result).toMatchObject({
      column: '1-4',
      final: 9,
      result: 'AP',
      attackingUnits: 1,
      eliminated: 0,
    });
    expect(attack(basic(1, 4, { attackingUnits: 3 }), [4, 5]).result).toMatchObject({ result: 'AP', eliminated: 1 });
    const o = attack({ attackers: [unit(1), unit(1), unit(1), unit(1)], defenders: [def(16)] }, [4, 5]);
    expect(o.result).toMatchObject({ result: 'AP', eliminated: 2 });
    expect(keys(o)).toEqual(expect.arrayContaining(['gd.effect.AP', 'gd.effect.apCount']));
  });
  it('T1: 1-4 and 7 reads AC by default (erratum), SC as printed', () => {
    const o = attack(basic(1, 4), [3, 4]);
    expect(o.result).toMatchObject({ result: 'AC' });
    expect(keys(o)).toContain('gd.combat.erratum');
    expect(attack(basic(1, 4), [3, 4], 'day', 'sunny', { errata: 'printed' }).result).toMatchObject({ result: 'SC' });
  });
  it('needs the turn and the weather; refuses an empty side', () => {
    expect(() => new Game().run('gd.combat', basic(4, 4), [[3, 4]])).toThrow(refusal('gd.err.turnFirst'));
    expect(() => new Game().setup('day').run('gd.combat', basic(4, 4), [[3, 4]])).toThrow(
      refusal('gd.err.weatherFirst'),
    );
    expect(() =>
      new Game().setup('day', 'sunny').run('gd.combat', { attackers: [], defenders: [def(2)] }, [[3, 4]]),
    ).toThrow(refusal('gd.err.noAttackers'));
  });
  it('combatInput reads the turn type and weather from the game state for the chances before the roll', () => {
    const g = new Game().setup('night', 'snow');
    const ci = combatInput(basic(4, 4) as never, DEFAULT_READINGS, g.state.game, g.state.turn);
    expect(ci.dice).toEqual({ n: 3, sides: 6 });
    expect(ci.modifiers.map((m) => m.value)).toEqual([3]);
  });
});

// Issue #11: divergences from the text found by the rule-by-rule audit (seed 000 line numbers in brackets).
describe('Grossdeutschland, issue #11: engineers halve each penalty (16.0)', () => {
  it('item 1 — 16.0 [000: 814 «cada penalización se divide por la mitad individualmente, no todas colectivamente»]: two terrain penalties of +3 typed as a list give +1 and +1', () => {
    const g = new Game().setup('day', 'sunny');
    const o = g.run('gd.combat', basic(6, 3, { terrainDrm: [3, 3], engineer: true }), [[3, 4]]);
    expect(o.result).toMatchObject({ dice: 7, modified: 9 });
    expect(o.lines.filter((l) => l.key === 'gd.combat.modifier').map((l) => l.params!['value'])).toEqual(['+1', '+1']);
    // Summed into one number the engineer would halve 6 to 3: why the form takes a list.
    const summed = new Game()
      .setup('day', 'sunny')
      .run('gd.combat', basic(6, 3, { terrainDrm: 6, engineer: true }), [[3, 4]]);
    expect(summed.result).toMatchObject({ modified: 10 });
  });

  it('item 1 — the attack form reads the penalties as a list, and never reads an unreadable entry as 0', () => {
    expect(parseDrmList('3 3')).toEqual([3, 3]);
    expect(parseDrmList('3, 3')).toEqual([3, 3]);
    expect(parseDrmList('+2 −1')).toEqual([2, -1]);
    expect(parseDrmList('4')).toEqual([4]);
    expect(parseDrmList('3x')).toBeUndefined();
    // The form sends what it cannot read as typed: the procedure refuses it.
    const g = new Game().setup('day', 'sunny');
    expect(() => g.run('gd.combat', basic(6, 3, { terrainDrm: '3x' }), [[3, 4]])).toThrow(refusal('gd.err.number'));
  });

  it('reading gd.engineerWater — 16.0 [000: 814] and 10.8: the river penalty unhalved by default, halved with the other reading', () => {
    const river = basic(6, 3, { water: 'river', engineer: true });
    expect(new Game().setup('day', 'sunny').run('gd.combat', river, [[3, 4]]).result).toMatchObject({ modified: 11 });
    const halved = new Game({ readings: { 'gd.engineerWater': 'halved' } }).setup('day', 'sunny');
    const o = halved.run('gd.combat', river, [[3, 4]]);
    expect(o.result).toMatchObject({ modified: 9 });
    expect(o.lines.some((l) => l.params?.['label'] === 'gd.mod.riverEngineer')).toBe(true);
  });
});

// Issue #11, procedures left to the players: the end-of-turn checklist fed by the turn's steps.
describe('Grossdeutschland, issue #11: end of the turn (3.5)', () => {
  it('3.5 [000: 165-177]: the checklist counts the artillery that fired (10.2) and the units pinned (11.4) this turn', () => {
    const g = new Game().setup('day', 'sunny');
    g.run('gd.barrage', { distance: 5 }, [[1, 2, 4]]); // 7 > 5: a hit, no pair
    g.run('gd.directFire', { range: 1, defence: 9 }, [[3, 3]]); // both dice > 1; 6 < 10: pinned
    g.run('gd.combat', basic(6, 3, { defendingArtillery: [2] }), [[3, 4]]); // the defending artillery fires
    const o = g.run('gd.endOfTurn', {});
    expect(o.result).toEqual({ turn: 1, fired: 2, pinned: 1, night: false });
    expect(keys(o)).toEqual(['gd.end.markers', 'gd.end.pontoons', 'gd.end.chits', 'gd.end.pinned', 'gd.end.fired']);
    g.endTurn();
    g.setup('night', 'sunny');
    const n = g.run('gd.endOfTurn', {});
    expect(n.result).toEqual({ turn: 2, fired: 0, pinned: 0, night: true });
    expect(keys(n)).toContain('gd.end.replacements');
  });
});

// Issue #11, procedures left to the players: the supply record feeds fire and combat.
describe('Grossdeutschland, issue #11: the supply record feeds fire and combat (5.2)', () => {
  const outOfSupply = () => {
    const g = new Game();
    g.setup('day', 'sunny');
    g.run('gd.supply', { unit: '5K 2Gr', side: 'german', traced: false });
    g.run('gd.supply', { unit: '3K 2Gr', side: 'german', traced: false });
    g.endTurn();
    g.setup('day', 'sunny');
    g.run('gd.supply', { unit: '5K 2Gr', side: 'german', traced: false }); // second phase: Out
    return g;
  };

  it('5.2 [000: 244-245 «No se permite el fuego de alcance directo… La artillería debe ser volteada a su lado de “disparada”»]: an out-of-supply firer is refused', () => {
    const g = outOfSupply();
    expect(() => g.run('gd.directFire', { range: 1, defence: 9, firer: '5k 2gr' }, [[3, 3]])).toThrow(
      refusal('gd.err.firerOutDirect'),
    );
    expect(() => g.run('gd.barrage', { distance: 5, firer: '5K 2Gr' }, [[1, 2, 4]])).toThrow(
      refusal('gd.err.firerOutBarrage'),
    );
    expect(() => g.run('gd.directFire', { range: 1, defence: 9, firer: 'Nobody' }, [[3, 3]])).toThrow(
      refusal('gd.err.noSupplyRecord'),
    );
    // Low supply (3K 2Gr, one failure, not re-checked) may fire; the step says what the record holds.
    const o = g.run('gd.directFire', { range: 1, defence: 9, firer: '3K 2Gr' }, [[3, 3]]);
    expect(o.lines[0]).toMatchObject({ key: 'gd.fire.firerSupply', params: { unit: '3K 2Gr' } });
  });

  it('5.2 [000: 234, 242]: a named unit takes its supply from the record in combat, with no asking twice', () => {
    const g = outOfSupply();
    // Out: attack halved, rounded down (6 → 3); 3 : 3 is 1-1.
    const o = g.run('gd.combat', { attackers: [{ af: 6, unit: '5K 2Gr' }], defenders: [{ df: 3 }] }, [[3, 4]]);
    expect(o.result).toMatchObject({ attack: 3, defence: 3 });
    expect(keys(o)).toContain('gd.combat.supplyRecord');
    expect(() =>
      g.run('gd.combat', { attackers: [{ af: 6, unit: '5K 2Gr', supply: 'full' }], defenders: [{ df: 3 }] }, [[3, 4]]),
    ).toThrow(refusal('gd.err.supplyDiffers'));
    expect(() =>
      g.run('gd.combat', { attackers: [{ af: 6, unit: 'Nobody' }], defenders: [{ df: 3 }] }, [[3, 4]]),
    ).toThrow(refusal('gd.err.noSupplyRecord'));
  });
});

describe('Grossdeutschland, issue #11: overrun (9.4)', () => {
  it('9.4 [000: 373 «ni el atacante… ni el defensor pueden añadir artillería»]: no artillery; success only if every defender is gone or retreats', () => {
    const g = new Game().setup('day', 'sunny');
    expect(() => g.run('gd.combat', basic(12, 2, { overrun: true, defendingArtillery: [2] }), [[1, 1]])).toThrow(
      refusal('gd.err.overrunArtillery'),
    );
    // 4 : 4 is 1-1 (rolls 2 DE, 3 DD, 4 DC, 6 DR, 7 -, 9 AC).
    const run = (dice: number[], defenders = [def(4)]) =>
      new Game().setup('day', 'sunny').run('gd.combat', { attackers: [unit(4)], defenders, overrun: true }, [dice]);
    const overrunLine = (o: ProcedureOutcome) => keys(o).find((k) => k.startsWith('gd.overrun.'));
    expect(overrunLine(run([1, 1]))).toBe('gd.overrun.success'); // DE
    expect(overrunLine(run([3, 3]))).toBe('gd.overrun.success'); // DR
    expect(overrunLine(run([1, 2]))).toBe('gd.overrun.success'); // DD, the lone defender eliminated
    expect(overrunLine(run([1, 2], [def(2), def(2)]))).toBe('gd.overrun.failed'); // DD, another defender stays
    expect(overrunLine(run([2, 2]))).toBe('gd.overrun.ifSpent'); // DC on a lone defender
    expect(overrunLine(run([3, 4]))).toBe('gd.overrun.failed'); // no effect
    expect(overrunLine(run([4, 5]))).toBe('gd.overrun.failed'); // AC
    // Without the overrun flag no overrun line.
    expect(keys(new Game().setup('day', 'sunny').run('gd.combat', basic(4, 4), [[1, 1]])).join()).not.toMatch(
      /overrun/,
    );
  });
});

describe('Grossdeutschland messages', () => {
  it('every reading has its setting labels in both languages (the panel shows them)', () => {
    for (const [id, r] of Object.entries(READINGS))
      for (const k of [
        `gdui.reading.${id}`,
        ...(r.choices as readonly string[]).map((c) => `gdui.choice.${id}.${c}`),
      ]) {
        expect(uiMessages.en, k).toHaveProperty([k]);
        expect(uiMessages.es, k).toHaveProperty([k]);
      }
  });
  it('every key the procedures used is in the catalog, in English and Spanish', () => {
    expect(seen.size).toBeGreaterThan(60);
    // The supply record's keys (gdt.*, used by the fire and combat steps since issue #11) are in the tally block.
    const en = { ...messages.en, ...tallyMessages.en };
    const es = { ...messages.es, ...tallyMessages.es };
    const missing = [...seen].filter((k) => !(k in en) || !(k in es));
    expect(missing).toEqual([]);
    expect(Object.keys(messages.es).sort()).toEqual(Object.keys(messages.en).sort());
  });
});

describe('Grossdeutschland turn bookkeeping', () => {
  it('reads a turn-track chart typed in by the players, in English or Spanish, ignoring what is not a value', async () => {
    const { turnTrackEntry } = await import('../../../src/games/grossdeutschland/rules');
    const entered = {
      '1|turn-type': 'Mañana',
      '1|weather-modifier': '-1',
      '1|day': 10,
      '2|turn-type': 'night',
      '2|weather-modifier': 'x',
    };
    expect(turnTrackEntry(entered, 1)).toEqual({ turnType: 'morning', weatherModifier: -1, day: 10 });
    expect(turnTrackEntry(entered, 2)).toEqual({ turnType: 'night' });
    expect(turnTrackEntry(entered, 3)).toEqual({});
    expect(turnTrackEntry(undefined, 1)).toEqual({});
  });

  it('one replacement roll per side per night (4.1), and a changed turn asks for the weather again', async () => {
    const { apply, initialState, newSession, EngineError } = await import('../../../src/engine');
    const { procedures, weatherOf } = await import('../../../src/games/grossdeutschland/rules');
    const files = import.meta.glob<unknown>('/tables/grossdeutschland/*.json', { eager: true, import: 'default' });
    const tables = new Map(
      Object.values(files)
        .filter((t) => (t as { kind: string }).kind === 'table')
        .map((t) => [(t as { id: string }).id, t as never]),
    );
    const ctx = { tables, procedures, readings: {} };
    let s = newSession({
      id: 's',
      game: 'grossdeutschland',
      scenario: 'gd-kursk',
      name: 'x',
      seed: 'gd',
      createdAt: 'now',
    });
    let st = initialState(s);
    const run = (id: string, input: object, manual?: number[][]) => {
      const r = apply(s, st, { type: 'procedure', id, input: input as never, ...(manual ? { manual } : {}) }, ctx);
      s = r.session;
      st = r.state;
      return r.entry;
    };
    run('gd.turn', { turnType: 'night', weatherModifier: 0 });
    run('gd.weather', {}, [[2]]);
    expect(weatherOf(st.game, 1)).toBe('cloudy');
    run('gd.replacement', { side: 'german' }, [[1]]);
    expect(() => run('gd.replacement', { side: 'german' }, [[1]])).toThrow(EngineError);
    run('gd.replacement', { side: 'soviet' }, [[6]]);
    run('gd.turn', { turnType: 'night', weatherModifier: 1 });
    expect(weatherOf(st.game, 1)).toBeUndefined();
  });
});
