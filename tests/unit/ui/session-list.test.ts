// @vitest-environment happy-dom
// Issue 18 (3, 5, 8): the home list shows a damaged record as damaged beside the others (no date it
// cannot read, no exception); names are isolated; links carry the id percent-encoded. Issue 28 (16): a
// game from a pack is listed with its pack's name; two packs of one name are told apart.
import { afterEach, describe, expect, it } from 'vitest';
import type { Store } from '../../../src/app/store';
import type { ListedSession } from '../../../src/persistence/records';
import type { WcSessionList } from '../../../src/ui/components/session-list';
import '../../../src/ui/components/session-list';
import type { WcPackList } from '../../../src/ui/components/pack-list';
import '../../../src/ui/components/pack-list';
import { loadLanguage } from '../../../src/ui/i18n';
import type { PackRepo } from '../../../src/persistence/packs';

const good: ListedSession = {
  format: 1,
  id: 's-good',
  game: 'grossdeutschland',
  scenario: 'gd-kursk',
  name: '\u202Eevil\u202C',
  seed: 'x',
  createdAt: '2026-01-01T00:00:00.000Z',
  settings: { errata: 'default', dice: 'app' },
  updatedAt: '2026-01-02T00:00:00.000Z',
  entryCount: 3,
};
const damaged: ListedSession = {
  ...good,
  id: 'a/b',
  name: 'W'.repeat(120),
  updatedAt: '',
  entryCount: 0,
  damaged: 'updatedAt: not a date and time',
};

afterEach(() => {
  document.body.innerHTML = '';
});

describe('wc-session-list', () => {
  it('lists a damaged game as damaged beside a good one; names in <bdi>; ids encoded in links', async () => {
    const store = { getState: () => ({ lang: 'en' }), subscribe: () => () => undefined } as unknown as Store;
    const el = document.createElement('wc-session-list') as WcSessionList;
    el.store = store;
    el.sessions = [good, damaged];
    document.body.append(el);
    await el.updateComplete;
    const items = [...el.shadowRoot!.querySelectorAll('li')];
    expect(items).toHaveLength(2);
    expect(items[0]!.querySelector('.damaged')).toBeNull();
    expect(items[0]!.textContent).toContain('3 steps');
    expect(items[1]!.querySelector('.damaged')!.textContent).toContain('Damaged');
    for (const li of items) expect(li.querySelector('strong.name > bdi')).not.toBeNull();
    expect(items[1]!.querySelector('a')!.getAttribute('href')).toBe('#/session/a%2Fb');
  });
});

describe('games from packs are listed by their pack (issue #28 item 16)', () => {
  const stored = (key: string, id: string, name: string, version: string) => ({
    key,
    id,
    version,
    savedAt: '2026-01-01T00:00:00.000Z',
    name: { en: name, es: name },
    author: 'Ana',
    pack: {},
  });
  const repo = {
    all: async () => [
      stored('mine@abc1234567', 'mine', 'Bagration', '1.0'),
      stored('other@def9876543', 'other', 'Bagration', '1.0'),
    ],
  } as unknown as PackRepo;
  it('a saved game of a pack shows the pack name and version, not only its scenario ("Full game"); a built-in its game', async () => {
    await loadLanguage('es');
    // The pack store as the composition root hands it to the app's store (src/main.ts).
    const store = {
      getState: () => ({ lang: 'es' }),
      subscribe: () => () => undefined,
      packs: repo,
      games: [{ id: 'grossdeutschland', name: { en: 'Grossdeutschland', es: 'Grossdeutschland' } }],
    } as unknown as Store;
    const el = document.createElement('wc-session-list') as WcSessionList;
    el.store = store;
    el.sessions = [{ ...good, id: 'p', game: 'mine@abc1234567', name: 'Juego completo' }, good];
    document.body.append(el);
    await new Promise((r) => setTimeout(r, 0));
    await el.updateComplete;
    const games = [...el.shadowRoot!.querySelectorAll('li [data-testid=game]')].map((g) => g.textContent);
    expect(games).toEqual(['Bagration, versión 1.0', 'Grossdeutschland']);
  });

  it('two packs with the same name are told apart on the shelf by their content hash', async () => {
    const store = {
      getState: () => ({ lang: 'en' }),
      subscribe: () => () => undefined,
      packs: repo,
    } as unknown as Store;
    const el = document.createElement('wc-pack-list') as WcPackList;
    el.store = store;
    document.body.append(el);
    await el.refresh();
    await el.updateComplete;
    const lines = [...el.shadowRoot!.querySelectorAll('li.card a.open')].map((a) =>
      a.textContent!.replace(/\s+/g, ' ').trim(),
    );
    expect(lines).toEqual(['Bagration · version 1.0 · Ana · #abc1234', 'Bagration · version 1.0 · Ana · #def9876']);
  });
});
