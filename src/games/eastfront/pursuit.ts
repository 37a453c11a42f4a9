/**
 * EastFront's pursuit fire (6.41, 6.42, 15.5, 15.6): speeds under the weather, the rearguard's defence,
 * the chances before the roll, and the procedure.
 */
import { need, type Json, type Line, type Procedure } from '../../engine';
import {
  HIT_ON,
  SCENARIOS,
  TERRAINS,
  WEATHERS,
  baseFire,
  loseStep,
  other,
  poolDistribution,
  type Block,
  type Fire,
  type Pool,
  type Readings,
  type Scenario,
  type Side,
  type UnitType,
  type Weather,
} from './battle';
import type { SumDistribution } from '../../engine';
import { DEFAULT_READINGS, obj, oneOf } from './state';
import { scenarioOf } from './weather';
import { readBlock } from './battle-steps';

/** Speeds from the Unit Data chart (DATOS DE LAS UNIDADES) under the weather; W41 Snow Axis 1 (Scn W41 1). */
export function speedOf(
  api: { table(id: string): { rows: { entries: readonly { key: string }[] }; cells: readonly (readonly unknown[])[] } },
  type: UnitType,
  weather: Weather,
): number {
  const table = api.table('ef-unit-data');
  const row = table.rows.entries.findIndex((e) => e.key === type);
  return Number(table.cells[row]![WEATHERS.indexOf(weather)]);
}

/** Pursuit fire on a rearguard (6.41, 6.42, 15.5, 15.6): faster pursuers DF, equal SF, slower none; terrain defence applies. */
export const pursuit: Procedure = (input, api) => {
  const fields = obj(input);
  const weatherNow = oneOf(fields['weather'] ?? 'dry', WEATHERS, 'weather');
  const terrain = oneOf(fields['terrain'] ?? 'clear', TERRAINS, 'terrain');
  const scenario =
    scenarioOf(api.scenario?.id) ??
    (fields['scenario'] === undefined ? 's41' : oneOf(fields['scenario'], SCENARIOS, 'scenario'));
  const rg = readBlock(fields['rearguard'] ?? {}, 0);
  const pursuers = Array.isArray(fields['pursuers']) ? (fields['pursuers'] as Json[]).map(readBlock) : [];
  need(pursuers.length > 0, 'ef.err.noPursuers');
  need(
    pursuers.every((p) => p.side !== rg.side),
    'ef.err.pursuerSide',
  );
  const evac = oneOf(fields['evacuation'] ?? 'none', ['none', 'naval', 'coast'] as const, 'evacuation');
  // Fortress benefits go to the Original Defender only (7.23 EXCEPCION, line 1014; 7.35, line 1079):
  // in a fortress the panel asks whether the rearguard is the OD's and refuses without an answer
  // (pursuitTool). A step recorded before it asked has no answer and replays as it was made (the OD's).
  const role = typeof fields['rearguardOD'] === 'boolean' ? fields['rearguardOD'] : undefined;
  const rgOD = role !== false;
  const readings = { ...DEFAULT_READINGS, ...api.readings };
  const lines: Line[] = [];
  const w41 = scenario === 'w41' && weatherNow === 'snow';
  const speed = (b: Block) => (w41 && b.side === 'axis' ? 1 : speedOf(api, b.type, weatherNow));
  const rs = rearguardSpeed(speed(rg), evac);
  if (evac !== 'none') {
    lines.push({
      key: evac === 'coast' ? 'ef.pursuit.coast' : 'ef.pursuit.naval',
      rule: evac === 'coast' ? '15.5' : '15.6',
    });
  }
  if (w41) lines.push({ key: 'ef.pursuit.w41', rule: 'Scn W41 1' });
  lines.push({ key: 'ef.pursuit.rearguard', params: { unit: rg.id, cv: rg.cv, speed: rs }, rule: '6.41' });
  const defence = pursuitMult(terrain, weatherNow, rgOD, readings);
  const mult = defence.mult;
  if (terrain === 'fortress' && role !== undefined)
    lines.push({ key: rgOD ? 'ef.pursuit.fortressOD' : 'ef.pursuit.fortressOA', rule: rgOD ? '1.46, 7.35' : '7.23' });
  if (defence.mud) lines.push({ key: 'ef.pursuit.mud', rule: '12.24' });
  if (mult > 1) lines.push({ key: 'ef.fire.mult', params: { mult }, rule: '6.42' });
  let hits = 0;
  const shots: Json[] = [];
  for (const p of pursuers) {
    const ps = speed(p);
    const fire: Fire | null = baseFire(p, 'offence') === null ? null : ps > rs ? 'DF' : ps === rs ? 'SF' : null;
    if (!fire || p.cv === 0) {
      lines.push({
        key: baseFire(p, 'offence') === null ? 'ef.pursuit.hq' : 'ef.pursuit.slower',
        params: { unit: p.id, speed: ps },
        rule: '6.42',
      });
      continue;
    }
    const roll = api.roll({ n: p.cv, sides: 6 });
    const scored = roll.dice.filter((d) => d >= HIT_ON[fire]).length;
    hits += scored;
    shots.push({ unit: p.id, fire, hitOn: HIT_ON[fire], dice: roll.dice, hits: scored, repulses: 0 });
    lines.push({
      key: 'ef.pursuit.fire',
      params: { unit: p.id, speed: ps, fire: `ef.fp.${fire}`, dice: roll.dice.join(' '), hits: scored },
      rule: '6.42',
    });
  }
  let rearguard = rg;
  const steps = Math.floor(hits / mult);
  for (let k = 0; k < steps && !rearguard.eliminated; k++) rearguard = loseStep(rearguard);
  if (hits % mult) lines.push({ key: 'ef.pursuit.leftover', params: { n: hits % mult, mult }, rule: '7.34' });
  lines.push(
    rearguard.eliminated
      ? { key: 'ef.pursuit.eliminated', params: { unit: rg.id }, rule: '6.42' }
      : { key: 'ef.pursuit.survives', params: { unit: rg.id, cv: rearguard.cv }, rule: '6.41' },
  );
  return {
    headline: rearguard.eliminated
      ? { key: 'ef.pursuit.headElim' }
      : { key: 'ef.pursuit.head', params: { cv: rearguard.cv } },
    lines,
    result: { hits, mult, cv: rearguard.cv, eliminated: !!rearguard.eliminated, shots },
  };
};

