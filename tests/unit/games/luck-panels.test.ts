// Issue #15: luck in outcomes counts the combats run inside a game's turn panel (its procedures),
// each with its own exact chances — and, in deck mode, the chances of the cards left then.
import { describe, expect, it } from 'vitest';
import { chainLog, outcomeLuck, verifySession, type GameContext, type LogEntry } from '../../../src/engine';
import { combatPlan, procedures } from '../../../src/games/breakout/rules';
import { GameHarness, tablesOf } from './harness';

const tables = tablesOf(import.meta.glob<unknown>('/tables/breakout/*.json', { eager: true, import: 'default' }));
const ctx: GameContext = { tables, procedures, readings: {} };
const game = () => new GameHarness(ctx, { game: 'breakout', scenario: 'bo-campaign', seed: 'luck-panels' });
const FIGHT = { attacker: 'german', attack: 8, defence: 9, terrain: 'clear' };

describe('luck counts the combats of a turn panel', () => {
  it('each Breakout combat counts with the chances of its own column; typed-in dice are flagged; automatic results are not counted', () => {
    const g = game();
    for (let k = 0; k < 4; k++) g.run('bo.combat', FIGHT);
    g.run('bo.combat', FIGHT, [[3]]);
    g.run('bo.combat', { attacker: 'soviet', attack: 2, defence: 9 }); // beyond 1:2: automatic, no roll
    const groups = outcomeLuck(g.session.log, ctx, g.session.settings);
    expect(groups).toHaveLength(1);
    const [crt] = groups;
    expect(crt).toMatchObject({ side: '', table: 'bo-crt' });
    expect(crt!.trials).toHaveLength(5);
    expect(crt!.trials.map((t) => t.manual)).toEqual([false, false, false, false, true]);
    const { dist } = combatPlan(FIGHT, tables.get('bo-crt')!, {});
    for (const t of crt!.trials)
      for (const [r, c] of dist.counts) expect(t.chances.get(r)).toBeCloseTo(c / dist.outcomes, 12);
  });

  it('in deck mode the chances are those of the cards left: the last card of a 1d6 deck is certain', () => {
    const g = game();
    g.act({ type: 'balance', deck: true });
    for (let k = 0; k < 6; k++) g.run('bo.combat', FIGHT);
    const trials = outcomeLuck(g.session.log, ctx, g.session.settings)[0]!.trials;
    expect(trials).toHaveLength(6);
    const last = trials[5]!;
    expect(last.chances.get(last.result)).toBe(1);
    // The first roll had every face: the chances of a plain die.
    const { dist } = combatPlan(FIGHT, tables.get('bo-crt')!, {});
    for (const [r, c] of dist.counts) expect(trials[0]!.chances.get(r)).toBeCloseTo(c / dist.outcomes, 12);
    expect(verifySession(g.session, ctx)).toMatchObject({ ok: true });
  });

  it("steps stored before procedures recorded their tables' chances still verify (and are not counted)", () => {
    const g = game();
    for (let k = 0; k < 3; k++) g.run('bo.combat', FIGHT);
    // Linked again as the steps were then (the chain covers the whole step).
    const old = chainLog({
      ...g.session,
      log: g.session.log.map((e) => {
        if (e.outcome.kind !== 'procedure') return { ...e, prev: undefined };
        const { tables: _, ...outcome } = e.outcome;
        return { ...e, prev: undefined, outcome } as LogEntry;
      }),
    });
    expect(verifySession(old, ctx)).toMatchObject({ ok: true });
    expect(outcomeLuck(old.log, ctx, old.settings)).toEqual([]);
    // A step that records them must record them exactly.
    const forged = chainLog({
      ...g.session,
      log: g.session.log.map((e) =>
        e.outcome.kind === 'procedure' && e.seq === 2
          ? ({
              ...e,
              prev: undefined,
              outcome: { ...e.outcome, tables: [{ ...e.outcome.tables![0]!, outcomes: 7 }] },
            } as LogEntry)
          : { ...e, prev: undefined },
      ),
    });
    expect(verifySession(forged, ctx)).toMatchObject({ ok: false, firstMismatch: { seq: 2 } });
  });
});
