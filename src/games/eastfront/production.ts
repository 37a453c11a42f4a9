/**
 * EastFront's Production (11.x): the cost of each purchase and the month's Production procedure.
 */
import { need, type Json, type Line, type Procedure } from '../../engine';
import { SCENARIOS, SIDES, UNIT_TYPES, type Side, type UnitType } from './battle';
import { obj, int, oneOf } from './state';
import { monthOf, scenarioOf } from './weather';
import { reinforcementsIn } from './reinforcements';

export interface Buy {
  readonly unit: string;
  readonly type: UnitType;
  /** A replacement step (11.41), a cadre (11.42), or a reinforcement brought a month early (11.51). */
  readonly kind: 'step' | 'cadre' | 'early';
  readonly ss?: boolean;
  /** Supplied by the Coast army's beachhead: replacements cost double (15.52). */
  readonly bh?: boolean;
  /** An early arrival at 1 CV less, or paying its cadre's cost (11.51, seed 004 line 1449). */
  readonly early?: 'reduced' | 'paid';
}

/**
 * What the players say of a unit that takes a replacement step (11.41, line 1423: "unidades no implicadas
 * … siempre que tengan una Línea de Suministro"; 10.5, line 1322: none to a unit on Fortress Supply).
 * A step recorded before these were asked has none and replays as it was made.
 */
const STEP_CHECKS = [
  ['engaged', true, 'ef.err.stepEngaged', '11.41'],
  ['supplyLine', false, 'ef.err.stepNoSupplyLine', '11.41, 10.3'],
  ['fortressSupply', true, 'ef.err.stepFortress', '10.5'],
] as const;

/** Where a new cadre or reinforcement may arrive and how many (11.6, lines 1457–1465): one in a minor city or rail entry hex, two in a major city. */
export const ARRIVAL_CAP = { minor: 1, rail: 1, major: 2 } as const;

const num0 = (value: Json | undefined, field: string, min: number, max: number) =>
  value === undefined ? 0 : int(value, field, min, max);

/** The cost of one purchase (Chart:DATOS DE LAS UNIDADES, 11.42, 16.2, 16.6, Scn W41 1, Scn W44 4). */
export function costOf(
  api: { table(id: string): { rows: { entries: readonly { key: string }[] }; cells: readonly (readonly unknown[])[] } },
  side: Side,
  b: Buy,
  hq: { step: number; cadre: number },
): number {
  if (b.type === 'hq') return b.kind === 'step' ? hq.step : hq.cadre;
  const table = api.table('ef-unit-data');
  const row = table.rows.entries.findIndex((e) => e.key === b.type);
  const col = (side === 'axis' ? 4 : 6) + (b.kind === 'cadre' ? 1 : 0);
  const value = Number(table.cells[row]![col]);
  need(Number.isFinite(value), 'ef.err.noSuchUnit', {
    unit: b.unit,
    type: `ef.type.${b.type}`,
    side: `ef.side.${side}`,
  });
  return b.kind === 'step' && b.bh ? 2 * value : value;
}

/**
 * A month's Production (11.x, 16.2–16.61): the level (Basic PP of the scenario + cities + resources,
 * doubled for the Axis, with the Lend-Lease and oil modifiers — or the level straight from the
 * Production Track), the cost of each replacement step and cadre, the checks of 11.41, and the PP lost.
 */
