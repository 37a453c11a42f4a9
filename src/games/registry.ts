/**
 * How a game's modules are found: one folder per game, src/games/<game>/, read by its folder name.
 * Nothing here names a game: the registries are built from the folders (./rules-registry.ts for
 * the DOM-free rules, ./ui-registry.ts for the Lit UI) and handed down by the composition roots —
 * src/main.ts for the app, src/cli/verify.ts for the command line — so the data layer imports no
 * game, and adding a game touches no shared file.
 *
 * - `rules.ts` (and the pure files it imports): the procedures, the readings of rules the text leaves
 *   open, the sequence of play. DOM-free: the command-line verifier loads it in Node.
 * - `ui.ts`: the game's messages (en/es) and its turn panel, loaded only when a game of that kind
 *   is opened in the app.
 *
 * A game without a folder is played with the generic tools alone (dice, table rolls, CRT, cups).
 */
import type { Actors, GameState, OnceRule, Procedure, RulesVersions, Sequence } from '../engine';
import type { GameModule, GameRules } from '../data/providers';
import type { Messages } from '../ui/i18n/define';

/** What src/games/<game>/rules.ts exports. */
export interface GameRulesModule {
  readonly procedures: Readonly<Record<string, Procedure>>;
  /** Default readings of rules the text leaves open. */
  readonly DEFAULT_READINGS: Readonly<Record<string, string>>;
  /** The procedures its sequence of play does once per occasion (this turn's weather…). */
  readonly ONCE?: Readonly<Record<string, OnceRule>>;
  /** Its sequence of play (src/engine/sequence.ts): the engine keeps the position and moves it with its phase step. */
  readonly SEQUENCE?: Sequence;
  /** What holds this turn ("weather:rain", "turn:evening"), for the tables' modifiers that apply by themselves. */
  readonly conditions?: (game: GameState, turn: number) => readonly string[];
  /**
   * The game's rules version, bumped when a change alters what a procedure does (every step records
   * it; a procedure keeps old behaviour behind `api.rules`), and the procedures rewritten without it.
   */
  readonly RULES?: RulesVersions;
  /**
   * The procedures its rules give to one side's player, and who acts in each (the input field naming
   * that side, or the side): a linked phone is refused such a step for the other side (src/link/guard.ts).
   */
  readonly ACTORS?: Actors;
}

/** What src/games/<game>/ui.ts exports. */
export interface GameUiModule {
  /** The game's own message blocks (procedures' lines, turn panel), merged into the catalog on load. */
  readonly messages: readonly Messages<string>[];
  /** Tag of the turn panel's custom element (defined by importing ui.ts); it takes `store`, `current`, `physical`. */
  readonly turnPanel?: string;
  /** The name of a phase the log recorded by its id (a step's context.phase), in the players' language. */
  readonly phaseLabel?: (lang: 'en' | 'es', id: string) => string | undefined;
}

/** Loaders by file path, as `import.meta.glob('…/*\/rules.ts')` gives them. */
export type ModuleFiles<M> = Readonly<Record<string, () => Promise<M>>>;

/** The game id of a module file: the name of its folder (`./breakout/rules.ts` → `breakout`). */
export const gameOfModule = (path: string): string => path.split('/').at(-2)!;

const byGame = <M>(files: ModuleFiles<M>): ReadonlyMap<string, () => Promise<M>> =>
  new Map(Object.entries(files).map(([path, load]) => [gameOfModule(path), load]));

/** The rules registry over a folder's `<game>/rules.ts` files: what the engine needs of each game. */
export function rulesRegistry(files: ModuleFiles<GameRulesModule>): GameRules & { readonly games: readonly string[] } {
  const loaders = byGame(files);
  const load = async (gameId: string): Promise<GameModule | undefined> => {
    const m = await loaders.get(gameId)?.();
    return (
      m && {
        procedures: m.procedures,
        readings: m.DEFAULT_READINGS,
        ...(m.ONCE ? { once: m.ONCE } : {}),
        ...(m.SEQUENCE ? { sequence: m.SEQUENCE } : {}),
        ...(m.conditions ? { conditions: m.conditions } : {}),
        ...(m.RULES ? { rules: m.RULES } : {}),
        ...(m.ACTORS ? { actors: m.ACTORS } : {}),
      }
    );
  };
  return Object.assign(load, { games: [...loaders.keys()].sort() });
}

/** The UI registry over a folder's `<game>/ui.ts` files: each loaded once. */
export interface UiRegistry {
  readonly games: readonly string[];
  /** Loads a game's messages and turn panel (once); undefined for a game without a UI module. */
  load(gameId: string): Promise<GameUiModule | undefined>;
}

export function uiRegistry(files: ModuleFiles<GameUiModule>): UiRegistry {
  const loaders = byGame(files);
  const loading = new Map<string, Promise<GameUiModule | undefined>>();
  return {
    games: [...loaders.keys()].sort(),
    load(gameId) {
      let p = loading.get(gameId);
      if (!p) {
        p = loaders.get(gameId)?.() ?? Promise.resolve(undefined);
        loading.set(gameId, p);
      }
      return p;
    },
  };
}
