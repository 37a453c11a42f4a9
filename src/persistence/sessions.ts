/**
 * The session repository: every write is one transaction, awaited before the caller shows a
 * result. Failed writes (storage full, a blocked database) surface as StorageError with a code the
 * UI turns into a clear message; nothing half-written remains, because a transaction that fails is
 * rolled back whole by IndexedDB.
 */
import type { LogEntry, Session, SessionState } from '../engine';
import type { IDBPTransaction } from 'idb';
import type { CompanionDB, DB, SessionMeta, StoredChart } from './db';
import type { ListedSession } from './records';

/**
 * The checks of stored records, with the schemas they use: loaded when there is a record to check,
 * so the home screen of a device with no saved game does not download them (issue #29).
 */
const records = () => import('./records');

/** A transaction that writes a game: its record, its steps and the writer's claim. */
type WriteTx = IDBPTransaction<CompanionDB, ['sessions', 'entries', 'settings'], 'readwrite'>;

export class StorageError extends Error {
  constructor(
    readonly code: 'quota' | 'failed' | 'not-found' | 'not-writer',
    message: string,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}

/** Runs a storage operation, turning what IndexedDB throws into a `StorageError` (a full device named as such). */
export async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof StorageError) throw e;
    const name = (e as { name?: string })?.name;
    if (name === 'QuotaExceededError') throw new StorageError('quota', 'The device storage is full');
    throw new StorageError('failed', (e as Error)?.message ?? String(e));
  }
}

/**
 * Runs the writes of one transaction; if any of them throws (even synchronously, as a value that
 * cannot be stored does), the transaction is aborted, so none of its writes is committed.
 */
async function atomically<T>(tx: { abort(): void; done: Promise<void> }, work: () => Promise<T>): Promise<T> {
  let r: T;
  try {
    r = await work();
  } catch (e) {
    try {
      tx.abort();
    } catch {
      /* already finished or aborted */
    }
    tx.done.catch(() => undefined);
    throw e;
  }
  await tx.done;
  return r;
}

/** The settings record naming the tab that may write a game (see claimWriter). */
export const writerKey = (sessionId: string) => `writer.${sessionId}`;

const metaOf = (s: Session, updatedAt: string, state?: SessionState): SessionMeta => {
  const { log, ...meta } = s;
  return { ...meta, updatedAt, entryCount: log.length, ...(state ? { state } : {}) };
};

export class SessionRepo {
  constructor(private readonly db: DB) {}

  /** Every stored game, newest first; a damaged record is listed as damaged and never hides the others. */
  listSessions(): Promise<ListedSession[]> {
    return guard(async () => {
      const all = await this.db.getAll('sessions');
      if (!all.length) return [];
      const { listed } = await records();
      return all
        .map((raw) => listed(raw))
        .filter((s): s is ListedSession => s !== undefined)
        .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
    });
  }

  getSession(id: string): Promise<Session | undefined> {
    return guard(async () => {
      const tx = this.db.transaction(['sessions', 'entries']);
      const meta = await tx.objectStore('sessions').get(id);
      if (!meta) return undefined;
      const entries = await tx.objectStore('entries').getAll(IDBKeyRange.bound([id, 0], [id, Infinity]));
      const { updatedAt: _u, entryCount: _c, state: _st, ...rest } = meta;
      return { ...rest, log: entries.map(({ session: _s, ...e }) => e as LogEntry) };
    });
  }

  /** A session without its log (quick: one record). */
  getMeta(id: string): Promise<SessionMeta | undefined> {
    return guard(() => this.db.get('sessions', id));
  }

  /** The last n steps of a session's log, in order (read backwards from the newest). */
  getRecentEntries(id: string, n: number): Promise<LogEntry[]> {
    return guard(async () => {
      const out: LogEntry[] = [];
      let cursor = await this.db
        .transaction('entries')
        .store.openCursor(IDBKeyRange.bound([id, 0], [id, Infinity]), 'prev');
      while (cursor && out.length < n) {
        const { session: _s, ...e } = cursor.value;
        out.push(e as LogEntry);
        cursor = await cursor.continue();
      }
      return out.reverse();
    });
  }

  /** A session's log, in order. */
  getEntries(id: string): Promise<LogEntry[]> {
    return guard(async () =>
      (await this.db.getAll('entries', IDBKeyRange.bound([id, 0], [id, Infinity]))).map(
        ({ session: _s, ...e }) => e as LogEntry,
      ),
    );
  }

  /** Stores a whole session (new, or imported): meta and entries in one transaction. */
  putSession(s: Session, now: string, state?: SessionState): Promise<void> {
    return guard(async () => {
      const tx = this.db.transaction(['sessions', 'entries'], 'readwrite');
      await atomically(tx, async () => {
        await tx.objectStore('sessions').put(metaOf(s, now, state));
        for (const e of s.log) await tx.objectStore('entries').put({ ...e, session: s.id });
      });
    });
  }

  /**
   * Makes `writer` (a tab's token) the one writer of a game: from this transaction on, a step,
   * undo or settings change carrying another token is refused when it commits.
   */
  claimWriter(sessionId: string, writer: string): Promise<void> {
    return guard(async () => {
      await this.db.put('settings', { key: writerKey(sessionId), value: writer });
    });
  }

  /** Inside a write transaction: refuses it unless `writer` is the game's claimed writer. */
  private async checkWriter(
    tx: { objectStore(name: 'settings'): { get(key: string): Promise<{ value: unknown } | undefined> } },
    sessionId: string,
    writer: string | undefined,
  ): Promise<void> {
    if (writer === undefined) return;
    const claim = (await tx.objectStore('settings').get(writerKey(sessionId)))?.value;
    if (claim !== undefined && claim !== writer)
      throw new StorageError('not-writer', `Another tab is now the writer of ${sessionId}`);
  }

