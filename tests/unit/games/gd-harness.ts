// A Grossdeutschland game driven through the real session log, recording every message key its
// steps use (each test file checks its keys against the catalog). Shared by the GD test files.
import type { GameContext, ScenarioData, SessionSettings } from '../../../src/engine';
import { GameHarness } from './harness';

export class GdSession extends GameHarness {
  constructor(
    ctx: GameContext,
    seen: Set<string>,
    isKey: (v: unknown) => v is string,
    opts: { seed?: string; settings?: Partial<SessionSettings> } = {},
  ) {
    super(
      ctx,
      {
        game: 'grossdeutschland',
        scenario: ctx.scenario?.id ?? 'gd-kursk',
        seed: opts.seed ?? 'gd',
        ...(opts.settings ? { settings: opts.settings } : {}),
      },
      { seen, isKey },
    );
  }
}

/** A small Grossdeutschland scenario "gd-test" (named T, rule 18.0, no tables) with `more` (cups, victory…). */
export function gdTestScenario(more: Partial<ScenarioData> = {}): ScenarioData {
  return {
    kind: 'scenario',
    id: 'gd-test',
    game: 'grossdeutschland',
    name: { en: 'T', es: 'T' },
    rule: '18.0',
    tables: [],
    ...more,
  } as ScenarioData;
}
