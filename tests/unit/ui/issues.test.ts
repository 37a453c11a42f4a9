// @vitest-environment happy-dom
// Why a file is refused, in the player's language: every issue code the engine can produce has an
// English and a Spanish text (no raw key reaches a screen), and a refused import or a failed
// verification in Spanish gives its reasons in Spanish, its "(step N)" included.
import 'fake-indexeddb/auto';
import { render } from 'lit';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ISSUE_CODES,
  ISSUE_EN,
  apply,
  initialState,
  ceremonySeed,
  contribute,
  newSession,
  readChartPack,
  readSessionFile,
  toFile,
  type Issue,
} from '../../../src/engine';
import { readPack } from '../../../src/packs/format';
import { hasKey, loadBlocks, t } from '../../../src/ui/i18n';
import { issues as block, issueTexts } from '../../../src/ui/i18n/issues';
import { formatIssuesIn, issueText } from '../../../src/ui/issues';
import { verdict } from '../../../src/ui/verdict';
import { problem } from '../../../src/ui/app-notices';
import type { WcApp } from '../../../src/ui/app';
import type { Store } from '../../../src/app/store';
import { openKursk, testStore } from '../app/test-store';
import { freshIndexedDbPerTest } from '../fresh-indexeddb';
import { chitPullPack, clone } from '../packs-fixture';
import { gameFixture } from '../engine/fixtures';

freshIndexedDbPerTest();
beforeAll(() => loadBlocks());

let n = 0;
const makeStore = () =>
  testStore(
    () => n++,
    (k) => Uint8Array.from({ length: k }, (_, j) => (n * 31 + j * 7) & 0xff),
  );

/** Parameters for every placeholder of a code's English. */
const paramsOf = (code: keyof typeof ISSUE_EN) =>
  Object.fromEntries([...ISSUE_EN[code].matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, m[1] === 'got' ? 'number 7' : 3]));

describe('issue texts', () => {
  it('has an English and a Spanish text for every issue code the engine produces', () => {
    expect(ISSUE_CODES.length).toBeGreaterThan(40);
    for (const code of ISSUE_CODES) {
      expect(block.en, code).toHaveProperty([`issue.${code}`]);
      expect(block.es, code).toHaveProperty([`issue.${code}`]);
      expect(block.es[`issue.${code}` as keyof typeof block.es].trim(), code).not.toBe('');
    }
    expect(issueTexts).toHaveLength(2);
  });

  it('says every code in Spanish with its parameters filled in, never a key or a placeholder', () => {
    for (const code of ISSUE_CODES) {
      const i: Issue = { path: '$.x', code, params: paramsOf(code) };
      const es = issueText('es', i);
      expect(es, code).not.toMatch(/issue\.|\{\w+\}/);
      // A code whose text is all parameters ("{value}: {reason}") reads the same in both.
      if (/[a-z]{3}/i.test(ISSUE_EN[code].replace(/\{\w+\}/g, ''))) expect(es, code).not.toBe(issueText('en', i));
      expect(issueText('en', i), code).not.toMatch(/issue\.|\{\w+\}/);
    }
  });

  it('says what a value was in words, a step in the language, and how many more there are', () => {
    const many: Issue[] = Array.from({ length: 5 }, (_, k) => ({
      path: `$.session.log (step ${k + 1})`,
      code: 'int',
      params: { min: 1, max: 6, got: 'number 7' },
    }));
    expect(formatIssuesIn('es', many, 2)).toBe(
      [
        '$.session.log (paso 1): se esperaba un número entero de 1 a 6; hay un número 7',
        '$.session.log (paso 2): se esperaba un número entero de 1 a 6; hay un número 7',
        '… y 3 más',
      ].join('\n'),
    );
    expect(formatIssuesIn('en', many, 2)).toContain('(step 1): expected a whole number from 1 to 6, got a number 7');
    expect(issueText('es', { path: '$', code: 'text', params: { got: '"abc"' } })).toBe(
      'se esperaba un texto; hay "abc"',
    );
  });

  it('an issue without a code shows its English message, not a key', () => {
    expect(issueText('es', { path: '$', message: 'duplicate table id' })).toBe('duplicate table id');
  });

  it("a chart pack's typed-in reasons are said in Spanish too", () => {
    const r = readChartPack('{ not json', 'grossdeutschland', new Map());
    expect(r.ok).toBe(false);
    if (!r.ok) expect(formatIssuesIn('es', r.issues)).toBe('$: no es un archivo JSON');
    expect(issueText('es', { path: '$', code: 'cell-value', params: { value: '"x"', reason: 'not-a-number' } })).toBe(
      '"x": no es un número',
    );
  });
});

