/**
 * The audit of a hidden deal that lasts the game, run from the table (issue #33), on three linked
 * devices at phone width for the players: Zitadelle's eight optional reinforcement chits placed
 * between the phones in boxes A–H (13.32, seed 001 line 716; 13.33, line 720: only the Soviet phone
 * reads them). The table offers "Audit this deal" (at the end of the game, or after a dispute) and
 * says first what it costs; each player agrees on their own phone, and the one not agreed yet is
 * named on every screen; once both agree the audit is a step every device checks, and every box is
 * public on every device (13.37, line 728, no longer hides them: the audit is the players' choice).
 * Axe is clean on each screen; the Soviet phone runs its part in Spanish.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  NO_CHROMIUM,
  axeViolations,
  dealZitadelleBoxes,
  namePhones,
  setupLinkedDevices,
  startGameOn,
  toSpanish,
} from './helpers';

const baseUrl = inject('baseUrl');
const setupError = inject('e2eSetupError');
const CHITS = ['Chit one', 'Chit two', 'Chit three', 'Chit four', 'Chit five', 'Chit six', 'Chit seven', 'Chit eight'];
const CUP = 'zi-optional-reinforcement-chits';

const boxesDeal = (page: Page) =>
  page.evaluate((cup) => document.querySelector('wc-app')!.store.getState().current?.state.hidden?.[cup] ?? null, CUP);
const steps = (page: Page) =>
  page.evaluate(() => document.querySelector('wc-app')!.store.getState().current?.session.log.length ?? 0);
const lastStep = (page: Page) =>
  page.evaluate(() => document.querySelector('wc-app')!.store.getState().current?.session.log.at(-1)?.action.type);
const waitingLine = (page: Page) => page.getByTestId('hidden-audit-waiting');

describe.skipIf(NO_CHROMIUM)('the audit of a deal that lasts the game, from the table', () => {
  let table: Page, german: Page, soviet: Page;
  let errors: string[];
  setupLinkedDevices(baseUrl, setupError, async (devices) => {
    ({ table, german, soviet, errors } = devices);
    await namePhones(baseUrl, [
      [german, 'German phone'],
      [soviet, 'Soviet phone'],
    ]);
    await startGameOn(table, baseUrl, 'zitadelle', { ready: (p) => p.getByTestId('zi-title') });
  });

  it('says what it costs, waits for each player’s agreement (named on every screen), then shows every box to every device', async () => {
    await dealZitadelleBoxes(table, german, soviet, CHITS);

    // The table, in the cups tool: the audit is offered, and says what it costs before anything is asked.
    await table.getByRole('tab', { name: 'Cups' }).click();
    await table.getByTestId('hidden-audit').click();
    const confirm = table.getByTestId('hidden-audit-confirm');
    await confirm.waitFor();
    await expect
      .poll(() => confirm.textContent())
      .toContain('8 chits drawn and not shown yet (not kept in a hand) are shown to everyone.');
    expect(await confirm.textContent()).toContain(
      'Each player agrees on their own phone; until then the game goes on.',
    );
    expect(await axeViolations(table, 'audit confirmation')).toEqual([]);
    await confirm.getByRole('button', { name: 'Ask each player’s phone' }).click();

    // Every screen names the players who have not agreed yet.
    for (const p of [german, soviet]) await p.getByRole('tab', { name: 'Cups' }).click();
    await toSpanish(soviet);
    await expect.poll(() => waitingLine(table).textContent()).toContain('German, Soviet');
    await expect.poll(() => waitingLine(german).textContent()).toContain('German, Soviet');
    await expect.poll(() => waitingLine(soviet).textContent()).toContain('se espera el acuerdo');
    // Each phone is asked, with what it costs, in its player's language.
    const askG = german.getByTestId('hidden-audit-ask');
    await askG.waitFor();
    expect(await askG.textContent()).toContain('The table asks for this phone’s secrets to audit this deal');
    expect(await axeViolations(german, 'audit asked on the German phone')).toEqual([]);
    const askS = soviet.getByTestId('hidden-audit-ask');
    await askS.waitFor();
    expect(await askS.textContent()).toContain('La mesa pide los secretos de este móvil para auditar este reparto');
    expect(await askS.textContent()).toContain(
      '8 fichas sacadas y aún sin mostrar (no guardadas en una mano) se muestran a todos.',
    );
    expect(await axeViolations(soviet, 'audit asked on the Soviet phone, in Spanish')).toEqual([]);

    // The German player agrees: the audit waits for the Soviet player, named on every screen; nothing is logged yet.
    const before = await steps(table);
    await askG.getByRole('button', { name: 'Give them for the audit' }).click();
    await expect
      .poll(() => waitingLine(table).textContent())
      .toContain('this side’s player, each on their own phone: Soviet.');
    await expect.poll(() => waitingLine(german).textContent()).toContain(': Soviet.');
    await expect.poll(() => waitingLine(soviet).textContent()).toContain('del jugador de este bando');
    await expect.poll(() => german.getByTestId('hidden-audit-ask').count()).toBe(0);
    // Whatever tool a player is on, the link strip under the header names whom the audit waits for.
    for (const p of [table, german])
      await expect
        .poll(() => p.getByTestId('link-audit-wait').textContent())
        .toBe('The audit of a hidden cup waits for the agreement of: Soviet (each in the Cups tool on their phone)');
    await expect.poll(() => soviet.getByTestId('link-audit-wait').textContent()).toContain('Soviético');
    expect(await steps(table)).toBe(before);

    // The Soviet player agrees: the audit is a step on every device, and every box is public.
    await askS.getByRole('button', { name: 'Darlos para la auditoría' }).click();
    for (const p of [table, german, soviet]) {
      await expect.poll(() => lastStep(p), { timeout: 20_000 }).toBe('hidden.audit');
      await expect.poll(() => p.getByTestId('hidden-audited').count()).toBe(1);
      await expect.poll(async () => (await boxesDeal(p))?.closed).toBe(true);
    }
    expect(await table.getByTestId('hidden-audited').textContent()).toContain(
      'This deal was audited: every chit of it is public.',
    );
    expect(await soviet.getByTestId('hidden-audited').textContent()).toContain(
      'Este reparto se auditó: todas sus fichas son públicas.',
    );
    for (const p of [table, german, soviet]) {
      await expect.poll(() => waitingLine(p).count()).toBe(0);
      await expect.poll(() => p.getByTestId('link-audit-wait').count()).toBe(0);
    }
    // The German phone's game tool shows every box now (the audit showed them), each still played on its turn.
    await german.locator('#tab-turn').click();
    const germanBoxes = german.locator('wc-zitadelle-panel').getByTestId('zi-chits');
    await expect
      .poll(() => germanBoxes.textContent(), { timeout: 20_000 })
      .toContain('The audit showed every box to everyone:');
    const shown = (await germanBoxes.textContent()) ?? '';
    for (const c of CHITS) expect(shown).toContain(c);
    for (const p of [table, german]) expect(await axeViolations(p, 'audited')).toEqual([]);
    expect(await axeViolations(soviet, 'audited, in Spanish')).toEqual([]);
    expect(errors).toEqual([]);
  });
});
