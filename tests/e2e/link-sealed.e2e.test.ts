/**
 * EastFront's hidden blocks on three linked devices (issue #33; 7.12, 7.14): the table's device writes
 * the game; the Axis and the Soviet players' phones (390 px wide) are linked to it, each holding its
 * side. Each player types and seals that side's blocks on the phone: the table and the other phone
 * show how many (public: seed 004 line 29, the opponent sees the blocks standing but "ni el tipo ni la
 * fuerza") and hold nothing more. The table enters the battle and starts the first round: it calls
 * for the blocks, each phone shows its own by itself (7.14, line 979: every unrevealed unit is tipped
 * forward), checked against what it sealed, and the round, which waited, opens with them. Axe is clean on every screen.
 * Then, after that round, the Soviets (the Original Defender) move a block into the battle under way
 * (7.15, line 987): typed and sealed on the Soviet phone, counted elsewhere, shown by the next round.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { NO_CHROMIUM, axeViolations, logSteps, setupLinkedDevices, shownText, namePhones, linkSides } from './helpers';
import { startGameOn } from './helpers';

const baseUrl = inject('baseUrl');
const setupError = inject('e2eSetupError');

const panel = (page: Page) => page.locator('wc-eastfront-panel');
const tool = (page: Page) => panel(page).getByTestId('ef-tool-battle');
const linkState = (page: Page) => page.evaluate(() => document.querySelector('wc-app')!.store.getState().link ?? null);
/** Everything the device's app holds of the game: its log and its state. */
const held = (page: Page) =>
  page.evaluate(() => {
    const cur = document.querySelector('wc-app')!.store.getState().current;
    return JSON.stringify([cur?.session.log ?? null, cur?.state ?? null]);
  });
const sealedOf = (page: Page) =>
  page.evaluate(() => document.querySelector('wc-app')!.store.getState().current?.state.sealed ?? {});

