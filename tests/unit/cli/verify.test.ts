// `npm run verify`: the command-line check of exported game files, against the real catalog
// (Grossdeutschland, Kursk, the printed CRT). A few tests spawn the real script (each spawn costs a
// Vite start); the rest call the same code in this process.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {} from '../../../src/data/catalog';
import { main, verifyText } from '../../../src/cli/verify';
import { kurskGame } from '../games/kursk-game';
import { apply, sealOf, toFile, undo, type Action, type Session } from '../../../src/engine';

const ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const SPAWN_TIMEOUT = 60_000;

let dir = '';
let session: Session;

/** A real game: rolls, CRT combats (one undone), activation draws, a roll typed in by hand. */
async function realGame(): Promise<Session> {
  const game = await kurskGame('cli-1', 'cli-verify-seed', '2024-05-01T10:00:00Z');
  const ctx = game.ctx;
  let { session: s, state } = game;
  const go = (a: Action, side = 'german') =>
    ({ session: s, state } = apply(s, state, a, ctx, { at: '2024-05-01T10:01:00Z', context: { turn: 1, side } }));
  go({ type: 'roll', dice: { n: 2, sides: 6 } });
  go({ type: 'combat', table: 'gd-crt', attack: 12, defence: 4 });
  go({ type: 'cup.draw', cup: 'activation' }, 'soviet');
  go({ type: 'combat', table: 'gd-crt', attack: 5, defence: 3, modifiers: [{ value: 1, label: 'Evening turn' }] });
  ({ session: s, state } = undo(s, ctx)); // the undone combat stays in the log and is checked too
  go({ type: 'combat', table: 'gd-crt', attack: 5, defence: 3 });
  go({ type: 'roll', dice: { n: 1, sides: 6 }, manual: [4] }, 'soviet');
  go({ type: 'cup.draw', cup: 'activation' });
  go({ type: 'end-turn' });
  go({ type: 'roll', dice: { n: 3, sides: 6 } }, 'soviet');
  return s;
}

type Json = { session: Record<string, unknown> & { seed: string; log: Record<string, any>[] } };
const json = () => JSON.parse(JSON.stringify(toFile(session))) as Json;
const write = (name: string, value: unknown) => {
  const f = join(dir, name);
  writeFileSync(f, typeof value === 'string' ? value : JSON.stringify(value));
  return f;
};
function changedDie(): Json {
  const f = json();
  const d = f.session.log[0]!.outcome.dice;
  d.dice[0] = d.dice[0] === 6 ? 5 : d.dice[0] + 1;
  d.total = d.dice[0] + d.dice[1];
  return f;
}
function removedEntry(): Json {
  const f = json();
  f.session.log.splice(2, 1);
  return f;
}
function changedSeed(): Json {
  const f = json();
  f.session.seed = 'another-seed';
  return f;
}

