// Issue #16, item 2: two of the five seed games re-expressed as packs, built from the very JSON of
// tables/<game>/ and scenarios/<game>/ with a manifest from game.json. Played on the same seed with
// the same steps, the pack-built game gives exactly the results of the built-in one (data only: the
// generic tools — dice, table rolls, the CRT, cups — not the game's own procedures).
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apply, initialState, newSession, verifySession, type Action, type GameContext } from '../../src/engine';
import { loadGame } from '../../src/data/catalog';
import { gameContext } from '../../src/data/context';
import { bundleOf, packText, readPack, type Pack } from '../../src/packs/format';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const json = (f: string) => JSON.parse(readFileSync(`${ROOT}${f}`, 'utf8'));

/** The game's data folder as one pack file: game.json's fields as the manifest, every table and scenario as is. */
function packOf(game: string): Pack {
  const g = json(`tables/${game}/game.json`);
  const tables = readdirSync(`${ROOT}tables/${game}`)
    .filter((f) => f !== 'game.json')
    .map((f) => json(`tables/${game}/${f}`));
  const scenarios = readdirSync(`${ROOT}scenarios/${game}`).map((f) => json(`scenarios/${game}/${f}`));
  const file = {
    app: 'wargame-companion',
    kind: 'pack',
    format: 1,
    manifest: {
      id: g.id,
      name: g.name,
      version: '1',
      author: 'Wargame Companion data',
      sides: g.sides,
      dice: g.dice,
      ...(g.notes ? { notes: g.notes } : {}),
    },
    tables,
    scenarios,
  };
  // Read as any pack file is (no built-in ids reserved here: it is the same game on purpose).
  const r = readPack(JSON.stringify(file));
  if (!r.ok) throw new Error(JSON.stringify(r.issues.slice(0, 5)));
  return r.value;
}

async function contexts(game: string, scenario: string): Promise<[GameContext, GameContext]> {
  const builtIn = await gameContext(await loadGame(game), scenario);
  const b = bundleOf(packOf(game));
  const fromPack = await gameContext(b, scenario);
  return [{ ...builtIn, procedures: undefined, once: undefined, readings: undefined }, fromPack];
}

function play(ctx: GameContext, game: string, scenario: string, actions: readonly Action[]) {
  let s = newSession({ id: 's-1', game, scenario, name: 'x', seed: 'same-seed-16', createdAt: '2026-01-01T00:00:00Z' });
  let st = initialState(s, ctx.scenario);
  for (const a of actions) ({ session: s, state: st } = apply(s, st, a, ctx, { at: '2026-01-01T00:00:01Z' }));
  return { session: s, state: st };
}

describe('a seed game as a pack gives the same results as the built-in one on the same seed', () => {
  it('Breakout (002): combats on the CRT (13.8), weather rolls (5.1), dice', async () => {
    const [builtIn, fromPack] = await contexts('breakout', 'bo-campaign');
    const actions: Action[] = [
      { type: 'table', table: 'bo-weather', other: '2' },
      ...[
        [4, 2],
        [6, 1],
        [3, 3],
        [2, 4],
        [13, 2],
      ].map(([attack, defence]): Action => ({ type: 'combat', table: 'bo-crt', attack: attack!, defence: defence! })),
      { type: 'combat', table: 'bo-crt', attack: 9, defence: 3, shifts: [{ amount: -1, label: 'terrain' }] },
      { type: 'roll', dice: { n: 2, sides: 6 } },
      { type: 'end-turn' },
      { type: 'table', table: 'bo-weather', other: '3', manual: [5] },
    ];
    const a = play(builtIn, 'breakout', 'bo-campaign', actions);
    const b = play(fromPack, 'breakout', 'bo-campaign', actions);
    expect(a.session.log.filter((e) => e.outcome.kind === 'resolution')).toHaveLength(8);
    expect(b.session.log.map((e) => e.outcome)).toEqual(a.session.log.map((e) => e.outcome));
    expect(b.state).toEqual(a.state);
    expect(verifySession(b.session, fromPack).ok).toBe(true);
  });

  it('Grossdeutschland (000): chit draws from the activation cup (6.0), combats on the CRT, turns', async () => {
    const [builtIn, fromPack] = await contexts('grossdeutschland', 'gd-kursk');
    const draws: Action[] = Array.from({ length: 5 }, () => ({ type: 'cup.draw', cup: 'activation' }));
    const actions: Action[] = [
      ...draws,
      { type: 'combat', table: 'gd-crt', attack: 7, defence: 3 },
      { type: 'end-turn' },
      ...draws,
      { type: 'table', table: 'gd-weather' },
    ];
    const a = play(builtIn, 'grossdeutschland', 'gd-kursk', actions);
    const b = play(fromPack, 'grossdeutschland', 'gd-kursk', actions);
    expect(b.session.log.map((e) => e.outcome)).toEqual(a.session.log.map((e) => e.outcome));
    expect(b.state.cups).toEqual(a.state.cups);
    expect(verifySession(b.session, fromPack).ok).toBe(true);
  });

  it('the pack file of a seed game survives export and import unchanged', () => {
    const p = packOf('breakout');
    const again = readPack(packText(p));
    expect(again.ok && again.value).toEqual(p);
  });
});
