/**
 * The start ceremony (issue #15): a seed both players make. The device commits to its own random
 * value first; then each player in turn gives a secret — typed text, physical dice typed in, or
 * taps timed by hand — and sees its commitment before the next player starts. When every
 * commitment is in, all are revealed and the game starts from the hash of them all
 * (src/engine/seed-ceremony.ts). Dispatches `wc-ceremony` with the ceremony, or `wc-ceremony-cancel`.
 *
 * With `one`, it takes one player's contribution on that player's own phone (the ceremony across
 * linked devices, src/link): only the form, for `sides[0]`; the contribution, with its secret, is
 * dispatched as `wc-contribution` when committed (the link page sends its commitment only).
 */
import { LitElement, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import {
  contribute,
  normalizeSecret,
  seedFromBytes,
  shortCommitment,
  type Contribution,
  type ContributionKind,
  type I18n,
} from '../../engine';
import type { Lang } from '../../app/store';
import { t, tx, use } from '../i18n';
import { trust } from '../i18n/trust';
import { seedCeremonyStyles } from './seed-ceremony.styles';
import { CeremonyEvent, ContributionEvent } from '../events';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(trust);

const random = (n: number) => seedFromBytes(crypto.getRandomValues(new Uint8Array(n)));
const MIN_TAPS = 6;
const DICE = /^\s*\d{1,3}([\s,]+\d{1,3})*\s*$/;

@customElement('wc-seed-ceremony')
export class WcSeedCeremony extends LitElement {
  static override styles = seedCeremonyStyles;
  /** The players' language. */
  @property() language: Lang = 'en';
  /** The game's sides: each player makes a contribution for one. */
  @property({ attribute: false }) sides: readonly { id: string; name: I18n }[] = [];
  /** One contribution, from the player of `sides[0]` on a linked phone: only the form is shown. */
  @property({ type: Boolean }) one = false;
  /** The device's own contribution, committed before any player gives a secret. */
  @state() private device: Contribution = contribute('device', 'device', '', random(16));
  @state() private given: Contribution[] = [];
  @state() private kind: ContributionKind = 'text';
  @state() private text = '';
  @state() private taps: number[] = [];

  private get side() {
    return this.sides[this.given.length];
  }

  private secret(): string | undefined {
    if (this.kind === 'text') return this.text.length ? normalizeSecret('text', this.text) : undefined;
    if (this.kind === 'dice') return DICE.test(this.text) ? normalizeSecret('dice', this.text) : undefined;
    if (this.taps.length < MIN_TAPS) return undefined;
    return normalizeSecret(
      'taps',
      this.taps.slice(1).map((x, k) => x - this.taps[k]!),
    );
  }

  private commit(e: Event) {
    e.preventDefault();
    const side = this.side,
      secret = this.secret();
    if (!side || secret === undefined) return;
    const c = contribute(side.id, this.kind, random(16), secret);
    this.given = [...this.given, c];
    if (this.one) this.dispatchEvent(new ContributionEvent(c));
    this.text = '';
    this.taps = [];
    this.kind = 'text';
  }

  /** The form where one player gives a secret (typed, dice, or taps) and commits to it. */
  private form(side: { id: string; name: I18n }) {
    const lang = this.language;
    const kinds: ContributionKind[] = ['text', 'dice', 'taps'];
    const valid = this.secret() !== undefined;
    return html`<form @submit=${(e: Event) => this.commit(e)}>
      <p><strong>${t(lang, 'ceremony.turn', { side: tx(lang, side.name) })}</strong></p>
      <fieldset>
        <legend>${t(lang, 'ceremony.how')}</legend>
        ${kinds.map(
          (k) =>
            html`<label class="inline"
              ><input
                type="radio"
                name="kind"
                .checked=${this.kind === k}
                @change=${() => {
                  this.kind = k;
                  this.text = '';
                  this.taps = [];
                }}
              />${t(lang, `ceremony.kind.${k}`)}</label
            >`,
        )}
      </fieldset>
      ${
        this.kind === 'taps'
          ? html`<button
                type="button"
                class="tap"
                @click=${() => {
                  this.taps = [...this.taps, performance.now()];
                }}
              >
                ${t(lang, 'ceremony.tap')}
              </button>
              <p class="muted" aria-live="polite">
                ${t(lang, 'ceremony.taps', { n: this.taps.length, min: MIN_TAPS })}
              </p>`
          : html`<label
              >${t(lang, this.kind === 'text' ? 'ceremony.secretText' : 'ceremony.secretDice')}
              <input
                name="secret"
                autocomplete="off"
                type=${this.kind === 'text' ? 'password' : 'text'}
                inputmode=${this.kind === 'dice' ? 'numeric' : 'text'}
                maxlength="500"
                .value=${this.text}
                @input=${(e: Event) => {
                  this.text = (e.target as HTMLInputElement).value;
                }}
            /></label>`
      }
      <p class="muted">${t(lang, 'ceremony.private')}</p>
      <button class="primary" type="submit" ?disabled=${!valid}>${t(lang, 'ceremony.commit')}</button>
    </form>`;
  }

  override render() {
    if (this.one) return this.side ? this.form(this.side) : nothing;
    const lang = this.language;
    const side = this.side;
    return html`<section class="card" aria-labelledby="ceremony-title">
      <h4 id="ceremony-title" style="margin:0.2rem 0">${t(lang, 'ceremony.title')}</h4>
      <p class="muted">${t(lang, 'ceremony.intro')}</p>
      <ol data-testid="commitments">
        <li>${t(lang, 'ceremony.device')}: <code>${shortCommitment(this.device.commitment)}</code></li>
        ${this.given.map(
          (c) =>
            html`<li>
              ${t(lang, 'ceremony.committed', {
                side: tx(lang, this.sides.find((s) => s.id === c.side)?.name ?? { en: c.side, es: c.side }),
                kind: t(lang, `ceremony.kind.${c.kind}`),
              })}:
              <code>${shortCommitment(c.commitment)}</code>
            </li>`,
        )}
      </ol>
      ${
        side
          ? this.form(side)
          : html`<p>${t(lang, 'ceremony.allIn')}</p>
              <button
                class="primary"
                @click=${() =>
                  this.dispatchEvent(new CeremonyEvent({ device: this.device, contributions: this.given }))}
              >
                ${t(lang, 'ceremony.start')}
              </button>`
      }
      <button
        type="button"
        @click=${() => this.dispatchEvent(new Event('wc-ceremony-cancel', { bubbles: true, composed: true }))}
      >
        ${t(lang, 'common.cancel')}
      </button>
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'wc-seed-ceremony': WcSeedCeremony;
  }
}
