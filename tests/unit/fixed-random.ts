/** A fixed random source per participant, for reproducible hidden-cup tests (hidden-cup, hidden-among). */
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import type { Random } from '../../src/link/hidden-cup/sra';

export function source(name: string): Random {
  let n = 0;
  return (k) => {
    const out = new Uint8Array(k);
    for (let i = 0; i < k; i += 32) out.set(sha256(utf8ToBytes(`${name}:${n++}`)).slice(0, Math.min(32, k - i)), i);
    return out;
  };
}
