// A cheater's game file is caught (issue #30): the game decides the dice, undo marks are in the
// chain, and a file exported without the seed predicts nothing. Each doctored file is refused by
// the app's import (readSessionFile with the app's context, as src/app/store-game.ts importSession
// calls it) and by `npm run verify` (src/cli/verify.ts), naming the step.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {} from '../../../src/data/catalog';
import { contextForFile } from '../../../src/data/context';
import { verifyText } from '../../../src/cli/verify';
import {
  apply,
  chainLog,
  isRngState,
  readSessionFile,
  restoreRng,
  rollDice,
  sealOf,
  tableDice,
  toFile,
  undo,
  type Action,
  type DiceSpec,
  type GameContext,
  type Session,
  type SessionState,
  type TableData,
} from '../../../src/engine';
import { kurskGame } from '../games/kursk-game';

const AT = { at: '2024-05-01T10:01:00Z', context: { turn: 1, side: 'german' } };
const CRT: Action = { type: 'combat', table: 'gd-crt', attack: 12, defence: 4 };
const LOADED: DiceSpec = { n: 2, faces: [1, 1] };

type Game = { session: Session; state: SessionState; ctx: GameContext };
async function game(seed = 'trust-file-seed'): Promise<Game> {
  const g = await kurskGame('trust-1', seed, '2024-05-01T10:00:00Z');
  // The context the app and the CLI replay with: the game's declared dice too.
  return { ...g, ctx: (await contextForFile(JSON.stringify({ session: g.session })))(g.session)! };
}
function go(g: Game, a: Action, ctx = g.ctx): Game {
  const r = apply(g.session, g.state, a, ctx, AT);
  return { ...g, session: r.session, state: r.state };
}
/** A context in which the CRT is rolled with loaded dice: how the cheater made the step (the old verifier replayed the step's own dice). */
function loadedCtx(ctx: GameContext): GameContext {
  const t = ctx.tables.get('gd-crt')!;
  const tables = new Map(ctx.tables);
  tables.set('gd-crt', { ...t, roll: { ...t.roll!, dice: LOADED } } as TableData);
  return { ...ctx, tables, dice: [...(ctx.dice ?? []), LOADED] };
}
/** The file as the app exports it (format 3), and as a file of format 2 would hold it: no chain 2, re-chained, re-sealed. */
function files(s: Session): string[] {
  const v1 = chainLog({ ...s, log: s.log.map(({ prev: _p, chain: _c, ...e }) => e) });
  const f2 = { ...toFile(v1), format: 2, seal: sealOf(v1) };
  return [JSON.stringify(toFile(s)), JSON.stringify(f2)];
}
async function refusedAt(text: string, step: number, why: RegExp) {
  const r = readSessionFile(text, await contextForFile(text));
  expect(r.ok).toBe(false);
  if (r.ok) return;
  expect(r.issues[0]!.path).toBe(`$.session.log (step ${step})`);
  expect(r.issues[0]!.message).toMatch(why);
  const v = await verifyText(text);
  expect(v.code).toBe(1);
  expect(v.message).toMatch(new RegExp(`^MISMATCH at step ${step}: `));
  expect(v.message).toMatch(why);
}

