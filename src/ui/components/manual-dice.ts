/** Inputs for the faces of real dice rolled at the table, one per die. Values are checked by the engine. */
import { LitElement, html, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { facesOf, type Action, type DiceSpec, type Json, type LogEntry } from '../../engine';
import type { Lang, PanelHost } from '../../app/store-types';
import { t, use } from '../i18n';
import { base } from '../styles';
import { ManualDiceChangeEvent } from '../events';
import { session } from '../i18n/session';
import { errors } from '../i18n/errors';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(session, errors);

@customElement('wc-manual-dice')
export class WcManualDice extends LitElement {
  static override styles = [base];
  /** The dice rolled at the table (how many inputs, and their range). */
  @property({ attribute: false }) spec!: DiceSpec;
  /** The faces typed so far, one text per die (controlled: the parent keeps them and clears them once saved). */
  @property({ attribute: false }) values: readonly string[] = [];
  /** The players' language. */
  @property() locale: Lang = 'en';

  private typed(k: number, text: string) {
    const next = Array.from({ length: Math.min(this.spec.n, 100) }, (_, j) => this.values[j] ?? '');
    next[k] = text;
    this.dispatchEvent(new ManualDiceChangeEvent(next));
  }

  override render() {
    const faces = facesOf(this.spec);
    const n = Math.min(this.spec.n, 100);
    return html`<fieldset>
      <legend>${t(this.locale, 'dice.enter')}</legend>
      <div class="row">
        ${Array.from(
          { length: n },
          (_, k) =>
            html`<label
              >${t(this.locale, 'dice.die', { n: k + 1 })}
              <input
                type="number"
                inputmode="numeric"
                min=${Math.min(...faces)}
                max=${Math.max(...faces)}
                step="1"
                name=${`die${k + 1}`}
                .value=${this.values[k] ?? ''}
                @input=${(e: Event) => this.typed(k, (e.target as HTMLInputElement).value)}
            /></label>`,
        )}
      </div>
    </fieldset>`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-manual-dice': WcManualDice;
  }
}

/** A step that rolls dice: the app rolls, or the players type in the faces of real dice. */
export type RollingAction = Extract<Action, { type: 'roll' | 'table' | 'combat' }>;

/** The faces typed in, as numbers where they parse (NaN otherwise, which the engine refuses with a message). */
export const typedFaces = (texts: readonly string[]): number[] =>
  texts.map((x) => (x.trim() === '' ? Number.NaN : Number(x)));

/**
 * Runs a rolling step. With physical dice, the faces typed in go with it (the engine checks them).
 * Resolves to the saved entry (the caller then clears what was typed), or undefined if refused.
 */
export function actWithDice(
  store: PanelHost,
  physical: boolean,
  action: RollingAction,
  typed: readonly string[],
): Promise<LogEntry | undefined> {
  return store.act(physical ? { ...action, manual: typedFaces(typed) } : action);
}

/**
 * The faces of real dice a tool's players type in, shared by every rolling tool (dice, table rolls,
 * combat): the inputs, the step with the faces, and clearing them once the step is saved or the dice
 * change. A Lit reactive controller: the host re-renders when the faces change.
 */
export class TypedDice implements ReactiveController {
  /** The faces typed so far, one text per die. */
  texts: readonly string[] = [];
  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }
  hostConnected(): void {}
  /** Forgets the faces: the tool now rolls other dice. */
  reset(): void {
    this.texts = [];
  }
  /** The inputs for the faces of these dice. */
  input(spec: DiceSpec, locale: Lang) {
    return html`<wc-manual-dice
      .spec=${spec}
      .values=${this.texts}
      .locale=${locale}
      @wc-manual-dice-change=${(e: ManualDiceChangeEvent) => {
        this.texts = e.texts;
        this.host.requestUpdate();
      }}
    ></wc-manual-dice>`;
  }
  /** Runs the rolling step (with the faces, for real dice); the faces are cleared once it is saved. */
  async act(store: PanelHost, physical: boolean, action: RollingAction): Promise<LogEntry | undefined> {
    const entry = await actWithDice(store, physical, action, this.texts);
    if (entry) {
      this.texts = [];
      this.host.requestUpdate();
    }
    return entry;
  }
}

/** "3 4, 5 2" → [[3, 4], [5, 2]]: the physical rolls a game procedure asks for, in order. */
export function parseRolls(text: string): number[][] {
  return text
    .split(/[,;]/)
    .map((g) => g.trim())
    .filter(Boolean)
    .map((g) => g.split(/\s+/).map((x) => (/^\d+$/.test(x) ? Number(x) : Number.NaN)));
}

/**
 * Runs a game procedure; with physical dice, the rolls typed in go with it. Resolves to the saved
 * entry (its `manual` says whether the typed rolls were used: a procedure that rolls nothing leaves
 * them for the next one), or undefined when the step was refused.
 */
export async function actProcedure(
  store: PanelHost,
  physical: boolean,
  rolls: string,
  id: string,
  input: Json,
): Promise<LogEntry | undefined> {
  const manual = physical ? parseRolls(rolls) : undefined;
  return store.act({ type: 'procedure', id, input, ...(manual ? { manual } : {}) });
}
