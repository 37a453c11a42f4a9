// @vitest-environment happy-dom
// Issue #29: "show the refusal at the control" is the shared tool base's (SessionTool), not one game's.
// A step the rules refuse, asked for from a control, logs nothing; its reason is said beside that
// control as an alert (read out at once) instead of in the page's banner; a step out of its phase can
// be made anyway with the players' reason, which goes with the step; once logged, the refusal goes.
import { html } from 'lit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Action, LogEntry } from '../../../src/engine';
import type { PanelHost, Problem } from '../../../src/app/store-types';
import { SessionTool } from '../../../src/ui/components/session-tool';
import { fakeGame, loadGameBeforeAll, mount } from './fake-store';

/** A tool of no game in particular: one control that runs a step, its refusal beside it. */
class OneControl extends SessionTool {
  protected override draftAt(where: string) {
    return `test-${where}`;
  }
  override render() {
    return html`<button data-testid="go" @click=${() => this.runAt('go', 'go.step', { n: 1 })}>Go</button>
      ${this.refusalAt('go')}
      <button data-testid="check" @click=${() => this.refuse('check', { key: 'error.procedure' })}>Check</button>
      ${this.refusalAt('check', 'x-')}`;
  }
}
customElements.define('wc-test-one-control', OneControl);

const kursk = loadGameBeforeAll('grossdeutschland', 'gd-kursk');

/** The fake game's store, with the banner's problem: set by a refused step, cleared by dismissProblem. */
function withBanner() {
  const g = fakeGame({ ...kursk });
  let problem: Problem | undefined;
  const dismissProblem = vi.fn(() => (problem = undefined));
  const store = {
    ...g.store,
    getState: () => ({ ...g.store.getState(), ...(problem ? { problem } : {}) }),
    dismissProblem,
  } as unknown as PanelHost;
  const refuseNext = (p: Problem) =>
    g.act.mockImplementationOnce(async () => {
      problem = p;
      return undefined;
    });
  return { g, store, dismissProblem, refuseNext, banner: () => problem };
}

const tap = async (el: OneControl, testid: string) => {
  el.shadowRoot!.querySelector<HTMLButtonElement>(`[data-testid=${testid}]`)!.click();
  await vi.waitFor(() => expect(el.shadowRoot!.querySelector('[role=alert]')).not.toBeNull());
};

afterEach(() => {
  document.body.innerHTML = '';
});

describe('SessionTool: the refusal at the control (issue #29)', () => {
  it('a refused step logs nothing, says why beside its control as an alert, and leaves the banner empty', async () => {
    const { g, store, dismissProblem, refuseNext, banner } = withBanner();
    const el = await mount<OneControl>('wc-test-one-control', { store, current: g.current() });
    refuseNext({ key: 'error.sequence', params: { rule: '5.2' } });
    await tap(el, 'go');
    expect(g.act).toHaveBeenCalledWith({ type: 'procedure', id: 'go.step', input: { n: 1 } });
    expect(g.current().session.log).toHaveLength(0);
    const alert = el.shadowRoot!.querySelector('[data-testid=error-go]')!;
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain('this phase: rule 5.2');
    expect(dismissProblem).toHaveBeenCalledOnce();
    expect(banner()).toBeUndefined();
    // No way to make it anyway when the rules offer none (no step to re-run).
    expect(el.shadowRoot!.querySelector('[data-testid=anyway-go]')).toBeNull();
  });

  it('a step out of its phase is made anyway with the players’ reason; once logged the refusal and the form’s draft go', async () => {
    const { g, store, refuseNext } = withBanner();
    const el = await mount<OneControl>('wc-test-one-control', { store, current: g.current() });
    const step: Action = { type: 'procedure', id: 'go.step', input: { n: 1 } };
    refuseNext({ key: 'error.sequence', params: { rule: '5.2' }, reroll: { action: step, context: { turn: 1 } } });
    await tap(el, 'go');
    const form = el.shadowRoot!.querySelector<HTMLFormElement>('[data-testid=anyway-go]')!;
    expect(form.textContent).toContain('Reason for the step out of its phase');
    const drop = vi.spyOn(el as unknown as { dropFormDraft(form: string): void }, 'dropFormDraft');
    g.act.mockResolvedValueOnce({ outcome: { kind: 'procedure', rolls: [] } } as unknown as LogEntry);
    form.querySelector<HTMLInputElement>('[data-testid=anyway-reason]')!.value = 'we forgot it';
    form.requestSubmit();
    await vi.waitFor(() => expect(el.shadowRoot!.querySelector('[data-testid=error-go]')).toBeNull());
    expect(g.act).toHaveBeenLastCalledWith({ ...step, outOfSequence: 'we forgot it' }, { turn: 1 });
    expect(drop).toHaveBeenCalledWith('test-go');
  });

  it('a roll on a chart cell not typed in yet stays in the banner, which asks for the cell (store fillMissingCell)', async () => {
    const { g, store, dismissProblem, refuseNext, banner } = withBanner();
    const el = await mount<OneControl>('wc-test-one-control', { store, current: g.current() });
    const step: Action = { type: 'procedure', id: 'go.step', input: { n: 1 } };
    refuseNext({ key: 'error.table-incomplete', params: { table: 't' }, missingCell: { action: step } });
    el.shadowRoot!.querySelector<HTMLButtonElement>('[data-testid=go]')!.click();
    await vi.waitFor(() => expect(g.act).toHaveBeenCalledOnce());
    await el.updateComplete;
    expect(banner()?.missingCell).toEqual({ action: step });
    expect(dismissProblem).not.toHaveBeenCalled();
    expect(el.shadowRoot!.querySelector('[role=alert]')).toBeNull();
  });

  it('a problem the banner showed before the step was asked stays there: the step’s success does not move it to the control', async () => {
    const { g, store, dismissProblem, refuseNext, banner } = withBanner();
    const el = await mount<OneControl>('wc-test-one-control', { store, current: g.current() });
    const earlier: Problem = { key: 'error.procedure' };
    refuseNext(earlier);
    await store.act({ type: 'end-turn' }); // refused elsewhere: the banner shows it
    g.act.mockResolvedValueOnce({ outcome: { kind: 'procedure', rolls: [] } } as unknown as LogEntry);
    el.shadowRoot!.querySelector<HTMLButtonElement>('[data-testid=go]')!.click();
    await vi.waitFor(() => expect(g.act).toHaveBeenCalledTimes(2));
    await el.updateComplete;
    expect(dismissProblem).not.toHaveBeenCalled();
    expect(el.shadowRoot!.querySelector('[role=alert]')).toBeNull();
    expect(banner()).toBe(earlier);
  });

  it('a refusal the tool makes itself is shown at its control the same way, without asking the store', async () => {
    const { g, store } = withBanner();
    const el = await mount<OneControl>('wc-test-one-control', { store, current: g.current() });
    await tap(el, 'check');
    expect(g.act).not.toHaveBeenCalled();
    expect(el.shadowRoot!.querySelector('[data-testid=x-error-check]')!.textContent).toContain(
      'The rules do not allow that step.',
    );
    expect(el.shadowRoot!.querySelector('[data-testid=error-go]')).toBeNull();
  });
});
