// The hand-written service worker registration (src/sw/register.ts, issue #14): the first install
// says the app works offline; an update waits for the player, and only their choice activates it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from '../../../src/sw/register';

class FakeTarget {
  private readonly listeners = new Map<string, ((e: unknown) => void)[]>();
  addEventListener(type: string, f: (e: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), f]);
  }
  fire(type: string) {
    for (const f of this.listeners.get(type) ?? []) f({});
  }
}
class FakeWorker extends FakeTarget {
  state = 'installing';
  readonly messages: unknown[] = [];
  postMessage(m: unknown) {
    this.messages.push(m);
  }
}

function setUp(controlled: boolean, waiting?: FakeWorker) {
  const registration = Object.assign(new FakeTarget(), { waiting, installing: undefined as FakeWorker | undefined });
  const container = Object.assign(new FakeTarget(), {
    controller: controlled ? {} : null,
    register: vi.fn(async () => registration),
  });
  const reload = vi.fn();
  vi.stubGlobal('navigator', { serviceWorker: container });
  vi.stubGlobal('document', { readyState: 'complete' });
  vi.stubGlobal('location', { reload });
  const events = { needRefresh: vi.fn(), offlineReady: vi.fn() };
  registerServiceWorker(events);
  const install = async () => {
    await vi.waitFor(() => expect(container.register).toHaveBeenCalledWith('./sw.js', { scope: './' }));
    const worker = new FakeWorker();
    registration.installing = worker;
    registration.fire('updatefound');
    worker.state = 'installed';
    worker.fire('statechange');
    return worker;
  };
  return { container, events, reload, install };
}

afterEach(() => vi.unstubAllGlobals());

describe('registerServiceWorker', () => {
  it('the first worker installed: offline ready, no update prompt', async () => {
    const { events, install } = setUp(false);
    await install();
    expect(events.offlineReady).toHaveBeenCalledOnce();
    expect(events.needRefresh).not.toHaveBeenCalled();
  });

  it('a new version under a controlling worker waits; the update skips waiting and reloads once it controls', async () => {
    const { container, events, reload, install } = setUp(true);
    const worker = await install();
    expect(events.offlineReady).not.toHaveBeenCalled();
    expect(events.needRefresh).toHaveBeenCalledOnce();
    expect(worker.messages).toEqual([]); // nothing happens until the player chooses
    events.needRefresh.mock.calls[0]![0]();
    expect(worker.messages).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(reload).not.toHaveBeenCalled();
    container.fire('controllerchange');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('a version already waiting when the page opens is offered at once', async () => {
    const waiting = new FakeWorker();
    const { events } = setUp(true, waiting);
    await vi.waitFor(() => expect(events.needRefresh).toHaveBeenCalledOnce());
    events.needRefresh.mock.calls[0]![0]();
    expect(waiting.messages).toEqual([{ type: 'SKIP_WAITING' }]);
  });
});
