/**
 * EastFront's satellite surrender roll (16.1).
 */
import { need, sumDistribution, type Line, type Procedure } from '../../engine';
import type { Scenario } from './battle';
import { obj, int, oneOf } from './state';
import { scenarioOf } from './weather';

export const SATELLITES = ['romania', 'bulgaria', 'hungary'] as const;
const SURRENDER_FROM: readonly Scenario[] = ['w42', 's43', 'w43', 's44'];
/** W44 starts with all three surrenders done (Scn W44 2, seed line 2532), and a surrender is irreversible (16.1, line 1861). */
export const SURRENDERS_DONE: readonly Scenario[] = ['w44'];

/** Chance that the surrender roll succeeds: P(roll < h + e) on the dice of the reading. */
export function surrenderChance(need_: number, dice: '2d6' | '1d6'): number {
  const dist = sumDistribution({ n: dice === '1d6' ? 1 : 2, sides: 6 });
  let below = 0;
  for (const [s, n] of dist.counts) if (s < need_) below += n;
  return below / dist.outcomes;
}

/** Satellite surrender (16.1): from Winter 1942, at the start of a Soviet supply phase, the satellite gives up if the roll is LESS THAN its Soviet-controlled hexes plus its eliminated units. */
export const surrender: Procedure = (input, api) => {
  const fields = obj(input);
  const sat = oneOf(fields['satellite'], SATELLITES, 'satellite');
  const hexes = int(fields['hexes'], 'hexes', 0, 40);
  const eliminated = int(fields['eliminated'] ?? 0, 'eliminated', 0, 10);
  need(hexes >= 1, 'ef.err.surrenderHex');
  const scenario = scenarioOf(api.scenario?.id);
  need(!scenario || !SURRENDERS_DONE.includes(scenario), 'ef.err.surrenderDone');
  need(!scenario || SURRENDER_FROM.includes(scenario), 'ef.err.surrenderEarly');
  const dice = api.readings['ef.surrenderDice'] === '1d6' ? '1d6' : '2d6';
  const rolled = api.roll({ n: dice === '1d6' ? 1 : 2, sides: 6 });
  const target = hexes + eliminated;
  const ok = rolled.total < target;
  const lines: Line[] = [
    { key: 'ef.surrender.roll', params: { dice, roll: rolled.total, hexes, eliminated, target }, rule: '16.1' },
    { key: 'ef.surrender.dice', params: { dice }, rule: '16.1' },
    ok
      ? { key: 'ef.surrender.yes', params: { sat: `ef.sat.${sat}` }, rule: '16.1, 16.11' }
      : { key: 'ef.surrender.no', params: { sat: `ef.sat.${sat}` }, rule: '16.1' },
  ];
  return {
    headline: { key: ok ? 'ef.surrender.headYes' : 'ef.surrender.headNo', params: { sat: `ef.sat.${sat}` } },
    lines,
    result: { satellite: sat, roll: rolled.total, target, surrendered: ok },
  };
};
