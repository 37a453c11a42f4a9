/**
 * The generic tools that read one of the game's charts (the Tables tool, the Combat tool): the
 * charts of one kind with the shapes the players defined, the note when there are none, the
 * problems of a chart typed in, the button that uses the chart (off while it has problems), and
 * the typed-in dice of the next roll.
 */
import { html, nothing } from 'lit';
import { state } from 'lit/decorators.js';
import { chartCompleteness, chartProblems, withPlayerChart, type Modifier, type TableData } from '../../engine';
import type { ModifiersChangeEvent } from '../events';
import type { Current } from '../../app/store';
import { loadedGameUi } from '../game-uis';
import { t, use, type MessageKey } from '../i18n';
import { tables } from '../i18n/tables';
import { chartToolStyles } from './chart-tool.styles';
import { SessionTool, conditionsOf } from './session-tool';
import { TypedDice } from './manual-dice';
import { chartLink } from './chart-problems';
import './modifier-picker';
import type { WcModifierPicker } from './modifier-picker';
import './chart-inline';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(tables);

/** What the button that uses a chart needs to say and do (see ChartTool.chartButton). */
export interface ChartButton {
  chart: TableData;
  /** The chart has problems: the button is off and says why. */
  blocked: boolean;
  /** The id of the reason beside it, unique in the tool. */
  reasonId: string;
  /** Why it does nothing, in the player's words ("… until what is listed above is fixed"). */
  reason: MessageKey;
  label: string;
  press: () => unknown;
}

export class ChartTool extends SessionTool {
  static override styles = chartToolStyles;
  /** Faces of real dice typed in, until the step is saved. */
  protected readonly dice = new TypedDice(this);
  /** The die-roll modifiers chosen for the next roll, each with its source. */
  @state() protected modifiers: readonly Modifier[] = [];
  /** The chart's button was pressed while the chart has problems: its reason, beside it, becomes an alert. */
  @state() protected blockedTapped = false;

  /**
   * The button that uses the chart (Roll, Resolve). While the chart has problems it is off but
   * still focusable, with its reason right under it; a press sends nothing to the store and makes
   * the reason an alert, scrolled into view.
   */
  protected chartButton(b: ChartButton) {
    const lang = this.language;
    const words = html`${t(lang, b.reason)} ${chartLink(lang, b.chart)}`;
    return html`<p>
        <button
          class="primary"
          ?disabled=${this.store.getState().busy}
          aria-disabled=${b.blocked ? 'true' : nothing}
          aria-describedby=${b.blocked ? b.reasonId : nothing}
          @click=${() => (b.blocked ? this.pressBlocked(b.reasonId) : this.fieldsOk() && b.press())}
        >
          ${b.label}
        </button>
      </p>
      ${
        !b.blocked
          ? nothing
          : this.blockedTapped
            ? html`<p class="err" id=${b.reasonId} role="alert">${words}</p>`
            : html`<p id=${b.reasonId}>${words}</p>`
      }`;
  }

  /**
   * Whether every field the roll reads can be used; if not, nothing is sent and the first field
   * that cannot says why (issue #28, item 15: never a silent button). Tools add their own fields.
   */
  protected fieldsOk(): boolean {
    const picker = this.renderRoot.querySelector<WcModifierPicker>('wc-modifier-picker:not([kind=shifts])');
    if (picker?.invalid) {
      void picker.reportInvalid();
      return false;
    }
    return true;
  }

  /** The chart cannot give a result: said beside the button, not sent to the engine. */
  private async pressBlocked(reasonId: string) {
    this.blockedTapped = true;
    await this.showAfterRender(`#${reasonId}`);
  }

  /**
   * Once what was just set is drawn, the element that says it (a refusal) in the middle of the screen:
   * at its top it would be under the sticky header. `focus` moves the focus there too (a field).
   */
  protected async showAfterRender(selector: string, focus = false) {
    await this.updateComplete;
    const el = this.renderRoot.querySelector<HTMLElement>(selector);
    if (focus) el?.focus({ preventScroll: true });
    el?.scrollIntoView?.({ block: 'center' });
  }

