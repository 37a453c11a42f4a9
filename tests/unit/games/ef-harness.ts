// An EastFront game of scenario S42 driven through the real session log, and the refusal an engine
// step gives, as the sealed-value test files read them (tests/unit/sealed*.test.ts).
import { EngineError } from '../../../src/engine';
import { battleOf, DEFAULT_READINGS, ONCE, procedures, RULES } from '../../../src/games/eastfront/rules';
import { GameHarness, scenariosOf, tablesOf } from './harness';

const tables = tablesOf(import.meta.glob<unknown>('/tables/eastfront/ef-*.json', { eager: true, import: 'default' }));
const scenarios = scenariosOf(
  import.meta.glob<unknown>('/scenarios/eastfront/*.json', { eager: true, import: 'default' }),
);

/** An EastFront S42 game on `seed`, made at a real time, so that its exported file is a game file (the header's first link). */
export class EfS42Game extends GameHarness {
  constructor(seed: string) {
    super(
      {
        tables,
        procedures,
        once: ONCE,
        rules: RULES,
        readings: { ...DEFAULT_READINGS },
        scenario: scenarios.get('ef-s42')!,
      },
      { game: 'eastfront', scenario: 'ef-s42', seed },
    );
    this.session = { ...this.session, createdAt: '2026-01-01T00:00:00Z' };
  }
  get battle() {
    return battleOf(this.state.game)!;
  }
}

/** What `f` is refused with: the engine's key and parameters, or `accepted`. */
export const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof EngineError ? { key: String(e.params['key']), ...e.params } : { key: String(e) };
  }
  return { key: 'accepted' };
};
