// @vitest-environment happy-dom
// Issue #29: the refusal at the control, in Zitadelle's, Breakout's and ¿Resiste Stalingrado?'s turn
// panels (SessionTool runAt/actAt/refusalAt, as EastFront's tools). A step the rules refuse when asked
// logs nothing; its reason is said beside the control that asked for it, as an alert; the page's banner
// stays empty for it; where the players keep the last word (a second roll of a once-per-turn step, a
// step out of its phase) the step is made anyway with their reason, which the log keeps; once it is
// logged the refusal and the form's draft go. Each panel runs on a real game (fake-store.ts), the
// banner as the app's store keeps it (publishProblems).
import { afterEach, describe, expect, it } from 'vitest';
import { PHASE_STEP, type Action } from '../../../src/engine';
import * as bo from '../../../src/games/breakout/rules';
import * as rs from '../../../src/games/stalingrado/rules';
import * as zi from '../../../src/games/zitadelle/rules';
import type { WcBreakoutPanel } from '../../../src/games/breakout/panel';
import type { WcStalingradoPanel } from '../../../src/games/stalingrado/panel';
import type { WcZitadellePanel } from '../../../src/games/zitadelle/panel';
import '../../../src/games/breakout/panel';
import '../../../src/games/stalingrado/panel';
import '../../../src/games/zitadelle/panel';
import { formDrafts } from '../../../src/ui/form-drafts';
import {
  actsOn,
  button,
  fakeGame,
  loadGameBeforeAll,
  mountPanel,
  publishProblems,
  textOf,
  type FakeGame,
  type LoadedGame,
} from './fake-store';

const zitadelle = loadGameBeforeAll('zitadelle', 'zi-kursk');
const breakout = loadGameBeforeAll('breakout', 'bo-campaign');
const stalingrado = loadGameBeforeAll('stalingrado', 'rs-stalingrado');

afterEach(() => {
  document.body.innerHTML = '';
});

const phaseStep = (index: number): Action => ({ type: 'procedure', id: PHASE_STEP, input: { index } });

/** A game of `loaded` set up by `steps`, its panel `tag` mounted, the banner as the store keeps it. */
async function setup<T extends WcBreakoutPanel | WcStalingradoPanel | WcZitadellePanel>(
  loaded: LoadedGame,
  tag: string,
  steps: readonly Action[] = [],
) {
  const g = fakeGame({ ...loaded, seed: 'refusal' });
  const banner = publishProblems(g);
  for (const step of steps) g.step(step);
  const { el, r } = await mountPanel<T>(g, tag, false);
  const by = <E extends Element = HTMLElement>(testid: string) => r.querySelector<E>(`[data-testid="${testid}"]`);
  const logged = () => g.current().session.log.length;
  return { g, el, r, by, banner, logged, acts: actsOn(el) };
}

/** The refusal said at `testid`: an alert, in words (no key), the banner empty. */
function refusedAt(s: { by: (id: string) => Element | null; banner: () => unknown; g: FakeGame }, testid: string) {
  const alert = s.by(testid);
  expect(alert, testid).not.toBeNull();
  expect(alert!.getAttribute('role')).toBe('alert');
  expect(s.g.report).toHaveBeenCalled();
  expect(s.banner()).toBeUndefined();
  return textOf(alert!);
}

/**
 * Another device moved the game on (issue #29: the table and a phone, two tabs): the step is logged
 * but this panel has not drawn it yet, so it still shows the tools of the phase before.
 */
const movedElsewhere = (g: FakeGame, index: number) => g.step(phaseStep(index));

