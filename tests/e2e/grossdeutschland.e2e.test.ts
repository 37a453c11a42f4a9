/**
 * Grossdeutschland in the built app: a new Kursk game and a whole night turn — day, turn type and
 * weather; the arriving HQ chits; the German opening pick; every HQ chit drawn and activated or
 * passed (a reload half-way loses nothing); a night combat with event chits typed in from the
 * physical cups and a black chit played from the Soviet hand after a hand-off; the end-of-night
 * replacement roll. The second half of the activations, the combat and the replacement run in Spanish.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  describeE2E,
  e2eEnv,
  liveText as live,
  reloadApp,
  renderedText,
  setupOnce,
  startNewGame,
  toSpanish,
} from './helpers';
import { typeEventChits } from './helpers';

const env = await e2eEnv();
const inCup = async (page: Page) =>
  Number(
    /(\d+)/.exec(
      (await page
        .locator('wc-gd-activation')
        .getByText(/^(In the cup|En el recipiente): \d+/)
        .textContent()) ?? '',
    )?.[1],
  );

/** Draws HQ chits until the cup is empty or `stopAt` are left: the first is activated, the rest pass. */
async function drawAll(page: Page, stopAt = 0, activateFirst = false) {
  let first = activateFirst;
  while ((await inCup(page)) > stopAt) {
    await page.getByTestId('gd-draw-hq').click();
    await page.getByTestId('gd-pass').waitFor();
    // A Division HQ activates one battalion (3.4, 6.0): the seed decides which chit comes first, so
    // when it is a Division HQ the first battalion in its list is picked before activating.
    const division = page.getByTestId('gd-division');
    if (first && (await division.count()) > 0) await division.selectOption({ index: 1 });
    await page.getByTestId(first ? 'gd-activate' : 'gd-pass').click();
    await page.getByTestId('gd-draw-hq').waitFor();
    first = false;
  }
}

/** The turn form's and the weather roll's words in each language. */
const WORDS = {
  en: {
    day: 'Day',
    type: 'Turn type',
    modifier: 'Weather modifier on the track',
    save: 'Save',
    dice: /Values of the dice you rolled/,
    weather: 'Roll the weather',
  },
  es: {
    day: 'Día',
    type: 'Tipo de turno',
    modifier: 'Modificador de clima del registro',
    save: 'Guardar',
    dice: /Valores de los dados/,
    weather: 'Tirar el clima',
  },
};

/** Saves this turn's day, turn type and printed weather modifier in the turn form. */
async function saveTurn(page: Page, lang: 'en' | 'es', day: string, type: string, modifier: string) {
  const w = WORDS[lang];
  await page.getByLabel(w.day, { exact: true }).fill(day);
  await page.getByLabel(w.type).selectOption(type);
  await page.getByLabel(w.modifier).fill(modifier);
  await page.getByRole('button', { name: w.save }).first().click();
}

/** Rolls the weather with the die typed in. */
async function rollWeather(page: Page, lang: 'en' | 'es', die: string) {
  await page.getByLabel(WORDS[lang].dice).fill(die);
  await page.getByRole('button', { name: WORDS[lang].weather }).click();
}

