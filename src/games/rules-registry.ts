/**
 * The built-in games' rules, one per folder (src/games/<game>/rules.ts), loaded when a game of that
 * kind is opened or verified. DOM-free: the command-line verifier loads it in Node. Handed to the
 * data layer by the composition roots (src/main.ts, loading it with the first game opened;
 * src/cli/verify.ts: provideGameRules).
 */
import { rulesRegistry, type GameRulesModule } from './registry';

export const builtInRules = rulesRegistry(import.meta.glob<GameRulesModule>('./*/rules.ts'));
