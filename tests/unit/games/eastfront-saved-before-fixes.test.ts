// EastFront games saved before last session's rule fixes open and verify (rules versions, issue #31):
// the fixture files were recorded by src/games/eastfront/rules.ts of commit 2410dba (731ddb6^), before
// a battle ended with its verdict, before a swamp in Snow was forest (1.34 line 117, 12.24 line 1538),
// before the March weather read an untapped February (line 1568), before W44 refused the surrender roll
// (Scn W44 2, line 2532), before the Edelweiss victory was left to the players (Scn Edelweiss) and before
// Production refused a replacement step for a unit arriving that month (11.41, line 1425). Today's
// rules read those steps otherwise: the rewritten procedures keep their recorded results (their dice
// checked from the seed), the surrender and the weather replay under the old rules the game keeps.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apply,
  deriveState,
  entryHash,
  headerHash,
  initialState,
  newSession,
  PHASE_STEP,
  readSessionFile,
  verifySession,
  type GameContext,
  type LogEntry,
  type ProcedureOutcome,
  type Session,
} from '../../../src/engine';
import { contextForFile } from '../../../src/data/context';
import { RULES } from '../../../src/games/eastfront/rules';
import { verdict } from '../../../src/ui/verdict';
import { loadBlocks } from '../../../src/ui/i18n';

beforeAll(() => loadBlocks());

const fixture = (name: string) => readFileSync(`tests/fixtures/rules-versions/eastfront-${name}-2410dba.json`, 'utf8');

async function opened(name: string) {
  const text = fixture(name);
  const contextFor = await contextForFile(text);
  const read = readSessionFile(text, contextFor);
  const session = (JSON.parse(text) as { session: Session }).session;
  return { text, read, session, ctx: contextFor(session)! };
}

/** A log edited by someone holding the seed, its chain worked out again (so only the rules can refuse it). */
function relinked(s: Session): Session {
  let prev = headerHash(s);
  const log = s.log.map((e) => {
    const linked: LogEntry = { ...e, prev };
    prev = entryHash(linked);
    return linked;
  });
  return { ...s, log };
}

const ids = (s: Session) => s.log.map((e) => (e.action.type === 'procedure' ? e.action.id : e.action.type));

describe('EastFront games saved before the rule fixes (rules version 1)', () => {
  it('the game declares version 2 (1: these fixes; 2: an edit after a round hides the Original Defender only), the rewritten procedures named', () => {
    expect(RULES).toEqual({
      version: 2,
      rewritten: {
        'ef.battle': 1,
        'ef.round': 1,
        'ef.fire': 1,
        'ef.choose': 1,
        'ef.pursuit': 1,
        'ef.victory': 1,
        'ef.production': 1,
      },
    });
  });

  it('W41: the swamp battle in Snow and the replacement for 23 CPS keep their results; March replays under the old weather', async () => {
    const { read, session } = await opened('w41');
    expect(ids(session)).toEqual([
      'ef.battle',
      'ef.round',
      'ef.fire',
      'ef.fire',
      'end-turn',
      'end-turn',
      'end-turn',
      'ef.weather',
      'ef.production',
    ]);
    expect(read.ok, JSON.stringify(read.ok ? '' : read.issues)).toBe(true);
    if (!read.ok) return;
    // Step 4: the attacking armor fired SF in the swamp (2 hits); frozen into forest it fires DF today.
    // Step 9: '23 CPS' arrives in March 1942 (W41 list, line 2128): no replacement step for it today (11.41, line 1425).
    expect(read.verification.writtenRules).toEqual([4, 9]);
    // Step 8: March 1942 rolled Mud after a February nobody tapped; the warning of line 1568 came later.
    expect(read.verification.formerRules).toBe(1);
    const said = verdict('en', read);
    expect(said.ok).toBe(true);
    expect(said.lines.join(' ')).toContain(
      'Steps 4, 9 were recorded under older rules the game has corrected since: their dice match the seed, their results are as written.',
    );
    expect(said.lines.join(' ')).not.toMatch(/damaged|does not match/i);
  });

  it('W44: the surrender roll made before W44 refused it replays under the old rules', async () => {
    const { read } = await opened('w44');
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.verification.formerRules).toBe(1);
    expect(read.verification.writtenRules ?? []).toEqual([]);
    expect(verdict('es', read).ok).toBe(true);
  });

  it('Edelweiss: the victory tallied before the players decided keeps its winner as written', async () => {
    const { read } = await opened('edelweiss');
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.verification.writtenRules).toEqual([1]);
    expect((read.session.log[0]!.outcome as ProcedureOutcome).result).toMatchObject({ winner: 'axis' });
  });

  // (The W44 surrender and the March weather keep their old behaviour behind api.rules: read with no versions they replay as made.)
  for (const [name, seq, code] of [
    ['w41', 4, 'result'],
    ['edelweiss', 1, 'result'],
  ] as const)
    it(`${name}: without the game's rules versions it is the damaged game it was (step ${seq})`, async () => {
      const { session, ctx } = await opened(name);
      const { rules: _r, ...unversioned } = ctx;
      expect(verifySession(session, unversioned).firstMismatch).toMatchObject({ seq, code });
    });

  it('an old W44 surrender edited to claim today’s version (1) is refused: W44 has no roll under it', async () => {
    const { session, ctx } = await opened('w44');
    const claimed = relinked({ ...session, log: session.log.map((e) => ({ ...e, rules: RULES.version })) });
    expect(verifySession(claimed, ctx).firstMismatch).toMatchObject({ seq: 1, code: 'step-error' });
  });
});

