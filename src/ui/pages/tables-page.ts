/**
 * <wc-tables-page>: every table of a game, by rule, with its status and how much of it is filled
 * in; the selected table (#/game/<game>/tables/<table>) shown with <wc-table-view> as a chart
 * editor; the game's errata setting; and chart pack export/import.
 */
import { LitElement, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { problemOf, type Store } from '../../app/store';
import { loadGame, type GameBundle } from '../../data/catalog';
import { ERRATA_MODES, setupOf, type ErrataMode, type TableData } from '../../engine';
import { t, translate, tx, use } from '../i18n';
import { StoreController } from '../store-controller';
import { tablesPageStyles } from './tables-page.styles';
import { AnnounceEvent, downloadText, readFileText } from '../events';
import {
  hasMissingCells,
  tableProgress,
  type AxesChangeDetail,
  type CellChangeDetail,
  type SetupChangeDetail,
} from '../components/table-view';
import '../components/table-view';
import { tables } from '../i18n/tables';
import { status } from '../i18n/status';
import { errors } from '../i18n/errors';
import { fileButton } from '../file-button';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(tables, status, errors);

@customElement('wc-tables-page')
export class WcTablesPage extends LitElement {
  static override styles = tablesPageStyles;

  /** The app's store: the language and the game's data. */
  @property({ attribute: false }) store!: Store;
  /** The game whose tables are listed (from the address). */
  @property() gameId = '';
  /** The table shown (from the address); none: the list. */
  @property() tableId?: string;
  @state() private bundle?: GameBundle;
  @state() private importFailed = false;
  protected readonly ctl = new StoreController(this, () => this.store);

  override willUpdate(changed: Map<string, unknown>) {
    if (changed.has('gameId') && this.gameId) {
      this.bundle = undefined;
      this.importFailed = false;
      const game = this.gameId;
      loadGame(game).then(
        (b) => {
          if (this.gameId === game) this.bundle = b;
        },
        (e) => this.store.report(problemOf(e)),
      );
      void this.store.loadCharts(game);
    }
  }

  override updated(changed: Map<string, unknown>) {
    // A newly selected table: bring it into view for the player and screen reader.
    // (On first load the page shows "Loading…" first, so a deep link does not steal focus.)
    if (!changed.has('tableId')) return;
    const h = this.renderRoot.querySelector<HTMLElement>('#selected');
    if (h && typeof h.scrollIntoView === 'function') {
      h.focus({ preventScroll: true });
      h.scrollIntoView({ block: 'start' });
    }
  }

  private get language() {
    return this.store.getState().lang;
  }
  private announce(text: string) {
    this.dispatchEvent(new AnnounceEvent(text));
  }
  private chart(tableId: string) {
    return this.store.getState().charts[this.gameId]?.[tableId];
  }

  private async setErrata(mode: ErrataMode) {
    await this.store.setErrata(this.gameId, mode);
    this.announce(t(this.language, 'tables.errata.set', { mode: t(this.language, `tables.errata.${mode}`) }));
  }

  private labels(table: TableData, key: string) {
    const [row = '', column = ''] = key.split('|');
    const re = table.rows.entries.find((e) => e.key === row);
    const ce = table.columns.entries.find((e) => e.key === column);
    return {
      row: re?.label ? tx(this.language, re.label) : row,
      column: ce?.label ? tx(this.language, ce.label) : column,
    };
  }

  private async onCellChange(table: TableData, e: CustomEvent<CellChangeDetail>) {
    const { key, value } = e.detail;
    await this.store.setChartCell(this.gameId, table, key, value);
    if (this.store.getState().problem) return;
    const where = this.labels(table, key);
    this.announce(
      value === null
        ? t(this.language, 'tables.cleared', where)
        : t(this.language, 'tables.saved', { ...where, value: String(value) }),
    );
  }

  private async onAxesChange(table: TableData, e: CustomEvent<AxesChangeDetail>) {
    const { rows, columns, changed, removed } = e.detail;
    const prev = this.chart(table.id);
    const added =
      changed ?? rows.find((r) => !prev?.rows?.includes(r)) ?? columns.find((c) => !prev?.columns?.includes(c)) ?? '';
    await this.store.setChartAxes(this.gameId, table, { rows, columns });
    if (!this.store.getState().problem)
      this.announce(t(this.language, removed ? 'chart.removed' : 'tables.edit.added', { key: added }));
  }

  private async onSetupChange(table: TableData, e: CustomEvent<SetupChangeDetail>) {
    await this.store.setChartSetup(this.gameId, table, e.detail);
    if (!this.store.getState().problem) this.announce(t(this.language, 'chart.saved'));
  }

  private async exportPack() {
    downloadText(`${this.gameId}-charts.json`, await this.store.exportCharts(this.gameId));
    this.announce(t(this.language, 'tables.pack.exported'));
  }

  private async importPack(e: Event) {
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    this.importFailed = false;
    let text: string;
    try {
      text = await readFileText(file);
    } catch (err) {
      this.store.report({ key: 'import.invalid', detail: (err as Error).message });
      this.importFailed = true;
      return;
    }
    const ok = await this.store.importCharts(this.gameId, text);
    this.importFailed = !ok;
    if (ok) this.announce(t(this.language, 'tables.pack.imported'));
  }

  private renderSelected(b: GameBundle) {
    const lang = this.language;
    const id = this.tableId;
    if (!id) return nothing;
    const table = b.tables.find((x) => x.id === id);
    if (!table) return html`<p class="card" role="alert">${t(lang, 'tables.notFound', { table: id })}</p>`;
    const chart = this.chart(table.id);
    return html`<section class="selected" aria-labelledby="selected">
      <h3 id="selected" tabindex="-1">
        ${tx(lang, table.title)} <span class="muted">· ${t(lang, 'tables.rule', { rule: table.rule })}</span>
      </h3>
      <wc-table-view
        .table=${table}
        .lang=${lang}
        .mode=${this.store.errataFor(this.gameId)}
        .entered=${chart?.cells}
        .axes=${chart ? setupOf(chart) : undefined}
        editable
        .titled=${false}
        @wc-cell-change=${(e: CustomEvent<CellChangeDetail>) => this.onCellChange(table, e)}
        @wc-axes-change=${(e: CustomEvent<AxesChangeDetail>) => this.onAxesChange(table, e)}
        @wc-setup-change=${(e: CustomEvent<SetupChangeDetail>) => this.onSetupChange(table, e)}
      ></wc-table-view>
      <p><a href="#/game/${this.gameId}/tables">↑ ${t(lang, 'tables.allTables')}</a></p>
    </section>`;
  }

  private renderList(b: GameBundle) {
    const lang = this.language;
    const mode = this.store.errataFor(this.gameId);
    return html`<h3>${t(lang, 'tables.list')}</h3>
      <ul class="plain tables">
        ${b.tables.map((tb) => {
          const chart = this.chart(tb.id);
          const p = hasMissingCells(tb)
            ? tableProgress(tb, mode, chart?.cells, chart ? setupOf(chart) : undefined)
            : undefined;
          return html`<li>
            <a
              class="card"
              href="#/game/${this.gameId}/tables/${tb.id}"
              aria-current=${tb.id === this.tableId ? 'page' : nothing}
            >
              <span class="name">${tx(lang, tb.title)}</span>
              <span class="muted">${t(lang, 'tables.rule', { rule: tb.rule })}</span>
              <span class="badge ${tb.status}">${t(lang, `status.${tb.status}`)}</span>
              ${p ? html`<span class="muted">${p.total ? t(lang, 'tables.progress', { filled: p.filled, total: p.total }) : t(lang, 'tables.progress.empty')}</span>` : nothing}
            </a>
          </li>`;
        })}
      </ul>`;
  }

  private renderErrata() {
    const lang = this.language;
    const mode = this.store.errataFor(this.gameId);
    return html`<fieldset aria-describedby="errata-help">
      <legend>${t(lang, 'tables.errata.legend')}</legend>
      <div>
        ${ERRATA_MODES.map(
          (m) =>
            html`<div>
              <label class="radio"
                ><input
                  type="radio"
                  name="errata"
                  value=${m}
                  .checked=${m === mode}
                  @change=${() => this.setErrata(m)}
                />${t(lang, `tables.errata.${m}`)}</label
              >
            </div>`,
        )}
      </div>
      <p class="muted" id="errata-help">${t(lang, 'tables.errata.help')}</p>
    </fieldset>`;
  }

  private renderPack() {
    const s = this.store.getState();
    const lang = s.lang;
    const p = this.importFailed ? s.problem : undefined;
    return html`<section class="card">
      <h3>${t(lang, 'tables.pack.heading')}</h3>
      <p class="muted">${t(lang, 'tables.pack.help')}</p>
      <div class="row">
        <button @click=${() => void this.exportPack()}>${t(lang, 'tables.pack.export')}</button>
        ${fileButton(t(lang, 'tables.pack.import'), this.importPack, { disabled: s.busy })}
      </div>
      ${
        p
          ? html`<div class="problem" role="alert">
              <p><strong>${translate(lang, p.key, p.params)}</strong></p>
              ${p.detail ? html`<pre>${p.detail}</pre>` : nothing}
            </div>`
          : nothing
      }
    </section>`;
  }

  override render() {
    const lang = this.language;
    const b = this.bundle;
    if (!b) return html`<p>${t(lang, 'common.loading')}</p>`;
    const name = tx(lang, b.game.name);
    return html` <p><a href="#/game/${this.gameId}">← ${t(lang, 'tables.back', { game: name })}</a></p>
      <h2>${t(lang, 'tables.title', { game: name })}</h2>
      ${this.renderSelected(b)} ${this.renderErrata()} ${this.renderList(b)} ${this.renderPack()}`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-tables-page': WcTablesPage;
  }
}
