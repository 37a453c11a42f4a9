// Issue #29: the engine keeps where the game stands in its sequence of play, and moves it with one
// step (PHASE_STEP) built from the game's SEQUENCE. Games recorded with the old per-game `*.phase`
// procedures replay and verify to the same state (the recorded logs in tests/fixtures/sequence were
// made by those procedures, before this change). A procedure its phase does not offer is refused,
// naming the phase, unless the players give their reason, which the log keeps.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  apply,
  deriveState,
  EngineError,
  initialState,
  newSession,
  PHASE_STEP,
  positionOf,
  readSessionFile,
  verifySession,
  type Action,
  type GameContext,
  type ProcedureOutcome,
  type Session,
  type SessionState,
} from '../../../src/engine';
import { loadGame } from '../../../src/data/catalog';
import { gameContext } from '../../../src/data/context';
import { explain } from '../../../src/ui/explain';

const SCENARIOS = { breakout: 'bo-campaign', stalingrado: 'rs-stalingrado', zitadelle: 'zi-kursk' } as const;
type Game = keyof typeof SCENARIOS;

const contextOf = async (game: Game): Promise<GameContext> => gameContext(await loadGame(game), SCENARIOS[game]);
const fixture = (name: string) => readFileSync(new URL(`../../fixtures/sequence/${name}`, import.meta.url), 'utf8');

async function play(game: Game) {
  const ctx = await contextOf(game);
  let session: Session = newSession({
    id: 's',
    game,
    scenario: SCENARIOS[game],
    name: 'x',
    seed: `seq-${game}`,
    createdAt: 'now',
  });
  let state: SessionState = initialState(session, ctx.scenario);
  const step = (action: Action) => {
    const r = apply(session, state, action, ctx);
    session = r.session;
    state = r.state;
    return r.entry;
  };
  const run = (id: string, input: object = {}, extra: object = {}) =>
    step({ type: 'procedure', id, input, ...extra } as Action).outcome as ProcedureOutcome;
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
    endTurn: () => step({ type: 'end-turn' }),
    phase: (index: number) => run(PHASE_STEP, { index }),
    get session() {
      return session;
    },
    get state() {
      return state;
    },
  };
}

describe('old games recorded with the per-game phase procedures (issue #29)', () => {
  for (const game of Object.keys(SCENARIOS) as Game[]) {
    it(`${game}: a log of *.phase steps made before #29 verifies and replays to the very state it reached then`, async () => {
      const ctx = await contextOf(game);
      const read = readSessionFile(fixture(`${game}-before-29.json`), () => ctx);
      expect(read.ok, JSON.stringify(read.ok ? '' : read.issues)).toBe(true);
      if (!read.ok) return;
      expect(read.session.log.some((e) => e.action.type === 'procedure' && e.action.id.endsWith('.phase'))).toBe(true);
      expect(verifySession(read.session, ctx).ok).toBe(true);
      // The same JSON, key for key: a long game's saved state is compared with its replay as text (store-game.ts).
      expect(JSON.stringify(deriveState(read.session, ctx).game)).toBe(
        JSON.stringify(JSON.parse(fixture(`${game}-before-29.state.json`))),
      );
    });
  }

  it('the engine reads the position an old step stored: Stalingrado turn 2 stood at the German combat (index 25)', async () => {
    const ctx = await contextOf('stalingrado');
    const read = readSessionFile(fixture('stalingrado-before-29.json'), () => ctx);
    if (!read.ok) throw new Error('not read');
    const state = deriveState(read.session, ctx);
    expect(positionOf(ctx.sequence!, state.game, state.turn).phase.id).toBe('ge-combat');
  });
});

