/**
 * Grossdeutschland's event cups between three linked devices (issue #33; 10.3, seed 000): the
 * table writes the game, the app is the cups; the German and the Soviet players' phones (390 px
 * wide) are linked to it. The table deals both event cups between the phones and draws an attack's
 * chits; the Soviet chit is black: its phone keeps it face down, named there only (the German phone
 * and the table show a count); the German chit is shown at once. The Soviet player plays the black
 * chit from the phone: it is shown with its proof and cancels the German chit everywhere. Axe is
 * clean on every screen.
 *
 * The cards are made to fit: when the attack's first draw does not give a Soviet black chit and a
 * German chit it cancels, the draw step is undone and the table draws the Soviet cup (hidden draws,
 * each red or blue one shown at once) until its phone keeps a black chit, then the German cup until
 * it shows the chit that black chit cancels; the attack's draw then takes the last card of each.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  NO_CHROMIUM,
  axeViolations,
  renderedText,
  setupLinkedDevices,
  startGdOnThree,
  gdTurnBegun,
  seatGdPhonesAtEvents,
} from './helpers';

const baseUrl = inject('baseUrl');
const setupError = inject('e2eSetupError');

const text = async (page: Page) => (await renderedText(page)) ?? '';
const log = (page: Page) =>
  page.evaluate(() => document.querySelector('wc-app')!.store.getState().current?.session.log ?? []);
interface Deal {
  readonly chits: readonly string[];
  readonly drawn: readonly { pos: number; side: string }[];
  readonly revealed: Readonly<Record<number, number>>;
  readonly kept?: readonly number[];
  readonly decks: readonly (readonly string[])[];
}
const deal = (page: Page, cup: string): Promise<Deal | null> =>
  page.evaluate((c) => document.querySelector('wc-app')!.store.getState().current?.state.hidden?.[c] ?? null, cup);

/** Every blue chit is "Push", every red one "Stall"; every black chit of the pool cancels one of them (Kursk: 60 + 60 + 12, 18.2). */
const MANIFEST = [
  { name: 'Push', colour: 'blue', modifier: -1, count: 60 },
  { name: 'Stall', colour: 'red', modifier: 1, count: 60 },
  ...Array.from({ length: 12 }, (_, i) => ({
    name: `Black ${i + 1}`,
    colour: 'black',
    cancels: i % 2 ? 'Stall' : 'Push',
  })),
];