const run = (...files: string[]) => {
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts/verify.mjs'), ...files], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: SPAWN_TIMEOUT,
  });
  return { code: r.status, out: r.stdout.trim(), err: r.stderr };
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wc-verify-'));
  session = await realGame();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('verify (in process)', () => {
  it('a genuine file: OK with the number of rolls and draws', async () => {
    const r = await verifyText(JSON.stringify(toFile(session)));
    // Random steps: 2d6, combat, draw, undone combat, combat, draw, 3d6 = 7; one manual roll; one undone step.
    expect(r).toEqual({
      code: 0,
      message: `OK: all 7 rolls and draws match the seed (1 step typed in by hand; 1 undone step checked too; 1 undo step matches the marks). The log ends at fingerprint ${sealOf(session)!.fingerprint} (step 10).`,
    });
  });

  it('a changed die, a removed entry, a changed seed: MISMATCH naming the step', async () => {
    expect(await verifyText(JSON.stringify(changedDie()))).toEqual({
      code: 1,
      message: 'MISMATCH at step 1: the recorded result differs from the replay',
    });
    expect(await verifyText(JSON.stringify(removedEntry()))).toEqual({
      code: 1,
      message: 'MISMATCH at step 4: entries are missing or out of order',
    });
    const seed = await verifyText(JSON.stringify(changedSeed()));
    expect(seed.code).toBe(1);
    expect(seed.message).toMatch(/^MISMATCH at step 1: .*random state/);
  });

  it('a file cut short: CUT SHORT with the fingerprint it should have had and the one it ends at (exit 1)', async () => {
    const f = json();
    f.session.log.pop();
    const cut = { ...session, log: session.log.slice(0, -1) };
    expect(await verifyText(JSON.stringify(f))).toEqual({
      code: 1,
      message: `CUT SHORT: cut short: expected fingerprint ${sealOf(session)!.fingerprint} (step 10), the file ends at ${sealOf(cut)!.fingerprint} (step 9)`,
    });
  });

  it('a file of format 1 (before the chain) still verifies, and says it cannot show a cut', async () => {
    const f = json() as Json & { format: number; seal?: unknown };
    f.format = 1;
    delete f.seal;
    for (const e of f.session.log) delete e.prev;
    const r = await verifyText(JSON.stringify(f));
    expect(r.code).toBe(0);
    expect(r.message).toMatch(/records no end, so it cannot show whether it was cut short\.$/);
  });

  it('a file exported without the seed: its chain and end verify, its dice are not replayed (exit 0, said so)', async () => {
    const r = await verifyText(JSON.stringify(toFile(session, { withoutSeed: true })));
    expect(r.code).toBe(0);
    expect(r.message).toMatch(
      new RegExp(
        `^OK WITHOUT THE SEED: .*nothing in it predicts a roll; its 10 steps are chained, every undo mark matches the undo steps, and the log ends at fingerprint ${sealOf(session)!.fingerprint} \\(step 10\\)\\. Not checked until the seed is revealed: the dice`,
      ),
    );
    const f = JSON.parse(JSON.stringify(toFile(session, { withoutSeed: true })));
    f.session.log.pop();
    expect(await verifyText(JSON.stringify(f))).toMatchObject({
      code: 1,
      message: expect.stringMatching(/^CUT SHORT: /),
    });
  });

  it('a changed CRT result', async () => {
    const f = json();
    f.session.log[1]!.outcome.resolution.result = 'DE';
    f.session.log[1]!.outcome.resolution.cell.value = 'DE';
    expect((await verifyText(JSON.stringify(f))).message).toMatch(/^MISMATCH at step 2: /);
  });

  it('not a game file: not JSON, the wrong shape, an unknown game', async () => {
    expect(await verifyText('{ garbage')).toEqual({ code: 2, message: 'NOT A GAME FILE: $: not a JSON file' });
    expect(await verifyText('[]')).toMatchObject({ code: 2, message: expect.stringMatching(/^NOT A GAME FILE: /) });
    const f = json();
    delete (f.session as Partial<Json['session']>).seed;
    expect(await verifyText(JSON.stringify(f))).toEqual({
      code: 2,
      message: 'NOT A GAME FILE: $.session.seed: missing',
    });
    const g = json();
    g.session.game = 'monopoly';
    expect(await verifyText(JSON.stringify(g))).toMatchObject({
      code: 2,
      message: expect.stringMatching(/unknown game or scenario/),
    });
  });

  it('several files: one line each, the worst code; no file: usage, code 2', async () => {
    const lines: string[] = [];
    const code = await main([write('a.json', toFile(session)), join(dir, 'missing.json')], (l) => lines.push(l));
    expect(code).toBe(2);
    expect(lines[0]).toMatch(/a\.json: OK: all 7 rolls/);
    expect(lines[1]).toMatch(/missing\.json: NOT A GAME FILE: cannot read .* \(no such file\)/);
    expect(await main([], () => {})).toBe(2);
  });
});

