/**
 * Per-turn conditions read from a game's turn track (issue #32): a reference table `turn-track`
 * whose column `conditions` holds, for each turn, the tags the printed track marks ("mud", "mud
 * snow"). A game without a rules module (a game pack) reports them as its `conditions`
 * (`turn:mud`), which a named shift's or modifier's `when` matches: the forms tick it by themselves
 * on those turns, as the built-in games' weather does.
 */
import type { TableData } from './schema/data';

/** The turn track's table id and the key of its conditions column. */
export const TURN_TRACK = 'turn-track';
export const CONDITIONS_COLUMN = 'conditions';

/** The tags of one cell: words separated by spaces or commas, as typed. */
export function conditionTags(cell: string | number | null | undefined): string[] {
  if (typeof cell !== 'string') return [];
  return [...new Set(cell.split(/[\s,;]+/).filter(Boolean))];
}

/** What a `when` says for a tag of the turn track ("mud" → "turn:mud"). */
export const turnCondition = (tag: string): string => `turn:${tag}`;

/** Whether a table is a turn track with a conditions column. */
export function hasTrackConditions(t: TableData | undefined): t is TableData {
  return (
    !!t && t.id === TURN_TRACK && t.type === 'reference' && t.columns.entries.some((c) => c.key === CONDITIONS_COLUMN)
  );
}

/** The conditions a turn track marks on a turn (its row keyed by the turn number), as `turn:<tag>`. */
export function trackConditions(track: TableData, turn: number): readonly string[] {
  if (!hasTrackConditions(track)) return [];
  const column = track.columns.entries.findIndex((c) => c.key === CONDITIONS_COLUMN);
  const row = track.rows.entries.findIndex((r) => r.key === String(turn));
  if (row < 0) return [];
  return conditionTags(track.cells[row]?.[column]).map(turnCondition);
}
