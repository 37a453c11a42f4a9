/**
 * A tiny validator with path-aware issues (no dependency): each schema checks a value, records
 * every issue it finds, and narrows the type. `Infer<typeof S>` gives the static type.
 *
 * An issue names its reason by a code with parameters, which the UI says in the player's language
 * (src/ui/issues.ts); its English, for logs, the CLI and tests, is in ../issue-text.ts, loaded with
 * the engine and not with the home screen, which checks stored games with these schemas (issue #14).
 */
import type { Issue, IssueCode, IssueParams } from '../issue-text';
// An issue's shape is declared with its codes (../issue-text.ts), so the two modules do not import each other.
export type { Issue, IssueCode, IssueParams } from '../issue-text';
export interface Schema<T> {
  readonly check: (v: unknown, path: string, issues: Issue[]) => v is T;
}
export type Infer<S> = S extends Schema<infer T> ? T : never;

const mk = <T>(check: Schema<T>['check']): Schema<T> => ({ check });
const fail = (issues: Issue[], path: string, code: IssueCode, params?: IssueParams): false => {
  issues.push({ path, code, params });
  return false;
};
const describe = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'string' ? `"${v.slice(0, 40)}"` : typeof v;

export const unknown = (): Schema<unknown> => mk((_v, _p, _i): _v is unknown => true);

export const string = (opts: { min?: number; max?: number; pattern?: RegExp } = {}) =>
  mk<string>((v, p, i): v is string => {
    if (typeof v !== 'string') return fail(i, p, 'text', { got: describe(v) });
    if (opts.min !== undefined && v.length < opts.min) return fail(i, p, 'min-chars', { min: opts.min });
    if (opts.max !== undefined && v.length > opts.max) return fail(i, p, 'max-chars', { max: opts.max });
    if (opts.pattern && !opts.pattern.test(v))
      return fail(i, p, 'pattern', { value: `"${v.slice(0, 40)}"`, pattern: `${opts.pattern}` });
    return true;
  });

export const int = (min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER) =>
  mk<number>(
    (v, p, i): v is number =>
      (typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max) ||
      fail(i, p, 'int', { min, max, got: `${describe(v)}${typeof v === 'number' ? ` ${v}` : ''}` }),
  );

export const number = (min = -Number.MAX_VALUE, max = Number.MAX_VALUE) =>
  mk<number>(
    (v, p, i): v is number =>
      (typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max) ||
      fail(i, p, 'number', { min, max, got: describe(v) }),
  );

export const boolean = () =>
  mk<boolean>((v, p, i): v is boolean => typeof v === 'boolean' || fail(i, p, 'boolean', { got: describe(v) }));

export const literal = <const L extends readonly (string | number | boolean | null)[]>(...values: L) =>
  mk<L[number]>(
    (v, p, i): v is L[number] =>
      values.includes(v as L[number]) ||
      fail(i, p, 'one-of', { values: values.map((x) => JSON.stringify(x)).join(', '), got: describe(v) }),
  );

export const nullable = <T>(s: Schema<T>) => mk<T | null>((v, p, i): v is T | null => v === null || s.check(v, p, i));

export const array = <T>(item: Schema<T>, opts: { min?: number; max?: number } = {}) =>
  mk<T[]>((v, p, i): v is T[] => {
    if (!Array.isArray(v)) return fail(i, p, 'list', { got: describe(v) });
    if (opts.min !== undefined && v.length < opts.min) return fail(i, p, 'min-items', { min: opts.min });
    if (opts.max !== undefined && v.length > opts.max) return fail(i, p, 'max-items', { max: opts.max });
    let ok = true;
    v.forEach((x, k) => {
      ok = item.check(x, `${p}[${k}]`, i) && ok;
    });
    return ok;
  });

/**
 * Names an object inherits (__proto__, constructor, toString…): never a key of data read from a
 * file or from storage, where they could be mistaken for the inherited member.
 */
const PROTOTYPE_KEYS: ReadonlySet<string> = new Set([
  '__proto__',
  'prototype',
  ...Object.getOwnPropertyNames(Object.prototype),
]);
export const isPrototypeKey = (k: string): boolean => PROTOTYPE_KEYS.has(k);
const showKey = (k: string) => (k.length > 40 ? `${k.slice(0, 40)}…` : k);

/** An object used as a map: any keys (bounded in number and length, never a prototype name), each value checked. */
export const record = <T>(value: Schema<T>, opts: { maxKeys?: number; maxKeyLength?: number } = {}) =>
  mk<Record<string, T>>((v, p, i): v is Record<string, T> => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return fail(i, p, 'object', { got: describe(v) });
    const keys = Object.keys(v);
    if (opts.maxKeys !== undefined && keys.length > opts.maxKeys)
      return fail(i, p, 'max-entries', { max: opts.maxKeys, n: keys.length });
    let ok = true;
    for (const k of keys) {
      if (isPrototypeKey(k)) {
        ok = fail(i, `${p}.${k}`, 'reserved');
        continue;
      }
      if (opts.maxKeyLength !== undefined && k.length > opts.maxKeyLength) {
        ok = fail(i, `${p}.${showKey(k)}`, 'key-chars', { max: opts.maxKeyLength });
        continue;
      }
      ok = value.check((v as Record<string, unknown>)[k], `${p}.${k}`, i) && ok;
    }
    return ok;
  });

