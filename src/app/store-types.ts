/**
 * The store's types and the few values its two halves share (./store.ts and ./store-game.ts): a leaf
 * module, so the two halves do not import each other, and the UI's tools can depend on the narrow
 * PanelHost rather than the whole Store.
 */
import type { Action, Context, EnteredCells, ErrataMode, GameContext, Issue, LogEntry } from '../engine';
import type { JointReveal, Json, Session, SessionSettings, SessionState } from '../engine';
import { EngineError } from '../engine/errors';
import type { GameBundle } from '../data/catalog';
import type { StoredChart } from '../persistence/db';
import { StorageError, type SessionRepo } from '../persistence/sessions';
import type { ListedSession } from '../persistence/records';
import type { PackRepo } from '../persistence/packs';
import type { TabCoordinator } from './tabs';
import type { JointKeep } from '../link/joint-round';

export type Lang = 'en' | 'es';
export interface Prefs {
  readonly wakeLock: boolean;
  readonly vibrate: boolean;
  readonly sound: boolean;
}
export type Theme = 'dark' | 'light';

export interface Current {
  readonly session: Session;
  readonly state: SessionState;
  readonly bundle: GameBundle;
  readonly ctx: GameContext;
  /** Another tab is the writer of this game: this one shows it and follows it. */
  readonly readOnly: boolean;
  /**
   * False while a long game's log is still loading behind its latest steps: session.log then holds
   * only the newest steps. Everything that needs the whole log waits for it (see Store.complete).
   */
  readonly complete: boolean;
  /**
   * Steps recorded under older rules the game has rewritten since, kept as written (the engine's
   * RulesVersions): the log marks them.
   */
  readonly writtenRules?: readonly number[];
}

/** A problem to show the player, as a message key with parameters (the UI translates it). */
export interface Problem {
  readonly key: string;
  readonly params?: Record<string, string | number>;
  readonly detail?: string;
  /** Why a file or a pack was refused: the UI says them in the player's language (`detail`: the same in English). */
  readonly issues?: readonly Issue[];
  /** A once-per-occasion procedure refused: the step the players may re-run on purpose, with a reason. */
  readonly reroll?: { readonly action: Action; readonly context?: Context };
  /**
   * A roll landed on a cell the text does not give and nobody typed in (`params`: table, row,
   * column): the step to run again once the players type that cell in from the printed chart (#31).
   * `refused`: what they typed that the table does not allow, with what it allows.
   */
  readonly missingCell?: {
    readonly action: Action;
    readonly context?: Context;
    readonly refused?: { readonly text: string; readonly allowed?: string };
  };
}

export interface AppState {
  readonly ready: boolean;
  readonly lang: Lang;
  readonly theme: Theme;
  /** The games stored on this device; a damaged record is listed with `damaged` set. */
  readonly sessions: readonly ListedSession[];
  readonly current?: Current;
  /** Values typed in from printed charts, per game → table → cells. */
  readonly charts: Readonly<Record<string, Readonly<Record<string, StoredChart>>>>;
  /** Per game: how suspected errata are read (as printed / default / corrected). */
  readonly errata: Readonly<Record<string, ErrataMode>>;
  readonly problem?: Problem;
  readonly busy: boolean;
  /** Device preferences for play at the table. */
  readonly prefs: Prefs;
  /** The side whose player is acting now; recorded with each step (for the log filters and luck statistics). */
  readonly side?: string;
  /** Devices linked to this one (src/link), when there are any. */
  readonly link?: LinkStatus;
  /**
   * Hidden cups (issue #33), on a linked player's phone: its chits (src/link). Apart from `link`: a
   * chit opened renders what shows it, not every screen that shows the link.
   */
  readonly hiddenChits?: HiddenChits;
}

/**
 * A player's phone's hidden chits (issue #33): the chits it drew and opened (only it knows them),
 * the cards it drew and cannot open (`lost`: its secrets are gone), and the deals whose audit the
 * writer asks for.
 */
