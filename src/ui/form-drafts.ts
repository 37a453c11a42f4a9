/**
 * What the players have typed into a form of a game in progress and not yet resolved: a draft,
 * kept per game and per form in sessionStorage, so a reload brings the typed fields back (issue #28,
 * item 12), and dropped when the step the form makes is logged, so the next one starts from the
 * game (item 6). A draft belongs to a `scope` (e.g. the turn and phase it was typed in): read in
 * another scope, it is not there, and the form starts clean.
 *
 * Key scheme: `wc.form-drafts.<game id>` → { <form id>: { scope, fields } }, the same per-game
 * prefix as the other "where you were" keys.
 */
import type { Json } from '../engine';

/** A form's fields as typed: text as typed (never read as a number here), ticks as booleans. */
export type Draft = Readonly<Record<string, Json>>;

interface Kept {
  readonly scope: string;
  readonly fields: Draft;
}

const keyOf = (game: string) => `wc.form-drafts.${game}`;

/** Where drafts are kept: the page's sessionStorage, or nothing (a storage that refuses: drafts live in memory only). */
const defaultStorage = (): Storage | undefined => {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
};

export class FormDrafts {
  /** The drafts of a game, when the storage refuses them (they live as long as the page). */
  private readonly memory = new Map<string, Record<string, Kept>>();

  constructor(private readonly storage: Storage | undefined = defaultStorage()) {}

  /** The game's drafts, read from storage each time (another tab of the same game may write them). */
  private of(game: string): Record<string, Kept> {
    const inMemory = this.memory.get(game);
    if (inMemory) return inMemory;
    try {
      const raw = this.storage?.getItem(keyOf(game));
      const parsed: unknown = raw ? JSON.parse(raw) : {};
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, Kept>;
    } catch {
      /* unreadable: no drafts */
    }
    return {};
  }

  private save(game: string, all: Record<string, Kept>) {
    try {
      if (!this.storage) throw new Error('no storage');
      if (Object.keys(all).length) this.storage.setItem(keyOf(game), JSON.stringify(all));
      else this.storage.removeItem(keyOf(game));
      this.memory.delete(game);
    } catch {
      /* full or refused: the drafts stay in memory for this page */
      this.memory.set(game, all);
    }
  }

  /** The form's draft typed in `scope`; undefined when there is none (or it was typed in another scope). */
  get(game: string, form: string, scope = ''): Draft | undefined {
    const kept = this.of(game)[form];
    return kept && kept.scope === scope && kept.fields && typeof kept.fields === 'object' ? kept.fields : undefined;
  }

  /** Keeps the form's fields as typed in `scope` (replacing a draft of another scope). */
  set(game: string, form: string, fields: Draft, scope = ''): void {
    this.save(game, { ...this.of(game), [form]: { scope, fields } });
  }

  /** Drops the form's draft: the step it made was logged, and the next one starts from the game. */
  drop(game: string, form: string): void {
    const all = { ...this.of(game) };
    if (!(form in all)) return;
    delete all[form];
    this.save(game, all);
  }
}

/** The page's drafts (one sessionStorage per tab). */
export const formDrafts = new FormDrafts();
