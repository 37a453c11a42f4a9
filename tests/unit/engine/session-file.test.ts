import { describe, expect, it } from 'vitest';
import { FILE_APP, readSessionFile, toFile, verifySession } from '../../../src/engine';
import type { Action, ImportResult, Session } from '../../../src/engine';
import { fixtureContextFor, gameFixture, playGame } from './fixtures';

const ROLL: Action = { type: 'roll', dice: { n: 2, sides: 6 } };
const DRAW: Action = { type: 'cup.draw', cup: 'activation' };
const COMBAT: Action = { type: 'combat', table: 'gd-like', attack: 7, defence: 3 };
const PICK: Action = { type: 'cup.pick', cup: 'activation', chit: 'sov-a' };

const { ctx, scenario } = gameFixture();
const contextFor = fixtureContextFor({ ctx, scenario });

const play = (actions: readonly (Action | 'undo' | number)[]) => playGame({ ctx, scenario }, actions, 'file-seed');

/** A game with random steps, a manual one, an automatic combat and an undo. */
const GAME = play([
  ROLL,
  DRAW,
  COMBAT,
  'undo',
  COMBAT,
  { ...ROLL, manual: [3, 4] },
  { type: 'combat', table: 'bo-like', attack: 9, defence: 1 },
  { type: 'end-turn' },
]);

const text = (v: unknown) => JSON.stringify(v);
/** The file as plain JSON, to tamper with. */
const fileJson = (s: Session = GAME.session) =>
  JSON.parse(text(toFile(s))) as {
    app: string;
    kind: string;
    format: number;
    session: Record<string, unknown> & { log: Record<string, any>[] };
  };

function refused(r: ImportResult): string {
  if (r.ok) throw new Error('expected the file to be refused');
  expect(r.issues.length).toBeGreaterThan(0);
  return r.issues.map((i) => `${i.path}: ${i.message}`).join('\n');
}

describe('export and import', () => {
  it('toFile → JSON → readSessionFile round-trips and verifies every step', () => {
    const r = readSessionFile(text(toFile(GAME.session)), contextFor);
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    expect(r.session).toEqual(GAME.session);
    const log = GAME.session.log;
    // Every step that is not typed in is checked against the replay, undone ones included.
    expect(r.verification.checked).toBe(log.filter((e) => !e.manual).length);
    expect(r.verification.manual).toBe(1);
    expect(r.verification.checked + r.verification.manual).toBe(log.length);
    // The random steps: the steps that moved the RNG (roll, draw, undone combat, combat). The typed-in
    // roll, the automatic combat and the end of turn draw nothing from it.
    expect(r.verification.random).toBe(
      log.filter((e) => JSON.stringify(e.rngBefore) !== JSON.stringify(e.rngAfter)).length,
    );
    expect(r.verification.random).toBe(4);
    expect(r.verification.state).toEqual(GAME.state);
  });

  it('the envelope names the app, the kind and the format', () => {
    expect(toFile(GAME.session)).toMatchObject({ app: FILE_APP, kind: 'session', format: 4 });
  });

  it.each([
    ['undo twice in a row', [ROLL, ROLL, 'undo', 'undo', ROLL]],
    ['undo back to an earlier step', [ROLL, DRAW, ROLL, 1, DRAW, ROLL]],
    ['undo back over a draw, then draw again', [DRAW, DRAW, DRAW, 2, DRAW]],
    ['undo everything', [ROLL, COMBAT, DRAW, 1]],
    ['undo, redo, undo again', [ROLL, DRAW, 'undo', DRAW, DRAW, 2, ROLL]],
    ['an undone pick followed by an undone draw of the picked chit', [PICK, DRAW, 'undo', 'undo', DRAW]],
    ['an undone pick, then a draw that was not picked', [PICK, 'undo', DRAW, 'undo', DRAW]],
  ] as const)('a session with %s exports and imports', (_name, steps) => {
    const g = play(steps);
    const r = readSessionFile(text(toFile(g.session)), contextFor);
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    expect(r.verification.state).toEqual(g.state);
    expect(r.verification.checked).toBe(g.session.log.length);
    // Picks, and draws of a picked chit, use no randomness; every other step here does.
    expect(r.verification.random).toBe(
      g.session.log.filter((e) => JSON.stringify(e.rngBefore) !== JSON.stringify(e.rngAfter)).length,
    );
    expect(r.verification.random).toBeGreaterThan(0);
  });
});

