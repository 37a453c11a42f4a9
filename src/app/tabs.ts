/**
 * One writer per game across tabs. The tab that opens a game first holds a Web Lock on it; a
 * second tab opens it read-only and follows it (BroadcastChannel tells it when a step was saved),
 * or takes over, which turns the first tab read-only. IndexedDB also refuses a step number that is
 * already stored, so even without these APIs no entry is lost or duplicated.
 */
import { inBackground } from './background';

export interface TabCoordinator {
  /** Tries to become the writer of a game (or takes it over); false if another tab is. */
  acquire(sessionId: string, takeOver?: boolean): Promise<boolean>;
  release(): void;
  /** Whether another tab has this game open (as its writer). */
  openElsewhere(sessionId: string): Promise<boolean>;
  /** Tells the other tabs that a game changed. */
  announce(sessionId: string): void;
  /** Called when another tab changed a game, or took this tab's game over. */
  listen(handlers: { changed: (sessionId: string) => void; lost: (sessionId: string) => void }): void;
}

type Msg = { type: 'changed'; id: string };

/** How long a tab waits for another to let go of a game before opening it read-only. */
const WAIT_MS = 800;

export class BrowserTabs implements TabCoordinator {
  private releaseHeld?: () => void;
  private held?: string;
  private readonly channel =
    typeof BroadcastChannel === 'function' ? new BroadcastChannel('wargame-companion') : undefined;
  private handlers?: { changed: (id: string) => void; lost: (id: string) => void };

  constructor() {
    this.channel?.addEventListener('message', (e: MessageEvent<Msg>) => {
      if (e.data?.type === 'changed') this.handlers?.changed(e.data.id);
    });
  }

  acquire(sessionId: string, takeOver = false): Promise<boolean> {
    if (this.held === sessionId && !takeOver) return Promise.resolve(true);
    this.release();
    const locks = navigator.locks;
    if (!locks) return Promise.resolve(true);
    // Wait a moment for the lock rather than taking it only if free: a page that was just reloaded
    // may still find its previous self holding it for a few milliseconds.
    const wait =
      typeof AbortSignal.timeout === 'function' ? { signal: AbortSignal.timeout(WAIT_MS) } : { ifAvailable: true };
    return new Promise<boolean>((resolve) => {
      let granted = false;
      locks
        .request(`wc-session:${sessionId}`, takeOver ? { steal: true } : wait, (lock) => {
          if (!lock) {
            resolve(false);
            return undefined;
          }
          granted = true;
          this.held = sessionId;
          resolve(true);
          return new Promise<void>((done) => {
            this.releaseHeld = done;
          });
        })
        .catch(() => {
          // Not granted in time: another tab is the writer. Granted, then rejected: another tab took over.
          if (!granted) {
            resolve(false);
            return;
          }
          if (this.held === sessionId) {
            this.held = undefined;
            this.releaseHeld = undefined;
            this.handlers?.lost(sessionId);
          }
        });
    });
  }

  release(): void {
    this.releaseHeld?.();
    this.releaseHeld = undefined;
    this.held = undefined;
  }

  async openElsewhere(sessionId: string): Promise<boolean> {
    if (this.held === sessionId || !navigator.locks) return false;
    const { held } = await navigator.locks.query();
    return (held ?? []).some((l) => l.name === `wc-session:${sessionId}`);
  }

  /** Tells the game's other tabs it changed: in a later task, not before this tab shows the step. */
  announce(sessionId: string): void {
    inBackground(() => this.channel?.postMessage({ type: 'changed', id: sessionId } satisfies Msg));
  }

  listen(handlers: { changed: (id: string) => void; lost: (id: string) => void }): void {
    this.handlers = handlers;
  }
}
