// A game of the engine's test game (engine/fixtures.ts) played step by step, and its steps as
// IndexedDB gives them back: what the tests of a long log read back from storage start from.
import {
  apply,
  initialState,
  newSession,
  type Action,
  type Context,
  type GameContext,
  type LogEntry,
  type Session,
  type SessionState,
} from '../../../src/engine';
import { gameFixture } from '../engine/fixtures';

export interface Played {
  readonly session: Session;
  readonly state: SessionState;
  readonly ctx: GameContext;
}

/** A new game of the test game from `seed`, with no step yet. */
export function newTestGame(seed: string): Played {
  const { ctx, scenario } = gameFixture();
  const session = newSession({
    id: seed,
    game: 'test',
    scenario: scenario.id,
    name: seed,
    seed,
    createdAt: '2024-01-01T00:00:00Z',
  });
  return { session, state: initialState(session, scenario), ctx };
}

/** `actions` played on `game` one after another; `where(k)` gives the k-th one's time and context. */
export function play(
  game: Played,
  actions: readonly Action[],
  where: (k: number) => { at?: string; context?: Context } = () => ({}),
): Played {
  let { session, state } = game;
  for (const [k, action] of actions.entries()) ({ session, state } = apply(session, state, action, game.ctx, where(k)));
  return { session, state, ctx: game.ctx };
}

/** The game's steps as IndexedDB gives them back: every step a separate copy. */
export const storedCopies = (session: Session): LogEntry[] => session.log.map((e) => structuredClone(e));
