/**
 * EastFront's victory at the end of a scenario (17.1–17.3, Scn W41 2, Scn W44).
 */
import type { Json, Line, Procedure, ProcedureResult } from '../../engine';
import { SCENARIOS, type Side } from './battle';
import { obj, int, oneOf } from './state';
import { scenarioOf } from './weather';

export interface VpSide {
  /** Current Production Level (PP). */
  readonly production: number;
  /** Sum of the VM of friendly HQs in play. */
  readonly hqVm: number;
  readonly hqEliminated: number;
  /** Eliminated units (Axis: German or satellite), including those never rebuilt since the start (17.1 NOTA). */
  readonly eliminated: number;
  /** Axis: restricted Expeditionary satellite units (−1 each). */
  readonly expeditions?: number;
  /**
   * Axis: the Italian 8th Army (−2). One reading only (17.1 step 3, seed 004 line 1965): "1PV por cada
   * unidad Expedicionaria Satélite restringida (2PV por el 8º Ejército Italiano, ya que éste está
   * eliminado)" — its 2 VP are those of an eliminated satellite unit ("ya que": because it is eliminated),
   * in place of the restricted expedition's 1; it is not counted again among the units eliminated. The
   * panel says so at the field.
   */
  readonly italian8th?: boolean;
  /** Axis: out-of-supply German units (−1 each). */
  readonly outOfSupply?: number;
}

function readVp(value: Json | undefined, axis: boolean): VpSide {
  const fields = obj(value ?? {});
  const numberOf = (k: string, max = 999) => (fields[k] === undefined ? 0 : int(fields[k], k, 0, max));
  return {
    production: numberOf('production'),
    hqVm: numberOf('hqVm', 40),
    hqEliminated: numberOf('hqEliminated', 10),
    eliminated: numberOf('eliminated', 200),
    ...(axis
      ? {
          expeditions: numberOf('expeditions', 4),
          italian8th: fields['italian8th'] === true,
          outOfSupply: numberOf('outOfSupply', 200),
        }
      : {}),
  };
}

/** A side's victory points and their parts as the explanation names them (17.1): PP, VM, HQ, units. */
function vpParts(tally: VpSide, axis: boolean) {
  const units = axis
    ? 2 * tally.eliminated + (tally.expeditions ?? 0) + (tally.italian8th ? 2 : 0) + (tally.outOfSupply ?? 0)
    : tally.eliminated;
  const parts = { pp: tally.production, vm: 2 * tally.hqVm, hq: 4 * tally.hqEliminated, units };
  return { ...parts, vp: parts.pp + parts.vm - parts.hq - units };
}
/** A side's VP (17.1): Production Level + 2 per HQ VM − 4 per HQ eliminated − unit penalties. */
export const vpOf = (tally: VpSide, axis: boolean): number => vpParts(tally, axis).vp;

/**
 * W44's month of victory (Scn W44 5, seed 004 lines 2544–2556): January to May as the text lists them;
 * December, the scenario's first month (3.1.1, line 476), which the schedule leaves out, by reading
 * ef.w44December; 'never' by reading ef.w44Never.
 */
export const W44_MONTHS = ['dec', 'jan', 'feb', 'mar', 'apr', 'may', 'never'] as const;
const W44_RESULT: Record<Exclude<(typeof W44_MONTHS)[number], 'dec'>, { winner: Side | null; level: string }> = {
  jan: { winner: 'soviet', level: 'Mayor' },
  feb: { winner: 'soviet', level: 'Marginal' },
  mar: { winner: null, level: 'Empate' },
  apr: { winner: 'axis', level: 'Marginal' },
  may: { winner: 'axis', level: 'Mayor' },
  never: { winner: 'axis', level: 'Mayor' },
};

