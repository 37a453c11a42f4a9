/** Rolls on any roll table of the game: pick the table (and its other axis, e.g. the turn), modifiers, see the chances, roll. */
import { html, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { nextSums, rollDistribution, type Distribution, type TableData } from '../../engine';
import { renderChartProblems } from './chart-problems';
import { t, tx, use } from '../i18n';
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
  /**
   * The chart chosen and its other axis: a tool's choice, kept per game across a reload (a form draft
   * that a roll does not drop: the same chart is often rolled on again).
   */
  private get choice(): { tableId: string; other: string } {
    return this.formDraft('table-roller-chart', { tableId: '', other: '' });
  }
  private get tableId(): string {
    return this.choice.tableId;
  }
  private get other(): string {
    return this.choice.other;
  }
  private choose(patch: Partial<{ tableId: string; other: string }>) {
    this.setFormDraft('table-roller-chart', patch);
  }
  /** Roll was tapped with the table's other axis still unchosen: said at that field. */
  @state() private otherMissing = false;

  /** Faces typed for other dice do not carry over to a different roll. */
  private diceFor = '';
  override willUpdate() {
    if (this.tableId !== this.diceFor) {
      this.diceFor = this.tableId;
      this.dice.reset();
    }
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

  private async roll(t0: TableData, needsOther: boolean) {
    if (needsOther && !this.other) {
      this.otherMissing = true;
      await this.showAfterRender('#table-other', true);
      return;
    }
    const entry = await this.dice.act(this.store, this.physical, {
      type: 'table',
      table: t0.id,
      modifiers: [...this.modifiers],
      ...(this.other ? { other: this.other } : {}),
    });
    // The next roll starts clean (issue #28): the modifiers that hold this turn, no free one. The table
    // and its other axis stay (a tool's choice: the same table is often rolled on again).
    if (entry) this.renderRoot.querySelector('wc-modifier-picker')?.reset();
  }

  override render() {
    const lang = this.store.getState().lang;
    const list = this.chartsOf('roll');
    if (!list.length) return this.noChartsNote('chart.noRollTables', 'chart.noRollTablesDice');
    const t0 = list.find((x) => x.id === this.tableId) ?? list[0]!;
    const otherAxis = t0.roll!.axis === 'rows' ? t0.columns : t0.rows;
    const needsOther = otherAxis.entries.length > 1;
    const problems = this.problemsOf(t0);
    return html` <div class="row">
        <label
          >${t(lang, 'table.choose')}<select
            @change=${(e: Event) => {
              this.choose({ tableId: (e.target as HTMLSelectElement).value, other: '' });
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
                    this.choose({ other: (e.target as HTMLSelectElement).value });
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
      ${renderChartProblems(lang, t0, problems)} ${problems.length ? nothing : this.progressNote(t0)}
      ${this.inlineChart(t0)} ${this.modifierPicker(t0)}
      <h4>${t(lang, 'odds.chances')}</h4>
      <wc-deck-odds .store=${this.store} .spec=${t0.roll!.dice} ?physical=${this.physical}></wc-deck-odds>
      <wc-odds-bars
        .dist=${!needsOther || this.other ? this.dist(t0) : undefined}
        .table=${t0}
        .locale=${lang}
      ></wc-odds-bars>
      ${this.physical ? this.dice.input(t0.roll!.dice, lang) : nothing}
      ${this.chartButton({
        chart: t0,
        blocked: problems.length > 0,
        reasonId: 'table-roll-blocked',
        reason: 'table.rollBlocked',
        label: this.physical ? t(lang, 'dice.physical') : t(lang, 'table.roll'),
        press: () => this.roll(t0, needsOther),
      })}`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-table-roller': WcTableRoller;
  }
}
