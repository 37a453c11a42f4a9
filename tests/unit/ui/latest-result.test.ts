// @vitest-environment happy-dom
// The latest result (src/ui/pages/latest-result.ts, split out of the session page, issue #29): folded it
// is one line; what the players ask for goes up as events the page acts on; a face-down chit stays
// behind the hand-off until its player confirms, and is never offered on a device that is not theirs.
import { afterEach, describe, expect, it } from 'vitest';
import type { LogEntry } from '../../../src/engine';
import type { Explained } from '../../../src/ui/explain';
import '../../../src/ui/pages/latest-result';
import type { SheetChangeDetail, WcLatestResult } from '../../../src/ui/pages/latest-result';

const rolled: Explained = { headline: '7', summary: 'Total 7', dice: [4, 3], lines: ['2d6'], announcement: '7' };
const roll = { seq: 3, outcome: { kind: 'roll' } } as unknown as LogEntry;
const draw = { seq: 4, outcome: { kind: 'draw', faceDown: 'axis' } } as unknown as LogEntry;
const sides = [{ id: 'axis', name: { en: 'Axis', es: 'Eje' } }];

async function mount(props: Partial<WcLatestResult>): Promise<WcLatestResult> {
  const sheet = Object.assign(document.createElement('wc-latest-result'), { sides, ...props });
  document.body.append(sheet);
  await sheet.updateComplete;
  return sheet;
}
const section = (sheet: WcLatestResult) => sheet.shadowRoot!.querySelector('section.latest')!;
const button = (sheet: WcLatestResult, name: string) =>
  [...sheet.shadowRoot!.querySelectorAll('button')].find(
    (each) => each.textContent!.trim() === name || each.getAttribute('aria-label') === name,
  );

describe('wc-latest-result', () => {
  afterEach(() => document.body.replaceChildren());

  it('folded: one line with the result, and Why opens the sheet with every line', async () => {
    const sheet = await mount({ latest: roll, explained: rolled });
    expect(section(sheet).classList.contains('folded')).toBe(true);
    expect(section(sheet).getAttribute('data-seq')).toBe('3');
    expect(sheet.shadowRoot!.querySelectorAll('wc-result-view[line]')).toHaveLength(1);
    const asked: SheetChangeDetail[] = [];
    sheet.addEventListener('wc-sheet-change', (event) => asked.push(event.detail));
    button(sheet, 'Why')!.click();
    expect(asked).toEqual([{ open: true, why: true }]);
  });

  it('open: the result explained in its body; put away folds it and drops Why', async () => {
    const sheet = await mount({ latest: roll, explained: rolled, open: true, why: true });
    expect(section(sheet).classList.contains('open')).toBe(true);
    expect(sheet.shadowRoot!.querySelector('.sheet-body wc-result-view:not([brief])')).not.toBeNull();
    const asked: SheetChangeDetail[] = [];
    sheet.addEventListener('wc-sheet-change', (event) => asked.push(event.detail));
    sheet.shadowRoot!.querySelector<HTMLButtonElement>('.sheet-head .row button:last-child')!.click();
    expect(asked).toEqual([{ open: false, why: false }]);
  });

  it('a face-down chit: handed over first (the confirmation is sent up), then hidden again on request', async () => {
    const sheet = await mount({ latest: draw, explained: rolled, open: true, privacy: 'handoff' });
    let revealed = 0;
    sheet.addEventListener('wc-reveal-draw', () => revealed++);
    expect(sheet.shadowRoot!.textContent).toContain('Axis');
    sheet.shadowRoot!.querySelector<HTMLButtonElement>('.sheet-body button.primary')!.click();
    expect(revealed).toBe(1);
    sheet.revealed = true;
    await sheet.updateComplete;
    let hidden = 0;
    sheet.addEventListener('wc-hide-draw', () => hidden++);
    sheet.shadowRoot!.querySelector<HTMLButtonElement>('.sheet-body button.primary')!.click();
    expect(hidden).toBe(1);
  });

  it("on a device that is not the chit's player's, no hand-off is offered", async () => {
    const sheet = await mount({ latest: draw, explained: rolled, open: true, privacy: 'theirs' });
    expect(sheet.shadowRoot!.querySelector('.sheet-body button')).toBeNull();
  });
});
