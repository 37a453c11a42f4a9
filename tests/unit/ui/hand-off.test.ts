// @vitest-environment happy-dom
// Hidden information on a shared device (issue #28 item 2): one gate (src/ui/hand-off.ts PrivateView)
// in front of every side's private information — Zitadelle's reinforcement boxes, Grossdeutschland's
// black-chit hands, the cups' hands and face-down draws, EastFront's hidden blocks. It shows only after
// the hand-off is confirmed, and hides again when the device changes hands.
import { afterEach, describe, expect, it } from 'vitest';
import { LitElement, html } from 'lit';
import type { Store } from '../../../src/app/store';
import { PrivateView } from '../../../src/ui/hand-off';

type Listener = () => void;
function fakeStore(init: { side?: string; link?: unknown } = {}) {
  let state = { lang: 'en', prefs: { vibrate: false }, side: init.side, link: init.link };
  const ls = new Set<Listener>();
  return {
    getState: () => state,
    subscribe: (l: Listener) => {
      ls.add(l);
      return () => ls.delete(l);
    },
    setSide(side: string) {
      state = { ...state, side };
      for (const l of ls) l();
    },
  };
}

class Host extends LitElement {
  store!: Store;
  /** The tool holding the gate is on screen (another phase or step leaves it). */
  tool = true;
  readonly view = new PrivateView(this);
  override render() {
    if (!this.tool) return html`<p>another step</p>`;
    return this.view.gate('boxes', {
      side: 'soviet',
      name: 'Soviet',
      testid: 'g',
      open: html`<p class="count">8 boxes</p>`,
      show: () =>
        html`<ul class="secret">
          <li>A: 2</li>
        </ul>`,
    });
  }
}
customElements.define('wc-test-hand-off', Host);

let host: Host;
const mount = async (store: ReturnType<typeof fakeStore>) => {
  host = document.createElement('wc-test-hand-off') as Host;
  host.store = store as unknown as Store;
  document.body.append(host);
  await host.updateComplete;
  return host;
};
const q = (sel: string) => host.renderRoot.querySelector<HTMLElement>(sel);
const tap = async (testid: string) => {
  q(`[data-testid="${testid}"]`)!.click();
  await host.updateComplete;
};
afterEach(() => host?.remove());

describe('PrivateView: hidden information only after the hand-off', () => {
  it('asks, then asks the named player to confirm; only then shows; the hide button hides it', async () => {
    await mount(fakeStore());
    expect(q('.secret')).toBeNull();
    expect(q('.count')!.textContent).toBe('8 boxes');
    await tap('g');
    // One tap is not enough: the question names the player who must hold the device.
    expect(q('.secret')).toBeNull();
    expect(host.renderRoot.textContent).toContain('Hand the device to the Soviet player');
    expect(q('[data-testid="g-confirm"]')!.textContent).toContain('I am the Soviet player');
    await tap('g-confirm');
    expect(q('.secret')).not.toBeNull();
    await tap('g-hide');
    expect(q('.secret')).toBeNull();
  });

  it('a cancelled hand-off shows nothing', async () => {
    await mount(fakeStore());
    await tap('g');
    await tap('g-cancel');
    expect(q('.secret')).toBeNull();
    expect(q('[data-testid="g"]')).not.toBeNull();
  });

  it('switching the acting side hides it (the device changes hands)', async () => {
    const store = fakeStore({ side: 'soviet' });
    await mount(store);
    await tap('g');
    await tap('g-confirm');
    expect(q('.secret')).not.toBeNull();
    store.setSide('german');
    await host.updateComplete;
    expect(q('.secret')).toBeNull();
  });

  it('leaving the screen or the tool hides it: shown again only after a new hand-off', async () => {
    await mount(fakeStore());
    await tap('g');
    await tap('g-confirm');
    host.remove();
    document.body.append(host);
    await host.updateComplete;
    expect(q('.secret')).toBeNull();
  });

  it('moving to another step, where the tool is not drawn, hides it', async () => {
    await mount(fakeStore());
    await tap('g');
    await tap('g-confirm');
    host.tool = false;
    host.requestUpdate();
    await host.updateComplete;
    host.tool = true;
    host.requestUpdate();
    await host.updateComplete;
    expect(q('.secret')).toBeNull();
  });

  it('the device put away (page hidden) hides it', async () => {
    await mount(fakeStore());
    await tap('g');
    await tap('g-confirm');
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    await host.updateComplete;
    expect(q('.secret')).toBeNull();
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  });

  it('linked devices: shown at once on its player’s phone, never on another device', async () => {
    const peers: unknown[] = [];
    await mount(fakeStore({ link: { role: 'replica', view: 'player', side: 'soviet', peers } }));
    expect(q('.secret')).not.toBeNull();
    host.remove();
    await mount(fakeStore({ link: { role: 'replica', view: 'player', side: 'german', peers } }));
    expect(q('.secret')).toBeNull();
    expect(q('[data-testid="g"]')).toBeNull();
  });
});
