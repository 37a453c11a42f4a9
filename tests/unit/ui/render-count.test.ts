// @vitest-environment happy-dom
// Issue #14: a state change that does not change what is shown causes no render. The whole app
// (<wc-app>, real store on fake-indexeddb, the real Grossdeutschland data) is mounted on a game in
// progress; for each tap (one store.act) on each tool's tab, every Lit component's renders are
// counted and its shadow DOM compared before and after: a render that leaves it as it was fails.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { LitElement } from 'lit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Store } from '../../../src/app/store';
import type { Action } from '../../../src/engine';
import { openCompanionDb } from '../../../src/persistence/db';
import { SessionRepo } from '../../../src/persistence/sessions';
import { loadGameMessages } from '../../../src/ui/i18n';
import type { WcApp } from '../../../src/ui/app';
import '../../../src/ui/app';
import '../../../src/ui/pages/session-page';

interface Render {
  readonly tag: string;
  /** The render changed the component's shadow DOM or a value it hands to a child (a property). */
  readonly changed: boolean;
}
let renders: Render[] = [];
const dom = (el: LitElement) => (el.shadowRoot ? el.shadowRoot.innerHTML : '');

/**
 * Two render() results that Lit would commit as the same: the same templates with identical values
 * (as Lit compares them); event listeners (new arrow functions each render) are not output.
 */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'function' && typeof b === 'function') return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, k) => same(v, b[k]));
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const x = a as { strings?: unknown; values?: unknown; _$litDirective$?: unknown };
  const y = b as typeof x;
  if (x.values === undefined || y.values === undefined) return false;
  return x.strings === y.strings && x._$litDirective$ === y._$litDirective$ && same(x.values, y.values);
}

const outputs = new WeakMap<LitElement, unknown>();
const proto = LitElement.prototype as unknown as { update(c: Map<PropertyKey, unknown>): void };
const original = proto.update;

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  renders = [];
  // Every Lit component's update (render + commit): first renders are not counted.
  proto.update = function (this: LitElement, changed: Map<PropertyKey, unknown>) {
    const first = !this.hasUpdated;
    const before = dom(this);
    const self = this as unknown as { render(): unknown };
    const render = self.render;
    let out: unknown;
    self.render = function (this: LitElement) {
      out = render.call(this);
      return out;
    };
    try {
      original.call(this, changed);
    } finally {
      delete (self as { render?: unknown }).render;
    }
    const prev = outputs.get(this);
    outputs.set(this, out);
    if (!first) renders.push({ tag: this.localName, changed: dom(this) !== before || !same(prev, out) });
  };
});
afterEach(() => {
  proto.update = original;
  document.body.innerHTML = '';
  location.hash = '';
});

