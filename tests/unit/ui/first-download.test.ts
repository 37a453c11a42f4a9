// @vitest-environment happy-dom
// Issue #14: the home screen's modules bring only the common messages; a message of another block
// (a problem raised for a game open in another tab, shown on the home screen) waits for its block,
// never showing its raw key. Until the saved games are read, the shell shows index.html's first frame.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Store } from '../../../src/app/store';
import { openCompanionDb } from '../../../src/persistence/db';
import { SessionRepo } from '../../../src/persistence/sessions';
import { hasKey, t } from '../../../src/ui/i18n';
import type { WcApp } from '../../../src/ui/app';
import '../../../src/ui/app';

afterEach(() => {
  document.body.innerHTML = '';
});

async function store() {
  globalThis.indexedDB = new IDBFactory();
  return new Store({
    repo: new SessionRepo(await openCompanionDb()),
    now: () => '2026-01-01T00:00:00.000Z',
    randomBytes: (n) => new Uint8Array(n),
  });
}

describe('the first download', () => {
  it('holds the common messages only', () => {
    expect(hasKey('home.games')).toBe(true);
    expect(hasKey('verify.button')).toBe(true);
    for (const key of ['tabs.deleteOpen', 'log.undoLast', 'tables.cleared']) expect(hasKey(key), key).toBe(false);
  });

  it('shows a problem from another block once that block is loaded, never its key', async () => {
    const s = await store();
    await s.init({ lang: 'en', theme: 'dark' });
    s.report({ key: 'tabs.deleteOpen' });
    const app = document.createElement('wc-app') as WcApp;
    app.store = s;
    document.body.append(app);
    await app.updateComplete;
    expect(app.shadowRoot!.textContent).not.toContain('tabs.deleteOpen');
    await vi.waitFor(() => expect(hasKey('tabs.deleteOpen')).toBe(true));
    await vi.waitFor(() => expect(app.shadowRoot!.textContent).toContain(t('en', 'tabs.deleteOpen')));
    expect(app.shadowRoot!.textContent).not.toContain('tabs.deleteOpen');
  });

  it("shows index.html's first frame until the saved games are read, then takes its place", async () => {
    const s = await store();
    const app = document.createElement('wc-app') as WcApp;
    app.innerHTML = '<div class="first-frame"><ul class="games"><li>Zitadelle</li></ul></div>';
    app.store = s;
    document.body.append(app);
    await app.updateComplete;
    expect(app.shadowRoot!.querySelector('slot')).not.toBeNull();
    expect(app.querySelector('.first-frame')).not.toBeNull();
    await s.init({ lang: 'es', theme: 'light' });
    await app.updateComplete;
    expect(app.shadowRoot!.querySelector('slot')).toBeNull();
    expect(app.querySelector('.first-frame')).toBeNull();
    expect(document.documentElement.lang).toBe('es');
    expect(localStorage.getItem('wc.lang')).toBe('es');
    expect(localStorage.getItem('wc.theme')).toBe('light');
  });
});
