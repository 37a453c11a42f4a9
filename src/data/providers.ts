/**
 * What the data layer is handed at start-up by a composition root (src/main.ts for the app,
 * src/cli/verify.ts for the command line, tests/unit/composition.ts for the unit tests): the games'
 * rules (src/games/rules-registry.ts) and where games that are not built in come from (the pack
 * library, the packs named on the command line). The data layer imports no game and no pack code.
 * A leaf module of types and two slots, so the first download (src/main.ts) stays small.
 */
import type {
  Actors,
  GameData,
  GameState,
  OnceRule,
  Procedure,
  RulesVersions,
  ScenarioData,
  Sequence,
  TableData,
} from '../engine';

/** What the engine needs of a game's module: its procedures and default readings. */
export interface GameModule {
  readonly procedures: Readonly<Record<string, Procedure>>;
  readonly readings: Readonly<Record<string, string>>;
  readonly once?: Readonly<Record<string, OnceRule>>;
  /** Its sequence of play: the engine keeps where the game stands in it (src/engine/sequence.ts). */
  readonly sequence?: Sequence;
  readonly conditions?: (game: GameState, turn: number) => readonly string[];
  /** The game's rules versions (every step records the one it was made under). */
  readonly rules?: RulesVersions;
  /** The procedures a side's own player does, and who acts in each (a phone acts for its own side only). */
  readonly actors?: Actors;
}

/** Finds a game's module by game id (undefined: a game played with the generic tools alone). */
export type GameRules = (gameId: string) => Promise<GameModule | undefined>;

/**
 * Games the app does not have built in — game packs (src/packs), made or imported by players —
 * found by id when asked. Their data is checked by the source, with the same schemas.
 */
export interface GameSource {
  find(gameId: string): Promise<{ game: GameData; tables: TableData[]; scenarios: ScenarioData[] } | undefined>;
}

let rules: GameRules | undefined;
let source: () => Promise<GameSource | undefined> = async () => undefined;

/** The games' rules (src/games/rules-registry.ts builtInRules). */
export function provideGameRules(r: GameRules): void {
  rules = r;
}

/** Where games that are not built in come from (undefined: nowhere; a function: looked up lazily). */
export function provideGameSource(s: GameSource | (() => Promise<GameSource | undefined>) | undefined): void {
  source = typeof s === 'function' ? s : async () => s;
}

/** The games' rules handed in (a composition root that forgot them is a programming error, said loudly). */
export function gameRules(): GameRules {
  if (!rules) throw new Error('No game rules: the composition root must call provideGameRules first');
  return rules;
}

/** The source of games that are not built in, as handed in (the same function until it is replaced). */
export const gameSource = (): (() => Promise<GameSource | undefined>) => source;
