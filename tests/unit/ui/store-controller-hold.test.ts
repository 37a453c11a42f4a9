// Issue #33, the hidden draw's milliseconds on the table: while the store holds the screen
// (Store.holdScreen: a phone's hidden draw, until the card's layers are in), a component watching the
// store renders once the hold ends, with the state as it is then; without a hold it renders at once.
import { describe, expect, it } from 'vitest';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { AppState, PanelHost } from '../../../src/app/store-types';
import { StoreController } from '../../../src/ui/store-controller';

/** A store as a component sees it: its state, its listeners and (optionally) a hold of the screen. */
function fakeStore(held?: () => Promise<void> | undefined) {
  let state = { lang: 'en', busy: false } as unknown as AppState;
  const listeners = new Set<(s: AppState) => void>();
  const store = {
    getState: () => state,
    subscribe: (l: (s: AppState) => void) => (listeners.add(l), () => listeners.delete(l)),
    ...(held ? { screenHeld: held } : {}),
  } as unknown as PanelHost;
  const publish = (patch: Partial<AppState>) => {
    state = { ...state, ...patch };
    for (const l of listeners) l(state);
  };
  return { store, publish };
}

/** A component's host: counts the renders asked for. */
function host(store: PanelHost) {
  const h = {
    updates: 0,
    controllers: [] as ReactiveController[],
    addController(c: ReactiveController) {
      h.controllers.push(c);
    },
    removeController() {},
    // A render, at once: the controller reads what it shows.
    requestUpdate() {
      h.updates++;
      for (const c of h.controllers) c.hostUpdate?.();
    },
    updateComplete: Promise.resolve(true),
  };
  const ctl = new StoreController(
    h as unknown as ReactiveControllerHost,
    () => store,
    (s) => [s.busy],
  );
  ctl.hostConnected();
  ctl.hostUpdate();
  return h;
}

describe('StoreController while the store holds the screen (issue #33)', () => {
  it('renders at once with no hold', () => {
    const { store, publish } = fakeStore(() => undefined);
    const h = host(store);
    publish({ busy: true });
    expect(h.updates).toBe(1);
  });

  it('renders once the hold ends, once for every publish made meanwhile', async () => {
    let release!: () => void;
    let hold: Promise<void> | undefined = new Promise<void>((r) => (release = r));
    const { store, publish } = fakeStore(() => hold);
    const h = host(store);
    publish({ busy: true });
    publish({ busy: false });
    publish({ busy: true });
    await Promise.resolve();
    expect(h.updates).toBe(0);
    release();
    hold = undefined;
    await new Promise((r) => setTimeout(r, 0));
    expect(h.updates).toBe(1);
    // The hold over: the next publish renders at once.
    publish({ busy: false });
    expect(h.updates).toBe(2);
  });
});
