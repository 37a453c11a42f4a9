// EastFront on the engine's sequence of play (issue #29; 4.0–4.46, seed 004 lines 528–590): the month's
// segments with their rule numbers, `ef.phase` (the id saved games recorded) the same step as the
// engine's PHASE_STEP, and a procedure out of its segment refused in words unless the players give their
// reason. The replay of a log recorded with ef.phase before this change is in tests/unit/engine/sequence.test.ts.
import { describe, expect, it } from 'vitest';
import {
  apply,
  EngineError,
  initialState,
  newSession,
  outOfSequence,
  PHASE_STEP,
  positionOf,
  type Action,
  type GameContext,
  type ProcedureOutcome,
  type Session,
  type SessionState,
} from '../../../src/engine';
import { loadGame } from '../../../src/data/catalog';
import { gameContext } from '../../../src/data/context';
import { PHASES, SEQUENCE } from '../../../src/games/eastfront/rules';

async function game(scenario = 'ef-w42') {
  const ctx: GameContext = await gameContext(await loadGame('eastfront'), scenario);
  let session: Session = newSession({
    id: 's',
    game: 'eastfront',
    scenario,
    name: 'x',
    seed: 'ef-seq',
    createdAt: 'now',
  });
  let state: SessionState = initialState(session, ctx.scenario);
  const step = (action: Action) => {
    ({ session, state } = apply(session, state, action, ctx));
    return session.log.at(-1)!.outcome as ProcedureOutcome;
  };
  const run = (id: string, input: object = {}, extra: object = {}) =>
    step({ type: 'procedure', id, input, ...extra } as Action);
  const refused = (id: string, input: object = {}, extra: object = {}) => {
    try {
      run(id, input, extra);
    } catch (e) {
      if (e instanceof EngineError) return { code: e.code, params: e.params };
      throw e;
    }
    return undefined;
  };
  return {
    ctx,
    run,
    refused,
    at: (id: string) => run(PHASE_STEP, { index: PHASES.findIndex((p) => p.id === id) }),
    endTurn: () => step({ type: 'end-turn' }),
    get state() {
      return state;
    },
  };
}

describe('EastFront’s sequence of play as the engine keeps it', () => {
  it('the segments carry their rules: Production 4.2, weather 4.3, the player turn’s phases 4.41–4.46', () => {
    expect(SEQUENCE.phases).toBe(PHASES);
    expect(PHASES.map((p) => `${p.id} ${p.rule}`).slice(0, 8)).toEqual([
      'production 4.2',
      'f1.weather 4.3',
      'f1.p1.command 4.41',
      'f1.p1.movement 4.42',
      'f1.p1.combat 4.43',
      'f1.p1.blitz-move 4.44',
      'f1.p1.blitz-combat 4.45',
      'f1.p1.supply 4.46',
    ]);
    expect(PHASES).toHaveLength(27);
  });

  it('ef.phase (saved games) and the engine’s step say the same and keep { turn, index, id }', async () => {
    const old = await game();
    const now = await game();
    const a = old.run('ef.phase', { index: 0 });
    const b = now.run(PHASE_STEP, { index: 0 });
    // The first month has no Production (3.2.2, 11.1).
    expect([a.headline, a.lines, a.result]).toEqual([b.headline, b.lines, b.result]);
    expect(b.lines.map((l) => l.key)).toEqual(['ef.phase.noProduction']);
    expect(old.state.game).toEqual(now.state.game);
    now.run(PHASE_STEP, { index: 4 });
    expect(now.state.game['phase']).toEqual({ turn: 1, index: 4, id: 'f1.p1.combat' });
    expect(old.refused('ef.phase', { index: 27 })).toEqual({ code: 'phase', params: { index: '27', count: 27 } });
  });

  it('a month starts at Production (4.1, 4.2): after the month’s end the position is index 0 again', async () => {
    const g = await game();
    g.at('f2.p2.supply');
    g.endTurn();
    expect(positionOf(g.ctx.sequence!, g.state.game, 2).phase.id).toBe('production');
  });

  it('a battle at Production is refused naming the segment’s rule; in the Combat phase (4.43) it runs', async () => {
    const g = await game();
    const setup = {
      terrain: 'clear',
      weather: 'dry',
      od: 'soviet',
      blocks: [
        { id: 'A', side: 'axis', type: 'infantry', cv: 3 },
        { id: 'S', side: 'soviet', type: 'infantry', cv: 3 },
      ],
    };
    expect(g.refused('ef.battle', setup)).toEqual({
      code: 'sequence',
      params: { procedure: 'ef.battle', phase: 'production', rule: '4.2' },
    });
    g.at('f1.p1.combat');
    expect(g.run('ef.battle', setup).id).toBe('ef.battle');
  });

  it('with the players’ reason a step out of its segment runs, and the log keeps the reason', async () => {
    const g = await game();
    const o = g.run(
      'ef.weather',
      { front: 'east', fortnight: 1 },
      { outOfSequence: 'rolled at Production by agreement' },
    );
    expect(o.outOfSequence).toBe('rolled at Production by agreement');
  });

  it('what each segment offers (Chart:TURNO DE JUGADOR); the HQ ledger, the OB’s events and victory at any time', async () => {
    const g = await game();
    const where = (id: string, procedure: string) => {
      g.at(id);
      return (
        outOfSequence(g.ctx.sequence!, { game: g.state.game, turn: 1, readings: {} }, procedure)?.rule ?? 'offered'
      );
    };
    expect(where('production', 'ef.production')).toBe('offered');
    expect(where('production', 'ef.setup')).toBe('offered');
    expect(where('f1.weather', 'ef.weather')).toBe('offered');
    expect(where('f1.weather', 'ef.production')).toBe('4.3');
    // Pursuit fire: in the Movement phases, where a retreat is made (6.41, line 885), and from the open battle.
    expect(where('f1.p1.movement', 'ef.pursuit')).toBe('offered');
    expect(where('f1.p1.combat', 'ef.pursuit')).toBe('offered');
    expect(where('f1.p1.supply', 'ef.pursuit')).toBe('4.46');
    expect(where('f1.p2.blitz-combat', 'ef.fire')).toBe('offered');
    expect(where('f1.p1.command', 'ef.fire')).toBe('4.41');
    for (const id of ['ef.rally', 'ef.attrition', 'ef.overstack', 'ef.surrender']) {
      expect(where('f2.p2.supply', id), id).toBe('offered');
      expect(where('f2.p2.movement', id), id).toBe('4.42');
    }
    for (const id of ['ef.hqActivate', 'ef.hqDeactivate', 'ef.hqSupremeMove', 'ef.event', 'ef.victory'])
      expect(where('f1.p1.movement', id), id).toBe('offered');
  });
});
