// Grossdeutschland's turn form starts from what the game knows: the turn carries forward from the
// last one the players set. 3.0 [seed 000 line 131]: «Cada turno de juego representa aproximadamente seis horas
// de un día. Como tal, hay cuatro tipos de turnos: Mañana, día, tarde y noche» — four six-hour turns make a day.
// It only fills the form: the printed track, typed in as a chart, or what the players enter takes precedence.
import { describe, expect, it } from 'vitest';
import { carriedTurn, PHASES } from '../../../src/games/grossdeutschland/state';
import { procedures } from '../../../src/games/grossdeutschland/rules';

const info = (turn: number, turnType: string, day?: number) =>
  ({ turnInfo: { turn, turnType, weatherModifier: 0, ...(day ? { day } : {}) } }) as never;

describe('the turn carries forward (3.0: Morning, Day, Evening, Night)', () => {
  it('the turn after a Morning is a Day of the same date', () => {
    expect(carriedTurn(info(1, 'morning', 10), 2)).toEqual({ turnType: 'day', day: 10 });
  });
  it('after an Evening comes the Night of the same date', () => {
    expect(carriedTurn(info(3, 'evening', 10), 4)).toEqual({ turnType: 'night', day: 10 });
  });
  it('after a Night comes the next Morning, one day later', () => {
    expect(carriedTurn(info(4, 'night', 10), 5)).toEqual({ turnType: 'morning', day: 11 });
  });
  it('without a day, only the type is carried', () => {
    expect(carriedTurn(info(1, 'day'), 2)).toEqual({ turnType: 'evening' });
  });
  it('nothing is carried when the last turn was not set', () => {
    expect(carriedTurn(info(1, 'day', 10), 3)).toEqual({});
    expect(carriedTurn({}, 2)).toEqual({});
  });
});

describe('the sequence of play as data (3.1 [seed 000 line 137]: Clima, Suministros, Activación, Fin del turno)', () => {
  it('four phases in the order of 3.1', () => {
    expect(PHASES.map((p) => p.id)).toEqual(['weather', 'supply', 'activation', 'end']);
  });
  it('every procedure of the game is offered by exactly one phase, and every procedure a phase names exists', () => {
    const offered = PHASES.flatMap((p) => [...p.procedures]);
    expect(new Set(offered).size).toBe(offered.length);
    expect([...offered].sort()).toEqual(Object.keys(procedures).sort());
  });
});