describe('a refused import or a failed verification, in Spanish', () => {
  async function refused(tamper: (text: string) => string) {
    const { store } = await makeStore();
    const id = await openKursk(store);
    await store.act({ type: 'roll', dice: { n: 3, sides: 6 } });
    const text = (await store.exportSession(id))!;
    await store.setLang('es');
    const r = await store.importSession(tamper(text));
    expect(r?.ok).toBe(false);
    return { store, r: r as { ok: false; issues: Issue[] } };
  }

  it('a file that is not a game: the verdict and the problem banner give Spanish reasons', async () => {
    const { store, r } = await refused((s) => s.replace('"seed"', '"semilla"'));
    const v = verdict('es', r);
    expect(v.ok).toBe(false);
    expect(v.lines.join('\n')).toContain('$.session.seed: falta');
    expect(v.lines.join('\n')).toContain('$.session.semilla: clave desconocida');
    expect(v.lines.join('\n')).not.toMatch(/missing|unknown key|issue\./);

    // The banner the shell shows: the issues, said once their texts have loaded.
    const p = store.getState().problem!;
    expect(p.key).toBe('import.invalid');
    expect(p.detail).toContain('$.session.seed: missing');
    const host = document.createElement('div');
    let updates = 0;
    const app = { store: store as Store, requestUpdate: () => updates++ } as unknown as WcApp;
    render(problem(app, p), host);
    await expect.poll(() => updates).toBeGreaterThan(0);
    render(problem(app, p), host);
    const text = host.textContent ?? '';
    expect(text).toContain(t('es', 'import.invalid'));
    expect(text).toContain('$.session.seed: falta');
    expect(text).not.toMatch(/missing|issue\./);
  });

  it('a changed die: the verdict names the step and the reason in Spanish', async () => {
    const { r } = await refused((s) => s.replace(/"total": ?\d+/, '"total": 99'));
    const line = verdict('es', r).lines.join('\n');
    expect(line).toMatch(/\(paso \d+\)/);
    expect(line).toContain('el resultado registrado no coincide con la reproducción');
    expect(line).not.toMatch(/step|differs|issue\./);
    expect(hasKey('issue.result')).toBe(true);
  });
});

describe('a refused game pack, in Spanish', () => {
  const refusedPack = (p: Record<string, any>, reserved: string[] = []) => {
    const r = readPack(JSON.stringify(p), reserved);
    expect(r.ok).toBe(false);
    return r.ok ? [] : r.issues;
  };

  it('its own checks read Spanish with their values filled in: a gap in the rolls, a code not in the legend, a side it lacks', () => {
    const p = clone(chitPullPack());
    p.tables[0].rows.entries[4].min = 9;
    p.tables[0].rows.entries[4].max = 9;
    p.tables[0].cells[3][2] = 'ZZ';
    const q = clone(chitPullPack());
    q.scenarios[0].cups[0].chits[1].side = 'green';
    // The checks across a pack's parts run once every part has its shape: two packs.
    const text = formatIssuesIn('es', [...refusedPack(p), ...refusedPack(q)], 20);
    expect(text).toContain(
      '$.tables[0].rows.entries[4]: los intervalos de tirada deben seguirse sin huecos ni solapes (se esperaba min 6; hay 9)',
    );
    expect(text).toContain('$.tables[0].cells[3][2]: «ZZ» no es un código de resultado de la leyenda de esta tabla');
    expect(text).toContain('$.scenarios[0].cups[0].chits[1].side: no hay ningún bando «green»');
    expect(text).not.toMatch(/roll ranges|result code|no side|issue\.|\{\w+\}/);
  });

  it("a file that is not JSON: the reason is Spanish, and the browser's own (English) message is quoted as the browser's", () => {
    const r = readPack('{"manifest": ', []);
    expect(r.ok).toBe(false);
    const text = formatIssuesIn('es', r.ok ? [] : r.issues, 5);
    expect(text).toMatch(/^\$: no es JSON \(mensaje del navegador: «.+»\)$/);
  });

  it('its manifest too, and the id of a built-in game; the problem banner says them in Spanish', async () => {
    const p = clone(chitPullPack());
    p.manifest.sides.push(p.manifest.sides[0]);
    const q = clone(chitPullPack());
    q.manifest.name = {};
    const issues = [...refusedPack(q), ...refusedPack(p)];
    expect(formatIssuesIn('es', issues)).toBe(
      [
        '$.manifest.name: necesita un texto en inglés («en»), en español («es») o en ambos',
        '$.manifest.sides[2].id: identificador de bando repetido «blue»',
      ].join('\n'),
    );
    expect(formatIssuesIn('es', refusedPack(clone(chitPullPack()), ['my-game']))).toBe(
      '$.manifest.id: «my-game» es el identificador de un juego que la aplicación trae incorporado',
    );

    const { store } = await makeStore();
    await store.setLang('es');
    store.report({ key: 'packs.invalid', issues });
    const host = document.createElement('div');
    const app = { store: store as Store, requestUpdate: () => undefined } as unknown as WcApp;
    const shown = store.getState().problem!;
    // The banner says the issues once their texts have loaded (they may have already).
    await expect
      .poll(() => {
        render(problem(app, shown), host);
        return host.textContent;
      })
      .toContain('identificador de bando repetido «blue»');
    expect(host.textContent).toContain(t('es', 'packs.invalid'));
  });
});

