// Issue #17, the seed both players make across linked devices (src/link/protocol.ts SeedRound and
// revealFor): commitments before reveals, a reveal before every commitment refused, a reveal that
// does not match its commitment refused naming its device, and the seed made exactly as the
// one-device ceremony makes it (the verifier's checkCeremony holds).
import { describe, expect, it } from 'vitest';
import { ceremonySeed, checkCeremony, contribute } from '../../src/engine';
import { revealFor, SeedRound, type SeedState } from '../../src/link/protocol';

const parties = [
  { id: 'p1', name: 'German phone', side: 'german' },
  { id: 'p2', name: 'Soviet phone', side: 'soviet' },
];
const device = contribute('device', 'device', '', 'writer-randomness');
const german = contribute('german', 'text', 'aa11', 'Panzer vor');
const soviet = contribute('soviet', 'dice', 'bb22', '3 5 2 6 1');

function round() {
  return new SeedRound('r1', device, parties);
}

describe('a seed made across devices', () => {
  it('asks for commitments first, then reveals; the seed is the one-device ceremony’s and verifies', () => {
    // Arrange
    const r = round();
    expect(r.state.phase).toBe('commit');
    expect(r.state.device).toBe(device.commitment);
    // Act
    expect(r.commit('p1', german)).toEqual({ ok: true });
    expect(r.state.phase).toBe('commit');
    expect(r.commit('p2', soviet)).toEqual({ ok: true });
    expect(r.state.phase).toBe('reveal');
    expect(r.ceremony()).toBeUndefined();
    expect(r.reveal('p2', soviet.reveal!)).toEqual({ ok: true });
    expect(r.reveal('p1', german.reveal!)).toEqual({ ok: true });
    // Assert
    const c = r.ceremony()!;
    expect(c).toEqual({ device, contributions: [german, soviet] });
    const seed = ceremonySeed(c);
    expect(seed).toBe(ceremonySeed({ device, contributions: [german, soviet] }));
    expect(checkCeremony(c, seed)).toBeUndefined();
  });

  it('never sends a secret: the state every device sees holds commitments only', () => {
    const r = round();
    r.commit('p1', german);
    r.commit('p2', soviet);
    const text = JSON.stringify(r.state);
    expect(text).not.toContain('Panzer vor');
    expect(text).not.toContain('writer-randomness');
    expect(text).toContain(german.commitment);
  });

  it('refuses a reveal before every commitment is in', () => {
    const r = round();
    r.commit('p1', german);
    expect(r.reveal('p1', german.reveal!)).toEqual({ ok: false, problem: 'early' });
    expect(r.state.phase).toBe('commit');
    // The round goes on: the reveal is asked again once the other commitment is in.
    r.commit('p2', soviet);
    expect(r.reveal('p1', german.reveal!)).toEqual({ ok: true });
  });

  it('refuses a reveal that does not match its commitment, naming the device', () => {
    const r = round();
    r.commit('p1', german);
    r.commit('p2', soviet);
    expect(r.reveal('p1', german.reveal!)).toEqual({ ok: true });
    expect(r.reveal('p2', { salt: 'bb22', secret: '6 6 6 6 6' })).toEqual({
      ok: false,
      problem: 'mismatch',
      name: 'Soviet phone',
    });
    expect(r.state).toMatchObject({ phase: 'refused', by: 'Soviet phone' });
    expect(r.ceremony()).toBeUndefined();
  });

  it('takes one commitment per party, from parties only, and none once reveals are asked', () => {
    const r = round();
    expect(r.commit('p9', german)).toEqual({ ok: false, problem: 'not-a-party' });
    expect(r.commit('p1', device)).toEqual({ ok: false, problem: 'malformed' });
    expect(r.commit('p1', german)).toEqual({ ok: true });
    expect(r.commit('p1', soviet)).toEqual({ ok: false, problem: 'twice' });
    r.commit('p2', soviet);
    expect(r.commit('p2', soviet)).toEqual({ ok: false, problem: 'over' });
    expect(r.reveal('p9', german.reveal!)).toEqual({ ok: false, problem: 'not-a-party' });
    r.end('cancelled');
    expect(r.reveal('p1', german.reveal!)).toEqual({ ok: false, problem: 'over' });
  });

  it('a phone reveals only when every commitment is in and its own is there unchanged', () => {
    const r = round();
    r.commit('p1', german);
    expect(revealFor(r.state, 'p1', german)).toBeUndefined();
    r.commit('p2', soviet);
    expect(revealFor(r.state, 'p1', german)).toEqual({
      t: 'seed-reveal',
      round: 'r1',
      salt: 'aa11',
      secret: 'Panzer vor',
    });
    // The writer shows another commitment for this phone: the phone keeps its secret.
    const changed: SeedState = {
      ...r.state,
      parties: r.state.parties.map((p) => (p.id === 'p1' ? { ...p, commitment: soviet.commitment } : p)),
    };
    expect(revealFor(changed, 'p1', german)).toBeUndefined();
    // A device that is not a party, or that has no secret, sends nothing.
    expect(revealFor(r.state, undefined, german)).toBeUndefined();
    expect(revealFor(r.state, 'p1', undefined)).toBeUndefined();
  });
});
