// @vitest-environment happy-dom
// The result view (issue #14): in brief (the result sheet before "Why" is pressed) it draws the dice,
// the headline and the summary only, not the explanation's lines kept hidden: a tap's result paints
// fewer elements. Not brief (the sheet after "Why", each log row), every line is there, in order.
import { afterEach, describe, expect, it } from 'vitest';
import type { Explained } from '../../../src/ui/explain';
import '../../../src/ui/components/result-view';
import type { WcResultView } from '../../../src/ui/components/result-view';

const combat: Explained = {
  headline: 'DC',
  summary: 'Defender casualty',
  dice: [4, 3],
  lines: ['Combat Results Table — rule 10.1', 'Odds 7 : 3 = 2.33', 'Row 7, column 3-1 → DC'],
  announcement: 'DC',
};

async function mount(brief: boolean): Promise<WcResultView> {
  const view = document.createElement('wc-result-view');
  view.explained = combat;
  view.brief = brief;
  document.body.append(view);
  await view.updateComplete;
  return view;
}

describe('wc-result-view', () => {
  afterEach(() => document.body.replaceChildren());

  it('brief: the dice, headline and summary, and no explanation lines in the page', async () => {
    const root = (await mount(true)).shadowRoot!;
    expect(root.querySelector('[data-testid=headline]')?.textContent).toBe('DC');
    expect(root.querySelector('.summary')?.textContent).toBe('Defender casualty');
    expect([...root.querySelectorAll('.die')].map((d) => d.textContent)).toEqual(['4', '3']);
    expect(root.querySelectorAll('ol, li')).toHaveLength(0);
  });

  it('not brief (after "Why", and in the log): every line of the explanation, in order', async () => {
    const view = await mount(true);
    view.brief = false;
    await view.updateComplete;
    expect([...view.shadowRoot!.querySelectorAll('ol > li')].map((l) => l.textContent)).toEqual(combat.lines);
  });

  it('on one line (the result sheet folded, issue #28): the dice, headline and summary, never the lines', async () => {
    const view = await mount(false);
    view.line = true;
    await view.updateComplete;
    const root = view.shadowRoot!;
    expect(view.hasAttribute('line')).toBe(true);
    expect(root.querySelector('[data-testid=headline]')?.textContent).toBe('DC');
    expect(root.querySelector('.summary')?.textContent).toBe('Defender casualty');
    expect(root.querySelectorAll('ol, li')).toHaveLength(0);
  });

  it('issue #28 item 7: the headline line says what was read; the name and effect follow with the explanation', async () => {
    const view = document.createElement('wc-result-view');
    view.explained = { ...combat, read: 'Dice 4 3 (7) −1: read at 6 · column 3-1 −1 → 2-1 · DC — Defender casualty' };
    view.brief = true;
    document.body.append(view);
    await view.updateComplete;
    const head = view.shadowRoot!.querySelector('.head')!;
    expect(head.querySelector('[data-testid=read]')!.textContent).toBe(view.explained.read);
    expect(head.querySelector('[data-testid=headline]')!.textContent).toBe('DC');
    view.brief = false;
    await view.updateComplete;
    expect(view.shadowRoot!.querySelector('p')!.textContent).toBe('Defender casualty');
    // Put away: the result and its name only.
    view.compact = true;
    await view.updateComplete;
    expect(view.shadowRoot!.querySelector('[data-testid=read]')).toBeNull();
    expect(view.shadowRoot!.querySelector('.summary')!.textContent).toBe('Defender casualty');
  });
});
