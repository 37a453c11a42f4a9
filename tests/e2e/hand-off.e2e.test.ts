/**
 * Hidden information on a shared phone (issue #28 item 2): one hand-off (src/ui/hand-off.ts) before
 * every side's secret. Zitadelle's optional reinforcement chits (13.3: the boxes are the Soviet
 * player's) used to show all eight boxes with one tap; Grossdeutschland's face-down chits ask "I am
 * the German player" first. Both show only after the named player confirms, and hide again when the
 * device changes hands (another phase, another acting side).
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeE2E, e2eEnv, headline, logSteps, renderedText, setupOnce, startNewGame } from './helpers';

const env = await e2eEnv();
const CHITS = ['Kilo', 'Lima', 'Mike', 'Oscar', 'Papa', 'Quebec', 'Romeo', 'Sierra'].map((x) => `Chit ${x}`);
const shows = async (page: Page, words: readonly string[]) => {
  const all = (await renderedText(page))!;
  return words.filter((w) => all.includes(w));
};

describeE2E(env, 'hidden information only after the hand-off', () => {
  let page: Page;
  let errors: string[];
  setupOnce(async () => {
    ({ page, errors } = await startNewGame(env, 'zitadelle', { ready: (p) => p.getByTestId('zi-title') }));
  });
  const panel = () => page.locator('wc-zitadelle-panel');
  const phase = async (label: string) => {
    const n = await logSteps(page);
    await panel().getByTestId('zi-phase').selectOption({ label });
    await expect.poll(() => logSteps(page)).toBeGreaterThan(n);
  };

  it('Zitadelle: the reinforcement boxes need the Soviet player’s confirmation, and hide when the phase changes', async () => {
    await phase('Soviet movement');
    const chits = panel().getByTestId('zi-chits');
    await chits.getByLabel('The eight chits as printed').fill(CHITS.join(', '));
    // Boxes C–H: their turns typed in from the printed display (13.32; A = 2 and B = 3 are in the text).
    for (const [box, turn] of Object.entries({ C: 4, D: 4, E: 5, F: 5, G: 6, H: 7 }))
      await chits.getByLabel(`Turn of box ${box}`).fill(String(turn));
    const n = await logSteps(page);
    await chits.getByRole('button', { name: 'Shuffle into boxes A–H' }).click();
    await expect.poll(() => logSteps(page)).toBe(n + 1);
    expect(await shows(page, CHITS)).toEqual([]);
    // One tap asks for the hand-off; it shows nothing.
    await chits.getByTestId('zi-chits-private').click();
    await expect.poll(async () => chits.textContent()).toContain('Hand the device to the Soviet player');
    expect(await shows(page, CHITS)).toEqual([]);
    await chits.getByRole('button', { name: 'I am the Soviet player: show it' }).click();
    await expect.poll(async () => (await shows(page, CHITS)).length).toBe(8);
    await chits.getByTestId('zi-chits-private-hide').click();
    await expect.poll(async () => (await shows(page, CHITS)).length).toBe(0);
    // Shown again, then the game moves on to another phase and back: the device has changed hands.
    await chits.getByTestId('zi-chits-private').click();
    await chits.getByTestId('zi-chits-private-confirm').click();
    await expect.poll(async () => (await shows(page, CHITS)).length).toBe(8);
    await phase('Soviet disorganization removal');
    await phase('Soviet movement');
    expect(await shows(page, CHITS)).toEqual([]);
    await expect.poll(() => panel().getByTestId('zi-chits-private').count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('Grossdeutschland: a face-down chit needs the German player’s confirmation and hides when the acting side changes', async () => {
    ({ page, errors } = await startNewGame(env, 'grossdeutschland'));
    await page.getByRole('tab', { name: 'Cups' }).click();
    await page.getByRole('button', { name: 'Draw face down for the German player' }).first().click();
    await expect
      .poll(() => page.locator('wc-app #live').textContent())
      .toBe('A chit drawn face down for the German player.');
    const before = (await renderedText(page))!;
    const confirm = page.getByRole('button', { name: 'I am the German player: show it' });
    await confirm.click();
    await page.getByRole('button', { name: 'Hide it again' }).waitFor();
    const chit = (await headline(page).textContent())!.trim();
    expect(chit).not.toBe('');
    expect(before).not.toContain(chit);
    // The Soviet player takes the device: the chit is hidden, and the hand-off is asked again.
    await page.getByRole('radiogroup', { name: 'Who is acting' }).getByRole('radio', { name: 'Soviet' }).click();
    await expect.poll(async () => (await renderedText(page))!).not.toContain(chit);
    await confirm.waitFor();
    expect(errors).toEqual([]);
  });
});
