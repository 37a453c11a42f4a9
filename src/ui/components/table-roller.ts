/** Rolls on any roll table of the game: pick the table (and its other axis, e.g. the turn), modifiers, see the chances, roll. */
import { css, html, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { fillProgress, nextSums, rollDistribution, type Distribution, type TableData } from '../../engine';
import { renderChartProblems } from './chart-problems';
import { t, tx, use } from '../i18n';
import type { Lang } from '../../app/store';
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
  static override styles = [
    base,
    css`
      /* Roll while the chart has problems: still focusable (its reason is read with it), but looks off. */
      button[aria-disabled='true'] {
        opacity: 0.5;
        cursor: not-allowed;
      }
    `,
  ];
  @state() private tableId = '';
  @state() private other = '';
  /** Roll was tapped with the table's other axis still unchosen: said at that field. */
  @state() private otherMissing = false;
  /** Roll was tapped while the chart has problems: its reason, beside it, becomes an alert. */
  @state() private blockedTapped = false;

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

  private async roll(t0: TableData, needsOther: boolean, blocked: boolean) {
    if (blocked) {
      // The chart cannot give a result: said beside the button, not sent to the engine.
      this.blockedTapped = true;
      await this.updateComplete;
      this.renderRoot.querySelector('#table-roll-blocked')?.scrollIntoView?.({ block: 'center' });
      return;
    }
    if (needsOther && !this.other) {
      this.otherMissing = true;
      await this.updateComplete;
      // In the middle of the screen: at its top it would be under the sticky header.
      const field = this.renderRoot.querySelector<HTMLSelectElement>('#table-other');
      field?.focus({ preventScroll: true });
      field?.scrollIntoView?.({ block: 'center' });
      return;
    }
    await this.dice.act(this.store, this.physical, {
      type: 'table',
      table: t0.id,
      modifiers: [...this.modifiers],
      ...(this.other ? { other: this.other } : {}),
    });
  }

  /** Why Roll does nothing, beside it; once tapped, a new element with role=alert so it is announced. */
  private blockedReason(lang: Lang, t0: TableData) {
    const words = html`${t(lang, 'table.rollBlocked')}
      <a href="#/game/${t0.game}/tables/${t0.id}">${t(lang, 'chart.openTables')}</a>`;
    return this.blockedTapped
      ? html`<p class="err" id="table-roll-blocked" role="alert">${words}</p>`
      : html`<p id="table-roll-blocked">${words}</p>`;
  }

  override render() {
    const lang = this.store.getState().lang;
    const list = this.chartsOf('roll');
    if (!list.length) return this.noChartsNote('chart.noRollTables', 'chart.noRollTablesDice');
    const t0 = list.find((x) => x.id === this.tableId) ?? list[0]!;
    const otherAxis = t0.roll!.axis === 'rows' ? t0.columns : t0.rows;
    const needsOther = otherAxis.entries.length > 1;
    const progress = fillProgress(t0, this.current.session.settings.errata, this.current.ctx.entered?.[t0.id]);
    const problems = this.problemsOf(t0);
    const blocked = problems.length > 0;
    return html` <div class="row">
        <label
          >${t(lang, 'table.choose')}<select
            @change=${(e: Event) => {
              this.tableId = (e.target as HTMLSelectElement).value;
              this.other = '';
              this.otherMissing = false;
              this.blockedTapped = false;
            }}
          >
            ${list.map((x) => html`<option value=${x.id} ?selected=${x === t0}>${tx(lang, x.title)} (${x.rule})</option>`)}
          </select></label
        >
        ${
          needsOther
            ? html`<label
                >${tx(lang, otherAxis.label)}<select
                  id="table-other"
                  aria-invalid=${this.otherMissing ? 'true' : 'false'}
                  aria-describedby=${this.otherMissing ? 'table-other-error' : nothing}
                  @change=${(e: Event) => {
                    this.other = (e.target as HTMLSelectElement).value;
                    this.otherMissing = false;
                  }}
                >
                  <option value="" ?selected=${!this.other}>—</option>
                  ${otherAxis.entries.map((e) => html`<option value=${e.key} ?selected=${e.key === this.other}>${e.label ? tx(lang, e.label) : e.key}</option>`)}
                </select></label
              >`
            : nothing
        }
      </div>
      ${
        needsOther && this.otherMissing
          ? html`<p class="err" id="table-other-error" role="alert">
              ${t(lang, 'table.chooseOther', { axis: tx(lang, otherAxis.label) })}
            </p>`
          : nothing
      }
      ${renderChartProblems(lang, t0, problems)}
      ${
        !problems.length && progress.filled < progress.total
          ? html`<p class="muted">
              ${t(lang, 'table.incomplete', { n: progress.total - progress.filled })}
              <a href="#/game/${t0.game}/tables/${t0.id}">${t(lang, 'table.openBrowser')}</a>
            </p>`
          : nothing
      }
      ${this.modifierPicker(t0)}
      <h4>${t(lang, 'odds.chances')}</h4>
      <wc-deck-odds .store=${this.store} .spec=${t0.roll!.dice} ?physical=${this.physical}></wc-deck-odds>
      <wc-odds-bars
        .dist=${!needsOther || this.other ? this.dist(t0) : undefined}
        .table=${t0}
        .locale=${lang}
      ></wc-odds-bars>
      ${this.physical ? this.dice.input(t0.roll!.dice, lang) : nothing}
      <p>
        <button
          class="primary"
          ?disabled=${this.store.getState().busy}
          aria-disabled=${blocked ? 'true' : nothing}
          aria-describedby=${blocked ? 'table-roll-blocked' : nothing}
          @click=${() => this.roll(t0, needsOther, blocked)}
        >
          ${this.physical ? t(lang, 'dice.physical') : t(lang, 'table.roll')}
        </button>
      </p>
      ${blocked ? this.blockedReason(lang, t0) : nothing}`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-table-roller': WcTableRoller;
  }
}
