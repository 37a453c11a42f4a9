// Game packs (issue #16): the pack file is the project's own table and scenario JSON plus a
// manifest, checked by the same schemas. Every kind of malformed pack is refused with a message
// naming the path; a good one gives a game the engine plays like a built-in one.
import { describe, expect, it } from 'vitest';
import {
  bundleOf,
  canonicalJson,
  packGameId,
  packHash,
  packIdOf,
  packText,
  readPack,
  readPackFiles,
  PACK_LIMITS,
} from '../../src/packs/format';
import { TEMPLATES, fromTemplate } from '../../src/packs/templates';
import { chitPullPack, clone } from './packs-fixture';

const refusal = (v: unknown, reserved: string[] = []) => {
  const r = readPack(typeof v === 'string' ? v : JSON.stringify(v), reserved);
  expect(r.ok).toBe(false);
  return r.ok ? [] : r.issues;
};
const paths = (v: unknown) => refusal(v).map((i) => i.path);

describe('a well-formed pack', () => {
  it('is read whole: manifest, tables and scenarios', () => {
    const r = readPack(packText(chitPullPack()));
    expect(r.ok).toBe(true);
  });
  it.each(TEMPLATES)('every template gives a valid pack (%s)', (kind) => {
    const r = readPack(packText(fromTemplate(kind, 'x', { en: 'X' })));
    expect(r.ok ? [] : r.issues).toEqual([]);
  });
  it('a name in one language stands for both', () => {
    const p = chitPullPack();
    const b = bundleOf({ ...p, manifest: { ...p.manifest, name: { es: 'Sólo español' } } });
    expect(b.game.name).toEqual({ en: 'Sólo español', es: 'Sólo español' });
  });
  it('its game id names the pack and this version: the same content gives the same id, however written', () => {
    const p = chitPullPack();
    const reordered = JSON.parse(canonicalJson(p));
    expect(packHash(reordered)).toBe(packHash(p));
    expect(packGameId(p)).toMatch(/^my-game@[0-9a-f]{16}$/);
    expect(packIdOf(packGameId(p))).toBe('my-game');
    expect(packIdOf('my-game')).toBeUndefined();
    expect(packGameId(chitPullPack('2'))).not.toBe(packGameId(p));
  });
  it('its bundle puts every table and scenario under the versioned game id', () => {
    const p = chitPullPack();
    const b = bundleOf(p);
    expect(b.game.id).toBe(packGameId(p));
    expect(new Set([...b.tables, ...b.scenarios].map((x) => x.game))).toEqual(new Set([packGameId(p)]));
    expect(b.game.sides.map((s) => s.id)).toEqual(['blue', 'red']);
  });
});

