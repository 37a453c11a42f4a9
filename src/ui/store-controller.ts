/**
 * Re-renders its host when the store publishes a state that changes what the host shows. The store
 * is read through a getter, so the controller follows the host's `store` property even when it is
 * set after connection.
 *
 * `select` names the parts of the state the host reads (compared by identity, one by one): a
 * publish that changes none of them causes no render (issue #14). Without it, every publish renders.
 * While the store holds the screen (Store.holdScreen), the render waits for the hold to end.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { AppState, PanelHost } from '../app/store-types';

export type Select = (s: AppState) => readonly unknown[];

/**
 * Everything but the open game and the list of saved games: for the tools of a game in progress,
 * which are handed the open game as a property by the page that shows them. Not a player's phone's
 * hidden chits (issue #33): a tool that shows them watches them too (SessionTool.watchesHiddenChits).
 */
export const allButGame: Select = (s) => [
  s.ready,
  s.lang,
  s.theme,
  s.busy,
  s.prefs,
  s.side,
  s.charts,
  s.errata,
  s.problem,
  s.link,
];

export class StoreController implements ReactiveController {
  private unsubscribe?: () => void;
  private subscribed?: PanelHost;
  private connected = false;
  /** What the host's last render read (select's values at the time). */
  private shown?: readonly unknown[];
  /** A render asked for while the store holds the screen: made once the hold ends. */
  private waiting = false;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly getStore: () => PanelHost | undefined,
    private readonly select?: Select,
  ) {
    host.addController(this);
  }

  private readonly onState = (s: AppState) => {
    const shown = this.shown;
    if (this.select && shown) {
      const now = this.select(s);
      if (now.length === shown.length && now.every((v, k) => v === shown[k])) return;
    }
    const held = this.subscribed?.screenHeld?.();
    if (!held) return this.host.requestUpdate();
    if (this.waiting) return;
    this.waiting = true;
    void held.then(() => {
      this.waiting = false;
      this.host.requestUpdate();
    });
  };

  private sync() {
    const store = this.connected ? this.getStore() : undefined;
    if (store === this.subscribed) return;
    this.unsubscribe?.();
    this.unsubscribe = store?.subscribe(this.onState);
    this.subscribed = store;
    this.shown = undefined;
  }
  hostConnected() {
    this.connected = true;
    this.sync();
  }
  hostUpdate() {
    this.sync();
    const store = this.subscribed;
    this.shown = store && this.select ? this.select(store.getState()) : undefined;
  }
  hostDisconnected() {
    this.connected = false;
    this.sync();
  }
}
