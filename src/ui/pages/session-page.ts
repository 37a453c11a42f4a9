/**
 * A game in progress: the latest result (large, explained, announced), and the tools the players
 * hand to the app — dice, table rolls, combat, cups — above the log.
 */
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { ErrataMode } from '../../engine';
import type { Store } from '../../app/store';
import { t, tx } from '../i18n';
import { explain } from '../explain';
import { StoreController } from '../store-controller';
import { base } from '../styles';
import { AnnounceEvent } from '../events';
import '../components/dice-roller';
import '../components/table-roller';
import '../components/combat-panel';
import '../components/cup-panel';
import '../components/log-view';
import '../components/result-view';

type Tab = 'dice' | 'tables' | 'combat' | 'cups';

@customElement('wc-session-page')
export class WcSessionPage extends LitElement {
  static override styles = [base, css`
    .latest { border: 2px solid var(--accent); }
    [role='tablist'] { display: flex; flex-wrap: wrap; gap: 0.4rem; margin: 0.6rem 0; }
    [role='tab'][aria-selected='true'] { background: var(--accent); color: var(--on-accent); border-color: var(--accent); }
  `];
  @property({ attribute: false }) store!: Store;
  @property() sessionId = '';
  @state() private tab: Tab = 'dice';
  @state() private missing = false;
  protected readonly ctl = new StoreController(this, () => this.store);
  private lastAnnounced = 0;


  override willUpdate(changed: Map<string, unknown>) {
    if (changed.has('sessionId') && this.sessionId) {
      this.missing = false;
      void this.store.openSession(this.sessionId).then((ok) => {
        this.missing = !ok;
        const cur = this.store.getState().current;
        this.lastAnnounced = cur?.session.log.length ?? 0;
        if (cur?.bundle.scenarios.find((s) => s.id === cur.session.scenario)?.cups?.length && !cur.session.log.length) this.tab = 'cups';
      });
    }
  }

  /** Announces each new result once it is saved and shown. */
  override updated() {
    const cur = this.store.getState().current;
    if (!cur || cur.session.id !== this.sessionId) return;
    const n = cur.session.log.length;
    if (n > this.lastAnnounced) {
      this.lastAnnounced = n;
      const e = cur.session.log[n - 1]!;
      this.dispatchEvent(new AnnounceEvent(explain(this.store.getState().lang, e.outcome, cur.ctx).announcement));
    }
  }

  override render() {
    const s = this.store.getState();
    const L = s.lang;
    if (this.missing) return html`<p>${t(L, 'session.notFound')}</p><p><a href="#/">${t(L, 'nav.home')}</a></p>`;
    const cur = s.current;
    if (!cur || cur.session.id !== this.sessionId) return html`<p>${t(L, 'common.loading')}</p>`;
    const scenario = cur.ctx.scenario;
    const physical = cur.session.settings.dice === 'physical';
    const latest = [...cur.session.log].reverse().find((e) => !e.undone);
    const tabs: [Tab, string][] = [['dice', t(L, 'play.dice')], ['tables', t(L, 'play.tables')], ['combat', t(L, 'play.combat')], ['cups', t(L, 'play.cups')]];
    return html`
      <p><a href="#/game/${cur.session.game}">← ${tx(L, cur.bundle.game.name)}</a></p>
      <h2>${cur.session.name}</h2>
      <p class="muted">${scenario ? tx(L, scenario.name) : cur.session.scenario} · ${t(L, 'play.turn', { n: cur.state.turn })}</p>
      <section class="card latest" aria-label=${t(L, 'play.latest')}>
        <h3 style="margin-top:0">${t(L, 'play.latest')}</h3>
        ${latest ? html`<wc-result-view .explained=${explain(L, latest.outcome, cur.ctx)}></wc-result-view>` : html`<p class="muted">${t(L, 'play.none')}</p>`}
      </section>
      <div role="tablist" aria-label=${cur.session.name}>
        ${tabs.map(([k, label]) => html`<button role="tab" id="tab-${k}" aria-selected=${this.tab === k} aria-controls="panel"
          @click=${() => { this.tab = k; }}>${label}</button>`)}
      </div>
      <section id="panel" role="tabpanel" aria-labelledby="tab-${this.tab}" class="card">
        ${this.tab === 'dice' ? html`<wc-dice-roller .store=${this.store} .game=${cur.bundle.game} .physical=${physical}></wc-dice-roller>` : nothing}
        ${this.tab === 'tables' ? html`<wc-table-roller .store=${this.store} .current=${cur} .physical=${physical}></wc-table-roller>` : nothing}
        ${this.tab === 'combat' ? html`<wc-combat-panel .store=${this.store} .current=${cur} .physical=${physical}></wc-combat-panel>` : nothing}
        ${this.tab === 'cups' ? html`<wc-cup-panel .store=${this.store} .current=${cur} .physical=${physical}></wc-cup-panel>` : nothing}
      </section>
      <details class="card">
        <summary>${t(L, 'play.settings')}</summary>
        <fieldset><legend>${t(L, 'play.who')}</legend>
          ${(['app', 'physical'] as const).map((v) => html`<label style="flex-direction:row;align-items:center;min-height:44px">
            <input type="radio" name="who" style="min-height:auto;width:1.4rem;height:1.4rem" .checked=${cur.session.settings.dice === v}
              @change=${() => this.store.updateSettings({ dice: v })}> ${t(L, v === 'app' ? 'play.whoApp' : 'play.whoPhysical')}</label>`)}
        </fieldset>
        <fieldset><legend>${t(L, 'play.errata', { mode: '' })}</legend>
          ${(['printed', 'default', 'corrected'] as ErrataMode[]).map((v) => html`<label style="flex-direction:row;align-items:center;min-height:44px">
            <input type="radio" name="errata" style="min-height:auto;width:1.4rem;height:1.4rem" .checked=${cur.session.settings.errata === v}
              @change=${() => this.store.setErrata(cur.session.game, v)}> ${t(L, `errata.${v}`)}</label>`)}
        </fieldset>
      </details>
      <h3>${t(L, 'play.log')}</h3>
      <wc-log-view .store=${this.store} .current=${cur}></wc-log-view>`;
  }
}
declare global { interface HTMLElementTagNameMap { 'wc-session-page': WcSessionPage } }
