/**
 * The session repository: every write is one transaction, awaited before the caller shows a
 * result. Failed writes (storage full, a blocked database) surface as StorageError with a code the
 * UI turns into a clear message; nothing half-written remains, because a transaction that fails is
 * rolled back whole by IndexedDB.
 */
import type { LogEntry, Session, SessionState } from '../engine';
import type { DB, SessionMeta, StoredChart } from './db';

export class StorageError extends Error {
  constructor(
    readonly code: 'quota' | 'failed' | 'not-found',
    message: string,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}

async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof StorageError) throw e;
    const name = (e as { name?: string })?.name;
    if (name === 'QuotaExceededError') throw new StorageError('quota', 'The device storage is full');
    throw new StorageError('failed', (e as Error)?.message ?? String(e));
  }
}

const metaOf = (s: Session, updatedAt: string, state?: SessionState): SessionMeta => {
  const { log, ...meta } = s;
  return { ...meta, updatedAt, entryCount: log.length, ...(state ? { state } : {}) };
};

export class SessionRepo {
  constructor(private readonly db: DB) {}

  listSessions(): Promise<SessionMeta[]> {
    return guard(async () => (await this.db.getAll('sessions')).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)));
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
      await tx.objectStore('sessions').put(metaOf(s, now, state));
      for (const e of s.log) await tx.objectStore('entries').put({ ...e, session: s.id });
      await tx.done;
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
  ): Promise<void> {
    return guard(async () => {
      const tx = this.db.transaction(['sessions', 'entries'], 'readwrite');
      const meta = game ?? (await tx.objectStore('sessions').get(sessionId));
      if (!meta) throw new StorageError('not-found', `No session ${sessionId}`);
      const { updatedAt: _u, entryCount: _c, state: _s, ...base } = meta as SessionMeta;
      try {
        await Promise.all([
          tx.objectStore('entries').add({ ...entry, session: sessionId }),
          tx
            .objectStore('sessions')
            .put({ ...base, updatedAt: now, entryCount: entry.seq, ...(state ? { state } : {}) }),
          tx.done,
        ]);
      } catch (e) {
        if ((e as { name?: string })?.name === 'ConstraintError')
          throw new StorageError('failed', `Step ${entry.seq} is already stored (is the game open in another tab?)`);
        throw e;
      }
    });
  }

  /** Marks steps undone (they stay in the log). */
  markUndone(sessionId: string, seqs: readonly number[], now: string, state?: SessionState): Promise<void> {
    return guard(async () => {
      const tx = this.db.transaction(['sessions', 'entries'], 'readwrite');
      const store = tx.objectStore('entries');
      for (const seq of seqs) {
        const e = await store.get([sessionId, seq]);
        if (e) await store.put({ ...e, undone: true });
      }
      const meta = await tx.objectStore('sessions').get(sessionId);
      if (meta) await tx.objectStore('sessions').put({ ...meta, updatedAt: now, ...(state ? { state } : {}) });
      await tx.done;
    });
  }

  updateMeta(sessionId: string, patch: Partial<Pick<SessionMeta, 'name' | 'settings'>>, now: string): Promise<void> {
    return guard(async () => {
      const tx = this.db.transaction('sessions', 'readwrite');
      const meta = await tx.store.get(sessionId);
      if (!meta) throw new StorageError('not-found', `No session ${sessionId}`);
      await tx.store.put({ ...meta, ...patch, updatedAt: now });
      await tx.done;
    });
  }

  deleteSession(id: string): Promise<void> {
    return guard(async () => {
      const tx = this.db.transaction(['sessions', 'entries'], 'readwrite');
      await tx.objectStore('sessions').delete(id);
      await tx.objectStore('entries').delete(IDBKeyRange.bound([id, 0], [id, Infinity]));
      await tx.done;
    });
  }

  getCharts(game: string): Promise<StoredChart[]> {
    return guard(() => this.db.getAllFromIndex('charts', 'byGame', game));
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
      for (const c of charts) await tx.store.put(c);
      await tx.done;
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
