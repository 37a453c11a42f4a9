/**
 * App state, framework-free: getState / subscribe / methods that run engine steps. Data flows one
 * way: catalog → engine → store → UI. Every step is committed to IndexedDB before the new state is
 * published, so a result is never shown that is not saved.
 */
// The engine, the game data and the store's game half (./store-game.ts: opening and playing a game,
// charts, game files, linked devices' steps) load with the first game opened or file read, not with
// the home screen (issue #14): only types, the engine's error class and the seed's hex digits are
// imported here.
import type { Action, ChartSetup, Context, EnteredCells, ErrataMode } from '../engine';
import type { ImportResult, Issue, Json, LogEntry, Session, SessionSettings, SessionState, TableData } from '../engine';
import { seedFromBytes } from '../engine/rng-state';
import { gameList } from '../data/game-list';
import { StorageError } from '../persistence/sessions';
import type { StoreGame } from './store-game';

export * from './store-types';
import {
  oneOf,
  problemOf,
  type AppState,
  type Env,
  type HiddenChits,
  type Lang,
  type LinkStatus,
  type PanelHost,
  type Prefs,
  type JointRounds,
  type Problem,
  type Remote,
  type Sealer,
  type Theme,
} from './store-types';

/** The game half's methods the store hands on (each returns a promise). */
type GameMethod = {
  [K in keyof StoreGame]: StoreGame[K] extends (...a: never[]) => Promise<unknown> ? K : never;
}[keyof StoreGame];

type Listener = (s: AppState) => void;

const LANGS: readonly Lang[] = ['en', 'es'];
const THEMES: readonly Theme[] = ['dark', 'light'];

export class Store implements PanelHost {
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

  private screenHold?: Promise<void>;
  /**
   * The screen's updates wait until `until` settles (src/ui/store-controller.ts); the state, the
   * storage and the link go on at once. For a step whose next message is due in a moment and must
   * not wait behind the screen update (issue #33: the table's check of a hidden draw's layer).
   * Whoever holds it bounds `until`.
   */
  holdScreen(until: Promise<void>): void {
    const hold = this.screenHold ? Promise.all([this.screenHold, until]).then(() => undefined) : until;
    this.screenHold = hold;
    void hold.then(() => {
      if (this.screenHold === hold) this.screenHold = undefined;
    });
  }
  screenHeld(): Promise<void> | undefined {
    return this.screenHold;
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

  /** This device's pack store, as the composition root handed it in (undefined: none). */
  get packs() {
    return this.env.packs;
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
    // No link: no hidden chits shown either.
    this.set({ link, ...(link ? {} : { hiddenChits: undefined }) });
  }

  /**
   * Shows a linked player's phone's hidden chits (issue #33): only what shows them renders again
   * (a chit opened is not a change of the link's status: the screens that show the link do not).
   */
  setHiddenChits(hiddenChits: HiddenChits | undefined): void {
    this.set({ hiddenChits });
  }

  private jointRounds?: JointRounds;
  private takes?: (action: Action, context?: Context) => Promise<LogEntry | undefined> | undefined;

  /**
   * The writer's link takes over a step before it is logged (null: none): a face-down draw with each
   * side's phone linked becomes a hidden cup's deal and draw (issue #33), so the chit never enters the log.
   */
  setTakeOver(takes: ((action: Action, context?: Context) => Promise<LogEntry | undefined> | undefined) | null): void {
    this.takes = takes ?? undefined;
  }

  private sealer?: Sealer;

  /** A player's phone's sealed values (src/link, issue #33; null: none): PanelHost.seal hands them on. */
  setSealer(sealer: Sealer | null): void {
    this.sealer = sealer ?? undefined;
  }

  async seal(kind: string, side: string, value: Json): Promise<LogEntry | undefined> {
    if (this.sealer) return this.sealer.seal(kind, side, value);
    this.report({ key: 'sealed.err.noPhone', params: { side } });
    return undefined;
  }

  sealedHeld(id: string): Json | undefined {
    return this.sealer?.held(id);
  }

  async sealedReveal(id: string): Promise<LogEntry | undefined> {
    if (this.sealer) return this.sealer.reveal(id);
    this.report({ key: 'sealed.err.notHeld', params: {} });
    return undefined;
  }

  /** The writer's joint rounds (src/link, issue #33; null: none): asked before a step that draws randomness. */
  setJoint(rounds: JointRounds | null): void {
    this.jointRounds = rounds ?? undefined;
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
          joint: () => this.jointRounds,
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
  /** The open game, with no step yet, takes the public seed: its rolls are all joint (issue #33; StoreGame.takePublicSeed). */
  takePublicSeed(id: string): Promise<boolean> {
    return this.call('takePublicSeed', id);
  }
  /** Makes this tab the writer of the open game; the tab that had it becomes read-only. */
  takeOver(): Promise<void> {
    return this.call('takeOver');
  }
  /** Runs one step: engine → IndexedDB (awaited) → publish. Returns the entry, or undefined with a problem shown. */
  act(action: Action, context?: Context): Promise<LogEntry | undefined> {
    return this.takes?.(action, context) ?? this.call('act', action, context);
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
  /**
   * Steps received from the writer over the link, replayed and stored (see StoreGame.receive); false
   * when refused. `checked` is called with the state they give once every one has replayed, before
   * they are stored.
   */
  receive(
    game: Omit<Session, 'log'>,
    entries: readonly LogEntry[],
    undone: readonly number[],
    checked?: (state: SessionState) => void,
  ): Promise<boolean> {
    return this.call('receive', game, entries, undone, checked);
  }
}
