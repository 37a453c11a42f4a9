/**
 * EastFront's out-of-supply attrition (10.4, 10.5).
 */
import { need, type Json, type Line, type Procedure } from '../../engine';
import { loseStep } from './battle';
import { obj } from './state';
import { readBlock } from './battle-steps';

/** Out-of-supply attrition (10.4, 10.5): each unit found out of supply in the enemy supply phase loses 1 step; the largest OD unit in a fortress is exempt. */
export const attrition: Procedure = (input, api) => {
  const fields = obj(input);
  const units = Array.isArray(fields['units']) ? (fields['units'] as Json[]).map(readBlock) : [];
  need(units.length > 0, 'ef.err.noUnits');
  const exempt = fields['fortressExempt'] === undefined ? undefined : String(fields['fortressExempt']);
  need(exempt === undefined || units.some((u) => u.id === exempt), 'ef.err.notCandidate', {
    unit: String(exempt),
    list: units.map((u) => u.id).join(', '),
  });
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
