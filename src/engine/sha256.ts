/**
 * SHA-256 for the seed commitment, the seed ceremony and the hash-chained log, from
 * `@noble/hashes` (audited, synchronous, no DOM: the same in the app, the command line and the
 * tests). Text is hashed as UTF-8.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** The SHA-256 of a text (UTF-8), as 64 lowercase hex digits. */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** The commitment shown when a game starts: the first 16 hex digits of SHA-256(seed), in groups of four. */
export function seedFingerprint(seed: string): string {
  return sha256Hex(seed).slice(0, 16).match(/.{4}/g)!.join(' ');
}

const CONSONANTS = 'bdfghjklmnprstvz';
const VOWELS = 'aiou';

/**
 * A hash read aloud: its first 64 bits as four proquints (Wilkerson's "pronounceable quintuplets",
 * consonant-vowel-consonant-vowel-consonant for each 16 bits), e.g. "lusab-babad-gutih-tugad".
 * The same letters in any language, short enough to note on paper or say across the table.
 */
export function proquint(hex: string): string {
  if (!/^[0-9a-f]{16}/.test(hex)) throw new Error('A fingerprint needs at least 16 hex digits');
  const words: string[] = [];
  for (let i = 0; i < 16; i += 4) {
    const n = parseInt(hex.slice(i, i + 4), 16);
    words.push(
      CONSONANTS[(n >> 12) & 15]! +
        VOWELS[(n >> 10) & 3]! +
        CONSONANTS[(n >> 6) & 15]! +
        VOWELS[(n >> 4) & 3]! +
        CONSONANTS[n & 15]!,
    );
  }
  return words.join('-');
}
