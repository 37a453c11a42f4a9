// A procedure the rules do once (this turn's weather, this turn's air superiority) cannot be rolled
// again by tapping again: a second run is refused; the players undo (the same dice come back) or
// re-roll on purpose, with a reason that goes into the log. Driven through the session log with the
// game contexts the app builds (src/data/context.ts), so the registry's ONCE rules are the ones used.
import { describe, expect, it } from 'vitest';
import {
  apply,
  EngineError,
  initialState,
  newSession,
  undo,
  PHASE_STEP,
  type Action,
  type GameContext,
  type ProcedureOutcome,
  type Session,
  type SessionState,
} from '../../../src/engine';
import { loadGame } from '../../../src/data/catalog';
import { gameContext } from '../../../src/data/context';

async function game(id: string, scenario: string) {
  const bundle = await loadGame(id);
  const ctx: GameContext = await gameContext(bundle, scenario);
  let session: Session = newSession({ id: 's', game: id, scenario, name: 'x', seed: 'once', createdAt: 'now' });
  let state: SessionState = initialState(session, ctx.scenario);
  const step = (action: Action) => {
    const r = apply(session, state, action, ctx);
    session = r.session;
    state = r.state;
    return r.entry;
  };
  return {
    step,
    run: (pid: string, input: object = {}, extra: Partial<Action> = {}) =>
      step({ type: 'procedure', id: pid, input: input as never, ...extra } as Action).outcome as ProcedureOutcome,
    endTurn: () => step({ type: 'end-turn' }),
    undo: () => {
      const r = undo(session, ctx);
      session = r.session;
      state = r.state;
    },
    log: () => session.log.filter((e) => !e.undone),
  };
}

const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof EngineError ? e.code : String(e);
  }
  return 'accepted';
};

describe('once per occasion', () => {
  it('Breakout: the turn-2 weather (5.1) is rolled once; a second tap is refused and logs nothing', async () => {
    const g = await game('breakout', 'bo-campaign');
    g.endTurn();
    g.run('bo.weather', {}, { manual: [[3]] } as Partial<Action>);
    const before = g.log().length;
    expect(refusal(() => g.run('bo.weather'))).toBe('once');
    expect(g.log()).toHaveLength(before);
  });

  it('Breakout: air superiority (5.2) once a turn; the next turn rolls again', async () => {
    const g = await game('breakout', 'bo-campaign');
    g.run('bo.weather');
    g.run(PHASE_STEP, { index: 1 }); // II. Mutual air phase (5.2): the engine's sequence offers the air roll there
    g.run('bo.air', {}, { manual: [[3]] } as Partial<Action>);
    expect(refusal(() => g.run('bo.air', {}, { manual: [[1]] } as Partial<Action>))).toBe('once');
    g.endTurn();
    g.run('bo.weather', {}, { manual: [[1]] } as Partial<Action>);
    g.run(PHASE_STEP, { index: 1 });
    expect(
      refusal(() =>
        g.run('bo.air', {}, {
          manual: [
            [5, 1],
            [2, 2],
          ],
        } as Partial<Action>),
      ),
    ).toBe('accepted');
  });

  it('a re-roll on purpose runs, with its reason first in the log; an empty reason is refused', async () => {
    const g = await game('breakout', 'bo-campaign');
    g.endTurn();
    g.run('bo.weather', {}, { manual: [[3]] } as Partial<Action>);
    expect(refusal(() => g.run('bo.weather', {}, { reroll: '  ' } as Partial<Action>))).toBe('reroll-reason');
    const again = g.run('bo.weather', {}, { manual: [[6]], reroll: 'die fell off the table' } as Partial<Action>);
    expect(again.reroll).toBe('die fell off the table');
    expect(g.log().filter((e) => e.outcome.kind === 'procedure')).toHaveLength(2);
  });

  it('undo frees the occasion, and the same dice come back', async () => {
    const g = await game('breakout', 'bo-campaign');
    g.endTurn();
    const first = g.run('bo.weather');
    g.undo();
    const second = g.run('bo.weather');
    expect(second.rolls).toEqual(first.rolls);
    expect(second.result).toEqual(first.result);
  });

  it('Breakout: the KG markers (5.3) are deployed once a turn, in phase III (issue #11)', async () => {
    const g = await game('breakout', 'bo-campaign');
    g.endTurn();
    g.endTurn();
    g.run('bo.phase', { index: 2 });
    g.run('bo.kg.deploy', { hexes: { Br: '2119' } });
    expect(refusal(() => g.run('bo.kg.deploy', { hexes: { Br: '2120' } }))).toBe('once');
  });

  it('Grossdeutschland: the weather (14.0) once a turn, unless the turn type is changed (which clears it)', async () => {
    const g = await game('grossdeutschland', 'gd-kursk');
    g.run('gd.turn', { turnType: 'day', weatherModifier: 0 });
    g.run('gd.weather', {}, { manual: [[2]] } as Partial<Action>);
    expect(refusal(() => g.run('gd.weather', {}, { manual: [[5]] } as Partial<Action>))).toBe('once');
    g.run('gd.turn', { turnType: 'night', weatherModifier: 0 });
    expect(refusal(() => g.run('gd.weather', {}, { manual: [[5]] } as Partial<Action>))).toBe('accepted');
  });
});
