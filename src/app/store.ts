/**
 * App state, framework-free: getState / subscribe / methods that run engine steps. Data flows one
 * way: catalog → engine → store → UI. Every step is committed to IndexedDB before the new state is
 * published, so a result is never shown that is not saved.
 */
// The engine, the game data and the store's game half (./store-game.ts: opening and playing a game,
// charts, game files, linked devices' steps) load with the first game opened or file read, not with
// the home screen (issue #14): only types, the engine's error class and the seed's hex digits are
// imported here.
import type { Action, ChartSetup, Context, EnteredCells, ErrataMode, GameContext } from '../engine';
import type { ImportResult, Issue, LogEntry, Session, SessionSettings, SessionState, TableData } from '../engine';
import { EngineError } from '../engine/errors';
import { seedFromBytes } from '../engine/rng-state';
import type { GameBundle } from '../data/catalog';
import { gameList } from '../data/game-list';
import type { StoredChart } from '../persistence/db';
import { StorageError, type SessionRepo } from '../persistence/sessions';
import type { ListedSession } from '../persistence/records';
import type { TabCoordinator } from './tabs';
import type { StoreGame } from './store-game';

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
  }[]; /** The device that takes over if the writer is lost (the writer names it; no other may). */
  readonly successor?: string;
  /** A copy of this game that went another way, met on a relink: from which step, and which device holds it. */
  readonly branch?: { readonly at: number; readonly other: string; readonly renamed?: string };
}

/** A replica's writer, reached over the link: requests go to it; the step comes back (Store.receive). */
export interface Remote {
  readonly session: string;
  act(action: Action, context?: Context): Promise<LogEntry | undefined>;
  undo(seq?: number): Promise<void>;
}

export interface Env {
  readonly repo: SessionRepo;
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
}

/** What the store's game half (./store-game.ts) reaches of the store: its state, its publishing, its queue. */
export interface StoreCore {
  /** The store itself, for its public methods. */
  readonly store: Store;
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
}

/** The game half's methods the store hands on (each returns a promise). */
type GameMethod = {
  [K in keyof StoreGame]: StoreGame[K] extends (...a: never[]) => Promise<unknown> ? K : never;
}[keyof StoreGame];

type Listener = (s: AppState) => void;

/** A stored game that cannot be read back. */
export class StoredDamage extends Error {}
/** A step attempted in a tab that is not the game's writer. */
export class ReadOnly extends Error {}

const LANGS: readonly Lang[] = ['en', 'es'];
const THEMES: readonly Theme[] = ['dark', 'light'];
/** A stored setting, if it is one of the values it may take (a damaged one falls back to the default). */
export const oneOf = <T>(v: unknown, allowed: readonly T[]): T | undefined =>
  allowed.includes(v as T) ? (v as T) : undefined;
/** Ids of games: a safe alphabet, so an id is always one segment of an address. */
export const SAFE_ID = /^[A-Za-z0-9_-]{1,100}$/;

export function problemOf(e: unknown): Problem {
  if (e instanceof StoredDamage) return { key: 'storage.corrupt', detail: e.message };
  if (e instanceof ReadOnly) return { key: 'tabs.readOnly' };
  if (e instanceof EngineError && (e.code === 'procedure' || e.code === 'chart'))
    return { key: String(e.params['key']), params: e.params };
  if (e instanceof EngineError) return { key: `error.${e.code}`, params: e.params, detail: e.message };
  if (e instanceof StorageError && e.code === 'not-writer') return { key: 'tabs.lost' };
  if (e instanceof StorageError) return { key: `storage.${e.code}`, detail: e.message };
  if ((e as { name?: string })?.name === 'QuotaExceededError') return { key: 'storage.quota' };
  return { key: 'error.unexpected', detail: (e as Error)?.message ?? String(e) };
}

