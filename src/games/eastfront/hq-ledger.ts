/**
 * EastFront's HQ ledger as logged steps (4.41, 5.2–5.8, 6.5, 12.22): activating, deactivating and the
 * Supreme moves of the HQs of a player turn. The pure command rules are in ./command.ts.
 */
import { need, type GameState, type Line, type Procedure } from '../../engine';
import { SIDES } from './battle';
import {
  HQ_MAX_VM,
  SHQ_PLACES,
  deactivate,
  disorganisation,
  hqLines,
  spendLines,
  supremeMove,
  type DeactivationPhase,
  type HqRec,
} from './command';
import { ef, save, phaseIndex, obj, int, oneOf } from './state';
import { PHASES } from './sequence';
import { scenarioOf, knownWeather, playerTurnSide } from './weather';

/** The player turn the players are in, from the segment (PHASES), or undefined in Production and weather. */
function playerTurnAt(
  game: GameState,
  turn: number,
): { key: string; fortnight: 1 | 2; player: 1 | 2; phase: string } | undefined {
  const segment = PHASES[phaseIndex(game, turn)]!;
  if (!segment.player || !segment.fortnight) return undefined;
  return {
    key: `${turn}.${segment.fortnight}.${segment.player}`,
    fortnight: segment.fortnight,
    player: segment.player,
    phase: segment.phase,
  };
}

/** The HQs activated in this player turn (an empty ledger once the players are in another one). */
export function hqLedger(game: GameState, turn: number): readonly HqRec[] {
  const at = playerTurnAt(game, turn);
  const ledger = ef(game).hq;
  return at && ledger && ledger.key === at.key ? ledger.list : [];
}

/**
 * Activates an HQ in the Command phase (4.41, 5.2): the players type its current VM (its step); Blitz
 * costs two steps (4.41, 5.7) and a Supreme HQ cannot be one (5.7 IMPORTANTE, 6.51); disorganised by
 * the fortnight's East-front weather (5.8, 12.22; Warsaw/Moscow SHQ exempt) or, every Soviet HQ, in June
 * 1941 (Scn S41 3). Refused outside a Command phase, for the side not playing, while the weather is not
 * known, twice in a player turn, and for the Axis in S44's first player turn (Scn S44 3, line 2471).
 */
export const hqActivate: Procedure = (input, api) => {
  const fields = obj(input);
  const at = playerTurnAt(api.game, api.turn);
  need(!!at && at.phase === 'command', 'ef.err.hqPhase');
  const scenario = scenarioOf(api.scenario?.id) ?? 's41';
  const side = oneOf(fields['side'], SIDES, 'side');
  const playing = playerTurnSide(api.game, scenario, api.turn, at!.fortnight, at!.player);
  need(!!playing, 'ef.err.hqWeather');
  need(side === playing, 'ef.err.hqSide', { side: `ef.side.${playing!}` });
  need(!(scenario === 's44' && api.turn === 1 && at!.fortnight === 1 && side === 'axis'), 'ef.s44.noHq');
  const id = typeof fields['id'] === 'string' ? fields['id'].trim() : '';
  need(id.length > 0 && id.length <= 24, 'ef.err.hqId');
  const list = hqLedger(api.game, api.turn);
  need(!list.some((h) => h.id.toLowerCase() === id.toLowerCase()), 'ef.err.hqTwice', { id });
  const vm = int(fields['vm'], 'VM', 0, HQ_MAX_VM);
  const supreme = fields['supreme'] === true;
  const blitz = fields['blitz'] === true;
  need(!(supreme && blitz), 'ef.err.shqBlitz');
  const place = supreme ? oneOf(fields['at'] ?? 'elsewhere', SHQ_PLACES, 'at') : 'elsewhere';
  // West of the front line the West Front's weather applies (12.3, seed 004 line 1542): the players say
  // on which front the HQ stands (East by default); its weather must be known (rolled in a variable month).
  const front = oneOf(fields['front'] ?? 'east', ['east', 'west'] as const, 'front');
  const weather = knownWeather(api.game, scenario, api.turn, at!.fortnight, front);
  need(!!weather, 'ef.err.hqWeather');
  const surprise = scenario === 's41' && api.turn === 1;
  const dis = disorganisation({ side, supreme, at: place, weather: weather!, surprise });
  const rec: HqRec = { id, side, supreme, at: place, vm, blitz, stage: 'active', disorganised: dis.disorganised };
  const lines: Line[] = [
    front === 'east'
      ? { key: 'ef.hq.weather', params: { weather: `ef.w.${weather!}` }, rule: '12.1, 12.22' }
      : { key: 'ef.hq.weatherWest', params: { weather: `ef.w.${weather!}` }, rule: '12.3, 12.22' },
    ...dis.lines,
    ...hqLines(rec),
    ...spendLines(rec),
  ];
  if (weather === 'mud') lines.push({ key: 'ef.hq.noDetach', rule: '5.21, 12.22' });
  return {
    headline: {
      key: blitz ? 'ef.hq.headBlitz' : supreme ? 'ef.hq.headShq' : 'ef.hq.head',
      params: { id, vm },
    },
    lines,
    result: { id, vm, blitz, supreme, front, disorganised: dis.disorganised },
    game: save(api.game, { hq: { key: at!.key, list: [...list, rec] } }),
  };
};