describe('a malformed pack is refused, with a message naming the path', () => {
  it('not JSON', () => {
    expect(refusal('{ "app": ')[0]).toMatchObject({ path: '$', message: expect.stringContaining('not JSON') });
  });
  it('too large, or nested too deep', () => {
    expect(refusal(' '.repeat(PACK_LIMITS.chars + 1))[0]!.message).toContain('larger than');
    let deep: unknown = 1;
    for (let k = 0; k < 40; k++) deep = [deep];
    expect(refusal({ ...clone(chitPullPack()), x: deep })[0]!.message).toContain('nested');
  });
  it('not a pack of this app (app, kind, format)', () => {
    const p = clone(chitPullPack());
    expect(paths({ ...p, app: 'other' })).toContain('$.app');
    expect(paths({ ...p, kind: 'session' })).toContain('$.kind');
    expect(paths({ ...p, format: 2 })).toContain('$.format');
  });
  it('missing or unknown parts', () => {
    const { manifest: _m, ...noManifest } = clone(chitPullPack());
    expect(paths(noManifest)).toEqual(['$.manifest']);
    expect(paths({ ...clone(chitPullPack()), extra: 1 })).toEqual(['$.extra']);
    expect(paths({ ...clone(chitPullPack()), scenarios: [] })).toEqual(['$.scenarios']);
  });
  it('manifest: id, name in neither language, version, author, colours, dice', () => {
    const p = clone(chitPullPack());
    const m = p.manifest;
    expect(paths({ ...p, manifest: { ...m, id: 'My Game' } })).toEqual(['$.manifest.id']);
    expect(paths({ ...p, manifest: { ...m, name: {} } })).toEqual(['$.manifest.name']);
    expect(paths({ ...p, manifest: { ...m, version: '' } })).toEqual(['$.manifest.version']);
    expect(paths({ ...p, manifest: { ...m, author: 7 } })).toEqual(['$.manifest.author']);
    expect(paths({ ...p, manifest: { ...m, sides: [{ ...m.sides[0], colour: 'blue' }] } })).toEqual([
      '$.manifest.sides[0].colour',
    ]);
    expect(paths({ ...p, manifest: { ...m, dice: [{ ...m.dice[0], dice: { n: 2, sides: 1 } }] } })).toEqual([
      '$.manifest.dice[0].dice.sides',
    ]);
    expect(paths({ ...p, manifest: { ...m, dice: [] } })).toEqual(['$.manifest.dice']);
  });
  it('duplicate side, dice, cup or chit ids', () => {
    const p = clone(chitPullPack());
    const m = p.manifest;
    expect(paths({ ...p, manifest: { ...m, sides: [m.sides[0], m.sides[0]] } })).toEqual([
      '$.manifest.sides[1].id',
      // and so the red HQ chit names a side the pack no longer has
      '$.scenarios[0].cups[0].chits[1].side',
    ]);
    expect(paths({ ...p, manifest: { ...m, dice: [m.dice[0], m.dice[0]] } })).toEqual(['$.manifest.dice[1].id']);
    const sc = p.scenarios[0];
    const cup = sc.cups[0];
    expect(paths({ ...p, scenarios: [{ ...sc, cups: [cup, cup] }] })).toEqual(['$.scenarios[0].cups[1].id']);
    expect(paths({ ...p, scenarios: [{ ...sc, cups: [{ ...cup, chits: [cup.chits[0], cup.chits[0]] }] }] })).toEqual([
      '$.scenarios[0].cups[0].chits[1].id',
    ]);
  });
  it('a table or scenario of another game', () => {
    const p = clone(chitPullPack());
    p.tables[0].game = 'other';
    p.scenarios[0].game = 'other';
    expect(paths(p)).toEqual(expect.arrayContaining(['$.tables[0].game', '$.scenarios[0].game']));
  });
  it('a table as the project refuses it: a code not in the legend, rows of the wrong length, a gap in the rolls', () => {
    const p = clone(chitPullPack());
    p.tables[0].cells[3][2] = 'ZZ';
    expect(paths(p)).toEqual(['$.tables[0].cells[3][2]']);
    const q = clone(chitPullPack());
    q.tables[0].cells[1] = ['AE'];
    expect(paths(q)).toEqual(['$.tables[0].cells[1]']);
    const r = clone(chitPullPack());
    r.tables[0].rows.entries[4].min = 9;
    r.tables[0].rows.entries[4].max = 9;
    expect(paths(r)).toContain('$.tables[0].rows.entries[4]');
    const s = clone(chitPullPack());
    s.tables[0].status = 'complete';
    s.tables[0].cells[0][0] = null;
    expect(paths(s)).toEqual(['$.tables[0].status']);
  });
  it('a scenario naming a table the pack lacks, or a side it lacks', () => {
    const p = clone(chitPullPack());
    p.scenarios[0].tables.push('nowhere');
    expect(paths(p)).toEqual(['$.scenarios[0].tables[2]']);
    const q = clone(chitPullPack());
    q.scenarios[0].cups[0].chits[1].side = 'green';
    expect(paths(q)).toEqual(['$.scenarios[0].cups[0].chits[1].side']);
  });
  it('a duplicate table id', () => {
    const p = clone(chitPullPack());
    p.tables.push(p.tables[0]);
    expect(paths(p)).toContain('$.tables[0]');
  });
  it('the id of a built-in game', () => {
    const p = clone(chitPullPack());
    expect(refusal(p, ['my-game'])[0]).toMatchObject({ path: '$.manifest.id' });
  });
  it('a reserved name as a key', () => {
    const p = clone(chitPullPack());
    expect(
      paths(JSON.stringify(p).replace('"legend":{', '"legend":{"__proto__":{"name":{"en":"x","es":"x"}},')),
    ).toEqual(['$.tables[0].legend.__proto__']);
  });
});

