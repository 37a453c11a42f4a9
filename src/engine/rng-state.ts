/** The random generator's saved state (./rng): alea's whole state is four small numbers of plain JSON. */
export type RngState = { readonly alg: 'alea'; readonly s: { c: number; s0: number; s1: number; s2: number } };

export function isRngState(v: unknown): v is RngState {
  if (typeof v !== 'object' || v === null) return false;
  const record = v as { alg?: unknown; s?: Record<string, unknown> };
  return (
    record.alg === 'alea' &&
    typeof record.s === 'object' &&
    record.s !== null &&
    ['c', 's0', 's1', 's2'].every((k) => typeof record.s![k] === 'number' && Number.isFinite(record.s![k]))
  );
}

/** A fresh seed from the caller's entropy source (the app passes crypto.getRandomValues output). */
export function seedFromBytes(bytes: ArrayLike<number>): string {
  return Array.from(bytes, (b) => (b & 0xff).toString(16).padStart(2, '0')).join('');
}