  /**
   * One write to a game, all of it or none: in one transaction, refused unless `writer` is the
   * game's claimed writer, with the game's stored record (`meta`) read first unless `game` is given.
   */
  private writeGame(
    sessionId: string,
    writer: string | undefined,
    work: (tx: WriteTx, meta: SessionMeta) => Promise<void>,
    game?: Omit<Session, 'log'>,
  ): Promise<void> {
    return guard(async () => {
      const tx = this.db.transaction(['sessions', 'entries', 'settings'], 'readwrite');
      await atomically(tx, async () => {
        const claim = this.checkWriter(tx, sessionId, writer);
        if (game) {
          // The game's record at hand: the writes go with the read of the claim (one round trip,
          // issue #33); the claim is answered first, and another tab's aborts them all.
          const writes = work(tx, game as SessionMeta);
          writes.catch(() => undefined);
          await claim;
          return writes;
        }
        await claim;
        const meta = await tx.objectStore('sessions').get(sessionId);
        if (!meta) throw new StorageError('not-found', `No session ${sessionId}`);
        await work(tx, meta as SessionMeta);
      });
    });
  }

  /**
   * Appends one step (and the state after it); resolves only once it is committed. With the game's
   * record at hand (`game`), it is two writes and no reads; IndexedDB's add() refuses a step number
   * already stored (another tab), and the whole transaction is then rolled back.
   */
  appendEntry(
    sessionId: string,
    entry: LogEntry,
    now: string,
    state?: SessionState,
    game?: Omit<Session, 'log'>,
    writer?: string,
  ): Promise<void> {
    return this.writeGame(
      sessionId,
      writer,
      async (tx, meta) => {
        const { updatedAt: _u, entryCount: _c, state: _s, ...base } = meta;
        try {
          await Promise.all([
            tx.objectStore('entries').add({ ...entry, session: sessionId }),
            tx
              .objectStore('sessions')
              .put({ ...base, updatedAt: now, entryCount: entry.seq, ...(state ? { state } : {}) }),
          ]);
        } catch (e) {
          if ((e as { name?: string })?.name === 'ConstraintError')
            throw new StorageError('failed', `Step ${entry.seq} is already stored (is the game open in another tab?)`);
          throw e;
        }
      },
      game,
    );
  }

  /**
   * Marks steps undone (they stay in the log) and appends the undo step that names them (issue #30),
   * in one transaction: the marks and their step are stored together or not at all.
   */
  markUndone(
    sessionId: string,
    seqs: readonly number[],
    now: string,
    state?: SessionState,
    writer?: string,
    entry?: LogEntry,
  ): Promise<void> {
    return this.writeGame(sessionId, writer, async (tx, meta) => {
      const store = tx.objectStore('entries');
      for (const seq of seqs) {
        const e = await store.get([sessionId, seq]);
        if (!e) throw new StorageError('failed', `Step ${seq} is not stored`);
        await store.put({ ...e, undone: true });
      }
      if (entry)
        try {
          await store.add({ ...entry, session: sessionId });
        } catch (e) {
          if ((e as { name?: string })?.name === 'ConstraintError')
            throw new StorageError('failed', `Step ${entry.seq} is already stored (is the game open in another tab?)`);
          throw e;
        }
      await tx
        .objectStore('sessions')
        .put({ ...meta, updatedAt: now, ...(entry ? { entryCount: entry.seq } : {}), ...(state ? { state } : {}) });
    });
  }

  updateMeta(
    sessionId: string,
    patch: Partial<Pick<SessionMeta, 'name' | 'settings'>>,
    now: string,
    writer?: string,
  ): Promise<void> {
    return this.writeGame(sessionId, writer, async (tx, meta) => {
      await tx.objectStore('sessions').put({ ...meta, ...patch, updatedAt: now });
    });
  }

  deleteSession(id: string): Promise<void> {
    return guard(async () => {
      const tx = this.db.transaction(['sessions', 'entries', 'settings'], 'readwrite');
      await atomically(tx, async () => {
        await tx.objectStore('sessions').delete(id);
        await tx.objectStore('entries').delete(IDBKeyRange.bound([id, 0], [id, Infinity]));
        await tx.objectStore('settings').delete(writerKey(id));
      });
    });
  }

  /** The charts typed in for a game; records that cannot be used are left out (and counted in `damaged`). */
  getCharts(game: string): Promise<StoredChart[] & { damaged?: number }> {
    return guard(async () => {
      const all = await this.db.getAllFromIndex('charts', 'byGame', game);
      if (!all.length) return [];
      const { chartOk } = await records();
      const ok: StoredChart[] & { damaged?: number } = all.filter(chartOk);
      if (ok.length < all.length) ok.damaged = all.length - ok.length;
      return ok;
    });
  }

  putChart(chart: StoredChart): Promise<void> {
    return guard(async () => {
      await this.db.put('charts', chart);
    });
  }

  /** Several charts in one transaction: all are stored, or none. */
  putCharts(charts: readonly StoredChart[]): Promise<void> {
    return guard(async () => {
      const tx = this.db.transaction('charts', 'readwrite');
      await atomically(tx, async () => {
        for (const c of charts) await tx.store.put(c);
      });
    });
  }

  deleteChart(game: string, table: string): Promise<void> {
    return guard(() => this.db.delete('charts', [game, table]));
  }

  async getSetting<T>(key: string): Promise<T | undefined> {
    return guard(async () => (await this.db.get('settings', key))?.value as T | undefined);
  }

  setSetting(key: string, value: unknown): Promise<void> {
    return guard(async () => {
      await this.db.put('settings', { key, value });
    });
  }
}
