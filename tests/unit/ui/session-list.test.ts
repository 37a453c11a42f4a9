// @vitest-environment happy-dom
// Issue 18 (3, 5, 8): the home list shows a damaged record as damaged beside the others (no date it
// cannot read, no exception); names are isolated; links carry the id percent-encoded.
import { afterEach, describe, expect, it } from 'vitest';
import type { Store } from '../../../src/app/store';
import type { ListedSession } from '../../../src/persistence/records';
import type { WcSessionList } from '../../../src/ui/components/session-list';
import '../../../src/ui/components/session-list';

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