export class Store {
  private state: AppState = {
    ready: false,
    lang: 'en',
    theme: 'dark',
    sessions: [],
    charts: {},
    errata: {},
    busy: false,
    prefs: { wakeLock: true, vibrate: true, sound: false },
  };
  private listeners = new Set<Listener>();
  /** Steps run one at a time, in order: a double tap cannot interleave two writes. */
  private queue: Promise<unknown> = Promise.resolve();
  /**
   * This tab's token as a game's writer. Opening a game as its writer records the token with the
   * game (repo.claimWriter); every step, undo and settings change carries it and is refused when it
   * commits if another tab has claimed the game since: the writer lock decides every write.
   */
  private readonly writer: string;
  /** Work started through attempt() and not finished yet; busy is shown only if it lasts (busyAfter). */
  private running = 0;
  private busyTimer?: ReturnType<typeof setTimeout>;

  constructor(private readonly env: Env) {
    this.writer = `tab-${seedFromBytes(env.randomBytes(8))}`;
    env.tabs?.listen({
      changed: (id) => {
        if (this.state.current?.session.id === id && this.state.current.readOnly)
          void this.openSession(id, { reload: true });
      },
      lost: (id) => this.lose(id),
    });
  }

  /** This tab is no longer the writer of the game: read-only at once, with the message; it then follows the game. */
  private lose(id: string) {
    const cur = this.state.current;
    if (cur?.session.id !== id) return;
    if (!cur.readOnly) this.set({ current: { ...cur, readOnly: true }, problem: { key: 'tabs.lost' } });
  }

