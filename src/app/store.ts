/**
 * App state, framework-free: getState / subscribe / methods that run engine steps. Data flows one
 * way: catalog → engine → store → UI. Every step is committed to IndexedDB before the new state is
 * published, so a result is never shown that is not saved.
 */
import type {
  Action,
  Context,
  EnteredCells,
  GameContext,
  Issue,
  LogEntry,
  Session,
  SessionSettings,
  SessionState,
  TableData,
  ErrataMode,
  ImportResult,
} from '../engine';
import type * as EngineModule from '../engine';
import { games, loadGame, type GameBundle } from '../data/catalog';
import { contextForFile, gameContext } from '../data/context';
import type { SessionMeta, StoredChart } from '../persistence/db';
import { StorageError, type SessionRepo } from '../persistence/sessions';
import type { TabCoordinator } from './tabs';

/**
 * The engine loads with the first screen that needs it (a game opened or started, an import, a
 * chart typed in), not with the home screen (issue #14). Every method that runs it awaits engine()
 * first; the functions below call into it once it is loaded.
 */
type Engine = typeof EngineModule;
let loaded: Engine | undefined;
let loading: Promise<Engine> | undefined;
function engine(): Promise<Engine> {
  if (loaded) return Promise.resolve(loaded);
  return (loading ??= import('../engine').then((m) => (loaded = m)));
}
function E(): Engine {
  if (!loaded) throw new Error('The engine is not loaded yet');
  return loaded;
}
type Fn = (...a: never[]) => unknown;
type FnKey = { [K in keyof Engine]: Engine[K] extends Fn ? K : never }[keyof Engine];
const lazy = <K extends FnKey>(k: K): Engine[K] =>
  ((...a: unknown[]) => (E()[k] as (...x: unknown[]) => unknown)(...a)) as unknown as Engine[K];
const apply = lazy('apply');
const axesOf = lazy('axesOf');
const deriveState = lazy('deriveState');
const isRngState = lazy('isRngState');
const parseCellInput = lazy('parseCellInput');
const readChartPack = lazy('readChartPack');
const readSessionFile = lazy('readSessionFile');
const makeChartPack = lazy('makeChartPack');
const newSession = lazy('newSession');
const seedFromBytes = lazy('seedFromBytes');
const toFile = lazy('toFile');
const undo = lazy('undo');
const formatIssues = lazy('formatIssues');

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
  /** A once-per-occasion procedure refused: the step the players may re-run on purpose, with a reason. */
  readonly reroll?: { readonly action: Action; readonly context?: Context };
}

export interface AppState {
  readonly ready: boolean;
  readonly lang: Lang;
  readonly theme: Theme;
  readonly sessions: readonly SessionMeta[];
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
}

export interface Env {
  readonly repo: SessionRepo;
  readonly now: () => string;
  readonly randomBytes: (n: number) => Uint8Array;
  readonly requestPersistence?: () => Promise<unknown>;
  readonly tabs?: TabCoordinator;
  /** Loads what the UI needs for a game before one is opened (its messages, src/ui/i18n). */
  readonly loadGame?: (gameId: string) => Promise<unknown>;
  /** Games with more steps than this open from their saved state and newest steps first (default 500). */
  readonly pageAfter?: number;
  /** A step still running after this many ms is shown as busy (default 150): a fast step publishes once. */
  readonly busyAfter?: number;
}

/** How many of a long game's newest steps are shown while the rest of its log loads. */
const RECENT = 50;

type Listener = (s: AppState) => void;

/** A stored game that cannot be read back. */
class StoredDamage extends Error {}
/** A step attempted in a tab that is not the game's writer. */
class ReadOnly extends Error {}