/** Victory at the end of a scenario (17.1–17.3, Scn W41 2, Scn W44): VP, handicap, difference, level, tournament points. */
export const victory: Procedure = (input, api): ProcedureResult => {
  const fields = obj(input);
  const scenario = scenarioOf(api.scenario?.id) ?? oneOf(fields['scenario'], SCENARIOS, 'scenario');
  const lines: Line[] = [];
  if (scenario === 'w44') {
    const chosenMonth = oneOf(fields['w44Month'], W44_MONTHS, 'w44Month');
    if (chosenMonth === 'dec') {
      // Not in the schedule (Scn W44 5): the players decide, or January's result by their reading.
      if (api.readings['ef.w44December'] !== 'as-january')
        return {
          headline: { key: 'ef.vp.decide' },
          lines: [{ key: 'ef.vp.w44Dec', rule: 'Scn W44 5, 3.1.1' }],
          result: { winner: null, level: 'none' },
        };
      lines.push({ key: 'ef.vp.w44DecJan', rule: 'Scn W44 5, 3.1.1' });
    }
    let outcome = W44_RESULT[chosenMonth === 'dec' ? 'jan' : chosenMonth];
    if (chosenMonth === 'never') {
      if (api.readings['ef.w44Never'] === 'draw') outcome = { winner: null, level: 'Empate' };
      lines.push({ key: 'ef.vp.w44Never', rule: 'Scn W44, digest §7.18' });
    } else lines.push({ key: 'ef.vp.w44', params: { month: `ef.month.${chosenMonth}` }, rule: 'Scn W44, 16.8' });
    return {
      headline: outcome.winner
        ? { key: 'ef.vp.head', params: { side: `ef.side.${outcome.winner}`, level: `ef.level.${outcome.level}` } }
        : { key: 'ef.vp.draw' },
      lines,
      result: { winner: outcome.winner, level: outcome.level } as Json,
    };
  }
  const soviet = readVp(fields['soviet'], false);
  const axis = readVp(fields['axis'], true);
  const sovietVp = vpParts(soviet, false);
  const axisVp = vpParts(axis, true);
  let sv = sovietVp.vp;
  const av0 = axisVp.vp;
  lines.push({ key: 'ef.vp.soviet', params: sovietVp, rule: '17.1' });
  lines.push({ key: 'ef.vp.axis', params: axisVp, rule: '17.1' });
  if (scenario === 'edelweiss' && api.readings['ef.edelweissVictory'] !== 'tally')
    // The Edelweiss scenario gives no victory conditions (Scn Edelweiss, seed 004 lines 2568–2700; handicap
    // N/A, line 2579): the app names no winner; the VP of 17.1 above are for the players' information.
    return {
      headline: { key: 'ef.vp.decide' },
      lines: [...lines, { key: 'ef.vp.edelweiss', rule: 'Scn Edelweiss' }],
      result: { axis: axisVp.vp, soviet: sovietVp.vp, winner: null, level: 'none' },
    };
  if (scenario === 'w41') {
    const bonus = Math.max(0, 14 - axis.hqVm);
    sv += bonus;
    lines.push({ key: 'ef.vp.w41', params: { n: bonus }, rule: 'Scn W41 2' });
  }
  let handicap = 0;
  if (scenario !== 'edelweiss') {
    const table = api.table('ef-handicaps');
    const col = table.columns.entries.findIndex((c) => c.key === scenario);
    const cell = table.cells[0]![col];
    handicap = typeof cell === 'number' ? cell : 0;
  }
  const av = av0 + handicap;
  lines.push({
    key: 'ef.vp.handicap',
    params: { h: handicap > 0 ? `+${handicap}` : String(handicap), vp: av },
    rule: '17.2',
  });
  const diff = Math.abs(av - sv);
  const table = api.table('ef-victory-levels');
  const row = table.rows.entries.findIndex(
    (e) => (e.min === undefined || diff >= e.min) && (e.max === undefined || diff <= e.max),
  );
  const level = String(table.cells[row]![0]);
  const points = String(table.cells[row]![1]);
  const winner: Side | null = level === 'Empate' ? null : av > sv ? 'axis' : 'soviet';
  lines.push({
    key: winner ? 'ef.vp.diff' : 'ef.vp.diffDraw',
    params: { a: av, s: sv, diff, points, side: winner ? `ef.sideOf.${winner}` : '' },
    rule: '17.3, 17.31',
  });
  if (level === 'Decisiva') lines.push({ key: 'ef.vp.decisive', rule: '17.3, 17.4' });
  return {
    headline: winner
      ? { key: 'ef.vp.head', params: { side: `ef.side.${winner}`, level: `ef.level.${level}` } }
      : { key: 'ef.vp.draw' },
    lines,
    result: { axis: av, soviet: sv, diff, level, points, winner },
  };
};