describe('tampering is detected', () => {
  it('a changed die value in an outcome', () => {
    const f = fileJson();
    const dice = f.session.log[0]!.outcome.dice;
    dice.dice[0] = dice.dice[0] === 6 ? 5 : dice.dice[0] + 1;
    dice.total = dice.dice[0] + dice.dice[1];
    expect(refused(readSessionFile(text(f), contextFor))).toMatch(/step 1\).*differs/);
  });

  it('a changed CRT result', () => {
    const f = fileJson();
    const entry = f.session.log.find((e) => e.outcome.kind === 'resolution' && !e.undone)!;
    entry.outcome.resolution.result = 'c7r6';
    expect(refused(readSessionFile(text(f), contextFor))).toMatch(/differs from the replay/);
  });

  it('a removed entry', () => {
    const f = fileJson();
    f.session.log.splice(1, 1);
    expect(refused(readSessionFile(text(f), contextFor))).toMatch(/missing or out of order/);
  });

  it('a removed entry with the numbering repaired', () => {
    const f = fileJson();
    f.session.log.splice(0, 1);
    f.session.log.forEach((e, k) => {
      e.seq = k + 1;
    });
    expect(refused(readSessionFile(text(f), contextFor))).toMatch(/random state/);
  });

  it('a changed seed', () => {
    const f = fileJson();
    f.session.seed = 'another-seed';
    expect(refused(readSessionFile(text(f), contextFor))).toMatch(/step 1\).*random state/);
  });

  it('a changed rngBefore (re-rolling by editing the state)', () => {
    const f = fileJson();
    f.session.log[1]!.rngBefore = f.session.log[2]!.rngBefore;
    expect(refused(readSessionFile(text(f), contextFor))).toMatch(/step 2\)/);
  });

  it('an undone step marked active again', () => {
    const f = fileJson();
    const k = f.session.log.findIndex((e) => e.undone);
    f.session.log[k]!.undone = false;
    expect(refused(readSessionFile(text(f), contextFor))).toMatch(
      new RegExp(`step ${k + 1}\\): the step is marked undone, or standing, against the undo steps`),
    );
  });

  it('a random step passed off as manual', () => {
    const f = fileJson();
    f.session.log[0]!.manual = true;
    expect(refused(readSessionFile(text(f), contextFor))).toMatch(/manual/);
  });

  it('verifySession reports the first mismatch without throwing', () => {
    const f = fileJson();
    f.session.log[2]!.outcome.resolution.result = 'zzz';
    const v = verifySession(f.session as unknown as Session, ctx);
    expect(v.ok).toBe(false);
    expect(v.firstMismatch?.seq).toBe(3);
  });
});

describe('files that are refused with issues, not exceptions', () => {
  it('not JSON', () => {
    expect(refused(readSessionFile('{ not json', contextFor))).toMatch(/not a JSON file/);
    expect(refused(readSessionFile('', contextFor))).toMatch(/not a JSON file/);
  });

  it('another app, another kind, an unknown format', () => {
    expect(refused(readSessionFile(text({ ...fileJson(), app: 'other-app' }), contextFor))).toMatch(/\$\.app/);
    expect(refused(readSessionFile(text({ ...fileJson(), kind: 'chart-pack' }), contextFor))).toMatch(/\$\.kind/);
    expect(refused(readSessionFile(text({ ...fileJson(), format: 5 }), contextFor))).toMatch(/\$\.format/);
    expect(refused(readSessionFile(text({ ...fileJson(), format: '1' }), contextFor))).toMatch(/\$\.format/);
  });

  it.each([
    ['null', 'null'],
    ['an array', '[]'],
    ['a number', '42'],
  ])('%s', (_n, t) => {
    refused(readSessionFile(t, contextFor));
  });

  it('missing fields', () => {
    const f = fileJson();
    delete f.session.seed;
    expect(refused(readSessionFile(text(f), contextFor))).toMatch(/\$\.session\.seed: missing/);
    const g = fileJson();
    delete g.session.log[0]!.rngAfter;
    expect(refused(readSessionFile(text(g), contextFor))).toMatch(/\$\.session\.log\[0\]\.rngAfter: missing/);
    const h = fileJson();
    delete (h as Partial<typeof h>).session;
    expect(refused(readSessionFile(text(h), contextFor))).toMatch(/\$\.session: missing/);
  });

  it('an unknown action type and a broken RNG state', () => {
    const f = fileJson();
    f.session.log[0]!.action.type = 'cheat';
    expect(refused(readSessionFile(text(f), contextFor))).toMatch(/unknown action/);
    const g = fileJson();
    g.session.log[0]!.rngBefore.s.c = 'x';
    expect(refused(readSessionFile(text(g), contextFor))).toMatch(/random-number state/);
  });

  it('an unknown game or scenario', () => {
    const f = fileJson();
    f.session.scenario = 'elsewhere';
    expect(refused(readSessionFile(text(f), contextFor))).toMatch(/unknown game or scenario/);
  });
});
