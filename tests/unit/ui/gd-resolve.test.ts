// @vitest-environment happy-dom
// Issue #11 item 4, 10.3 [000: 498 «Sacar una ficha de evento nunca es opcional»]: with the app holding
// the event cups, the attack form's Resolve is disabled, with the reason shown, until the chits are drawn.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadGameMessages } from '../../../src/ui/i18n';
import type { Current, PanelHost } from '../../../src/app/store';
import type { Action, GameContext, ScenarioData } from '../../../src/engine';
import { DEFAULT_READINGS, SEQUENCE, procedures } from '../../../src/games/grossdeutschland/rules';
import '../../../src/games/grossdeutschland/panel';
import { gdTestScenario } from '../games/gd-harness';
import { tablesOf } from '../games/harness';
import { currentOf, steppedGame, stillStore, type } from './fake-store';

beforeAll(() => loadGameMessages('grossdeutschland'));

const tables = tablesOf(
  import.meta.glob<unknown>('/tables/grossdeutschland/*.json', { eager: true, import: 'default' }),
);
const cup = (id: string) => ({ id, name: { en: id, es: id }, refill: 'from-discard-when-empty', chits: [] });
const scenario = gdTestScenario({
  cups: [cup('german-events'), cup('soviet-events')],
  eventChits: {
    rule: '18.2',
    cups: [
      { side: 'german', blue: 1, red: 1, black: 0 },
      { side: 'soviet', blue: 1, red: 1, black: 0 },
    ],
    hands: [],
  },
} as unknown as Partial<ScenarioData>);
const MANIFEST = [
  { name: 'B1', colour: 'blue', modifier: -1, count: 2 },
  { name: 'R1', colour: 'red', modifier: 1, count: 2 },
];
function setup(drawn: boolean) {
  const ctx: GameContext = { tables, procedures, readings: DEFAULT_READINGS, scenario, sequence: SEQUENCE };
  const g = steppedGame(ctx, { game: 'grossdeutschland', scenario: 'gd-test', seed: 'r' }, scenario);
  const run = (id: string, input: object, manual?: number[][]) =>
    g.step({ type: 'procedure', id, input: input as never, ...(manual ? { manual } : {}) });
  run('gd.turn', { turnType: 'day', weatherModifier: 0 });
  run('gd.weather', {}, [[1]]);
  // The Activation phase (3.4): the engine's phase step; the panel shows where the game stands.
  run('sequence.phase', { index: 2 });
  run('gd.events.setup', { manifest: MANIFEST });
  if (drawn) run('gd.events.draw', { attacker: 'german' });
  const current = currentOf(g, ctx);
  const store = stillStore(() => ({ lang: 'en', side: 'german', current }), {
    act: vi.fn(async (_a: Action) => ({}) as never),
    updateSettings: vi.fn(),
    report: vi.fn(),
  });
  return { store, current };
}

async function activationPhase(s: ReturnType<typeof setup>) {
  const el = document.createElement('wc-grossdeutschland-panel') as HTMLElement & {
    store: PanelHost;
    current: Current;
    physical: boolean;
    updateComplete: Promise<boolean>;
  };
  el.store = s.store;
  el.current = s.current;
  el.physical = false;
  document.body.append(el);
  await el.updateComplete;
  const r = el.shadowRoot!;
  // The game stands in the Activation phase (set up above). The attack's step of the phase: its event chits and the combat form.
  [...r.querySelectorAll<HTMLButtonElement>('nav.steps button')]
    .find((b) => b.textContent!.includes('Combat'))!
    .click();
  await el.updateComplete;
  return r;
}
/** Types the attacking and defending units into the attack form (its fields found by their labels). */
async function units(r: ShadowRoot, typed: { attackers?: string; defenders?: string }) {
  const field = (label: string) =>
    [...r.querySelectorAll('label')].find((l) => l.textContent!.includes(label))!.querySelector('input')!;
  for (const [label, text] of [
    ['Attacking units', typed.attackers],
    ['Defending units', typed.defenders],
  ] as const)
    if (text !== undefined) type(field(label), text);
  await (r.host as HTMLElement & { updateComplete: Promise<boolean> }).updateComplete;
}
const resolve = (r: ShadowRoot) =>
  [...r.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent!.trim() === 'Resolve the combat')!;

afterEach(() => {
  document.body.innerHTML = '';
  // What a test typed into the attack form is kept as the game's draft (src/ui/form-drafts.ts): not for the next test.
  globalThis.sessionStorage?.clear();
});

describe('the Grossdeutschland attack form and the event draws', () => {
  it('before the draws: Resolve is disabled and says why', async () => {
    const r = await activationPhase(setup(false));
    await units(r, { attackers: '6', defenders: '4' });
    expect(resolve(r).disabled).toBe(true);
    expect(r.querySelector('[data-testid=gd-blocked]')!.textContent).toContain(
      'Draw the event chits for this attack first',
    );
  });
  it('after the draws: Resolve is enabled once the units are listed, with no reason shown', async () => {
    const r = await activationPhase(setup(true));
    // With no unit listed the rules say what is missing (10.1; issue #29: readiness from the rules).
    expect(resolve(r).disabled).toBe(true);
    expect(r.querySelector('[data-testid=gd-blocked]')!.textContent).toBe('List at least one attacking unit.');
    await units(r, { attackers: '6', defenders: '4' });
    expect(resolve(r).disabled).toBe(false);
    expect(r.querySelector('[data-testid=gd-blocked]')).toBeNull();
  });
});

describe('readiness from the rules (issue #29): a missing unit is said, and Resolve not offered', () => {
  it('10.1 [000]: attackers listed, no defender: the rules’ words, Resolve disabled, nothing asked of the store', async () => {
    const s = setup(true);
    const r = await activationPhase(s);
    await units(r, { attackers: '6', defenders: '' });
    expect(r.querySelector('[data-testid=gd-blocked]')!.textContent).toBe('List at least one defending unit.');
    expect(resolve(r).disabled).toBe(true);
    resolve(r).click();
    expect(s.store.act).not.toHaveBeenCalled();
  });
});
