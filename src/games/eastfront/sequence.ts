/**
 * EastFront's sequence of play (4.1–4.46, Chart:EL MES DE JUEGO, TURNO DE JUGADOR) as data, and the
 * procedure that moves the players to another segment of the month.
 */
import type { Line, Procedure } from '../../engine';
import { save, obj, int } from './state';

/** A player turn's phases (4.4–4.46, Chart:TURNO DE JUGADOR) and the tools each offers. */
export const PLAYER_PHASES = [
  { id: 'command', tools: ['hq'] },
  { id: 'movement', tools: ['hq', 'pursuit'] },
  { id: 'combat', tools: ['mandatory', 'battle', 'hq'] },
  { id: 'blitz-move', tools: ['hq', 'pursuit'] },
  { id: 'blitz-combat', tools: ['mandatory', 'battle', 'hq'] },
  // Chart:TURNO DE JUGADOR, FASE DE ABASTECIMIENTO (seed 004 lines 3426–3429): the paratroop rally check,
  // then the enemy's out-of-supply attrition (with the units a repulse left overstacked, 6.22).
  { id: 'supply', tools: ['rally', 'attrition', 'overstack', 'surrender'] },
] as const;

export interface Phase {
  readonly id: string;
  /** 0 = the month's Production segment. */
  readonly fortnight: 0 | 1 | 2;
  /** 1 = the fortnight's first player turn, 2 = the second; 0 = none. */
  readonly player: 0 | 1 | 2;
  readonly phase: string;
  readonly tools: readonly string[];
  /** Procedures the rules do once in this segment (a second tap is refused). */
  readonly once: readonly string[];
}

/** The month (4.1, 4.2, Chart:EL MES DE JUEGO): Production → Fortnight I (weather, 2 player turns) → Fortnight II. */
export const PHASES: readonly Phase[] = [
  {
    id: 'production',
    fortnight: 0,
    player: 0,
    phase: 'production',
    tools: ['setup', 'reinforcements', 'production'],
    once: [],
  },
  ...([1, 2] as const).flatMap((f) => [
    {
      id: `f${f}.weather`,
      fortnight: f,
      player: 0 as const,
      phase: 'weather',
      tools: ['weather'],
      once: ['ef.weather'],
    },
    ...([1, 2] as const).flatMap((p) =>
      PLAYER_PHASES.map((ph) => ({
        id: `f${f}.p${p}.${ph.id}`,
        fortnight: f,
        player: p,
        phase: ph.id,
        tools: ph.tools as readonly string[],
        once: [] as readonly string[],
      })),
    ),
  ]),
];

/** Moves to another segment of the month (Production, weather, the player turns' phases). */
export const phase: Procedure = (input, api) => {
  const index = int(obj(input)['index'], 'phase', 0, PHASES.length - 1);
  const segment = PHASES[index]!;
  const lines: Line[] = [];
  if (segment.id === 'production' && api.turn === 1) lines.push({ key: 'ef.phase.noProduction', rule: '3.2.2, 11.1' });
  return {
    headline: { key: `ef.phase.${segment.phase}` },
    lines,
    result: index,
    game: save(api.game, { phase: { turn: api.turn, index, id: segment.id } }),
  };
};
