/**
 * EastFront (issue #28 item 3): a battle played with typed-in dice on a phone until one side has no
 * block left ends with its verdict — who holds the hex (7.12, seed 004 line 969) — with no further
 * round offered and no step saying that the eliminated blocks stand up again; while a battle goes on,
 * either side's retreat fills pursuit fire from the battle (6.41, line 883).
 */
import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { describeE2E, e2eEnv, logSteps, renderedText, setupOnce, shownText, startNewGame } from './helpers';

const env = await e2eEnv();
const panel = (page: Page) => page.locator('wc-eastfront-panel');
const text = shownText;

describeE2E(env, 'EastFront: a battle to the elimination of one side, on a phone', () => {
  let page: Page;
  let errors: string[];
  setupOnce(async () => {
    ({ page, errors } = await startNewGame(env, 'eastfront', {
      scenario: 'Summer 1942',
      ready: (p) => panel(p).getByTestId('ef-phase'),
    }));
  });
  const act = async (l: Locator) => {
    const n = await logSteps(page);
    await l.click();
    await expect.poll(() => logSteps(page)).toBeGreaterThan(n);
  };
  const tool = () => panel(page).getByTestId('ef-tool-battle');
  const addBlock = async (side: 'axis' | 'soviet', label: string, type: string, cv: string) => {
    const box = tool().getByTestId(`ef-blocks-${side}`);
    await box.getByTestId(`ef-add-${side}`).click();
    await box.getByTestId('ef-label').last().fill(label);
    await box.getByTestId('ef-type').last().selectOption(type);
    await box.getByTestId('ef-cv').last().fill(cv);
  };
  const fire = async (dice: string) => {
    await tool().getByTestId('ef-rolls').first().fill(dice);
    await act(tool().getByTestId('ef-fire'));
  };

  it('a round that leaves both sides in the battle offers the next round and a retreat with pursuit fire', async () => {
    await page.getByRole('radio', { name: 'We roll real dice and type them in' }).click();
    const n = await logSteps(page);
    await panel(page).getByTestId('ef-phase').selectOption('4'); // Fortnight 1 · turn 1 · Combat
    await expect.poll(() => logSteps(page)).toBeGreaterThan(n);
    await addBlock('axis', '24Pz', 'armor', '3');
    await addBlock('soviet', '21A', 'infantry', '2');
    await act(tool().getByTestId('ef-new-battle'));
    await tool().getByTestId('ef-active-axis').check();
    await act(tool().getByTestId('ef-start-round'));
    await fire('1 2'); // 21A defends SF: no hit
    await fire('6 1 1'); // 24Pz attacks DF: one hit, 21A 2 → 1
    await expect.poll(() => text(tool().getByTestId('ef-block-21A'))).toMatch(/21A · Infantry · 1/);
    await expect.poll(() => text(tool().getByTestId('ef-retreat'))).toContain('The battle goes on');
    await expect.poll(() => text(tool().getByTestId('ef-start-round'))).toBe('Start round 2');
    await tool().getByTestId('ef-retreat-soviet').click();
    const rg = tool().getByTestId('ef-retreat');
    await expect.poll(() => rg.getByRole('textbox', { name: 'Pursuers' }).inputValue()).toBe('armor 3');
  });

  it('round 2 eliminates the last Soviet block: the verdict, no "Start round", no standing up again', async () => {
    await tool().getByTestId('ef-active-axis').check();
    await act(tool().getByTestId('ef-start-round'));
    await fire('2'); // 21A (1) defends: no hit
    await fire('5 4 3'); // 24Pz DF: one hit eliminates 21A
    const verdict = tool().getByTestId('ef-verdict');
    await expect.poll(() => text(verdict)).toContain('Battle over: the Axis hold the hex');
    const res = tool().getByTestId('ef-result-battle');
    await expect.poll(() => text(res)).toContain('The Axis alone hold the hex');
    await expect.poll(() => text(res)).not.toContain('stand up again');
    await expect.poll(() => tool().getByTestId('ef-start-round').count()).toBe(0);
    await expect.poll(() => tool().getByTestId('ef-retreat').count()).toBe(0);
    const box = await verdict.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(391);
    const all = (await renderedText(page))!;
    expect(all).not.toMatch(/\bef\.[a-z]+\.[a-zA-Z]/);
    expect(errors).toEqual([]);
  });
});