describe('Breakout: a refused step is said at its control (issue #29)', () => {
  it('5.1, seed 002 line 321 ("el tiempo … debe ser determinado en el comienzo del turno por una tirada de dado"): a second weather roll this turn is refused beside its button, and made anyway with the reason', async () => {
    const s = await setup<WcBreakoutPanel>(breakout, 'wc-breakout-panel', [{ type: 'end-turn' }, { type: 'end-turn' }]);
    const { g, r, by, acts, logged } = s;
    const before = logged();
    await acts.click(button(r, 'Roll the weather'));
    expect(logged()).toBe(before + 1);
    expect(by('bo-error-weather')).toBeNull();
    await acts.click(button(r, 'Roll the weather'));
    expect(logged()).toBe(before + 1);
    expect(refusedAt(s, 'bo-error-weather')).toContain('Already done: the rules do this once.');
    const anyway = by<HTMLFormElement>('bo-anyway-weather')!;
    expect(textOf(anyway)).toContain('Reason for the re-roll');
    await acts.fill(anyway.querySelector<HTMLInputElement>('[data-testid=bo-anyway-reason]')!, 'the die fell off');
    anyway.requestSubmit();
    await expect.poll(logged).toBe(before + 2);
    expect(g.current().session.log.at(-1)!.action).toMatchObject({
      type: 'procedure',
      id: 'bo.weather',
      input: {},
      reroll: 'the die fell off',
    });
    expect(g.act).toHaveBeenLastCalledWith({
      type: 'procedure',
      id: 'bo.weather',
      input: {},
      reroll: 'the die fell off',
    });
    await expect.poll(() => by('bo-error-weather')).toBeNull();
    expect(s.banner()).toBeUndefined();
  });

  it('5.0: a combat asked for after the game moved on to phase X is refused beside Resolve (rule 5.6); the form keeps what was typed until it is made anyway', async () => {
    const IV = bo.PHASES.findIndex((p) => p.id === 'IV');
    const X = bo.PHASES.findIndex((p) => p.id === 'X');
    const s = await setup<WcBreakoutPanel>(breakout, 'wc-breakout-panel', [phaseStep(IV)]);
    const { g, r, by, acts, logged } = s;
    await acts.fill(by<HTMLInputElement>('bo-attack')!, '6');
    await acts.fill(by<HTMLInputElement>('bo-defence')!, '2');
    movedElsewhere(g, X);
    const before = logged();
    await acts.click(button(r, 'Resolve the combat'));
    expect(logged()).toBe(before);
    expect(refusedAt(s, 'bo-error-combat')).toContain(
      'The sequence of play does not offer this step now (this phase: rule 5.6)',
    );
    // Refused, the form keeps what was typed (issue #28): it goes only with the step logged.
    expect(formDrafts.get('s', 'bo-combat', '1:IV')).toMatchObject({ attack: '6', defence: '2' });
    expect(by<HTMLInputElement>('bo-attack')!.value).toBe('6');
    const anyway = by<HTMLFormElement>('bo-anyway-combat')!;
    expect(textOf(anyway)).toContain('Reason for the step out of its phase');
    await acts.fill(anyway.querySelector<HTMLInputElement>('[data-testid=bo-anyway-reason]')!, 'we forgot it');
    anyway.requestSubmit();
    await expect.poll(logged).toBe(before + 1);
    expect(g.current().session.log.at(-1)!.action).toMatchObject({
      id: 'bo.combat',
      input: { attack: 6, defence: 2 },
      outOfSequence: 'we forgot it',
    });
    expect(formDrafts.get('s', 'bo-combat', '1:IV')).toBeUndefined();
    expect(s.banner()).toBeUndefined();
  });
});

describe('a refusal holds for the game as it stood when the step was asked', () => {
  it('Breakout: a combat refused in phase IV stays said while the players put the form right, and goes once the game is in phase V (5.0), where the combat tool is again', async () => {
    const IV = bo.PHASES.findIndex((p) => p.id === 'IV');
    const s = await setup<WcBreakoutPanel>(breakout, 'wc-breakout-panel', [phaseStep(IV)]);
    const { g, r, by, acts } = s;
    await acts.fill(by<HTMLInputElement>('bo-attack')!, '6');
    await acts.fill(by<HTMLInputElement>('bo-defence')!, '2');
    g.act.mockImplementationOnce(async () => {
      g.report({ key: 'error.procedure', params: { key: 'bo.err.side' } });
      return undefined;
    });
    await acts.click(button(r, 'Resolve the combat'));
    expect(refusedAt(s, 'bo-error-combat')).toBe('Choose the German or the Soviet side.');
    await acts.fill(by<HTMLInputElement>('bo-attack')!, '8');
    expect(by('bo-error-combat')).not.toBeNull();
    await acts.click(button(r, 'V'));
    expect(r.querySelector('h3')!.textContent).toContain('Turn 1 — V.');
    expect(button(r, 'Resolve the combat')).not.toBeNull();
    expect(by('bo-error-combat')).toBeNull();
  });
});

