/** Rolls on any roll table of the game: pick the table (and its other axis, e.g. the turn), modifiers, see the chances, roll. */
import { html, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { fillProgress, nextSums, rollDistribution, type Distribution, type TableData } from '../../engine';
import { renderChartProblems } from './chart-problems';
import { t, tx, use } from '../i18n';
import { base } from '../styles';
import { ChartTool } from './chart-tool';
import './manual-dice';
import './odds-bars';
import './deck-odds';
import { session } from '../i18n/session';
import { tables } from '../i18n/tables';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(session, tables);

@customElement('wc-table-roller')
export class WcTableRoller extends ChartTool {
  static override styles = [base];
  @state() private tableId = '';
  @state() private other = '';

  /** Faces typed for other dice do not carry over to a different roll. */
  override willUpdate(changed: Map<string, unknown>) {
    if (changed.has('tableId')) this.dice.reset();
  }

  private dist(t0: TableData): Distribution | undefined {
    try {
      return rollDistribution(
        t0,
        t0.roll!.dice,
        [...this.modifiers],
        {
          errata: this.current.session.settings.errata,
          entered: this.current.ctx.entered?.[t0.id],
          ...(this.other ? { other: this.other } : {}),
        },
        nextSums(this.current.state, t0.roll!.dice),
      );
    } catch {
      return undefined;
    }
  }

  private async roll(t0: TableData) {
    await this.dice.act(this.store, this.physical, {
      type: 'table',
      table: t0.id,
      modifiers: [...this.modifiers],
      ...(this.other ? { other: this.other } : {}),
    });
  }

  override render() {
    const L = this.store.getState().lang;
    const list = this.chartsOf('roll');
    if (!list.length) return this.noChartsNote('chart.noRollTables', 'chart.noRollTablesDice');
    const t0 = list.find((x) => x.id === this.tableId) ?? list[0]!;
    const otherAxis = t0.roll!.axis === 'rows' ? t0.columns : t0.rows;
    const needsOther = otherAxis.entries.length > 1;
    const progress = fillProgress(t0, this.current.session.settings.errata, this.current.ctx.entered?.[t0.id]);
    const problems = this.problemsOf(t0);
    return html` <div class="row">
        <label
          >${t(L, 'table.choose')}<select
            @change=${(e: Event) => {
              this.tableId = (e.target as HTMLSelectElement).value;
              this.other = '';
            }}
          >
            ${list.map((x) => html`<option value=${x.id} ?selected=${x === t0}>${tx(L, x.title)} (${x.rule})</option>`)}
          </select></label
        >
        ${
          needsOther
            ? html`<label
                >${tx(L, otherAxis.label)}<select
                  @change=${(e: Event) => (this.other = (e.target as HTMLSelectElement).value)}
                >
                  <option value="" ?selected=${!this.other}>—</option>
                  ${otherAxis.entries.map((e) => html`<option value=${e.key} ?selected=${e.key === this.other}>${e.label ? tx(L, e.label) : e.key}</option>`)}
                </select></label
              >`
            : nothing
        }
      </div>
      ${renderChartProblems(L, t0, problems)}
      ${
        !problems.length && progress.filled < progress.total
          ? html`<p class="muted">
              ${t(L, 'table.incomplete', { n: progress.total - progress.filled })}
              <a href="#/game/${t0.game}/tables/${t0.id}">${t(L, 'table.openBrowser')}</a>
            </p>`
          : nothing
      }
      ${this.modifierPicker(t0)}
      <h4>${t(L, 'odds.chances')}</h4>
      <wc-deck-odds .store=${this.store} .spec=${t0.roll!.dice} ?physical=${this.physical}></wc-deck-odds>
      <wc-odds-bars
        .dist=${!needsOther || this.other ? this.dist(t0) : undefined}
        .table=${t0}
        .locale=${L}
      ></wc-odds-bars>
      ${this.physical ? this.dice.input(t0.roll!.dice, L) : nothing}
      <p>
        <button class="primary" ?disabled=${this.store.getState().busy} @click=${() => this.roll(t0)}>
          ${this.physical ? t(L, 'dice.physical') : t(L, 'table.roll')}
        </button>
      </p>`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-table-roller': WcTableRoller;
  }
}
