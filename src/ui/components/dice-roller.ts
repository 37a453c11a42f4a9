/** Rolls any dice the game uses: its named dice (sums, custom faces, hit pools) and any other NdS. */
import { LitElement, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { diceLabel, type DiceSpec, type GameData } from '../../engine';
import type { Lang, Store } from '../../app/store';
import { t, tx, use } from '../i18n';
import { onRadioGroupKey, radioTabIndex } from '../radio-group';
import { base } from '../styles';
import { changeField } from '../fields';

/** The dice tool's number fields: whole numbers from 1, with the phone's number keyboard. */
const COUNT = { type: 'number', inputmode: 'numeric', min: 1 } as const;
import { StoreController, allButGame } from '../store-controller';
import { TypedDice } from './manual-dice';
import './manual-dice';
import './deck-odds';
import { session } from '../i18n/session';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(session);

/**
 * What the Roll button says: "Roll 2d6"; a die with its own faces by the game's name, as the players
 * call it ("Roll the Stalingrad die", "Tirar el dado de Stalingrado"), never "Roll 1d[2,3,3,4,4,5]".
 */
export function rollLabel(lang: Lang, game: GameData, spec: DiceSpec): string {
  if (!Number.isInteger(spec.n)) return t(lang, 'dice.roll', { dice: '' });
  if (!('faces' in spec)) return t(lang, 'dice.roll', { dice: diceLabel(spec) });
  const name = tx(lang, game.short);
  return spec.n === 1
    ? t(lang, 'dice.rollGameDie', { game: name })
    : t(lang, 'dice.rollGameDice', { n: spec.n, game: name });
}

type Choice = { key: string; label: string; spec: DiceSpec; hitOn?: number; pool: boolean };

@customElement('wc-dice-roller')
export class WcDiceRoller extends LitElement {
  static override styles = [base];
  /** The app's store: rolls go through it, so each is saved before it is shown. */
  @property({ attribute: false }) store!: Store;
  protected readonly ctl = new StoreController(this, () => this.store, allButGame);
  /** The game's data: the dice it uses. */
  @property({ attribute: false }) game!: GameData;
  /** The players roll real dice and type the faces in. */
  @property({ type: Boolean }) physical = false;
  @state() private selected = '';
  @state() private poolSize = 4;
  @state() private customN = 1;
  @state() private customSides = 6;

  /** Faces of real dice typed in, until the step is saved. */
  private readonly dice = new TypedDice(this);

  /** Faces typed for other dice do not carry over to a different roll. */
  override willUpdate(changed: Map<string, unknown>) {
    if (changed.has('selected') || changed.has('poolSize') || changed.has('customN') || changed.has('customSides'))
      this.dice.reset();
  }

  private choices(): Choice[] {
    const lang = this.store.getState().lang;
    const named = this.game.dice.map((d) => ({
      key: d.id,
      label: tx(lang, d.label),
      spec: d.dice,
      ...(d.hitOn ? { hitOn: d.hitOn } : {}),
      pool: d.hitOn !== undefined,
    }));
    return [...named, { key: '__custom', label: t(lang, 'dice.custom'), spec: { n: 1, sides: 6 }, pool: false }];
  }

  private specOf(c: Choice): DiceSpec {
    if (c.key === '__custom') return { n: this.customN, sides: this.customSides };
    if (c.pool)
      return 'faces' in c.spec ? { n: this.poolSize, faces: c.spec.faces } : { n: this.poolSize, sides: c.spec.sides };
    return c.spec;
  }

  private async roll(c: Choice) {
    const spec = this.specOf(c);
    await this.dice.act(this.store, this.physical, {
      type: 'roll',
      dice: spec,
      label: c.label,
      ...(c.hitOn ? { hitOn: c.hitOn } : {}),
    });
  }

  override render() {
    const lang = this.store.getState().lang;
    const choices = this.choices();
    const current = choices.find((c) => c.key === this.selected) ?? choices[0]!;
    const spec = this.specOf(current);
    const busy = this.store.getState().busy;
    return html` <div
        class="row"
        role="radiogroup"
        aria-label=${t(lang, 'play.dice')}
        @keydown=${(e: KeyboardEvent) =>
          onRadioGroupKey(e, choices.length, choices.indexOf(current), (k) => {
            this.selected = choices[k]!.key;
          })}
      >
        ${choices.map(
          (c, k) =>
            html`<button
              role="radio"
              aria-checked=${c === current}
              tabindex=${radioTabIndex(c === current, k, true)}
              class=${c === current ? 'primary' : ''}
              @click=${() => (this.selected = c.key)}
            >
              ${c.label}
            </button>`,
        )}
      </div>
      ${
        current.pool
          ? html`<p>
              ${changeField(
                `${t(lang, 'dice.pool')} (${t(lang, 'dice.hitOn', { n: current.hitOn! })})`,
                String(this.poolSize),
                (v) => (this.poolSize = Number(v)),
                { ...COUNT, max: 100 },
              )}
            </p>`
          : nothing
      }
      ${
        current.key === '__custom'
          ? html`<div class="row">
              ${changeField(t(lang, 'dice.count'), String(this.customN), (v) => (this.customN = Number(v)), {
                ...COUNT,
                max: 100,
              })}
              ${changeField(t(lang, 'dice.sides'), String(this.customSides), (v) => (this.customSides = Number(v)), {
                ...COUNT,
                min: 2,
                max: 1000,
              })}
            </div>`
          : nothing
      }
      ${this.physical && Number.isInteger(spec.n) && spec.n >= 1 && spec.n <= 100 ? this.dice.input(spec, lang) : nothing}
      ${Number.isInteger(spec.n) && spec.n >= 1 && spec.n <= 100 ? html`<wc-deck-odds .store=${this.store} .spec=${spec} ?physical=${this.physical} bars></wc-deck-odds>` : nothing}
      <p>
        <button class="primary" ?disabled=${busy} @click=${() => this.roll(current)}>
          ${this.physical ? t(lang, 'dice.physical') : rollLabel(lang, this.game, spec)}
        </button>
      </p>`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-dice-roller': WcDiceRoller;
  }
}