describeE2E(env, 'Grossdeutschland: a whole Kursk night turn', () => {
  let page: Page;
  let errors: string[];
  let total = 0;
  setupOnce(async () => {
    const ready = (p: Page) => p.getByLabel('Turn type');
    ({ page, errors } = await startNewGame(env, 'grossdeutschland', { viewport: { width: 390, height: 900 }, ready }));
  });

  it('weather, arrivals, the opening pick and half the activations; a reload mid-turn loses nothing', async () => {
    await page.getByRole('radio', { name: 'We roll real dice and type them in' }).click();
    await saveTurn(page, 'en', '10', 'night', '-1');
    await expect.poll(() => live(page)).toMatch(/Night/);
    await rollWeather(page, 'en', '4');
    await expect.poll(() => live(page)).toMatch(/^Weather: Fog\./); // D16: 4 − 1 = 3 → Fog
    await page.getByRole('button', { name: '3. Activation' }).click();
    // Day 10, Night: every reinforcement HQ of day 10 is due (18.5).
    await expect
      .poll(() =>
        page
          .locator('wc-gd-activation')
          .getByText(/^Arriving this turn:/)
          .textContent(),
      )
      .toMatch(/HQ 1Gr/);
    await page.getByTestId('gd-arrivals').click();
    await expect.poll(() => live(page)).toMatch(/7 HQ chits arrive/);
    total = await inCup(page);
    expect(total).toBe(26);
    // 18.1: the German player picks the first chit.
    await page.getByTestId('gd-open-0').selectOption({ label: 'HQ 2Gr' });
    await page.getByRole('button', { name: 'Set them aside to go first' }).click();
    await expect.poll(() => live(page)).toMatch(/1 chit chosen to go first/);
    await page.getByTestId('gd-draw-hq').click();
    await expect.poll(() => page.getByTestId('gd-drawn').textContent()).toMatch(/Drawn: HQ 2Gr — German/);
    await page.getByTestId('gd-activate').click();
    await expect.poll(() => page.getByTestId('gd-activated').textContent()).toBe('Activated this turn: HQ 2Gr');
    await drawAll(page, 13);
    const activated = await page.getByTestId('gd-activated').textContent();
    await reloadApp(page);
    await page.getByRole('button', { name: '3. Activation' }).click();
    await page.getByTestId('gd-draw-hq').waitFor();
    expect(await inCup(page)).toBe(13);
    await expect.poll(() => page.getByTestId('gd-activated').textContent()).toBe(activated);
    expect(errors).toEqual([]);
  });

  it('in Spanish: the rest of the chits, a night combat with event chits and a black chit, the replacement roll', async () => {
    await toSpanish(page);
    await expect.poll(async () => (await renderedText(page))!).toContain('Turno 1 — Noche, tiempo Niebla');
    await drawAll(page, 0, true);
    expect(await inCup(page)).toBe(0);
    await expect
      .poll(async () => (await renderedText(page))!)
      .toContain('El recipiente está vacío: termina la fase de activación.');
    await expect.poll(async () => (await page.getByTestId('gd-activated').textContent())!.split(', ').length).toBe(2);
    // Event chits: the manifest is not filled in, so the players draw from their own cups and type them in.
    await page.getByRole('button', { name: '3b. Fichas de eventos' }).click();
    await page.getByTestId('gd-events-table').click();
    await expect.poll(() => live(page)).toMatch(/sacan de vuestros recipientes/);
    await typeEventChits(page, { german: ['Aggressive Assault', 'blue', '-2'], soviet: ['Apathy', 'red', '2'] });
    await expect.poll(() => live(page)).toMatch(/^Fichas de eventos de un ataque: Fichas de eventos: \+?0/);
    // The Soviet player takes the device and plays "Bogged", which cancels "Aggressive Assault" (18.2).
    await page.getByTestId('gd-hand-soviet').click();
    await page.getByRole('button', { name: 'Soy el jugador Soviético: mostrarla' }).click();
    await page.getByRole('button', { name: /Soviético juega "Bogged"/ }).click();
    await expect.poll(() => live(page)).toMatch(/"Bogged" anula "Aggressive Assault"/);
    await expect.poll(() => page.getByTestId('gd-pending').textContent()).toMatch(/Aggressive Assault.*anulada/s);
    // Then the combat (10.3: the chits are drawn first), under the chits' net modifier.
    await page.getByRole('button', { name: '3c. Combate' }).click();
    await expect
      .poll(() => page.getByTestId('gd-chits-summary').textContent())
      .toMatch(/modificador \+2\):\s*Soviético: Apathy \(\+2\)/);
    // (6 + 4 low → 2) = 8 : 5 → 2-1; night: 3d6 = 5+5+6 = 16, chits +2 → 18 → read as 12.
    const dice = page.getByLabel(/Valores de los dados/);
    await page.getByLabel(/Unidades atacantes/).fill('6, 4 bajo');
    await page.getByLabel(/Unidades defensoras/).fill('3, 2');
    await expect.poll(() => page.locator('[data-testid=gd-column]').textContent()).toBe('Columna: 2-1');
    await dice.fill('5 5 6');
    await page.getByRole('button', { name: 'Resolver el combate' }).click();
    await expect.poll(() => live(page)).toMatch(/^Ataque normal: AD — Atacante diezmado\./);
    const text = (await renderedText(page))!;
    expect(text).toMatch(/"Aggressive Assault" \(−?-?2\) queda anulada por "Bogged"/);
    expect(text).toMatch(/3d6 → 5, 5, 6/);
    await page.getByRole('button', { name: '4. Fin del turno' }).click();
    await dice.fill('1');
    await page.getByRole('button', { name: /Tirada de reemplazos: Alemán/ }).click();
    await expect.poll(() => live(page)).toMatch(/^Reemplazos: /);
    expect(errors).toEqual([]);
  });

  it('a second night turn wholly in Spanish: the chits come back, an air chit falls to the weather', async () => {
    await page.getByRole('button', { name: 'Terminar el turno 1' }).click();
    await expect.poll(async () => (await renderedText(page))!).toContain('Turno 2 —');
    const dice = page.getByLabel(/Valores de los dados/);
    await saveTurn(page, 'es', '11', 'night', '0');
    await expect.poll(() => live(page)).toMatch(/Noche/);
    await rollWeather(page, 'es', '2');
    await expect.poll(() => live(page)).toMatch(/^Clima: Nuboso\./);
    await page.getByRole('button', { name: '3. Activación' }).click();
    // Every chit is back in the cup; nothing more arrives; no opening choice after the first turn.
    await expect.poll(() => inCup(page)).toBe(26);
    await expect
      .poll(() =>
        page
          .locator('wc-gd-activation')
          .getByText(/^Ningún HQ debe llegar/)
          .count(),
      )
      .toBe(1);
    await expect.poll(() => page.getByTestId('gd-open-0').count()).toBe(0);
    await drawAll(page, 0, true);
    await page.getByRole('button', { name: '3b. Fichas de eventos' }).click();
    await page.getByTestId('gd-attacker').selectOption('soviet');
    // "Airstrike" is in the manifest without a printed modifier, so it is typed in whole; "Apathy" is known.
    await page.getByTestId('gd-chit-soviet').fill('Airstrike');
    await page.getByTestId('gd-chit-soviet-colour').selectOption('blue');
    await page.getByTestId('gd-chit-soviet-mod').fill('-3');
    await page.getByTestId('gd-chit-soviet-air').check();
    await page.getByTestId('gd-chit-german').fill('Apathy');
    await page.getByTestId('gd-draw-events').click();
    // Both names are known now: "Airstrike" (air) is discarded in Cloudy weather; "Apathy" +2 stands.
    await expect.poll(() => live(page)).toMatch(/Fichas de eventos: \+2/);
    await expect.poll(() => page.getByTestId('gd-pending').textContent()).toMatch(/Airstrike.*clima: descartada/s);
    await page.getByRole('button', { name: '3c. Combate' }).click();
    await page.getByLabel(/Unidades atacantes/).fill('5');
    await page.getByLabel(/Unidades defensoras/).fill('5');
    await expect.poll(() => page.locator('[data-testid=gd-column]').textContent()).toBe('Columna: 1-1');
    await dice.fill('3 3 3');
    await page.getByRole('button', { name: 'Resolver el combate' }).click();
    await expect.poll(() => live(page)).toMatch(/^Ataque normal: /);
    expect((await renderedText(page))!).toMatch(/3d6 → 3, 3, 3/);
    await page.getByRole('button', { name: '4. Fin del turno' }).click();
    await dice.fill('6');
    await page.getByRole('button', { name: /Tirada de reemplazos: Soviético/ }).click();
    await expect.poll(() => live(page)).toMatch(/^Reemplazos: /);
    await page.getByRole('button', { name: /English/ }).click();
    expect(errors).toEqual([]);
  });
});
