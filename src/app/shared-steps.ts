/**
 * A long game's log in less memory (issue #14). Steps read back from IndexedDB are separate copies,
 * so parts that are equal in many steps are held many times: the random state after one step and
 * before the next, the same roll asked for again, the same result, the same turn and side. Here each
 * equal part is held once and shared by the steps that have it. Steps and their parts are never
 * changed once made (a new step or an undo makes new objects), so sharing them changes nothing else.
 */
import type { LogEntry } from '../engine';
import type { RngState } from '../engine/rng-state';

type Writable<T> = { -readonly [K in keyof T]: T[K] };

const sameRng = (a: RngState, b: RngState) =>
  a === b || (a.s.c === b.s.c && a.s.s0 === b.s.s0 && a.s.s1 === b.s.s1 && a.s.s2 === b.s.s2);

/** Shares the equal parts of steps just read from storage (the array and its steps are the caller's own). */
export function shareEqualParts(log: LogEntry[]): LogEntry[] {
  const seen = new Map<string, unknown>();
  const one = <T>(v: T): T => {
    if (v === undefined) return v;
    const key = JSON.stringify(v);
    const hit = seen.get(key);
    if (hit !== undefined) return hit as T;
    seen.set(key, v);
    return v;
  };
  let before: LogEntry | undefined;
  for (const entry of log) {
    const e = entry as Writable<LogEntry>;
    // The random state runs from step to step: shared with the step before, and kept once by a step that drew nothing.
    if (before && sameRng(e.rngBefore, before.rngAfter)) e.rngBefore = before.rngAfter;
    if (sameRng(e.rngAfter, e.rngBefore)) e.rngAfter = e.rngBefore;
    e.action = one(e.action);
    e.outcome = one(e.outcome);
    if (e.context) e.context = one(e.context);
    before = e;
  }
  return log;
}
