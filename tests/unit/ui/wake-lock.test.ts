// @vitest-environment happy-dom
// The wake lock of a game in progress (src/ui/wake-lock.ts), driven through a fake host: the lock is
// held while the setting wants it, let go when it does not or when the page is left, and asked for
// again when the page is visible once more (issue #29: the controller split out of the session page).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { WakeLockController } from '../../../src/ui/wake-lock';

class FakeHost implements ReactiveControllerHost {
  readonly controllers: ReactiveController[] = [];
  addController(controller: ReactiveController) {
    this.controllers.push(controller);
  }
  removeController() {}
  requestUpdate() {}
  readonly updateComplete = Promise.resolve(true);
  connect() {
    for (const controller of this.controllers) controller.hostConnected?.();
  }
  disconnect() {
    for (const controller of this.controllers) controller.hostDisconnected?.();
  }
}

/** A browser's screen wake lock: counts what is asked for and let go. */
function fakeWakeLock() {
  const held: { released: boolean; release(): Promise<void> }[] = [];
  const api = {
    request: async () => {
      const lock = {
        released: false,
        onRelease: undefined as (() => void) | undefined,
        release: async () => {
          lock.released = true;
          lock.onRelease?.();
        },
        addEventListener: (_type: string, listener: () => void) => {
          lock.onRelease = listener;
        },
      };
      held.push(lock);
      return lock;
    },
  };
  Object.defineProperty(navigator, 'wakeLock', { value: api, configurable: true });
  return held;
}

describe('WakeLockController', () => {
  let wanted = true;
  let host: FakeHost;
  let controller: WakeLockController;
  beforeEach(() => {
    wanted = true;
    host = new FakeHost();
    controller = new WakeLockController(host, () => wanted);
    host.connect();
  });
  afterEach(() => {
    host.disconnect();
    delete (navigator as { wakeLock?: unknown }).wakeLock;
  });

  it('holds one lock while the setting wants it (asking twice asks the browser once)', async () => {
    const held = fakeWakeLock();
    await controller.sync();
    await controller.sync();
    expect(held).toHaveLength(1);
    expect(held[0]!.released).toBe(false);
  });

  it('lets the lock go when the setting is turned off, and when the page is left', async () => {
    const held = fakeWakeLock();
    await controller.sync();
    wanted = false;
    await controller.sync();
    expect(held[0]!.released).toBe(true);
    wanted = true;
    await controller.sync();
    host.disconnect();
    expect(held[1]!.released).toBe(true);
  });

  it('asks again once the browser let it go and the page is visible again', async () => {
    const held = fakeWakeLock();
    await controller.sync();
    await held[0]!.release(); // the page was hidden: the browser lets the lock go
    document.dispatchEvent(new Event('visibilitychange'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(held).toHaveLength(2);
  });

  it('where the browser has no wake lock, nothing is asked and nothing fails', async () => {
    await expect(controller.sync()).resolves.toBeUndefined();
  });
});