export interface HiddenChits {
  readonly mine: readonly {
    readonly cup: string;
    readonly deal: string;
    readonly pos: number;
    readonly chit: string;
    readonly revealed: boolean;
  }[];
  readonly unopened: readonly { readonly cup: string; readonly pos: number; readonly lost: boolean }[];
  readonly audit: readonly string[];
  /** Audits asked and not finished (issue #33), by deal: the sides whose players have not agreed yet. */
  readonly auditWaiting?: readonly { readonly deal: string; readonly waiting: readonly string[] }[];
}

/** This device's part in a link between devices (src/link), as the screens show it. */
export interface LinkStatus {
  /** writer: this device writes the game; replica: it follows a writer and sends it its requests. */
  readonly role: 'writer' | 'replica';
  /** What this device shows: the writer's tools, a side's private hand, or the shared display. */
  readonly view: 'writer' | 'player' | 'display';
  /** The side whose private hand this device holds (a player's phone). */
  readonly side?: string;
  /** The game shared. */
  readonly game?: string;
  /** This player's phone is asked for its secret for the seed (the ceremony across devices). */
  readonly seedAsked?: boolean;
  /** The other devices: the writer and each replica, by name, connected or lost. */
  readonly peers: readonly {
    readonly name: string;
    readonly connected: boolean;
    readonly writer?: boolean;
    /** The side whose private hand that device holds (a player's phone). */
    readonly side?: string;
  }[];
  /** The device that takes over if the writer is lost (the writer names it; no other may). */
  readonly successor?: string;
  /** A copy of this game that went another way, met on a relink: from which step, and which device holds it. */
  readonly branch?: { readonly at: number; readonly other: string; readonly renamed?: string };
  /**
   * Joint randomness (issue #33): the roll of step `seq` waits for these devices' values (`stalled`:
   * past the timeout, the writer may go on without them; `refused`: a value that did not hold, by device).
   */
  readonly jointWait?: {
    readonly seq: number;
    readonly awaited: readonly string[];
    readonly stalled?: boolean;
    readonly refused?: string;
  };
  /** A game pack the writer sent (issue #32), read as a file: this device asks before saving it. */
  readonly packOffered?: {
    readonly id: string;
    readonly name: { readonly en: string; readonly es: string };
    readonly version: string;
    readonly from: string;
  };
}

/** A replica's writer, reached over the link: requests go to it; the step comes back (Store.receive). */
export interface Remote {
  readonly session: string;
  act(action: Action, context?: Context): Promise<LogEntry | undefined>;
  undo(seq?: number): Promise<void>;
}

/**
 * The writer's joint rounds (issue #33, src/link/joint-round.ts): before a step of `session` that
 * draws randomness with joint randomness on, every device's value for its prefix.
 */
export interface JointRounds {
  readonly session: string;
  round(ask: {
    readonly seq: number;
    readonly prefix: string;
  }): Promise<{ ok: true; reveals: readonly JointReveal[] } | { ok: false; problem: Problem }>;
  /**
   * Before a step that draws randomness (`draws`, asked only when it matters): a joint start under
   * way (a player's phone took its side and the set is being committed, as a step), or a set this
   * device must make first (its seed may roll no more, or a linked device holds it). Resolves once
   * the set is logged or the start gave up; the step is then made jointly (or refused in words).
   * Undefined: nothing to wait for.
   */
  starting?(draws: () => boolean): Promise<void> | undefined;
}

export interface Env {
  readonly repo: SessionRepo;
  /** This device's pack store (src/main.ts hands it in; none: no packs are listed, made or received). */
  readonly packs?: PackRepo;
  readonly now: () => string;
  readonly randomBytes: (n: number) => Uint8Array;
  readonly requestPersistence?: () => Promise<unknown>;
  readonly tabs?: TabCoordinator;
  /** Loads what the UI needs for a game before one is opened (its messages, src/ui/i18n). */
  readonly loadGame?: (gameId: string) => Promise<unknown>;
  /** Loads the UI's messages in a language before it is shown (src/ui/i18n loadLanguage). */
  readonly loadLanguage?: (lang: Lang) => Promise<unknown>;
  /** Games with more steps than this open from their saved state and newest steps first (default 500). */
  readonly pageAfter?: number;
  /** A step still running after this many ms is shown as busy (default 150): a fast step publishes once. */
  readonly busyAfter?: number;
  /** Where this device keeps its joint randomness chains (issue #33; default: its IndexedDB, src/link/joint-round.ts). */
  readonly jointKeep?: JointKeep;
}