/**
 * How deeply a value nests, measured without recursion (a file nested 100,000 deep must give an
 * answer, not a stack overflow); stops counting once past `limit`.
 */
export function depthExceeds(v: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[v, 0]];
  while (stack.length) {
    const [x, d] = stack.pop()!;
    if (typeof x !== 'object' || x === null) continue;
    if (d >= limit) return true;
    for (const y of Array.isArray(x) ? x : Object.values(x))
      if (typeof y === 'object' && y !== null) stack.push([y, d + 1]);
  }
  return false;
}

/** Plain JSON data (a procedure's input): nesting bounded, no prototype names as keys. */
export const json = (maxDepth = 16) => {
  const walk = (v: unknown, p: string, i: Issue[], depth: number): boolean => {
    if (v === null || typeof v === 'boolean' || typeof v === 'string') return true;
    if (typeof v === 'number') return Number.isFinite(v) || fail(i, p, 'finite');
    if (typeof v !== 'object') return fail(i, p, 'json', { got: describe(v) });
    if (depth >= maxDepth) return fail(i, p, 'nested', { max: maxDepth });
    if (Array.isArray(v)) return v.every((x, k) => walk(x, `${p}[${k}]`, i, depth + 1));
    return Object.entries(v).every(([k, x]) =>
      isPrototypeKey(k) ? fail(i, `${p}.${k}`, 'reserved') : walk(x, `${p}.${k}`, i, depth + 1),
    );
  };
  return mk<unknown>((v, p, i): v is unknown => walk(v, p, i, 0));
};

type Shape = Record<string, Schema<unknown>>;
type OptionalKeys<S extends Shape> = { [K in keyof S]: S[K] extends Optional<unknown> ? K : never }[keyof S];
type Out<S extends Shape> = { [K in Exclude<keyof S, OptionalKeys<S>>]: Infer<S[K]> } & {
  [K in OptionalKeys<S>]?: Infer<S[K]>;
};
export interface Optional<T> extends Schema<T> {
  readonly optional: true;
}
export const optional = <T>(s: Schema<T>): Optional<T> => ({ check: s.check, optional: true });

/** An object with exactly these keys (unknown keys are an issue; optional() keys may be absent). */
export const object = <S extends Shape>(shape: S) =>
  mk<Out<S>>((v, p, i): v is Out<S> => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return fail(i, p, 'object', { got: describe(v) });
    const o = v as Record<string, unknown>;
    let ok = true;
    for (const [k, s] of Object.entries(shape)) {
      const present = Object.hasOwn(o, k);
      if ((!present || o[k] === undefined) && (s as Partial<Optional<unknown>>).optional) continue;
      if (!present) {
        ok = fail(i, `${p}.${k}`, 'missing');
        continue;
      }
      ok = s.check(o[k], `${p}.${k}`, i) && ok;
    }
    // Own keys only: "constructor" or "__proto__" in a file is an unknown key, not the inherited member.
    for (const k of Object.keys(o)) if (!Object.hasOwn(shape, k)) ok = fail(i, `${p}.${showKey(k)}`, 'unknown-key');
    return ok;
  });

/** The first alternative that matches wins; if none does, the issues of the best-matching one are kept. */
export const union = <T extends Schema<unknown>[]>(...alts: T) =>
  mk<Infer<T[number]>>((v, p, i): v is Infer<T[number]> => {
    let best: Issue[] | undefined;
    for (const s of alts) {
      const mine: Issue[] = [];
      if (s.check(v, p, mine)) return true;
      if (!best || mine.length < best.length) best = mine;
    }
    i.push(...(best ?? [{ path: p, code: 'no-match' }]));
    return false;
  });

/** Adds a semantic check after the shape check. */
export const refine = <T>(s: Schema<T>, check: (v: T, path: string, issues: Issue[]) => void) =>
  mk<T>((v, p, i): v is T => {
    if (!s.check(v, p, i)) return false;
    const before = i.length;
    check(v, p, i);
    return i.length === before;
  });

export type Parsed<T> = { ok: true; value: T } | { ok: false; issues: Issue[] };
export function parse<T>(schema: Schema<T>, v: unknown): Parsed<T> {
  const issues: Issue[] = [];
  return schema.check(v, '$', issues) ? { ok: true, value: v } : { ok: false, issues };
}
