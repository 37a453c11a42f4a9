/**
 * A chart the text does not give, typed in right where a tool needs it (#28 item 10): the same
 * editor as the Tables page (wc-table-view), folded under "Type it in here", saving each cell, row
 * and column for the game as the Tables page does. The tool around it keeps its inputs: nothing
 * navigates away. The editor loads the first time it is opened (it is not part of the game screen's
 * first download).
 */
import { LitElement, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { chartCompleteness, type TableData } from '../../engine';
import type { Current, Store } from '../../app/store';
import { t, use } from '../i18n';
import { tables } from '../i18n/tables';
import { chartInlineStyles } from './chart-inline.styles';
import { AnnounceEvent } from '../events';
import type { AxesChangeDetail, CellChangeDetail, SetupChangeDetail } from './table-view';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(tables);

@customElement('wc-chart-inline')
export class WcChartInline extends LitElement {
  static override styles = chartInlineStyles;
  @property({ attribute: false }) store!: Store;
  /** The open game: its tables, the charts typed in for it and its errata setting. */
  @property({ attribute: false }) current!: Current;
  /** The chart to type in (its id among the game's tables). */
  @property() tableId = '';
  /** The editor module is loaded (it is loaded when the fold is first opened). */
  @state() private loaded = false;

  private get table(): TableData | undefined {
    return this.current?.bundle?.tables?.find((x) => x.id === this.tableId);
  }

  private async toggle(e: Event) {
    if (!(e.target as HTMLDetailsElement).open || this.loaded) return;
    await import('./table-view');
    this.loaded = true;
  }

  private announce(text: string) {
    this.dispatchEvent(new AnnounceEvent(text));
  }

  private async onCell(table: TableData, e: CustomEvent<CellChangeDetail>) {
    e.stopPropagation();
    const { key, value } = e.detail;
    await this.store.setChartCell(this.current.session.game, table, key, value);
    if (this.store.getState().problem) return;
    const [row = '', column = ''] = key.split('|');
    const lang = this.store.getState().lang;
    this.announce(
      value === null
        ? t(lang, 'tables.cleared', { row, column })
        : t(lang, 'tables.saved', { row, column, value: String(value) }),
    );
  }

  private async onAxes(table: TableData, e: CustomEvent<AxesChangeDetail>) {
    e.stopPropagation();
    const { rows, columns, changed, removed } = e.detail;
    const prev = this.current.ctx.charts?.[table.id];
    const added =
      changed ?? rows.find((r) => !prev?.rows?.includes(r)) ?? columns.find((c) => !prev?.columns?.includes(c)) ?? '';
    await this.store.setChartAxes(this.current.session.game, table, { rows, columns });
    if (!this.store.getState().problem)
      this.announce(t(this.store.getState().lang, removed ? 'chart.removed' : 'tables.edit.added', { key: added }));
  }

  private async onSetup(table: TableData, e: CustomEvent<SetupChangeDetail>) {
    e.stopPropagation();
    await this.store.setChartSetup(this.current.session.game, table, e.detail);
    if (!this.store.getState().problem) this.announce(t(this.store.getState().lang, 'chart.saved'));
  }

  override render() {
    const table = this.table;
    if (!table) return nothing;
    const lang = this.store.getState().lang;
    const { charts, entered } = this.current.ctx;
    const done = chartCompleteness(
      table,
      { ...charts?.[table.id], cells: entered?.[table.id] ?? {} },
      this.current.session.settings.errata,
    );
    return html`<details data-testid="chart-inline" @toggle=${(e: Event) => this.toggle(e)}>
      <summary>${t(lang, 'chart.typeHere')}</summary>
      <p class="muted">${t(lang, 'tables.progress', { filled: done.filled, total: done.total })}</p>
      ${
        this.loaded
          ? html`<wc-table-view
              .table=${table}
              .lang=${lang}
              .mode=${this.current.session.settings.errata}
              .entered=${entered?.[table.id]}
              .axes=${charts?.[table.id]}
              editable
              .titled=${false}
              @wc-cell-change=${(e: CustomEvent<CellChangeDetail>) => this.onCell(table, e)}
              @wc-axes-change=${(e: CustomEvent<AxesChangeDetail>) => this.onAxes(table, e)}
              @wc-setup-change=${(e: CustomEvent<SetupChangeDetail>) => this.onSetup(table, e)}
            ></wc-table-view>`
          : nothing
      }
    </details>`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-chart-inline': WcChartInline;
  }
}
