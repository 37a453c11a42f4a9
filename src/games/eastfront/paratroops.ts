/**
 * EastFront's paratroop rally (14.6, seed 004 lines 1670–1684): a dropped paratroop unit is Dispersed
 * until its own Supply Phase; at its start it rallies if it meets one of three conditions, and is
 * eliminated otherwise. Supply has nothing to do with it (line 1684). No dice.
 */
import { need, type Line, type Procedure } from '../../engine';
import { PHASES } from './sequence';
import { obj, phaseIndex } from './state';

/** The three ways a Dispersed paratroop unit rallies (14.6, lines 1678–1680). */
export const RALLY_CONDITIONS = ['friendlyHex', 'adjacentFriendly', 'withGroundUnits'] as const;
export type RallyCondition = (typeof RALLY_CONDITIONS)[number];

/** Whether the unit rallies and the conditions it meets (any one is enough). */
export function rallies(met: readonly RallyCondition[]): boolean {
  return met.length > 0;
}

/**
 * The rally check at the start of the friendly Supply Phase (14.6, line 1674): the players say which of
 * the three conditions the Dispersed unit meets; one is enough, none eliminates it (line 1682).
 */
export const rally: Procedure = (input, api) => {
  const fields = obj(input);
  need(PHASES[phaseIndex(api.game, api.turn)]!.phase === 'supply', 'ef.err.rallyPhase');
  const unit = String(fields['unit'] ?? '')
    .trim()
    .slice(0, 24);
  need(unit.length > 0, 'ef.err.rallyUnit');
  const met = RALLY_CONDITIONS.filter((c) => fields[c] === true);
  const lines: Line[] = met.map((c) => ({ key: `ef.rally.${c}`, params: { unit }, rule: '14.6' }));
  if (rallies(met)) {
    lines.push({ key: 'ef.rally.recovers', params: { unit }, rule: '14.6' });
    return { headline: { key: 'ef.rally.head', params: { unit } }, lines, result: { unit, rallied: true, met } };
  }
  lines.push({ key: 'ef.rally.none', params: { unit }, rule: '14.6' });
  lines.push({ key: 'ef.rally.supplyNoHelp', rule: '14.6' });
  return { headline: { key: 'ef.rally.headLost', params: { unit } }, lines, result: { unit, rallied: false, met } };
};