export const production: Procedure = (input, api) => {
  const fields = obj(input);
  const side = oneOf(fields['side'], SIDES, 'side');
  const scenario = scenarioOf(api.scenario?.id) ?? oneOf(fields['scenario'], SCENARIOS, 'scenario');
  need(api.turn > 1 || fields['chained'] === true, 'ef.err.firstMonth');
  const lines: Line[] = [];
  const typedFields = obj(fields['modifiers'] ?? {});
  const flag = (k: string) => typedFields[k] === true;
  let level: number;
  if (fields['level'] !== undefined) {
    level = int(fields['level'], 'level', 0, 300);
    lines.push({ key: 'ef.prod.levelGiven', params: { level }, rule: '11.2' });
  } else {
    let basic: number;
    if (fields['basic'] !== undefined) basic = int(fields['basic'], 'basic', 0, 100);
    else {
      need(scenario !== 'edelweiss', 'ef.err.basic');
      const table = api.table('ef-basic-production');
      basic = Number(
        table.cells[side === 'soviet' ? 0 : 1]![table.columns.entries.findIndex((c) => c.key === scenario)],
      );
    }
    const cities = num0(fields['cities'], 'cities', 0, 200);
    const resources = num0(fields['resources'], 'resources', 0, 100);
    const res = side === 'axis' ? 2 * resources : resources;
    level = basic + cities + res;
    lines.push({ key: 'ef.prod.basic', params: { basic }, rule: '11.31' });
    lines.push({ key: 'ef.prod.cities', params: { cities }, rule: '11.32' });
    lines.push({
      key: side === 'axis' ? 'ef.prod.resourcesAxis' : 'ef.prod.resources',
      params: { resources, pp: res },
      rule: '1.5, 11.33',
    });
    if (side === 'soviet') {
      if (flag('lendLease')) {
        level -= 5;
        lines.push({ key: 'ef.prod.lendLease', rule: '16.3' });
      }
      if (flag('bakuTaken')) {
        level -= 10;
        lines.push({ key: 'ef.prod.bakuTakenSoviet', rule: 'sb:BAKU' });
      } else if (flag('oilRoute') && !flag('bakuLost')) {
        level -= 5;
        lines.push({ key: 'ef.prod.oilRoute', rule: '16.61' });
      }
    } else if (flag('bakuTaken')) {
      level += 20;
      lines.push({ key: 'ef.prod.bakuTakenAxis', rule: 'sb:BAKU' });
    }
    lines.push({ key: 'ef.prod.level', params: { level }, rule: '11.2' });
  }
  // HQ costs (11.42): a step 10, a cadre (its Ø step) 20; surcharges by oil and scenario.
  const hq = { step: 10, cadre: 20 };
  if (side === 'axis') {
    const scen = scenario === 'w41' || scenario === 'w44';
    const ploesti = flag('ploestiLost') && !flag('bakuTaken');
    if (scen) lines.push({ key: 'ef.prod.hqScenario', rule: scenario === 'w41' ? 'Scn W41 1' : 'Scn W44 4' });
    if (ploesti) lines.push({ key: 'ef.prod.hqPloesti', rule: '16.2' });
    if (flag('ploestiLost') && flag('bakuTaken')) lines.push({ key: 'ef.prod.hqPloestiBaku', rule: '16.2' });
    const surcharges = (scen ? 1 : 0) + (ploesti ? 1 : 0);
    const applied = api.readings['ef.hqSurcharge'] === 'stack' ? surcharges : Math.min(surcharges, 1);
    hq.step += 5 * applied;
    hq.cadre += 10 * applied;
  } else if (flag('bakuLost') || flag('bakuTaken')) {
    hq.step += 5;
    hq.cadre += 10;
    lines.push({ key: 'ef.prod.hqBaku', rule: '16.6' });
  }
  // This month's and next month's reinforcements by the scenario's list (11.5, 11.51).
  const { year, month } = monthOf(scenario, api.turn);
  const thisMonth = scenario === 'edelweiss' ? [] : reinforcementsIn(scenario, year, month);
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  const nextMonth = scenario === 'edelweiss' ? [] : reinforcementsIn(scenario, next.year, next.month);
  const buys: Buy[] = (Array.isArray(fields['buys']) ? (fields['buys'] as Json[]) : []).map((v, k) => {
    const fields = obj(v);
    const unit =
      String(fields['unit'] ?? '')
        .trim()
        .slice(0, 24) || `#${k + 1}`;
    const kind = oneOf(fields['kind'] ?? 'step', ['step', 'cadre', 'early'] as const, 'kind');
    if (kind === 'early') {
      // 11.51 (line 1449): a reinforcement of next month's list, a month early — at 1 CV less or paying its cadre.
      const listed = nextMonth.find((x) => x.side === side && x.unit.toLowerCase() === unit.toLowerCase());
      need(!!listed, 'ef.err.notEarly', {
        unit,
        list:
          nextMonth
            .filter((x) => x.side === side)
            .map((x) => x.unit)
            .join(', ') || '—',
      });
      return {
        unit: listed!.unit,
        type: listed!.type,
        kind,
        early: oneOf(fields['early'], ['reduced', 'paid'] as const, 'early'),
      };
    }
    if (kind === 'step') {
      for (const [flag, bad, key, rule] of STEP_CHECKS) need(fields[flag] !== bad, key, { unit, rule });
      // 11.41 (line 1425): "No se pueden añadir reemplazos a nuevos cuadros o a refuerzos en el mismo mes en que aparezcan."
      need(!thisMonth.some((x) => x.side === side && x.unit.toLowerCase() === unit.toLowerCase()), 'ef.err.stepNew', {
        unit,
      });
    }
    return {
      unit,
      type: oneOf(fields['type'], UNIT_TYPES, 'type'),
      kind,
      ...(fields['ss'] === true ? { ss: true } : {}),
      ...(fields['bh'] === true ? { bh: true } : {}),
    };
  });
  const seen = new Map<string, Buy['kind']>();
  for (const b of buys) {
    const before = seen.get(b.unit);
    need(!before, before === b.kind ? 'ef.err.twoSteps' : 'ef.err.cadreStep', { unit: b.unit });
    seen.set(b.unit, b.kind);
  }
  need(buys.filter((b) => b.ss && b.kind === 'step').length <= 1, 'ef.err.ss');
  let spent = 0;
  for (const b of buys) {
    if (b.kind === 'early') {
      const listed = nextMonth.find((x) => x.side === side && x.unit === b.unit)!;
      const cost = b.early === 'paid' ? costOf(api, side, { ...b, kind: 'cadre' }, hq) : 0;
      spent += cost;
      lines.push(
        b.early === 'paid'
          ? {
              key: 'ef.prod.earlyPaid',
              params: { unit: b.unit, cv: listed.cv, pp: cost, line: listed.line },
              rule: '11.51',
            }
          : {
              key: 'ef.prod.earlyReduced',
              params: { unit: b.unit, from: listed.cv, to: listed.cv - 1, line: listed.line },
              rule: '11.51',
            },
      );
      continue;
    }
    const cost = costOf(api, side, b, hq);
    spent += cost;
    lines.push({
      key: b.kind === 'cadre' ? 'ef.prod.cadre' : b.bh ? 'ef.prod.stepBh' : 'ef.prod.step',
      params: { unit: b.unit, type: `ef.type.${b.type}`, pp: cost },
      rule: b.kind === 'cadre' ? '11.42' : b.bh ? '11.41, 15.52' : '11.41',
    });
  }
  if (fields['bhReady'] === true) {
    need(side === 'soviet', 'ef.err.bhSoviet');
    spent += 20;
    lines.push({ key: 'ef.prod.bh', rule: '15.51' });
  }
  need(spent <= level, 'ef.err.overspent', { spent, level });
  // 11.6 (lines 1457–1465): where the new cadres and reinforcements arrive, if the players say.
  const arrivals = Array.isArray(fields['arrivals']) ? (fields['arrivals'] as Json[]).map((v) => obj(v)) : [];
  const byPlace = new Map<string, { at: string; size: keyof typeof ARRIVAL_CAP; units: string[] }>();
  for (const arrival of arrivals) {
    const unit = String(arrival['unit'] ?? '').trim();
    const at = String(arrival['at'] ?? '').trim();
    need(unit.length > 0 && at.length > 0, 'ef.err.arrivalPlace');
    const size = oneOf(arrival['size'], ['minor', 'rail', 'major'] as const, 'size');
    need(arrival['railSupply'] !== false, 'ef.err.arrivalSupply', { unit, at });
    need(arrival['inBattle'] !== true, 'ef.err.arrivalBattle', { unit, at });
    const place = byPlace.get(at.toLowerCase()) ?? { at, size, units: [] };
    place.units.push(unit);
    byPlace.set(at.toLowerCase(), place);
  }
  for (const place of byPlace.values()) {
    const cap = ARRIVAL_CAP[place.size];
    need(place.units.length <= cap, 'ef.err.arrivalCap', { at: place.at, n: cap, list: place.units.join(', ') });
    lines.push({
      key: 'ef.prod.arrivals',
      params: { at: place.at, list: place.units.join(', '), n: place.units.length, cap },
      rule: '11.6',
    });
  }
  lines.push({ key: 'ef.prod.lost', params: { spent, lost: level - spent }, rule: '11.3' });
  if (buys.some((b) => b.kind === 'step')) lines.push({ key: 'ef.prod.stepRules', rule: '11.41, 10.5' });
  return {
    headline: { key: 'ef.prod.head', params: { spent, level, lost: level - spent } },
    lines,
    result: { level, spent, lost: level - spent, hq: { ...hq } },
  };
};