  getState(): AppState {
    return this.state;
  }
  subscribe(l: Listener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }
  private set(patch: Partial<AppState>): void {
    // The step that ends the last running work publishes its result and busy=false together.
    if (this.running === 1 && this.state.busy && !('busy' in patch)) patch = { ...patch, busy: false };
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l(this.state);
  }
  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }
  /** Runs work; a failure becomes a visible problem, never an uncaught exception. */
  private async attempt<T>(work: () => Promise<T>): Promise<T | undefined> {
    // Busy is published only for work still running after busyAfter ms: a fast step publishes once,
    // with its result (each publish re-renders what shows the state; issue #14).
    this.running++;
    this.busyTimer ??= setTimeout(() => {
      this.busyTimer = undefined;
      if (this.running > 0 && !this.state.busy) this.set({ busy: true });
    }, this.env.busyAfter ?? 150);
    try {
      const r = await this.serial(work);
      return r;
    } catch (e) {
      if (e instanceof StorageError && e.code === 'not-writer') {
        // Another tab claimed the game while this one was saving: nothing was written here.
        const id = this.state.current?.session.id;
        if (id) {
          this.lose(id);
          void this.openSession(id, { reload: true });
        }
      }
      this.set({ problem: problemOf(e) });
      return undefined;
    } finally {
      if (--this.running === 0) {
        clearTimeout(this.busyTimer);
        this.busyTimer = undefined;
        if (this.state.busy) this.set({ busy: false });
      }
    }
  }

  /** The built-in games, as the home screen lists them. */
  get games() {
    return gameList;
  }

  async init(prefs: { lang?: Lang; theme?: Theme } = {}): Promise<void> {
    await this.attempt(async () => {
      const [lang, theme, sessions, saved] = await Promise.all([
        this.env.repo.getSetting<Lang>('lang'),
        this.env.repo.getSetting<Theme>('theme'),
        this.env.repo.listSessions(),
        this.env.repo.getSetting<Partial<Prefs>>('prefs'),
      ]);
      // Each setting is read defensively: a damaged one falls back to its default.
      const kept: { -readonly [K in keyof Prefs]?: Prefs[K] } = {};
      if (saved && typeof saved === 'object')
        for (const k of ['wakeLock', 'vibrate', 'sound'] as const)
          if (typeof saved[k] === 'boolean') kept[k] = saved[k];
      const shown = oneOf(lang, LANGS) ?? prefs.lang ?? 'en';
      await this.language(shown);
      this.set({
        lang: shown,
        theme: oneOf(theme, THEMES) ?? prefs.theme ?? 'dark',
        sessions,
        prefs: { ...this.state.prefs, ...kept },
      });
    });
    this.set({ ready: true });
  }

  dismissProblem(): void {
    this.set({ problem: undefined });
  }
  report(p: Problem): void {
    this.set({ problem: p });
  }

  /** The UI's messages in this language, loaded (a failed load leaves its English showing, never a key). */
  private async language(lang: Lang) {
    try {
      await this.env.loadLanguage?.(lang);
    } catch {
      /* shown in English until it loads */
    }
  }

  async setLang(lang: Lang) {
    await this.language(lang);
    this.set({ lang });
    await this.attempt(() => this.env.repo.setSetting('lang', lang));
  }
  async setPref(patch: Partial<Prefs>) {
    const prefs = { ...this.state.prefs, ...patch };
    this.set({ prefs });
    await this.attempt(() => this.env.repo.setSetting('prefs', prefs));
  }
  async setTheme(theme: Theme) {
    this.set({ theme });
    await this.attempt(() => this.env.repo.setSetting('theme', theme));
  }

  errataFor(game: string): ErrataMode {
    return this.state.errata[game] ?? 'default';
  }

  entered(game: string): Record<string, EnteredCells> {
    return Object.fromEntries(Object.entries(this.state.charts[game] ?? {}).map(([k, c]) => [k, c.cells]));
  }

  async refreshSessions() {
    await this.attempt(async () => this.set({ sessions: await this.env.repo.listSessions() }));
  }

  closeSession() {
    this.env.tabs?.release();
    this.set({ current: undefined });
  }

  setSide(side: string | undefined) {
    this.set({ side });
  }

  async renameSession(id: string, name: string) {
    const clean = name.trim().slice(0, 120);
    if (!clean) {
      this.report({ key: 'error.empty-name' });
      return;
    }
    await this.attempt(async () => {
      await this.env.repo.updateMeta(id, { name: clean }, this.env.now());
      const cur = this.state.current;
      if (cur?.session.id === id) this.set({ current: { ...cur, session: { ...cur.session, name: clean } } });
      this.set({ sessions: await this.env.repo.listSessions() });
    });
  }

  async deleteSession(id: string) {
    await this.attempt(async () => {
      // A game being played in another tab is not deleted under it (that tab writes its steps).
      if (await this.env.tabs?.openElsewhere(id)) {
        this.set({ problem: { key: 'tabs.deleteOpen' } });
        return;
      }
      await this.env.repo.deleteSession(id);
      if (this.state.current?.session.id === id) this.set({ current: undefined });
      this.set({ sessions: await this.env.repo.listSessions() });
    });
  }

  // --- Linked devices (src/link): what a replica needs, and nothing else. ---

  private remote?: Remote;

  /** Shows the link's state; `remote` (null: none) makes this device a replica of the game it names. */
  setLink(link: LinkStatus | undefined, remote?: Remote | null): void {
    if (remote !== undefined) this.remote = remote ?? undefined;
    this.set({ link });
  }

  // --- The game half (./store-game.ts), loaded once with the engine: the same methods, handed on. ---

  private half?: StoreGame;
  private halfLoading?: Promise<StoreGame>;

  /** The game half, loaded once (a failed load is tried again next time). */
  private game(): Promise<StoreGame> {
    return (this.halfLoading ??= import('./store-game').then(
      ({ StoreGame }) =>
        (this.half = new StoreGame({
          store: this,
          env: this.env,
          writer: this.writer,
          state: () => this.state,
          set: (patch) => this.set(patch),
          attempt: (work) => this.attempt(work),
          lose: (id) => this.lose(id),
          remote: () => this.remote,
        })),
      (e: unknown) => {
        this.halfLoading = undefined;
        throw e;
      },
    ));
  }

  /** Runs a method of the game half: at once when it has loaded (a tap waits no extra turn), else once it has. */
  private call<K extends GameMethod>(k: K, ...a: Parameters<StoreGame[K]>): ReturnType<StoreGame[K]> {
    type F = (...x: Parameters<StoreGame[K]>) => ReturnType<StoreGame[K]>;
    const half = this.half;
    if (half) return (half[k] as F).apply(half, a);
    return this.game().then<unknown>((g) => (g[k] as F).apply(g, a)) as ReturnType<StoreGame[K]>;
  }

  /** Loads the chart values typed in for a game, and its errata setting. */
  loadCharts(game: string): Promise<void> {
    return this.call('loadCharts', game);
  }
  /** The game's errata reading; new games start with it, and an open game of this title follows it. */
  setErrata(game: string, mode: ErrataMode): Promise<void> {
    return this.call('setErrata', game, mode);
  }
  /** The rows, columns, labels, dice and ends players defined, per table of a game (once its charts are loaded). */
  chartSetups(game: string): Record<string, ChartSetup> {
    if (!this.half) throw new Error('The engine is not loaded yet');
    return this.half.chartSetups(game);
  }
  /** Starts a new session and saves it; returns its id (game, scenario, name, settings, a seed ceremony). */
  createSession(...args: Parameters<StoreGame['createSession']>): Promise<string | undefined> {
    return this.call('createSession', ...args);
  }
  openSession(id: string, opts: { reload?: boolean; takeOver?: boolean } = {}): Promise<boolean> {
    return this.call('openSession', id, opts);
  }
  /** Makes this tab the writer of the open game; the tab that had it becomes read-only. */
  takeOver(): Promise<void> {
    return this.call('takeOver');
  }
  /** Runs one step: engine → IndexedDB (awaited) → publish. Returns the entry, or undefined with a problem shown. */
  act(action: Action, context?: Context): Promise<LogEntry | undefined> {
    return this.call('act', action, context);
  }
  /** Re-runs the once-per-occasion step just refused, on purpose: the reason goes into the log. */
  reroll(reason: string): Promise<LogEntry | undefined> {
    return this.call('reroll', reason);
  }
  /** Types in the cell the last roll landed on (problem.missingCell) and runs the step again. */
  fillMissingCell(text: string): Promise<LogEntry | undefined> {
    return this.call('fillMissingCell', text);
  }

  undo(seq?: number): Promise<void> {
    return this.call('undo', seq);
  }
  updateSettings(patch: Partial<SessionSettings>): Promise<void> {
    return this.call('updateSettings', patch);
  }
  exportSession(id: string, opts: { withoutSeed?: boolean } = {}): Promise<string | undefined> {
    return this.call('exportSession', id, opts);
  }
  /** Imports a session file, validated whole before anything is written (see StoreGame.importSession). */
  importSession(text: string): Promise<{ ok: true; id: string } | { ok: false; issues: Issue[] } | undefined> {
    return this.call('importSession', text);
  }
  /** Checks a game file by replaying it from its seed, without importing it. */
  verifyFile(text: string): Promise<ImportResult | undefined> {
    return this.call('verifyFile', text);
  }
  /** Saves one cell typed in from a printed chart (null clears it). */
  setChartCell(game: string, table: TableData, key: string, value: string | number | null): Promise<void> {
    return this.call('setChartCell', game, table, key, value);
  }
  /** Saves the rows and columns a player defined for a table whose shape the text does not give. */
  setChartAxes(
    game: string,
    table: TableData,
    axes: { rows: readonly string[]; columns: readonly string[] },
  ): Promise<void> {
    return this.call('setChartAxes', game, table, axes);
  }
  /** Saves the labels, dice and ends a player defined (only for tables whose shape the text does not give). */
  setChartSetup(
    game: string,
    table: TableData,
    setup: Pick<ChartSetup, 'labels' | 'dice' | 'below' | 'above'>,
  ): Promise<void> {
    return this.call('setChartSetup', game, table, setup);
  }
  exportCharts(game: string): Promise<string> {
    return this.call('exportCharts', game);
  }
  /** Imports a chart pack: validated whole first; a bad file changes nothing. */
  importCharts(game: string, text: string): Promise<boolean> {
    return this.call('importCharts', game, text);
  }
  /** Steps received from the writer over the link, replayed and stored (see StoreGame.receive); false when refused. */
  receive(game: Omit<Session, 'log'>, entries: readonly LogEntry[], undone: readonly number[]): Promise<boolean> {
    return this.call('receive', game, entries, undone);
  }
}
