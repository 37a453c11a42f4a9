/**
 * EastFront's Order of Battle events (the OB chart, seed 004 lines 3028–3030) and the map-edge rules of
 * 16.7 and 16.8, as procedures the players run when the condition comes about (the text gives them no
 * month): what each frees, brings or removes, and — for what arrives "en la siguiente Producción" — the
 * arrival offered at the next month's Production (eventArrivals).
 * - 16.4 RESULTADO 1 (line 1887): Odessa captured frees the Romanian 3rd;
 * - 16.4 RESULTADO 2 (line 1889): Sevastopol captured frees the three other expeditions; the Italian 8th
 *   may appear as a 3 CV reinforcement at the next Production;
 * - 16.4 (line 1891): either retaken by the Soviets restricts every satellite unit again;
 * - 16.5 (line 1897): Soviets entering the West Front activate Army Group 'E' (21 and 22 Mountain, 86
 *   Infantry, 91 Mech, line 3030), placed at the next Production in the ports of Albania and Greece,
 *   at most one unit a hex, at the CVs their blocks show (the text gives none);
 * - 16.7 (lines 1929–1933): each west-edge hex Belgrade–Krakow held by Soviets alone takes one Axis unit off;
 * - 16.8 (line 1939): any edge hex north-west of Krakow held by Soviets alone is the final Soviet victory
 *   in the Campaign game and in W44 (17.4).
 */
import { need, type GameState, type Line, type Procedure } from '../../engine';
import { ef, int, obj, oneOf, save } from './state';

export const EVENT_IDS = ['odessa', 'sevastopol', 'retaken', 'westFront', 'hungarianPlain', 'polishPlain'] as const;
export type EventId = (typeof EVENT_IDS)[number];

/** Each event's rule and line, and the OB chart's line where it has one. */
export const EVENT_RULES: Readonly<Record<EventId, { readonly rule: string; readonly line: number }>> = {
  odessa: { rule: '16.4', line: 1887 },
  sevastopol: { rule: '16.4', line: 1889 },
  retaken: { rule: '16.4', line: 1891 },
  westFront: { rule: '16.5', line: 1897 },
  hungarianPlain: { rule: '16.7', line: 1931 },
  polishPlain: { rule: '16.8, 17.4', line: 1939 },
};

/** Records an event and says what it does (no dice). */
export const obEvent: Procedure = (input, api) => {
  const fields = obj(input);
  const event = oneOf(fields['event'], EVENT_IDS, 'event');
  const { rule } = EVENT_RULES[event];
  const lines: Line[] = [];
  let params: Record<string, number> = {};
  switch (event) {
    case 'odessa':
      lines.push({ key: 'ef.ev.odessa', rule });
      break;
    case 'sevastopol':
      lines.push({ key: 'ef.ev.sevastopol', rule }, { key: 'ef.ev.italian8th', rule });
      break;
    case 'retaken':
      lines.push({ key: 'ef.ev.retaken', rule });
      break;
    case 'westFront':
      lines.push({ key: 'ef.ev.westFront', rule }, { key: 'ef.ev.agECv', rule });
      break;
    case 'hungarianPlain': {
      const hexes = int(fields['hexes'], 'hexes', 0, 20);
      params = { n: hexes };
      lines.push(
        hexes ? { key: 'ef.ev.hungarianRemove', params: { n: hexes }, rule } : { key: 'ef.ev.hungarianNone', rule },
      );
      if (hexes) lines.push({ key: 'ef.ev.hungarianBack', rule });
      break;
    }
    case 'polishPlain':
      need(fields['sovietOnly'] === true, 'ef.err.polishOnly');
      lines.push({ key: 'ef.ev.polish', rule });
      break;
  }
  const events = ef(api.game).events ?? [];
  return {
    headline: { key: `ef.ev.head.${event}`, params },
    lines,
    result: { event, turn: api.turn, ...params },
    game: save(api.game, { events: [...events, { id: event, turn: api.turn }] }),
  };
};

/**
 * What the events bring at this month's Production ("en la siguiente Producción"): the Italian 8th at 3 CV
 * after Sevastopol (16.4, line 1889), Army Group 'E' after the West Front (16.5, line 1897), each the month
 * after its event. Whether a recapture in between stops the Italian 8th the text does not say (16.4 "puede
 * aparecer"): the line says it may arrive, and the players decide.
 */
export function eventArrivals(game: GameState, turn: number): Line[] {
  const happened = (id: EventId) => (ef(game).events ?? []).some((e) => e.id === id && e.turn === turn - 1);
  const out: Line[] = [];
  if (happened('sevastopol')) out.push({ key: 'ef.ev.arriveItalian8th', rule: '16.4' });
  if (happened('westFront')) out.push({ key: 'ef.ev.arriveAgE', rule: '16.5' });
  return out;
}
