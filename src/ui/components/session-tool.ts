/**
 * The inputs every tool of a game in progress takes (dice, tables, combat, cups, turn panels): the
 * store, the open game, and whether the players roll real dice. A tool re-renders on every store
 * change but the open game's, which comes as `current`. Subclasses add their own styles and template.
 */
import { LitElement, html, nothing, type PropertyDeclaration, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { live } from 'lit/directives/live.js';
import {
  PHASE_STEP,
  phaseIndexOf,
  type Action,
  type Context,
  type GameState,
  type Json,
  type LogEntry,
} from '../../engine';
import { actProcedure, parseRolls } from './manual-dice';
import type { AppState, Current, Lang, PanelHost, Problem } from '../../app/store-types';
import { StoreController, allButGame } from '../store-controller';
import { hasKey, t, translate } from '../i18n';
import { afterPaint } from '../after-paint';
import { formDrafts, type Draft } from '../form-drafts';
import { sideLock } from '../side-lock';

/** Whether the step logged is the one asked for (a procedure or a table by its id, or the same kind of step). */
function sameStep(logged: Action, asked: Action): boolean {
  if (logged.type !== asked.type) return false;
  if (logged.type === 'procedure' && asked.type === 'procedure') return logged.id === asked.id;
  if (logged.type === 'table' && asked.type === 'table') return logged.table === asked.table;
  return true;
}

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
  protected readonly ctl = new StoreController(
    this,
    () => this.store,
    (s) => this.watches(s),
  );

  /**
   * This tool shows a player's phone's hidden chits (the store's `hiddenChits`, issue #33): it renders
   * when they change. The other tools do not (a chit opened renders what shows it, and only that).
   */
  protected readonly watchesHiddenChits: boolean = false;

  /** The parts of the store's state this tool shows (compared by identity): all but the open game. */
  private watches(s: AppState): readonly unknown[] {
    return this.watchesHiddenChits ? [...allButGame(s), s.hiddenChits] : allButGame(s);
  }

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
    if (this.settleAwaited()) return true;
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
  protected async runProcedure(id: Id, input: Json, useRolls = true, form?: string): Promise<LogEntry | undefined> {
    const steps = this.current.session.log.length;
    const entry = useRolls
      ? await actProcedure(this.store, this.physical, this.rolls, id, input)
      : await this.store.act({ type: 'procedure', id, input });
    if (entry?.manual) this.rolls = '';
    if (entry && form) this.dropFormDraft(form);
    // A roll on a cell the text lacks waits for that cell (store fillMissingCell), then is logged: the
    // form starts clean then too (issue #28: it kept the resolved assault's strengths).
    if (!entry && this.store.getState().problem?.missingCell)
      this.awaiting = { action: { type: 'procedure', id, input }, form, steps };
    return entry;
  }

  /**
   * On a linked player's phone, why it may not ask for procedure `id` with `input`: the rules
   * (rule `rule`) give it to the other side's player. Its control is shown off with this reason
   * beside it (src/ui/side-lock.ts `sideNote`); undefined on the table, a single device, or for the
   * phone's own side.
   */
  protected sideLock(id: Id, input: Json, rule: string): string | undefined {
    return sideLock(this.store.getState(), this.current, id, input, rule);
  }

  /*
   * The refusal at the control (issue #29). A step run with `runAt`/`actAt` from a control (`where`)
   * that the rules refuse logs nothing; its reason is kept here, not in the page's banner, and shown
   * beside that control by `refusalAt(where)` as an alert (read out at once), with the way to make the
   * step anyway where the players keep the last word (out of its phase, a second roll). A tool that
   * runs a step this way must render `refusalAt` for the same `where`, or the refusal goes unseen.
   */

  /** The refusals of the steps run from this tool, by the control they were asked from (`where`). */
  @state() protected refusals: Readonly<Record<string, Problem>> = {};

  /** Where the game stood when the refusals shown were said: its turn and phase. */
  private refusedAt?: string;

  /** The game's turn and its phase in the sequence of play (the turn alone for a game with none). */
  private static positionOf(cur: Current): string {
    const sequence = cur.ctx.sequence;
    return `${cur.state.turn}:${sequence ? phaseIndexOf(sequence, cur.state.game, cur.state.turn) : ''}`;
  }

  /**
   * The refusals said of the game as it stands. A refusal answers the step asked of the game as it
   * stood (a step out of its phase, a second roll this turn): once the game is in another phase or
   * turn, what it said no longer holds, and it goes.
   */
  private get standingRefusals(): Readonly<Record<string, Problem>> {
    return this.current && this.refusedAt === SessionTool.positionOf(this.current) ? this.refusals : {};
  }

  /**
   * The refusal of the step asked for at `where` while the game stands where it was said (as
   * `refusalAt` shows it): for a tool that marks the field it is about (aria-invalid), so the mark
   * goes with the message when the game moves to another phase or turn.
   */
  protected refusalOf(where: string): Problem | undefined {
    return this.standingRefusals[where];
  }

  /** The refusals shown now, said of the game as it stands. */
  private setRefusals(refusals: Readonly<Record<string, Problem>>): void {
    this.refusals = refusals;
    this.refusedAt = SessionTool.positionOf(this.current);
  }

  /** The form whose draft goes once a step asked for at `where` is logged (none by default). */
  protected draftAt(_where: string): string | undefined {
    return undefined;
  }

  /**
   * Runs a game procedure from the control `where`; with real dice the typed rolls go with it
   * (`useRolls: false` never sends them: a step that rolls nothing, as runProcedure's).
   */
  protected runAt(
    where: string,
    id: Id | typeof PHASE_STEP,
    input: Json,
    useRolls = true,
  ): Promise<LogEntry | undefined> {
    const manual = this.physical && useRolls ? parseRolls(this.rolls) : undefined;
    return this.actAt(where, { type: 'procedure', id, input, ...(manual ? { manual } : {}) });
  }

  /**
   * A step through the store asked for at `where`: once it is logged its form starts clean
   * (`draftAt`) and the control's refusal goes; refused, its problem is kept at `where` (with the
   * step itself when the players may make it anyway with their reason) and the banner stays empty.
   */
  protected async actAt(where: string, action: Action, context?: Context): Promise<LogEntry | undefined> {
    const steps = this.current.session.log.length;
    const before = this.store.getState().problem;
    const entry = await (context ? this.store.act(action, context) : this.store.act(action));
    const form = this.draftAt(where);
    if (entry && form) this.dropFormDraft(form);
    const refusals = { ...this.standingRefusals };
    delete refusals[where];
    // Typed-in faces are used up only by a step that rolled them; a step that rolls nothing leaves them.
    if (entry?.manual) this.rolls = '';
    const problem = entry ? undefined : this.store.getState().problem;
    // Only this step's refusal moves to its control: a problem shown before it was asked stays where it is.
    if (problem && problem !== before) {
      // A roll on a cell the text lacks is asked for in the banner (store fillMissingCell), then logged:
      // the form starts clean then, as when it is logged at once.
      if (problem.missingCell) this.awaiting = { action, form, steps };
      else {
        refusals[where] = problem;
        this.store.dismissProblem();
      }
    }
    this.setRefusals(refusals);
    await this.updateComplete;
    const at = this.renderRoot.querySelector(`[data-at="${CSS.escape(where)}"]`);
    (at?.querySelector('.head') ?? at)?.scrollIntoView?.({ block: 'nearest' });
    return entry;
  }

  /** A refusal the tool makes itself before asking the rules (shown at `where` as theirs would be). */
  protected refuse(where: string, problem: Problem): void {
    this.setRefusals({ ...this.standingRefusals, [where]: problem });
  }

  /**
   * The refusal of the step asked for at `where`, in words, beside that control (a parameter that is
   * a message key, such as a side, in words too), and the way to make it anyway. Test ids:
   * `<testPrefix>error-<where>`, `<testPrefix>anyway-<where>`, `<testPrefix>anyway-reason`.
   */
  protected refusalAt(where: string, testPrefix = '') {
    const problem = this.standingRefusals[where];
    if (!problem) return nothing;
    const lang = this.language;
    const params = Object.fromEntries(
      Object.entries(problem.params ?? {}).map(([k, v]) => [
        k,
        typeof v === 'string' && hasKey(v) ? translate(lang, v) : String(v),
      ]),
    );
    return html`<p class="err" role="alert" data-testid="${testPrefix}error-${where}">
        ${translate(lang, problem.key, params)}
      </p>
      ${this.anyway(where, problem, testPrefix)}`;
  }

  /**
   * Players keep the last word (issue #29): a step the sequence of play does not offer now, or a second
   * roll of a once-per-occasion step, is made anyway with their reason, which the log keeps.
   */
  private anyway(where: string, problem: Problem, testPrefix: string) {
    const again = problem.reroll;
    if (!again || again.action.type !== 'procedure') return nothing;
    const lang = this.language;
    const outOfPhase = problem.key === 'error.sequence';
    const submit = (e: Event) => {
      e.preventDefault();
      const reason = String(new FormData(e.target as HTMLFormElement).get('reason') ?? '');
      void this.actAt(
        where,
        { ...again.action, ...(outOfPhase ? { outOfSequence: reason } : { reroll: reason }) },
        again.context,
      );
    };
    return html`<form class="row" data-testid="${testPrefix}anyway-${where}" @submit=${submit}>
      <label
        >${t(lang, outOfPhase ? 'sequence.reason' : 'reroll.reason')}
        <input name="reason" required maxlength="200" data-testid="${testPrefix}anyway-reason"
      /></label>
      <button type="submit">${t(lang, outOfPhase ? 'sequence.button' : 'reroll.button')}</button>
    </form>`;
  }

  /** The step refused for a missing cell, run again once the cell is typed in: its form and steps before. */
  private awaiting?: { action: Action; form?: string | undefined; steps: number };

  /** The awaited step is logged: its form's draft and the typed dice go, as when runProcedure logs it. */
  private settleAwaited(): boolean {
    const w = this.awaiting;
    if (!w || !this.current || this.current.session.log.length <= w.steps) return false;
    this.awaiting = undefined;
    const last = this.current.session.log.at(-1);
    if (!last || !sameStep(last.action, w.action)) return false;
    if (last.manual) this.rolls = '';
    if (w.form) this.dropFormDraft(w.form);
    return true;
  }

  /*
   * Forms start from the game (issue #28, items 6 and 12). A form's fields are what the game knows
   * (`fresh`, computed from the game's state on every render) overlaid by a draft of what the
   * players typed (form-drafts.ts), kept per game across a reload and dropped when the step the
   * form makes is logged (`runProcedure`'s `form`). What the rules carry forward to the next step
   * is in `fresh`, never in the draft. Two kinds of form use it:
   * - a form drawn from its fields (`.value=${…}`) reads `formDraft(form, fresh)` and writes `setFormDraft`;
   * - a `<form data-draft=<id>>` whose fields are read by name when it is sent (submit.ts) is kept
   *   by itself: what is typed in a named field goes to its draft, a reload types it back, and the
   *   step it makes resets the form to what its template says.
   */

  /** The form's fields: what the game knows (`fresh`) with what the players typed in `scope` over it. */
  protected formDraft<T extends object>(form: string, fresh: T, scope = ''): T {
    // A draft is what a form of this shape wrote (setFormDraft), kept as JSON: read back as that shape.
    return { ...fresh, ...formDrafts.get(this.current.session.id, form, scope) } as T;
  }

  /** Keeps what the players typed in the form (`patch`, over what they typed before in `scope`: the turn and phase it belongs to, if any). */
  protected setFormDraft(form: string, patch: object, scope = ''): void {
    const game = this.current.session.id;
    // A form's fields are JSON values (text, numbers, flags, lists of them): kept as a draft as they are.
    formDrafts.set(game, form, { ...formDrafts.get(game, form, scope), ...(patch as Draft) }, scope);
    this.requestUpdate();
  }

  /**
   * The forms whose button was pressed while a field held what the step cannot use: their blank
   * required fields now say so too (fields.ts numberField `asked`). A field's id starts with its form's id.
   */
  @state() protected askedForms: ReadonlySet<string> = new Set();

  /** The form's button was pressed with a field it cannot use: every such field says why, and the first one gets the focus. */
  protected async askForm(form: string): Promise<void> {
    this.askedForms = new Set([...this.askedForms, form]);
    await this.updateComplete;
    const first = this.renderRoot.querySelector<HTMLElement>(`[id^="${form}-"][aria-invalid="true"]`);
    first?.focus({ preventScroll: true });
    first?.scrollIntoView?.({ block: 'center' });
  }

  /** The form's step was logged: its draft goes, and the form shows what the game knows. */
  protected dropFormDraft(form: string): void {
    formDrafts.drop(this.current.session.id, form);
    if (this.askedForms.has(form)) this.askedForms = new Set([...this.askedForms].filter((f) => f !== form));
    for (const el of this.renderRoot.querySelectorAll<HTMLFormElement>(`form[data-draft="${form}"]`)) el.reset();
    this.requestUpdate();
  }

  /** The `<form data-draft>` elements whose draft was typed back (once each: later, the players' typing stands). */
  private readonly restored = new WeakSet<Element>();

  /** What is typed in a named field of a `<form data-draft>` goes to its draft. */
  private readonly keepTyped = (e: Event) => {
    const field = e.composedPath()[0] as HTMLInputElement | undefined;
    const form = field?.closest?.('form[data-draft]') as HTMLFormElement | null | undefined;
    if (!field?.name || !form || !this.current) return;
    if (field.type === 'radio' && !field.checked) return;
    const id = form.dataset['draft']!;
    const scope = form.dataset['draftScope'] ?? '';
    const value = field.type === 'checkbox' ? field.checked : field.value;
    formDrafts.set(
      this.current.session.id,
      id,
      { ...formDrafts.get(this.current.session.id, id, scope), [field.name]: value },
      scope,
    );
  };

  override connectedCallback(): void {
    super.connectedCallback();
    this.renderRoot.addEventListener('input', this.keepTyped);
    this.renderRoot.addEventListener('change', this.keepTyped);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.renderRoot.removeEventListener('input', this.keepTyped);
    this.renderRoot.removeEventListener('change', this.keepTyped);
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    if (!this.current) return;
    for (const form of this.renderRoot.querySelectorAll<HTMLFormElement>('form[data-draft]')) {
      if (this.restored.has(form)) continue;
      this.restored.add(form);
      const draft = formDrafts.get(this.current.session.id, form.dataset['draft']!, form.dataset['draftScope'] ?? '');
      for (const [name, value] of Object.entries(draft ?? {})) {
        for (const el of form.querySelectorAll<HTMLInputElement>(`[name="${CSS.escape(name)}"]`)) {
          if (el.type === 'checkbox') el.checked = value === true;
          else if (el.type === 'radio') el.checked = el.value === value;
          else el.value = String(value ?? '');
        }
      }
    }
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
   * Moves the game to a phase of this turn: the engine's phase step (src/engine/sequence.ts). It rolls
   * nothing, so no typed-in dice go with it (the log would record them); its refusal is said at the
   * phase picker (`refusalAt('phase')`).
   */
  protected movePhase(index: number): Promise<LogEntry | undefined> {
    return this.runAt('phase', PHASE_STEP, { index }, false);
  }

  /**
   * The sequence of play's phase picker: choosing a phase moves the game there. `names` are the phases'
   * names in order. It shows the game's phase: a move refused leaves it on the phase the game is in.
   */
  protected phaseSelect(opts: { label: string; testid: string; names: readonly string[]; index: number }) {
    return html`<label
      >${opts.label}<select
        data-testid=${opts.testid}
        .value=${live(String(opts.index))}
        @change=${(e: Event) => this.movePhase(Number((e.target as HTMLSelectElement).value))}
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

  /**
   * The step forward in the sequence of play: "next phase" (the engine's phase step to `index + 1`, or
   * `next` for a game whose phase procedure is still its own), or on the last phase "end turn".
   */
  protected nextPhaseButton(opts: {
    index: number;
    count: number;
    next?: () => unknown;
    /** Ends the turn (by default the store's end-turn step, its refusal in the banner). */
    end?: () => unknown;
    nextLabel: string;
    endLabel: string;
    testid?: string;
  }) {
    return opts.index < opts.count - 1
      ? html`<button
          class="primary"
          data-testid=${opts.testid ?? nothing}
          @click=${opts.next ?? (() => this.movePhase(opts.index + 1))}
        >
          ${opts.nextLabel}
        </button>`
      : html`<button class="primary" @click=${opts.end ?? (() => this.store.act({ type: 'end-turn' }))}>
          ${opts.endLabel}
        </button>`;
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
