// `npm run verify -- --pack <pack.json> <game.json>`: a game started from a pack verifies on the
// command line once its pack is named, as in the app; without it, it is an unknown game.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/verify';
import { provideGameSource } from '../../src/data/catalog';
import { gameContext } from '../../src/data/context';
import { apply, initialState, newSession, toFile } from '../../src/engine';
import { bundleOf, packGameId, packText } from '../../src/packs/format';
import { chitPullPack } from './packs-fixture';

const dir = mkdtempSync(join(tmpdir(), 'wc-packs-cli-'));
const write = (name: string, v: unknown) => {
  const f = join(dir, name);
  writeFileSync(f, typeof v === 'string' ? v : JSON.stringify(v));
  return f;
};
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => provideGameSource(undefined));

async function gameFile() {
  const pack = chitPullPack();
  const b = bundleOf(pack);
  const ctx = await gameContext({ ...b }, 'main');
  let s = newSession({
    id: 's-cli',
    game: packGameId(pack),
    scenario: 'main',
    name: 'cli',
    seed: 'cli-seed',
    createdAt: '2026-01-01T00:00:00Z',
  });
  let st = initialState(s, ctx.scenario);
  for (const a of [
    { type: 'cup.draw', cup: 'activation' },
    { type: 'combat', table: 'crt', attack: 6, defence: 3 },
  ] as const)
    ({ session: s, state: st } = apply(s, st, a, ctx, { at: '2026-01-01T00:00:01Z' }));
  return toFile(s);
}

describe('verify with --pack', () => {
  it('verifies a pack game once its pack is named', async () => {
    const lines: string[] = [];
    const game = write('game.json', await gameFile());
    const pack = write('pack.json', packText(chitPullPack()));
    expect(await main(['--pack', pack, game], (l) => lines.push(l))).toBe(0);
    // Issue #15: the line ends with where the log ends (its fingerprint).
    expect(lines).toEqual([
      expect.stringMatching(
        /^OK: all 2 rolls and draws match the seed\. The log ends at fingerprint [a-z-]+ \(step 2\)\.$/,
      ),
    ]);
  });
  it('without its pack, or with another version of it, it names the pack and the version it needs (exit 2)', async () => {
    const lines: string[] = [];
    const game = write('game2.json', await gameFile());
    expect(await main([game], (l) => lines.push(l))).toBe(2);
    provideGameSource(undefined);
    const v2 = write('pack-v2.json', packText(chitPullPack('2')));
    expect(await main(['--pack', v2, game], (l) => lines.push(l))).toBe(2);
    const [, hash] = packGameId(chitPullPack()).split('@');
    expect(lines).toHaveLength(2);
    for (const l of lines) {
      expect(l).toMatch(/^NEEDS ITS GAME PACK: this game was played with the game pack "/);
      expect(l).toContain(`"${chitPullPack().manifest.id}", the version whose content hash is ${hash}`);
      expect(l).toContain('--pack');
    }
  });
  it('a pack that cannot be read stops the run (exit 2)', async () => {
    const lines: string[] = [];
    const game = write('game3.json', await gameFile());
    expect(await main(['--pack', write('bad.json', '{}'), game], (l) => lines.push(l))).toBe(2);
    expect(lines[0]).toMatch(/^NOT A PACK: .*bad\.json: \$\.app: missing/);
  });
});

describe('node scripts/verify.mjs --pack (spawned)', () => {
  it('passes the pack through: exit 0', async () => {
    const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
    const game = write('spawned.json', await gameFile());
    const pack = write('spawned-pack.json', packText(chitPullPack()));
    const r = spawnSync(process.execPath, [join(root, 'scripts/verify.mjs'), '--pack', pack, game], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.stdout.trim()).toMatch(
      /^OK: all 2 rolls and draws match the seed\. The log ends at fingerprint [a-z-]+ \(step 2\)\.$/,
    );
    expect(r.status).toBe(0);
  }, 90_000);
});