/**
 * Deactivates an HQ of the ledger (5.43): one step spent; a Blitz HQ spends its first after the first
 * combat and stays active, its second after the Blitz phases (4.43–4.45, 5.7); at Ø it is eliminated
 * (5.1, line 655; line 711).
 */
export const hqDeactivate: Procedure = (input, api) => {
  const fields = obj(input);
  const at = playerTurnAt(api.game, api.turn);
  need(!!at && at.phase !== 'command', 'ef.err.hqDeactPhase');
  const list = hqLedger(api.game, api.turn);
  const id = typeof fields['id'] === 'string' ? fields['id'] : '';
  const rec = list.find((x) => x.id === id);
  need(!!rec, 'ef.err.hqUnknown', { id });
  const step = deactivate(rec!, at!.phase as DeactivationPhase);
  if ('refuse' in step) need(false, step.refuse, { id, rule: step.rule });
  const ok = step;
  const headline: Line =
    ok.rec.stage === 'eliminated'
      ? { key: 'ef.hq.headElim', params: { id } }
      : ok.rec.stage === 'blitz'
        ? { key: 'ef.hq.headBlitzOn', params: { id, vm: ok.rec.vm } }
        : { key: 'ef.hq.headDone', params: { id, vm: ok.rec.vm } };
  return {
    headline,
    lines: ok.lines,
    result: { id, vm: ok.rec.vm, stage: ok.rec.stage },
    game: save(api.game, { hq: { key: at!.key, list: list.map((x) => (x.id === id ? ok.rec : x)) } }),
  };
};

/** One Supreme move of an active Supreme HQ in the Movement phase (5.61, 6.51–6.53): the counter of the ledger. */
export const hqSupremeMove: Procedure = (input, api) => {
  const fields = obj(input);
  const at = playerTurnAt(api.game, api.turn);
  need(!!at && at.phase === 'movement', 'ef.err.supremePhase');
  const list = hqLedger(api.game, api.turn);
  const id = typeof fields['id'] === 'string' ? fields['id'] : '';
  const rec = list.find((x) => x.id === id);
  need(!!rec, 'ef.err.hqUnknown', { id });
  const step = supremeMove(rec!);
  if ('refuse' in step) need(false, step.refuse, { id });
  return {
    headline: { key: 'ef.hq.headMove', params: { id, used: step.used, of: step.of } },
    lines: [{ key: 'ef.hq.moveLeft', params: { n: step.of - step.used }, rule: '5.61, 6.51, 6.52' }],
    result: { id, used: step.used, of: step.of },
    game: save(api.game, { hq: { key: at!.key, list: list.map((x) => (x.id === id ? step.rec : x)) } }),
  };
};
