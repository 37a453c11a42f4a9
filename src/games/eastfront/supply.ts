/**
 * EastFront's supply (10.x): out-of-supply attrition (10.4) with Fortress Supply for the Original
 * Defender's largest unit (10.5), and the units a repulse leaves overstacked, which count as out of
 * supply (6.21, 6.22).
 */
import { need, type Json, type Line, type Procedure } from '../../engine';
import { TERRAINS, loseStep, type Block, type Terrain } from './battle';
import { int, obj, oneOf } from './state';
import { readBlock } from './battle-steps';

/** The OD's unit(s) in a fortress that Fortress Supply may exempt: the largest, the owner choosing among equals (10.5, seed 004 line 1320). */
export function fortressSupplied(units: readonly Pick<Block, 'id' | 'cv'>[]): readonly string[] {
  const top = Math.max(...units.map((u) => u.cv));
  return units.filter((u) => u.cv === top).map((u) => u.id);
}

/** Out-of-supply attrition (10.4, 10.5): each unit found out of supply in the enemy supply phase loses 1 step; the largest OD unit in a fortress is exempt. */
export const attrition: Procedure = (input, api) => {
  const fields = obj(input);
  const units = Array.isArray(fields['units']) ? (fields['units'] as Json[]).map(readBlock) : [];
  need(units.length > 0, 'ef.err.noUnits');
  let exempt = fields['fortressExempt'] === undefined ? undefined : String(fields['fortressExempt']);
  need(exempt === undefined || units.some((u) => u.id === exempt), 'ef.err.notCandidate', {
    unit: String(exempt),
    list: units.map((u) => u.id).join(', '),
  });
  // 10.5 (line 1320): Fortress Supply goes to the largest defending unit, the Original Defender's only;
  // the owner picks among equals. With the OD's units in the fortress named (`fortress`), the exempt one
  // is that largest; a step recorded before they were asked for names its exempt unit alone and replays as made.
  if (Array.isArray(fields['fortress'])) {
    const inFortress = units.filter((u) => (fields['fortress'] as Json[]).includes(u.id));
    need(inFortress.length > 0, 'ef.err.fortressNone');
    const largest = fortressSupplied(inFortress);
    if (exempt === undefined) {
      need(largest.length === 1, 'ef.err.fortressTie', { list: largest.join(', ') });
      exempt = largest[0]!;
    }
    need(largest.includes(exempt), 'ef.err.notLargest', { unit: exempt, list: largest.join(', ') });
  }
  const lines: Line[] = [];
  const after: Json[] = [];
  let lost = 0;
  for (const u of units) {
    if (u.id === exempt) {
      lines.push({ key: 'ef.oos.exempt', params: { unit: u.id }, rule: '10.5' });
      after.push({ id: u.id, cv: u.cv, eliminated: false });
      continue;
    }
    const reduced = loseStep(u);
    lost++;
    lines.push(
      reduced.eliminated
        ? { key: 'ef.oos.eliminated', params: { unit: u.id, cv: u.cv }, rule: '10.4' }
        : { key: 'ef.oos.step', params: { unit: u.id, from: u.cv, to: reduced.cv }, rule: '10.4' },
    );
    after.push({ id: u.id, cv: reduced.cv, eliminated: !!reduced.eliminated });
  }
  void api;
  return { headline: { key: 'ef.oos.head', params: { n: lost } }, lines, result: after };
};

/** Stacking limits by terrain (6.21, seed 004 lines 811–815); the text gives none for a major city or a fortress. */
export const STACKING: Readonly<Partial<Record<Terrain, number>>> = {
  clear: 4,
  forest: 4,
  hill: 4,
  swamp: 3,
  mountain: 2,
};

/**
 * Overstacking after a repulse (6.22, line 825): the units over the hex's limit (6.21) count as out of
 * supply, the owner choosing which; each loses a step in the next enemy Supply Phase (10.4). Where 6.21
 * gives no limit (a major city, a fortress) the players type the one they read in the printed chart.
 */
export const overstack: Procedure = (input) => {
  const fields = obj(input);
  const terrain = oneOf(fields['terrain'] ?? 'clear', TERRAINS, 'terrain');
  const known = STACKING[terrain];
  need(known !== undefined || fields['limit'] !== undefined, 'ef.err.stackLimit', { terrain: `ef.t.${terrain}` });
  const limit = known ?? int(fields['limit'], 'limit', 1, 9);
  const units = Array.isArray(fields['units']) ? (fields['units'] as Json[]).map(readBlock) : [];
  need(units.length > 0, 'ef.err.noUnits');
  const excess = Math.max(0, units.length - limit);
  const lines: Line[] = [
    known !== undefined
      ? { key: 'ef.stack.limit', params: { terrain: `ef.t.${terrain}`, limit }, rule: '6.21' }
      : { key: 'ef.stack.limitTyped', params: { terrain: `ef.t.${terrain}`, limit }, rule: '6.21' },
  ];
  if (excess === 0) {
    lines.push({ key: 'ef.stack.within', params: { n: units.length }, rule: '6.22' });
    return { headline: { key: 'ef.stack.headNone' }, lines, result: { excess: 0, outOfSupply: [] } };
  }
  const chosen = Array.isArray(fields['chosen']) ? (fields['chosen'] as Json[]).map(String) : [];
  need(
    chosen.length === excess && new Set(chosen).size === excess && chosen.every((id) => units.some((u) => u.id === id)),
    'ef.err.stackChoose',
    { n: excess, list: units.map((u) => u.id).join(', ') },
  );
  lines.push({ key: 'ef.stack.over', params: { n: excess, count: units.length }, rule: '6.22' });
  for (const id of chosen) {
    const unit = units.find((u) => u.id === id)!;
    const reduced = loseStep(unit);
    lines.push(
      reduced.eliminated
        ? { key: 'ef.stack.willEliminate', params: { unit: id, cv: unit.cv }, rule: '6.22, 10.4' }
        : { key: 'ef.stack.willLose', params: { unit: id, from: unit.cv, to: reduced.cv }, rule: '6.22, 10.4' },
    );
  }
  return {
    headline: { key: 'ef.stack.head', params: { n: excess } },
    lines,
    result: { excess, outOfSupply: chosen },
  };
};
