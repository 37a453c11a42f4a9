/** A list of saved games with resume, rename, export and delete (with confirmation). */
import { LitElement, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { Store } from '../../app/store';
import type { SessionMeta } from '../../persistence/db';
import { formatDateTime, t } from '../i18n';
import { base } from '../styles';
import { StoreController } from '../store-controller';
import { downloadText } from '../events';

@customElement('wc-session-list')
export class WcSessionList extends LitElement {
  static override styles = [base];
  @property({ attribute: false }) store!: Store;
  protected readonly ctl = new StoreController(this, () => this.store);
  @property({ attribute: false }) sessions: readonly SessionMeta[] = [];
  @state() private confirming?: string;
  @state() private renaming?: string;
  /** A game whose export waits for the players to confirm: the file holds the seed. */
  @state() private exporting?: string;

  private async export(id: string) {
    const text = await this.store.exportSession(id);
    const meta = this.sessions.find((s) => s.id === id);
    if (text) downloadText(`${(meta?.name ?? id).replace(/[^\w-]+/g, '_')}.wargame.json`, text);
  }

  private async rename(e: Event, id: string) {
    e.preventDefault();
    const input = (e.target as HTMLFormElement).elements.namedItem('name') as HTMLInputElement;
    await this.store.renameSession(id, input.value);
    this.renaming = undefined;
  }

  override render() {
    const L = this.store.getState().lang;
    if (!this.sessions.length) return html`<p class="muted">${t(L, 'home.noSessions')}</p>`;
    const when = (iso: string) => formatDateTime(L, iso);
    return html`<ul class="plain">
      ${this.sessions.map(
        (s) =>
          html` <li class="card">
            <div>
              <strong>${s.name}</strong>
              <span class="muted"
                >· ${t(L, 'session.steps', { n: s.entryCount })} ·
                ${t(L, 'session.updated', { when: when(s.updatedAt) })}</span
              >
            </div>
            ${
              this.renaming === s.id
                ? html` <form class="row" @submit=${(e: Event) => this.rename(e, s.id)}>
                    <label
                      >${t(L, 'session.renamePrompt')}<input name="name" .value=${s.name} maxlength="120" required
                    /></label>
                    <button class="primary" type="submit">${t(L, 'common.save')}</button>
                    <button
                      type="button"
                      @click=${() => {
                        this.renaming = undefined;
                      }}
                    >
                      ${t(L, 'common.cancel')}
                    </button>
                  </form>`
                : nothing
            }
            ${
              this.exporting === s.id
                ? html`<div class="row" role="alertdialog" aria-label=${t(L, 'session.exportWarn')}>
                    <span>${t(L, 'session.exportWarn')}</span>
                    <button
                      class="primary"
                      @click=${async () => {
                        this.exporting = undefined;
                        await this.export(s.id);
                      }}
                    >
                      ${t(L, 'session.exportConfirm')}
                    </button>
                    <button
                      @click=${() => {
                        this.exporting = undefined;
                      }}
                    >
                      ${t(L, 'common.cancel')}
                    </button>
                  </div>`
                : nothing
            }
            ${
              this.confirming === s.id
                ? html` <div
                    class="row"
                    role="alertdialog"
                    aria-label=${t(L, 'session.confirmDelete', { name: s.name })}
                  >
                    <span>${t(L, 'session.confirmDelete', { name: s.name })}</span>
                    <button
                      class="danger"
                      @click=${async () => {
                        this.confirming = undefined;
                        await this.store.deleteSession(s.id);
                      }}
                    >
                      ${t(L, 'common.confirm')}
                    </button>
                    <button
                      @click=${() => {
                        this.confirming = undefined;
                      }}
                    >
                      ${t(L, 'common.cancel')}
                    </button>
                  </div>`
                : html` <div class="row">
                    <a class="button primary" href="#/session/${s.id}">${t(L, 'session.resume')}</a>
                    <button
                      @click=${() => {
                        this.renaming = s.id;
                      }}
                    >
                      ${t(L, 'session.rename')}
                    </button>
                    <button
                      @click=${() => {
                        this.exporting = s.id;
                      }}
                    >
                      ${t(L, 'session.export')}
                    </button>
                    <button
                      class="danger"
                      @click=${() => {
                        this.confirming = s.id;
                      }}
                    >
                      ${t(L, 'session.delete')}
                    </button>
                  </div>`
            }
          </li>`,
      )}
    </ul>`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-session-list': WcSessionList;
  }
}