const settle = async (app: WcApp) => {
  // IndexedDB (fake-indexeddb: timers), Lit (microtasks) and the announcement's animation frame.
  for (let k = 0; k < 6; k++) {
    await new Promise((r) => setTimeout(r, 5));
    const all: LitElement[] = [];
    const walk = (root: ParentNode) => {
      for (const el of root.querySelectorAll('*')) {
        if (el instanceof LitElement) all.push(el);
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
    await Promise.all(all.map((el) => el.updateComplete));
  }
  return app;
};

function find(app: WcApp, tag: string, selector?: string): Element | null {
  const search = (root: ParentNode): Element | null => {
    const hit = root.querySelector(tag);
    if (hit) return hit;
    for (const el of root.querySelectorAll('*'))
      if (el.shadowRoot) {
        const h = search(el.shadowRoot);
        if (h) return h;
      }
    return null;
  };
  const host = search(app.shadowRoot!);
  return selector ? (host?.shadowRoot?.querySelector(selector) ?? null) : host;
}

async function mountGame() {
  let clock = 0;
  const store = new Store({
    repo: new SessionRepo(await openCompanionDb()),
    now: () => new Date(Date.UTC(2026, 0, 1, 0, 0, clock++)).toISOString(),
    randomBytes: (n) => Uint8Array.from({ length: n }, (_, k) => (k * 37 + clock) & 0xff),
    loadGame: loadGameMessages,
    // A slow machine must not turn a fast step into a "busy" one here: busy has its own test (store.test.ts).
    busyAfter: 60_000,
  });
  await store.init({ lang: 'en', theme: 'dark' });
  const id = (await store.createSession('grossdeutschland', 'gd-kursk', 'Renders'))!;
  location.hash = `#/session/${id}`;
  const app = document.createElement('wc-app') as WcApp;
  app.store = store;
  document.body.append(app);
  for (let k = 0; k < 200 && !find(app, 'wc-session-page', '#tab-dice'); k++) await settle(app);
  expect(find(app, 'wc-session-page')).not.toBeNull();
  expect(store.getState().current?.session.id).toBe(id);
  return { app, store };
}

async function openTab(app: WcApp, tab: string) {
  (find(app, 'wc-session-page', `#tab-${tab}`) as HTMLElement).click();
  await settle(app);
}

/** Records every write of an attribute of <html> (a write of the same value is recorded too). */
function watchRoot(): () => string[] {
  const seen: string[] = [];
  const obs = new MutationObserver((rs) => seen.push(...rs.map((r) => r.attributeName ?? '')));
  obs.observe(document.documentElement, { attributes: true });
  return () => {
    seen.push(...obs.takeRecords().map((r) => r.attributeName ?? ''));
    obs.disconnect();
    return seen;
  };
}

/** Renders during one tap, per component. */
async function tap(app: WcApp, store: Store, action: Action) {
  renders = [];
  const entry = await store.act(action);
  await settle(app);
  expect(entry, JSON.stringify(store.getState().problem)).toBeDefined();
  const count: Record<string, number> = {};
  for (const r of renders) count[r.tag] = (count[r.tag] ?? 0) + 1;
  return { count, wasted: renders.filter((r) => !r.changed).map((r) => r.tag) };
}

const TAPS: readonly [string, string, Action][] = [
  ['dice', 'wc-dice-roller', { type: 'roll', dice: { n: 2, sides: 6 } }],
  ['combat', 'wc-combat-panel', { type: 'combat', table: 'gd-crt', attack: 7, defence: 3 }],
  ['cups', 'wc-cup-panel', { type: 'cup.draw', cup: 'activation' }],
];

describe('renders per tap (issue #14)', () => {
  for (const [tab, tool, action] of TAPS)
    it(`${tab} tab, ${action.type}: one render of the page, its log and the tool at most; none that shows nothing new`, async () => {
      const { app, store } = await mountGame();
      // A log longer than the 20 rows shown: each new step moves every row down by one.
      for (let k = 0; k < 22; k++) await store.act({ type: 'note', text: `note ${k}` });
      await openTab(app, tab);
      expect(find(app, tool)).not.toBeNull();
      const attrs = watchRoot();
      // Twice: the first tap opens the result sheet; the second is the steady state at the table.
      for (let k = 0; k < 2; k++) {
        const { count, wasted } = await tap(app, store, action);
        expect(wasted, `renders that changed nothing: ${wasted.join(', ')}`).toEqual([]);
        expect(count['wc-session-page'] ?? 0).toBeLessThanOrEqual(1);
        expect(count['wc-log-view'] ?? 0).toBeLessThanOrEqual(1);
        expect(count[tool] ?? 0).toBeLessThanOrEqual(1);
        // The log's rows are keyed by step: the new step's row is a first render, and no other row's
        // explanation renders again (the result sheet's is the one render of a result view).
        expect(count['wc-result-view'] ?? 0, JSON.stringify(count)).toBeLessThanOrEqual(1);
        // The shell shows nothing of a step: the announcement goes to its live region without a render.
        expect(count['wc-app'] ?? 0, JSON.stringify(count)).toBe(0);
      }
      // The document's lang and theme were not written again (each write restyles the whole page).
      expect(attrs()).toEqual([]);
    }, 30_000); // a whole app and 24 steps: slow on a loaded machine

  it('a chit opened on a player’s phone (issue #33) renders the cup’s hidden part only: not the shell, the page or the cups tool', async () => {
    const { app, store } = await mountGame();
    await openTab(app, 'cups');
    store.setLink({ role: 'replica', view: 'player', side: 'soviet', peers: [] });
    await settle(app);
    // Until nothing renders any more (on a loaded machine a module loaded late still renders once).
    for (let seen = -1; seen !== renders.length;) {
      seen = renders.length;
      await settle(app);
    }
    expect(find(app, 'wc-hidden-cup')).not.toBeNull();
    renders = [];
    store.setHiddenChits({
      mine: [{ cup: 'activation', deal: 'd1', pos: 0, chit: 'hq-a', revealed: false }],
      unopened: [],
      audit: [],
    });
    await settle(app);
    const tags = new Set(renders.map((r) => r.tag));
    expect(tags.has('wc-hidden-cup')).toBe(true);
    expect([...tags].filter((tag) => tag !== 'wc-hidden-cup')).toEqual([]);
  }, 30_000);

  it("writes the document's lang and data-theme only when they change", async () => {
    const { app, store } = await mountGame();
    expect(document.documentElement.lang).toBe('en');
    expect(document.documentElement.dataset.theme).toBe('dark');
    const attrs = watchRoot();
    await tap(app, store, { type: 'roll', dice: { n: 1, sides: 6 } });
    await store.setLang('es');
    await settle(app);
    await store.setTheme('light');
    await settle(app);
    await tap(app, store, { type: 'roll', dice: { n: 1, sides: 6 } });
    expect(attrs()).toEqual(['lang', 'data-theme']);
    expect(document.documentElement.lang).toBe('es');
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});
