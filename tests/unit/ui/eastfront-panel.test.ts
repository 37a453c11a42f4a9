// @vitest-environment happy-dom
// <wc-eastfront-panel>: EastFront's month (4.1–4.46: Production → two fortnights of weather and two player
// turns; June 1941 has one, Scn S41 2) with a real game built from the game's data (tables/eastfront, scenarios/eastfront) and its
// procedures. The segment picker asks for the engine's phase step (sequence.phase; ef.phase in saved games); the weather button asks for ef.weather with the dice
// typed in (12.1); the battle form asks for ef.battle with the blocks as entered (7.12); a round asks for
// ef.round, then ef.fire step by step (7.22), the chance of each number of hits shown before each roll
// being the rules module's own stepPreview (7.31, 7.32). A refusal is shown at the field that caused it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Problem } from '../../../src/app/store';
import { PHASE_STEP, sealCommitment, type Action } from '../../../src/engine';
import {
  DEFAULT_READINGS,
  PHASES,
  battleOf,
  pursuitPreview,
  stepPreview,
  type Battle,
} from '../../../src/games/eastfront/rules';
import { messages as eastfrontMessages } from '../../../src/games/eastfront/messages';
import { hasKey } from '../../../src/ui/i18n';
import type { WcEastfrontPanel } from '../../../src/games/eastfront/panel';
import '../../../src/games/eastfront/panel';
import type { FakeGame, LoadedGame } from './fake-store';
import { fakeGame, loadGameBeforeAll, mountPanel, rawKeys, textOf, type } from './fake-store';

const s41 = loadGameBeforeAll('eastfront', 'ef-s41');
const w41 = loadGameBeforeAll('eastfront', 'ef-w41');
const s44 = loadGameBeforeAll('eastfront', 'ef-s44');
const edelweiss = loadGameBeforeAll('eastfront', 'ef-edelweiss');

/**
 * As the app's store does (problemOf, store.ts): a procedure's refusal is published as its own message
 * key, and the panel takes it from the store's state to show it at the field, then dismisses it.
 */
function publishProblems(g: FakeGame) {
  const app = g.app as FakeGame['app'] & { problem?: Problem };
  g.report.mockImplementation((p) => {
    app.problem = p.key === 'error.procedure' ? { key: String(p.params!['key']), params: p.params } : p;
  });
  Object.assign(g.store, { dismissProblem: () => delete app.problem });
}

/**
 * The elements matching `selector` under `root` in the order shown, the tools' shadow roots included:
 * each tool of the month is its own element inside the panel (issue #29).
 */
