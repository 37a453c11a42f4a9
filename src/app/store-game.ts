/**
 * The store's game half (issue #14): opening, starting and playing a game (steps, undo, settings),
 * the charts typed in, game files (export, import, verify) and linked devices' steps. It loads with
 * the engine, the first time one of these is asked of the store (src/app/store.ts keeps the same
 * methods and hands them here), so the home screen loads neither.
 */
import * as engine from '../engine';
import type { Action, Ceremony, ChartSetup, Context, ErrataMode, GameContext, ImportResult, Issue } from '../engine';
import type { JointReveal, LogEntry, Session, SessionSettings, SessionState, TableData } from '../engine';
import { EngineError } from '../engine/errors';
import { seedFromBytes } from '../engine/rng-state';
import { ERRATA_MODES } from '../engine/session-schema';
import { formatIssues, issueMessage } from '../engine/issue-text';
import type { GameBundle } from '../data/catalog';
import type { JointKeep } from '../link/joint-round';
// In the home screen's download already (src/main.ts hands the rules in): imported statically, it needs no
// module namespace, which would bring the bundler's runtime to the home screen (issue #29).
import { gameRules } from '../data/providers';
import type { SessionMeta, StoredChart } from '../persistence/db';
import { StorageError } from '../persistence/sessions';
import { entryDamage, logDamage, metaDamage, repairMeta, sayIssuesWith } from '../persistence/records';
import { packSteps } from './packed-steps';
import { inBackground } from './background';
import {
  oneOf,
  problemOf,
  ReadOnly,
  SAFE_ID,
  StoredDamage,
  type AppState,
  type Current,
  type Env,
  type Problem,
  type Remote,
  type StoreCore,
} from './store-types';

// A damaged stored game's reasons, in English from here on (the home screen lists it with their codes).
sayIssuesWith(issueMessage);

type Engine = typeof engine;
const catalog = () => import('../data/catalog');

/** How many of a long game's newest steps are shown while the rest of its log loads. */
const RECENT = 50;

export class StoreGame {
  constructor(private readonly core: StoreCore) {}

  private get state(): AppState {
    return this.core.state();
  }
  private get env(): Env {
    return this.core.env;
  }
  private set(patch: Partial<AppState>): void {
    this.core.set(patch);
  }
  private attempt<T>(work: () => Promise<T>): Promise<T | undefined> {
    return this.core.attempt(work);
  }

  private persistRequested = false;
  /** The steps asked for and still saving, to drop a double tap (see act). */
  private readonly inFlight = new Set<string>();
  /**
   * Publishes the result of a write on the game as it is now: a flag set while the write was
   * saving (read-only, because another tab took over) is kept, never overwritten by the copy read
   * before it.
   */
  private publish(id: string, patch: Partial<Current>, extra: Partial<AppState> = {}) {
    const latest = this.state.current;
    if (latest?.session.id !== id) return;
    // Lost while saving: the message saying so stays.
    this.set({ current: { ...latest, ...patch }, ...(latest.readOnly ? {} : extra) });
  }

  /** Loads the chart values typed in for a game, and its errata setting. */
  async loadCharts(game: string): Promise<void> {
    await this.attempt(() => this.fetchCharts(game));
  }

  /** Unqueued: only for use inside work that is already queued. */
  private async fetchCharts(game: string): Promise<void> {
    const list = await this.env.repo.getCharts(game);
    const mode = oneOf(await this.env.repo.getSetting<ErrataMode>(`errata.${game}`), ERRATA_MODES) ?? 'default';
    if (list.damaged) this.set({ problem: { key: 'storage.chartsDamaged', params: { n: list.damaged } } });
    this.set({
      charts: { ...this.state.charts, [game]: Object.fromEntries(list.map((c) => [c.table, c])) },
      errata: { ...this.state.errata, [game]: mode },
    });
  }

  /** The game's errata reading; new games start with it, and an open game of this title follows it. */
  async setErrata(game: string, mode: ErrataMode): Promise<void> {
    this.set({ errata: { ...this.state.errata, [game]: mode } });
    await this.attempt(() => this.env.repo.setSetting(`errata.${game}`, mode));
    if (this.state.current?.session.game === game) await this.updateSettings({ errata: mode });
  }

  /** The rows, columns, labels, dice and ends players defined, per table of a game. */
  chartSetups(game: string): Record<string, ChartSetup> {
    return Object.fromEntries(Object.entries(this.state.charts[game] ?? {}).map(([k, c]) => [k, engine.setupOf(c)]));
  }

