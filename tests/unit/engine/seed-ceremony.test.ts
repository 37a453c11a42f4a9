// Issue #15: a seed both players make (commit, then reveal), checked by the verifier; and a file
// exported without its seed, whose chain and seal verify without replaying the dice.
import { describe, expect, it } from 'vitest';
import {
  apply,
  ceremonySeed,
  checkCeremony,
  commit,
  commitmentOnly,
  contribute,
  initialState,
  newSession,
  normalizeSecret,
  readSessionFile,
  sealOf,
  sha256Hex,
  toFile,
  verifySession,
  type Action,
  type Ceremony,
  type GameContext,
  type ImportResult,
  type Session,
} from '../../../src/engine';
import { gameFixture } from './fixtures';

const { ctx, scenario } = gameFixture();
const contextFor = (s: Session): GameContext | undefined => (s.scenario === scenario.id ? ctx : undefined);
const ROLL: Action = { type: 'roll', dice: { n: 2, sides: 6 } };
const refused = (r: ImportResult) => {
  if (r.ok) throw new Error('expected the file to be refused');
  return r.issues.map((i) => `${i.path}: ${i.message}`).join('\n');
};

const CEREMONY: Ceremony = {
  device: contribute('device', 'device', '', 'a1b2c3d4e5f60718293a4b5c6d7e8f90'),
  contributions: [
    contribute('german', 'text', '00112233445566778899aabbccddeeff', normalizeSecret('text', 'Panzer vor')),
    contribute('soviet', 'dice', 'ffeeddccbbaa99887766554433221100', normalizeSecret('dice', [3, 5, 2, 6, 1, 1, 4])),
  ],
};

function game(ceremony: Ceremony = CEREMONY, seed = ceremonySeed(ceremony)) {
  let session = newSession({
    id: 's-c',
    game: 'test',
    scenario: scenario.id,
    name: 'Ceremony',
    seed,
    createdAt: '2024-01-01T00:00:00Z',
    ceremony,
  });
  let state = initialState(session, scenario);
  for (const a of [ROLL, ROLL, { ...ROLL, manual: [2, 2] }, ROLL] as Action[])
    ({ session, state } = apply(session, state, a, ctx));
  return session;
}

describe('commit, then reveal', () => {
  it('a commitment is SHA-256 of the salt and the secret; the secret is kept as given', () => {
    expect(commit('s', 'x')).toBe(sha256Hex('wc-commit/1\ns\nx'));
    expect(normalizeSecret('dice', ' 3, 5  2 ')).toBe('3 5 2');
    expect(normalizeSecret('taps', [120.4, 351.6])).toBe('120 352');
    expect(normalizeSecret('text', 'Año')).toBe('Año'.normalize('NFC'));
  });

  it('what is shown (or sent to the other device) before the reveal holds no secret', () => {
    const c = commitmentOnly(CEREMONY.contributions[0]!);
    expect(c).toEqual({ side: 'german', kind: 'text', commitment: CEREMONY.contributions[0]!.commitment });
    expect(JSON.stringify(c)).not.toContain('Panzer');
  });

  it('the seed is the hash of every contribution, in order: changing any one changes it', () => {
    const seed = ceremonySeed(CEREMONY);
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    const other = contribute('soviet', 'dice', 'ffeeddccbbaa99887766554433221100', '3 5 2 6 1 1 5');
    expect(ceremonySeed({ ...CEREMONY, contributions: [CEREMONY.contributions[0]!, other] })).not.toBe(seed);
    expect(ceremonySeed({ ...CEREMONY, device: contribute('device', 'device', '', 'ff') })).not.toBe(seed);
    expect(() => ceremonySeed({ ...CEREMONY, device: commitmentOnly(CEREMONY.device) })).toThrow(/not revealed/);
  });
});

