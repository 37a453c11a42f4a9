/**
 * The service worker's registration with an update prompt, without workbox-window (issue #14: it
 * and vite-plugin-pwa's register module were 2.6 KB of the home screen's JS for what follows).
 * - The first worker installed: the app now works offline (`offlineReady`).
 * - A new worker installed while an old one controls the page: it waits (`needRefresh`), and
 *   only the player's choice activates it: the generated sw.js skips waiting on the message
 *   {type: 'SKIP_WAITING'}, and the page reloads once the new worker controls it. A new version
 *   never reloads under a game in progress on its own.
 * Registered after the page's load event, so it never competes with the first screen.
 */
export interface ServiceWorkerEvents {
  /** A new version is waiting; `update` activates it and reloads. */
  needRefresh(update: () => void): void;
  /** The first install finished: the app works offline from now on. */
  offlineReady(): void;
}

export function registerServiceWorker(on: ServiceWorkerEvents, url = './sw.js'): void {
  const container = navigator.serviceWorker;
  if (!container) return;
  const waiting = (worker: ServiceWorker) =>
    on.needRefresh(() => {
      container.addEventListener('controllerchange', () => location.reload(), { once: true });
      worker.postMessage({ type: 'SKIP_WAITING' });
    });
  const register = async () => {
    const registration = await container.register(url, { scope: './' });
    if (registration.waiting && container.controller) waiting(registration.waiting);
    registration.addEventListener('updatefound', () => {
      const worker = registration.installing;
      worker?.addEventListener('statechange', () => {
        if (worker.state !== 'installed') return;
        if (container.controller) waiting(worker);
        else on.offlineReady();
      });
    });
  };
  const start = () => register().catch((e: unknown) => console.warn('service worker not registered', e));
  if (document.readyState === 'complete') void start();
  else addEventListener('load', () => void start(), { once: true });
}
