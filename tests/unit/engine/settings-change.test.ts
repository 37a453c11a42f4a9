// A setting changed in the middle of a game applies to the steps after it; the steps before it keep
// the errata they were resolved with, so the game still replays and verifies (a referee's export
// shows each result as it came out). Grossdeutschland's CRT, erratum T1 (digest 000 §4.9; seed 000
// line 467): at 1-4 a roll of 7 is printed "SC", corrected to "AC".
import { describe, expect, it } from 'vitest';
import { kurskGame } from '../games/kursk-game';
import { apply, deriveState, verifySession, type LogEntry, type Session } from '../../../src/engine';

const combat = { type: 'combat', table: 'gd-crt', attack: 1, defence: 4, manual: [3, 4] } as const;
const result = (e: LogEntry) => (e.outcome.kind === 'resolution' ? e.outcome.resolution.result : undefined);

async function gameWithChange() {
  const game = await kurskGame('s-errata', 'errata-seed', '2026-01-01T00:00:00.000Z');
  let session: Session = { ...game.session, settings: { ...game.session.settings, errata: 'printed' } };
  let state = game.state;
  ({ session, state } = apply(session, state, combat, game.ctx));
  // The players switch to the corrected chart (store.setErrata → updateSettings).
  session = { ...session, settings: { ...session.settings, errata: 'corrected' } };
  ({ session, state } = apply(session, state, combat, game.ctx));
  return { session, state, ctx: game.ctx };
}

describe('a change of errata in the middle of a game', () => {
  it('each step is resolved with the errata in force when it was made, and records them', async () => {
    const { session } = await gameWithChange();
    expect(session.log.map(result)).toEqual(['SC', 'AC']);
    expect(session.log.map((e) => (e.action.type === 'combat' ? e.action.errata : undefined))).toEqual([
      'printed',
      'corrected',
    ]);
  });

  it('the whole game still verifies and replays to the same state', async () => {
    const { session, state, ctx } = await gameWithChange();
    expect(verifySession(session, ctx).ok).toBe(true);
    expect(deriveState(session, ctx)).toEqual(state);
  });

  it('a step stored without its errata (made before they were recorded) replays with the game setting', async () => {
    const { session, ctx } = await gameWithChange();
    const { errata: _e, ...older } = session.log[0]!.action as typeof combat & { errata?: string };
    const stored: Session = { ...session, log: [{ ...session.log[0]!, action: older }, ...session.log.slice(1)] };
    // Re-resolved with today's 'corrected' setting, the first step no longer gives its recorded "SC".
    const v = verifySession(stored, ctx);
    expect(v.ok).toBe(false);
    expect(v.firstMismatch).toMatchObject({ seq: 1, reason: expect.stringMatching(/result differs/) });
  });
});
