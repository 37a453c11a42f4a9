// The unit tests' composition root (vite.config.ts setupFiles), as src/main.ts is the app's: the
// built-in games' rules and UI, and the packs on this device, handed to the layers that use them.
import { provideGameRules, provideGameSource } from '../../src/data/providers';
import { builtInRules } from '../../src/games/rules-registry';
import { builtInUis } from '../../src/games/ui-registry';
import { provideGameUis } from '../../src/ui/game-uis';
import type { PackRepo } from '../../src/persistence/packs';

provideGameRules(builtInRules);
provideGameUis(builtInUis.load);
// This device's pack store: the (fake) IndexedDB's, opened when first asked for; a test that needs
// its own hands a Store its `packs` and the catalog its source (tests/unit/packs-library.test.ts).
let devicePacks: Promise<PackRepo | undefined> | undefined;
const packs = (): Promise<PackRepo | undefined> =>
  (devicePacks ??=
    typeof indexedDB === 'undefined'
      ? Promise.resolve(undefined)
      : Promise.all([import('../../src/persistence/db'), import('../../src/persistence/packs')])
          .then(async ([{ openCompanionDb }, { PackRepo }]) => new PackRepo(await openCompanionDb()))
          .catch(() => undefined));
provideGameSource(async () => (await import('../../src/packs/library')).packLibrary(await packs()));