describe('node scripts/verify.mjs (spawned)', () => {
  it(
    'a genuine exported game: exit 0 and the count',
    () => {
      const r = run(write('genuine.json', toFile(session)));
      expect(r.err).toBe('');
      expect(r.out).toBe(
        `OK: all 7 rolls and draws match the seed (1 step typed in by hand; 1 undone step checked too; 1 undo step matches the marks). The log ends at fingerprint ${sealOf(session)!.fingerprint} (step 10).`,
      );
      expect(r.code).toBe(0);
    },
    SPAWN_TIMEOUT,
  );

  it(
    'a changed die: exit 1 naming the step',
    () => {
      const r = run(write('die.json', changedDie()));
      expect(r.out).toBe('MISMATCH at step 1: the recorded result differs from the replay');
      expect(r.code).toBe(1);
    },
    SPAWN_TIMEOUT,
  );

  it(
    'several files in one run: a line each, exit code the worst',
    () => {
      const files = [
        write('ok.json', toFile(session)),
        write('removed.json', removedEntry()),
        write('seed.json', changedSeed()),
        write('garbage.json', 'PK\u0003\u0004 not json at all'),
        join(dir, 'nowhere.json'),
      ];
      let r = run(...files);
      const lines = r.out.split('\n');
      expect(lines).toHaveLength(5);
      expect(lines[0]).toMatch(/ok\.json: OK: all 7 rolls and draws match the seed/);
      expect(lines[1]).toMatch(/removed\.json: MISMATCH at step 4: /);
      expect(lines[2]).toMatch(/seed\.json: MISMATCH at step 1: /);
      expect(lines[3]).toMatch(/garbage\.json: NOT A GAME FILE: \$: not a JSON file/);
      expect(lines[4]).toMatch(/nowhere\.json: NOT A GAME FILE: cannot read/);
      expect(r.code).toBe(2);
      // Mismatches without unreadable files: 1.
      r = run(files[0]!, files[1]!, files[2]!);
      expect(r.code).toBe(1);
    },
    2 * SPAWN_TIMEOUT,
  );
});

describe('never stops on a file (issue 18, 7)', () => {
  const deepOutcome = () => {
    const f = JSON.stringify(toFile(session));
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    return f.replace('"outcome":{', `"outcome":{"deep":${deep},`);
  };

  it('a file nested 100,000 deep in an outcome: NOT A GAME FILE with the reason, and the next file is checked', async () => {
    const lines: string[] = [];
    const code = await main([write('deep.json', deepOutcome()), write('after.json', toFile(session))], (l) =>
      lines.push(l),
    );
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/deep\.json: NOT A GAME FILE: \$: the data is nested more than \d+ deep/);
    expect(lines[1]).toMatch(/after\.json: OK: all 7 rolls/);
    expect(code).toBe(2);
  }, 30_000);

  it('a file starting with a byte-order mark is read as the app reads it', async () => {
    expect((await verifyText('\uFEFF' + JSON.stringify(toFile(session)))).code).toBe(0);
  });

  it('whatever goes wrong inside a check becomes that file’s line, never an exception', async () => {
    const r = await verifyText(undefined as unknown as string);
    expect(r.code).toBe(2);
    expect(r.message).toMatch(/^NOT A GAME FILE: /);
  });

  it(
    'spawned: a deep file, a file with a BOM and a genuine file: a line each, no stack trace',
    () => {
      const r = run(
        write('deep2.json', deepOutcome()),
        write('bom.json', '\uFEFF' + JSON.stringify(toFile(session))),
        write('ok2.json', toFile(session)),
      );
      expect(r.err).toBe('');
      const lines = r.out.split('\n');
      expect(lines).toHaveLength(3);
      expect(lines[0]).toMatch(/deep2\.json: NOT A GAME FILE: .*nested/);
      expect(lines[1]).toMatch(/bom\.json: OK: /);
      expect(lines[2]).toMatch(/ok2\.json: OK: /);
      expect(r.code).toBe(2);
    },
    SPAWN_TIMEOUT,
  );
});
