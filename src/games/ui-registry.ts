/**
 * The built-in games' UI, one per folder (src/games/<game>/ui.ts: messages and turn panel), loaded
 * when a game of that kind is opened in the app. Handed to the message catalog by src/main.ts
 * (provideGameUis); the session page reads the loaded turn panel from it.
 */
import { uiRegistry, type GameUiModule } from './registry';

export const builtInUis = uiRegistry(import.meta.glob<GameUiModule>('./*/ui.ts'));
