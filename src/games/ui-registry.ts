/**
 * The built-in games' UI, one per folder (src/games/<game>/ui.ts: messages and turn panel), loaded
 * when a game of that kind is opened in the app. Handed in by src/main.ts (provideGameUis, itself
 * loaded with the first game opened): the message catalog and the session page read it through
 * src/ui/game-uis.ts.
 */
import { uiRegistry, type GameUiModule } from './registry';

export const builtInUis = uiRegistry(import.meta.glob<GameUiModule>('./*/ui.ts'));