describe('a new EastFront step claiming the old rules is refused', () => {
  it('W41 March weather made under the rules now (the double Axis turn said), forged as version 0 without it', async () => {
    const { ctx } = await opened('w41');
    let session = newSession({
      id: 'n',
      game: 'eastfront',
      scenario: 'ef-w41',
      name: 'new',
      seed: 'ef-new-w41',
      createdAt: 'now',
      rules: RULES.version,
    });
    let state = initialState(session, ctx.scenario);
    const act = (a: Parameters<typeof apply>[2], c: GameContext = ctx) =>
      ({ session, state } = apply(session, state, a, c));
    for (let k = 0; k < 3; k++) act({ type: 'end-turn' });
    act({ type: 'procedure', id: PHASE_STEP, input: { index: 1 } }); // Fortnight I's weather (4.3)
    act({ type: 'procedure', id: 'ef.weather', input: { front: 'east', fortnight: 1 }, manual: [[1, 2]] });
    const made = session.log.at(-1)!;
    expect(made.rules).toBe(RULES.version);
    const lines = (made.outcome as ProcedureOutcome).lines;
    expect(lines.map((l) => l.key)).toContain('ef.weather.doubleAxis');
    expect(verifySession(session, ctx).ok).toBe(true);
    expect(deriveState(session, ctx).game).toEqual(state.game);
    const forged = relinked({
      ...session,
      log: session.log.map((e) =>
        e.seq === made.seq
          ? {
              ...e,
              rules: 0,
              outcome: {
                ...(e.outcome as ProcedureOutcome),
                lines: lines.filter((l) => l.key !== 'ef.weather.doubleAxis'),
              },
            }
          : e,
      ),
    });
    expect(verifySession(forged, ctx).firstMismatch).toMatchObject({
      seq: made.seq,
      code: 'rules-older',
      params: { version: 0, floor: RULES.version },
    });
  });

  it('a W44 game under version 1 refuses the surrender roll (Scn W44 2, line 2532)', async () => {
    const { ctx } = await opened('w44');
    const session = newSession({
      id: 'n',
      game: 'eastfront',
      scenario: 'ef-w44',
      name: 'new',
      seed: 'ef-new-w44',
      createdAt: 'now',
      rules: RULES.version,
    });
    // In the Supply Phase, where the sequence offers the roll (4.46): the refusal is the surrender's own.
    const { session: inSupply, state } = apply(
      session,
      initialState(session, ctx.scenario),
      { type: 'procedure', id: PHASE_STEP, input: { index: 7 } },
      ctx,
    );
    expect(() =>
      apply(inSupply, state, { type: 'procedure', id: 'ef.surrender', input: { satellite: 'romania', hexes: 3 } }, ctx),
    ).toThrow(expect.objectContaining({ params: expect.objectContaining({ key: 'ef.err.surrenderDone' }) }));
  });
});