describe('the game decides the dice', () => {
  it('a CRT roll with loaded dice (every face a 1), result and chain redone: refused naming the step', async () => {
    let g = await game();
    g = go(g, { type: 'roll', dice: { n: 2, sides: 6 } });
    g = go(g, { ...CRT, dice: LOADED }, loadedCtx(g.ctx));
    expect(g.session.log[1]!.outcome).toMatchObject({ resolution: { roll: { dice: { dice: [1, 1] } } } });
    g = go(g, { type: 'cup.draw', cup: 'activation' });
    g = go(g, CRT);
    for (const text of files(g.session)) await refusedAt(text, 2, /table gd-crt is rolled with 2d6, not 2d\[1,1\]/);
    // `npm run verify` itself (scripts/verify.mjs, spawned): exit 1, naming the step.
    const dir = mkdtempSync(join(tmpdir(), 'wc-trust-file-'));
    try {
      const file = join(dir, 'doctored.json');
      writeFileSync(file, files(g.session)[0]!);
      const root = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
      const r = spawnSync(process.execPath, [join(root, 'scripts/verify.mjs'), file], {
        cwd: root,
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(r.status).toBe(1);
      expect(r.stdout.trim()).toMatch(/^MISMATCH at step 2: .*table gd-crt is rolled with 2d6, not 2d\[1,1\]/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("a step whose dice differ from its table's (a d3 on the 1d6 bridge demolition table, 12.0): refused naming the step", async () => {
    let g = await game();
    g = go(g, { type: 'end-turn' });
    const t = g.ctx.tables.get('gd-bridge-demolition')!;
    const tables = new Map(g.ctx.tables).set('gd-bridge-demolition', {
      ...t,
      roll: { ...t.roll!, dice: { n: 1, sides: 3 } },
    });
    g = go(g, { type: 'table', table: 'gd-bridge-demolition', dice: { n: 1, sides: 3 } }, { ...g.ctx, tables });
    g = go(g, { type: 'roll', dice: { n: 1, sides: 6 } });
    for (const text of files(g.session)) await refusedAt(text, 2, /gd-bridge-demolition is rolled with 1d6, not 1d3/);
  });

  it("a chart's dice the players define are numbered dice or a die of the game: loaded faces are refused", async () => {
    const g = await game();
    const t = g.ctx.tables.get('gd-crt')!;
    expect(() => tableDice({ ...t, roll: { ...t.roll!, dice: { n: 2, faces: [1, 1] } } }, undefined, g.ctx)).toThrow(
      /not dice of this game/,
    );
    expect(tableDice({ ...t, roll: { ...t.roll!, dice: { n: 1, sides: 10 } } }, undefined, g.ctx)).toEqual({
      n: 1,
      sides: 10,
    });
  });

  it('a new step names no other dice: the engine refuses them before anything is logged, and derives them when none are named', async () => {
    const g = await game();
    expect(() => go(g, { ...CRT, dice: LOADED })).toThrow(/The game decides the dice/);
    expect(() => go(g, { ...CRT, dice: { n: 3, sides: 6 } })).toThrow(/The game decides the dice/);
    const r = go(g, CRT);
    expect(r.session.log[0]!.outcome).toMatchObject({ resolution: { roll: { dice: { spec: { n: 2, sides: 6 } } } } });
  });

  it("typed-in dice stay allowed, flagged typed, and are checked against the table's dice (a 7 on the weather table's d6 is refused)", async () => {
    const g = await game();
    expect(() => go(g, { type: 'table', table: 'gd-weather', manual: [7] })).toThrow(/manual-face/);
    const r = go(g, { type: 'table', table: 'gd-weather', manual: [4] });
    expect(r.session.log[0]).toMatchObject({
      manual: true,
      outcome: { resolution: { roll: { dice: { dice: [4] } } } },
    });
    const text = JSON.stringify(toFile(r.session));
    expect((await verifyText(text)).message).toMatch(/1 step typed in by hand/);
  });

  it("a free roll of the Dice tool is logged and verified as a free roll; custom faces only as the game's data defines them", async () => {
    const g = await game();
    expect(() => go(g, { type: 'roll', dice: LOADED })).toThrow(/not dice of this game/);
    const r = go(go(g, { type: 'roll', dice: { n: 2, sides: 6 } }), { type: 'roll', dice: { n: 1, sides: 20 } });
    expect(r.session.log.map((e) => e.outcome.kind)).toEqual(['roll', 'roll']);
    expect((await verifyText(JSON.stringify(toFile(r.session)))).code).toBe(0);
  });
});

describe('undo is a step of the chain', () => {
  it('an undo mark flipped on a step that rolled no dice: refused naming the step, though the fingerprint is kept', async () => {
    let g = await game();
    g = go(g, { type: 'roll', dice: { n: 2, sides: 6 } });
    g = go(g, { type: 'cup.add', cup: 'activation', chit: 'gd-grossdeutschland' });
    g = go(g, { type: 'end-turn' });
    g = go(g, { type: 'roll', dice: { n: 2, sides: 6 } });
    const f = JSON.parse(JSON.stringify(toFile(g.session)));
    f.session.log[2].undone = true; // the end of turn: no dice, the random state is the same either way
    expect(sealOf(f.session)).toEqual(f.seal);
    await refusedAt(JSON.stringify(f), 3, /marked undone, or standing, against the undo steps/);
  });

  it('an undo step that names other steps, and an undone step marked standing again: refused naming the step', async () => {
    let g = await game();
    g = go(g, { type: 'roll', dice: { n: 2, sides: 6 } });
    g = go(g, { type: 'end-turn' });
    g = go(g, { type: 'note', text: 'n' });
    const u = undo(g.session, g.ctx, 2, AT);
    g = { ...g, session: u.session, state: u.state };
    g = go(g, { type: 'roll', dice: { n: 2, sides: 6 } });
    expect(g.session.log.map((e) => [e.seq, e.action.type, e.undone])).toEqual([
      [1, 'roll', false],
      [2, 'end-turn', true],
      [3, 'note', true],
      [4, 'undo', false],
      [5, 'roll', false],
    ]);
    expect((await verifyText(JSON.stringify(toFile(g.session)))).code).toBe(0);
    const standing = JSON.parse(JSON.stringify(toFile(g.session)));
    standing.session.log[2].undone = false;
    await refusedAt(JSON.stringify(standing), 3, /marked undone, or standing/);
    // The undo step re-written to name step 3 only (the chain re-hashed): it does not name what stood from step 3 on… and step 2's mark is then unexplained.
    const s2: Session = JSON.parse(JSON.stringify(g.session));
    const log = s2.log.map((e) =>
      e.seq === 4 ? { ...e, action: { type: 'undo', steps: [3] }, outcome: { kind: 'undo', steps: [3] } } : e,
    ) as Session['log'];
    const rechained = chainLog({ ...s2, log: log.map(({ prev: _p, ...e }) => e) as Session['log'] });
    await refusedAt(JSON.stringify({ ...toFile(rechained), seal: sealOf(rechained) }), 2, /marked undone, or standing/);
  });

  it('undo changes the fingerprint, and so does every later change of what the game stands on', async () => {
    let g = await game();
    g = go(g, { type: 'end-turn' });
    g = go(g, { type: 'note', text: 'n' });
    const before = sealOf(g.session)!.fingerprint;
    const u = undo(g.session, g.ctx, 1, AT);
    expect(sealOf(u.session)!.fingerprint).not.toBe(before);
    expect(u.session.log).toHaveLength(3);
  });
});

describe('a file exported without the seed predicts nothing', () => {
  it('no value in it is a random state, or restores to one that predicts the next rolls', async () => {
    let g = await game('seedless-seed');
    for (let k = 0; k < 12; k++) g = go(g, k % 3 ? { type: 'roll', dice: { n: 2, sides: 6 } } : CRT);
    g = go(g, { type: 'cup.draw', cup: 'activation' });
    const u = undo(g.session, g.ctx, undefined, AT);
    g = { ...g, session: u.session, state: u.state };
    const text = JSON.stringify(toFile(g.session, { withoutSeed: true }), null, 1);
    // The next ten rolls at the table.
    let next = g;
    for (let k = 0; k < 10; k++) next = go(next, { type: 'roll', dice: { n: 2, sides: 6 } });
    const coming = JSON.stringify(
      next.session.log.slice(-10).map((e) => (e.outcome as unknown as { dice: { dice: number[] } }).dice.dice),
    );
    const values: unknown[] = [];
    const walk = (v: unknown) => {
      values.push(v);
      if (v && typeof v === 'object') for (const x of Object.values(v)) walk(x);
    };
    walk(JSON.parse(text));
    const numbers = new Set(values.filter((v): v is number => typeof v === 'number'));
    const s = g.state.rng.s;
    // None of the state's numbers is in the file…
    for (const x of [s.s0, s.s1, s.s2]) expect(numbers.has(x)).toBe(false);
    // …no value is a random state, and none of the strings restores to one (as JSON, or as given).
    let tried = 0;
    for (const v of values) {
      expect(isRngState(v)).toBe(false);
      if (typeof v !== 'string') continue;
      for (const candidate of [
        v,
        (() => {
          try {
            return JSON.parse(v) as unknown;
          } catch {
            return undefined;
          }
        })(),
      ]) {
        tried++;
        let rng;
        try {
          rng = restoreRng(candidate as never);
        } catch {
          continue;
        }
        const rolls = Array.from({ length: 10 }, () => rollDice(rng, { n: 2, sides: 6 }).dice);
        expect(JSON.stringify(rolls)).not.toBe(coming);
      }
    }
    expect(tried).toBeGreaterThan(100);
    // It still verifies its chain, and says what it cannot check until the seed is revealed.
    const v = await verifyText(text);
    expect(v.code).toBe(0);
    expect(v.message).toMatch(/nothing in it predicts a roll/);
    expect(v.message).toMatch(/Not checked until the seed is revealed: the dice, draws and results/);
    // A changed undo mark is caught without the seed too.
    const f = JSON.parse(text);
    f.session.log[3].undone = true;
    expect((await verifyText(JSON.stringify(f))).message).toMatch(/^MISMATCH at step 4: .*undo steps/);
  });
});
