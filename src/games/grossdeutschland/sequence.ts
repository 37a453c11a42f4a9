/**
 * Grossdeutschland's sequence of play as data on the engine (src/engine/sequence.ts, issue #29): the
 * four phases of 3.1 with their rule numbers and the procedures each offers (state.ts PHASES). Every
 * turn type has the same sequence (3.0, seed 000 line 131); a turn starts at the weather phase. Moving
 * into a phase says what the phase is, in the words of its rule. Pure: no DOM, no Lit.
 */
import { phaseIndexOf, positionOf, type GameState, type Sequence } from '../../engine';
import { PHASES, type PhaseData } from './state';

/**
 * 3.1 (seed 000 lines 135-145): «Clima (Fase 1), Suministros (Fase 2), Activación (Fase 3), Fin del
 * turno (Fase 4)», «que se juegan en el orden aquí indicado». Entering a phase says what it asks of
 * the players: 3.2 (line 149) one player determines the weather; 3.3 (line 153) both players their
 * units' supply; 3.4 (lines 157-159) the HQ activation chits into the cup, shuffled and drawn one at a
 * time; 3.5 (lines 167-177) what leaves the map once the last HQ chit is played, and after a Night
 * turn each player's replacement roll (4.1).
 */
export const SEQUENCE: Sequence<PhaseData> = {
  phases: PHASES,
  offers: (phase) => phase.procedures,
  enter(phase, _index, at) {
    return {
      headline: { key: `gd.phase.${phase.id}` },
      lines: [{ key: `gd.phase.enter.${phase.id}`, params: { turn: at.turn }, rule: phase.rule }],
    };
  },
};

/** The index of the phase the players are in this turn (the engine keeps the position). */
export const phaseIndex = (game: GameState, turn: number): number => phaseIndexOf(SEQUENCE, game, turn);
/** The phase the players are in this turn. */
export const phaseOf = (game: GameState, turn: number): PhaseData => positionOf(SEQUENCE, game, turn).phase;