describe("a refusal names its reason by a code with its values (the UI says it in the player's language)", () => {
  it('a gap in the rolls, a code not in the legend, a side the pack lacks, the id of a built-in game', () => {
    const gap = clone(chitPullPack());
    gap.tables[0].rows.entries[4].min = 9;
    gap.tables[0].rows.entries[4].max = 9;
    expect(refusal(gap)[0]).toEqual({
      path: '$.tables[0].rows.entries[4]',
      code: 'roll-gap',
      params: { expected: 6, min: 9 },
      message: 'roll ranges must follow on without gap or overlap (expected min 6, got 9)',
    });
    const code = clone(chitPullPack());
    code.tables[0].cells[3][2] = 'ZZ';
    expect(refusal(code)[0]).toMatchObject({ code: 'legend-code', params: { value: 'ZZ' } });
    const side = clone(chitPullPack());
    side.scenarios[0].cups[0].chits[1].side = 'green';
    expect(refusal(side)[0]).toMatchObject({ code: 'no-side', params: { side: 'green' }, message: 'no side "green"' });
    expect(refusal(clone(chitPullPack()), ['my-game'])[0]).toMatchObject({
      code: 'built-in-id',
      params: { id: 'my-game' },
      message: '"my-game" is the id of a game the app has built in',
    });
  });
  it('every issue of a refused pack has a code and its English, the shape checks and the checks across parts', () => {
    const shape = clone(chitPullPack());
    shape.manifest.version = '';
    shape.manifest.name = {};
    const across = clone(chitPullPack());
    across.manifest.sides.push(across.manifest.sides[0]);
    across.tables[0].game = 'other';
    const issues = [...refusal(shape), ...refusal(across)];
    for (const i of issues) expect(i, i.path).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect(issues.map((i) => i.code)).toEqual([
      'pack-text',
      'min-chars',
      'duplicate-side',
      'pack-id',
      'no-game',
      'table-game',
    ]);
    expect(issues[3]!.message).toBe(`expected "my-game" (the pack's id), got "other"`);
    expect(issues[5]).toMatchObject({ path: '$.scenarios[0].tables[0]', params: { table: 'crt', game: 'other' } });
  });
  it('the limits and the JSON: too large, not JSON, nested too deep', () => {
    expect(refusal(' '.repeat(PACK_LIMITS.chars + 1))[0]).toMatchObject({
      code: 'pack-too-large',
      params: { max: PACK_LIMITS.chars },
    });
    expect(refusal('{ "app": ')[0]).toMatchObject({ code: 'pack-not-json', params: { error: expect.any(String) } });
  });
});

describe('a pack as several files (a manifest, tables and scenarios as the project keeps them)', () => {
  const filesOf = (p: Record<string, any>) => [
    { name: 'manifest.json', text: JSON.stringify({ kind: 'manifest', ...p.manifest }) },
    ...p.tables.map((t: { id: string }) => ({ name: `${t.id}.json`, text: JSON.stringify(t) })),
    ...p.scenarios.map((x: { id: string }) => ({ name: `${x.id}.json`, text: JSON.stringify(x) })),
  ];
  it('reads them as the one-file pack', () => {
    const p = chitPullPack();
    const r = readPackFiles(filesOf(clone(p)));
    expect(r.ok && packGameId(r.value)).toBe(packGameId(p));
  });
  it('names the file of each issue', () => {
    const p = clone(chitPullPack());
    p.tables[0].cells[2][1] = 'ZZ';
    p.manifest.version = '';
    const r = readPackFiles(filesOf(p));
    expect(r.ok ? [] : r.issues.map((i) => i.path)).toEqual(['manifest.json: $.version', 'crt.json: $.cells[2][1]']);
  });
  it('refuses a file of another kind, a second manifest, no manifest, or a file that is not JSON', () => {
    const files = filesOf(clone(chitPullPack()));
    const paths = (fs: { name: string; text: string }[]) => {
      const r = readPackFiles(fs);
      return r.ok ? [] : r.issues.map((i) => i.path);
    };
    expect(paths([...files, { name: 'x.json', text: '{"kind":"session"}' }])).toEqual(['x.json: $.kind']);
    expect(paths([...files, files[0]!])).toEqual(['manifest.json: $.kind']);
    expect(paths(files.slice(1))).toEqual(['$']);
    expect(paths([...files, { name: 'bad.json', text: '{' }])).toEqual(['bad.json: $']);
    const codes = (fs: { name: string; text: string }[]) => {
      const r = readPackFiles(fs);
      return r.ok ? [] : r.issues.map((i) => [i.code, i.params]);
    };
    expect(codes([...files, files[0]!])).toEqual([['second-manifest', { file: 'manifest.json' }]]);
    expect(codes([...files, { name: 'x.json', text: '{"kind":"session"}' }])).toEqual([['file-kind', undefined]]);
    expect(codes(files.slice(1))).toEqual([['no-manifest', undefined]]);
  });
});