describe.skipIf(NO_CHROMIUM)('EastFront blocks sealed on the players’ phones', () => {
  let table: Page, axis: Page, soviet: Page;
  let errors: string[];
  setupLinkedDevices(baseUrl, setupError, async (devices) => {
    ({ table, german: axis, soviet, errors } = devices);
    await namePhones(baseUrl, [
      [axis, 'Axis phone'],
      [soviet, 'Soviet phone'],
    ]);
    await startGameOn(table, baseUrl, 'eastfront', {
      scenario: 'Summer 1942',
      ready: (p) => panel(p).getByTestId('ef-phase'),
    });
  });

  it('each phone seals its own blocks; the others see only their count until the first round shows them', async () => {
    await linkSides(table, [
      [axis, 'Axis'],
      [soviet, 'Soviets'],
    ]);
    await expect.poll(async () => (await linkState(table))?.peers.filter((x) => x.side).length).toBe(2);
    await table.goto(table.url().replace('#/link/', '#/session/'));
    const n = await logSteps(table);
    await panel(table).getByTestId('ef-phase').selectOption('4'); // Fortnight 1 · turn 1 · Combat
    await expect.poll(() => logSteps(table)).toBeGreaterThan(n);

    // Each player types that side's blocks on the phone and seals them there.
    for (const [p, side, label, type, cv] of [
      [axis, 'axis', 'Geheim-Pz', 'armor', '3'],
      [soviet, 'soviet', 'Geheim-Rifle', 'infantry', '2'],
    ] as const) {
      await tool(p).getByTestId('ef-private').check();
      const box = tool(p).getByTestId(`ef-blocks-${side}`);
      await box.getByTestId(`ef-add-${side}`).click();
      await box.getByTestId('ef-label').last().fill(label);
      await box.getByTestId('ef-type').last().selectOption(type);
      await box.getByTestId('ef-cv').last().fill(cv);
      await tool(p).getByTestId(`ef-seal-${side}`).click();
      await expect
        .poll(() => shownText(tool(p).getByTestId(`ef-sealed-${side}`)), { timeout: 20_000 })
        .toContain(label);
    }
    for (const p of [table, axis, soviet]) await expect.poll(async () => Object.keys(await sealedOf(p)).length).toBe(2);

    // The table: the count of each side's blocks, sealed on its phone; nothing of them in what it holds.
    await tool(table).getByTestId('ef-private').check();
    for (const [side, name] of [
      ['axis', 'Axis'],
      ['soviet', 'Soviets'],
    ] as const)
      await expect
        .poll(() => shownText(tool(table).getByTestId(`ef-hidden-${side}`)))
        .toContain(`${name}: 1 block entered, hidden — sealed on that side’s phone`);
    expect(await held(table)).not.toContain('Geheim');
    expect(await held(axis)).not.toContain('Geheim-Rifle');
    expect(await held(soviet)).not.toContain('Geheim-Pz');
    for (const p of [table, axis, soviet]) expect(await axeViolations(p, 'sealed blocks')).toEqual([]);

    // The battle, then its first round: the table calls for the blocks; each phone shows its own.
    const steps = await logSteps(table);
    await tool(table).getByTestId('ef-new-battle').click();
    await expect.poll(() => logSteps(table)).toBeGreaterThan(steps);
    await expect.poll(() => shownText(tool(table).getByTestId('ef-standing-axis'))).toContain('1 block standing');
    await tool(table).getByTestId('ef-active-axis').check();
    await tool(table).getByTestId('ef-start-round').click();
    await expect
      .poll(async () => Object.values(await sealedOf(table)).filter((s) => s.revealed).length, { timeout: 20_000 })
      .toBe(2);
    // The round asked for waited for them (naming the sides); it starts by itself once both are shown.
    await expect.poll(() => tool(table).getByTestId('ef-step').count(), { timeout: 20_000 }).toBe(1);
    for (const p of [table, axis, soviet]) {
      await expect.poll(() => shownText(tool(p).getByTestId('ef-block-Geheim-Pz'))).toBe('Geheim-Pz · Armor · 3');
      await expect
        .poll(() => shownText(tool(p).getByTestId('ef-block-Geheim-Rifle')))
        .toBe('Geheim-Rifle · Infantry · 2');
    }
    expect(await axeViolations(table, 'sealed blocks shown')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('the Soviets (the Original Defender) move a block into the battle under way: sealed on their phone, shown by the next round (7.15)', async () => {
    // The first round, fought with dice typed in (no hits: the battle goes on). 7.21 (line 999): the
    // OD's blocks stand up again — they were shown already, so nothing of them is secret any more.
    const act = (manual: number[][]) =>
      table.evaluate(
        (m) => document.querySelector('wc-app')!.store.act({ type: 'procedure', id: 'ef.fire', input: {}, manual: m }),
        manual,
      );
    expect(await act([[1, 1]])).toBeTruthy();
    expect(await act([[1, 1, 1]])).toBeTruthy();
    await expect.poll(() => tool(table).getByTestId('ef-start-round').count()).toBe(1);

    // 7.15 (seed 004 line 987): the Axis, the Original Attacker, reveal what they move in: no sealing.
    await expect
      .poll(() => shownText(tool(axis).getByTestId('ef-join-open-axis')))
      .toContain('revealed as they join (7.15)');
    // The Soviet player types the block on the phone; one press seals it and adds it to the battle.
    const box = tool(soviet).getByTestId('ef-join-blocks-soviet');
    await box.getByTestId('ef-join-add-soviet').click();
    await box.getByTestId('ef-label').last().fill('Geheim-Gds');
    await box.getByTestId('ef-type').last().selectOption('infantry');
    await box.getByTestId('ef-cv').last().fill('4');
    await tool(soviet).getByTestId('ef-join-seal-soviet').click();
    for (const p of [table, axis, soviet])
      await expect
        .poll(() => shownText(tool(p).getByTestId('ef-joining-soviet')), { timeout: 20_000 })
        .toContain('Soviets: 1 more block joined the battle, standing hidden');
    await expect.poll(() => shownText(tool(soviet).getByTestId('ef-joining-soviet'))).toContain('Geheim-Gds (4)');
    // The battle keeps what it held: the Soviet block standing again (7.21) and the one joining, counted.
    await expect.poll(() => shownText(tool(table).getByTestId('ef-standing-soviet'))).toContain('2 blocks standing');
    await expect.poll(() => shownText(tool(table).getByTestId('ef-block-Geheim-Pz'))).toBe('Geheim-Pz · Armor · 3');
    expect(await held(table)).not.toContain('Geheim-Gds');
    expect(await held(axis)).not.toContain('Geheim-Gds');
    for (const p of [table, axis, soviet]) expect(await axeViolations(p, 'blocks joining sealed')).toEqual([]);

    // The next round calls for them; the Soviet phone shows them by itself, checked against its seal.
    await tool(table).getByTestId('ef-active-axis').check();
    await tool(table).getByTestId('ef-start-round').click();
    await expect.poll(() => tool(table).getByTestId('ef-step').count(), { timeout: 20_000 }).toBe(1);
    for (const p of [table, axis, soviet])
      await expect
        .poll(() => shownText(tool(p).getByTestId('ef-block-Geheim-Gds')), { timeout: 20_000 })
        .toBe('Geheim-Gds · Infantry · 4');
    expect(await axeViolations(axis, 'joined blocks shown')).toEqual([]);
    expect(errors).toEqual([]);
  }, 120_000);
});