describe('the verifier checks the ceremony', () => {
  it('a seed made by two contributions verifies', () => {
    const s = game();
    expect(checkCeremony(CEREMONY, s.seed)).toBeUndefined();
    expect(verifySession(s, ctx)).toMatchObject({ ok: true, ceremony: true, random: 3, manual: 1 });
    const r = readSessionFile(JSON.stringify(toFile(s)), contextFor);
    expect(r.ok && r.verification.ceremony).toBe(true);
  });

  it("a changed secret is named: it no longer matches its player's commitment", () => {
    const f = JSON.parse(JSON.stringify(toFile(game())));
    f.session.ceremony.contributions[1].reveal.secret = '6 6 6 6 6 6 6';
    expect(refused(readSessionFile(JSON.stringify(f), contextFor))).toBe(
      `$.session.ceremony: the seed ceremony does not hold: the soviet contribution does not match its commitment ${CEREMONY.contributions[1]!.commitment.slice(0, 16)}`,
    );
  });

  it('a changed commitment is named too (and breaks the chain, which starts from the commitments)', () => {
    const f = JSON.parse(JSON.stringify(toFile(game())));
    f.session.ceremony.contributions[0].commitment = sha256Hex('another');
    expect(refused(readSessionFile(JSON.stringify(f), contextFor))).toMatch(
      /ceremony: the seed ceremony does not hold: the german contribution does not match its commitment/,
    );
  });

  it('says why by an issue code with its values: a reveal missing, a reveal that does not match, another seed', () => {
    const seed = ceremonySeed(CEREMONY);
    expect(checkCeremony({ ...CEREMONY, device: commitmentOnly(CEREMONY.device) }, seed)).toEqual({
      code: 'ceremony-unrevealed',
      params: { side: 'device' },
    });
    const soviet = CEREMONY.contributions[1]!;
    const changed = { ...soviet, reveal: { ...soviet.reveal!, secret: '6 6 6' } };
    expect(checkCeremony({ ...CEREMONY, contributions: [CEREMONY.contributions[0]!, changed] }, seed)).toEqual({
      code: 'ceremony-commitment',
      params: { side: 'soviet', commitment: soviet.commitment.slice(0, 16) },
    });
    expect(checkCeremony(CEREMONY, 'another-seed')).toEqual({ code: 'ceremony-seed' });
    const f = JSON.parse(JSON.stringify(toFile(game())));
    f.session.ceremony.contributions[1].reveal.secret = '6 6 6';
    const r = readSessionFile(JSON.stringify(f), contextFor);
    expect(r.ok ? undefined : r.issues[0]).toMatchObject({
      path: '$.session.ceremony',
      code: 'ceremony-commitment',
      params: { side: 'soviet' },
    });
  });

  it('a seed that is not the one the contributions make is refused', () => {
    const s = game(CEREMONY, 'a-seed-chosen-by-someone');
    expect(verifySession(s, ctx)).toMatchObject({
      ok: false,
      firstMismatch: { seq: 0, reason: expect.stringMatching(/not the one the ceremony's contributions make/) },
    });
  });

  it('a device contribution changed after the fact is named', () => {
    const f = JSON.parse(JSON.stringify(toFile(game())));
    f.session.ceremony.device.reveal.secret = '00';
    expect(refused(readSessionFile(JSON.stringify(f), contextFor))).toMatch(/the device contribution does not match/);
  });
});

describe('a file exported without the seed', () => {
  const s = game();
  const bare = toFile(s, { withoutSeed: true });

  it('holds neither the seed nor any secret, only the commitments', () => {
    const text = JSON.stringify(bare);
    expect(text).not.toContain(s.seed);
    expect(text).not.toContain('Panzer');
    expect(text).not.toContain('"reveal"');
    expect(bare.withoutSeed.seedCommitment).toBe(sha256Hex(s.seed));
  });

  it('cannot be imported to play; verifying checks its chain and seal, not its dice', () => {
    expect(refused(readSessionFile(JSON.stringify(bare), contextFor))).toMatch(/\$\.withoutSeed: .*without its seed/);
    const r = readSessionFile(JSON.stringify(bare), contextFor, { withoutSeed: 'chain' });
    if (!r.ok) throw new Error(refused(r));
    expect(r.verification).toMatchObject({ ok: true, checked: 0, chainOnly: sha256Hex(s.seed), sealed: true });
    // The same end as the file with the seed: once that is revealed, it verifies the dice of this very log.
    expect(r.verification.seal!.fingerprint).toBe(sealOf(s)!.fingerprint);
  });

  it('cut short or changed, it is refused all the same', () => {
    const f = JSON.parse(JSON.stringify(bare));
    f.session.log.pop();
    expect(refused(readSessionFile(JSON.stringify(f), contextFor, { withoutSeed: 'chain' }))).toMatch(
      /\$\.seal: cut short: expected fingerprint/,
    );
    const g = JSON.parse(JSON.stringify(bare));
    g.session.log[1].outcome.dice.dice = [6, 6];
    expect(refused(readSessionFile(JSON.stringify(g), contextFor, { withoutSeed: 'chain' }))).toMatch(
      /step 3\): the step does not follow step 2/,
    );
  });
});