/** What the store's game half (./store-game.ts) reaches of the store: its state, its publishing, its queue. */
export interface StoreCore {
  /** The store's public methods the game half calls (the Store itself). */
  readonly store: {
    entered(game: string): Record<string, EnteredCells>;
    errataFor(game: string): ErrataMode;
    report(problem: Problem): void;
  };
  readonly env: Env;
  /** This tab's token as a game's writer (see Store). */
  readonly writer: string;
  state(): AppState;
  set(patch: Partial<AppState>): void;
  attempt<T>(work: () => Promise<T>): Promise<T | undefined>;
  /** This tab is no longer the writer of the game. */
  lose(id: string): void;
  /** The writer reached over the link (setLink), if this device is a replica. */
  remote(): Remote | undefined;
  /** The joint rounds (setJoint), if this device writes a linked game (issue #33). */
  joint(): JointRounds | undefined;
}

/**
 * What a game's turn panel and the shared session tools reach of the store: the few methods they
 * use, not the whole Store (which implements it). A panel runs steps (act, undo), reads the state,
 * changes the game's settings and shows or clears a problem.
 */
export interface PanelHost {
  act(action: Action, context?: Context): Promise<LogEntry | undefined>;
  undo(seq?: number): Promise<void>;
  getState(): AppState;
  subscribe(listener: (s: AppState) => void): () => void;
  updateSettings(patch: Partial<SessionSettings>): Promise<void>;
  report(problem: Problem): void;
  dismissProblem(): void;
  /** While the screen's updates wait (Store.holdScreen): what they wait for. Optional: a panel's test host may leave it out. */
  screenHeld?(): Promise<void> | undefined;
  /**
   * Sealed values (issue #33, src/engine/sealed.ts), on a player's phone linked as `side`'s: seals
   * `value` (kept on this phone with its salt; the table gets its commitment and count only) under
   * a new id starting with `kind`. Refused in words on any other device. Optional: a panel's test host may leave it out.
   */
  seal?(kind: string, side: string, value: Json): Promise<LogEntry | undefined>;
  /** The value this phone sealed under `id`, while it holds it (absent: not this phone's, or not kept). */
  sealedHeld?(id: string): Json | undefined;
  /** Shows a value this phone sealed (its reveal, checked by every device); refused in words elsewhere. */
  sealedReveal?(id: string): Promise<LogEntry | undefined>;
}

/** A player's phone's sealed values (src/link/manager.ts): what the store hands a panel's seal to. */
export interface Sealer {
  seal(kind: string, side: string, value: Json): Promise<LogEntry | undefined>;
  held(id: string): Json | undefined;
  reveal(id: string): Promise<LogEntry | undefined>;
}

/** A stored game that cannot be read back. */
export class StoredDamage extends Error {}
/** A step attempted in a tab that is not the game's writer. */
export class ReadOnly extends Error {}

/** A stored setting, if it is one of the values it may take (a damaged one falls back to the default). */
export const oneOf = <T>(v: unknown, allowed: readonly T[]): T | undefined =>
  allowed.includes(v as T) ? (v as T) : undefined;
/** Ids of games: a safe alphabet, so an id is always one segment of an address. */
export const SAFE_ID = /^[A-Za-z0-9_-]{1,100}$/;

export function problemOf(e: unknown): Problem {
  if (e instanceof StoredDamage) return { key: 'storage.corrupt', detail: e.message };
  if (e instanceof ReadOnly) return { key: 'tabs.readOnly' };
  if (e instanceof EngineError && (e.code === 'procedure' || e.code === 'chart' || e.code === 'hidden'))
    return { key: String(e.params['key']), params: e.params };
  if (e instanceof EngineError) return { key: `error.${e.code}`, params: e.params, detail: e.message };
  if (e instanceof StorageError && e.code === 'not-writer') return { key: 'tabs.lost' };
  if (e instanceof StorageError) return { key: `storage.${e.code}`, detail: e.message };
  if ((e as { name?: string })?.name === 'QuotaExceededError') return { key: 'storage.quota' };
  return { key: 'error.unexpected', detail: (e as Error)?.message ?? String(e) };
}