describe('a seed ceremony that does not hold, in Spanish', () => {
  const { ctx, scenario } = gameFixture();
  const ceremony = {
    device: contribute('device', 'device', '', 'a1b2c3d4e5f60718293a4b5c6d7e8f90'),
    contributions: [contribute('soviet', 'dice', 'ffeeddccbbaa99887766554433221100', '3 5 2')],
  };
  const fileWith = (change: (f: any) => void) => {
    const session = newSession({
      id: 's-c',
      game: 'test',
      scenario: scenario.id,
      name: 'Ceremony',
      seed: ceremonySeed(ceremony),
      createdAt: '2024-01-01T00:00:00Z',
      ceremony,
    });
    const f = JSON.parse(JSON.stringify(toFile(session)));
    change(f);
    const r = readSessionFile(JSON.stringify(f), () => ctx);
    expect(r.ok).toBe(false);
    return verdict('es', r).lines.join('\n');
  };

  it('names the side or the device in Spanish, and the reason, with no English', () => {
    const secret = fileWith((f) => (f.session.ceremony.contributions[0].reveal.secret = '6 6 6'));
    expect(secret).toContain('la ceremonia de la semilla —');
    expect(secret).toContain(
      `la aportación del bando «soviet» no coincide con su compromiso ${ceremony.contributions[0]!.commitment.slice(0, 16)}`,
    );
    // Said once: where it fails, then why (not "the seed ceremony — the seed ceremony does not hold").
    expect(secret.match(/ceremonia de la semilla/g)).toHaveLength(1);
    expect(secret).not.toContain('no se cumple');
    expect(secret).not.toMatch(/does not|contribution|issue\./);
    expect(fileWith((f) => delete f.session.ceremony.device.reveal)).toContain(
      'la aportación del dispositivo no está revelada',
    );
    expect(fileWith((f) => (f.session.seed = 'b'.repeat(64)))).toContain(
      'la semilla no es la que dan sus aportaciones',
    );
  });
});

describe('a step the engine refuses to replay, in Spanish', () => {
  it("says the engine's own reason with its values, not its English", () => {
    const { ctx, scenario } = gameFixture();
    let session = newSession({
      id: 's-m',
      game: 'test',
      scenario: scenario.id,
      name: 'Manual',
      seed: 'c'.repeat(64),
      createdAt: '2024-01-01T00:00:00Z',
    });
    ({ session } = apply(
      session,
      initialState(session, scenario),
      { type: 'roll', dice: { n: 2, sides: 6 }, manual: [2, 2] },
      ctx,
    ));
    const f = JSON.parse(JSON.stringify(toFile(session)));
    f.session.log[0].action.manual = [2];
    const r = readSessionFile(JSON.stringify(f), () => ctx);
    expect(r.ok ? undefined : r.issues[0]).toMatchObject({
      code: 'step-error',
      params: { reasonKey: 'error.manual-count', expected: 2, got: 1 },
      message: expect.stringContaining('the step cannot be replayed: '),
    });
    const line = verdict('es', r).lines.join('\n');
    expect(line).toContain(
      `el paso no se puede reproducir: ${t('es', 'error.manual-count', { expected: 2, got: 1 }).replace(/\.$/, '').toLowerCase()}`,
    );
    expect(line).not.toMatch(/manual-count|cannot|issue\./);
  });
});
