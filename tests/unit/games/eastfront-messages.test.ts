// Every message key EastFront's procedures and panel can produce exists in English and Spanish.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/games/eastfront/messages';
import {
  PHASES,
  READINGS,
  SATELLITES,
  SIDES,
  TERRAINS,
  UNIT_TYPES,
  WEATHERS,
  procedures,
} from '../../../src/games/eastfront/rules';

const src = ['rules.ts', 'battle.ts', 'panel.ts']
  .map((f) => readFileSync(`src/games/eastfront/${f}`, 'utf8'))
  .join('\n');

describe('EastFront messages', () => {
  it('have every literal key the rules and the panel use, in both languages', () => {
    const literal = [...src.matchAll(/'(ef\.[A-Za-z0-9.-]+[A-Za-z0-9])'/g)].map((m) => m[1]!);
    const notKeys = new Set([...Object.keys(procedures), ...Object.keys(READINGS)]);
    const missing = literal.filter((k) => !notKeys.has(k) && !(k in messages.en && k in messages.es));
    expect(missing).toEqual([]);
  });
  it('have every generated key: sides, weathers, firepowers, terrains, types, satellites, months, phases, readings, procedures', () => {
    const keys = [
      ...SIDES.map((s) => `ef.side.${s}`),
      ...SIDES.map((s) => `ef.weather.first.${s}`),
      ...WEATHERS.map((w) => `ef.w.${w}`),
      ...['SF', 'DF', 'TF'].map((f) => `ef.fp.${f}`),
      ...TERRAINS.map((x) => `ef.t.${x}`),
      ...UNIT_TYPES.map((x) => `ef.type.${x}`),
      ...SATELLITES.map((x) => `ef.sat.${x}`),
      ...['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'].map(
        (m) => `ef.month.${m}`,
      ),
      ...PHASES.map((p) => `ef.phase.${p.phase}`),
      ...Object.entries(READINGS).flatMap(([id, r]) => [
        `ef.ui.r.${id.slice(3)}`,
        ...r.choices.map((c) => `ef.reading.${c}`),
      ]),
      ...Object.keys(procedures).map((id) => `proc.${id}`),
      ...['air', 'defence', 'offence', 'done'].map((s) => `ef.ui.step.${s}`),
      ...['none', 'naval', 'coast'].map((s) => `ef.ui.evac.${s}`),
    ];
    expect(keys.filter((k) => !(k in messages.en && k in messages.es))).toEqual([]);
  });
});
