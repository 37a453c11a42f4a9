/**
 * EastFront's sequence of play (4.0–4.46, seed 004 lines 528–590; Chart:EL MES DE JUEGO, TURNO DE
 * JUGADOR) as data for the engine (src/engine/sequence.ts, issue #29): the month's segments with their
 * rule numbers, the tools each offers and the procedures those tools run. The engine keeps the position
 * (game.phase = { turn, index, id }) and moves it with its phase step; `ef.phase`, the procedure id
 * saved games recorded, is that same step and writes the same state.
 */
import { phaseStep, type Line, type Sequence, type SequencePhase } from '../../engine';

/** A player turn's phases (4.41–4.46, Chart:TURNO DE JUGADOR) and the tools each offers. */
export const PLAYER_PHASES = [
  { id: 'command', rule: '4.41', tools: ['hq'] },
  { id: 'movement', rule: '4.42', tools: ['hq', 'pursuit'] },
  { id: 'combat', rule: '4.43', tools: ['mandatory', 'battle', 'hq'] },
  { id: 'blitz-move', rule: '4.44', tools: ['hq', 'pursuit'] },
  { id: 'blitz-combat', rule: '4.45', tools: ['mandatory', 'battle', 'hq'] },
  // Chart:TURNO DE JUGADOR, FASE DE ABASTECIMIENTO (seed 004 lines 3426–3429): the paratroop rally check,
  // then the enemy's out-of-supply attrition (with the units a repulse left overstacked, 6.22).
  { id: 'supply', rule: '4.46', tools: ['rally', 'attrition', 'overstack', 'surrender'] },
] as const;

export interface Phase extends SequencePhase {
  readonly id: string;
  /** The rule of the segment (4.2 Production, 4.3 weather, 4.41–4.46 the player turn's phases). */
  readonly rule: string;
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
    rule: '4.2',
    fortnight: 0,
    player: 0,
    phase: 'production',
    tools: ['setup', 'reinforcements', 'production'],
    once: [],
  },
  ...([1, 2] as const).flatMap((f) => [
    {
      id: `f${f}.weather`,
      rule: '4.3',
      fortnight: f,
      player: 0 as const,
      phase: 'weather',
      tools: ['weather'],
      once: ['ef.weather'],
    },
    ...([1, 2] as const).flatMap((p) =>
      PLAYER_PHASES.map((ph) => ({
        id: `f${f}.p${p}.${ph.id}`,
        rule: ph.rule,
        fortnight: f,
        player: p,
        phase: ph.id,
        tools: ph.tools as readonly string[],
        once: [] as readonly string[],
      })),
    ),
  ]),
];

/**
 * The procedures a segment's tools run: what the sequence offers there. A procedure no segment offers
 * is in sequence everywhere (the engine's rule): the HQ ledger's steps (their own phase checks, 4.41,
 * 5.41–5.61, say why not), the Order of Battle's events (recorded when they happen, 16.4–16.8), victory
 * (at the scenario's end, 17). Pursuit fire is offered where the retreat is made, the Movement phases
 * (6.41, line 885: the rearguard stays "durante el movimiento"), and in the combat phases too, where
 * the battle tool fills its form from the open battle (panel-battle.ts retreatOffer).
 */
const TOOL_PROCEDURES: Readonly<Record<string, readonly string[]>> = {
  setup: ['ef.setup'],
  production: ['ef.production'],
  weather: ['ef.weather'],
  battle: ['ef.battle', 'ef.round', 'ef.fire', 'ef.choose', 'ef.pursuit'],
  pursuit: ['ef.pursuit'],
  rally: ['ef.rally'],
  attrition: ['ef.attrition'],
  overstack: ['ef.overstack'],
  surrender: ['ef.surrender'],
};

/**
 * The sequence of play for the engine: every segment of the month (the month's own segments — one
 * fortnight in June 1941 and in Edelweiss's July 1942 — are the panel's, weather.ts monthPhases; a
 * segment left out is still accepted, as saved games recorded it). A month starts at Production.
 */
export const SEQUENCE: Sequence<Phase> = {
  phases: PHASES,
  offers: (phase) => phase.tools.flatMap((tool) => TOOL_PROCEDURES[tool] ?? []),
  enter(phase, _index, at) {
    const lines: Line[] = [];
    // The first month has no Production (3.2.2, 11.1).
    if (phase.id === 'production' && at.turn === 1) lines.push({ key: 'ef.phase.noProduction', rule: '3.2.2, 11.1' });
    return { headline: { key: `ef.phase.${phase.phase}` }, lines };
  },
};

/** `ef.phase`, as saved games recorded it: the engine's phase step, writing { turn, index, id } as it always did. */
export const phase = phaseStep(SEQUENCE);
