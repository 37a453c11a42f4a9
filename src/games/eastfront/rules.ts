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
import { gameProcedures, type OnceRule } from '../../engine';
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
export * from './offer';
export * from './paratroops';
export * from './setup';
export * from './events';