describe('Zitadelle: a refused step is said at its control (issue #29)', () => {
  const formation: Action = {
    type: 'procedure',
    id: 'zi.morale',
    input: { op: 'set', formation: '6 A', side: 'soviet', initial: 7 },
  };
  const assault = zi.PHASES.findIndex((p) => p.id === 'g-assault');
  const move = zi.PHASES.findIndex((p) => p.id === 'g-move');

  it('a move of the phase picker the engine refuses is said beside the picker, which stays on the phase the game is in', async () => {
    const s = await setup<WcZitadellePanel>(zitadelle, 'wc-zitadelle-panel', [phaseStep(assault)]);
    const { g, by, logged, acts } = s;
    g.act.mockImplementationOnce(async () => {
      g.report({ key: 'error.phase', params: { index: move, count: zi.PHASES.length } });
      return undefined;
    });
    await acts.choose(by<HTMLSelectElement>('zi-phase')!, String(move));
    expect(g.act).toHaveBeenLastCalledWith(phaseStep(move));
    expect(logged()).toBe(1);
    expect(refusedAt(s, 'zi-error-phase')).toBe(`There is no phase ${move} in this turn’s sequence of play.`);
    expect(by<HTMLSelectElement>('zi-phase')!.value).toBe(String(assault));
  });

  it('7.62: a loss check of a formation the tracker does not know is refused beside its Roll button, with no way around it', async () => {
    const s = await setup<WcZitadellePanel>(zitadelle, 'wc-zitadelle-panel', [phaseStep(assault)]);
    const { by, logged, acts } = s;
    const check = by('zi-loss-check')!;
    await acts.click(button(check, 'Roll'));
    expect(logged()).toBe(1);
    expect(refusedAt(s, 'zi-error-loss-check')).not.toBe('');
    expect(by('zi-error-loss-check')!.closest('[data-testid=zi-loss-check]')).toBe(check);
    expect(by('zi-anyway-loss-check')).toBeNull();
  });

  it('4.1, seed 001 line 177 ("Cada turno de juego procede estrictamente como se indica"): a loss check asked for after the game moved on to the movement phase is refused at its button, then made anyway; the form starts clean', async () => {
    const s = await setup<WcZitadellePanel>(zitadelle, 'wc-zitadelle-panel', [formation, phaseStep(assault)]);
    const { g, by, logged, acts } = s;
    const check = () => by('zi-loss-check')!;
    await acts.choose(check().querySelector<HTMLSelectElement>('select[name=formation]')!, '6 A');
    await acts.fill(check().querySelector<HTMLInputElement>('input[name=unit]')!, 'R1');
    await acts.fill(check().querySelector<HTMLInputElement>('input[name=n]')!, '1');
    movedElsewhere(g, move);
    const before = logged();
    await acts.click(button(check(), 'Roll'));
    expect(logged()).toBe(before);
    expect(refusedAt(s, 'zi-error-loss-check')).toContain(
      'The sequence of play does not offer this step now (this phase: rule 4.1.A5, 8, 10.32)',
    );
    expect(formDrafts.get('s', 'zi-loss-check')).toMatchObject({ formation: '6 A', unit: 'R1', n: '1' });
    const anyway = by<HTMLFormElement>('zi-anyway-loss-check')!;
    await acts.fill(anyway.querySelector<HTMLInputElement>('[data-testid=zi-anyway-reason]')!, 'the check we owed');
    anyway.requestSubmit();
    await expect.poll(logged).toBe(before + 1);
    expect(g.current().session.log.at(-1)!.action).toMatchObject({
      id: 'zi.loss-check',
      input: { formation: '6 A', unit: 'R1', n: 1 },
      outOfSequence: 'the check we owed',
    });
    expect(formDrafts.get('s', 'zi-loss-check')).toBeUndefined();
    expect(s.banner()).toBeUndefined();
  });
});