  private pickerDraft?: { readonly game: string; readonly form: string };
  /** Where the picker keeps its choice (the same object while the game is the same: no needless re-render). */
  private modifiersDraft() {
    const game = this.current.session.id;
    if (this.pickerDraft?.game !== game) this.pickerDraft = { game, form: `${this.localName}-modifiers` };
    return this.pickerDraft;
  }

  /** The chart's modifiers to choose from; those that hold this turn start ticked (or, after a reload, as chosen). */
  protected modifierPicker(chart: TableData) {
    return html`<wc-modifier-picker
      .draft=${this.modifiersDraft()}
      .table=${chart}
      .locale=${this.language}
      .conditions=${this.conditions}
      @wc-modifiers-change=${(e: ModifiersChangeEvent) => {
        this.modifiers = e.modifiers;
      }}
    ></wc-modifier-picker>`;
  }

  /** What it shows does not depend on the log: the game's data, entered charts and settings. */
  protected override reads(cur: Current): readonly unknown[] {
    // The conditions as one string: a step that changes the weather re-renders, others do not.
    // The decks (deck mode) change the chances: a step that draws from one re-renders.
    return [
      cur.bundle,
      cur.ctx,
      cur.session.settings,
      cur.readOnly,
      cur.complete,
      conditionsOf(cur).join('|'),
      cur.state.balance,
      cur.state.decks,
    ];
  }

  /** The game's charts of one kind, with what the players defined for those whose shape the text does not give. */
  protected chartsOf(type: TableData['type']): TableData[] {
    return this.current.bundle.tables
      .filter((x) => x.type === type)
      .map((x) => withPlayerChart(x, this.current.ctx.charts?.[x.id]));
  }

  /** The note when the game has no chart of this kind: a game with a turn panel says to use it. */
  protected noChartsNote(withPanel: MessageKey, withoutPanel: MessageKey) {
    const panel = loadedGameUi(this.current.session.game)?.turnPanel;
    return html`<p class="muted">${t(this.language, panel ? withPanel : withoutPanel)}</p>`;
  }

  /**
   * What keeps a chart the text does not give from being rolled on: its shape as the players typed it
   * in (rows, columns, ranges, values). Empty cells do not: a roll that lands on one asks for it (#31).
   */
  protected problemsOf(chart: TableData) {
    const raw = this.current.bundle.tables.find((x) => x.id === chart.id)!;
    const { charts, entered } = this.current.ctx;
    return raw.playerDefinesAxes
      ? chartProblems(raw, { ...charts?.[chart.id], cells: entered?.[chart.id] ?? {} }).filter(
          (p) => p.key !== 'chart.missing.cells',
        )
      : [];
  }

  /** The chart typed in right here while it is not complete (#28 item 10): the tool keeps its inputs. */
  protected inlineChart(chart: TableData) {
    const raw = this.current.bundle.tables.find((x) => x.id === chart.id)!;
    const { charts, entered } = this.current.ctx;
    const missing = raw.playerDefinesAxes || raw.cells.some((r) => r.some((v) => v === null));
    if (!missing) return nothing;
    const done = chartCompleteness(
      raw,
      { ...charts?.[chart.id], cells: entered?.[chart.id] ?? {} },
      this.current.session.settings.errata,
    );
    if (done.complete) return nothing;
    return html`<wc-chart-inline .store=${this.store} .current=${this.current} .tableId=${chart.id}></wc-chart-inline>`;
  }

  /** "n of m cells filled in" while a chart that can be rolled on is not complete, with where to type the rest. */
  protected progressNote(chart: TableData) {
    const raw = this.current.bundle.tables.find((x) => x.id === chart.id)!;
    const { charts, entered } = this.current.ctx;
    const done = chartCompleteness(
      raw,
      { ...charts?.[chart.id], cells: entered?.[chart.id] ?? {} },
      this.current.session.settings.errata,
    );
    if (done.complete || !done.total) return nothing;
    return html`<p class="muted" data-testid="chart-progress">
      ${t(this.language, 'chart.partly', { filled: done.filled, total: done.total })}
      ${chartLink(this.language, chart, 'table.openBrowser')}
    </p>`;
  }
}
