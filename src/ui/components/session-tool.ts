/**
 * The inputs every tool of a game in progress takes (dice, tables, combat, cups, turn panels): the
 * store, the open game, and whether the players roll real dice. A tool re-renders on every store
 * change but the open game's, which comes as `current`. Subclasses add their own styles and template.
 */
import { LitElement, html, nothing, type PropertyDeclaration, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { GameState, Json, LogEntry } from '../../engine';
import { actProcedure } from './manual-dice';
import type { Current, Lang, PanelHost } from '../../app/store-types';
import { StoreController, allButGame } from '../store-controller';
import { t } from '../i18n';
import { afterPaint } from '../after-paint';

/** What holds this turn in an open game (the game module's `conditions`). */
export const conditionsOf = (cur: Current): readonly string[] =>
  cur.ctx.conditions?.(cur.state.game, cur.state.turn) ?? [];

/**
 * `Id` is the game's procedure ids (its rules' `ProcedureId`), so a panel that runs a procedure that
 * does not exist does not compile; generic tools leave it `string`.
 */
export class SessionTool<Id extends string = string> extends LitElement {
  /** The app's store: the actions a tool asks for, and the language. */
  @property({ attribute: false }) store!: PanelHost;
  /** The open game: its data, settings, log and state after the last step. */
  @property({ attribute: false }) current!: Current;
  /** The players roll real dice and type the faces in. */
  @property({ type: Boolean }) physical = false;
  protected readonly ctl = new StoreController(this, () => this.store, allButGame);

  /**
   * The parts of the open game this tool shows (compared by identity): a new step that changes none
   * of them does not re-render the tool. By default the whole game (a tool showing its state).
   */
  protected reads(cur: Current): readonly unknown[] {
    return [cur];
  }

  /** Whether all that waits to be drawn is a new step of the open game (`current`), nothing done in this tool. */
  private onlyNewStep?: boolean;

  override requestUpdate(name?: PropertyKey, oldValue?: unknown, options?: PropertyDeclaration): void {
    if (this.hasUpdated) this.onlyNewStep = name === 'current' && this.onlyNewStep !== false;
    super.requestUpdate(name, oldValue, options);
  }

  /**
   * A new step is drawn in the tool after the frame that paints the latest result (issue #14: the
   * result is what the players look at); what the players do in the tool is drawn at once.
   */
  protected override async scheduleUpdate(): Promise<void> {
    if (this.onlyNewStep) await afterPaint();
    this.onlyNewStep = undefined;
    super.scheduleUpdate();
  }

  protected override shouldUpdate(changed: PropertyValues<this>): boolean {
    const before = changed.get('current') as Current | undefined;
    if (changed.size !== 1 || !before || !this.current) return true;
    const was = this.reads(before);
    const now = this.reads(this.current);
    return was.length !== now.length || now.some((v, k) => v !== was[k]);
  }

  /** The rolls of real dice typed in for the next game procedure ("3 4, 5 2"), in the order it asks for them. */
  @state() protected rolls = '';

  /**
   * Runs a game procedure through the store. With real dice the typed rolls go with it and are cleared
   * once a step used them (one that rolls nothing leaves them); `useRolls: false` never sends them.
   */
  protected async runProcedure(id: Id, input: Json, useRolls = true): Promise<LogEntry | undefined> {
    const entry = useRolls
      ? await actProcedure(this.store, this.physical, this.rolls, id, input)
      : await this.store.act({ type: 'procedure', id, input });
    if (entry?.manual) this.rolls = '';
    return entry;
  }

  /**
   * With real dice, the field where the players type the faces for the next procedure ("3 4, 5 2"),
   * kept in `rolls`; nothing when the app rolls. `label` defaults to the shared "Values of the dice you rolled".
   */
  protected rollsField(opts: { label?: string; hint?: string; testid?: string; card?: boolean } = {}) {
    if (!this.physical) return nothing;
    return html`<label class=${opts.card === false ? '' : 'card'}
      >${opts.label ?? `${t(this.language, 'dice.enter')} (3 4, 5 2)`}${opts.hint ? html` <span class="muted">${opts.hint}</span>` : nothing}<input
        name="rolls"
        type="text"
        inputmode="numeric"
        data-testid=${opts.testid ?? 'typed-rolls'}
        .value=${this.rolls}
        @input=${(e: Event) => (this.rolls = (e.target as HTMLInputElement).value)}
    /></label>`;
  }

  /** What holds this turn, as the game module reports it ("weather:rain"…): the tables' automatic modifiers. */
  protected get conditions(): readonly string[] {
    return conditionsOf(this.current);
  }

  /**
   * The sequence of play's phase picker: choosing a phase runs the game's phase procedure (`procedure`,
   * input `{ index }`), which rolls nothing. `names` are the phases' names in order.
   */
  protected phaseSelect(opts: {
    label: string;
    testid: string;
    procedure: Id;
    names: readonly string[];
    index: number;
  }) {
    return html`<label
      >${opts.label}<select
        data-testid=${opts.testid}
        @change=${(e: Event) =>
          this.runProcedure(opts.procedure, { index: Number((e.target as HTMLSelectElement).value) }, false)}
      >
        ${opts.names.map((name, k) => html`<option value=${k} ?selected=${k === opts.index}>${name}</option>`)}
      </select></label
    >`;
  }

  /**
   * Where this turn stands in the game's sequence of play: `phases` in order, and the game's rule
   * saying which one is current.
   */
  protected turnPosition<Phase>(phases: readonly Phase[], phaseIndexOf: (game: GameState, turn: number) => number) {
    const view = this.view;
    const index = phaseIndexOf(view.cur.state.game, view.turn);
    return { ...view, index, phase: phases[index]! };
  }

  /** What a render starts from: the players' language, the open game and its turn. */
  protected get view(): { lang: Lang; cur: Current; turn: number } {
    const cur = this.current;
    return { lang: this.language, cur, turn: cur.state.turn };
  }

  /** The step forward in the sequence of play: "next phase" (`next`), or on the last phase "end turn". */
  protected nextPhaseButton(opts: {
    index: number;
    count: number;
    next: () => unknown;
    nextLabel: string;
    endLabel: string;
    testid?: string;
  }) {
    return opts.index < opts.count - 1
      ? html`<button class="primary" data-testid=${opts.testid ?? nothing} @click=${opts.next}>
          ${opts.nextLabel}
        </button>`
      : html`<button class="primary" @click=${() => this.store.act({ type: 'end-turn' })}>${opts.endLabel}</button>`;
  }

  /**
   * The readings of unclear rules as one radio group each, in the game's words (`legend`, `choice`);
   * a choice is saved to this game's settings.
   */
  protected readingsChooser(opts: {
    summary: string;
    readings: Readonly<Record<string, { readonly choices: readonly string[] }>>;
    legend: (id: string) => string;
    choice: (id: string, choice: string) => string;
  }) {
    const saved = this.current.session.settings.readings;
    return html`<details>
      <summary>${opts.summary}</summary>
      ${Object.entries(opts.readings).map(
        ([id, reading]) =>
          html`<fieldset>
            <legend>${opts.legend(id)}</legend>
            ${reading.choices.map(
              (choice) =>
                html`<label class="inline"
                  ><input
                    type="radio"
                    name=${id}
                    .checked=${this.readings[id] === choice}
                    @change=${() => this.store.updateSettings({ readings: { ...saved, [id]: choice } })}
                  />
                  ${opts.choice(id, choice)}</label
                >`,
            )}
          </fieldset>`,
      )}
    </details>`;
  }

  /** The language the players chose. */
  protected get language(): Lang {
    return this.store.getState().lang;
  }
  /** The readings of unclear rules in force: the game's defaults, then this game's settings. */
  protected get readings(): Record<string, string> {
    return { ...this.current.ctx.readings, ...this.current.session.settings.readings };
  }
}
