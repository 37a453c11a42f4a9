// Files of every earlier format (issue #30): written by the app before undo was a step of the chain
// and before a file exported without the seed left the random states out. Each still imports, and
// verifies in the app and with `npm run verify`, as it did.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {} from '../../../src/data/catalog';
import { contextForFile } from '../../../src/data/context';
import { verifyText } from '../../../src/cli/verify';
import { readSessionFile } from '../../../src/engine';

const fixture = (name: string) => readFileSync(new URL(`../data/files/${name}`, import.meta.url), 'utf8');

describe('files of earlier formats', () => {
  for (const name of ['format-1.json', 'format-2.json']) {
    it(`${name} imports and verifies`, async () => {
      const text = fixture(name);
      const r = readSessionFile(text, await contextForFile(text));
      expect(r.ok, JSON.stringify(!r.ok && r.issues)).toBe(true);
      if (!r.ok) return;
      expect(r.session.log).toHaveLength(11);
      expect(r.session.log.filter((e) => e.undone).map((e) => e.seq)).toEqual([4]);
      const v = await verifyText(text);
      expect(v.code, v.message).toBe(0);
      expect(v.message).toMatch(/^OK: all \d+ rolls and draws match the seed/);
    });
  }
  it('format 2 exported without the seed verifies its chain', async () => {
    const text = fixture('format-2-without-seed.json');
    const v = await verifyText(text);
    expect(v.code, v.message).toBe(0);
    expect(v.message).toMatch(/^OK WITHOUT THE SEED/);
  });
  it('format 1 says that it records no end', async () => {
    expect((await verifyText(fixture('format-1.json'))).message).toMatch(/records no end/);
  });
});

describe('a game of an earlier format, exported without the seed now (issue #30)', () => {
  it('holds no random state; the links and the end its old steps hash cannot be checked without the seed, and it says so', async () => {
    const { apply, isRngState, toFile } = await import('../../../src/engine');
    const text = fixture('format-2.json');
    const ctxFor = await contextForFile(text);
    const r = readSessionFile(text, ctxFor);
    if (!r.ok) throw new Error('fixture');
    const bare = JSON.stringify(toFile(r.session, { withoutSeed: true }));
    expect(JSON.parse(bare).session.log.some((e: { rngBefore: unknown }) => isRngState(e.rngBefore))).toBe(false);
    const v = await verifyText(bare);
    expect(v.code, v.message).toBe(0);
    expect(v.message).toMatch(/its last step was made before the file left out random states/);
    expect(v.message).toMatch(/10 links after steps made before the file left out random states taken as written/);
    // One step more, made now: the end is checked again.
    const next = apply(r.session, r.verification.state!, { type: 'end-turn' }, ctxFor(r.session)!);
    const v2 = await verifyText(JSON.stringify(toFile(next.session, { withoutSeed: true })));
    expect(v2.code, v2.message).toBe(0);
    expect(v2.message).toMatch(/and the log ends at fingerprint [a-z-]+ \(step 12\)/);
  });
});
