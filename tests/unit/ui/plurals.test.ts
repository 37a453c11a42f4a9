// Issue #28 item 16: counts are said with the language's plural rules (Intl.PluralRules through the
// catalog's `{n, plural, one {…} other {…}}`), never "chit(s)" nor "1 marcadores". Every catalog (the
// shared blocks and every game's, both languages: tests/message-keys.ts) is scanned, and the messages
// that count are rendered with 1 and with 2.
import { describe, expect, it } from 'vitest';
import { loadBlock, loadBlocks, translate as t, use } from '../../../src/ui/i18n';
import { ALL_MESSAGES, GAME_MESSAGES } from '../../message-keys';

use(...GAME_MESSAGES);
await loadBlocks();
await loadBlock('link');

describe('plurals (issue #28 item 16)', () => {
  it('no message writes a plural as "(s)", "(es)", "(as)" or "(os)", in either language', () => {
    const found = ALL_MESSAGES.filter(({ text }) => /\w\((?:s|es|as|os)\)/.test(text)).map(
      ({ key, lang, text }) => `${lang} ${key}: ${text}`,
    );
    expect(found).toEqual([]);
  });

  it('every message that counts with a plural has a "one" and an "other" form', () => {
    const bad = ALL_MESSAGES.filter(({ text }) => /, plural,/.test(text))
      .filter(({ text }) => !/\bone \{/.test(text) || !/\bother \{/.test(text))
      .map(({ key, lang }) => `${lang} ${key}`);
    expect(bad).toEqual([]);
  });

  const cases: [key: string, params: Record<string, string | number>, one: [string, string], two: [string, string]][] =
    [
      [
        'gd.act.head.arrivals',
        {},
        ['1 HQ chit arrives', 'Llega 1 ficha de HQ'],
        ['2 HQ chits arrive', 'Llegan 2 fichas de HQ'],
      ],
      [
        'bo.kg.head',
        {},
        ['1 KG marker deployed', '1 marcador KG desplegado'],
        ['2 KG markers deployed', '2 marcadores KG desplegados'],
      ],
      [
        'rs.combat.support',
        { sum: 5 },
        ['1 supporting artillery, +1: 5.', '1 artillería de apoyo, +1: 5.'],
        ['2 supporting artillery, +1 each: 5.', '2 artillerías de apoyo, +1 cada una: 5.'],
      ],
      [
        'bo.combat.cas',
        { left: 0 },
        [
          '1 CAS marker adds 1 to the attack (0 left this turn).',
          '1 marcador CAS suma 1 al ataque (quedan 0 este turno).',
        ],
        [
          '2 CAS markers add 2 to the attack (0 left this turn).',
          '2 marcadores CAS suman 2 al ataque (quedan 0 este turno).',
        ],
      ],
      [
        'error.manual-count',
        { got: 0 },
        ['Enter exactly 1 die (you entered 0).', 'Introduce exactamente 1 dado (has introducido 0).'],
        ['Enter exactly 2 dice (you entered 0).', 'Introduce exactamente 2 dados (has introducido 0).'],
      ],
      ['x.hits', { hitOn: 5 }, ['1 hit (5+)', '1 impacto (5+)'], ['2 hits (5+)', '2 impactos (5+)']],
      [
        'bo.rc.delay',
        { die: 2 },
        [
          'Die 2: back in 1 turn (half the die, rounded up).',
          'Dado 2: vuelve dentro de 1 turno (la mitad del dado, redondeando al alza).',
        ],
        [
          'Die 2: back in 2 turns (half the die, rounded up).',
          'Dado 2: vuelve dentro de 2 turnos (la mitad del dado, redondeando al alza).',
        ],
      ],
      [
        'x.drew',
        { chit: 'A', cup: 'B' },
        ['Drew A from B (1 of 1 chit)', 'Sale A de B (1 de 1 ficha)'],
        ['Drew A from B (1 of 2 chits)', 'Sale A de B (1 de 2 fichas)'],
      ],
      // The last audit's "1 …s" (issue #28 item 16).
      [
        'gd.err.manifestShort',
        { colour: 'red', need: 8 },
        [
          "The manifest has 1 red chit; the scenario's cups need 8. Fill in the rest, or play with your physical cups.",
          'La lista tiene 1 ficha de color red; los recipientes del escenario necesitan 8. Completa el resto o jugad con vuestros recipientes.',
        ],
        [
          "The manifest has 2 red chits; the scenario's cups need 8. Fill in the rest, or play with your physical cups.",
          'La lista tiene 2 fichas de color red; los recipientes del escenario necesitan 8. Completa el resto o jugad con vuestros recipientes.',
        ],
      ],
      [
        'gd.ev.unknownCounters',
        { need: 5, colour: 'blue' },
        [
          '1 of the 5 blue counters is not typed in the manifest yet: the app draws it by number; when one comes up, take one of your not-yet-typed blue counters at random and type it once.',
          '1 de las 5 fichas de color blue aún no está en la lista: la aplicación la saca por número; cuando salga una, toma al azar una de tus fichas blue aún no anotadas y anótala una vez.',
        ],
        [
          '2 of the 5 blue counters are not typed in the manifest yet: the app draws them by number; when one comes up, take one of your not-yet-typed blue counters at random and type it once.',
          '2 de las 5 fichas de color blue aún no están en la lista: la aplicación las saca por número; cuando salga una, toma al azar una de tus fichas blue aún no anotadas y anótala una vez.',
        ],
      ],
      [
        'gd.barrage.kursk2Art',
        { d: 3 },
        [
          'Kursk 2Art off the map: 1 hex from 2328 + 2 = distance 3.',
          '2Art de Kursk fuera del mapa: 1 hexágono desde 2328 + 2 = distancia 3.',
        ],
        [
          'Kursk 2Art off the map: 2 hexes from 2328 + 2 = distance 3.',
          '2Art de Kursk fuera del mapa: 2 hexágonos desde 2328 + 2 = distancia 3.',
        ],
      ],
      [
        'ef.vp.diff',
        { a: 10, s: 7, diff: 3, side: 'ef.sideOf.axis' },
        [
          'Axis 10, Soviets 7: a difference of 3 for the Axis (1 tournament point).',
          'Eje 10, soviéticos 7: una diferencia de 3 a favor del Eje (1 punto de torneo).',
        ],
        [
          'Axis 10, Soviets 7: a difference of 3 for the Axis (2 tournament points).',
          'Eje 10, soviéticos 7: una diferencia de 3 a favor del Eje (2 puntos de torneo).',
        ],
      ],
      [
        'issue.row-cells',
        { cells: 3 },
        ['expected 1 cell, got 3', 'se esperaba 1 casilla; hay 3'],
        ['expected 2 cells, got 3', 'se esperaban 2 casillas; hay 3'],
      ],
      [
        'issue.cell-rows',
        { rows: 3 },
        ['expected 1 row of cells, got 3', 'se esperaba 1 fila de casillas; hay 3'],
        ['expected 2 rows of cells, got 3', 'se esperaban 2 filas de casillas; hay 3'],
      ],
    ];
  for (const [key, params, one, two] of cases)
    it(`${key} with 1 and with 2`, () => {
      const n =
        (
          {
            'x.drew': 'from',
            'error.manual-count': 'expected',
            'x.hits': 'hits',
            'bo.rc.delay': 'delay',
            'gd.err.manifestShort': 'have',
            'gd.barrage.kursk2Art': 'distance',
            'ef.vp.diff': 'points',
          } as Record<string, string>
        )[key] ?? 'n';
      expect([t('en', key, { ...params, [n]: 1 }), t('es', key, { ...params, [n]: 1 })]).toEqual(one);
      expect([t('en', key, { ...params, [n]: 2 }), t('es', key, { ...params, [n]: 2 })]).toEqual(two);
    });

  it('EastFront\'s verdicts name the side with its article: "del Eje", "de los soviéticos" (issue #28 item 16)', () => {
    const said = (key: string, side: string) => [t('en', key, { side, hits: 1 }), t('es', key, { side, hits: 1 })];
    expect(said('ef.err.over', 'ef.sideOf.axis')).toEqual([
      'This battle is over: the Axis hold the hex. Enter a new battle.',
      'Esta batalla ha terminado: el hex es del Eje. Introduce una batalla nueva.',
    ]);
    expect(said('ef.err.over', 'ef.sideOf.soviet')).toEqual([
      'This battle is over: the Soviets hold the hex. Enter a new battle.',
      'Esta batalla ha terminado: el hex es de los soviéticos. Introduce una batalla nueva.',
    ]);
    expect(said('ef.fire.headOver', 'ef.sideOf.soviet')).toEqual([
      '1 hit · battle over: the Soviets hold the hex',
      '1 impacto · fin de la batalla: el hex es de los soviéticos',
    ]);
    expect(said('ef.end.head', 'ef.sideOf.axis')).toEqual([
      'Battle over: the Axis hold the hex',
      'Fin de la batalla: el hex es del Eje',
    ]);
  });

  it('every counting message reads differently for 1 and for 2 in both languages (its "one" form is used)', () => {
    for (const { key, lang, text } of ALL_MESSAGES) {
      const counted = [...text.matchAll(/\{(\w+), plural,/g)].map((m) => m[1]!);
      if (!counted.length) continue;
      const params = (n: number) =>
        Object.fromEntries([...text.matchAll(/\{(\w+)[,}]/g)].map((m) => [m[1]!, counted.includes(m[1]!) ? n : 'X']));
      const one = t(lang, key, params(1));
      expect(one, `${lang} ${key}`).not.toBe(t(lang, key, params(2)).replace(/2/g, '1'));
      expect(one, `${lang} ${key}`).not.toMatch(/[{}#]/);
    }
  });
});