function deep<E extends Element = HTMLElement>(root: ParentNode, selector: string): E[] {
  const found: E[] = [];
  const walk = (node: ParentNode) => {
    for (const el of node.querySelectorAll('*')) {
      if (el.matches(selector)) found.push(el as E);
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(root);
  return found;
}
const deepOne = <E extends Element = HTMLElement>(root: ParentNode, selector: string): E | null =>
  deep<E>(root, selector)[0] ?? null;

/** Waits until the panel and every tool element inside it have drawn what the last act changed. */
async function settleTools(el: HTMLElement) {
  type Drawn = HTMLElement & { updateComplete: Promise<boolean>; isUpdatePending: boolean };
  for (let pass = 0; pass < 50; pass++) {
    const tree = [el, ...deep(el.shadowRoot!, '*')].filter((c): c is Drawn => 'updateComplete' in c);
    if (pass >= 2 && !tree.some((c) => c.isUpdatePending)) return;
    await Promise.all(tree.map((c) => c.updateComplete));
    await new Promise((done) => setTimeout(done, 0));
  }
}

/** What a person does in the panel (as fake-store's actsOn), waiting for the panel and its tools to draw. */
function actsOnTools(el: HTMLElement) {
  return {
    click: async (target: HTMLElement) => {
      target.click();
      await settleTools(el);
    },
    choose: async (select: HTMLSelectElement, value: string) => {
      select.value = value;
      select.dispatchEvent(new Event('change'));
      await settleTools(el);
    },
    fill: async (input: HTMLInputElement, text: string) => {
      type(input, text);
      await settleTools(el);
    },
  };
}

/** Four blocks for a battle (7.12): the Axis attacks across a river in Summer 1941. */
const BLOCKS = [
  { id: '41Pz', side: 'axis', type: 'armor', cv: 4 },
  { id: '9', side: 'axis', type: 'infantry', cv: 3 },
  { id: '16A', side: 'soviet', type: 'infantry', cv: 3 },
  { id: '5A', side: 'soviet', type: 'infantry', cv: 2 },
] as const;
const COMBAT = PHASES.findIndex((p) => p.id === 'f1.p1.combat');
/** The last segment of June 1941 (S41), its only fortnight's second player turn (Scn S41 2). */
const JUNE_1941_LAST = PHASES.findIndex((p) => p.id === 'f1.p2.supply');
/** Fortnight II's weather, the first segment after Production in Edelweiss's July 1942 (Scn Edelweiss 1). */
const F2_WEATHER = PHASES.findIndex((p) => p.id === 'f2.weather');
/** A procedure step as the panel hands it to the store, with the dice typed in if any. */
const procedureStep = (id: string, input: object, manual?: number[][]): Action =>
  ({ type: 'procedure', id, input, ...(manual ? { manual } : {}) }) as Action;
const phaseStep = (index: number): Action => procedureStep('ef.phase', { index });
const battleStep = (input: object = {}): Action => ({
  type: 'procedure',
  id: 'ef.battle',
  input: {
    terrain: 'clear',
    weather: 'dry',
    scenario: 's41',
    od: 'soviet',
    assault: { river: true },
    blocks: BLOCKS.map((b) => ({ ...b })),
    ...input,
  },
});

async function setup(
  opts: { game?: LoadedGame; physical?: boolean; lang?: 'en' | 'es'; turn?: number; steps?: Action[] } = {},
) {
  const g = fakeGame({ ...(opts.game ?? s41), lang: opts.lang ?? 'en', seed: 'eastfront' });
  publishProblems(g);
  while (g.current().state.turn < (opts.turn ?? 1)) g.step({ type: 'end-turn' });
  for (const a of opts.steps ?? []) g.step(a);
  const { el, r } = await mountPanel<WcEastfrontPanel>(g, 'wc-eastfront-panel', opts.physical ?? false);
  const byId = <E extends Element = HTMLElement>(id: string, root: ParentNode = r) =>
    deep<E & Element>(root, `[data-testid="${id}"]`)[0] ?? null;
  const battle = () => byId('ef-tool-battle')!;
  const { click, choose, fill } = actsOnTools(el);
  const title = () => textOf(byId('ef-title')!);
  const last = () => g.act.mock.lastCall![0];
  const bat = () => battleOf(g.current().state.game) as Battle;
  return { g, el, r, byId, battle, click, choose, fill, title, last, bat };
}

/** Every input and select has a label; every button says what it does. */
function expectLabelled(r: ShadowRoot) {
  for (const c of deep(r, 'input, select'))
    expect(c.closest('label') ?? c.getAttribute('aria-label'), c.outerHTML).not.toBeNull();
  for (const b of deep(r, 'button'))
    expect((b.getAttribute('aria-label') ?? b.textContent ?? '').trim(), b.outerHTML).not.toBe('');
}

/** The bars of a chance chart as [label, percentage] rows. */
const barsOf = (bars: Element) => {
  const cells = [...bars.children].map((c) => textOf(c));
  return Array.from({ length: cells.length / 3 }, (_, k) => [cells[3 * k]!, cells[3 * k + 2]!]);
};

afterEach(() => {
  document.body.innerHTML = '';
});

describe('wc-eastfront-panel', () => {
  it('the segment picker asks for the engine’s phase step (ef.phase in saved games); Next moves one on and the last segment ends the month (4.1)', async () => {
    const { g, r, byId, click, choose, title, last } = await setup();
    // The month and the segment; a year is not written with a thousands separator ("1,941").
    expect(title()).toMatch(/^June 1941 · Production$/);
    // The first month of a game has no Production (3.2.2, 11.1).
    expect(textOf(r)).toContain('No Production in the first month of a game');
    await choose(byId<HTMLSelectElement>('ef-phase')!, String(COMBAT));
    expect(last()).toEqual({ type: 'procedure', id: PHASE_STEP, input: { index: COMBAT } });
    expect(title()).toMatch(/^June 1941 · Fortnight 1 · player turn 1: Axis · Combat$/);
    expect(byId('ef-tool-battle')).not.toBeNull();
    await click(byId('ef-next')!);
    expect(last()).toEqual({ type: 'procedure', id: PHASE_STEP, input: { index: COMBAT + 1 } });
    expect(title()).toContain('Blitz movement');
    await choose(byId<HTMLSelectElement>('ef-phase')!, String(JUNE_1941_LAST));
    expect(byId('ef-next')).toBeNull();
    await click([...deep(r, 'button')].find((b) => b.textContent!.trim() === 'End of month 1')!);
    expect(last()).toEqual({ type: 'end-turn' });
    expect(g.current().state.turn).toBe(2);
    expect(title()).toMatch(/^July .* · Production$/);
  });

  it('with real dice, the phase step rolls nothing and carries no typed dice: not sent, not in the log', async () => {
    const { g, byId, choose, click, last } = await setup({ physical: true });
    await choose(byId<HTMLSelectElement>('ef-phase')!, String(COMBAT));
    expect(last()).toEqual({ type: 'procedure', id: PHASE_STEP, input: { index: COMBAT } });
    await click(byId('ef-next')!);
    expect(last()).toEqual({ type: 'procedure', id: PHASE_STEP, input: { index: COMBAT + 1 } });
    const moves = g.current().session.log.filter((e) => e.action.type === 'procedure' && e.action.id === PHASE_STEP);
    expect(moves).toHaveLength(2);
    for (const e of moves) {
      expect(e.action).not.toHaveProperty('manual');
      expect(e.manual).toBe(false);
    }
  });

  it.each(['en', 'es'] as const)(
    'every segment of the month shows its name, labelled controls and no raw message key (%s)',
    async (lang) => {
      // July 1941, the second month of Summer 1941 and the first with both fortnights (a year is not written "1,941").
      const { byId, choose, title, r } = await setup({ lang, turn: 2 });
      expect(title()).toMatch({ en: /^July 1941 · Production$/, es: /^Julio de 1941 · Producción$/ }[lang]);
      for (let index = 0; index < PHASES.length; index++) {
        await choose(byId<HTMLSelectElement>('ef-phase')!, String(index));
        const phaseName = (eastfrontMessages[lang] as Record<string, string>)[`ef.phase.${PHASES[index]!.phase}`]!;
        expect(title(), PHASES[index]!.id).toContain(phaseName);
        for (const tool of PHASES[index]!.tools) expect(byId(`ef-tool-${tool}`), tool).not.toBeNull();
        expect(rawKeys(textOf(r), hasKey), PHASES[index]!.id).toEqual([]);
        expectLabelled(r);
      }
    },
    // Every segment of the month, each drawn with its tools: more than the default 5 s on a loaded machine.
    60_000,
  );

  it('weather in a variable month (October, 12.1): the dice typed in go with ef.weather; odd → Mud, rolled once', async () => {
    const { g, r, byId, click, fill, last } = await setup({ physical: true, turn: 5, steps: [phaseStep(1)] });
    const tool = byId('ef-tool-weather')!;
    expect(textOf(tool)).toContain('Even → Dry (50%), odd → Mud (50%)');
    await fill(byId<HTMLInputElement>('ef-rolls', tool)!, '1 2');
    await click(byId('ef-weather-roll-east', tool)!);
    expect(last()).toEqual(procedureStep('ef.weather', { front: 'east', fortnight: 1 }, [[1, 2]]));
    expect(g.current().session.log.at(-1)!.outcome).toMatchObject({ result: { weather: 'mud', first: 'axis' } });
    expect(textOf(byId('ef-weather-east', tool)!)).toBe('Fortnight 1: Mud — first player Axis');
    expect(textOf(byId('ef-result-weather-east', tool)!)).toContain('1 + 2 = 3');
    // Once per fortnight (12.1): the roll button is gone; the typed dice were used up.
    expect(byId('ef-weather-roll-east', tool)).toBeNull();
    expect([...deep<HTMLInputElement>(r, '[data-testid=ef-rolls]')].map((i) => i.value)).not.toContain('1 2');
  });

  it('a tool out of its segment (the weather at Production, 4.2–4.3): refused at the control naming the rule; made anyway with the players’ reason, which the log keeps (issue #29)', async () => {
    const { g, el, byId, click, fill, last } = await setup({ turn: 5 });
    const tool = () => byId('ef-other-tools')!;
    const steps = () => g.current().session.log.length;
    const before = steps(); // the months' ends
    expect(textOf(tool())).toContain('A step the sequence of play does not offer in this segment asks for your reason');
    await click(byId('ef-weather-roll-east', tool())!);
    expect(steps()).toBe(before);
    expect(textOf(byId('ef-error-weather-east', tool())!)).toContain(
      'The sequence of play does not offer this step now (this phase: rule 4.2)',
    );
    await fill(byId<HTMLInputElement>('ef-anyway-reason', tool())!, 'we forgot the weather last session');
    const form = byId<HTMLFormElement>('ef-anyway-weather-east', tool())!;
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    await settleTools(el);
    await expect.poll(steps).toBe(before + 1);
    expect(last()).toEqual({
      ...procedureStep('ef.weather', { front: 'east', fortnight: 1 }),
      outOfSequence: 'we forgot the weather last session',
    });
    expect(g.current().session.log.at(-1)!.outcome).toMatchObject({
      outOfSequence: 'we forgot the weather last session',
    });
    expect(byId('ef-error-weather-east', tool())).toBeNull();
  });

  /** The segments of the month as the picker names them, the player turns' phases with their fortnight's side. */
  const playerTurns = (picker: HTMLSelectElement) =>
    [...picker.options].filter((o) => /Command|Mando/.test(o.textContent!)).map((o) => textOf(o));

  it.each([
    // 12.1: "En los meses de Junio a Septiembre siempre hay clima Seco"; 12.21: "El jugador alemán tiene el
    // primer Turno de Jugador en los turnos de clima Seco o Barro." June 1941 has one fortnight (Scn S41 2).
    ['June 1941 is Dry (S41)', s41, 'en', 'Axis', 'Soviets', 1],
    ['junio de 1941 es Seco (S41)', s41, 'es', 'Eje', 'Soviéticos', 1],
    // 12.1: "En los meses de Diciembre a Febrero siempre hay Nieve"; 12.21: "El jugador soviético tiene el
    // primer Turno de Jugador en los turnos de Nieve."
    ['December 1941 is Snow (W41)', w41, 'en', 'Soviets', 'Axis', 2],
    ['diciembre de 1941 es Nieve (W41)', w41, 'es', 'Soviéticos', 'Eje', 2],
  ] as const)(
    'in a month of fixed weather every player turn names its side before any weather step: %s (4.4, 12.1, 12.21)',
    async (_, game, lang, first, second, fortnights) => {
      const { g, r, byId, choose, title } = await setup({ game, lang });
      const turn = lang === 'en' ? 'player turn' : 'Turno de Jugador';
      const f = lang === 'en' ? 'Fortnight' : 'Quincena';
      const command = lang === 'en' ? 'Command' : 'Mando';
      expect(playerTurns(byId<HTMLSelectElement>('ef-phase')!)).toEqual(
        [1, 2]
          .slice(0, fortnights)
          .flatMap((n) => [
            `${f} ${n} · ${turn} 1: ${first} · ${command}`,
            `${f} ${n} · ${turn} 2: ${second} · ${command}`,
          ]),
      );
      await choose(byId<HTMLSelectElement>('ef-phase')!, String(COMBAT));
      expect(title()).toContain(`${f} 1 · ${turn} 1: ${first} · `);
      // Only the segment was chosen: nobody pressed the weather procedure.
      expect(g.current().session.log.map((e) => (e.outcome as { id?: string }).id)).toEqual([PHASE_STEP]);
      expect(textOf(r)).not.toContain('?');
    },
  );

  it.each(['en', 'es'] as const)(
    'S41: June 1941 offers one fortnight, one player turn per side, then the month ends; July has two (Scn S41 2) (%s)',
    async (lang) => {
      // Scn S41 2 "COMIENZO TARDIO" (seed line 2085): "Ambos bandos tienen **sólo un** Turno de Jugador en
      // junio de 1941." Scn S41 3: "junio de 1941 (que sólo consiste de una Quincena o Turno)".
      const { g, r, byId, choose, click, title, last } = await setup({ lang });
      const picker = () => byId<HTMLSelectElement>('ef-phase')!;
      const names = () => [...picker().options].map((o) => textOf(o));
      const [f1, f2] = lang === 'en' ? ['Fortnight 1', 'Fortnight 2'] : ['Quincena 1', 'Quincena 2'];
      const [axis, soviets] = lang === 'en' ? ['Axis', 'Soviets'] : ['Eje', 'Soviéticos'];
      const turn = lang === 'en' ? 'player turn' : 'Turno de Jugador';
      expect(names().filter((n) => n.startsWith(f2))).toEqual([]);
      expect(names().filter((n) => n.startsWith(f1))).toHaveLength(13);
      expect(playerTurns(picker())).toEqual([
        `${f1} · ${turn} 1: ${axis} · ${lang === 'en' ? 'Command' : 'Mando'}`,
        `${f1} · ${turn} 2: ${soviets} · ${lang === 'en' ? 'Command' : 'Mando'}`,
      ]);
      // The Soviet player turn's last phase is the month's last: Next gives way to the end of the month.
      await choose(picker(), String(JUNE_1941_LAST));
      expect(last()).toEqual({ type: 'procedure', id: PHASE_STEP, input: { index: JUNE_1941_LAST } });
      expect(title()).toContain(`${f1} · ${turn} 2: ${soviets}`);
      expect(byId('ef-next')).toBeNull();
      const end = lang === 'en' ? 'End of month 1' : 'Fin del mes 1';
      await click([...deep(r, 'button')].find((b) => b.textContent!.trim() === end)!);
      expect(last()).toEqual({ type: 'end-turn' });
      expect(g.current().state.turn).toBe(2);
      // July 1941: both fortnights (4.1).
      expect(names().filter((n) => n.startsWith(f2))).toHaveLength(13);
      expect(playerTurns(picker())).toHaveLength(4);
      expect(rawKeys(textOf(r), hasKey)).toEqual([]);
    },
  );

  it('a game saved in a fortnight II segment of June 1941 still shows where it stands; Next leads to the month end', async () => {
    const f2 = PHASES.findIndex((p) => p.id === 'f2.p2.supply');
    const { byId, title } = await setup({ steps: [phaseStep(f2)] });
    // The picker marks it as the segment the game is in.
    const marked = [...byId<HTMLSelectElement>('ef-phase')!.options].filter((o) => o.hasAttribute('selected'));
    expect(marked.map((o) => o.value)).toEqual([String(f2)]);
    expect(title()).toContain('Fortnight 2 · player turn 2: Soviets · Supply');
    expect(byId('ef-next')).toBeNull();
  });

  it('S44 starts with the Soviet player turn though June is Dry (Scn S44 3); its second fortnight by the weather', async () => {
    // Scn S44 3: "Comenzar con el turno del jugador soviético."
    const { byId, click } = await setup({ game: s44, steps: [phaseStep(1)] });
    expect(playerTurns(byId<HTMLSelectElement>('ef-phase')!)).toEqual([
      'Fortnight 1 · player turn 1: Soviets · Command',
      'Fortnight 1 · player turn 2: Axis · Command',
      'Fortnight 2 · player turn 1: Axis · Command',
      'Fortnight 2 · player turn 2: Soviets · Command',
    ]);
    // The weather tool says the same once the fixed weather is recorded.
    await click(byId('ef-weather-roll-east')!);
    expect(textOf(byId('ef-weather-east')!)).toBe('Fortnight 1: Dry — first player Soviets');
  });

  it.each(['en', 'es'] as const)(
    'Edelweiss: July 1942 offers its second fortnight only, Production leading to it; August has both (Scn Edelweiss 1) (%s)',
    async (lang) => {
      // Scn Edelweiss 1 (seed line 2601): "El Escenario empieza en la segunda mitad de Julio de 1942."
      const { g, r, byId, choose, click, title, last } = await setup({ game: edelweiss, lang });
      const picker = () => byId<HTMLSelectElement>('ef-phase')!;
      const names = () => [...picker().options].map((o) => textOf(o));
      const [f1, f2] = lang === 'en' ? ['Fortnight 1', 'Fortnight 2'] : ['Quincena 1', 'Quincena 2'];
      const [axis, soviets] = lang === 'en' ? ['Axis', 'Soviets'] : ['Eje', 'Soviéticos'];
      const turn = lang === 'en' ? 'player turn' : 'Turno de Jugador';
      const command = lang === 'en' ? 'Command' : 'Mando';
      expect(title()).toMatch({ en: /^July 1942 · Production$/, es: /^Julio de 1942 · Producción$/ }[lang]);
      expect(names().filter((n) => n.startsWith(f1))).toEqual([]);
      expect(names().filter((n) => n.startsWith(f2))).toHaveLength(13);
      // "JULIO II TURNO DEL EJE" (seed line 2637), "JULIO II TURNO RUSO" (seed line 2689).
      expect(playerTurns(picker())).toEqual([
        `${f2} · ${turn} 1: ${axis} · ${command}`,
        `${f2} · ${turn} 2: ${soviets} · ${command}`,
      ]);
      // Production's weather tool is for the fortnight it leads to.
      await click(byId('ef-weather-roll-east')!);
      expect(last()).toEqual({ type: 'procedure', id: 'ef.weather', input: { front: 'east', fortnight: 2 } });
      // Next leads from Production to fortnight II's weather; Previous leads back.
      await click(byId('ef-next')!);
      expect(last()).toEqual({ type: 'procedure', id: PHASE_STEP, input: { index: F2_WEATHER } });
      expect(title()).toContain(`${f2} · `);
      const previous = lang === 'en' ? 'Previous' : 'Anterior';
      await click([...deep(r, 'button')].find((b) => b.textContent!.trim() === previous)!);
      expect(last()).toEqual({ type: 'procedure', id: PHASE_STEP, input: { index: 0 } });
      // The Soviet player turn's last phase ends the month.
      await choose(picker(), String(PHASES.length - 1));
      expect(byId('ef-next')).toBeNull();
      const end = lang === 'en' ? 'End of month 1' : 'Fin del mes 1';
      await click([...deep(r, 'button')].find((b) => b.textContent!.trim() === end)!);
      expect(last()).toEqual({ type: 'end-turn' });
      // "PRODUCCION DE AGOSTO" (seed line 2705), "AGOSTO I TURNO DEL EJE" (2713): both fortnights (4.1), and
      // August's Production leads to fortnight I.
      expect(title()).toMatch({ en: /^August 1942 · Production$/, es: /^Agosto de 1942 · Producción$/ }[lang]);
      expect(names().filter((n) => n.startsWith(f1))).toHaveLength(13);
      expect(playerTurns(picker())).toHaveLength(4);
      await click(byId('ef-weather-roll-east')!);
      expect(last()).toEqual({ type: 'procedure', id: 'ef.weather', input: { front: 'east', fortnight: 1 } });
      await click(byId('ef-next')!);
      expect(last()).toEqual({ type: 'procedure', id: PHASE_STEP, input: { index: 1 } });
      expect(g.current().state.turn).toBe(2);
      expect(rawKeys(textOf(r), hasKey)).toEqual([]);
    },
  );

  it.each([
    // Scn S44 3 ORDEN DE HITLER "RESISTIR O MORIR" (seed line 2471), one case per sentence.
    [
      'El jugador del Eje no puede activar ningún HQ en el primer turno de este escenario.',
      'en',
      'the Axis player may not activate any HQ in the first turn of this scenario.',
    ],
    [
      'El jugador del Eje no puede activar ningún HQ en el primer turno de este escenario.',
      'es',
      'el jugador del Eje no puede activar ningún HQ en el primer turno de este escenario.',
    ],
    ['Comenzar con el turno del jugador soviético.', 'en', 'Start with the Soviet player turn, though June is Dry.'],
    [
      'Comenzar con el turno del jugador soviético.',
      'es',
      'Comenzar con el turno del jugador soviético, aunque junio sea Seco.',
    ],
  ] as const)(
    'S44: the weather tool says Scn S44 3 before the roll and beside the recorded line that keeps the Axis (12.21): "%s" (%s)',
    async (_, lang, says) => {
      const { byId, click } = await setup({ game: s44, lang, steps: [phaseStep(1)] });
      const tool = () => byId('ef-tool-weather')!;
      const rule = lang === 'en' ? '(rule Scn S44 3)' : '(regla Scn S44 3)';
      const note = textOf(byId('ef-weather-first-rule', tool())!);
      expect(note).toContain(says);
      expect(note.endsWith(rule)).toBe(true);
      await click(byId('ef-weather-roll-east', tool())!);
      // The recorded line stays as saved games have it; the rule is said beside it, in the same result.
      const result = byId('ef-result-weather-east', tool())!;
      expect(textOf(result)).toContain(
        lang === 'en'
          ? 'The Axis plays the first player turn of this fortnight (Dry or Mud). (rule 4.4, 12.21)'
          : 'El Eje juega el primer Turno de Jugador de esta Quincena (Seco o Barro). (regla 4.4, 12.21)',
      );
      expect(textOf(byId('ef-weather-first-rule', result)!)).toBe(note);
      expect(deep(tool(), '[data-testid="ef-weather-first-rule"]')).toHaveLength(1);
    },
  );

  it("the Scn S44 3 note is only in S44's first fortnight: not in its second, nor in another scenario", async () => {
    const a = await setup({ game: s44, steps: [phaseStep(F2_WEATHER)] });
    expect(a.byId('ef-tool-weather')).not.toBeNull();
    expect(a.byId('ef-weather-first-rule')).toBeNull();
    document.body.innerHTML = '';
    const b = await setup({ steps: [phaseStep(1)] });
    expect(b.byId('ef-tool-weather')).not.toBeNull();
    expect(b.byId('ef-weather-first-rule')).toBeNull();
  });

  it.each(['en', 'es'] as const)(
    'in a month of variable weather a player turn says its side comes with the weather roll, never "?", until rolled (12.1) (%s)',
    async (lang) => {
      // October 1941 (S41 turn 5), variable (12.1): "cada Quincena comienza con una tirada del dado por el Clima".
      const { r, byId, click, fill, choose, title } = await setup({
        lang,
        physical: true,
        turn: 5,
        steps: [phaseStep(1)],
      });
      const pending = {
        en: ['player turn 1: side set by the weather roll', 'player turn 2: side set by the weather roll'],
        es: [
          'Turno de Jugador 1: bando según la tirada de clima',
          'Turno de Jugador 2: bando según la tirada de clima',
        ],
      }[lang];
      const turns = () => playerTurns(byId<HTMLSelectElement>('ef-phase')!);
      expect(turns().map((o) => o.split(' · ')[1])).toEqual([...pending, ...pending]);
      expect(textOf(r)).not.toContain('?');
      expect(rawKeys(textOf(r), hasKey)).toEqual([]);
      // 1 + 2 = 3, odd → Mud: the Axis first in the first fortnight (12.21); the second is rolled again.
      await fill(byId<HTMLInputElement>('ef-rolls', byId('ef-tool-weather')!)!, '1 2');
      await click(byId('ef-weather-roll-east')!);
      const [axis, soviets] = lang === 'en' ? ['Axis', 'Soviets'] : ['Eje', 'Soviéticos'];
      const named = lang === 'en' ? 'player turn' : 'Turno de Jugador';
      expect(turns().map((o) => o.split(' · ')[1])).toEqual([
        `${named} 1: ${axis}`,
        `${named} 2: ${soviets}`,
        ...pending,
      ]);
      await choose(byId<HTMLSelectElement>('ef-phase')!, String(COMBAT));
      expect(title()).toContain(`${named} 1: ${axis} · `);
    },
  );

  it('the battle form asks for ef.battle with the terrain, the assault and each block as entered (7.12)', async () => {
    const { g, battle, byId, click, choose, fill, last } = await setup({ steps: [phaseStep(COMBAT)] });
    const b = battle();
    expect(textOf(b)).toContain('No battle entered yet.');
    await choose(byId<HTMLSelectElement>('ef-terrain', b)!, 'forest');
    await click(byId<HTMLInputElement>('ef-assault-river', b)!);
    const add = async (side: 'axis' | 'soviet', label: string, unitType: string, cv: string) => {
      const box = byId(`ef-blocks-${side}`, b)!;
      await click(byId(`ef-add-${side}`, box)!);
      await fill([...deep<HTMLInputElement>(box, '[data-testid=ef-label]')].at(-1)!, label);
      await choose([...deep<HTMLSelectElement>(box, '[data-testid=ef-type]')].at(-1)!, unitType);
      await fill([...deep<HTMLInputElement>(box, '[data-testid=ef-cv]')].at(-1)!, cv);
    };
    for (const x of BLOCKS) await add(x.side, x.id, x.type, String(x.cv));
    await click(byId('ef-new-battle', b)!);
    expect(last()).toEqual({
      type: 'procedure',
      id: 'ef.battle',
      input: {
        terrain: 'forest',
        weather: 'dry',
        scenario: 's41',
        od: 'soviet',
        assault: { river: true },
        continue: false,
        blocks: BLOCKS.map((x) => ({ ...x })),
      },
    });
    expect(g.current().session.log).toHaveLength(2);
    expect(textOf(byId('ef-result-battle', b)!)).toBe(
      'Axis 2 · Soviets 2 blocks Battle entered Forest, Dry; Original Defender: Soviets. (rule 7.12)',
    );
    expect(textOf(byId('ef-block-41Pz', b)!)).toBe('41Pz · Armor · 4');
    expect(textOf(byId('ef-block-5A', b)!)).toBe('5A · Infantry · 2');
  });

  it('a CV out of range is refused at its block (7.12): the message and aria-invalid there, nothing logged', async () => {
    const { g, battle, byId, click, fill } = await setup({ steps: [phaseStep(COMBAT)] });
    const b = battle();
    for (const side of ['axis', 'soviet'] as const) await click(byId(`ef-add-${side}`, b)!);
    const axis = byId('ef-blocks-axis', b)!;
    await fill(byId<HTMLInputElement>('ef-cv', axis)!, '7');
    await click(byId('ef-new-battle', b)!);
    expect(g.act).toHaveBeenCalledTimes(1);
    expect(g.current().session.log).toHaveLength(1);
    expect(textOf(byId('ef-error-setup', axis)!)).toBe('A1: a whole number from 1 to 4.');
    expect(byId('ef-cv', axis)!.getAttribute('aria-invalid')).toBe('true');
    expect(byId('ef-cv', byId('ef-blocks-soviet', b)!)!.getAttribute('aria-invalid')).toBe('false');
    // Corrected, the battle is saved and the message goes.
    await fill(byId<HTMLInputElement>('ef-cv', axis)!, '4');
    await click(byId('ef-new-battle', b)!);
    expect(g.current().session.log).toHaveLength(2);
    expect(byId('ef-error-setup', b)).toBeNull();
  });

  it('a block’s refusal goes when the game moves to another phase: its message and its aria-invalid (issue #29)', async () => {
    const { g, battle, byId, click, choose, fill } = await setup({ steps: [phaseStep(COMBAT)] });
    const b = battle();
    for (const side of ['axis', 'soviet'] as const) await click(byId(`ef-add-${side}`, b)!);
    const axis = byId('ef-blocks-axis', b)!;
    await fill(byId<HTMLInputElement>('ef-cv', axis)!, '7');
    await click(byId('ef-new-battle', b)!);
    expect(textOf(byId('ef-error-setup', axis)!)).toBe('A1: a whole number from 1 to 4.');
    expect(byId('ef-cv', axis)!.getAttribute('aria-invalid')).toBe('true');
    // Blitz combat (4.45) offers the same battle tool: the refusal said at Combat no longer stands.
    await choose(byId<HTMLSelectElement>('ef-phase')!, String(COMBAT + 2));
    expect(g.current().state.game).toMatchObject({ phase: { index: COMBAT + 2 } });
    expect(battle()).toBe(b);
    expect(byId('ef-error-setup', b)).toBeNull();
    expect(byId('ef-cv', byId('ef-blocks-axis', b)!)!.getAttribute('aria-invalid')).toBe('false');
  });

  it('a round: Start asks for ef.round; the chances before defensive fire are the rules module’s stepPreview (7.31, 7.51)', async () => {
    const { g, battle, byId, click, fill, last, bat } = await setup({ steps: [phaseStep(COMBAT), battleStep()] });
    const b = battle();
    await click(byId('ef-active-axis', b)!);
    await fill(byId<HTMLInputElement>('ef-air', b)!, '0');
    await click(byId('ef-start-round', b)!);
    expect(last()).toEqual({ type: 'procedure', id: 'ef.round', input: { active: 'axis', supported: true, air: 0 } });
    expect(textOf(byId('ef-step', b)!)).toBe('Round 1: Defensive fire');
    // The Soviets fire 3 + 2 dice at SF (hit on a 6): 5 dice.
    expect(textOf(b)).toContain('5 dice at SF');
    const preview = stepPreview(bat(), DEFAULT_READINGS)!;
    const shown = barsOf(byId('ef-chance', b)!);
    expect(shown).toEqual([
      ['0 hits', '40.2%'],
      ['1 hit', '40.2%'],
      ['2 hits', '16.1%'],
      ['3 hits', '3.2%'],
      ['4 hits', '0.3%'],
      ['5 hits', '<0.1%'],
    ]);
    // Each percentage shown is the engine's, to the tenth shown.
    const engine = [...preview.hits.counts].filter(([, c]) => c > 0);
    expect(shown.map(([label]) => label)).toEqual(engine.map(([k]) => `${k} hit${k === 1 ? '' : 's'}`));
    shown.forEach(([, p], k) => {
      const exact = (100 * engine[k]![1]) / preview.hits.outcomes;
      if (p === '<0.1%') expect(exact).toBeLessThan(0.05);
      else expect(Number.parseFloat(p!)).toBeCloseTo(exact, 1);
    });
    // River assault in Dry weather (7.51): each defensive die of 1–2 repulses an attacker.
    expect(preview.repulse!.t).toBe(2);
    const repulses = barsOf(byId('ef-chance-repulse', b)!);
    const rep = [...preview.repulse!.dist.counts].filter(([, c]) => c > 0);
    expect(repulses.map(([k]) => k)).toEqual(rep.map(([k]) => String(k)));
    expect(repulses[0]).toEqual(['0', '13.2%']);
    expect(g.current().session.log).toHaveLength(3);
  });

  // 7.12 (seed 004 line 969): "las unidades del Defensor Original se colocan siempre de pie en el Hex de
  // Batalla tras el combate, mientras que las del Atacante Original permanecerán descubiertas (boca
  // arriba)"; 7.21 (line 999): at the end of the round the OD's stand up again.
  it('after a round of a battle entered hidden, Save blocks keeps only the Original Defender’s hidden: the Axis stay face up (7.12, 7.21)', async () => {
    const { g, battle, byId, click, last, bat } = await setup({
      steps: [
        phaseStep(COMBAT),
        battleStep({ hidden: true, assault: {} }),
        procedureStep('ef.round', { active: 'axis', supported: true, air: 0 }),
        // No hits: the Soviets' defensive fire (16A 3 dice, 5A 2), then the Axis offensive fire (41Pz 4, 9 3).
        procedureStep('ef.fire', {}, [
          [1, 1, 1],
          [1, 1],
        ]),
        procedureStep('ef.fire', {}, [
          [1, 1, 1, 1],
          [1, 1, 1],
        ]),
      ],
    });
    expect(bat().rounds).toBe(1);
    expect(bat().hidden).toEqual(['soviet']);
    const b = battle();
    // The Axis, the Original Attacker, face up: its blocks shown and its editor open; the Soviets behind the hand-off.
    expect(byId('ef-block-41Pz', b)).not.toBeNull();
    expect(byId('ef-standing-soviet', b)).not.toBeNull();
    expect(byId('ef-enter-axis', b)).toBeNull();
    expect(byId('ef-enter-soviet', b)).not.toBeNull();
    await click(byId('ef-save-blocks', b)!);
    expect(last()).toMatchObject({ id: 'ef.battle', input: { continue: true, hidden: ['soviet'] } });
    expect(bat().hidden).toEqual(['soviet']);
    expect(byId('ef-error-setup', b)).toBeNull();
    expect(byId('ef-standing-axis', b)).toBeNull();
    expect(textOf(byId('ef-block-41Pz', b)!)).toBe('41Pz · Armor · 4');
    expect(byId('ef-standing-soviet', b)).not.toBeNull();
    expect(g.current().session.log.at(-1)!.outcome).toMatchObject({ id: 'ef.battle', result: { rounds: 1 } });
  });

  it('with real dice, Fire sends ef.fire with the dice typed in, in order; the dice, the hits and the repulse are shown', async () => {
    const { g, battle, byId, click, fill, last, bat } = await setup({
      physical: true,
      steps: [
        phaseStep(COMBAT),
        battleStep(),
        { type: 'procedure', id: 'ef.round', input: { active: 'axis', supported: true, air: 0 } },
      ],
    });
    const b = battle();
    expect(textOf(b)).toContain('16A: 3 · 5A: 2');
    // 16A rolls [2 6 4]: a hit (6) and a repulse (2); 5A rolls [5 4]: nothing.
    await fill(byId<HTMLInputElement>('ef-rolls', b)!, '2 6 4, 5 4');
    await click(byId('ef-fire', b)!);
    const dice = [
      [2, 6, 4],
      [5, 4],
    ];
    expect(last()).toEqual(procedureStep('ef.fire', {}, dice));
    expect(g.current().session.log.at(-1)!.outcome).toMatchObject({
      result: { step: 'defence', hits: 1, repulses: 1 },
    });
    const shots = [...deep(b, '[data-testid=ef-shot]')];
    expect(shots.map((s) => [...deep(s, '.die')].map((d) => d.textContent!.trim()))).toEqual([
      ['2', '6', '4'],
      ['5', '4'],
    ]);
    expect(deep(shots[0]!, '.die.hit')).toHaveLength(1);
    expect(deep(shots[0]!, '.die.rep')).toHaveLength(1);
    expect(textOf(byId('ef-result-battle', b)!)).toContain('1 hit, 1 repulse');
    // The round moves on to offensive fire; the typed dice were used up.
    expect(bat().round!.step).toBe('offence');
    expect(textOf(byId('ef-step', b)!)).toBe('Round 1: Offensive fire');
    expect(byId<HTMLInputElement>('ef-rolls', b)!.value).toBe('');
  });

  it('one announcement per result (issue #28 item 16): the panel shows it, the session announces it — no live region here', async () => {
    const { battle, byId, click, fill } = await setup({
      physical: true,
      steps: [
        phaseStep(COMBAT),
        battleStep(),
        { type: 'procedure', id: 'ef.round', input: { active: 'axis', supported: true, air: 0 } },
      ],
    });
    const b = battle();
    await fill(byId<HTMLInputElement>('ef-rolls', b)!, '2 6 4, 5 4');
    await click(byId('ef-fire', b)!);
    expect(textOf(byId('ef-result-battle', b)!)).toContain('1 hit, 1 repulse');
    expect(byId('ef-result-battle', b)!.closest('[aria-live], [role=status], [role=log]')).toBeNull();
    expect(deep(b, '[aria-live], [role=status]')).toHaveLength(0);
  });

  it('each side’s blocks are named as English says it: "Soviet blocks", "+ Soviet block" (issue #28 item 16)', async () => {
    const { battle } = await setup({ steps: [phaseStep(COMBAT), battleStep()] });
    const text = textOf(battle());
    expect(text).toContain('Soviet blocks');
    expect(text).toContain('Axis blocks');
    expect(text).toContain('+ Soviet block');
    expect(text).not.toMatch(/Soviets blocks?\b/);
    // The Original Defender's tag in English is OD (DO is the Spanish "Defensor Original").
    expect(text).toContain('Soviets (OD)');
    expect(text).not.toContain('(DO)');
  });

  it('pursuit fire in a fortress is refused until the players say whose rearguard it is (7.23 line 1014, 7.35 line 1079)', async () => {
    const { g, r, byId, click, choose } = await setup({ steps: [phaseStep(COMBAT)] });
    const roll = byId('ef-pursuit-roll')!;
    const tool = roll.closest('fieldset')!;
    await choose(deep(tool, 'select')[1] as HTMLSelectElement, 'fortress');
    const n = g.current().session.log.length;
    await click(byId('ef-pursuit-roll')!);
    expect(textOf(byId('ef-error-pursuit', r)!)).toContain('In a fortress, say whether the rearguard');
    expect(g.current().session.log.length).toBe(n);
    expect(byId('ef-rg-role', r)).not.toBeNull();
  });

  it('a battle that goes on offers a retreat: pursuit fire filled from the battle, the rearguard’s side said (6.41, 7.23)', async () => {
    const { battle, byId, click, last } = await setup({
      steps: [
        phaseStep(COMBAT),
        battleStep({ terrain: 'fortress', assault: {}, od: 'soviet' }),
        { type: 'procedure', id: 'ef.round', input: { active: 'axis', supported: true, air: 0 } },
        procedureStep('ef.fire', {}, [
          [1, 1, 1],
          [1, 1],
        ]),
        procedureStep('ef.fire', {}, [
          [1, 1, 1, 1],
          [1, 1, 1],
        ]),
      ],
    });
    const b = battle();
    expect(textOf(byId('ef-retreat', b)!)).toContain('The battle goes on');
    // The Axis (the Original Attacker) retreat: the Soviet blocks pursue; no Triple Defence for the rearguard.
    await click(byId('ef-retreat-axis', b)!);
    const retreat = byId('ef-retreat', b)!;
    expect(byId<HTMLInputElement>('ef-rg-oa', retreat)!.checked).toBe(true);
    await click(byId('ef-pursuit-roll', retreat)!);
    expect(last()).toMatchObject({
      id: 'ef.pursuit',
      input: {
        terrain: 'fortress',
        rearguardOD: false,
        pursuers: [
          { type: 'infantry', cv: 3 },
          { type: 'infantry', cv: 2 },
        ],
      },
    });
  });

  it('pursuit fire shows its chances before the roll: the pursuers’ dice by speed and each step lost, as pursuitPreview (6.41, 6.42)', async () => {
    const { g, el, byId, choose, fill } = await setup({
      steps: [phaseStep(PHASES.findIndex((p) => p.id === 'f1.p1.movement'))],
    });
    const tool = byId('ef-tool-pursuit')!;
    expect(byId('ef-pursuit-chances', tool)).toBeNull();
    await choose(deep(tool, 'select')[1] as HTMLSelectElement, 'forest');
    const pursuers = [...deep<HTMLInputElement>(tool, 'input')].find((i) => i.placeholder === 'armor 3, infantry 2')!;
    await fill(pursuers, 'armor 3');
    const chances = byId('ef-pursuit-chances', tool)!;
    expect(textOf(chances)).toContain('3 dice at DF');
    expect(textOf(chances)).toContain('2 hits per step');
    const p = pursuitPreview(
      { table: (id: string) => g.current().ctx.tables.get(id)! },
      {
        weather: 'dry',
        terrain: 'forest',
        scenario: 's41',
        rearguard: { side: 'soviet', type: 'infantry', cv: 2 },
        pursuers: [{ type: 'armor', cv: 3 }],
        evacuation: 'none',
        rearguardOD: true,
        readings: DEFAULT_READINGS,
      },
    );
    const pct = (k: number) =>
      `${new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 }).format((100 * p.steps.counts.get(k)!) / p.steps.outcomes)}%`;
    expect(barsOf(byId('ef-pursuit-chance', chances)!)).toEqual([
      ['0 steps', pct(0)],
      ['1 step', pct(1)],
    ]);
    void el;
  });

  it('the HQ ledger (4.41, 5.2): Activate asks for ef.hqActivate with the VM typed; a blank VM is asked for at its field', async () => {
    const COMMAND = PHASES.findIndex((p) => p.id === 'f1.p1.command');
    const { g, r, byId, click, fill, last } = await setup({ steps: [phaseStep(COMMAND)] });
    const tool = byId('ef-tool-hq')!;
    await fill(byId<HTMLInputElement>('ef-hq-id', tool)!, 'AG Centro');
    const n = g.current().session.log.length;
    await click(byId('ef-hq-activate', tool)!);
    expect(g.current().session.log.length).toBe(n);
    expect(deepOne(r, '#ef-hq-vm')!.getAttribute('aria-invalid')).toBe('true');
    await fill(byId<HTMLInputElement>('ef-hq-vm', tool)!, '3');
    await click(byId<HTMLInputElement>('ef-hq-blitz', tool)!);
    await click(byId('ef-hq-activate', tool)!);
    expect(last()).toMatchObject({
      id: 'ef.hqActivate',
      input: { id: 'AG Centro', side: 'axis', vm: 3, blitz: true, supreme: false },
    });
    const row = byId('ef-hq-row', byId('ef-tool-hq')!)!;
    expect(textOf(row)).toContain('AG Centro: VM 3');
    expect(textOf(row)).toContain('2 steps to spend');
    expect(textOf(row)).toContain('Command radius 3 hexes');
    expect(rawKeys(textOf(r), hasKey)).toEqual([]);
  });

  it('mandatory combat (7.15): the new battles and those with an air attack are listed, each to be confirmed as fought', async () => {
    const { r, byId, fill, click } = await setup({ steps: [phaseStep(COMBAT)] });
    const tool = byId('ef-tool-mandatory')!;
    expect(textOf(tool)).toContain('No battle is mandatory so far.');
    await fill(byId<HTMLInputElement>('ef-must-new', tool)!, 'Kiev');
    await fill(byId<HTMLInputElement>('ef-must-air', tool)!, 'Kiev, Tula');
    await click(byId<HTMLInputElement>('ef-must-sevastopol', tool)!);
    expect(textOf(byId('ef-must-status', tool)!)).toBe('3 mandatory battles still to fight.');
    const list = textOf(byId('ef-must-list', tool)!);
    expect(list).toContain('New battle: at least one round must be fought.');
    expect(list).toContain('Air attack assigned: combat is mandatory.');
    expect(list).toContain('Fought: Sevastopol');
    for (const box of deep<HTMLInputElement>(tool, '[data-testid="ef-must-fought"]')) await click(box);
    expect(textOf(byId('ef-must-status', tool)!)).toBe('Every mandatory battle fought.');
    expect(rawKeys(textOf(r), hasKey)).toEqual([]);
  });

  it('Production lists the month’s reinforcements from the scenario’s list, each with its seed line (11.5)', async () => {
    const { byId } = await setup({ game: w41 });
    const tool = byId('ef-tool-reinforcements')!;
    const list = textOf(byId('ef-reinf-list', tool)!);
    expect(list).toContain('Soviets · 3 SHOCK: Shock 4');
    expect(list).toContain('4 PARA CPS: Paratroops 1');
    expect(list).toContain('seed line 2134');
    expect(list).not.toContain('61 CPS');
    expect(textOf(tool)).toContain('marks no entry in the text');
  });

  it('the air attack of an active HQ of the ledger is one tap: its strength after disorganisation (5.5, 5.8, 13.12, 13.16)', async () => {
    const at = (id: string) => PHASES.findIndex((p) => p.id === id);
    const { battle, byId, click, last } = await setup({
      game: w41,
      steps: [
        phaseStep(at('f1.p2.command')), // December 1941, Snow: the Axis plays second (4.4, 12.21)
        procedureStep('ef.hqActivate', { id: 'AG Centro', side: 'axis', vm: 3 }),
        phaseStep(at('f1.p2.combat')),
        battleStep({ scenario: 'w41', weather: 'snow', assault: {} }),
      ],
    });
    const b = battle();
    await click(byId<HTMLInputElement>('ef-active-axis', b)!);
    const from = byId('ef-air-from', b)!;
    // Snow disorganises the Axis HQs (5.8): VM 3 works at 2, so its air attack has 2 dice (13.16).
    expect(textOf(from)).toBe('Air attack of AG Centro: 2 dice');
    await click(from);
    expect(byId<HTMLInputElement>('ef-air', b)!.value).toBe('2');
    await click(byId('ef-start-round', b)!);
    expect(last()).toMatchObject({ id: 'ef.round', input: { active: 'axis', air: 2 } });
  });

  it('a tie is the owner’s choice (7.33): the equal blocks are buttons, and a tap asks for ef.choose with that block', async () => {
    const soviets = [
      { id: '16A', side: 'soviet', type: 'infantry', cv: 3 },
      { id: '5A', side: 'soviet', type: 'infantry', cv: 3 },
    ];
    const { g, battle, byId, click, last, bat } = await setup({
      lang: 'es',
      steps: [
        phaseStep(COMBAT),
        battleStep({ assault: {}, od: 'axis', blocks: [...BLOCKS.slice(0, 2), ...soviets] }),
        { type: 'procedure', id: 'ef.round', input: { active: 'soviet', supported: true, air: 0 } },
        // Axis defensive fire in clear terrain: 41Pz [5 1 1 1] at DF (5–6) scores one hit; 9 [1 1 1] none.
        {
          type: 'procedure',
          id: 'ef.fire',
          input: {},
          manual: [
            [5, 1, 1, 1],
            [1, 1, 1],
          ],
        },
      ],
    });
    const b = battle();
    const prompt = byId('ef-prompt', b)!;
    expect(textOf(deepOne(prompt, 'legend')!)).toBe('Soviéticos: elige cuál de 16A, 5A recibe el siguiente impacto.');
    expect([...deep(prompt, 'button')].map((x) => x.textContent!.trim())).toEqual(['16A', '5A']);
    // No fire button while the choice is pending.
    expect(byId('ef-fire', b)).toBeNull();
    expect(rawKeys(textOf(b), hasKey)).toEqual([]);
    await click(byId('ef-choose-5A', b)!);
    expect(last()).toEqual({ type: 'procedure', id: 'ef.choose', input: { block: '5A' } });
    expect(bat().blocks.find((x) => x.id === '5A')!.cv).toBe(2);
    expect(textOf(byId('ef-block-5A', b)!)).toBe('5A · Infantería · 2');
    expect(textOf(byId('ef-step', b)!)).toBe('Ronda 1: Fuego ofensivo');
    expect(g.report).not.toHaveBeenCalled();
  });

  it('the paratroop rally (14.6, line 1678): the conditions ticked go with ef.rally; the result says it rallies', async () => {
    const SUPPLY = PHASES.findIndex((p) => p.id === 'f1.p1.supply');
    const { r, byId, click, fill, last } = await setup({ steps: [phaseStep(SUPPLY)] });
    const tool = byId('ef-tool-rally')!;
    await fill(byId<HTMLInputElement>('ef-rally-unit', tool)!, '5 Para');
    await click(byId<HTMLInputElement>('ef-rally-friendlyHex', tool)!);
    await click(byId('ef-rally-check', tool)!);
    expect(last()).toEqual(procedureStep('ef.rally', { unit: '5 Para', friendlyHex: true }));
    expect(textOf(byId('ef-result-rally', tool)!)).toContain('5 Para rallies');
    expect(rawKeys(textOf(r), hasKey)).toEqual([]);
  });

  it('overstacking (6.21, 6.22 line 825): the units over a swamp’s 3 are counted before the step, the owner picks which', async () => {
    const SUPPLY = PHASES.findIndex((p) => p.id === 'f1.p1.supply');
    const { r, byId, choose, click, fill, last } = await setup({ steps: [phaseStep(SUPPLY)] });
    const tool = byId('ef-tool-overstack')!;
    // 6.21 gives no limit for a fortress: the field asks for the printed one, and says why.
    await choose(byId<HTMLSelectElement>('ef-stack-terrain', tool)!, 'fortress');
    expect(byId('ef-stack-limit', tool)).not.toBeNull();
    expect(textOf(byId('ef-stack-why', tool)!)).toContain('no stacking limit for Fortress');
    await choose(byId<HTMLSelectElement>('ef-stack-terrain', tool)!, 'swamp');
    expect(byId('ef-stack-limit', tool)).toBeNull();
    await fill(byId<HTMLInputElement>('ef-stack-units', tool)!, 'A inf 2, B inf 2, C inf 2, D inf 1');
    expect(textOf(tool)).toContain('1 unit over the limit of 3: the owner chooses');
    await click(deep<HTMLInputElement>(tool, '[data-testid="ef-stack-chosen"]')[3]!);
    await click(byId('ef-stack-apply', tool)!);
    expect(last()).toMatchObject({ id: 'ef.overstack', input: { terrain: 'swamp', chosen: ['D'] } });
    expect(textOf(byId('ef-result-overstack', tool)!)).toContain('D (1) is out of supply: it is eliminated');
    expect(rawKeys(textOf(r), hasKey)).toEqual([]);
  });

  it('Fortress Supply (10.5 line 1320): with the OD’s units in the fortress ticked, only their largest can be exempt', async () => {
    const SUPPLY = PHASES.findIndex((p) => p.id === 'f1.p1.supply');
    const { byId, click, fill, last } = await setup({ steps: [phaseStep(SUPPLY)] });
    const tool = byId('ef-tool-attrition')!;
    await fill(
      deep<HTMLInputElement>(tool, 'input[placeholder="Z inf 1, W armor 3"]')[0]!,
      '51A inf 3, 9A inf 2, 44A inf 4',
    );
    for (const box of deep<HTMLInputElement>(tool, '[data-testid="ef-oos-fortress"]')) await click(box);
    const options = () => [...byId<HTMLSelectElement>('ef-oos-exempt', tool)!.options].map((o) => o.value);
    expect(options()).toEqual(['', '44A']);
    await click(deep<HTMLButtonElement>(tool, 'button.primary')[0]!);
    expect(last()).toMatchObject({ id: 'ef.attrition', input: { fortress: ['51A', '9A', '44A'] } });
    expect(textOf(byId('ef-result-attrition', tool)!)).toContain('44A is the largest Original Defender unit');
  });

  it('Production in Spanish (11.41 line 1423, 11.51 line 1449, 11.6): marks in the purchases, an early arrival and its place', async () => {
    // July 1941 (S41's second month, the first with a Production, 11.1); 42 CPS is August's (line 2055).
    const { byId, click, fill, last } = await setup({ lang: 'es', turn: 2 });
    const tool = byId('ef-tool-production')!;
    await fill(byId<HTMLInputElement>('ef-prod-level', tool)!, '64');
    await fill(byId<HTMLInputElement>('ef-prod-buys', tool)!, '9 CPS inf paso implicada');
    await click(byId('ef-prod-run', tool)!);
    expect(textOf(byId('ef-error-production', tool)!)).toContain('9 CPS está implicada en una batalla');
    await fill(byId<HTMLInputElement>('ef-prod-buys', tool)!, '42 CPS anticipada pagada, 9 CPS inf paso');
    // 11.6 (line 1463): "Los lugares de llegada deben de tener Suministro Ferroviario/Marítimo y no en batalla".
    await fill(byId<HTMLInputElement>('ef-prod-arrivals', tool)!, '42 CPS @ Varsovia mayor sinsuministro');
    await click(byId('ef-prod-run', tool)!);
    expect(last()).toMatchObject({
      input: { arrivals: [{ unit: '42 CPS', at: 'Varsovia', size: 'major', railSupply: false }] },
    });
    expect(textOf(byId('ef-error-production', tool)!)).toContain('42 CPS no puede llegar a Varsovia');
    await fill(byId<HTMLInputElement>('ef-prod-arrivals', tool)!, '42 CPS @ Varsovia batalla mayor');
    await click(byId('ef-prod-run', tool)!);
    expect(last()).toMatchObject({
      input: { arrivals: [{ unit: '42 CPS', at: 'Varsovia', size: 'major', inBattle: true }] },
    });
    expect(textOf(byId('ef-error-production', tool)!)).toContain(
      '42 CPS no puede llegar a Varsovia: no en un hex de batalla (11.6).',
    );
    await fill(byId<HTMLInputElement>('ef-prod-arrivals', tool)!, '42 CPS @ Varsovia mayor');
    await click(byId('ef-prod-run', tool)!);
    expect(last()).toMatchObject({
      id: 'ef.production',
      input: {
        buys: [
          { unit: '42 CPS', kind: 'early', early: 'paid' },
          { unit: '9 CPS', type: 'infantry', kind: 'step' },
        ],
        arrivals: [{ unit: '42 CPS', at: 'Varsovia', size: 'major' }],
      },
    });
    const made = last();
    // No mark on the place: neither flag is sent.
    expect(made.type === 'procedure' ? (made.input as { arrivals?: unknown[] }).arrivals?.[0] : undefined).toEqual({
      unit: '42 CPS',
      at: 'Varsovia',
      size: 'major',
    });
    const result = textOf(byId('ef-result-production', tool)!);
    expect(result).toContain('42 CPS llega un mes antes con VC 4, pagando su cuadro: 6 PP (línea 2055 del texto).');
    expect(result).toContain('Varsovia: 42 CPS (1 llegada, como máximo 2).');
  });

  it('the set-up tool (3.2.2 line 504): the card’s rows typed, checked by ef.setup; chained, the [±n] change (3.1.2)', async () => {
    const { r, byId, click, fill, last } = await setup();
    const tool = byId('ef-tool-setup')!;
    // S41's Axis card, seed line 2034: "Blindadas 10 37" (ef-forces-axis).
    await fill(byId<HTMLInputElement>('ef-setup-armor-units', tool)!, '10');
    await fill(byId<HTMLInputElement>('ef-setup-armor-cv', tool)!, '37');
    await click(byId('ef-setup-run', tool)!);
    expect(last()).toEqual(procedureStep('ef.setup', { side: 'axis', forces: { armor: { units: 10, cv: 37 } } }));
    const result = textOf(byId('ef-result-setup-check', tool)!);
    expect(result).toContain('Starting forces as the card allows');
    expect(result).toContain('Armor: 10 units, CV 37: as the card allows.');
    expect(result).toContain('Infantry: 25 units, at most CV 94 (the card).');
    await click(byId<HTMLInputElement>('ef-setup-chained', tool)!);
    await click(byId('ef-setup-run', tool)!);
    expect(last()).toEqual(procedureStep('ef.setup', { side: 'axis', chained: true }));
    expect(textOf(byId('ef-result-setup-check', tool)!)).toContain('This card prints no Basic-PP change');
    expect(rawKeys(textOf(r), hasKey)).toEqual([]);
  });

  it('an Order of Battle event (16.4 line 1889): run from the other tools; the next Production offers the Italian 8th', async () => {
    const { g, r, byId, choose, click, last } = await setup();
    const tool = deepOne(r, 'wc-ef-events')!.shadowRoot!;
    await click(byId('ef-event-run-sevastopol', tool)!);
    expect(last()).toEqual(procedureStep('ef.event', { event: 'sevastopol' }));
    expect(textOf(byId('ef-result-events', tool)!)).toContain(
      'The Italian 8th Army may appear as a 3 CV reinforcement at the next Production.',
    );
    await choose(byId<HTMLSelectElement>('ef-phase')!, String(JUNE_1941_LAST));
    await click(deep(r, 'button').find((b) => b.textContent!.trim() === 'End of month 1')!);
    expect(g.current().state.turn).toBe(2);
    expect(textOf(byId('ef-reinf-events-due')!)).toContain(
      'the Italian 8th Army may arrive now as a 3 CV reinforcement',
    );
    expect(rawKeys(textOf(r), hasKey)).toEqual([]);
  });
});

// Issue #33: with each side's phone linked, hidden blocks (7.12) are typed and sealed on that side's
// phone (src/link/sealed-phone.ts); the table holds their count only (public: seed 004 line 29, "no
// pueden ver ni el tipo ni la fuerza") and its first round asks the phones for them (7.14, line 979).
describe('hidden blocks sealed on the players’ phones (issue #33)', () => {
  const SALT = 'c3'.repeat(32);
  const AXIS = [{ id: 'Geheim', side: 'axis', type: 'armor', cv: 3 }];
  const SOVIET = [{ id: 'Rifle', side: 'soviet', type: 'infantry', cv: 2 }];
  const peers = [
    { name: 'Axis phone', connected: true, side: 'axis' },
    { name: 'Soviet phone', connected: true, side: 'soviet' },
  ];
  const commit = (side: string, value: typeof AXIS): Action => ({
    type: 'sealed.commit',
    id: `ef-blocks-${side}-1`,
    side,
    commitment: sealCommitment(value, SALT),
    n: value.length,
  });

  it('the table never types a phone’s blocks: it waits for each seal, enters their counts, and its first round calls for them', async () => {
    const { g, battle, byId, click, last } = await setup({ steps: [phaseStep(COMBAT)] });
    Object.assign(g.app, { link: { role: 'writer', view: 'writer', peers } });
    const b = battle();
    await click(byId('ef-private', b)!.querySelector('input') ?? byId('ef-private', b)!);
    expect(textOf(byId('ef-hidden-axis', b)!)).toBe(
      'The Axis player types that side’s blocks on their own phone and seals them there.',
    );
    expect(byId('ef-blocks-axis', b)).toBeNull();
    await click(byId('ef-new-battle', b)!);
    expect(textOf(byId('ef-error-setup', b)!)).toBe(
      'The Axis phone has sealed no such blocks: seal them on that phone first.',
    );
    await g.act(commit('axis', AXIS));
    await g.act(commit('soviet', SOVIET));
    await click(byId('ef-private', b)!.querySelector('input') ?? byId('ef-private', b)!);
    await click(byId('ef-private', b)!.querySelector('input') ?? byId('ef-private', b)!);
    expect(textOf(byId('ef-hidden-axis', b)!)).toContain('Axis: 1 block entered, hidden — sealed on that side’s phone');
    await click(byId('ef-new-battle', b)!);
    expect(last()).toMatchObject({
      id: 'ef.battle',
      input: { hidden: true, sealed: { axis: 'ef-blocks-axis-1', soviet: 'ef-blocks-soviet-1' }, blocks: [] },
    });
    expect(textOf(byId('ef-standing-axis', b)!)).toContain('1 block standing');
    await click(byId('ef-start-round', b)!);
    // The call is logged; the round waits, naming the sides awaited.
    expect(g.current().state.sealed?.['ef-blocks-axis-1']?.called).toBe(true);
    expect(textOf(byId('ef-error-battle', b)!)).toContain('Waiting for the Axis phone to show its sealed blocks');
    expect(textOf(byId('ef-sealed-wait-axis', b)!)).toContain('Waiting for the Axis phone to show its sealed blocks.');
    expect(textOf(byId('ef-sealed-wait-axis', b)!)).toContain('enter the battle again');
    await g.act({ type: 'sealed.reveal', id: 'ef-blocks-axis-1', value: AXIS, salt: SALT });
    await g.act({ type: 'sealed.reveal', id: 'ef-blocks-soviet-1', value: SOVIET, salt: SALT });
    // Both shown: the round asked for starts by itself, with them (7.14).
    await vi.waitFor(() => expect(g.current().session.log.at(-1)?.outcome).toMatchObject({ id: 'ef.round' }));
    expect(last()).toMatchObject({ id: 'ef.round', input: { active: 'axis' } });
    await vi.waitFor(() => expect(textOf(byId('ef-block-Geheim', b)!)).toBe('Geheim · Armor · 3'));
  });

  it('on the Axis phone its blocks are typed and sealed there; the Soviet blocks are not asked for', async () => {
    const { g, battle, byId, click, fill } = await setup({ steps: [phaseStep(COMBAT)] });
    Object.assign(g.app, { link: { role: 'replica', view: 'player', side: 'axis', peers: [] } });
    const seal = vi.fn(async () => g.act(commit('axis', AXIS)));
    Object.assign(g.store, { seal, sealedHeld: () => AXIS });
    const b = battle();
    await click(byId('ef-private', b)!.querySelector('input') ?? byId('ef-private', b)!);
    expect(textOf(byId('ef-hidden-soviet', b)!)).toContain(
      'The Soviet player types that side’s blocks on their own phone',
    );
    const box = byId('ef-blocks-axis', b)!;
    await click(byId('ef-add-axis', box)!);
    await fill(byId<HTMLInputElement>('ef-label', box)!, 'Geheim');
    // Read as the battle will read it at the reveal: a CV out of range is refused here, nothing sealed.
    await fill(byId<HTMLInputElement>('ef-cv', box)!, '7');
    await click(byId('ef-seal-axis', b)!);
    expect(seal).not.toHaveBeenCalled();
    expect(textOf(byId('ef-error-seal', b)!)).toBe('Geheim: a whole number from 1 to 4.');
    await fill(byId<HTMLInputElement>('ef-cv', box)!, '3');
    await click(byId('ef-seal-axis', b)!);
    expect(seal).toHaveBeenCalledWith('ef-blocks', 'axis', [{ id: 'Geheim', side: 'axis', type: 'infantry', cv: 3 }]);
    expect(textOf(byId('ef-sealed-axis', b)!)).toBe('Sealed on this phone, not shown yet (1 block): Geheim (3)');
  });
});
