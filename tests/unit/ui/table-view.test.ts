// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { parse, TableSchema, type TableData } from '../../../src/engine';
import { rangeText, type WcTableView } from '../../../src/ui/components/table-view';
import '../../../src/ui/components/table-view';

/** The heading of a fixture table of the game 'fx': id, title, rule, status, source and type. */
const head = (id: string, title: object, rule: string, status: string, source: string, type: string) => ({
  kind: 'table',
  id,
  game: 'fx',
  title,
  rule,
  status,
  source,
  type,
});

function valid(raw: unknown): TableData {
  const r = parse(TableSchema, raw);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.value;
}

const crt = valid({
  ...head('fx-crt', { en: 'Fixture CRT', es: 'Tabla de prueba' }, '9.1', 'partial', 'test fixture', 'crt'),
  rows: {
    label: { en: 'Die roll', es: 'Tirada' },
    entries: [
      { key: '1', max: 1 },
      { key: '2-3', min: 2, max: 3 },
      { key: '4', min: 4 },
    ],
  },
  columns: {
    label: { en: 'Odds', es: 'Relación' },
    entries: [
      { key: '1-1', odds: [1, 1] },
      { key: '2-1', odds: [2, 1] },
    ],
  },
  cells: [
    ['AR', 'DR'],
    ['XX', null],
    [null, 'DE'],
  ],
  values: { kind: 'codes' },
  legend: {
    AR: { name: { en: 'Attacker retreats', es: 'Retirada del atacante' } },
    DR: {
      name: { en: 'Defender retreats', es: 'Retirada del defensor' },
      effect: { en: 'Back two hexes.', es: 'Dos hexágonos atrás.' },
    },
    DE: { name: { en: 'Defender eliminated', es: 'Defensor eliminado' } },
    XX: { name: { en: 'XX (undefined)', es: 'XX (no definido)' } },
  },
  roll: {
    dice: { n: 1, sides: 6 },
    axis: 'rows',
    clamp: { min: 1, max: 4, rule: '9.2' },
    modifiers: [{ id: 'night', label: { en: 'Night', es: 'Noche' }, value: 1, rule: '9.3' }],
  },
  odds: {
    kind: 'ratio',
    rounding: 'defender',
    rule: '9.1',
    below: { mode: 'auto', result: 'AR', label: '< 1-1' },
    above: { mode: 'clamp' },
  },
  errata: [
    {
      id: 'T1',
      row: '2-3',
      column: '1-1',
      printed: 'XX',
      suggested: 'AR',
      reason: { en: 'Undefined code.', es: 'Código no definido.' },
      confidence: 'high',
      correctedByDefault: true,
    },
    {
      id: 'T2',
      row: '1',
      column: '2-1',
      printed: 'DR',
      suggested: 'DE',
      reason: { en: 'Pattern.', es: 'Patrón.' },
      confidence: 'low',
      correctedByDefault: false,
    },
  ],
  notes: [{ en: 'A fixture note.', es: 'Una nota de prueba.' }],
});

const numbers = valid({
  ...head('fx-num', { en: 'Numbers', es: 'Números' }, '3', 'missing', 'x', 'reference'),
  rows: { label: { en: 'Row', es: 'Fila' }, entries: [{ key: 'a', label: { en: 'Alpha', es: 'Alfa' } }] },
  columns: { label: { en: 'Col', es: 'Col' }, entries: [{ key: 'x' }, { key: 'y' }] },
  cells: [[null, null]],
  values: { kind: 'number', min: 0, max: 9 },
});

const open = valid({
  ...head('fx-open', { en: 'Chits', es: 'Fichas' }, '4', 'missing', 'x', 'reference'),
  rows: { label: { en: 'Chit', es: 'Ficha' }, entries: [] },
  columns: { label: { en: 'Printed', es: 'Impreso' }, entries: [{ key: 'colour' }] },
  cells: [],
  playerDefinesAxes: true,
  values: { kind: 'text' },
});

