/**
 * What the engine needs to run or replay a game's steps: its validated tables, the scenario, its
 * procedures (src/games/<game>/) and, for live play, the chart values typed in on this device.
 * One place builds it, for the app and the command line alike. The games' rules are handed in at
 * start-up (provideGameRules, by src/main.ts and src/cli/verify.ts): this layer imports no game.
 */
import {
  hasTrackConditions,
  stripBom,
  trackConditions,
  type ChartSetup,
  type EnteredCells,
  type GameContext,
  type Session,
} from '../engine';
import { hasGame, loadGame, type GameBundle } from './catalog';
import { gameRules } from './providers';

export { provideGameRules, type GameModule, type GameRules } from './providers';

export async function gameContext(
  bundle: GameBundle,
  scenarioId: string,
  entered?: Readonly<Record<string, EnteredCells>>,
  charts?: Readonly<Record<string, ChartSetup>>,
): Promise<GameContext> {
  const rules = await gameRules()(bundle.game.id);
  // A game without its own `conditions` (a game pack) reads them from its turn track (issue #32).
  const track = bundle.tables.find(hasTrackConditions);
  return {
    tables: new Map(bundle.tables.map((t) => [t.id, t])),
    scenario: bundle.scenarios.find((s) => s.id === scenarioId),
    // The dice the game's data declares: a free roll of custom faces must be one of them (issue #30).
    dice: bundle.game.dice.map((d) => d.dice),
    ...(entered ? { entered } : {}),
    ...(charts ? { charts } : {}),
    ...(track ? { conditions: (_game, turn) => trackConditions(track, turn) } : {}),
    ...rules,
  };
}

/**
 * The context for replaying an exported game file: only the game the file names is loaded. No
 * device chart values are used — steps record the values they read — so a file verifies the same
 * everywhere. Unknown games or scenarios give undefined (the file is then refused).
 */
export async function contextForFile(text: string): Promise<(s: Session) => GameContext | undefined> {
  let named: { game?: unknown; scenario?: unknown } | undefined;
  try {
    named = (JSON.parse(stripBom(text)) as { session?: { game?: unknown; scenario?: unknown } } | null)?.session;
  } catch {
    // readSessionFile reports it.
  }
  const gameId = named?.game;
  if (typeof gameId !== 'string' || !(await hasGame(gameId))) return () => undefined;
  const bundle = await loadGame(gameId);
  const byScenario = new Map<string, GameContext>();
  for (const sc of bundle.scenarios) byScenario.set(sc.id, await gameContext(bundle, sc.id));
  return (s) => (s.game === gameId ? byScenario.get(s.scenario) : undefined);
}
