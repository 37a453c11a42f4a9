// The seed commitment's hash matches the FIPS 180-4 test vectors and Node's own SHA-256.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seedFingerprint, sha256Hex } from '../../../src/engine';

describe('sha256', () => {
  it('matches the standard vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('agrees with Node for seeds of every length and for non-ASCII text', () => {
    for (const s of [
      'a',
      'x'.repeat(55),
      'y'.repeat(56),
      'z'.repeat(64),
      'w'.repeat(200),
      'Año ¿Resiste? 🎲',
      '0123456789abcdef0123456789abcdef',
    ])
      expect(sha256Hex(s), s.slice(0, 10)).toBe(createHash('sha256').update(s, 'utf8').digest('hex'));
  });

  it('gives a short grouped fingerprint that changes with the seed', () => {
    expect(seedFingerprint('abc')).toBe('ba78 16bf 8f01 cfea');
    expect(seedFingerprint('abd')).not.toBe(seedFingerprint('abc'));
  });
});