async function mount(props: Partial<WcTableView>): Promise<WcTableView> {
  const el = document.createElement('wc-table-view');
  Object.assign(el, { lang: 'en', mode: 'default' }, props);
  document.body.append(el);
  await el.updateComplete;
  return el;
}
const root = (el: WcTableView) => el.shadowRoot!;
const cell = (el: WcTableView, key: string) => root(el).querySelector<HTMLTableCellElement>(`td[data-key="${key}"]`)!;
async function type(el: WcTableView, key: string, text: string) {
  const input = cell(el, key).querySelector('input')!;
  input.value = text;
  input.dispatchEvent(new Event('change', { bubbles: true }));
  await el.updateComplete;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('wc-table-view', () => {
  it('formats roll ranges', () => {
    expect([
      rangeText({ min: 2, max: 2 }),
      rangeText({ min: 3, max: 4 }),
      rangeText({ max: 1 }),
      rangeText({ min: 6 }),
    ]).toEqual(['2', '3–4', '≤1', '≥6']);
  });

  it('renders a real table with caption, scoped headers and every cell', async () => {
    const el = await mount({ table: crt });
    const r = root(el);
    expect(r.querySelector('caption')!.textContent).toContain('Fixture CRT');
    expect(r.querySelector('caption')!.textContent).toContain('Rule 9.1');
    const cols = [...r.querySelectorAll('thead th')];
    expect(cols.every((th) => th.getAttribute('scope') === 'col')).toBe(true);
    expect(cols.map((th) => th.textContent!.trim())).toEqual(['Die roll', '1-1', '2-1']);
    const rows = [...r.querySelectorAll('tbody th')];
    expect(rows.every((th) => th.getAttribute('scope') === 'row')).toBe(true);
    expect(rows.map((th) => th.textContent!.trim())).toEqual(['≤1', '2–3', '≥4']);
    expect(r.querySelectorAll('tbody td')).toHaveLength(6);
    expect(cell(el, '1|1-1').textContent).toContain('AR');
    expect(cell(el, '1|1-1').getAttribute('title')).toBe('Attacker retreats');
    expect(cell(el, '1|1-1').querySelector('.sr-only')!.textContent).toContain('Attacker retreats');
    expect(cell(el, '4|2-1').textContent).toContain('DE');
    const about = r.querySelector('.about')!.textContent!;
    expect(about).toContain('Back two hexes.');
    expect(about).toContain('A fixture note.');
    expect(about).toContain('1d6');
    expect(about).toContain('below 1 count as 1');
    expect(about).toContain('Night');
    expect(about).toContain('< 1-1');
  });

  it('shows the corrected value in corrected mode and the printed value in printed mode, both marked', async () => {
    const el = await mount({ table: crt, mode: 'corrected' });
    expect(cell(el, '2-3|1-1').querySelector('.v')!.textContent).toBe('AR');
    expect(cell(el, '2-3|1-1').querySelector('.mark')!.textContent).toContain('T1');
    expect(cell(el, '2-3|1-1').textContent).toContain('printed XX');
    expect(cell(el, '1|2-1').querySelector('.v')!.textContent).toBe('DE');
    expect(root(el).querySelector('#erratum-T1')!.textContent).toContain('printed XX, shown AR');
    el.mode = 'printed';
    await el.updateComplete;
    expect(cell(el, '2-3|1-1').querySelector('.v')!.textContent).toBe('XX');
    expect(cell(el, '2-3|1-1').querySelector('.mark')!.textContent).toContain('T1');
    expect(cell(el, '2-3|1-1').textContent).toContain('suspected erratum T1');
    expect(root(el).querySelector('#erratum-T1')!.textContent).toContain('Not applied');
    el.mode = 'default';
    await el.updateComplete;
    expect(cell(el, '2-3|1-1').querySelector('.v')!.textContent).toBe('AR');
    expect(cell(el, '1|2-1').querySelector('.v')!.textContent).toBe('DR');
  });

  it('labels missing cells as not in the text, and marks entered and highlighted cells', async () => {
    const el = await mount({ table: crt, entered: { '4|1-1': 'DR' }, highlight: { row: '4', column: '1-1' } });
    const missing = cell(el, '2-3|2-1');
    expect(missing.textContent).toContain('—');
    expect(missing.querySelector('.sr-only')!.textContent).toBe('not in the text');
    expect(missing.querySelector('input')).toBeNull();
    const entered = cell(el, '4|1-1');
    expect(entered.classList.contains('entered')).toBe(true);
    expect(entered.textContent).toContain('entered by you');
    expect(entered.classList.contains('hl')).toBe(true);
    expect(root(el).querySelector('.progress')!.textContent).toContain('5 of 6 cells');
  });

  it('refuses a bad code with a message and dispatches nothing', async () => {
    const el = await mount({ table: crt, editable: true });
    const got: unknown[] = [];
    el.addEventListener('wc-cell-change', (e) => got.push(e.detail));
    await type(el, '2-3|2-1', 'QQ');
    const err = cell(el, '2-3|2-1').querySelector('[role=alert]')!;
    expect(err.textContent).toContain('"QQ" is not a result code of this table; allowed: AR, DR, DE, XX');
    expect(cell(el, '2-3|2-1').querySelector('input')!.getAttribute('aria-invalid')).toBe('true');
    expect(got).toEqual([]);
  });

  it('dispatches wc-cell-change with the cell key for a good value, and null to clear', async () => {
    const el = await mount({ table: crt, editable: true });
    const got: unknown[] = [];
    el.addEventListener('wc-cell-change', (e) => got.push(e.detail));
    await type(el, '2-3|2-1', 'de');
    expect(got).toEqual([{ key: '2-3|2-1', value: 'DE' }]);
    expect(cell(el, '2-3|2-1').querySelector('[role=alert]')).toBeNull();
    el.entered = { '2-3|2-1': 'DE' };
    await el.updateComplete;
    expect(root(el).querySelector('.progress')!.textContent).toContain('5 of 6 cells');
    await type(el, '2-3|2-1', '');
    expect(got[1]).toEqual({ key: '2-3|2-1', value: null });
  });

  it('edits number tables with a numeric keyboard and range checks', async () => {
    const el = await mount({ table: numbers, editable: true });
    const got: unknown[] = [];
    el.addEventListener('wc-cell-change', (e) => got.push(e.detail));
    expect(cell(el, 'a|x').querySelector('input')!.getAttribute('inputmode')).toBe('numeric');
    expect(root(el).querySelector('tbody th')!.textContent!.trim()).toBe('Alpha');
    await type(el, 'a|x', '12');
    expect(cell(el, 'a|x').textContent).toContain('12 is out of range; allowed: 0–9');
    await type(el, 'a|x', '7');
    expect(got).toEqual([{ key: 'a|x', value: 7 }]);
  });

  it('lets the player add rows to a table whose shape the text does not give', async () => {
    const el = await mount({ table: open, editable: true, axes: { rows: ['Apathy'] } });
    expect(cell(el, 'Apathy|colour').querySelector('input')).not.toBeNull();
    const got: unknown[] = [];
    el.addEventListener('wc-axes-change', (e) => got.push(e.detail));
    const form = root(el).querySelector<HTMLFormElement>('form.add')!;
    const input = form.querySelector('input')!;
    input.value = 'Apathy';
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    await el.updateComplete;
    expect(form.textContent).toContain('"Apathy" is already there.');
    input.value = 'Sniper';
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    expect(got).toEqual([{ rows: ['Apathy', 'Sniper'], columns: [], changed: 'Sniper' }]);
  });

  it('speaks Spanish', async () => {
    const el = await mount({ table: crt, lang: 'es', editable: true });
    const r = root(el);
    expect(r.querySelector('caption')!.textContent).toContain('Tabla de prueba');
    expect(r.querySelector('caption')!.textContent).toContain('Regla 9.1');
    expect(cell(el, '1|1-1').getAttribute('title')).toBe('Retirada del atacante');
    expect(cell(el, '4|1-1').querySelector('input')!.getAttribute('aria-label')).toBe('Fila ≥4, columna 1-1');
    expect(r.textContent).toContain('Códigos de resultado');
    await type(el, '4|1-1', 'ZZ');
    expect(cell(el, '4|1-1').textContent).toContain('«ZZ» no es un código de resultado');
    el.editable = false;
    await el.updateComplete;
    expect(cell(el, '4|1-1').querySelector('.sr-only')!.textContent).toBe('no está en el texto');
    expect(el.getAttribute('lang')).toBe('es');
  });
});

describe('wc-table-view: a chart typed in from the box (issue 13)', () => {
  const zcrt = valid({
    ...head('fx-zcrt', { en: 'Assault CRT', es: 'Tabla de asalto' }, '7.3', 'missing', 'image', 'crt'),
    rows: { label: { en: '2d6', es: '2d6' }, entries: [] },
    columns: { label: { en: 'Odds', es: 'Proporción' }, entries: [] },
    cells: [],
    values: { kind: 'codes' },
    legend: { AC: { name: { en: 'Attacker check', es: 'Chequeo del atacante' } } },
    playerDefinesAxes: true,
    roll: { dice: { n: 2, sides: 6 }, axis: 'rows' },
    odds: { kind: 'ratio', rounding: 'defender', rule: '7.3', below: { mode: 'clamp' }, above: { mode: 'clamp' } },
  });
  const forms = (el: WcTableView) => [...root(el).querySelectorAll<HTMLFormElement>('form.add')];
  const submit = async (el: WcTableView, form: HTMLFormElement, key: string) => {
    form.querySelector<HTMLInputElement>('input[name="key"]')!.value = key;
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    await el.updateComplete;
  };

  it('an empty chart says what is missing, and rows must be die ranges, columns odds', async () => {
    const el = await mount({ table: zcrt, editable: true });
    expect(root(el).textContent).toContain('This chart has no rows yet');
    const got: unknown[] = [];
    el.addEventListener('wc-axes-change', (e) => got.push(e.detail));
    const [rows, cols] = forms(el);
    await submit(el, rows!, 'ten');
    expect(rows!.textContent).toContain('"ten" is not a die range');
    await submit(el, cols!, '3');
    expect(cols!.textContent).toContain('"3" is not odds');
    await submit(el, rows!, '2-7');
    await submit(el, cols!, '3:1');
    expect(got).toEqual([
      { rows: ['2-7'], columns: [], changed: '2-7' },
      { rows: [], columns: ['3:1'], changed: '3:1' },
    ]);
  });

  it('rows are shown sorted by range; overlaps and uncovered rolls are named; a cell takes only table codes', async () => {
    const el = await mount({ table: zcrt, editable: true, axes: { rows: ['8-12', '2-8'], columns: ['1:1'] } });
    const heads = [...root(el).querySelectorAll('tbody th')].map((h) => h.textContent!.replace('×', '').trim());
    expect(heads).toEqual(['2–8', '8–12']);
    expect(root(el).textContent).toContain('The ranges "2-8" and "8-12" overlap');
    el.axes = { rows: ['3-7', '8-12'], columns: ['1:1'] };
    await el.updateComplete;
    expect(root(el).textContent).toContain('These rolls of the dice fall on no range yet: 2.');
    await type(el, '3-7|1:1', 'QQ');
    expect(cell(el, '3-7|1:1').textContent).toContain('"QQ" is not a result code');
  });

  it('a row the players added can be removed, and the dice and ends are theirs to set', async () => {
    const el = await mount({ table: zcrt, editable: true, axes: { rows: ['2-12'], columns: ['1:1'] } });
    const got: unknown[] = [];
    el.addEventListener('wc-axes-change', (e) => got.push(e.detail));
    el.addEventListener('wc-setup-change', (e) => got.push(e.detail));
    root(el).querySelector<HTMLButtonElement>('tbody th button.remove')!.click();
    const setup = root(el).querySelector<HTMLFormElement>('form.setup')!;
    setup.querySelector<HTMLSelectElement>('select[name="below-mode"]')!.value = 'auto';
    setup.querySelector<HTMLInputElement>('input[name="below-result"]')!.value = 'ac';
    setup.dispatchEvent(new Event('submit', { cancelable: true }));
    expect(got).toEqual([
      { rows: [], columns: ['1:1'], changed: '2-12', removed: true },
      { dice: { n: 2, sides: 6 }, below: { mode: 'auto', result: 'AC' }, above: { mode: 'clamp' } },
    ]);
  });
});
