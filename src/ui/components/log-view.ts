/** The session log, newest first: every step explained; undo the last step or back to any step; undone steps stay, struck through. */
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { Current, Store } from '../../app/store';
import { t } from '../i18n';
import { explain } from '../explain';
import { base } from '../styles';
import { StoreController } from '../store-controller';
import './result-view';

@customElement('wc-log-view')
export class WcLogView extends LitElement {
  static override styles = [base, css`
    li.undone wc-result-view { text-decoration: line-through; opacity: 0.6; }
    .meta { font-size: 0.9rem; }
  `];
  @property({ attribute: false }) store!: Store;
  protected readonly ctl = new StoreController(this, () => this.store);
  @property({ attribute: false }) current!: Current;
  /** How many entries to render (long games: the rest is one tap away). */
  @property({ type: Number }) limit = 50;

  override render() {
    const L = this.store.getState().lang;
    const log = this.current.session.log;
    if (!log.length) return html`<p class="muted">${t(L, 'log.empty')}</p>`;
    const busy = this.store.getState().busy;
    const lastActive = [...log].reverse().find((e) => !e.undone);
    const shown = [...log].reverse().slice(0, this.limit);
    const when = (iso?: string) => (iso ? new Date(iso).toLocaleTimeString(L === 'es' ? 'es-ES' : 'en-GB', { timeStyle: 'short' }) : '');
    return html`
      ${lastActive ? html`<p><button ?disabled=${busy} @click=${() => this.store.undo()}>${t(L, 'log.undoLast')}</button></p>` : nothing}
      <ol class="plain" reversed>
        ${shown.map((e) => html`<li class="card ${e.undone ? 'undone' : ''}" data-seq=${e.seq}>
          <div class="row meta">
            <strong>${t(L, 'log.step', { n: e.seq })}</strong><span class="muted">${when(e.at)}</span>
            ${e.context?.turn ? html`<span class="muted">${t(L, 'play.turn', { n: e.context.turn })}</span>` : nothing}
            ${e.manual ? html`<span class="badge manual">${t(L, 'log.manual')}</span>` : nothing}
            ${e.undone ? html`<span class="badge">${t(L, 'log.undone')}</span>` : nothing}
          </div>
          <wc-result-view compact .explained=${explain(L, e.outcome, this.current.ctx)}></wc-result-view>
          ${!e.undone && e !== lastActive ? html`<button ?disabled=${busy} @click=${() => this.store.undo(e.seq)}>${t(L, 'log.undoTo')}</button>` : nothing}
        </li>`)}
      </ol>
      ${log.length > this.limit ? html`<button @click=${() => { this.limit += 200; }}>… ${log.length - this.limit}</button>` : nothing}`;
  }
}
declare global { interface HTMLElementTagNameMap { 'wc-log-view': WcLogView } }
