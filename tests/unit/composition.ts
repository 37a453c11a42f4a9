// The unit tests' composition root (vite.config.ts setupFiles), as src/main.ts is the app's: the
// built-in games' rules and UI, and the packs on this device, handed to the layers that use them.
import { provideGameRules, provideGameSource } from '../../src/data/providers';
import { builtInRules } from '../../src/games/rules-registry';
import { builtInUis } from '../../src/games/ui-registry';
import { provideGameUis } from '../../src/ui/game-uis';

provideGameRules(builtInRules);
provideGameUis(builtInUis.load);
provideGameSource(async () => (await import('../../src/packs/library')).packLibrary());
