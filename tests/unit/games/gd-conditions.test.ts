// What holds this turn, for the modifiers of the CRT and the replacement table that apply by
// themselves (the generic Combat and Table tools tick them from the start):
// 14.1 [seed 000]: the weather's die modifier on every attack (Rain +1, Storm +2, Snow +3);
// 4.1: the replacement roll's weather modifier; 10.1/13.1: +1 in an Evening turn.
import { describe, expect, it } from 'vitest';
import type { TableData } from '../../../src/engine';
import { conditions, DEFAULT_READINGS, procedures } from '../../../src/games/grossdeutschland/rules';
import { GameHarness, tablesOf } from './harness';

const tables = tablesOf(
  import.meta.glob<unknown>('/tables/grossdeutschland/*.json', { eager: true, import: 'default' }),
);
const game = () =>
  new GameHarness(
    { tables, procedures, readings: DEFAULT_READINGS },
    { game: 'grossdeutschland', scenario: 'gd-kursk', seed: 'gd' },
  );
const due = (t: TableData, now: readonly string[]) =>
  (t.roll?.modifiers ?? []).filter((m) => m.when && now.includes(m.when)).map((m) => m.id);

describe('Grossdeutschland conditions (what holds this turn)', () => {
  it('nothing before the turn is set; the turn type once set; the weather once rolled', () => {
    const g = game();
    expect(conditions(g.state.game, g.state.turn)).toEqual([]);
    g.run('gd.turn', { turnType: 'evening', weatherModifier: 0 });
    expect(conditions(g.state.game, g.state.turn)).toEqual(['turn:evening']);
    g.run('gd.weather', {}, [[4]]); // D16: 4 → Rain
    expect(conditions(g.state.game, g.state.turn)).toEqual(['weather:rain', 'turn:evening']);
    // The next turn knows nothing yet.
    g.endTurn();
    expect(conditions(g.state.game, g.state.turn)).toEqual([]);
  });

  it('tick the right modifiers: on the CRT Rain +1 (14.1) and Evening +1 (10.1); on the replacement table Rain +2 (4.1)', () => {
    const now = ['weather:rain', 'turn:evening'];
    expect(due(tables.get('gd-crt')!, now)).toEqual(['evening', 'rain']);
    expect(due(tables.get('gd-replacement')!, now)).toEqual(['rain']);
    // Fog is "misty" on the replacement table (4.1), and has no CRT modifier.
    expect(due(tables.get('gd-replacement')!, ['weather:fog'])).toEqual(['misty']);
    expect(due(tables.get('gd-crt')!, ['weather:fog'])).toEqual([]);
  });

  it('every weather the game rolls has its replacement modifier, one per weather (one group)', () => {
    const rep = tables.get('gd-replacement')!.roll!.modifiers!;
    for (const w of ['sunny', 'cloudy', 'fog', 'rain', 'storm', 'snow'])
      expect(rep.filter((m) => m.when === `weather:${w}`)).toHaveLength(1);
    expect(new Set(rep.map((m) => m.group))).toEqual(new Set(['weather']));
  });
});
