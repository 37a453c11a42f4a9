/**
 * Previews: what a game shows before a roll (the modifiers, the column, the exact chances) is
 * computed by its rules module from the same inputs its procedure reads, without rolling anything.
 */
import { nextSums, sumsAfter } from './deck';
import { EngineError } from './errors';
import { withPlayerChart } from './player-charts';
import type { ProcedureApi } from './procedures';
import type { GameContext, SessionState } from './session';
import type { ErrataMode } from './tables';

/** The parts of the procedure api a preview reads: everything but the dice and the cups. */
export type PreviewEnv = Pick<
  ProcedureApi,
  'table' | 'game' | 'turn' | 'readings' | 'entered' | 'errata' | 'sums' | 'sumsAfter'
>;

/** A preview, or why the procedure would be refused (a message key and its parameters). */
export type Preview<T> = ({ ok: true } & T) | { ok: false; key: string; params: Record<string, string | number> };

/**
 * Runs a preview; a refusal the procedure would give (an EngineError) becomes `{ ok: false }` with
 * the same message: a game's own reason (`procedure`, `chart`: params.key), else the engine's `error.<code>`.
 */
export function attemptPreview<T extends object>(f: () => T): Preview<T> {
  try {
    return { ok: true, ...f() };
  } catch (e) {
    if (e instanceof EngineError && (e.code === 'procedure' || e.code === 'chart')) {
      const { key, ...params } = e.params;
      return { ok: false, key: String(key), params };
    }
    if (e instanceof EngineError) return { ok: false, key: `error.${e.code}`, params: e.params };
    throw e;
  }
}

/** The preview env of an open game: its tables as the procedures read them (the players' typed-in axes merged in). */
export function previewEnv(
  ctx: GameContext,
  state: Pick<SessionState, 'game' | 'turn' | 'balance' | 'decks'>,
  errata: ErrataMode,
  readings: Readonly<Record<string, string>>,
): PreviewEnv {
  return {
    table: (id) => {
      const table = ctx.tables.get(id);
      if (!table) throw new EngineError('unknown-table', { table: id });
      return withPlayerChart(table, ctx.charts?.[id]);
    },
    game: state.game,
    turn: state.turn,
    readings,
    errata,
    ...(ctx.entered ? { entered: ctx.entered } : {}),
    sums: (spec) => nextSums(state, spec),
    sumsAfter: (spec, total) => sumsAfter(state, spec, total),
  };
}