describe.skipIf(NO_CHROMIUM)('Grossdeutschland event cups between linked phones', () => {
  let table: Page, german: Page, soviet: Page;
  let errors: string[];
  setupLinkedDevices(baseUrl, setupError, async (devices) => {
    ({ table, german, soviet, errors } = devices);
    await startGdOnThree(baseUrl, devices);
  });

  it('a black chit kept face down shows on its own phone only; played from there, it cancels the chit it names everywhere', async () => {
    await gdTurnBegun(table, 'day');
    await expect.poll(async () => (await log(table)).length).toBe(2);
    // The manifest (gd-event-chits, typed in by the players) given to the setup step: the app is the cups.
    await table.evaluate(
      (manifest) =>
        document
          .querySelector('wc-app')!
          .store.act({ type: 'procedure', id: 'gd.events.setup', input: { manifest }, outOfSequence: 'e2e' }),
      MANIFEST,
    );
    await expect.poll(async () => (await log(table)).length).toBe(3);

    await seatGdPhonesAtEvents(table, german, soviet);
    await table.goto(table.url().replace('#/link/', '#/session/'));
    await table.getByRole('button', { name: '3. Activation' }).click();
    await table.getByRole('button', { name: '3b. Event chits' }).click();

    // The attack: the table draws (dealing both cups between the phones first); each phone settles its own card.
    await table.getByTestId('gd-draw-events').click();
    const pending = () =>
      table.evaluate(() => {
        const ev = document.querySelector('wc-app')!.store.getState().current!.state.game['events'] as {
          pending?: { chits: { side: string; status: string }[] };
        };
        return ev.pending?.chits.map((c) => `${c.side}:${c.status}`).join(' ') ?? '';
      });
    await expect.poll(pending, { timeout: 60_000 }).toMatch(/soviet/);
    /** Draws `side`'s cup (hidden draws, each settled by its phone) until `ok` holds of the card; its position. */
    const drawUntil = async (side: 'german' | 'soviet', ok: (d: Deal, pos: number) => boolean) => {
      for (let k = 0; k < 66; k++) {
        const pos = await table.evaluate(async (s) => {
          const e = await document
            .querySelector('wc-app')!
            .store.act({ type: 'hidden.draw', cup: `${s}-events`, side: s });
          return (e!.outcome as { pos: number }).pos;
        }, side);
        await expect
          .poll(
            async () => {
              const d = (await deal(table, `${side}-events`))!;
              return d.revealed[pos] !== undefined || !!d.kept?.includes(pos);
            },
            { timeout: 20_000 },
          )
          .toBe(true);
        if (ok((await deal(table, `${side}-events`))!, pos)) return pos;
      }
      throw new Error('never drawn');
    };
    const soviet0 = (await deal(table, 'soviet-events'))!;
    let kept = soviet0.drawn.at(-1)!.pos;
    // The Soviet card made black (see above): the draw step undone, the Soviet cup drawn until its phone keeps one.
    const redo = !(await pending()).includes('soviet:black');
    if (redo) {
      await table.evaluate(() => document.querySelector('wc-app')!.store.undo());
      await expect.poll(pending).toBe('');
      kept = await drawUntil('soviet', (d, pos) => !!d.kept?.includes(pos));
    }
    const mine = await soviet.evaluate(
      (pos) =>
        document
          .querySelector('wc-app')!
          .store.getState()
          .hiddenChits!.mine.find((m) => m.cup === 'soviet-events' && m.pos === pos)!.chit,
      kept,
    );
    const target = (MANIFEST.find((m) => m.name === mine) as { cancels: string }).cancels;
    // And the German card one the Soviet black chit cancels (shown at once, as every red or blue chit).
    const germanShown = (d: Deal, pos: number) => d.revealed[pos] !== undefined && d.chits[d.revealed[pos]!] === target;
    const german0 = (await deal(table, 'german-events'))!;
    if (redo || !germanShown(german0, german0.drawn.at(-1)!.pos)) {
      if (!redo) {
        await table.evaluate(() => document.querySelector('wc-app')!.store.undo());
        await expect.poll(pending).toBe('');
      }
      await drawUntil('german', germanShown);
      // Both cards of the attack are settled: the table records the draw.
      await table.getByTestId('gd-between-apply').click();
    }
    for (const p of [table, german, soviet])
      await expect.poll(() => p.getByTestId('gd-pending').textContent(), { timeout: 30_000 }).toMatch(/Soviet: black/);
    await expect.poll(() => text(soviet)).toContain(`Kept face down: "${mine}"`);
    for (const p of [table, german]) {
      await expect.poll(() => text(p)).toContain('1 black chit kept face down: only the Soviet phone reads them.');
      // The log says it was kept, and that the keep checks; never which chit.
      await expect
        .poll(() => text(p))
        .toContain(
          `The Soviet player keeps hidden chit ${kept + 1} face down (checked: it is one of the chits that may be kept`,
        );
      expect(await text(p)).not.toContain(mine);
      // Nothing the device holds names it: the keep step and the draw step say "a black chit", never which.
      const held = await p.evaluate(() =>
        JSON.stringify(document.querySelector('wc-app')!.store.getState().current?.session.log ?? []),
      );
      expect(held).not.toContain(`"chit":"${mine}"`);
    }
    for (const p of [table, german, soviet])
      expect(await axeViolations(p, 'event cups between the phones')).toEqual([]);

    // The Soviet player plays it from the phone: shown with its proof, then the black step; it cancels the German chit.
    await soviet.getByRole('button', { name: new RegExp(`Soviet plays "${mine}"`) }).click();
    for (const p of [table, german, soviet])
      await expect
        .poll(() => p.getByTestId('gd-pending').textContent(), { timeout: 30_000 })
        .toMatch(new RegExp(`German: ${target}.*cancelled \\(${mine}\\)`, 's'));
    await expect.poll(() => text(german)).toContain(mine);
    await expect.poll(() => text(table)).not.toContain('kept face down: only the Soviet phone');
    expect(errors).toEqual([]);
  }, 300_000);
});