  private async context(bundle: GameBundle, scenarioId: string): Promise<GameContext> {
    const [{ gameContext }] = await Promise.all([
      import('../data/context'),
      this.fetchCharts(bundle.game.id),
      this.env.loadGame?.(bundle.game.id),
    ]);
    return gameContext(bundle, scenarioId, this.core.store.entered(bundle.game.id), this.chartSetups(bundle.game.id));
  }

  /** Starts a new session and saves it; returns its id. */
  async createSession(
    gameId: string,
    scenarioId: string,
    name: string,
    settings?: Partial<SessionSettings>,
    /** A seed both players made (issue #15): the seed is the hash of its contributions. */
    ceremony?: Ceremony,
  ): Promise<string | undefined> {
    return this.attempt(async () => {
      const { newSession, ceremonySeed } = engine;
      const bundle = await (await catalog()).loadGame(gameId);
      if (!bundle.scenarios.some((s) => s.id === scenarioId))
        throw new EngineError('bad-action', { field: 'scenario' }, `Unknown scenario ${scenarioId}`);
      await this.fetchCharts(gameId);
      // The game's rules version at its start: no step of it may claim an older one (session.ts newSession).
      const rules = (await gameRules()(gameId))?.rules?.version;
      const now = this.env.now();
      settings = { errata: this.core.store.errataFor(gameId), ...settings };
      const session = newSession({
        id: `s-${seedFromBytes(this.env.randomBytes(8))}`,
        game: gameId,
        scenario: scenarioId,
        name: name.trim().slice(0, 120) || scenarioId,
        seed: ceremony ? ceremonySeed(ceremony) : seedFromBytes(this.env.randomBytes(16)),
        createdAt: now,
        settings,
        ...(ceremony ? { ceremony } : {}),
        ...(rules !== undefined ? { rules } : {}),
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

  /** What to say when a game opens next, by game id (an imported file that cannot show a cut). */
  private readonly notices = new Map<string, Problem>();

  async openSession(id: string, opts: { reload?: boolean; takeOver?: boolean } = {}): Promise<boolean> {
    if (this.state.current?.session.id === id && !opts.reload && !opts.takeOver) return true;
    const ok = await this.attempt(async () => {
      // The writer's lock first, and its claim saved, then the game is read: every step another tab
      // saved before the claim is read here, and every step it tries after is refused.
      // A read-only tab that reloads to follow the writer stays read-only (it takes over only when asked).
      const cur = this.state.current;
      const follow = opts.reload && !opts.takeOver && cur?.session.id === id && cur.readOnly;
      const writer = follow ? false : await this.acquire(id, opts.takeOver);
      const stored: unknown = await this.env.repo.getMeta(id);
      if (!stored) throw new StorageError('not-found', `No session ${id}`);
      // What replay does not need (a name, a date, the count of steps) is repaired, never locks the game
      // (issue #30); any other damage (edited storage, a bug in an old version) is reported precisely and left as it is.
      const { raw, repaired } = repairMeta(stored);
      const damage = metaDamage(raw);
      if (damage) throw new StoredDamage(damage);
      let meta = raw as SessionMeta;
      const { hasGame, loadGame } = await catalog();
      if (!(await hasGame(meta.game))) throw new StoredDamage(`unknown game "${meta.game}"`);
      const bundle = await loadGame(meta.game);
      if (!bundle.scenarios.some((sc) => sc.id === meta.scenario))
        throw new StoredDamage(`unknown scenario "${meta.scenario}"`);
      if (meta.state && meta.entryCount > (this.env.pageAfter ?? 500) && !repaired.length)
        return this.openLong(id, meta, bundle, writer);
      const log = await this.env.repo.getEntries(id);
      // Steps intact and numbered in order, the count recorded wrong: the steps stored are the game.
      if (log.length !== meta.entryCount && log.every((e, k) => e?.seq === k + 1)) {
        meta = { ...meta, entryCount: log.length };
        if (!repaired.includes('entryCount')) repaired.push('entryCount');
      }
      const { updatedAt: _u, entryCount: _c, state: _st, ...rest } = meta;
      const session: Session = { ...rest, log };
      const ctx = await this.context(bundle, session.scenario);
      // A start date lost: the first step's link to it cannot be checked; every other link and die is.
      const header = !(repaired.includes('createdAt') && log[0]?.prev !== undefined);
      const { state, olderRules, writtenRules } = this.replay(session, ctx, meta.entryCount, header);
      packSteps(log); // once checked: equal parts held once, each step's own parts packed
      this.set({
        current: {
          session,
          state,
          bundle,
          ctx,
          readOnly: !writer,
          complete: true,
          ...(writtenRules ? { writtenRules } : {}),
        },
        ...(this.notices.has(id) ? { problem: this.notices.get(id)! } : {}),
        ...(olderRules ? { problem: olderRules } : {}),
        ...(repaired.length
          ? {
              problem: {
                key: 'storage.repaired',
                params: {
                  name: repaired.includes('name') ? 1 : 0,
                  dates: repaired.some((f) => f === 'createdAt' || f === 'updatedAt') ? 1 : 0,
                  steps: repaired.includes('entryCount') ? log.length : 0,
                  header: header ? 0 : 1,
                },
                detail: `repaired: ${repaired.join(', ')}`,
              },
            }
          : {}),
      });
      this.notices.delete(id);
      return true;
    });
    return ok ?? false;
  }

  /** Tries to become the game's writer (or takes it over) and records the claim; false: read-only. */
  private async acquire(id: string, takeOver?: boolean): Promise<boolean> {
    const writer = this.env.tabs ? await this.env.tabs.acquire(id, takeOver) : true;
    if (writer) await this.env.repo.claimWriter(id, this.core.writer);
    return writer;
  }

  /**
   * A stored game's log checked as an import is: each step's shape, then a replay from the seed
   * that must give every recorded die, draw and result. Returns the state after it.
   */
  private replay(
    session: Session,
    ctx: GameContext,
    entryCount: number,
    header = true,
  ): { state: SessionState; olderRules?: Problem; writtenRules?: readonly number[] } {
    const damage = logDamage(session.log, entryCount);
    if (damage) throw new StoredDamage(damage);
    const { verifySession, deriveState } = engine;
    try {
      // Replayed as a file is verified: steps read the chart values they recorded, not this device's.
      // A step that read this device's typed-in values without recording them (a game procedure)
      // replays with them: only a log that fits neither way is damaged.
      let v = verifySession(session, { ...ctx, entered: undefined }, { header });
      if (!v.ok && ctx.entered) {
        const withDevice = verifySession(session, ctx, { header });
        if (withDevice.ok) v = withDevice;
      }
      if (!v.ok) throw new StoredDamage(`step ${v.firstMismatch!.seq}: ${v.firstMismatch!.reason}`);
      // Steps recorded under rules the game has rewritten since: kept as written, and said (never "damaged").
      const written = v.writtenRules ?? [];
      return {
        state: deriveState(session, ctx),
        ...(written.length
          ? {
              writtenRules: written,
              olderRules: {
                key: 'storage.olderRules',
                params: { n: written.length, steps: written.join(', ') },
                detail: `kept as written: ${written.join(', ')}`,
              },
            }
          : {}),
      };
    } catch (e) {
      if (e instanceof StoredDamage) throw e;
      throw new StoredDamage((e as Error).message);
    }
  }

  private loading?: Promise<void>;

  /**
   * A long game: shown at once from the state saved with its last step and its newest steps, while
   * its whole log loads behind; that log is then replayed, and must arrive at the same state.
   */
  private async openLong(id: string, meta: SessionMeta, bundle: GameBundle, writer: boolean): Promise<boolean> {
    const recent = await this.env.repo.getRecentEntries(id, RECENT);
    const { updatedAt: _u, entryCount: _c, state: saved, ...rest } = meta;
    const ctx = await this.context(bundle, rest.scenario);
    // The newest steps are checked here; the whole log when it has loaded (replay below).
    const from = meta.entryCount - recent.length + 1;
    for (const [k, e] of recent.entries()) {
      const damage = entryDamage(e, `step ${from + k}`);
      if (damage) throw new StoredDamage(damage);
      if (e.seq !== from + k) throw new StoredDamage(`step ${from + k} is missing or out of order`);
    }
    this.set({
      current: { session: { ...rest, log: recent }, state: saved!, bundle, ctx, readOnly: !writer, complete: false },
    });
    const load = async () => {
      try {
        const log = await this.env.repo.getEntries(id);
        const session: Session = { ...rest, log };
        const { state, olderRules, writtenRules } = this.replay(session, ctx, meta.entryCount);
        if (JSON.stringify(state) !== JSON.stringify(saved))
          throw new StoredDamage('the saved state does not match a replay of the log');
        packSteps(log);
        const cur = this.state.current;
        if (cur?.session.id === id)
          this.set({
            current: { ...cur, session, state, complete: true, ...(writtenRules ? { writtenRules } : {}) },
            ...(olderRules ? { problem: olderRules } : {}),
          });
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

  /** Makes this tab the writer of the open game; the tab that had it becomes read-only. */
  async takeOver(): Promise<void> {
    const cur = this.state.current;
    if (cur) await this.openSession(cur.session.id, { takeOver: true });
  }

  private writable(): Current {
    const cur = this.state.current;
    if (!cur) throw new StorageError('not-found', 'No open session');
    if (cur.readOnly) throw new ReadOnly();
    return cur;
  }

  /** Runs one step: engine → IndexedDB (awaited) → publish. Returns the entry, or undefined with a problem shown. */
  async act(action: Action, context?: Context): Promise<LogEntry | undefined> {
    const remote = this.remoteFor();
    // A double tap: the same step asked for again while the first is still saving is dropped (the
    // buttons are not disabled during a fast step, so that a tap gives one screen update).
    const key = JSON.stringify([action, context ?? null]);
    if (this.inFlight.has(key)) return undefined;
    this.inFlight.add(key);
    let entry: LogEntry | undefined;
    try {
      entry = remote
        ? await this.forward(() =>
            remote.act(action, this.state.side ? { side: this.state.side, ...context } : context),
          )
        : await this.afterJointStart(action).then(() => this.step(action, context));
    } finally {
      this.inFlight.delete(key);
    }
    const p = this.state.problem;
    if (!entry && (p?.key === 'error.once' || p?.key === 'error.sequence'))
      this.set({ problem: { ...p, reroll: { action, context } } });
    // A roll on a cell the text lacks is not a dead end: the cell is asked for, then the same step runs (#31).
    // (On a linked replica the writer reads its own charts: the cell is typed in there.)
    if (!entry && !remote && p?.key === 'error.table-incomplete' && this.state.current)
      this.set({ problem: { ...p, missingCell: { action, context } } });
    return entry;
  }

  /**
   * The cell the last roll landed on, typed in from the printed chart: checked as on the Tables page,
   * kept for the game like any cell typed in there, and the refused step run again. The dice were
   * not used (a refused step records nothing, so the app's dice give the same roll; typed-in dice go
   * with the step), so the roll resolves on that cell, which its explanation marks as typed in.
   */
  async fillMissingCell(text: string): Promise<LogEntry | undefined> {
    const p = this.state.problem;
    const cur = this.state.current;
    const m = p?.missingCell;
    if (!p || !m || !cur) return undefined;
    const id = String(p.params?.['table'] ?? '');
    const table = cur.bundle.tables.find((x) => x.id === id);
    if (!table) return undefined;
    const parsed = engine.parseCellInput(table, text);
    if (!parsed.ok) {
      this.set({
        problem: {
          ...p,
          missingCell: { ...m, refused: { text, ...(parsed.allowed ? { allowed: parsed.allowed } : {}) } },
        },
      });
      return undefined;
    }
    const key = engine.cellKey(String(p.params?.['row'] ?? ''), String(p.params?.['column'] ?? ''));
    await this.setChartCell(cur.session.game, table, key, parsed.value);
    if (this.state.problem && this.state.problem !== p) return undefined; // the cell was refused: said
    this.set({ problem: undefined });
    return this.act(m.action, m.context);
  }

  /**
   * Re-runs the step just refused, on purpose: a once-per-occasion step (a re-roll), or a step its
   * phase does not offer (out of sequence, issue #29). The players' reason goes into the log.
   */
  async reroll(reason: string): Promise<LogEntry | undefined> {
    const r = this.state.problem?.reroll;
    if (!r || r.action.type !== 'procedure') return undefined;
    const why = this.state.problem?.key === 'error.sequence' ? { outOfSequence: reason } : { reroll: reason };
    return this.act({ ...r.action, ...why }, r.context);
  }

  /** Where this device keeps its joint chains (Env.jointKeep, or its IndexedDB), opened once. */
  private jointKeep?: JointKeep;

  /**
   * The values of a joint set whose every device's chain this device keeps (issue #33: the writing
   * device's own chain alone, after a shared display or the phones left it), for the step asked,
   * with no link up. Each is stored before it is used, as a linked device's is. Undefined: a device
   * of the set keeps its chain elsewhere (its phone must give it: the link).
   */
  private async ownValues(
    cur: Current,
    ask: { readonly seq: number; readonly prefix: string },
  ): Promise<JointReveal[] | undefined> {
    const set = cur.state.joint?.devices ?? [];
    if (!set.length) return undefined;
    const { idbJointKeep, valueFor } = await import('../link/joint-round');
    const keep = (this.jointKeep ??= this.env.jointKeep ?? idbJointKeep());
    const used = engine.jointUsed(cur.session.log);
    const kept = await Promise.all(set.map((d) => keep.get(cur.session.id, d.name)));
    if (kept.some((rec, i) => !rec || rec.anchor !== set[i]!.anchor)) return undefined;
    const reveals: JointReveal[] = [];
    for (const [i, d] of set.entries()) {
      const rec = kept[i]!;
      // Never below a value of its chain the log has seen (its record may lag behind).
      const floor = Math.max(d.k, used.get(`${d.name}\n${d.anchor}`) ?? 0) + 1;
      const v = await valueFor(keep, rec.next < floor ? { ...rec, next: floor } : rec, ask.seq, ask.prefix);
      if (!v) return undefined;
      reveals.push({ name: d.name, k: v.k, value: v.value });
    }
    return reveals;
  }

  /**
   * A joint start under way on the link (issue #33: a player's phone just took its side): a step
   * that draws randomness waits for the set to be logged, outside the store's queue (the set's own
   * step goes through it), and is then made jointly; one that draws nothing does not wait.
   */
  private async afterJointStart(action: Action): Promise<void> {
    const rounds = this.core.joint();
    const cur = this.state.current;
    if (!rounds?.starting || !cur?.complete || rounds.session !== cur.session.id) return;
    await rounds.starting(() => engine.drawsRandomness(cur.session, cur.state, action, cur.ctx));
  }

  private async step(action: Action, context?: Context): Promise<LogEntry | undefined> {
    // The problem shown when the step was asked for: the step answers it; one reported meanwhile stays.
    const shown = this.state.problem;
    return this.attempt(async () => {
      let cur = await this.complete();
      const at = this.env.now();
      // Where the game stands in its sequence of play, as the engine keeps it (game.phase = { turn, index, id },
      // src/engine/sequence.ts): the phase id is recorded with the step.
      const phase = cur.state.game['phase'] as { turn?: number; id?: string } | undefined;
      const where: Context = {
        turn: cur.state.turn,
        ...(this.state.side ? { side: this.state.side } : {}),
        ...(phase?.id && phase.turn === cur.state.turn ? { phase: phase.id } : {}),
        ...context,
      };
      // Joint randomness (issue #33): a step that draws randomness is asked for first, and made from every device's value.
      const rounds = this.core.joint();
      let joint: readonly JointReveal[] | undefined;
      const linked = rounds?.session === cur.session.id;
      const ask =
        linked || cur.state.joint ? engine.jointRequest(cur.session, cur.state, action, cur.ctx, where) : undefined;
      if (ask && !linked) {
        // No link up (this device reloaded): a set whose every chain is kept here (its own, alone) gives its values here.
        joint = await this.ownValues(cur, ask).catch(() => undefined);
        if (!joint) throw new EngineError('joint-needed');
      } else if (rounds && ask) {
        const got = await rounds.round(ask);
        if (!got.ok) {
          this.core.store.report(got.problem);
          return undefined;
        }
        cur = await this.complete();
        // Another step was made meanwhile: the values were given for a step that is no longer next.
        if (cur.session.log.length + 1 !== ask.seq) throw new EngineError('joint-needed');
        joint = got.reveals;
      }
      const r = engine.apply(cur.session, cur.state, action, cur.ctx, {
        at,
        context: where,
        ...(joint ? { joint } : {}),
      });
      const { log: _log, ...game } = cur.session;
      // An undo asked for as a step (a linked device's request) stores its marks with it, as undo() does.
      if (r.entry.action.type === 'undo')
        await this.env.repo.markUndone(cur.session.id, r.entry.action.steps, at, r.state, this.core.writer, r.entry);
      else await this.env.repo.appendEntry(cur.session.id, r.entry, at, r.state, game, this.core.writer);
      this.publish(
        cur.session.id,
        { session: r.session, state: r.state },
        this.state.problem === shown ? { problem: undefined } : {},
      );
      this.env.tabs?.announce(cur.session.id);
      // The next step's link (this step's hash), worked out once the step is shown, not when it is tapped.
      inBackground(() => engine.nextPrev(r.session));
      return r.entry;
    });
  }

  async undo(seq?: number): Promise<void> {
    const remote = this.remoteFor();
    if (remote) return this.forward(() => remote.undo(seq));
    await this.attempt(async () => {
      const cur = await this.complete();
      const at = this.env.now();
      // The undo is a step of the chain (issue #30): logged with when, who and in which turn, like any step.
      const where: Context = { turn: cur.state.turn, ...(this.state.side ? { side: this.state.side } : {}) };
      const r = engine.undo(cur.session, cur.ctx, seq, { at, context: where });
      await this.env.repo.markUndone(cur.session.id, r.undone, at, r.state, this.core.writer, r.entry);
      this.publish(cur.session.id, { session: r.session, state: r.state });
      this.env.tabs?.announce(cur.session.id);
    });
  }

  async updateSettings(patch: Partial<SessionSettings>) {
    // A replica's game is set on the writer (its settings come with the steps).
    if (this.remoteFor()) return this.core.store.report({ key: 'link.settingsOnWriter' });
    await this.attempt(async () => {
      const cur = this.writable();
      const settings = { ...cur.session.settings, ...patch };
      await this.env.repo.updateMeta(cur.session.id, { settings }, this.env.now(), this.core.writer);
      this.publish(cur.session.id, { session: { ...this.state.current!.session, settings } });
    });
  }

  async exportSession(id: string, opts: { withoutSeed?: boolean } = {}): Promise<string | undefined> {
    return this.attempt(async () => {
      const s = await this.env.repo.getSession(id);
      const { toFile } = engine;
      if (!s) throw new StorageError('not-found', `No session ${id}`);
      return JSON.stringify(opts.withoutSeed ? toFile(s, { withoutSeed: true }) : toFile(s), null, 1);
    });
  }

  /**
   * Imports a session file. Validated whole (shape and a replay from the seed) before anything is
   * written; a file that fails changes nothing. An id already present gets a new id (never overwritten).
   */
  async importSession(text: string): Promise<{ ok: true; id: string } | { ok: false; issues: Issue[] } | undefined> {
    return this.attempt(async () => {
      const { contextForFile } = await import('../data/context');
      const { readSessionFile } = engine;
      const r0 = readSessionFile(text, await contextForFile(text));
      const r = await withHiddenChecked(r0);
      if (!r.ok) {
        this.set({ problem: { key: 'import.invalid', detail: formatIssues(r.issues), issues: r.issues } });
        return r;
      }
      // An id already present, or one outside the safe alphabet (it names the game in the address), gets a new id.
      const existing = SAFE_ID.test(r.session.id) ? await this.env.repo.getMeta(r.session.id) : true;
      const session = existing ? { ...r.session, id: `s-${seedFromBytes(this.env.randomBytes(8))}` } : r.session;
      await this.env.repo.putSession(session, this.env.now());
      // A file that records no end (format 1) cannot show a cut: said when the game opens, as the CLI says it (issue #30).
      if (!r.verification.sealed) this.notices.set(session.id, { key: 'import.noSeal' });
      this.set({ sessions: await this.env.repo.listSessions() });
      return { ok: true as const, id: session.id };
    });
  }

  /** Checks a game file by replaying it from its seed, without importing it. */
  async verifyFile(text: string): Promise<ImportResult | undefined> {
    return this.attempt(async () => {
      const { contextForFile } = await import('../data/context');
      const { readSessionFile } = engine;
      return withHiddenChecked(readSessionFile(text, await contextForFile(text), { withoutSeed: 'chain' }));
    });
  }

  /**
   * Saves one cell typed in from a printed chart (null clears it). The value is checked here too
   * (a result code of the table's legend, or a number in range), whatever the caller checked.
   */
  async setChartCell(game: string, table: TableData, key: string, value: string | number | null) {
    await this.saveChart(game, table, (prev, { axesOf, parseCellInput }) => {
      const [row = '', column = ''] = key.split('|');
      const { rows, columns } = axesOf(table, prev);
      if (!rows.includes(row) || !columns.includes(column))
        throw new EngineError('unknown-row', { table: table.id, key });
      const cells: Record<string, string | number> = { ...(prev?.cells ?? {}) };
      if (value === null) delete cells[key];
      else {
        const parsed = parseCellInput(table, String(value));
        if (!parsed.ok) throw new EngineError('bad-action', { field: 'cell' }, `${String(value)}: ${parsed.reason}`);
        cells[key] = parsed.value;
      }
      return { cells };
    });
  }

  /** Saves the rows and columns a player defined for a table whose shape the text does not give. */
  async setChartAxes(game: string, table: TableData, axes: { rows: readonly string[]; columns: readonly string[] }) {
    await this.saveChart(game, table, (prev, { axesOf, checkAxisKey }) => {
      if (!table.playerDefinesAxes)
        throw new EngineError('bad-action', { field: 'axes' }, 'This table has fixed rows and columns');
      for (const axis of ['rows', 'columns'] as const)
        for (const key of axes[axis]) {
          const p = checkAxisKey(table, axis, key);
          if (p) throw new EngineError('chart', { table: table.id, key: p.key, ...p.params });
        }
      // Cells of a row or column taken out go with it.
      const { rows, columns } = axesOf(table, axes);
      const cells = Object.fromEntries(
        Object.entries(prev?.cells ?? {}).filter(([k]) => {
          const [r = '', c = ''] = k.split('|');
          return rows.includes(r) && columns.includes(c);
        }),
      );
      return { rows: [...axes.rows], columns: [...axes.columns], cells };
    });
  }

  /** Saves the labels, dice and ends a player defined (only for tables whose shape the text does not give). */
  async setChartSetup(game: string, table: TableData, setup: Pick<ChartSetup, 'labels' | 'dice' | 'below' | 'above'>) {
    await this.saveChart(game, table, () => {
      if (!table.playerDefinesAxes)
        throw new EngineError('bad-action', { field: 'setup' }, 'This table has fixed rows and columns');
      return setup;
    });
  }

  private async saveChart(
    game: string,
    table: TableData,
    change: (prev: StoredChart | undefined, E: Engine) => Partial<Omit<StoredChart, 'game' | 'table' | 'updatedAt'>>,
  ) {
    await this.attempt(async () => {
      const prev = this.state.charts[game]?.[table.id];
      const chart: StoredChart = {
        game,
        table: table.id,
        cells: {},
        ...prev,
        ...change(prev, engine),
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
    const { setupOf } = engine;
    const setups = Object.fromEntries(Object.entries(byTable).map(([k, c]) => [k, setupOf(c)]));
    this.set({
      charts,
      ...(cur && cur.session.game === game
        ? { current: { ...cur, ctx: { ...cur.ctx, entered, charts: setups } } }
        : {}),
    });
  }

  async exportCharts(game: string): Promise<string> {
    const { setupOf, makeChartPack } = engine;
    const charts = Object.values(this.state.charts[game] ?? {}).map((c) => ({
      table: c.table,
      cells: c.cells,
      ...setupOf(c),
    }));
    return JSON.stringify(makeChartPack(game, charts), null, 1);
  }

  /** Imports a chart pack: validated whole first; a bad file changes nothing. */
  async importCharts(game: string, text: string): Promise<boolean> {
    const ok = await this.attempt(async () => {
      const { readChartPack, setupOf } = engine;
      const bundle = await (await catalog()).loadGame(game);
      const r = readChartPack(text, game, new Map(bundle.tables.map((t) => [t.id, t])));
      if (!r.ok) {
        this.set({ problem: { key: 'import.invalid', detail: formatIssues(r.issues), issues: r.issues } });
        return false;
      }
      const byTable = { ...(this.state.charts[game] ?? {}) };
      const now = this.env.now();
      const charts: StoredChart[] = r.pack.charts.map((c) => ({
        game,
        table: c.table,
        cells: { ...(byTable[c.table]?.cells ?? {}), ...c.cells },
        updatedAt: now,
        ...setupOf(c),
      }));
      await this.env.repo.putCharts(charts);
      for (const c of charts) byTable[c.table] = c;
      this.setCharts(game, byTable);
      return true;
    });
    return ok ?? false;
  }

  /** The writer reached over the link, when the open game is the one it writes. */
  private remoteFor(): Remote | undefined {
    return this.core.remote() && this.state.current?.session.id === this.core.remote()!.session
      ? this.core.remote()
      : undefined;
  }

  /** A request sent to the writer: a problem it answers with is shown here, like one of this device's own. */
  private async forward<T>(send: () => Promise<T>): Promise<T | undefined> {
    // The problem shown when the request was made: its success answers that one, not a problem
    // another device reported meanwhile (a hidden chit refused while this step was being stored).
    const shown = this.state.problem;
    try {
      const r = await send();
      // (Only when there is one: each change of the state renders again.)
      if (r !== undefined && shown && this.state.problem === shown) this.set({ problem: undefined });
      return r;
    } catch (e) {
      this.set({ problem: problemOf(e) });
      return undefined;
    }
  }

  /**
   * Steps received from the writer (already checked against the chain of hashes by src/link), stored
   * here and shown. Each is replayed from the state before it and must give the same dice, draws and
   * results, or it is refused (nothing is stored): a step is never taken on trust, nor merged. A game
   * new on this device is stored whole after a replay from its seed. Returns false when refused.
   */
  /**
   * Joint randomness by default (issue #33): the open game, with no step yet, takes the public seed
   * (engine publicSeedOf) in place of the one this device made, so that no linked device holds a
   * seed that predicts a roll; its rolls are then all joint. A ceremony's seed goes with it (no
   * roll is made from a seed any more). False: the game has a step, or is not written here.
   */
  async takePublicSeed(id: string): Promise<boolean> {
    const done = await this.attempt(async () => {
      const cur = await this.complete();
      if (cur.session.id !== id || cur.readOnly || cur.session.log.length) return false;
      if (engine.jointOnly(cur.session)) return true;
      const { ceremony: _c, log: _l, ...header } = cur.session;
      await this.env.repo.putSession({ ...header, seed: engine.publicSeedOf(id), log: [] }, this.env.now());
      this.set({ sessions: await this.env.repo.listSessions() });
      return true;
    });
    return !!done && (await this.openSession(id, { reload: true }));
  }

  async receive(
    game: Omit<Session, 'log'>,
    entries: readonly LogEntry[],
    undone: readonly number[],
    checked?: (state: SessionState) => void,
  ): Promise<boolean> {
    let reseeded = false;
    // The game open here, with the writer's seed, is stored here (it was read from this device's
    // IndexedDB when it opened, and no other tab deletes a game open here): the steps are checked in
    // memory at once, with no IndexedDB read before them (issue #33: a hidden draw waits for this).
    const held = this.state.current;
    const open = held?.session.id === game.id && held.session.seed === game.seed;
    const stored = open
      ? true
      : await this.attempt(async () => {
          const meta = await this.env.repo.getMeta(game.id);
          // The writer gave its game, still with no step, the public seed (joint randomness, issue #33):
          // the copy here with the seed it had before is replaced by it (that seed is kept nowhere here).
          reseeded = !!meta && meta.entryCount === 0 && meta.seed !== game.seed && engine.jointOnly(game);
          if (meta && !reseeded) return true;
          const bundle = await (await catalog()).loadGame(game.game);
          const ctx = await this.context(bundle, game.scenario);
          const session: Session = { ...game, log: entries.map((e) => ({ ...e, undone: undone.includes(e.seq) })) };
          const { state } = this.replay(session, ctx, session.log.length);
          await this.env.repo.putSession(session, this.env.now(), state);
          this.set({ sessions: await this.env.repo.listSessions() });
          return false;
        });
    if (stored === undefined) return false;
    if (reseeded && this.state.current?.session.id === game.id && !(await this.openSession(game.id, { reload: true })))
      return false;
    if (this.state.current?.session.id !== game.id && !(await this.openSession(game.id))) return false;
    if (!stored) return true;
    const ok = await this.attempt(async () => {
      const { apply, deriveState } = engine;
      let cur = await this.complete();
      const id = cur.session.id;
      // The writer's settings (errata, readings) decide how its steps replay: they are followed here.
      const settings = JSON.stringify(sorted(game.settings)) !== JSON.stringify(sorted(cur.session.settings));
      if (settings) cur = { ...cur, session: { ...cur.session, settings: game.settings } };
      // Every step is replayed in memory first, then all are stored: a step that does not replay
      // stores nothing (not even the steps before it in the batch).
      const writes: { entry: LogEntry; state: SessionState; meta: Omit<Session, 'log'> }[] = [];
      for (const e of entries) {
        if (e.seq <= cur.session.log.length) continue;
        const r = apply(cur.session, cur.state, e.action, cur.ctx, {
          ...(e.at ? { at: e.at } : {}),
          ...(e.context ? { context: e.context } : {}),
          ...(e.joint ? { joint: e.joint } : {}),
        });
        if (
          r.entry.seq !== e.seq ||
          JSON.stringify(sorted(r.entry)) !== JSON.stringify(sorted({ ...e, undone: false }))
        )
          throw new StoredDamage(`step ${e.seq} received from the writer does not replay from the seed`);
        const { log: _log, ...meta } = cur.session;
        writes.push({ entry: r.entry, state: r.state, meta });
        cur = { ...cur, session: r.session, state: r.state };
      }
      const marks = undone.filter((seq) => cur.session.log[seq - 1] && !cur.session.log[seq - 1]!.undone);
      if (marks.length) {
        const session = {
          ...cur.session,
          log: cur.session.log.map((e) => (marks.includes(e.seq) ? { ...e, undone: true } : e)),
        };
        cur = { ...cur, session, state: deriveState(session, cur.ctx) };
      }
      // The steps are checked (each replayed from this device's verified state to the same entry):
      // what waits only for that goes now, before the writes (a hidden draw's partial, issue #33).
      if (writes.length || marks.length) checked?.(cur.state);
      if (settings) await this.env.repo.updateMeta(id, { settings: game.settings }, this.env.now());
      for (const w of writes)
        if (w.entry.action.type === 'undo')
          await this.env.repo.markUndone(id, w.entry.action.steps, this.env.now(), w.state, undefined, w.entry);
        else await this.env.repo.appendEntry(id, w.entry, this.env.now(), w.state, w.meta);
      if (marks.length) await this.env.repo.markUndone(id, marks, this.env.now(), cur.state);
      this.publish(id, { session: cur.session, state: cur.state });
      return true;
    });
    return ok ?? false;
  }
}

/** A value with its object keys in order (two copies of one step compare equal as text). */
function sorted(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(sorted);
  const o = v as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => [k, sorted(o[k])]),
  );
}

/** A game file read: its hidden cup steps checked too (issue #33; the curve loads only for a log that has them). */
async function withHiddenChecked<R extends { ok: true; session: Session } | { ok: false; issues: Issue[] }>(
  r: R,
): Promise<R | { ok: false; issues: Issue[] }> {
  if (!r.ok) return r;
  const { hiddenIssues } = await import('../link/hidden-cup/verify');
  const issues = await hiddenIssues(r.session.log);
  return issues.length ? { ok: false, issues } : r;
}
