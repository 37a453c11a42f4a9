// @vitest-environment happy-dom
// The generic cup panel: an ordinary cup lists its chits to draw or pick; a cup filled from a manifest
// (event chits) is drawn blind, like the real one, so nothing it shows gives a drawn chit away.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Current, Store } from '../../../src/app/store';
import { initialState, newSession, type ScenarioData } from '../../../src/engine';
import type { WcCupPanel } from '../../../src/ui/components/cup-panel';
import '../../../src/ui/components/cup-panel';

const scenario: ScenarioData = {
  kind: 'scenario',
  id: 'gd-test',
  game: 'grossdeutschland',
  name: { en: 'T', es: 'T' },
  rule: '18.0',
  tables: [],
  cups: [
    {
      id: 'activation',
      name: { en: 'HQ cup', es: 'HQ' },
      refill: 'return-all-at-end-of-turn',
      chits: [
        { id: 'g-a', label: { en: 'HQ A', es: 'HQ A' } },
        { id: 'g-b', label: { en: 'HQ B', es: 'HQ B' } },
      ],
    },
    {
      id: 'german-events',
      name: { en: 'German event cup', es: 'G' },
      refill: 'from-discard-when-empty',
      chits: [],
      manifest: 'missing',
    },
  ],
};
const sides = [
  { id: 'german', name: { en: 'German', es: 'Alemán' } },
  { id: 'soviet', name: { en: 'Soviet', es: 'Soviético' } },
];

async function mount() {
  const session = newSession({
    id: 's',
    game: 'grossdeutschland',
    scenario: 'gd-test',
    name: 'x',
    seed: 'gd',
    createdAt: 'now',
  });
  const s0 = initialState(session, scenario);
  // The event cup as the app fills it from the manifest.
  const state = {
    ...s0,
    cups: { ...s0.cups, 'german-events': { ...s0.cups['german-events']!, chits: ['Hardened', 'Apathy', 'Sniper'] } },
  };
  const current = {
    session,
    state,
    bundle: { game: { sides } },
    ctx: { tables: new Map(), scenario },
    readOnly: false,
    complete: true,
  } as unknown as Current;
  const store = {
    getState: () => ({ lang: 'en', current, busy: false, prefs: {} }),
    subscribe: () => () => undefined,
    act: vi.fn(),
  } as unknown as Store;
  const el = document.createElement('wc-cup-panel') as WcCupPanel;
  el.store = store;
  el.current = current;
  document.body.append(el);
  await el.updateComplete;
  return el.shadowRoot!;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('wc-cup-panel', () => {
  it("lists an ordinary cup's chits, but draws a manifest cup blind: count only, no names, no draw or pick here", async () => {
    const r = await mount();
    const [hq, events] = [...r.querySelectorAll('section')];
    expect(hq!.textContent).toContain('HQ A');
    expect(hq!.querySelectorAll('button.primary').length).toBeGreaterThan(0);
    expect(events!.textContent).toMatch(/3/);
    expect(events!.textContent).not.toMatch(/Hardened|Apathy|Sniper/);
    expect(events!.querySelector('select')).toBeNull();
    expect(events!.querySelector('button.primary')).toBeNull();
    expect(events!.textContent).toContain('Drawn blind, like the real cup');
  });
});
