// @vitest-environment happy-dom
// <wc-grossdeutschland-panel>: Grossdeutschland's turn (3.0-3.5: Weather → Supply → Activation → End of
// turn) with a real game built from the game's data (tables/grossdeutschland, scenarios/grossdeutschland)
// and its procedures. The players set the turn's type and printed weather modifier (the turn track is
// not in the text), then the weather button asks for gd.weather (3.2, 14.0), with the die typed in when
// they roll real dice; the weather rolled shows in the panel's title.
import { afterEach, describe, expect, it } from 'vitest';
import { gameContext } from '../../../src/data/context';
import { grossdeutschlandUi } from '../../../src/games/grossdeutschland/messages-ui';
import { hasKey } from '../../../src/ui/i18n';
import type { WcGrossdeutschlandPanel } from '../../../src/games/grossdeutschland/panel';
import '../../../src/games/grossdeutschland/panel';
import { manifestFrom, manifestShortfall } from '../../../src/games/grossdeutschland/events';
import { button, fakeGame, labelsOf, loadGameBeforeAll, mountPanel, rawKeys, settle, textOf, type } from './fake-store';

/** The sequence of play (3.0): the panel's phases, in order. */
const PHASES = ['weather', 'supply', 'activation', 'end'] as const;

const kursk = loadGameBeforeAll('grossdeutschland', 'gd-kursk');

