/**
 * A printed game's CRT built in the pack editor at phone size (issue #32): pasted as text, with the
 * printed rules "below the first column: no effect; above the last: the last column; odds rounded
 * for the defender" and two named shifts; then combats at every column and beyond both ends give the
 * printed results, with the named shifts ticked. The taps after the paste are counted (target < 30).
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, describeE2E, e2eEnv, liveText, openApp, PHONE, renderedText, setupOnce } from './helpers';

const env = await e2eEnv();

const PASTED = ['Die\t1:1\t2:1\t3:1\t4:1', '1-2\tAR\tNE\tEX\tDR', '3-4\tNE\tEX\tDR\tDE', '5-6\tEX\tDR\tDE\tDE'].join(
  '\n',
);

describeE2E(env, 'a CRT pasted into the pack editor, with its ends, rounding and named shifts', () => {
  let page: Page;
  let errors: string[];
  let taps = 0;
  /** A tap the player makes (counted), or a value typed and committed (one tap into the field). */
  const tap = async (selector: string | ReturnType<Page['locator']>) => {
    taps++;
    await (typeof selector === 'string' ? page.locator(selector) : selector).click();
  };
  const type = async (locator: ReturnType<Page['locator']>, value: string) => {
    taps++;
    await locator.fill(value);
    await locator.dispatchEvent('change');
  };
  setupOnce(async () => {
    ({ page, errors } = await openApp(env, '', { viewport: PHONE }));
  });

  it('builds the CRT from a paste, sets its ends and names two shifts', async () => {
    await page.getByRole('link', { name: 'Make a pack' }).click();
    await page.locator('[data-testid=new-name-en]').fill('River Crossing');
    await page.locator('[data-testid=new-name-en]').dispatchEvent('change');
    await page.getByRole('button', { name: 'An odds CRT with column shifts' }).click();
    const crt = page.locator('[data-table=crt]');
    await crt.getByText('Paste the chart as text').click();
    await page.locator('[data-testid=paste-crt]').fill(PASTED);
    taps = 0; // from here on, every tap and field counts
    await tap('[data-testid=paste-read-crt]');
    await tap(crt.getByRole('button', { name: 'Fill the grid' }));
    await expect
      .poll(() => page.locator('[data-testid=cell-count-crt]').textContent())
      .toBe('12 of 12 cells filled in');
    await expect.poll(() => page.locator('[data-testid=cell-crt-2-3]').inputValue()).toBe('DE');

    // "Below 1:1: no effect" — the rest is as printed by default (the last column, for the defender).
    taps++;
    await page.locator('[data-testid=below-crt]').selectOption('NE');
    await expect.poll(() => page.locator('[data-testid=rounding-crt]').inputValue()).toBe('defender');

    const shifts = page.locator('[data-testid=shifts-crt]');
    await tap('[data-testid=add-shifts-crt]');
    await type(shifts.getByLabel('Name').nth(0), 'Defender in forest');
    await tap('[data-testid=add-shifts-crt]');
    await type(shifts.getByLabel('Name').nth(1), 'Attack across a river');
    // A reference chart (terrain, no dice), pasted with its corner word naming the rows.
    await tap('[data-testid=add-reference]');
    const chart = page.locator('[data-table=chart]');
    await chart.getByText('Paste the chart as text').click();
    await page
      .locator('[data-testid=paste-chart]')
      .fill('Terrain\tmove\tcombat\nclear\t1 MP\tnone\nforest\t2 MP\t1 column left');
    await tap('[data-testid=paste-read-chart]');
    await tap(chart.getByRole('button', { name: 'Fill the grid' }));
    await expect
      .poll(() => page.locator('[data-testid=cell-count-chart]').textContent())
      .toBe('4 of 4 cells filled in');
    await expect
      .poll(() => page.locator('[data-testid=pack-check]').textContent())
      .toContain('The pack is complete and valid.');
    expect(taps).toBeLessThan(30);
    console.log(`[pack-editor e2e] taps after the paste: ${taps}`);
    // A per-turn condition: the forest shift applies by itself on turns the track marks "mud";
    // turn 1 is marked (issue #32: "mud: attack halved for two turns").
    await shifts.getByLabel('Applies by itself on turns marked').nth(0).fill('mud');
    await shifts.getByLabel('Applies by itself on turns marked').nth(0).dispatchEvent('change');
    await page.locator('[data-testid=turn-1-mud]').check();
    await expect.poll(() => page.locator('[data-testid=turn-2-mud]').isChecked()).toBe(false);
    await expect.poll(() => page.locator('[data-testid=turn-1-mud]').isChecked()).toBe(true);
    // The keyboard's Next (Enter) moves cell to cell, row by row; a legend chip fills the cell the
    // player is on and moves on (issue #32). The cell changed is put back as printed.
    const cell = (i: number, j: number) => page.locator(`[data-testid=cell-crt-${i}-${j}]`);
    const focused = (i: number, j: number) =>
      cell(i, j).evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el);
    await cell(0, 0).focus();
    await cell(0, 0).press('Enter');
    await expect.poll(() => focused(0, 1)).toBe(true);
    await page.locator('[data-testid=chip-crt-DE]').click();
    await expect.poll(() => cell(0, 1).inputValue()).toBe('DE');
    await expect.poll(() => focused(0, 2)).toBe(true);
    await cell(0, 3).focus();
    await cell(0, 3).press('Enter');
    await expect.poll(() => focused(1, 0)).toBe(true);
    await cell(0, 1).focus();
    await page.locator('[data-testid=chip-crt-NE]').click();
    await expect.poll(() => cell(0, 1).inputValue()).toBe('NE');
    await expect.poll(() => cell(1, 0).inputValue()).toBe('NE');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('a hand-written pack with twelve mistakes lists every one of them (behind "Show all")', async () => {
    const { readFileSync } = await import('node:fs');
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const pack = JSON.parse(/```json pack-example\n([\s\S]*?)\n```/.exec(readme)![1]!);
    // Twelve cells with a code the legend does not have.
    pack.tables[0].cells = [
      ['X1', 'X2', 'X3', 'X4'],
      ['X5', 'X6', 'X7', 'X8'],
      ['X9', 'Y1', 'Y2', 'Y3'],
    ];
    const { page: p2, context, errors: errors2 } = await openApp(env, '', { viewport: PHONE });
    await p2.locator('input[data-testid=import-pack]').setInputFiles({
      name: 'broken.pack.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(pack)),
    });
    const all = p2.locator('[data-testid=all-issues]');
    await all.getByText('Show all 12').click();
    const listed = (await all.locator('pre').textContent()) ?? '';
    for (const code of ['X1', 'X9', 'Y3']) expect(listed).toContain(code);
    expect(listed.trim().split('\n')).toHaveLength(12);
    expect(errors2).toEqual([]);
    await context.close();
  });

  it('a sandbox game gives the printed result at every column and beyond both ends', async () => {
    await page.getByRole('button', { name: 'Try it in a sandbox game' }).click();
    await expect.poll(() => page.url(), { timeout: 20_000 }).toContain('#/session/');
    await page.getByRole('tab', { name: 'Combat' }).click();
    await page.getByRole('radio', { name: 'We roll real dice and type them in' }).click();
    // Turn 1 is a mud turn: the forest shift is ticked by itself, the river shift is not.
    const box = (name: string) => page.locator('wc-combat-panel').getByRole('checkbox', { name: new RegExp(name) });
    await expect.poll(() => box('Defender in forest').isChecked()).toBe(true);
    await expect.poll(() => box('Attack across a river').isChecked()).toBe(false);
    let announced = '';
    const combat = async (a: string, d: string, die: string, ticks: string[] = []) => {
      await page.getByLabel('Attack strength').fill(a);
      await page.getByLabel('Defence strength').fill(d);
      for (const name of ['Defender in forest', 'Attack across a river']) {
        const box = page.locator('wc-combat-panel').getByRole('checkbox', { name: new RegExp(name) });
        if (ticks.includes(name)) await box.check();
        else await box.uncheck();
      }
      // An automatic result asks for no die (issue #32): the die field gives way to a note.
      if (die) await page.locator('wc-combat-panel').getByLabel('Die 1').fill(die);
      else await page.locator('[data-testid=no-die]').waitFor();
      await expect.poll(() => page.locator('wc-combat-panel').getByLabel('Die 1').count()).toBe(die ? 1 : 0);
      const before = await page.locator('wc-log-view li[data-seq]').count();
      announced = await liveText(page);
      await page.getByRole('button', { name: 'Resolve the combat' }).click();
      await expect.poll(() => page.locator('wc-log-view li[data-seq]').count()).toBe(before + 1);
    };
    /** The announcement of the newest result (made once it is painted), with its code. */
    const result = async (code: string) => {
      // The region is emptied, then says the new result once it is painted.
      const fresh = async () => {
        const now = await liveText(page);
        return now && now !== announced ? now : '';
      };
      await expect.poll(fresh).toMatch(new RegExp(`\\b${code}\\b`));
    };
    await combat('4', '4', '1');
    await result('AR'); // 1:1, die 1
    await combat('11', '4', '3');
    await result('EX'); // 2.75:1 → 2:1 for the defender, die 3
    await combat('12', '4', '4');
    await result('DR'); // 3:1, die 4
    await combat('16', '4', '6');
    await result('DE'); // 4:1, die 6
    await combat('40', '4', '1');
    await result('DR'); // 10:1 → the last column, 4:1, die 1
    await combat('2', '5', '');
    await result('NE'); // below 1:1: no effect, no die
    // 3:1 with both named shifts ticked: two columns left → 1:1, die 5 → EX.
    await combat('12', '4', '5', ['Defender in forest', 'Attack across a river']);
    await result('EX');
    // 1:1 with one shift: off the chart to the left → no effect.
    await combat('4', '4', '', ['Attack across a river']);
    await result('NE');
    await expect.poll(() => renderedText(page)).not.toMatch(/\beditor\.|\bpaste\.|\bcombat\.\w/);
    expect(errors).toEqual([]);
  });
});