describe('¿Resiste Stalingrado?: a refused step is said at its control (issue #29)', () => {
  it('8.2, seed 003 line 121 ("una sola vez contra cada una de ellas"): the same AA unit firing at the same aircraft twice in a subturn is refused beside Fire, in the rule’s words', async () => {
    const index = rs.PHASES.findIndex((p) => p.id === 'ru-air-move-1');
    const s = await setup<WcStalingradoPanel>(stalingrado, 'wc-stalingrado-panel', [phaseStep(index)]);
    const { r, by, logged, acts } = s;
    const fire = async () => {
      const form = by<HTMLFormElement>('rs-aa')!;
      form.querySelector<HTMLInputElement>('input[name=aa]')!.value = 'Flak 1';
      form.querySelector<HTMLInputElement>('input[name=aircraft]')!.value = 'Yak';
      form.querySelector<HTMLSelectElement>('select[name=type]')!.value = 'fighter';
      await acts.click(button(form, 'Fire'));
    };
    const before = logged();
    await fire();
    expect(logged()).toBe(before + 1);
    await fire();
    expect(logged()).toBe(before + 1);
    expect(refusedAt(s, 'rs-error-aa')).toBe(
      'Flak 1 has already fired at Yak in subturn 1: once per aircraft per subturn (8.2).',
    );
    // Right under the AA form (beside it, not inside it: its "anyway" form, where there is one, is a form of its own).
    expect(by('rs-aa')!.parentNode).toBe(by('rs-error-aa')!.parentNode);
    expect(by('rs-anyway-aa')).toBeNull();
    expect(r.querySelectorAll('[role=alert]')).toHaveLength(1);
  });

  it('9 (seed 003 line 127, the sequence of play): a ground combat asked for after the game moved on is refused beside Resolve, then made anyway; the units typed go once it is logged', async () => {
    const combat = rs.PHASES.findIndex((p) => p.id === 'ru-combat');
    const fortify = rs.PHASES.findIndex((p) => p.id === 'ge-fortify');
    const s = await setup<WcStalingradoPanel>(stalingrado, 'wc-stalingrado-panel', [phaseStep(combat)]);
    const { g, r, by, logged, acts } = s;
    const add = async (list: string, type: string) => {
      const form = r.querySelector<HTMLFormElement>(`fieldset[data-list="${list}"] form`)!;
      form.querySelector<HTMLSelectElement>('select[name="type"]')!.value = type;
      await acts.click(button(form, 'Add'));
    };
    await add('ground-attackers', 'infantry-2');
    await add('ground-defenders', 'infantry-3');
    movedElsewhere(g, fortify);
    const before = logged();
    await acts.click(button(by('rs-ground-combat')!, 'Resolve the combat'));
    expect(logged()).toBe(before);
    expect(refusedAt(s, 'rs-error-ground-combat')).toContain(
      'The sequence of play does not offer this step now (this phase: rule 2.4, Seq.G 5)',
    );
    expect(formDrafts.get('s', 'rs-ground')).toMatchObject({ attackers: [{ type: 'infantry-2' }] });
    const anyway = by<HTMLFormElement>('rs-anyway-ground-combat')!;
    await acts.fill(anyway.querySelector<HTMLInputElement>('[data-testid=rs-anyway-reason]')!, 'a combat we forgot');
    anyway.requestSubmit();
    await expect.poll(logged).toBe(before + 1);
    expect(g.current().session.log.at(-1)!.action).toMatchObject({
      id: 'rs.combat',
      outOfSequence: 'a combat we forgot',
    });
    expect(formDrafts.get('s', 'rs-ground')).toBeUndefined();
    expect(s.banner()).toBeUndefined();
  });
});
