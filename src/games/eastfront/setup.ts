/**
 * EastFront's scenario set-up (3.2.2, seed 004 line 504; chaining, 3.1.2, lines 482–486) checked against
 * the scenario cards (tables ef-forces-axis / ef-forces-soviet): each type's starting forces are a number
 * of units and a most total CV ("12 unidades … que éstas no sumen un Valor de Combate total mayor de 38");
 * a chained scenario ignores them and applies the card's [±n] Basic-PP change. What the card does not
 * print (a "--" CV, a row a scenario lacks) is said, never guessed.
 */
import { need, type Json, type Line, type Procedure } from '../../engine';
import { SCENARIOS, SIDES } from './battle';
import { obj, int, oneOf } from './state';
import { scenarioOf } from './weather';

/** A card's "units / CV" cell: the units and the most CV, none of that type ("• / •"), or not printed ("--", a note). */
export type ForcesCell =
  | { readonly kind: 'forces'; readonly units: number; readonly cv: number }
  | { readonly kind: 'none' }
  | { readonly kind: 'unprinted'; readonly text: string };

/** Reads a card cell as printed ("12* / 42": the asterisks are the card's footnotes). */
export function forcesCell(text: string): ForcesCell {
  const forces = /^(\d+)\**\s*\/\s*(\d+)$/.exec(text.trim());
  if (forces) return { kind: 'forces', units: Number(forces[1]), cv: Number(forces[2]) };
  if (/^•\s*\/\s*•$/.test(text.trim())) return { kind: 'none' };
  return { kind: 'unprinted', text };
}

/** The card's [±n] Basic-PP change for a chained game (3.1.2, line 483), from the cell that prints it. */
export function chainedDelta(cells: readonly (string | null)[]): number | undefined {
  for (const cell of cells) {
    const delta = /\[([+-−]?\d+)\]/.exec(cell ?? '');
    if (delta) return Number(delta[1]!.replace('−', '-'));
  }
  return undefined;
}

/**
 * Checks a side's starting forces against its scenario card (3.2.2), or — chained from the previous
 * scenario — says what changes instead (3.1.2). A verdict, not a refusal: the players set up at their table.
 */
export const setupCheck: Procedure = (input, api) => {
  const fields = obj(input);
  const side = oneOf(fields['side'], SIDES, 'side');
  const scenario = scenarioOf(api.scenario?.id) ?? oneOf(fields['scenario'], SCENARIOS, 'scenario');
  const card = api.table(side === 'axis' ? 'ef-forces-axis' : 'ef-forces-soviet');
  const col = card.columns.entries.findIndex((c) => c.key === scenario);
  need(col >= 0, 'ef.err.choice', { field: 'scenario' });
  const column = card.cells.map((row) => row[col]);
  const lines: Line[] = [];
  if (fields['chained'] === true) {
    // 3.1.2 (lines 482–486): the forces and lines carry on; the [±n] change to the Basic PP; air; Production.
    const delta = chainedDelta(column.map((c) => (typeof c === 'string' ? c : null)));
    lines.push({ key: 'ef.setup.chainedForces', rule: '3.1.2' });
    lines.push(
      delta === undefined
        ? { key: 'ef.setup.noDelta', rule: '3.1.2' }
        : { key: 'ef.setup.delta', params: { delta: delta >= 0 ? `+${delta}` : String(delta) }, rule: '3.1.2' },
    );
    lines.push({ key: 'ef.setup.chainedThen', rule: '3.1.2' });
    return { headline: { key: 'ef.setup.headChained' }, lines, result: { chained: true, delta: delta ?? null } };
  }
  const typed = obj(fields['forces'] ?? {});
  let off = 0;
  card.rows.entries.forEach((row, k) => {
    const printed = column[k];
    if (typeof printed !== 'string' || !/\//.test(printed)) return;
    const cell = forcesCell(printed);
    const entered = typed[row.key] === undefined ? undefined : obj(typed[row.key]);
    const type = `ef.setup.row.${row.key}`;
    if (cell.kind === 'unprinted') {
      lines.push({ key: 'ef.setup.unprinted', params: { type, text: cell.text }, rule: '3.2.2' });
      return;
    }
    const want = cell.kind === 'none' ? { units: 0, cv: 0 } : cell;
    if (!entered) {
      lines.push({ key: 'ef.setup.card', params: { type, n: want.units, cv: want.cv }, rule: '3.2.2' });
      return;
    }
    const units = int(entered['units'], 'units', 0, 99);
    const cv = int(entered['cv'], 'CV', 0, 400);
    // Each block has 1 to 4 CV (a unit counts at least 1): fewer CV than units, or more than 4 each, is a slip.
    const slip = row.key !== 'hq' && (cv < units || cv > 4 * units);
    const ok = units === want.units && cv <= want.cv && !slip;
    if (!ok) off++;
    lines.push({
      key: ok
        ? 'ef.setup.rowOk'
        : units !== want.units
          ? 'ef.setup.rowUnits'
          : slip
            ? 'ef.setup.rowSlip'
            : 'ef.setup.rowCv',
      params: { type, n: units, cv, want: want.units, most: want.cv },
      rule: '3.2.2',
    });
  });
  lines.push({ key: 'ef.setup.infantry', rule: '3.2.2' });
  return {
    headline: off ? { key: 'ef.setup.headOff', params: { n: off } } : { key: 'ef.setup.headOk' },
    lines,
    result: { chained: false, off } as Json,
  };
};
