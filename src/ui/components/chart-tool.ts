/**
 * The generic tools that read one of the game's charts (the Tables tool, the Combat tool): the
 * charts of one kind with the shapes the players defined, the note when there are none, the
 * problems of a chart typed in, and the typed-in dice of the next roll.
 */
import { html } from 'lit';
import { state } from 'lit/decorators.js';
import { chartProblems, withPlayerChart, type Modifier, type TableData } from '../../engine';
import type { ModifiersChangeEvent } from '../events';
import type { Current } from '../../app/store';
import { loadedGameUi } from '../../games';
import { t, type MessageKey } from '../i18n';
import { SessionTool, conditionsOf } from './session-tool';
import { TypedDice } from './manual-dice';
import './modifier-picker';

export class ChartTool extends SessionTool {
  /** Faces of real dice typed in, until the step is saved. */
  protected readonly dice = new TypedDice(this);
  /** The die-roll modifiers chosen for the next roll, each with its source. */
  @state() protected modifiers: readonly Modifier[] = [];

  /** The chart's modifiers to choose from; those that hold this turn start ticked. */
  protected modifierPicker(chart: TableData) {
    return html`<wc-modifier-picker
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

  /** What is wrong with the shape the players typed in for a chart the text does not give. */
  protected problemsOf(chart: TableData) {
    const raw = this.current.bundle.tables.find((x) => x.id === chart.id)!;
    const { charts, entered } = this.current.ctx;
    return raw.playerDefinesAxes ? chartProblems(raw, { ...charts?.[chart.id], cells: entered?.[chart.id] ?? {} }) : [];
  }
}
