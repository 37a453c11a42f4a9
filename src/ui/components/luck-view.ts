/** Luck statistics: for each side and kind of dice, the observed rolls against their exact expectation. */
import { LitElement, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { Current, Store } from '../../app/store';
import { t } from '../i18n';
import { base } from '../styles';

@customElement('wc-luck-view')
export class WcLuckView extends LitElement {
  static override styles = [base];
  @property({ attribute: false }) store!: Store;
  @property({ attribute: false }) current!: Current;

  override render() {
    const L = this.store.getState().lang;
    return html`<p class="muted">${t(L, 'luck.none')}</p>`;
  }
}
declare global { interface HTMLElementTagNameMap { 'wc-luck-view': WcLuckView } }
