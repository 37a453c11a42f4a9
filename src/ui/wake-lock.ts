/**
 * The Screen Wake Lock while a game is open (a setting; silently unavailable where unsupported): a Lit
 * reactive controller. Its host calls `sync()` once the game is open and when the setting changes; the
 * lock is asked for again when the page becomes visible (the browser lets it go when the page is
 * hidden) and let go when the host leaves the page.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

interface ScreenWakeLock {
  release(): Promise<void>;
  addEventListener(type: string, listener: () => void): void;
}
type WakeLockNavigator = Navigator & { wakeLock?: { request(type: 'screen'): Promise<ScreenWakeLock> } };

export class WakeLockController implements ReactiveController {
  private lock?: { release(): Promise<void> };
  private readonly onVisible = () => {
    if (document.visibilityState === 'visible') void this.sync();
  };

  /** `wanted` reads the players' setting at the moment the lock is asked for. */
  constructor(
    host: ReactiveControllerHost,
    private readonly wanted: () => boolean,
  ) {
    host.addController(this);
  }

  hostConnected() {
    document.addEventListener('visibilitychange', this.onVisible);
  }

  hostDisconnected() {
    document.removeEventListener('visibilitychange', this.onVisible);
    void this.lock?.release().catch(() => undefined);
    this.lock = undefined;
  }

  /** Holds the lock if the setting wants it, lets it go if not. */
  async sync(): Promise<void> {
    if (!this.wanted()) {
      await this.lock?.release().catch(() => undefined);
      this.lock = undefined;
      return;
    }
    if (this.lock) return;
    try {
      const lock = await (navigator as WakeLockNavigator).wakeLock?.request('screen');
      if (lock) {
        this.lock = lock;
        lock.addEventListener('release', () => {
          this.lock = undefined;
        });
      }
    } catch {
      /* not allowed now (e.g. page hidden): tried again when visible */
    }
  }
}