async function setup(opts: { physical?: boolean; lang?: 'en' | 'es'; scenario?: string } = {}) {
  const scenario = opts.scenario ?? 'gd-kursk';
  const context = scenario === kursk.scenario ? kursk.ctx : await gameContext(kursk.bundle, scenario);
  const g = fakeGame({ ...kursk, ctx: context, scenario, lang: opts.lang ?? 'en', side: 'german', seed: 'gd' });
  const panel = await mountPanel<WcGrossdeutschlandPanel>(g, 'wc-grossdeutschland-panel', opts.physical ?? false);
  const { el, r, tracker, currentPhase } = panel;
  /** To a phase, and in Activation to one of its steps (3a HQ chits, 3b an attack's event chits, 3c its combat, 3d fire and bridges). */
  const toPhase = async (p: (typeof PHASES)[number], step?: 'hq' | 'chits' | 'combat' | 'fire') => {
    tracker()[PHASES.indexOf(p)]!.click();
    await settle(el);
    if (step) {
      r.querySelectorAll<HTMLButtonElement>('nav.steps button')[
        ['hq', 'chits', 'combat', 'fire'].indexOf(step)
      ]!.click();
      await settle(el);
    }
  };
  const title = () => r.querySelector('h3')!.textContent!.replace(/\s+/g, ' ').trim();
  const typeRolls = async (text: string) => {
    type(r.querySelector<HTMLInputElement>('label.card input')!, text);
    await settle(el);
  };
  /** Fills the turn form (3.0, 14.0) and saves it. */
  const setTurn = async (turnType: string, modifier: string, day = '') => {
    const form = r.querySelector<HTMLFormElement>('form.card')!;
    form.querySelector<HTMLSelectElement>('select[name=tt]')!.value = turnType;
    type(form.querySelector<HTMLInputElement>('input[name=wm]')!, modifier);
    type(form.querySelector<HTMLInputElement>('input[name=day]')!, day);
    await settle(el);
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    await settle(el);
  };
  const rollWeather = () => button(r, 'Roll the weather');
  const last = () => g.act.mock.lastCall![0];
  return { g, el, r, tracker, currentPhase, toPhase, title, typeRolls, setTurn, rollWeather, last };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('wc-grossdeutschland-panel', () => {
  it('the tracker shows the four phases of the turn (3.0), Weather first and marked', async () => {
    const { g, tracker, currentPhase, toPhase, r } = await setup();
    expect(labelsOf(tracker())).toEqual(PHASES.map((p) => grossdeutschlandUi.en[`gdui.phase.${p}`]));
    expect(labelsOf(tracker())).toEqual(['1. Weather', '2. Supply', '3. Activation', '4. End of turn']);
    expect(currentPhase()).toEqual([tracker()[0]]);
    // Tapping the phase the game stands in logs nothing.
    await toPhase('weather');
    expect(g.act).not.toHaveBeenCalled();
    // Moving to another phase is the engine's phase step (issue #29), logged: the screens follow it.
    await toPhase('supply');
    expect(currentPhase()).toEqual([tracker()[1]]);
    expect(r.querySelector('wc-gd-supply')).not.toBeNull();
    await toPhase('activation');
    expect(r.querySelector('wc-gd-activation')).not.toBeNull();
    await toPhase('activation', 'chits');
    expect(r.querySelector('wc-gd-events')).not.toBeNull();
    await toPhase('end');
    expect(r.querySelector('wc-gd-vp')).not.toBeNull();
    // One step per phase moved to (3.1), none for the screens of the Activation phase.
    expect(g.act.mock.calls.map(([action]) => action)).toEqual(
      [1, 2, 3].map((index) => ({ type: 'procedure', id: 'sequence.phase', input: { index } })),
    );
    expect(g.current().state.game['phase']).toEqual({ turn: 1, index: 3, id: 'end' });
  });

  it('the screens follow where the engine stands (issue #29): a phase step made elsewhere (a linked phone, a reload) moves them, an undo moves them back', async () => {
    const { g, el, r, tracker, currentPhase } = await setup();
    // The move to the end of the turn (3.5) is logged by another device: this panel shows that phase.
    await g.act({ type: 'procedure', id: 'sequence.phase', input: { index: 3 } });
    await settle(el);
    expect(currentPhase()).toEqual([tracker()[3]]);
    expect(r.querySelector('wc-gd-vp')).not.toBeNull();
    expect(r.querySelector('form.card select[name=tt]')).toBeNull();
    // Undone, the game stands at the turn's first phase again (3.1: weather), and so do the screens.
    await g.undo();
    await settle(el);
    expect(currentPhase()).toEqual([tracker()[0]]);
    expect(r.querySelector('wc-gd-vp')).toBeNull();
    expect(r.querySelector('form.card select[name=tt]')).not.toBeNull();
  });

  it('the turn form asks for gd.turn (3.0, 14.0)', async () => {
    const { g, title, setTurn, last } = await setup();
    expect(title()).toBe('Turn 1 — ?, weather ?');
    await setTurn('evening', '1', '2');
    expect(last()).toEqual({
      type: 'procedure',
      id: 'gd.turn',
      input: { turnType: 'evening', weatherModifier: 1, day: 2 },
    });
    expect(g.current().session.log).toHaveLength(1);
    expect(title()).toBe('Turn 1 — Evening, weather ?');
  });

  it('one tap: Roll the weather saves the turn as typed first (3.0), then rolls it (14.0); a saved turn is not saved again', async () => {
    const { g, r, el, rollWeather } = await setup({ physical: true });
    const form = r.querySelector<HTMLFormElement>('form.card')!;
    form.querySelector<HTMLSelectElement>('select[name=tt]')!.value = 'night';
    type(form.querySelector<HTMLInputElement>('input[name=wm]')!, '-1');
    type(r.querySelector<HTMLInputElement>('label.card input')!, '4');
    await settle(el);
    rollWeather().click();
    await settle(el);
    await settle(el);
    const ids = g.act.mock.calls.map((c) => (c[0] as { id?: string }).id);
    expect(ids).toEqual(['gd.turn', 'gd.weather']);
    expect(g.act.mock.calls[0]![0]).toEqual({
      type: 'procedure',
      id: 'gd.turn',
      input: { turnType: 'night', weatherModifier: -1 },
    });
    // 14.0: 4 − 1 = 3 → Fog; the typed die went with the weather, not with the turn.
    expect(g.current().session.log.at(-1)!.outcome).toMatchObject({ kind: 'procedure', result: 'fog' });
    // Tapped again: the turn is unchanged, so only the weather is asked for (and refused: once per turn).
    rollWeather().click();
    await settle(el);
    expect(g.act.mock.calls.map((c) => (c[0] as { id?: string }).id)).toEqual(['gd.turn', 'gd.weather', 'gd.weather']);
    expect(g.current().session.log).toHaveLength(2);
  });

  it('Roll the weather asks for gd.weather with the die typed in; the weather shows in the title (14.0: 3 + 1 = Rain)', async () => {
    const { g, r, el, title, setTurn, typeRolls, rollWeather, last } = await setup({ physical: true });
    await setTurn('morning', '1');
    expect(last()).toMatchObject({
      type: 'procedure',
      id: 'gd.turn',
      input: { turnType: 'morning', weatherModifier: 1 },
    });
    await typeRolls('3');
    rollWeather().click();
    await settle(el);
    expect(last()).toEqual({ type: 'procedure', id: 'gd.weather', input: {}, manual: [[3]] });
    expect(g.current().session.log.at(-1)!.outcome).toMatchObject({ kind: 'procedure', result: 'rain' });
    expect(title()).toBe('Turn 1 — Morning, weather Rain');
    // Saved: the typed roll is cleared.
    expect(r.querySelector<HTMLInputElement>('label.card input')!.value).toBe('');
  });

  it('keeps the typed roll when the step is refused, and a second weather roll this turn is refused (once per turn)', async () => {
    const { g, r, el, setTurn, typeRolls, rollWeather } = await setup({ physical: true });
    await setTurn('day', '0');
    await typeRolls('7');
    rollWeather().click();
    await settle(el);
    expect(g.report).toHaveBeenCalledTimes(1);
    expect(r.querySelector<HTMLInputElement>('label.card input')!.value).toBe('7');
    await typeRolls('2');
    rollWeather().click();
    await settle(el);
    expect(g.current().session.log).toHaveLength(2);
    await typeRolls('5');
    rollWeather().click();
    await settle(el);
    expect(g.report).toHaveBeenCalledTimes(2);
    expect(g.report.mock.lastCall![0].key).toBe('error.once');
    expect(g.current().session.log).toHaveLength(2);
  });

  // Found while testing (fixed in the engine's runProcedure and actProcedure): with real dice, gd.turn,
  // which rolls nothing, took the rolls box — a die typed for the weather made the turn form refused
  // and was then cleared; with the box empty the form was logged as "typed in".
  it('with real dice, saving the turn form (no dice) is not refused for the die typed for the weather', async () => {
    const { g, r, setTurn, typeRolls } = await setup({ physical: true });
    await typeRolls('3');
    await setTurn('morning', '1');
    expect(g.report).not.toHaveBeenCalled();
    expect(g.current().session.log).toHaveLength(1);
    expect(r.querySelector<HTMLInputElement>('label.card input')!.value).toBe('3');
  });

  it('with real dice, the turn form (no dice) is not logged as "typed in"', async () => {
    const { g, setTurn } = await setup({ physical: true });
    await setTurn('morning', '1');
    expect(g.current().session.log.at(-1)!.manual).toBe(false);
  });

  it('AA / Flak (10.7) asks for gd.aa with the distance and light flak, and the dice typed in', async () => {
    const { g, r, toPhase, typeRolls, last, el } = await setup({ physical: true });
    await toPhase('activation', 'fire');
    const form = [...r.querySelectorAll('form')].find((f) => f.textContent!.includes('AA / Flak against an air chit'))!;
    type(form.querySelector<HTMLInputElement>('input[name=distance]')!, '8');
    form.querySelector<HTMLInputElement>('input[name=light]')!.checked = true;
    await typeRolls('4 4 1');
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    await settle(el);
    expect(last()).toEqual({
      type: 'procedure',
      id: 'gd.aa',
      input: { distance: 8, light: true },
      manual: [[4, 4, 1]],
    });
    // 3d6 for light flak: 9 > 8, the chit is cancelled.
    expect(g.current().session.log.at(-1)!.outcome).toMatchObject({ result: { cancelled: true, total: 9 } });
    // The next AA roll starts clean (issue #28): no distance, no light flak.
    const again = [...r.querySelectorAll('form')].find((f) =>
      f.textContent!.includes('AA / Flak against an air chit'),
    )!;
    expect(again.querySelector<HTMLInputElement>('input[name=distance]')!.value).toBe('');
    expect(again.querySelector<HTMLInputElement>('input[name=light]')!.checked).toBe(false);
    // A blank distance is asked for at its field; nothing is rolled (item 15).
    const calls = g.act.mock.calls.length;
    again.dispatchEvent(new Event('submit', { cancelable: true }));
    await settle(el);
    expect(g.act.mock.calls.length).toBe(calls);
    expect(r.getElementById('gd.aa-distance-error')!.textContent).toBe(
      'Nothing is typed here. Type a whole number from 0 to 30.',
    );
  });

  it('combat: the units give the column before the roll, and Resolve asks for gd.combat with them (10.1)', async () => {
    const { g, r, el, toPhase, setTurn, rollWeather, last } = await setup();
    await setTurn('day', '0');
    // The combat reads this turn's weather (14.0): the rules offer it once the weather is rolled (issue #29).
    rollWeather().click();
    await settle(el);
    await toPhase('activation', 'combat');
    const field = (label: string) =>
      [...r.querySelectorAll('label')].find((l) => l.textContent!.includes(label))!.querySelector('input')!;
    type(field('Attacking units'), '6, 3');
    type(field('Defending units'), '4');
    await settle(el);
    // 9 against 4 = 2.25, rounded up for the attacker (10.1 step 2): 3-1.
    expect(r.querySelector('[data-testid=gd-column]')!.textContent).toBe('Column: 3-1');
    button(r, 'Resolve the combat').click();
    await settle(el);
    expect(last()).toMatchObject({
      type: 'procedure',
      id: 'gd.combat',
      input: {
        attackers: [
          { af: 6, supply: 'full' },
          { af: 3, supply: 'full' },
        ],
        defenders: [{ df: 4, supply: 'full' }],
        attackingUnits: 2,
      },
    });
    expect(g.current().session.log.at(-1)!.outcome).toMatchObject({ kind: 'procedure' });
  });

  it('combat (3c, issue #28 item 11): the fortifications, engineer, bridge and overrun fold under a line naming those ticked, and are read when ticked', async () => {
    const { r, el, toPhase, setTurn, rollWeather, last } = await setup();
    await setTurn('day', '0');
    rollWeather().click();
    await settle(el);
    await toPhase('activation', 'combat');
    const more = r.querySelector<HTMLDetailsElement>('[data-testid=gd-combat-more]')!;
    expect(textOf(more.querySelector('summary')!)).toBe('Fortifications, engineer, bridge, overrun: none');
    expect(more.open).toBe(false);
    const box = (label: string) =>
      [...more.querySelectorAll('label')].find((l) => l.textContent!.includes(label))!.querySelector('input')!;
    box('Trench').click();
    box('Overrun').click();
    await settle(el);
    expect(textOf(more.querySelector('summary')!)).toMatch(
      /^Fortifications, engineer, bridge, overrun: Trench \(\+1\), Overrun/,
    );
    expect(more.open).toBe(true);
    const field = (label: string) =>
      [...r.querySelectorAll('label')].find((l) => l.textContent!.includes(label))!.querySelector('input')!;
    type(field('Attacking units'), '6');
    type(field('Defending units'), '3');
    await settle(el);
    button(r, 'Resolve the combat').click();
    await settle(el);
    expect(last()).toMatchObject({ id: 'gd.combat', input: { fortifications: { trench: true }, overrun: true } });
  });

  it('end of turn: replacements only on Night turns (3.5), and ending the turn goes back to Weather', async () => {
    const { g, r, toPhase, setTurn, currentPhase, tracker, el, last } = await setup();
    await toPhase('end');
    expect(textOf(r)).toContain('Replacements are rolled at the end of Night turns only.');
    await toPhase('weather');
    await setTurn('night', '0');
    await toPhase('end');
    button(r, 'Replacement roll: Soviet').click();
    await settle(el);
    expect(last()).toEqual({ type: 'procedure', id: 'gd.replacement', input: { side: 'soviet' } });
    button(r, 'End turn 1').click();
    await settle(el);
    expect(last()).toEqual({ type: 'end-turn' });
    expect(g.current().state.turn).toBe(2);
    expect(currentPhase()).toEqual([tracker()[0]]);
  });

  it('Kursk 18.4 [000: 941–949]: the special rules show on the first turn; the off-map 2Art range (949) with barrage and combat, the pioneers (947) with combat', async () => {
    const { g, r, el, toPhase } = await setup();
    const at = (where: string) =>
      textOf(r.querySelector(`[data-testid=gd-reminders-${where}]`) ?? document.createElement('p'));
    expect(at('setup')).toMatch(/The German sets up first\. \( ?18\.4 ?\)/);
    expect(at('setup')).toContain('1K 1Pz, 2K 1Pz and 3K 1Pz start the scenario flipped to their spent side.');
    await toPhase('activation', 'fire');
    expect(at('barrage')).toContain('its range counts as two hexes less than its printed range');
    expect(at('barrage')).not.toContain('pioneer');
    expect(at('directFire')).toBe('');
    await toPhase('activation', 'combat');
    expect(at('combat')).toContain('its range counts as two hexes less than its printed range');
    expect(at('combat')).toContain('German pioneer units count as engineer (Eng) units');
    // The set-up reminders are for the first turn only.
    await g.store.act({ type: 'end-turn' });
    await settle(el);
    await toPhase('weather');
    expect(r.querySelector('[data-testid=gd-reminders-setup]')).toBeNull();
  });

  it('Kursk 18.4 [000: 949]: the off-map 2Art box stands in the barrage form of Kursk only, where its rule is', async () => {
    const boxOf = async (scenario: string) => {
      const { r, toPhase } = await setup({ scenario });
      await toPhase('activation', 'fire');
      return r.querySelector('input[name=kursk2Art]');
    };
    expect(await boxOf('gd-kursk')).not.toBeNull();
    document.body.innerHTML = '';
    expect(await boxOf('gd-akhtyrka')).toBeNull();
  });

  it('18.5 [000: 957–963, 1004–1008]: the Activation phase lists each arriving HQ with its units as printed, and the other entry hex of 18.4 [000: 945]', async () => {
    for (const lang of ['en', 'es'] as const) {
      const { r, el, toPhase, setTurn } = await setup({ lang });
      await setTurn('evening', '0', '10');
      await toPhase('activation');
      const list = r.querySelector('wc-gd-activation')!.shadowRoot!.querySelector('[data-testid=gd-arrival-units]')!;
      await settle(el);
      const items = [...list.querySelectorAll('li')].map((li) => textOf(li));
      const entry = lang === 'en' ? 'entry' : 'entrada';
      expect(items).toContain(`HQ 1Gr, ${entry} D: 1K 1Gr, 2K 1Gr, 3K 1Gr, 4K 1Gr, Schw 1Gr, Pioneer 1 Gr`);
      expect(items).toContain(
        `HQ 3Art, ${entry} A: (7)Btty 3Art, (8)Btty 3Art, (9)Btty 3Art, Kannone 3Art ${lang === 'en' ? '(or entry B, 18.4)' : '(o entrada B, 18.4)'}`,
      );
      expect(items).toHaveLength(7);
      expect(rawKeys(textOf(r), hasKey)).toEqual([]);
      document.body.innerHTML = '';
    }
  });

  it('speaks Spanish in every phase, with no raw message key', async () => {
    const { r, title, setTurn, typeRolls, toPhase, el } = await setup({ lang: 'es', physical: true });
    await setTurn('night', '0');
    await typeRolls('2');
    button(r, 'Tirar el clima').click();
    await settle(el);
    expect(title()).toBe('Turno 1 — Noche, tiempo Nuboso');
    for (const p of PHASES) {
      await toPhase(p);
      const text = textOf(r);
      expect(text).toContain(grossdeutschlandUi.es[`gdui.phase.${p}`]);
      expect(rawKeys(text, hasKey), p).toEqual([]);
    }
    for (const step of ['chits', 'combat', 'fire'] as const) {
      await toPhase('activation', step);
      expect(textOf(r)).toContain(grossdeutschlandUi.es[`gdui.step.${step}`]);
      expect(rawKeys(textOf(r), hasKey), step).toEqual([]);
    }
  });
});

describe('forms of the Activation phase (issue #28)', () => {
  const eventsRoot = (r: ShadowRoot) => r.querySelector('wc-gd-events')!.shadowRoot!;

  it('item 13: with the manifest not typed in, "The app is the cups" is not a dead button: it says how many chits are missing, by colour (18.2, 10.3), and links to where to type them in — in both languages', async () => {
    for (const lang of ['en', 'es'] as const) {
      const { r, el, toPhase } = await setup({ lang });
      await toPhase('activation', 'chits');
      const ev = eventsRoot(r);
      await settle(el);
      const short = manifestShortfall(kursk.ctx.scenario, manifestFrom(kursk.ctx.tables.get('gd-event-chits')));
      expect(short.length).toBeGreaterThan(0);
      const missing = short.reduce((a, x) => a + x.need - x.have, 0);
      const needs = textOf(ev.querySelector('[data-testid=gd-events-needs]')!);
      expect(needs).toContain(lang === 'en' ? `${missing} more chits` : `${missing} fichas más`);
      for (const x of short) expect(needs).toContain(`${x.need - x.have} ${lang === 'en' ? x.colour : ''}`.trim());
      const link = ev.querySelector<HTMLAnchorElement>('[data-testid=gd-events-needs] a')!;
      expect(link.getAttribute('href')).toBe('#/game/grossdeutschland/tables/gd-event-chits');
      const setupApp =
        lang === 'en'
          ? 'The app is the cups (from the manifest)'
          : 'La aplicación hace de recipientes (según la lista)';
      expect([...ev.querySelectorAll('button')].map((b) => textOf(b))).not.toContain(setupApp);
      expect(rawKeys(textOf(ev), hasKey)).toEqual([]);
      document.body.innerHTML = '';
    }
  });

  it('item 13: on the physical-cups route nothing is drawn by the app: no "Draw" button, "Type in the chits you drew" (10.1 step 3, 10.3)', async () => {
    const { g, r, el, toPhase } = await setup();
    await toPhase('activation', 'chits');
    const ev = eventsRoot(r);
    ev.querySelector<HTMLButtonElement>('[data-testid=gd-events-table]')!.click();
    await settle(el);
    const buttons = [...ev.querySelectorAll('button')].map((b) => textOf(b));
    expect(buttons.filter((b) => /\bdraw\b/i.test(b))).toEqual([]);
    expect(textOf(ev.querySelector('h4')!)).toBe('Type in the chits you drew');
    expect(textOf(ev.querySelector('[data-testid=gd-draw-events]')!)).toBe('Record the chits drawn');
    // The move to the Activation phase (3.4), then the cups set up on the table.
    expect(g.current().session.log.map((e) => e.action.type === 'procedure' && e.action.id)).toEqual([
      'sequence.phase',
      'gd.events.setup',
    ]);
  });

  it('item 15: a new red chit typed with a blank modifier is refused at its field, never recorded as 0 (10.3: red chits carry a positive modifier)', async () => {
    const { g, r, el, toPhase } = await setup();
    await toPhase('activation', 'chits');
    const ev = eventsRoot(r);
    ev.querySelector<HTMLButtonElement>('[data-testid=gd-events-table]')!.click();
    await settle(el);
    type(ev.querySelector<HTMLInputElement>('[data-testid=gd-chit-german]')!, 'Brand new');
    const colour = ev.querySelector<HTMLSelectElement>('[data-testid=gd-chit-german-colour]')!;
    colour.value = 'red';
    colour.dispatchEvent(new Event('change'));
    await settle(el);
    const calls = g.act.mock.calls.length;
    ev.querySelector<HTMLButtonElement>('[data-testid=gd-draw-events]')!.click();
    await settle(el);
    expect(g.act.mock.calls.length).toBe(calls);
    const mod = ev.querySelector<HTMLInputElement>('[data-testid=gd-chit-german-mod]')!;
    expect(mod.getAttribute('aria-invalid')).toBe('true');
    expect(ev.getElementById(mod.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Nothing is typed here. Type a whole number from -9 to 9.',
    );
    type(mod, '2');
    await settle(el);
    ev.querySelector<HTMLButtonElement>('[data-testid=gd-draw-events]')!.click();
    await settle(el);
    expect(g.act.mock.lastCall![0]).toMatchObject({
      id: 'gd.events.draw',
      input: { german: { name: 'Brand new', colour: 'red', modifier: 2 } },
    });
  });

  it('item 15: a blank weather modifier is not recorded as 0: it is asked for at its field (3.0, 14.0)', async () => {
    const { g, r, el } = await setup();
    const form = r.querySelector<HTMLFormElement>('form.card')!;
    const wm = form.querySelector<HTMLInputElement>('input[name=wm]')!;
    type(wm, '');
    await settle(el);
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    await settle(el);
    expect(g.act).not.toHaveBeenCalled();
    expect(wm.getAttribute('aria-invalid')).toBe('true');
    expect(r.getElementById(wm.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Nothing is typed here. Type a whole number from -3 to 3.',
    );
  });
});
