/**
 * Re-renders its host whenever the store publishes a new state. The store is read through a
 * getter, so the controller follows the host's `store` property even when it is set after connection.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Store } from '../app/store';

export class StoreController implements ReactiveController {
  private unsubscribe?: () => void;
  private subscribed?: Store;
  private connected = false;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly getStore: () => Store | undefined,
  ) {
    host.addController(this);
  }

  private sync() {
    const store = this.connected ? this.getStore() : undefined;
    if (store === this.subscribed) return;
    this.unsubscribe?.();
    this.unsubscribe = store?.subscribe(() => this.host.requestUpdate());
    this.subscribed = store;
  }
  hostConnected() {
    this.connected = true;
    this.sync();
  }
  hostUpdate() {
    this.sync();
  }
  hostDisconnected() {
    this.connected = false;
    this.sync();
  }
}
