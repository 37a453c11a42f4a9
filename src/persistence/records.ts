/**
 * Stored records are read defensively: storage can be edited behind the app's back, written by a
 * buggy old version or damaged on disk. Each record is checked on its own, so one bad record is
 * reported as damaged while every other one is still listed and opened.
 */
// The engine's schema files, not its index: the home screen lists games without the engine (issue #14).
import { EntrySchema, LIMITS, SessionSchema } from '../engine/session-schema';
import { depthExceeds, isPrototypeKey, type Issue } from '../engine/schema/guard';

let english: ((i: Issue) => string) | undefined;
/** Gives the issues' English (../engine/issue-text.ts issueMessage): called once the engine has loaded. */
export const sayIssuesWith = (f: (i: Issue) => string) => (english = f);
/**
 * A stored record's issues as a line each: the schemas' issues name their reason by code, said in
 * English once the engine has loaded (its texts are not in the home screen's download; issue #14).
 */
const formatIssues = (issues: readonly Issue[], max: number) =>
  issues
    .slice(0, max)
    .map((x) => `${x.path}: ${x.message ?? english?.(x) ?? x.code}`)
    .join('\n');
import { isRngState } from '../engine/rng-state';
import type { SessionMeta, StoredChart } from './db';

/** A game as listed on the home page: its record, or what could be read of a damaged one. */
export type ListedSession = SessionMeta & {
  /** Why the stored record cannot be used (the game then opens with the damaged-game message). */
  readonly damaged?: string;
};

const isDate = (v: unknown): v is string => typeof v === 'string' && v.length <= 40 && !Number.isNaN(Date.parse(v));
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A field of a stored game that replay does not need, repaired when damaged (issue #30). */
export type Repaired = 'name' | 'createdAt' | 'updatedAt' | 'entryCount';

/**
 * A stored game record with the fields replay does not need (its name, when it was last played,
 * its count of steps) and, when no step links to it, when it started, set to defaults when
 * damaged: such damage never locks a game (issue #30). Returns the record and what was repaired;
 * anything else is left for metaDamage to report. `steps`: how many steps are stored, when known.
 */
export function repairMeta(raw: unknown, steps?: number): { raw: unknown; repaired: Repaired[] } {
  if (!isObject(raw)) return { raw, repaired: [] };
  const fixed: Record<string, unknown> = { ...raw };
  const repaired: Repaired[] = [];
  const name = raw['name'];
  if (typeof name !== 'string' || name.length > 200) {
    fixed['name'] = typeof name === 'string' ? name.slice(0, 200) : typeof raw['id'] === 'string' ? raw['id'] : '';
    repaired.push('name');
  }
  const dates = [raw['updatedAt'], raw['createdAt']].filter(isDate);
  if (!isDate(raw['updatedAt'])) {
    fixed['updatedAt'] = dates[0] ?? new Date(0).toISOString();
    repaired.push('updatedAt');
  }
  if (!isDate(raw['createdAt']) || !/^\d{4}-\d{2}-\d{2}T/.test(raw['createdAt'] as string)) {
    fixed['createdAt'] = dates.find((d) => /^\d{4}-\d{2}-\d{2}T/.test(d)) ?? new Date(0).toISOString();
    repaired.push('createdAt');
  }
  const count = raw['entryCount'];
  if (steps !== undefined ? count !== steps : !isCount(count)) {
    fixed['entryCount'] = steps ?? 0;
    repaired.push('entryCount');
  }
  return { raw: fixed, repaired };
}

/** What is wrong with a stored game record (its fields and its saved state), or undefined if nothing is. */
export function metaDamage(raw: unknown): string | undefined {
  if (!isObject(raw)) return 'the record is not an object';
  if (depthExceeds(raw, LIMITS.depth)) return `the record is nested more than ${LIMITS.depth} deep`;
  const { updatedAt, entryCount, state, ...rest } = raw;
  const issues: Issue[] = [];
  if (!isDate(updatedAt)) issues.push({ path: 'updatedAt', message: 'not a date and time' });
  if (!isCount(entryCount)) issues.push({ path: 'entryCount', message: 'not a count of steps' });
  if (state !== undefined) {
    const s = state as Record<string, unknown>;
    if (!isObject(s) || !isRngState(s['rng']) || !isCount(s['turn']) || !isObject(s['cups']) || !isObject(s['game']))
      issues.push({ path: 'state', message: 'not a saved game state' });
  }
  SessionSchema.check({ ...rest, log: [] }, 'session', issues);
  return issues.length ? formatIssues(issues, 3) : undefined;
}

/** What is wrong with one stored step (its shape), or undefined. */
export function entryDamage(e: unknown, where: string): string | undefined {
  const issues: Issue[] = [];
  if (!isObject(e) || depthExceeds(e, LIMITS.depth)) return `${where} is unreadable`;
  return EntrySchema.check(e, where, issues) ? undefined : formatIssues(issues, 3);
}

/** What is wrong with a game's stored steps (each one's shape, their numbering, their count), or undefined. */
export function logDamage(log: readonly unknown[], entryCount: number): string | undefined {
  for (let k = 0; k < log.length; k++) {
    const damage = entryDamage(log[k], `step ${k + 1}`);
    if (damage) return damage;
    if ((log[k] as { seq: unknown }).seq !== k + 1) return `step ${k + 1} is missing or out of order`;
  }
  if (log.length !== entryCount) return `the game records ${entryCount} steps but ${log.length} are stored`;
  return undefined;
}

/** A record as the home list can show it: damaged records keep their id and whatever is readable. */
export function listed(raw: unknown): ListedSession | undefined {
  if (!isObject(raw)) return undefined;
  const id = raw['id'];
  if (typeof id !== 'string' && typeof id !== 'number') return undefined;
  // A name, a date or a count of steps damaged is repaired when the game opens (repairMeta): it is listed as it will open.
  const { raw: fixed } = repairMeta(raw);
  const damaged = metaDamage(fixed);
  if (!damaged) return fixed as unknown as SessionMeta;
  const text = (v: unknown, fallback: string) => (typeof v === 'string' ? v.slice(0, 200) : fallback);
  return {
    format: 1,
    id: String(id),
    game: text(raw['game'], ''),
    scenario: text(raw['scenario'], ''),
    name: text(raw['name'], String(id)),
    seed: '',
    createdAt: isDate(raw['createdAt']) ? raw['createdAt'] : '',
    settings: { errata: 'default', dice: 'app' },
    updatedAt: isDate(raw['updatedAt']) ? raw['updatedAt'] : '',
    entryCount: isCount(raw['entryCount']) ? raw['entryCount'] : 0,
    damaged,
  };
}

/** A stored chart of typed-in values, or undefined if it cannot be used. */
export function chartOk(raw: unknown): raw is StoredChart {
  if (!isObject(raw) || !isObject(raw['cells'])) return false;
  const { game, table, cells, rows, columns } = raw;
  const keys = (v: unknown) => v === undefined || (Array.isArray(v) && v.every((x) => typeof x === 'string'));
  return (
    typeof game === 'string' &&
    typeof table === 'string' &&
    Object.entries(cells as object).every(
      ([k, v]) => !isPrototypeKey(k) && (typeof v === 'string' || Number.isFinite(v)),
    ) &&
    keys(rows) &&
    keys(columns)
  );
}
