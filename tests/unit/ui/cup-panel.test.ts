// @vitest-environment happy-dom
// The generic cup panel: an ordinary cup lists its chits to draw or pick; a cup filled from a manifest
// (event chits) is drawn blind, like the real one, so nothing it shows gives a drawn chit away.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRng, randInt, type LogEntry } from '../../../src/engine';
import { faceDownThisTurn, type WcCupPanel } from '../../../src/ui/components/cup-panel';
import '../../../src/ui/components/cup-panel';
import { gdTestScenario } from '../games/gd-harness';
import { currentOf, mount as mountElement, steppedGame, stillStore } from './fake-store';

const scenario = gdTestScenario({
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
});

async function mount(activation: { chits: string[]; discard: string[] } | undefined = undefined) {
  const ctx = { tables: new Map(), scenario };
  const { session, state: s0 } = steppedGame(
    ctx,
    { game: 'grossdeutschland', scenario: 'gd-test', seed: 'gd' },
    scenario,
  );
  // The event cup as the app fills it from the manifest.
  const state = {
    ...s0,
    cups: {
      ...s0.cups,
      ...(activation ? { activation: { ...s0.cups['activation']!, ...activation } } : {}),
      'german-events': { ...s0.cups['german-events']!, chits: ['Hardened', 'Apathy', 'Sniper'] },
    },
  };
  const current = currentOf({ session, state }, ctx);
  const store = stillStore(() => ({ lang: 'en', current, busy: false, prefs: {} }), { act: vi.fn() });
  const el = await mountElement<WcCupPanel>('wc-cup-panel', { store, current });
  return el.shadowRoot!;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('wc-cup-panel', () => {
  it('keeps the Draw button where it is as chits are drawn: the discard pile, which grows, comes after it', async () => {
    const hq = (await mount({ chits: ['g-b'], discard: ['g-a'] })).querySelector('section')!;
    const draw = hq.querySelector('button.primary')!;
    const discard = [...hq.querySelectorAll('p')].find((p) => p.textContent!.includes('HQ A'))!;
    expect(discard).toBeTruthy();
    expect(draw.compareDocumentPosition(discard) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

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

/** The face-down draws of this turn as the panel read them before issue #14: the whole log, every time. */
function rescan(log: readonly LogEntry[]): Map<string, string[]> {
  const active = log.filter((e) => !e.undone);
  const lastEnd = active.map((e) => e.outcome.kind).lastIndexOf('end-turn');
  const hidden = new Map<string, string[]>();
  for (const e of active.slice(lastEnd + 1))
    if (e.outcome.kind === 'draw' && e.outcome.faceDown)
      hidden.set(e.outcome.cup, [...(hidden.get(e.outcome.cup) ?? []), e.outcome.chit]);
  return hidden;
}

describe('face-down draws of this turn (issue #14: derived per step, not by rescanning the log)', () => {
  it('agree with a rescan of the whole log after draws, ends of turn, undos and a log read again', () => {
    const rng = createRng('face-down');
    let log: LogEntry[] = [];
    const entry = (outcome: unknown): LogEntry =>
      ({ seq: log.length + 1, at: 'now', action: {}, outcome }) as unknown as LogEntry;
    for (let k = 0; k < 600; k++) {
      const r = randInt(rng, 10);
      const cup = randInt(rng, 2) ? 'a' : 'b';
      const chit = `c${randInt(rng, 4)}`;
      if (r < 4) log = [...log, entry({ kind: 'draw', cup, chit, faceDown: 'german' })];
      else if (r < 6) log = [...log, entry({ kind: 'draw', cup, chit })];
      else if (r < 7) log = [...log, entry({ kind: 'end-turn' })];
      else if (r < 9 && log.length) {
        // Undo back to some step (as the engine does: the steps from there on are marked undone).
        const from = 1 + randInt(rng, log.length);
        log = log.map((e) => (e.undone || e.seq < from ? e : { ...e, undone: true }));
      } else log = log.map((e) => ({ ...e })); // a long game's whole log arrives: the same steps, new objects
      // Some changes are read together, as when two land before one render.
      if (randInt(rng, 3)) expect(new Map(faceDownThisTurn(log)), `after step ${k}`).toEqual(rescan(log));
    }
  });
});
