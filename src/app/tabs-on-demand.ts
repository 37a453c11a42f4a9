/**
 * The tabs' coordination (./tabs.ts), loaded the first time it is needed: a game opened, or one
 * deleted (issue #14: the home screen does not load it). Until then this tab holds no game, so it
 * has nothing to release or announce; the store's handlers are handed on when it loads.
 */
import type { TabCoordinator } from './tabs';

export function tabsOnDemand(): TabCoordinator {
  let loaded: TabCoordinator | undefined;
  let loading: Promise<TabCoordinator> | undefined;
  let handlers: Parameters<TabCoordinator['listen']>[0] | undefined;
  const tabs = () =>
    (loading ??= import('./tabs').then(
      ({ BrowserTabs }) => {
        loaded = new BrowserTabs();
        if (handlers) loaded.listen(handlers);
        return loaded;
      },
      (e: unknown) => {
        loading = undefined;
        throw e;
      },
    ));
  return {
    acquire: async (id, takeOver) => (await tabs()).acquire(id, takeOver),
    openElsewhere: async (id) => (await tabs()).openElsewhere(id),
    release: () => loaded?.release(),
    announce: (id) => loaded?.announce(id),
    listen: (h) => {
      handlers = h;
      loaded?.listen(h);
    },
  };
}
