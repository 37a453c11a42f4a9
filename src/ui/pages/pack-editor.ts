/**
 * The pack editor (issue #16): a player with the box beside them and no JSON makes a game pack —
 * from a template, then sides, dice, cups and chits, roll tables and CRTs typed in as printed
 * (read by the typed-chart editor's parsers, src/packs/edit.ts), a turn track with notes — checks
 * it (the same checks as an imported file), tries it in a sandbox game and saves it as a pack.
 * Phone first: one column, every control a 44 px target; both languages.
 */
import { LitElement, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { Store } from '../../app/store';
import { formatIssues, type CupData, type I18n, type TableData } from '../../engine';
import { packText, readPack, type Pack } from '../../packs/format';
import {
  addTable,
  applyPastedChart,
  both,
  cellCount,
  namedOf,
  setNamed,
  cupsOf,
  freeId,
  legendText,
  nextVersion,
  parseLegend,
  removeTable,
  renameSide,
  setAxis,
  setCell,
  setCups,
  setOffTable,
  setPackId,
  setRounding,
  setTable,
  setTurns,
  turnConditions,
  conditionsNamed,
  slug,
  withTypedCharts,
  type NamedItem,
  type NamedKind,
} from '../../packs/edit';
import { TEMPLATES, fromTemplate, type TemplateId } from '../../packs/templates';
import { parsePastedChart, type PasteProblem, type PastedChart } from '../../packs/paste';
import { confirmRow } from '../confirm-row';
import { packLibrary } from '../../packs/library';
import { parseChartDice } from '../../engine/player-charts';
import { t, translate, tx, use } from '../i18n';
import { formatIssuesIn } from '../issues';
import { StoreController } from '../store-controller';
import { packEditorStyles } from './pack-editor.styles';
import { changeField } from '../fields';
import type { Lang } from '../../app/store';
import { AnnounceEvent, NavigateEvent } from '../events';
import { packs } from '../i18n/packs';
import { editor } from '../i18n/editor';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(packs, editor);

const val = (e: Event) => (e.target as HTMLInputElement).value;

/** One list of a pack, edited: an item's fields changed or replaced, an item removed, one added with a free id. */
function listEditor<T extends { readonly id: string }>(items: readonly T[], save: (items: T[]) => void) {
  const replace = (k: number, item: T) => save(items.map((x, j) => (j === k ? item : x)));
  return {
    items,
    patch: (k: number, patch: Partial<T>) => replace(k, { ...items[k]!, ...patch }),
    replace,
    remove: (k: number) => save(items.filter((_, j) => j !== k)),
    add: (base: string, make: (id: string) => T) => {
      const taken = items.map((x) => x.id);
      save([...items, make(freeId(base, taken))]);
    },
  };
}

/** A name's two fields, English and Spanish; `onName` gets the language changed and its new text. */
const nameFields = (
  lang: Lang,
  name: Partial<Record<Lang, string>>,
  onName: (language: Lang, text: string) => void,
  maxlength: number,
  testid?: string,
) =>
  (['en', 'es'] as const).map((language) =>
    changeField(
      t(lang, language === 'en' ? 'editor.nameEn' : 'editor.nameEs'),
      name[language] ?? '',
      (v) => onName(language, v),
      {
        maxlength,
        ...(testid ? { testid: `${testid}-${language}` } : {}),
      },
    ),
  );

/** The cell after (i, j), row by row; the last cell stays where it is. */
function nextCell(tbl: TableData, i: number, j: number): [number, number] {
  const columns = tbl.columns.entries.length;
  if (j + 1 < columns) return [i, j + 1];
  return i + 1 < tbl.rows.entries.length ? [i + 1, 0] : [i, j];
}

/** The first empty cell, row by row. */
function firstEmpty(tbl: TableData): { i: number; j: number } | undefined {
  for (let i = 0; i < tbl.cells.length; i++) {
    const j = tbl.cells[i]!.findIndex((v) => v === null || v === undefined);
    if (j >= 0) return { i, j };
  }
  return undefined;
}

/** "Allowed: …" after a refused cell, or nothing when any text goes. */
const allowedText = (lang: Lang, allowed?: string) => (allowed ? t(lang, 'editor.allowed', { allowed }) : '');

/** A pasted chart's problem in the player's words, with its line and cell. */
const pasteProblemText = (lang: Lang, pr: PasteProblem): string =>
  pr.key === 'paste.cell'
    ? t(lang, pr.key, {
        ...pr,
        reason: translate(lang, `issue.cell.${pr.reason}`),
        allowed: allowedText(lang, pr.allowed),
      })
    : pr.key === 'paste.empty'
      ? t(lang, pr.key)
      : t(lang, pr.key, { ...pr });

/** The editor's Remove button (disabled where the list must keep one item). */
const removeButton = (lang: Lang, remove: () => void, disabled = false) =>
  html`<button class="danger" ?disabled=${disabled} @click=${remove}>${t(lang, 'editor.remove')}</button>`;

@customElement('wc-pack-editor')
export class WcPackEditor extends LitElement {
  static override styles = packEditorStyles;
  /** The app's store: the language, the packs and messages. */
  @property({ attribute: false }) store!: Store;
  /** The pack version to edit (`<id>@<hash>`), or '' for a new pack. */
  @property() packKey = '';
  @state() private pack?: Pack;
  @state() private names = { en: '', es: '' };
  @state() private note?: string;
  /** A pasted chart read and waiting for the players' confirmation, by table id. */
  @state() private pasted: Readonly<Record<string, PastedChart | readonly PasteProblem[]>> = {};
  /** The table whose Remove was pressed and waits for confirmation. */
  @state() private removing?: string;
  /** The grid cell last focused, per table: a legend chip fills it (issue #32). */
  private lastCell: Record<string, { i: number; j: number }> = {};
  /** The players chose to type each empty cell when a roll lands on it (else a game needs every cell). */
  @state() private typeWhenRolled = false;
  protected readonly ctl = new StoreController(
    this,
    () => this.store,
    (s) => [s.lang, s.busy],
  );

  override willUpdate(changed: Map<string, unknown>) {
    if (changed.has('packKey')) {
      this.pack = undefined;
      if (this.packKey)
        void packLibrary(this.store.packs).then(async (lib) => {
          const p = await lib?.pack(this.packKey);
          if (!p) return;
          // Values typed in on this device for this version's charts go into the new version.
          await this.store.loadCharts(this.packKey);
          const typed = Object.fromEntries(
            Object.entries(this.store.getState().charts[this.packKey] ?? {}).map(([k, c]) => [k, c.cells]),
          );
          const merged = withTypedCharts(p, typed);
          // An edit is saved as the next version: games started from this one keep it.
          this.pack = {
            ...merged.pack,
            manifest: { ...p.manifest, version: nextVersion(p.manifest.version) },
          };
          if (merged.added) this.note = t(this.language, 'editor.typedIn', { n: merged.added });
        });
    }
  }

  private get language() {
    return this.store.getState().lang;
  }

  private start(kind: TemplateId) {
    const en = this.names.en.trim(),
      es = this.names.es.trim();
    const name = { ...(en ? { en } : {}), ...(es ? { es } : {}) };
    const fallback = t(this.language, `editor.template.${kind}`);
    this.pack = fromTemplate(kind, slug(en || es || fallback), en || es ? name : { [this.language]: fallback });
  }

  private update2(p: Pack) {
    this.pack = p;
    this.note = undefined;
  }

  private manifest(patch: Partial<Pack['manifest']>) {
    this.update2({ ...this.pack!, manifest: { ...this.pack!.manifest, ...patch } });
  }

  private setName(lang: 'en' | 'es', v: string) {
    const name: Record<string, string> = { ...this.pack!.manifest.name };
    if (v.trim()) name[lang] = v.trim();
    else delete name[lang];
    this.manifest({ name });
  }

  private issues() {
    const r = readPack(packText(this.pack!));
    return r.ok ? [] : r.issues;
  }

  private async save(): Promise<string | undefined> {
    const lang = this.language;
    const lib = await packLibrary(this.store.packs);
    if (!lib) {
      this.store.report({ key: 'packs.unavailable' });
      return undefined;
    }
    try {
      const r = await lib.save(this.pack!);
      if (!r.ok) {
        this.store.report({ key: 'packs.invalid', detail: formatIssues(r.issues), issues: r.issues });
        return undefined;
      }
      const msg = t(lang, 'editor.saved', {
        name: tx(lang, both(this.pack!.manifest.name.en ?? '', this.pack!.manifest.name.es ?? '')),
        version: this.pack!.manifest.version,
      });
      this.note = msg;
      this.dispatchEvent(new AnnounceEvent(msg));
      return r.key;
    } catch (e) {
      this.store.report({ key: 'error.unexpected', detail: (e as Error).message });
      return undefined;
    }
  }

  private async tryIt() {
    const key = await this.save();
    if (!key) return;
    const id = await this.store.createSession(key, this.pack!.scenarios[0]!.id, t(this.language, 'editor.sandbox'));
    if (id) this.dispatchEvent(new NavigateEvent(`#/session/${encodeURIComponent(id)}`));
  }

  // ------------------------------------------------------------------ sections

  private renderTemplates() {
    const lang = this.language;
    return html`<fieldset>
      <legend>${t(lang, 'editor.templates')}</legend>
      <p class="muted">${t(lang, 'editor.templateHelp')}</p>
      ${nameFields(lang, this.names, (language, v) => (this.names = { ...this.names, [language]: v }), 120, 'new-name')}
      <div class="templates">
        ${TEMPLATES.map(
          (k) =>
            html`<button class="primary" data-template=${k} @click=${() => this.start(k)}>
              ${t(lang, `editor.template.${k}`)}
            </button>`,
        )}
      </div>
    </fieldset>`;
  }

  private renderGame(p: Pack) {
    const lang = this.language;
    const m = p.manifest;
    return html`<fieldset>
      <legend>${t(lang, 'editor.game')}</legend>
      ${nameFields(lang, m.name, (language, v) => this.setName(language, v), 120)}
      ${changeField(t(lang, 'editor.id'), m.id, (v) => this.update2(setPackId(p, slug(v))), {
        maxlength: 40,
        testid: 'pack-id',
        readonly: !!this.packKey,
      })}
      <div class="row">
        ${changeField(t(lang, 'editor.version'), m.version, (v) => this.manifest({ version: v.trim() }), { maxlength: 20, testid: 'pack-version' })}
        ${changeField(t(lang, 'editor.author'), m.author, (v) => this.manifest({ author: v.trim() }), { maxlength: 120 })}
      </div>
      ${changeField(t(lang, 'editor.source'), m.source ?? '', (v) => this.optionalManifest('source', v), { maxlength: 400, testid: 'pack-source' })}
      ${changeField(t(lang, 'editor.licence'), m.licence ?? '', (v) => this.optionalManifest('licence', v), { maxlength: 400, testid: 'pack-licence' })}
      <label
        >${t(lang, 'editor.strengths')}
        <select
          data-testid="pack-strengths"
          @change=${(e: Event) => {
            const { strengths: _old, ...rest } = this.pack!.manifest;
            const v = (e.target as HTMLSelectElement).value;
            // Whole numbers are the default: said by leaving the setting out.
            this.update2({ ...this.pack!, manifest: v === 'decimal' ? { ...rest, strengths: 'decimal' } : rest });
          }}
        >
          <option value="whole" ?selected=${m.strengths !== 'decimal'}>${t(lang, 'editor.strengthsWhole')}</option>
          <option value="decimal" ?selected=${m.strengths === 'decimal'}>${t(lang, 'editor.strengthsDecimal')}</option>
        </select></label
      >
    </fieldset>`;
  }

  /** A manifest text that may be left out: blank removes it. */
  private optionalManifest(key: 'source' | 'licence', v: string) {
    const { [key]: _old, ...rest } = this.pack!.manifest;
    this.update2({ ...this.pack!, manifest: v.trim() ? { ...rest, [key]: v.trim() } : rest });
  }

  /** The scenario: its name, what it is about and its set-up notes (shown with it in the game). */
  private renderScenario(p: Pack) {
    const lang = this.language;
    const sc = p.scenarios[0]!;
    const setScenario = (patch: Partial<typeof sc>) =>
      this.update2({ ...p, scenarios: [{ ...sc, ...patch }, ...p.scenarios.slice(1)] });
    const notes = (sc.notes ?? []).map((n) => tx(lang, n)).join('\n');
    return html`<fieldset>
      <legend>${t(lang, 'editor.scenario')}</legend>
      ${changeField(
        t(lang, 'editor.scenarioName'),
        tx(lang, sc.name),
        (v) => v.trim() && setScenario({ name: { ...sc.name, [lang]: v.trim() } as I18n }),
        { maxlength: 80, testid: 'scenario-name' },
      )}
      ${changeField(
        t(lang, 'editor.scenarioSummary'),
        sc.summary ? tx(lang, sc.summary) : '',
        (v) => {
          const { summary: _old, ...rest } = sc;
          this.update2({
            ...p,
            scenarios: [v.trim() ? { ...rest, summary: both(v, v) } : rest, ...p.scenarios.slice(1)],
          });
        },
        { maxlength: 400, testid: 'scenario-summary' },
      )}
      <label
        >${t(lang, 'editor.scenarioNotes')}<textarea
          data-testid="scenario-notes"
          .value=${notes}
          @change=${(e: Event) => {
            const lines = val(e)
              .split('\n')
              .map((x) => x.trim())
              .filter(Boolean)
              .slice(0, 50)
              .map((x) => both(x.slice(0, 400), x.slice(0, 400)));
            const { notes: _old, ...rest } = sc;
            this.update2({
              ...p,
              scenarios: [lines.length ? { ...rest, notes: lines } : rest, ...p.scenarios.slice(1)],
            });
          }}
        ></textarea>
      </label>
    </fieldset>`;
  }

  private renderSides(p: Pack) {
    const lang = this.language;
    const sides = listEditor(p.manifest.sides, (list) => this.manifest({ sides: list }));
    return html`<fieldset>
      <legend>${t(lang, 'editor.sides')}</legend>
      ${sides.items.map(
        (s, k) =>
          html`<div class="item row">
            ${nameFields(lang, s.name, (language, v) => this.update2(renameSide(p, k, both(language === 'en' ? v : (s.name.en ?? ''), language === 'es' ? v : (s.name.es ?? '')))), 60)}
            ${changeField(t(lang, 'editor.colour'), s.colour, (v) => sides.patch(k, { colour: v }), { type: 'color' })}
            ${removeButton(lang, () => sides.remove(k), sides.items.length < 2)}
          </div>`,
      )}
      <button
        @click=${() => {
          const n = sides.items.length + 1;
          sides.add(`side-${n}`, (id) => ({ id, name: { en: `Side ${n}`, es: `Bando ${n}` }, colour: '#777777' }));
        }}
      >
        ${t(lang, 'editor.addSide')}
      </button>
    </fieldset>`;
  }

  private renderDice(p: Pack) {
    const lang = this.language;
    const dice = listEditor(p.manifest.dice, (list) => this.manifest({ dice: list }));
    const specText = (d: (typeof dice.items)[number]) => ('sides' in d.dice ? `${d.dice.n}d${d.dice.sides}` : '');
    return html`<fieldset>
      <legend>${t(lang, 'editor.dice')}</legend>
      <p class="muted">${t(lang, 'editor.diceHelp')}</p>
      ${dice.items.map(
        (d, k) =>
          html`<div class="item row">
            ${changeField(
              t(lang, 'editor.label'),
              tx(lang, both(d.label.en ?? '', d.label.es ?? '')),
              (v) => dice.patch(k, { label: { ...d.label, [lang]: v.trim() || specText(d) } }),
              { maxlength: 80 },
            )}
            ${changeField(
              t(lang, 'editor.diceSpec'),
              specText(d),
              (v) => {
                const r = parseChartDice(v);
                if (r.ok) dice.patch(k, { dice: r.value });
                else this.store.report({ key: r.problem.key, params: r.problem.params });
              },
              { maxlength: 8 },
            )}
            ${changeField(
              t(lang, 'editor.hitOn'),
              d.hitOn === undefined ? '' : String(d.hitOn),
              (v) => {
                const { hitOn: _h, ...rest } = d;
                const n = Number(v);
                dice.replace(k, v && n >= 1 ? { ...rest, hitOn: n } : rest);
              },
              { type: 'number', min: 1, max: 100 },
            )}
            ${removeButton(lang, () => dice.remove(k), dice.items.length < 2)}
          </div>`,
      )}
      <button
        @click=${() => dice.add('d6', (id) => ({ id, label: { en: '1d6', es: '1d6' }, dice: { n: 1, sides: 6 } }))}
      >
        ${t(lang, 'editor.addDice')}
      </button>
    </fieldset>`;
  }

  private renderCups(p: Pack) {
    const lang = this.language;
    const cups = listEditor(cupsOf(p), (list) => this.update2(setCups(p, list)));
    const sides = p.manifest.sides;
    const refills = ['return-all-at-end-of-turn', 'from-discard-when-empty', 'none'] as const;
    return html`<fieldset>
      <legend>${t(lang, 'editor.cups')}</legend>
      ${cups.items.map((c, k) => {
        const chits = listEditor(c.chits, (list) => cups.replace(k, { ...c, chits: list }));
        return html`<div class="item" data-cup=${c.id}>
          ${changeField(
            t(lang, 'editor.cupName'),
            tx(lang, c.name),
            (v) => cups.replace(k, { ...c, name: { ...c.name, [lang]: v.trim() || tx(lang, c.name) } }),
            { maxlength: 80 },
          )}
          <label
            >${t(lang, 'editor.refill')}<select
              @change=${(e: Event) => cups.replace(k, { ...c, refill: val(e) as CupData['refill'] })}
            >
              ${refills.map((r) => html`<option value=${r} ?selected=${c.refill === r}>${t(lang, `editor.refill.${r}`)}</option>`)}
            </select></label
          >
          ${chits.items.map(
            (ch, j) =>
              html`<div class="row item" data-chit=${ch.id}>
                ${changeField(
                  t(lang, 'editor.chit'),
                  tx(lang, ch.label),
                  (v) =>
                    chits.patch(j, { label: both(lang === 'en' ? v : ch.label.en, lang === 'es' ? v : ch.label.es) }),
                  { maxlength: 60, testid: 'chit-label' },
                )}
                ${changeField(
                  t(lang, 'editor.count'),
                  String(ch.count ?? 1),
                  (v) => chits.patch(j, { count: Math.max(1, Math.min(100, Math.floor(Number(v)) || 1)) }),
                  { type: 'number', min: 1, max: 100, testid: 'chit-count' },
                )}
                <label
                  >${t(lang, 'editor.chitSide')}<select
                    @change=${(e: Event) => {
                      const { side: _s, ...rest } = ch;
                      chits.replace(j, val(e) ? { ...rest, side: val(e) } : rest);
                    }}
                  >
                    <option value="" ?selected=${!ch.side}>${t(lang, 'editor.noSide')}</option>
                    ${sides.map((s) => html`<option value=${s.id} ?selected=${ch.side === s.id}>${tx(lang, both(s.name.en ?? '', s.name.es ?? ''))}</option>`)}
                  </select></label
                >
                ${removeButton(lang, () => chits.remove(j))}
              </div>`,
          )}
          <div class="row">
            <button @click=${() => chits.add('chit', (id) => ({ id, label: { en: 'Chit', es: 'Ficha' }, count: 1 }))}>
              ${t(lang, 'editor.addChit')}
            </button>
            ${removeButton(lang, () => cups.remove(k))}
          </div>
        </div>`;
      })}
      <button
        @click=${() =>
          cups.add('cup', (id) => ({
            id,
            name: { en: 'Cup', es: 'Recipiente' },
            refill: 'return-all-at-end-of-turn',
            chits: [],
          }))}
      >
        ${t(lang, 'editor.addCup')}
      </button>
    </fieldset>`;
  }

  private renderTable(p: Pack, tbl: TableData) {
    const lang = this.language;
    const set = (change: (t: TableData) => TableData) => this.update2(setTable(p, tbl.id, change));
    const axis = (which: 'rows' | 'columns') =>
      html`<label
        >${t(lang, which === 'rows' ? 'editor.rows' : 'editor.columns')}<input
          data-testid=${`${which}-${tbl.id}`}
          .value=${tbl[which].entries.map((e) => e.key).join(', ')}
          @change=${(e: Event) => {
            const r = setAxis(tbl, which, val(e));
            set(() => r.table);
            const first = r.problems[0];
            if (first) this.store.report({ key: first.key, params: first.params });
          }}
      /></label>`;
    return html`<div class="item" data-table=${tbl.id}>
      ${changeField(t(lang, 'editor.tableTitle'), tx(lang, tbl.title), (v) => set((x) => ({ ...x, title: { ...x.title, [lang]: v.trim() || tx(lang, x.title) } as I18n })), { maxlength: 80 })}
      ${
        tbl.roll
          ? html`<label
              >${t(lang, 'editor.tableDice')}<input
                maxlength="8"
                .value=${'sides' in tbl.roll.dice ? `${tbl.roll.dice.n}d${tbl.roll.dice.sides}` : ''}
                @change=${(e: Event) => {
                  const r = parseChartDice(val(e));
                  if (r.ok) set((x) => ({ ...x, roll: { ...x.roll!, dice: r.value } }));
                  else this.store.report({ key: r.problem.key, params: r.problem.params });
                }}
            /></label>`
          : nothing
      }
      <p class="muted">${t(lang, 'editor.axesHelp')}</p>
      ${axis('rows')} ${axis('columns')}
      ${
        tbl.values.kind === 'codes'
          ? html`<label
              >${t(lang, 'editor.legend')}<textarea
                data-testid=${`legend-${tbl.id}`}
                .value=${legendText(tbl)}
                @change=${(e: Event) => set((x) => ({ ...x, legend: parseLegend(val(e)) }))}
              ></textarea>
            </label>`
          : nothing
      }
      ${tbl.odds ? this.renderOdds(tbl, set) : nothing}
      ${tbl.type === 'crt' ? this.renderNamed(tbl, 'shifts', set) : nothing}
      ${tbl.roll ? this.renderNamed(tbl, 'modifiers', set) : nothing}
      <p>
        <strong>${t(lang, 'editor.cells')}</strong>
        <span data-testid=${`cell-count-${tbl.id}`}>${t(lang, 'editor.cellCount', cellCount(tbl))}</span>
      </p>
      ${this.renderPaste(tbl, set)} ${this.renderChips(tbl, set)}
      <div class="grid">
        <table>
          <thead>
            <tr>
              <th scope="col">${tx(lang, tbl.rows.label)}</th>
              ${tbl.columns.entries.map((c) => html`<th scope="col">${c.key}</th>`)}
            </tr>
          </thead>
          <tbody>
            ${tbl.rows.entries.map(
              (r, i) =>
                html`<tr>
                  <th scope="row">${r.key}</th>
                  ${tbl.columns.entries.map(
                    (c, j) =>
                      html`<td>
                        <input
                          data-testid=${`cell-${tbl.id}-${i}-${j}`}
                          aria-label=${t(lang, 'editor.cell', { row: r.key, column: c.key })}
                          maxlength="80"
                          enterkeyhint="next"
                          autocomplete="off"
                          list=${tbl.values.kind === 'codes' ? `codes-${tbl.id}` : nothing}
                          .value=${tbl.cells[i]?.[j] === null || tbl.cells[i]?.[j] === undefined ? '' : String(tbl.cells[i]![j])}
                          @focus=${() => (this.lastCell[tbl.id] = { i, j })}
                          @keydown=${(e: KeyboardEvent) => {
                            // The keyboard's Next (Enter) moves to the next cell, row by row.
                            if (e.key !== 'Enter' || e.isComposing) return;
                            e.preventDefault();
                            this.focusCell(tbl, ...nextCell(tbl, i, j));
                          }}
                          @change=${(e: Event) => {
                            if (!this.fillCell(tbl, set, i, j, val(e))) (e.target as HTMLInputElement).value = '';
                          }}
                        />
                      </td>`,
                  )}
                </tr>`,
            )}
          </tbody>
        </table>
        ${
          tbl.values.kind === 'codes'
            ? html`<datalist id=${`codes-${tbl.id}`}>
                ${Object.keys(tbl.legend ?? {}).map((k) => html`<option value=${k}></option>`)}
              </datalist>`
            : nothing
        }
      </div>
      ${
        this.removing === tbl.id
          ? confirmRow(
              t(lang, 'editor.removeTableQ', { title: tx(lang, tbl.title) }),
              [
                {
                  label: t(lang, 'editor.removeTable'),
                  kind: 'danger',
                  run: () => {
                    this.removing = undefined;
                    this.update2(removeTable(p, tbl.id));
                  },
                },
              ],
              { label: t(lang, 'common.cancel'), run: () => (this.removing = undefined) },
            )
          : html`<button class="danger" data-testid=${`remove-${tbl.id}`} @click=${() => (this.removing = tbl.id)}>
              ${t(lang, 'editor.removeTable')}
            </button>`
      }
    </div>`;
  }

  /** Writes a cell as typed (or tapped); a value the chart cannot hold is refused in words. Returns whether it was taken. */
  private fillCell(
    tbl: TableData,
    set: (change: (t: TableData) => TableData) => void,
    i: number,
    j: number,
    text: string,
  ): boolean {
    const lang = this.language;
    const r2 = setCell(tbl, i, j, text);
    if (r2.problem)
      this.store.report({
        key: 'editor.cellRefused',
        params: {
          text,
          reason: translate(lang, `issue.cell.${r2.problem.reason}`),
          allowed: allowedText(lang, r2.problem.allowed),
        },
      });
    set(() => r2.table);
    return !r2.problem;
  }

  /** Puts the focus in a grid cell (once the grid shows the last change). */
  private focusCell(tbl: TableData, i: number, j: number) {
    this.lastCell[tbl.id] = { i, j };
    void this.updateComplete.then(() =>
      this.renderRoot.querySelector<HTMLInputElement>(`[data-testid="cell-${tbl.id}-${i}-${j}"]`)?.focus(),
    );
  }

  /**
   * The legend's codes as one-tap chips (issue #32): a tap fills the cell last focused (none yet:
   * the first empty cell) and moves on to the next cell.
   */
  private renderChips(tbl: TableData, set: (change: (t: TableData) => TableData) => void) {
    const lang = this.language;
    const codes = tbl.values.kind === 'codes' ? Object.entries(tbl.legend ?? {}) : [];
    if (!codes.length || !tbl.cells.length) return nothing;
    const tap = (code: string) => {
      const at = this.lastCell[tbl.id] ?? firstEmpty(tbl);
      if (!at || !tbl.cells[at.i] || at.j >= (tbl.cells[at.i]?.length ?? 0)) return;
      if (this.fillCell(tbl, set, at.i, at.j, code)) this.focusCell(tbl, ...nextCell(tbl, at.i, at.j));
    };
    return html`<div class="chips" role="group" aria-label=${t(lang, 'editor.chips')} data-testid=${`chips-${tbl.id}`}>
      ${codes.map(
        ([code, entry]) =>
          html`<button
            type="button"
            title=${tx(lang, entry.name)}
            data-testid=${`chip-${tbl.id}-${code}`}
            @mousedown=${(e: Event) => e.preventDefault()}
            @click=${() => tap(code)}
          >
            ${code}
          </button>`,
      )}
    </div>`;
  }

  /** How the odds are rounded and what happens beyond each end of the columns (the printed rule). */
  private renderOdds(tbl: TableData, set: (change: (t: TableData) => TableData) => void) {
    const lang = this.language;
    const odds = tbl.odds!;
    const codes = Object.keys(tbl.legend ?? {});
    const end = (which: 'below' | 'above') => {
      const now = odds[which];
      return html`<label
        >${t(lang, which === 'below' ? 'editor.below' : 'editor.above')}<select
          data-testid=${`${which}-${tbl.id}`}
          @change=${(e: Event) => {
            const v = val(e);
            set((x) => setOffTable(x, which, v === '' ? { mode: 'clamp' } : { mode: 'auto', result: v }));
          }}
        >
          <option value="" ?selected=${now.mode === 'clamp'}>
            ${t(lang, which === 'below' ? 'editor.end.first' : 'editor.end.last')}
          </option>
          ${codes.map(
            (c) =>
              html`<option value=${c} ?selected=${now.mode === 'auto' && now.result === c}>
                ${t(lang, 'editor.end.result', { code: c, name: tx(lang, tbl.legend![c]!.name) })}
              </option>`,
          )}
        </select></label
      >`;
    };
    return html`<label
        >${t(lang, 'editor.rounding')}<select
          data-testid=${`rounding-${tbl.id}`}
          @change=${(e: Event) => set((x) => setRounding(x, val(e) === 'attacker' ? 'attacker' : 'defender'))}
        >
          <option value="defender" ?selected=${odds.rounding === 'defender'}>
            ${t(lang, 'editor.rounding.defender')}
          </option>
          <option value="attacker" ?selected=${odds.rounding === 'attacker'}>
            ${t(lang, 'editor.rounding.attacker')}
          </option>
        </select></label
      >
      ${end('below')} ${end('above')}`;
  }

  /**
   * The column shifts (CRTs) or die-roll modifiers a chart names once, each with its value, rule and
   * an optional group (items of one group exclude each other): checkboxes and radios in play.
   */
  private renderNamed(tbl: TableData, kind: NamedKind, set: (change: (t: TableData) => TableData) => void) {
    const lang = this.language;
    const items = namedOf(tbl, kind);
    const save = (next: readonly NamedItem[]) => set((x) => setNamed(x, kind, next));
    const patch = (k: number, p: Partial<NamedItem>) => save(items.map((x, j) => (j === k ? { ...x, ...p } : x)));
    return html`<fieldset data-testid=${`${kind}-${tbl.id}`}>
      <legend>${t(lang, kind === 'shifts' ? 'editor.shifts' : 'editor.modifiers')}</legend>
      <p class="muted">${t(lang, kind === 'shifts' ? 'editor.shiftsHelp' : 'editor.modifiersHelp')}</p>
      ${items.map(
        (x, k) =>
          html`<div class="item">
            ${changeField(t(lang, 'editor.namedLabel'), tx(lang, x.label), (v) =>
              patch(k, { label: { ...x.label, [lang]: v.trim() || tx(lang, x.label) } as I18n }),
            )}
            ${changeField(
              t(lang, kind === 'shifts' ? 'editor.shiftValue' : 'editor.modifierValue'),
              String(x.value),
              (v) => {
                const n = Number(v);
                if (v.trim() === '' || !Number.isInteger(n) || Math.abs(n) > 10)
                  this.store.report({ key: 'editor.namedValueRefused', params: { text: v } });
                else patch(k, { value: n });
              },
              { type: 'number', min: -10, max: 10, inputmode: 'numeric' },
            )}
            ${changeField(t(lang, 'editor.namedRule'), x.rule, (v) => patch(k, { rule: v }), { maxlength: 40 })}
            ${changeField(t(lang, 'editor.namedGroup'), x.group ?? '', (v) => patch(k, { group: v }), { maxlength: 40 })}
            ${changeField(
              t(lang, 'editor.namedWhen'),
              x.when?.startsWith('turn:') ? x.when.slice('turn:'.length) : '',
              (v) => patch(k, { when: v.trim() ? `turn:${v.trim()}` : '' }),
              { maxlength: 40 },
            )}
            ${removeButton(lang, () => save(items.filter((_, j) => j !== k)))}
          </div>`,
      )}
      <button
        data-testid=${`add-${kind}-${tbl.id}`}
        @click=${() =>
          save([
            ...items,
            {
              id: '',
              label: both(t('en', 'editor.namedNew'), t('es', 'editor.namedNew')),
              value: kind === 'shifts' ? -1 : 1,
              rule: tbl.rule,
            },
          ])}
      >
        ${t(lang, kind === 'shifts' ? 'editor.addShift' : 'editor.addModifier')}
      </button>
    </fieldset>`;
  }

  /** A chart pasted as text: read, shown for confirmation (or its problems, by line), then written. */
  private renderPaste(tbl: TableData, set: (change: (t: TableData) => TableData) => void) {
    const lang = this.language;
    const read = this.pasted[tbl.id];
    const forget = () => {
      const { [tbl.id]: _gone, ...rest } = this.pasted;
      this.pasted = rest;
    };
    return html`<details class="paste" ?open=${!!read}>
      <summary>${t(lang, 'editor.paste')}</summary>
      <p class="muted">${t(lang, 'editor.pasteHelp')}</p>
      <textarea
        data-testid=${`paste-${tbl.id}`}
        aria-label=${t(lang, 'editor.paste')}
        rows="6"
        spellcheck="false"
        autocomplete="off"
      ></textarea>
      <button
        data-testid=${`paste-read-${tbl.id}`}
        @click=${(e: Event) => {
          const area = (e.target as HTMLElement).parentElement!.querySelector('textarea')!;
          const r = parsePastedChart(tbl, area.value);
          this.pasted = { ...this.pasted, [tbl.id]: r.ok ? r.chart : r.problems };
        }}
      >
        ${t(lang, 'editor.pasteRead')}
      </button>
      ${
        !read
          ? nothing
          : 'cells' in read
            ? confirmRow(
                t(lang, 'editor.pasteFound', {
                  rows: read.cells.length,
                  columns: read.cells[0]?.length ?? 0,
                  keys: [
                    read.columns ? t(lang, 'editor.pasteHeader') : '',
                    read.rows ? t(lang, 'editor.pasteRowKeys') : '',
                  ]
                    .filter(Boolean)
                    .join(' '),
                }),
                [
                  {
                    label: t(lang, 'editor.pasteUse'),
                    kind: 'primary',
                    run: () => {
                      const r = applyPastedChart(tbl, read);
                      forget();
                      set(() => r.table);
                      const first = r.problems[0];
                      if (first) this.store.report({ key: first.key, params: first.params });
                    },
                  },
                ],
                { label: t(lang, 'common.cancel'), run: forget },
              )
            : html`<ul class="problems" role="alert" data-testid=${`paste-problems-${tbl.id}`}>
                ${read.map((pr) => html`<li>${pasteProblemText(lang, pr)}</li>`)}
              </ul>`
      }
    </details>`;
  }

  private renderTurns(p: Pack) {
    const lang = this.language;
    const track = p.tables.find((x) => x.id === 'turn-track');
    const notes = (track?.cells ?? []).map((r) => (r[0] === null || r[0] === undefined ? '' : String(r[0])));
    const count = p.scenarios[0]?.turns?.count ?? notes.length;
    const marks = turnConditions(p);
    // The conditions to tick: those a shift or modifier applies on, and those the track already has.
    const tags = [...new Set([...conditionsNamed(p), ...marks.flatMap((m) => m.split(' ').filter(Boolean))])];
    const mark = (turn: number, tag: string, on: boolean) => {
      const now = Array.from({ length: count }, (_, k) => marks[k] ?? '');
      const had = new Set(now[turn]!.split(' ').filter(Boolean));
      if (on) had.add(tag);
      else had.delete(tag);
      now[turn] = [...had].join(' ');
      this.update2(setTurns(p, count, notes, now));
    };
    return html`<fieldset>
      <legend>${t(lang, 'editor.turns')}</legend>
      <label
        >${t(lang, 'editor.turnCount')}<input
          type="number"
          min="1"
          max="200"
          data-testid="turn-count"
          .value=${String(count || 1)}
          @change=${(e: Event) => this.update2(setTurns(p, Number(val(e)), notes))}
      /></label>
      ${tags.length ? html`<p class="muted">${t(lang, 'editor.turnMarksHelp')}</p>` : nothing}
      ${Array.from(
        { length: count || 0 },
        (_, k) =>
          html`<label
              >${t(lang, 'editor.turnNote', { n: k + 1 })}<input
                maxlength="80"
                data-testid=${`turn-note-${k + 1}`}
                .value=${notes[k] ?? ''}
                @change=${(e: Event) =>
                  this.update2(
                    setTurns(
                      p,
                      count,
                      notes.map((n, j) => (j === k ? val(e) : n)),
                    ),
                  )}
            /></label>
            ${
              tags.length
                ? html`<div role="group" aria-label=${t(lang, 'editor.turnMarks', { n: k + 1 })}>
                    ${tags.map(
                      (tag) =>
                        html`<label class="inline"
                          ><input
                            type="checkbox"
                            data-testid=${`turn-${k + 1}-${tag}`}
                            .checked=${(marks[k] ?? '').split(' ').includes(tag)}
                            @change=${(e: Event) => mark(k, tag, (e.target as HTMLInputElement).checked)}
                          />
                          ${tag}</label
                        >`,
                    )}
                  </div>`
                : nothing
            }`,
      )}
    </fieldset>`;
  }

  override render() {
    const lang = this.language;
    const p = this.pack;
    const busy = this.store.getState().busy;
    if (!p)
      return html`<p><a href="#/">← ${t(lang, 'editor.back')}</a></p>
        <h2>${t(lang, 'editor.title')}</h2>
        ${this.packKey ? html`<p>${t(lang, 'common.loading')}</p>` : this.renderTemplates()}`;
    const issues = this.issues();
    // Honest completeness: the charts' empty cells (the turn track's blank notes are no gap).
    const gaps = p.tables
      .filter((x) => x.id !== 'turn-track')
      .map((x) => ({ title: tx(lang, x.title), ...cellCount(x) }))
      .filter((x) => x.filled < x.total);
    const empty = gaps.reduce((n, x) => n + x.total - x.filled, 0);
    const canTry = !busy && !issues.length && (!empty || this.typeWhenRolled);
    return html`<p><a href="#/">← ${t(lang, 'editor.back')}</a></p>
      <h2>${t(lang, 'editor.title')}</h2>
      ${this.renderGame(p)} ${this.renderScenario(p)} ${this.renderSides(p)} ${this.renderDice(p)} ${this.renderCups(p)}
      <fieldset>
        <legend>${t(lang, 'editor.tables')}</legend>
        ${p.tables.filter((x) => x.id !== 'turn-track').map((x) => this.renderTable(p, x))}
        <div class="row">
          <button @click=${() => this.update2(addTable(p, 'roll'))}>${t(lang, 'editor.addRoll')}</button>
          <button @click=${() => this.update2(addTable(p, 'crt-ratio'))}>${t(lang, 'editor.addRatio')}</button>
          <button @click=${() => this.update2(addTable(p, 'crt-differential'))}>${t(lang, 'editor.addDiff')}</button>
          <button data-testid="add-reference" @click=${() => this.update2(addTable(p, 'reference'))}>
            ${t(lang, 'editor.addReference')}
          </button>
        </div>
      </fieldset>
      ${this.renderTurns(p)}
      <section class="card ${issues.length || empty ? 'problems' : 'ok'}" data-testid="pack-check" aria-live="polite">
        <h3>${t(lang, 'editor.check')}</h3>
        ${
          issues.length
            ? html`<p>${t(lang, 'editor.problems', { n: issues.length })}</p>
                <pre>${formatIssuesIn(lang, issues, 10)}</pre>
                ${
                  issues.length > 10
                    ? html`<details data-testid="all-issues">
                        <summary>${t(lang, 'editor.allProblems', { n: issues.length })}</summary>
                        <pre>${formatIssuesIn(lang, issues, issues.length)}</pre>
                      </details>`
                    : nothing
                }`
            : empty
              ? html`<p data-testid="pack-gaps">${t(lang, 'editor.gaps', { n: empty })}</p>
                  <ul>
                    ${gaps.map((g) => html`<li>${g.title}: ${t(lang, 'editor.cellCount', g)}</li>`)}
                  </ul>
                  <label class="check"
                    ><input
                      type="checkbox"
                      data-testid="type-when-rolled"
                      .checked=${this.typeWhenRolled}
                      @change=${(e: Event) => (this.typeWhenRolled = (e.target as HTMLInputElement).checked)}
                    />${t(lang, 'editor.typeWhenRolled')}</label
                  >`
              : html`<p>${t(lang, 'editor.ok')}</p>`
        }
      </section>
      ${this.note ? html`<p role="status" data-testid="pack-saved">${this.note}</p>` : nothing}
      <div class="row">
        <button
          class="primary"
          data-testid="save-pack"
          ?disabled=${busy || issues.length > 0}
          @click=${() => this.save()}
        >
          ${t(lang, 'editor.save')}
        </button>
        <button data-testid="try-pack" ?disabled=${!canTry} @click=${() => this.tryIt()}>
          ${t(lang, 'editor.try')}
        </button>
      </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'wc-pack-editor': WcPackEditor;
  }
}
