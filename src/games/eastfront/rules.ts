/**
 * EastFront (digest 004): the module that registers the game's procedures. Each rule section lives in
 * a file beside it, named by what it does: the sequence of play (./sequence.ts, 4.1–4.46), the calendar
 * and weather (./weather.ts, 4.3, 12.x), the battle's steps (./battle-steps.ts over ./battle.ts, 7.x,
 * 13.x), pursuit fire (./pursuit.ts, 6.41–6.42), the satellite surrender (./surrender.ts, 16.1), victory
 * (./victory.ts, 17.x), supply attrition (./supply.ts, 10.4–10.5), Production (./production.ts, 11.x),
 * the HQ ledger (./hq-ledger.ts over ./command.ts, 4.41, 5.x) and reinforcements by month
 * (./reinforcements.ts, 11.5); the game's state slice is ./state.ts. Pure functions over the engine's
 * procedure api; message keys are in ./messages.ts. The procedure ids are the log's: never rename one.
 */
import { gameProcedures, type Actor, type OnceRule, type RulesVersions } from '../../engine';
import { ef, weatherKey, obj } from './state';
import { phase } from './sequence';
import { weatherFortnight, weather } from './weather';
import { battleSetup, battleRound, battleFire, battleChoose } from './battle-steps';
import { pursuit } from './pursuit';
import { surrender } from './surrender';
import { victory } from './victory';
import { attrition, overstack } from './supply';
import { rally } from './paratroops';
import { setupCheck } from './setup';
import { obEvent } from './events';
import { production } from './production';
import { hqActivate, hqDeactivate, hqSupremeMove } from './hq-ledger';

export * from './battle';
export * from './command';
export * from './reinforcements';
export * from './state';
export * from './sequence';
export * from './weather';
export * from './battle-steps';
export * from './pursuit';
export * from './surrender';
export * from './victory';
export * from './supply';
export * from './production';
export * from './hq-ledger';

/**
 * What the sequence of play does once per occasion (engine OnceRule): the weather of a fortnight and
 * front (12.1). A second roll is refused unless the players re-roll on purpose with a reason.
 */
export const ONCE: Readonly<Partial<Record<ProcedureId, OnceRule>>> = {
  'ef.weather': (input, { turn, game }) => {
    const front = obj(input)['front'] === 'west' ? 'west' : 'east';
    return !!ef(game).weather?.[weatherKey(turn, weatherFortnight(input, game, turn), front)];
  },
};

/**
 * What one side's player does, and who acts (the input field naming that side, or the side: engine
 * `Actors`): a linked phone
 * is refused it for the other side.
 * - 4.41 (seed 004 line 555): "el jugador Activo activa (descubre, boca arriba) cualquier número de HQ
 *   que desee" — an HQ is activated by its own player.
 * - 11.1 (seed 004 line 1362; 4.2 line 536): "los jugadores realizan, independiente y
 *   simultáneamente, una Fase de Producción" — each player's production is that player's.
 * A battle (blocks of both sides, typed by either player) and a setup check against a scenario card
 * (a verdict either player may ask for) stay open.
 */
export const ACTORS: Readonly<Partial<Record<ProcedureId, Actor>>> = {
  'ef.hqActivate': { field: 'side' },
  'ef.production': { field: 'side' },
};

export const procedures = gameProcedures('ef', {
  weather,
  phase,
  battle: battleSetup,
  round: battleRound,
  fire: battleFire,
  choose: battleChoose,
  pursuit,
  surrender,
  victory,
  attrition,
  overstack,
  rally,
  setup: setupCheck,
  event: obEvent,
  production,
  hqActivate,
  hqDeactivate,
  hqSupremeMove,
});

/** The ids of this game's procedures: a panel that runs or names one that does not exist does not compile. */
export type ProcedureId = keyof typeof procedures;

/**
 * The game's rules versions (src/engine RulesVersions; every step records the version it was made
 * under). 1: the rule fixes of issues #28 and #31 — every battle ends with its verdict, a swamp in
 * Snow is forest (1.34, 12.24: attacking armor keeps DF), a fortress rearguard's Triple Defence only for
 * the Original Defender (7.23, 7.35), the Edelweiss victory left to the players (Scn Edelweiss), and
 * Production's checks (11.41: no replacement step for a unit arriving this month, nor engaged, nor
 * without a Supply Line; 10.5; 11.6). The battle's steps, pursuit, victory and Production are not kept
 * in their old form: a step of a game saved before them that now replays differently keeps its
 * recorded result (its dice checked from the seed), and the game says which. Two behaviours are kept
 * behind `api.rules < 1` instead: the W44 surrender roll (refused since, Scn W44 2, ./surrender.ts) and
 * the two-turns-in-a-row warning reading the fortnight before from the calendar when nobody tapped a
 * fixed month (line 1568, ./weather.ts). 2: after a round, an edit of the battle may keep only the
 * Original Defender's blocks hidden (7.12 line 969, 7.21 line 999; ./battle-steps.ts): under 1 its
 * `hidden: true` hid the Original Attacker's too, kept behind `api.rules < 2` for the steps recorded
 * so. A change that alters what a procedure does bumps `version`
 * (and keeps the old behaviour behind `api.rules`, or names the procedure here).
 */
export const RULES: RulesVersions = {
  version: 2,
  rewritten: {
    'ef.battle': 1,
    'ef.round': 1,
    'ef.fire': 1,
    'ef.choose': 1,
    'ef.pursuit': 1,
    'ef.victory': 1,
    'ef.production': 1,
  } satisfies Partial<Record<ProcedureId, number>>,
};
export * from './offer';
export * from './paratroops';
export * from './setup';
export * from './events';