export function problemOf(e: unknown): Problem {
  if (e instanceof StoredDamage) return { key: 'storage.corrupt', detail: e.message };
  if (e instanceof ReadOnly) return { key: 'tabs.readOnly' };
  // An EngineError can only come from the engine once it is loaded.
  const EngineError = loaded?.EngineError;
  if (EngineError && e instanceof EngineError && e.code === 'procedure')
    return { key: String(e.params['key']), params: e.params };
  if (EngineError && e instanceof EngineError) return { key: `error.${e.code}`, params: e.params, detail: e.message };
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
  private persistRequested = false;
  /** Steps run one at a time, in order: a double tap cannot interleave two writes. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Work started through attempt() and not finished yet; busy is shown only if it lasts (busyAfter). */
  private running = 0;
  private busyTimer?: ReturnType<typeof setTimeout>;

  constructor(private readonly env: Env) {
    env.tabs?.listen({
      changed: (id) => {
        if (this.state.current?.session.id === id && this.state.current.readOnly)
          void this.openSession(id, { reload: true });
      },
      lost: (id) => {
        const cur = this.state.current;
        if (cur?.session.id === id) this.set({ current: { ...cur, readOnly: true }, problem: { key: 'tabs.lost' } });
      },
    });
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

  get games() {
    return games;
  }

  async init(prefs: { lang?: Lang; theme?: Theme } = {}): Promise<void> {
    await this.attempt(async () => {
      const [lang, theme, sessions, saved] = await Promise.all([
        this.env.repo.getSetting<Lang>('lang'),
        this.env.repo.getSetting<Theme>('theme'),
        this.env.repo.listSessions(),
        this.env.repo.getSetting<Partial<Prefs>>('prefs'),
      ]);
      this.set({
        lang: lang ?? prefs.lang ?? 'en',
        theme: theme ?? prefs.theme ?? 'dark',
        sessions,
        prefs: { ...this.state.prefs, ...saved },
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

  async setLang(lang: Lang) {
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

  /** Loads the chart values typed in for a game, and its errata setting. */
  async loadCharts(game: string): Promise<void> {
    await this.attempt(() => this.fetchCharts(game));
  }

  /** Unqueued: only for use inside work that is already queued. */
  private async fetchCharts(game: string): Promise<void> {
    await engine(); // exportCharts (synchronous) needs it once charts are shown
    const list = await this.env.repo.getCharts(game);
    const mode = (await this.env.repo.getSetting<ErrataMode>(`errata.${game}`)) ?? 'default';
    this.set({
      charts: { ...this.state.charts, [game]: Object.fromEntries(list.map((c) => [c.table, c])) },
      errata: { ...this.state.errata, [game]: mode },
    });
  }

  errataFor(game: string): ErrataMode {
    return this.state.errata[game] ?? 'default';
  }

  /** The game's errata reading; new games start with it, and an open game of this title follows it. */
  async setErrata(game: string, mode: ErrataMode): Promise<void> {
    this.set({ errata: { ...this.state.errata, [game]: mode } });
    await this.attempt(() => this.env.repo.setSetting(`errata.${game}`, mode));
    if (this.state.current?.session.game === game) await this.updateSettings({ errata: mode });
  }

  entered(game: string): Record<string, EnteredCells> {
    return Object.fromEntries(Object.entries(this.state.charts[game] ?? {}).map(([k, c]) => [k, c.cells]));
  }

  private async context(bundle: GameBundle, scenarioId: string): Promise<GameContext> {
    await Promise.all([this.fetchCharts(bundle.game.id), this.env.loadGame?.(bundle.game.id)]);
    return gameContext(bundle, scenarioId, this.entered(bundle.game.id));
  }

  async refreshSessions() {
    await this.attempt(async () => this.set({ sessions: await this.env.repo.listSessions() }));
  }

  /** Starts a new session and saves it; returns its id. */
  async createSession(
    gameId: string,
    scenarioId: string,
    name: string,
    settings?: Partial<SessionSettings>,
  ): Promise<string | undefined> {
    return this.attempt(async () => {
      const [bundle] = await Promise.all([loadGame(gameId), engine()]);
      if (!bundle.scenarios.some((s) => s.id === scenarioId))
        throw new (E().EngineError)('bad-action', { field: 'scenario' }, `Unknown scenario ${scenarioId}`);
      await this.fetchCharts(gameId);
      const now = this.env.now();
      settings = { errata: this.errataFor(gameId), ...settings };
      const session = newSession({
        id: `s-${seedFromBytes(this.env.randomBytes(8))}`,
        game: gameId,
        scenario: scenarioId,
        name: name.trim().slice(0, 120) || scenarioId,
        seed: seedFromBytes(this.env.randomBytes(16)),
        createdAt: now,
        settings,
      });
      await this.env.repo.putSession(session, now);
      await this.requestPersistence();
      this.set({ sessions: await this.env.repo.listSessions() });
      return session.id;
    });
  }

  private async requestPersistence() {
    if (this.persistRequested || !this.env.requestPersistence) return;
    this.persistRequested = true;
    try {
      await this.env.requestPersistence();
    } catch {
      /* best effort */
    }
  }

  async openSession(id: string, opts: { reload?: boolean; takeOver?: boolean } = {}): Promise<boolean> {
    if (this.state.current?.session.id === id && !opts.reload && !opts.takeOver) return true;
    const ok = await this.attempt(async () => {
      const [meta] = await Promise.all([this.env.repo.getMeta(id), engine()]);
      if (!meta) throw new StorageError('not-found', `No session ${id}`);
      if (meta.state && isRngState(meta.state.rng) && meta.entryCount > (this.env.pageAfter ?? 500))
        return this.openLong(id, meta, opts);
      // The log, the game's data and the writer's lock are fetched together (a long game opens in one go).
      const [writer, log, bundle] = await Promise.all([
        this.env.tabs ? this.env.tabs.acquire(id, opts.takeOver) : Promise.resolve(true),
        this.env.repo.getEntries(id),
        loadGame(meta.game),
      ]);
      const { updatedAt: _u, entryCount: _c, state: _st, ...rest } = meta;
      const session: Session = { ...rest, log };
      // A damaged record (edited storage, a bug in an old version) is reported precisely and left as it is:
      // the game's record is checked whole; each step is checked by replaying it below.
      const issues: Issue[] = [];
      if (!E().SessionSchema.check({ ...session, log: [] }, 'session', issues))
        throw new StoredDamage(formatIssues(issues, 3));
      const bad = log.findIndex(
        (e, k) =>
          e === null ||
          typeof e !== 'object' ||
          e.seq !== k + 1 ||
          typeof e.action !== 'object' ||
          typeof e.outcome !== 'object' ||
          e.outcome === null,
      );
      if (bad >= 0) throw new StoredDamage(`step ${bad + 1} is missing or unreadable`);
      const ctx = await this.context(bundle, session.scenario);
      let state: SessionState;
      try {
        state = deriveState(session, ctx);
      } catch (e) {
        throw new StoredDamage((e as Error).message);
      }
      this.set({ current: { session, state, bundle, ctx, readOnly: !writer, complete: true } });
      return true;
    });
    return ok ?? false;
  }

  private loading?: Promise<void>;

  /**
   * A long game: shown at once from the state saved with its last step and its newest steps, while
   * its whole log loads behind; that log is then replayed, and must arrive at the same state.
   */
  private async openLong(id: string, meta: SessionMeta, opts: { takeOver?: boolean }): Promise<boolean> {
    const [writer, recent, bundle] = await Promise.all([
      this.env.tabs ? this.env.tabs.acquire(id, opts.takeOver) : Promise.resolve(true),
      this.env.repo.getRecentEntries(id, RECENT),
      loadGame(meta.game),
    ]);
    const { updatedAt: _u, entryCount: _c, state: saved, ...rest } = meta;
    const issues: Issue[] = [];
    if (!E().SessionSchema.check({ ...rest, log: [] }, 'session', issues))
      throw new StoredDamage(formatIssues(issues, 3));
    const ctx = await this.context(bundle, rest.scenario);
    this.set({
      current: { session: { ...rest, log: recent }, state: saved!, bundle, ctx, readOnly: !writer, complete: false },
    });
    const load = async () => {
      try {
        const log = await this.env.repo.getEntries(id);
        const session: Session = { ...rest, log };
        const bad = log.findIndex(
          (e, k) =>
            e === null ||
            typeof e !== 'object' ||
            e.seq !== k + 1 ||
            typeof e.action !== 'object' ||
            typeof e.outcome !== 'object' ||
            e.outcome === null,
        );
        if (bad >= 0) throw new StoredDamage(`step ${bad + 1} is missing or unreadable`);
        let state: SessionState;
        try {
          state = deriveState(session, ctx);
        } catch (e) {
          throw new StoredDamage((e as Error).message);
        }
        if (JSON.stringify(state) !== JSON.stringify(saved))
          throw new StoredDamage('the saved state does not match a replay of the log');
        const cur = this.state.current;
        if (cur?.session.id === id) this.set({ current: { ...cur, session, state, complete: true } });
      } catch (e) {
        const cur = this.state.current;
        if (cur?.session.id === id) this.set({ current: { ...cur, readOnly: true }, problem: problemOf(e) });
      }
    };
    const loading: Promise<void> = load().finally(() => {
      if (this.loading === loading) this.loading = undefined;
    });
    this.loading = loading;
    return true;
  }

  /** Waits until the open game's whole log is loaded (long games load it behind their newest steps). */
  private async complete(): Promise<Current> {
    if (this.state.current && !this.state.current.complete) await this.loading;
    return this.writable();
  }

  closeSession() {
    this.env.tabs?.release();
    this.set({ current: undefined });
  }

  /** Makes this tab the writer of the open game; the tab that had it becomes read-only. */
  async takeOver(): Promise<void> {
    const cur = this.state.current;
    if (cur) await this.openSession(cur.session.id, { takeOver: true });
  }

  setSide(side: string | undefined) {
    this.set({ side });
  }

  private writable(): Current {
    const cur = this.state.current;
    if (!cur) throw new StorageError('not-found', 'No open session');
    if (cur.readOnly) throw new ReadOnly();
    return cur;
  }

  /** Runs one step: engine → IndexedDB (awaited) → publish. Returns the entry, or undefined with a problem shown. */
  async act(action: Action, context?: Context): Promise<LogEntry | undefined> {
    const entry = await this.step(action, context);
    const p = this.state.problem;
    if (!entry && p?.key === 'error.once') this.set({ problem: { ...p, reroll: { action, context } } });
    return entry;
  }

  /** Re-runs the once-per-occasion step just refused, on purpose: the reason goes into the log. */
  async reroll(reason: string): Promise<LogEntry | undefined> {
    const r = this.state.problem?.reroll;
    if (!r || r.action.type !== 'procedure') return undefined;
    return this.act({ ...r.action, reroll: reason }, r.context);
  }

  private async step(action: Action, context?: Context): Promise<LogEntry | undefined> {
    return this.attempt(async () => {
      const cur = await this.complete();
      const at = this.env.now();
      // A game module may keep the current phase as game.phase = { turn, id }: it is recorded with the step.
      const phase = cur.state.game['phase'] as { turn?: number; id?: string } | undefined;
      const where: Context = {
        turn: cur.state.turn,
        ...(this.state.side ? { side: this.state.side } : {}),
        ...(phase?.id && phase.turn === cur.state.turn ? { phase: phase.id } : {}),
        ...context,
      };
      const r = apply(cur.session, cur.state, action, cur.ctx, { at, context: where });
      const { log: _log, ...game } = cur.session;
      await this.env.repo.appendEntry(cur.session.id, r.entry, at, r.state, game);
      this.set({ current: { ...cur, session: r.session, state: r.state }, problem: undefined });
      this.env.tabs?.announce(cur.session.id);
      return r.entry;
    });
  }

  async undo(seq?: number): Promise<void> {
    await this.attempt(async () => {
      const cur = await this.complete();
      const r = undo(cur.session, cur.ctx, seq);
      await this.env.repo.markUndone(cur.session.id, r.undone, this.env.now(), r.state);
      this.set({ current: { ...cur, session: r.session, state: r.state } });
      this.env.tabs?.announce(cur.session.id);
    });
  }

  async updateSettings(patch: Partial<SessionSettings>) {
    await this.attempt(async () => {
      const cur = this.writable();
      const settings = { ...cur.session.settings, ...patch };
      await this.env.repo.updateMeta(cur.session.id, { settings }, this.env.now());
      this.set({ current: { ...cur, session: { ...cur.session, settings } } });
    });
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

  async exportSession(id: string): Promise<string | undefined> {
    return this.attempt(async () => {
      const [s] = await Promise.all([this.env.repo.getSession(id), engine()]);
      if (!s) throw new StorageError('not-found', `No session ${id}`);
      return JSON.stringify(toFile(s), null, 1);
    });
  }

  /**
   * Imports a session file. Validated whole (shape and a replay from the seed) before anything is
   * written; a file that fails changes nothing. An id already present gets a new id (never overwritten).
   */
  async importSession(text: string): Promise<{ ok: true; id: string } | { ok: false; issues: Issue[] } | undefined> {
    return this.attempt(async () => {
      await engine();
      const r = readSessionFile(text, await contextForFile(text));
      if (!r.ok) {
        this.set({ problem: { key: 'import.invalid', detail: formatIssues(r.issues) } });
        return r;
      }
      const existing = await this.env.repo.getSession(r.session.id);
      const session = existing ? { ...r.session, id: `s-${seedFromBytes(this.env.randomBytes(8))}` } : r.session;
      await this.env.repo.putSession(session, this.env.now());
      this.set({ sessions: await this.env.repo.listSessions() });
      return { ok: true as const, id: session.id };
    });
  }

  /** Checks a game file by replaying it from its seed, without importing it. */
  async verifyFile(text: string): Promise<ImportResult | undefined> {
    return this.attempt(async () => {
      await engine();
      return readSessionFile(text, await contextForFile(text));
    });
  }

  /**
   * Saves one cell typed in from a printed chart (null clears it). The value is checked here too
   * (a result code of the table's legend, or a number in range), whatever the caller checked.
   */
  async setChartCell(game: string, table: TableData, key: string, value: string | number | null) {
    await this.saveChart(game, table, (prev) => {
      const [row = '', column = ''] = key.split('|');
      const { rows, columns } = axesOf(table, prev);
      if (!rows.includes(row) || !columns.includes(column))
        throw new (E().EngineError)('unknown-row', { table: table.id, key });
      const cells: Record<string, string | number> = { ...(prev?.cells ?? {}) };
      if (value === null) delete cells[key];
      else {
        const parsed = parseCellInput(table, String(value));
        if (!parsed.ok)
          throw new (E().EngineError)('bad-action', { field: 'cell' }, `${String(value)}: ${parsed.reason}`);
        cells[key] = parsed.value;
      }
      return { cells };
    });
  }

  /** Saves the rows and columns a player defined for a table whose shape the text does not give. */
  async setChartAxes(game: string, table: TableData, axes: { rows: readonly string[]; columns: readonly string[] }) {
    await this.saveChart(game, table, () => {
      if (!table.playerDefinesAxes)
        throw new (E().EngineError)('bad-action', { field: 'axes' }, 'This table has fixed rows and columns');
      return { rows: [...axes.rows], columns: [...axes.columns] };
    });
  }

  private async saveChart(
    game: string,
    table: TableData,
    change: (prev: StoredChart | undefined) => Partial<Pick<StoredChart, 'cells' | 'rows' | 'columns'>>,
  ) {
    await this.attempt(async () => {
      await engine();
      const prev = this.state.charts[game]?.[table.id];
      const chart: StoredChart = {
        game,
        table: table.id,
        cells: {},
        ...prev,
        ...change(prev),
        updatedAt: this.env.now(),
      };
      await this.env.repo.putChart(chart);
      this.setCharts(game, { ...(this.state.charts[game] ?? {}), [table.id]: chart });
    });
  }

  private setCharts(game: string, byTable: Record<string, StoredChart>) {
    const charts = { ...this.state.charts, [game]: byTable };
    const cur = this.state.current;
    const entered = Object.fromEntries(Object.entries(byTable).map(([k, c]) => [k, c.cells]));
    this.set({
      charts,
      ...(cur && cur.session.game === game ? { current: { ...cur, ctx: { ...cur.ctx, entered } } } : {}),
    });
  }

  exportCharts(game: string): string {
    const charts = Object.values(this.state.charts[game] ?? {}).map(({ table, cells, rows, columns }) => ({
      table,
      cells,
      ...(rows ? { rows } : {}),
      ...(columns ? { columns } : {}),
    }));
    return JSON.stringify(makeChartPack(game, charts), null, 1);
  }

  /** Imports a chart pack: validated whole first; a bad file changes nothing. */
  async importCharts(game: string, text: string): Promise<boolean> {
    const ok = await this.attempt(async () => {
      const [bundle] = await Promise.all([loadGame(game), engine()]);
      const r = readChartPack(text, game, new Map(bundle.tables.map((t) => [t.id, t])));
      if (!r.ok) {
        this.set({ problem: { key: 'import.invalid', detail: formatIssues(r.issues) } });
        return false;
      }
      const byTable = { ...(this.state.charts[game] ?? {}) };
      const now = this.env.now();
      const charts: StoredChart[] = r.pack.charts.map((c) => ({
        game,
        table: c.table,
        cells: { ...(byTable[c.table]?.cells ?? {}), ...c.cells },
        updatedAt: now,
        ...(c.rows ? { rows: [...c.rows] } : {}),
        ...(c.columns ? { columns: [...c.columns] } : {}),
      }));
      await this.env.repo.putCharts(charts);
      for (const c of charts) byTable[c.table] = c;
      this.setCharts(game, byTable);
      return true;
    });
    return ok ?? false;
  }
}
