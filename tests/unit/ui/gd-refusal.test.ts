// @vitest-environment happy-dom
// Issue #29: Grossdeutschland's tools show a refused step at its control (SessionTool `runAt`/`actAt`,
// `refusalAt`), as EastFront's do: nothing is logged, the reason is an alert beside the control the
// step was asked from (`gd-error-<where>`), the page's banner stays empty, and where the players keep
// the last word (a second weather roll, a step out of its phase) the step is made anyway with their
// reason, which the log keeps. One case per tool: the turn panel, the HQ activation cup, the event
// chits, the supply record. The games are Kursk's, on the engine's sequence of play (3.1).
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PanelHost, Problem } from '../../../src/app/store-types';
import '../../../src/games/grossdeutschland/panel';
import { fakeGame, loadGameBeforeAll, mount, settle, type } from './fake-store';

const kursk = loadGameBeforeAll('grossdeutschland', 'gd-kursk');

type Tool = HTMLElement & { updateComplete: Promise<boolean>; store: PanelHost; current: unknown; physical: boolean };

/**
 * `tag` on a Kursk game whose store shows a refused step's problem as the app's does (its banner),
 * until a tool takes it (dismissProblem). `before` plays steps first (the turn, a phase…).
 */
async function setup(tag: string, before: (act: (id: string, input: object) => Promise<unknown>) => Promise<void>) {
  const g = fakeGame({ ...kursk, side: 'german', seed: 'gd-refusal' });
  let problem: Problem | undefined;
  // As the app's store says a rule's refusal (store-types.ts problemOf): in the rule's own words.
  g.report.mockImplementation(
    (p: Problem) =>
      void (problem = p.key === 'error.procedure' && p.params?.['key'] ? { ...p, key: String(p.params['key']) } : p),
  );
  const dismissProblem = vi.fn(() => void (problem = undefined));
  const store = {
    ...g.store,
    getState: () => ({ ...g.store.getState(), ...(problem ? { problem } : {}) }),
    dismissProblem,
  } as unknown as PanelHost;
  await before((id, input) => g.act({ type: 'procedure', id, input: input as never }));
  const el = await mount<Tool>(tag, { store, current: g.current(), physical: false } as Partial<Tool>);
  g.bind(el as never);
  const r = el.shadowRoot!;
  /** Clicks `button` and waits for the refusal beside `where`. */
  const refusedAt = async (button: HTMLElement, where: string) => {
    const steps = g.current().session.log.length;
    button.click();
    await vi.waitFor(() => expect(r.querySelector(`[data-testid=gd-error-${where}]`)).not.toBeNull());
    const alert = r.querySelector(`[data-testid=gd-error-${where}]`)!;
    expect(alert.getAttribute('role')).toBe('alert');
    // Nothing logged; the banner empty: the tool took the problem to its control.
    expect(g.current().session.log).toHaveLength(steps);
    expect(problem).toBeUndefined();
    expect(dismissProblem).toHaveBeenCalled();
    return alert.textContent!.replace(/\s+/g, ' ').trim();
  };
  /** Makes the step refused at `where` anyway with `reason` (the way offered beside it); waits for it to be logged. */
  const anyway = async (where: string, reason: string) => {
    const steps = g.current().session.log.length;
    const form = r.querySelector<HTMLFormElement>(`[data-testid=gd-anyway-${where}]`)!;
    type(form.querySelector<HTMLInputElement>('input[name=reason]')!, reason);
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() => expect(g.current().session.log.length).toBe(steps + 1));
    await settle(el);
    return g.current().session.log.at(-1)!;
  };
  const button = (text: string) =>
    [...r.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent!.trim() === text)!;
  return { g, el, r, refusedAt, anyway, button };
}

/** The turn's type saved (3.0) and its weather rolled (3.2, 14.0): day 10, a Day turn. */
const turnBegun = async (act: (id: string, input: object) => Promise<unknown>) => {
  await act('gd.turn', { turnType: 'day', weatherModifier: 0, day: 10 });
  await act('gd.weather', {});
};

afterEach(() => {
  document.body.innerHTML = '';
  globalThis.sessionStorage?.clear();
});

describe("Grossdeutschland's tools: a refused step is said at its control, the banner empty (issue #29)", () => {
  it('the turn panel: a second weather roll this turn (14.0: once a turn) is refused beside the turn form; made anyway, the reason is logged', async () => {
    const { r, refusedAt, anyway, button } = await setup('wc-grossdeutschland-panel', turnBegun);
    const said = await refusedAt(button('Roll the weather'), 'turn');
    expect(said).toContain('once');
    const entry = await anyway('turn', 'the die fell off the table');
    expect(entry.action).toMatchObject({ id: 'gd.weather', reroll: 'the die fell off the table' });
    expect(r.querySelector('[data-testid=gd-error-turn]')).toBeNull();
  });

  it('the HQ activation cup: the opening pick with no chit chosen (18.1) is refused in the rules’ words beside its button', async () => {
    const { g, refusedAt, button } = await setup('wc-gd-activation', async (act) => {
      await turnBegun(act);
      await act('sequence.phase', { index: 2 });
    });
    const said = await refusedAt(button('Set them aside to go first'), 'opening');
    expect(said).toMatch(/Choose exactly \d+ chits?\./);
    expect(g.act.mock.lastCall![0]).toMatchObject({ id: 'gd.opening', input: { chits: [] } });
  });

  it('the event chits: setting up the players’ cups in the weather phase (3.2) is out of its phase (3.4): refused beside the set-up, made anyway with the reason', async () => {
    const { r, refusedAt, anyway } = await setup('wc-gd-events', turnBegun);
    const said = await refusedAt(r.querySelector<HTMLButtonElement>('[data-testid=gd-events-table]')!, 'setup');
    expect(said).toContain('rule 3.2, 14.0');
    const entry = await anyway('setup', 'we set the cups up before the first turn');
    expect(entry.action).toMatchObject({
      id: 'gd.events.setup',
      outOfSequence: 'we set the cups up before the first turn',
    });
  });

  it('the supply record: a unit’s check in the weather phase (3.2) is out of the supply phase (3.3): refused beside the form, made anyway with the reason', async () => {
    const { r, refusedAt, anyway } = await setup('wc-gd-supply', turnBegun);
    type(r.querySelector<HTMLInputElement>('input[name=unit]')!, '5K 2Gr');
    await settle(r.host as Tool);
    const said = await refusedAt(r.querySelector<HTMLButtonElement>('button[data-how=traced]')!, 'supply');
    expect(said).toContain('rule 3.2, 14.0');
    const entry = await anyway('supply', 'we forgot it in the supply phase');
    expect(entry.action).toMatchObject({ id: 'gd.supply', outOfSequence: 'we forgot it in the supply phase' });
  });
});
