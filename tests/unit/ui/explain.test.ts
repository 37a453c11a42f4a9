// The explanation a referee reads: raw dice, each modifier with its rule, odds and column, clamp, cell, effect.
import { describe, expect, it } from 'vitest';
import { resolveCombat, manualDice, type Outcome, type TableData } from '../../../src/engine';
import { explain } from '../../../src/ui/explain';
import crt from '../../../tables/grossdeutschland/gd-crt.json';

const table = crt as unknown as TableData;
const lookup = { tables: new Map([[table.id, table]]) };

function combat(
  attack: number,
  defence: number,
  dice: number[],
  mods: { value: number; label: string; rule?: string }[],
  errata: 'printed' | 'default' | 'corrected' = 'default',
): Outcome {
  const roll = manualDice({ n: dice.length, sides: 6 }, dice);
  return {
    kind: 'resolution',
    resolution: resolveCombat(table, { attack, defence, modifiers: mods }, roll, { errata }),
  };
}

describe('explain', () => {
  it('shows odds, rounding, column, raw dice, each modifier with its rule, the clamp, the cell and the effect', () => {
    const x = explain('en', combat(7, 3, [6, 6], [{ value: 1, label: 'Evening turn', rule: '13.1' }]), lookup);
    expect(x.lines).toEqual([
      'Combat Results Table — rule 10.1',
      'Odds 7 : 3 = 2.33, rounded up (for the attacker) (rule 10.1)',
      'Column before shifts: 3-1',
      'Dice: 2d6 → 6, 6 (total 12)',
      '+1 Evening turn (rule 13.1)',
      'Modified roll: 13',
      '13 is beyond the table: read as 12 (rule 10.1)',
      'Row 12, column 3-1 → AD',
    ]);
    expect(x.headline).toBe('AD');
    expect(x.summary).toMatch(/^Attacker decimated — /);
    expect(x.dice).toEqual([6, 6]);
    expect(x.highlight).toEqual({ row: '12', column: '3-1', table: 'gd-crt' });
  });

  it('marks a suggested correction with the printed value, in Spanish too', () => {
    const o = combat(1, 4, [3, 4], []);
    const en = explain('en', o, lookup);
    expect(en.headline).toBe('AC');
    expect(en.lines.at(-1)).toBe('Row 7, column 1-4 → AC — suggested correction T1 (printed: SC)');
    const es = explain('es', o, lookup);
    expect(es.lines.at(-1)).toBe('Fila 7, columna 1-4 → AC — corrección sugerida T1 (impreso: SC)');
    expect(es.lines[1]).toMatch(/^Proporción 1 : 4 = 0,25, redondeada al alza/);
  });

  it('reads the printed cell when errata are set to as printed', () => {
    expect(explain('en', combat(1, 4, [3, 4], [], 'printed'), lookup).headline).toBe('SC');
  });

  it('describes a die roll and a pool with its hits', () => {
    const pool: Outcome = { kind: 'roll', dice: manualDice({ n: 4, sides: 6 }, [6, 5, 2, 1], 5) };
    const x = explain('en', pool, lookup);
    expect(x.headline).toBe('2');
    expect(x.lines).toContain('2 hits (5+)');
    expect(x.announcement).toBe('2 hits (5+): 2');
  });
});

describe('face-down draws', () => {
  const sides = [{ id: 'german', name: { en: 'German', es: 'alemán' } }];
  const o: Outcome = { kind: 'draw', cup: 'events', chit: 'stuka', how: 'random', from: 12, faceDown: 'german' };
  it('never name the chit unless revealed', () => {
    const hidden = explain('en', o, lookup, { sides });
    expect(JSON.stringify(hidden)).not.toContain('stuka');
    expect(hidden.lines).toEqual(['A chit drawn face down for the German player.']);
    expect(explain('es', o, lookup, { sides }).announcement).toBe(
      'Una ficha sacada boca abajo para el jugador alemán.',
    );
    expect(explain('en', o, lookup, { sides, reveal: true }).headline).toBe('stuka');
  });
});

describe('chits held in hand', () => {
  const sides = [{ id: 'soviet', name: { en: 'Soviet', es: 'soviético' } }];
  it('a chit given to a hand is never named in the log; a played one is', () => {
    const given = explain(
      'en',
      { kind: 'cup', cup: 'events', op: 'hand', chits: ['black-3'], side: 'soviet' },
      lookup,
      { sides },
    );
    expect(JSON.stringify(given)).not.toContain('black-3');
    expect(given.lines).toEqual(["A chit was given to the Soviet player's hand (events)."]);
    const played = explain(
      'en',
      { kind: 'cup', cup: 'events', op: 'play', chits: ['black-3'], side: 'soviet' },
      lookup,
      { sides },
    );
    expect(played.lines).toEqual(['The Soviet player plays black-3 from his hand; it is gone for good.']);
  });
});

describe('the audit of a hidden deal that lasts the game (issue #33)', () => {
  const sides = [{ id: 'soviet', name: { en: 'Soviet', es: 'soviético' } }];
  const audit: Outcome = {
    kind: 'hidden',
    cup: 'events',
    op: 'audit',
    n: 2,
    back: 40,
    opened: [
      { pos: 4, side: 'soviet', chit: 'Black 2', kept: true },
      { pos: 6, side: 'soviet', chit: 'Push', kept: false },
    ],
  };
  it('names every card it showed (a kept one now public, in its player’s hand) and the chits back in the cup, in both languages', () => {
    expect(explain('en', audit, lookup, { sides }).lines).toEqual([
      'events: every phone gave its secrets for the audit, and every chit of this deal is public now: 2 chits drawn and not shown are shown; 40 chits not drawn go back into the cup, to be shuffled afresh between the phones at its next face-down draw.',
      'Shown by the audit: the Soviet player’s chit 5, kept face down: Black 2 — in that player’s hand, public.',
      'Shown by the audit: the Soviet player’s chit 7: Push.',
    ]);
    expect(
      explain('es', { ...audit, n: 1, back: 1, opened: audit.opened!.slice(0, 1) }, lookup, { sides }).lines,
    ).toEqual([
      'events: cada móvil dio sus secretos para la auditoría, y todas las fichas de este reparto son ya públicas: se muestra 1 ficha sacada y sin mostrar; 1 ficha sin sacar vuelve al recipiente, que los móviles barajarán de nuevo en su próxima extracción boca abajo.',
      'Mostrada por la auditoría: la ficha 5 del jugador soviético, guardada boca abajo: Black 2 — en la mano de ese jugador, pública.',
    ]);
  });
});
