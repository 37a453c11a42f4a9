/** Inputs for the faces of real dice rolled at the table, one per die. Values are checked by the engine. */
import { LitElement, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { facesOf, type Action, type DiceSpec, type Json } from '../../engine';
import type { Lang, Store } from '../../app/store';
import { t } from '../i18n';
import { base } from '../styles';

@customElement('wc-manual-dice')
export class WcManualDice extends LitElement {
  static override styles = [base];
  @property({ attribute: false }) spec!: DiceSpec;
  @property() locale: Lang = 'en';

  /** The values typed in, as numbers where they parse (NaN otherwise, which the engine refuses with a message). */
  get values(): number[] {
    return [...this.renderRoot.querySelectorAll('input')].map((i) =>
      i.value.trim() === '' ? Number.NaN : Number(i.value),
    );
  }
  clear() {
    this.renderRoot.querySelectorAll('input').forEach((i) => {
      i.value = '';
    });
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

/**
 * Runs a rolling step. With physical dice, the faces typed into the host's <wc-manual-dice> go
 * with it (the engine checks them); they are cleared once the step is saved.
 */
export async function actWithDice(
  store: Store,
  host: HTMLElement,
  physical: boolean,
  action: RollingAction,
): Promise<void> {
  const manualEl = host.shadowRoot?.querySelector<WcManualDice>('wc-manual-dice');
  const entry = await store.act(physical && manualEl ? { ...action, manual: manualEl.values } : action);
  if (entry) manualEl?.clear();
}

/** "3 4, 5 2" → [[3, 4], [5, 2]]: the physical rolls a game procedure asks for, in order. */
export function parseRolls(text: string): number[][] {
  return text
    .split(/[,;]/)
    .map((g) => g.trim())
    .filter(Boolean)
    .map((g) => g.split(/\s+/).map((x) => (/^\d+$/.test(x) ? Number(x) : Number.NaN)));
}

/** Runs a game procedure; with physical dice, the rolls typed in go with it. True once it is saved. */
export async function actProcedure(
  store: Store,
  physical: boolean,
  rolls: string,
  id: string,
  input: Json,
): Promise<boolean> {
  const manual = physical ? parseRolls(rolls) : undefined;
  return !!(await store.act({ type: 'procedure', id, input, ...(manual ? { manual } : {}) }));
}