/** The rearguard's speed: its own, or 1 by sea and 2 on the coast road when it evacuates (15.5, 15.6). */
const rearguardSpeed = (own: number, evac: 'none' | 'naval' | 'coast') =>
  evac === 'coast' ? 2 : evac === 'naval' ? 1 : own;

/** The rearguard's defence against pursuit fire (6.42): terrain, Triple in a fortress for the OD only (1.46, 7.23), Mud per reading (12.24). */
function pursuitMult(terrain: (typeof TERRAINS)[number], weather: Weather, rgOD: boolean, readings: Readings) {
  let mult = terrain === 'clear' ? 1 : terrain === 'fortress' ? (rgOD ? 3 : 1) : 2;
  let mud = false;
  if (weather === 'mud' && mult < 2 && readings['ef.pursuitMud'] === 'double') {
    mult = 2;
    mud = true;
  }
  return { mult, mud };
}

/**
 * The chances before a pursuit roll (6.41, 6.42), as the pursuit procedure will read them: each
 * pursuer's fire by speed (faster DF, equal SF, slower none; HQs do not fire), the rearguard's defence,
 * and the exact chance of each number of steps it loses (hits ÷ defence, down to its elimination).
 * `elim` is the number of steps that eliminates it (7.33: one per CV; an HQ or static unit has Ø too).
 */
export function pursuitPreview(
  api: Parameters<typeof speedOf>[0],
  opts: {
    weather: Weather;
    terrain: (typeof TERRAINS)[number];
    scenario: Scenario;
    rearguard: { side: Side; type: UnitType; cv: number };
    pursuers: readonly { type: UnitType; cv: number }[];
    evacuation: 'none' | 'naval' | 'coast';
    rearguardOD: boolean;
    readings: Readings;
  },
): { pools: Pool[]; mult: number; speed: number; steps: SumDistribution; elim: number } {
  const w41 = opts.scenario === 'w41' && opts.weather === 'snow';
  const speed = (side: Side, type: UnitType) => (w41 && side === 'axis' ? 1 : speedOf(api, type, opts.weather));
  const rs = rearguardSpeed(speed(opts.rearguard.side, opts.rearguard.type), opts.evacuation);
  const pursuerSide = other(opts.rearguard.side);
  const pools = pursuitPools(
    opts.pursuers.map((p) => ({ type: p.type, cv: p.cv, speed: speed(pursuerSide, p.type) })),
    rs,
  );
  const { mult } = pursuitMult(opts.terrain, opts.weather, opts.rearguardOD, { ...DEFAULT_READINGS, ...opts.readings });
  const hits = poolDistribution(pools);
  const elim =
    opts.rearguard.type === 'hq' || opts.rearguard.type === 'static' ? opts.rearguard.cv + 1 : opts.rearguard.cv;
  const counts = new Map<number, number>();
  for (const [h, c] of hits.counts) {
    const lost = Math.min(Math.floor(h / mult), elim);
    counts.set(lost, (counts.get(lost) ?? 0) + c);
  }
  const keys = [...counts.keys()].sort((a, b) => a - b);
  return {
    pools,
    mult,
    speed: rs,
    elim,
    steps: {
      counts: new Map(keys.map((k) => [k, counts.get(k)!])),
      outcomes: hits.outcomes,
      min: keys[0]!,
      max: keys[keys.length - 1]!,
    },
  };
}

/** Pursuers' firepower before the roll (for the preview). */
export function pursuitPools(
  pursuers: readonly { type: UnitType; cv: number; speed: number }[],
  rearguardSpeed: number,
): Pool[] {
  const pools: Record<Fire, number> = { SF: 0, DF: 0, TF: 0 };
  for (const p of pursuers) {
    if (p.type === 'hq') continue;
    if (p.speed > rearguardSpeed) pools.DF += p.cv;
    else if (p.speed === rearguardSpeed) pools.SF += p.cv;
  }
  return (['SF', 'DF'] as const).filter((f) => pools[f] > 0).map((fire) => ({ fire, dice: pools[fire] }));
}