describe("the engine's phase step", () => {
  it('Breakout (5.0): says the phase as bo.phase did, and keeps { turn, index, id }', async () => {
    const g = await play('breakout');
    const now = g.phase(11);
    expect(now.id).toBe(PHASE_STEP);
    expect(now.headline).toEqual({ key: 'bo.phase.head', params: { phase: 'XII' } });
    expect(now.result).toBe(11);
    expect(g.state.game['phase']).toEqual({ turn: 1, index: 11, id: 'XII' });
  });

  it('Stalingrado (6, 9): the set-up is over after turn 1 (rs.err.setupOver); a new turn stands at air placement', async () => {
    const g = await play('stalingrado');
    expect(positionOf(g.ctx.sequence!, g.state.game, 1).phase.id).toBe('setup-deploy');
    g.phase(3);
    g.endTurn();
    expect(positionOf(g.ctx.sequence!, g.state.game, 2).phase.id).toBe('air-placement');
    expect(g.refused(PHASE_STEP, { index: 0 })).toMatchObject({ params: { key: 'rs.err.setupOver' } });
    // New steps keep the phase's id, which the log records with the steps made in it.
    g.phase(17);
    expect(g.state.game['phase']).toEqual({ turn: 2, index: 17, id: 'ru-move' });
  });

  it('Zitadelle (4.1): an index outside the turn is refused in words; s-disorg ends the PM-1 markers (9.26)', async () => {
    const g = await play('zitadelle');
    expect(g.refused(PHASE_STEP, { index: 12 })).toEqual({ code: 'phase', params: { index: '12', count: 12 } });
    const o = g.phase(11);
    expect(o.headline.key).toBe('zi.phase.s-disorg');
    expect(o.lines.map((l) => l.key)).toContain('zi.prompt.pm1');
    expect(g.state.game['pm1']).toEqual({});
  });
});

describe('a procedure out of its phase: refused in words, possible with the players’ reason (issue #29)', () => {
  it('Breakout: the air roll (5.2) in phase I is refused, naming the phase; in phase II it runs', async () => {
    const g = await play('breakout');
    g.run('bo.weather');
    expect(g.refused('bo.air', {}, { manual: [[3]] })).toEqual({
      code: 'sequence',
      params: { procedure: 'bo.air', phase: 'I', rule: '5.1' },
    });
    expect(g.session.log).toHaveLength(1);
    g.phase(1);
    expect(g.run('bo.air', {}, { manual: [[3]] }).headline).toBeDefined();
  });

  it('with a reason it runs, the reason kept in the log and said first; a blank reason is refused', async () => {
    const g = await play('breakout');
    expect(g.refused('bo.combat', { attacker: 'soviet', attack: 6, defence: 3 }, { outOfSequence: '  ' })).toEqual({
      code: 'sequence-reason',
      params: {},
    });
    const o = g.run(
      'bo.combat',
      { attacker: 'soviet', attack: 6, defence: 3, terrain: 'clear' },
      { manual: [[3]], outOfSequence: 'we forgot it in phase IV' },
    );
    expect(o.outOfSequence).toBe('we forgot it in phase IV');
    const said = explain('en', o, g.ctx);
    expect(said.lines[0]).toBe('Made out of its phase on purpose: we forgot it in phase IV.');
    // The log verifies: the reason is part of the step, replayed as made.
    expect(verifySession(g.session, g.ctx).ok).toBe(true);
  });

  it('a procedure no phase offers (Stalingrado’s tank tracker, 2.3) is in sequence in every phase', async () => {
    const g = await play('stalingrado');
    expect(g.refused('rs.tank', { id: 'A', side: 'russian' })).toBeUndefined();
  });

  it('Zitadelle: AT fire (6) is offered in g-at, not in g-air', async () => {
    const g = await play('zitadelle');
    expect(g.refused('zi.at', { strength: 2, armor: 2 })).toMatchObject({
      code: 'sequence',
      params: { phase: 'g-air' },
    });
  });

  it('replaying never checks the sequence: a recorded step out of its phase with no reason still verifies', async () => {
    const g = await play('breakout');
    const ctx = { ...g.ctx, sequence: undefined };
    // Made where no sequence was known (as before #29), then verified with the game's sequence.
    const made = apply(g.session, g.state, { type: 'procedure', id: 'bo.air', input: {}, manual: [[3]] }, ctx);
    expect(made.entry.outcome.kind).toBe('procedure');
    expect(verifySession(made.session, g.ctx).ok).toBe(true);
  });
});
