/** Home: the games, and the games in progress on this device (resume, rename, delete, export, import). */
import { LitElement, html } from 'lit';
import type { Lang, Store } from '../../app/store';
import { loadBlocks, t, tx, use } from '../i18n';
import { StoreController } from '../store-controller';
import { homePageStyles } from './home-page.styles';
import { readFileText, NavigateEvent, AnnounceEvent } from '../events';
import '../components/session-list';
import '../components/pack-list';
import { packs } from '../i18n/packs';
import { fileButton } from '../file-button';
import { fromParent, ownState } from '../properties';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(packs);

export class WcHomePage extends LitElement {
  // Without Lit's decorators, as the shell (src/ui/app.ts).
  static override properties = { store: fromParent, verified: ownState };
  static override styles = homePageStyles;
  /** The app's store: the saved games, packs and language. */
  store!: Store;
  protected readonly ctl = new StoreController(this, () => this.store);
  /** The outcome of the last "verify a file", as message key and parameters. */
  /** The last verdict, in the language shown now (a language chosen after it translates it too). */
  private verified?: (lang: Lang) => { ok: boolean; lines: string[] };
  override connectedCallback() {
    super.connectedCallback();
    void this.store?.refreshSessions();
  }

  private async onImport(e: Event) {
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    let text: string;
    try {
      text = await readFileText(file);
    } catch (err) {
      this.store.report({ key: 'import.invalid', detail: (err as Error).message });
      return;
    }
    const r = await this.store.importSession(text);
    if (r?.ok) {
      const lang = this.store.getState().lang;
      const name = this.store.getState().sessions.find((s) => s.id === r.id)?.name ?? '';
      this.dispatchEvent(new AnnounceEvent(t(lang, 'import.done', { name })));
      this.dispatchEvent(new NavigateEvent(`#/session/${encodeURIComponent(r.id)}`));
    }
  }

  private async onVerify(e: Event) {
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    let text: string;
    try {
      text = await readFileText(file);
    } catch (err) {
      await loadBlocks();
      const reason = (err as Error).message;
      this.verified = (l) => ({ ok: false, lines: [t(l, 'verify.notGame', { reason })] });
      return;
    }
    // The verdict's messages load with it (src/ui/i18n/index.ts), and its code (../verdict.ts) with
    // the engine, which loads to verify the file (the store's verifyFile).
    const [r, { verdict }] = await Promise.all([this.store.verifyFile(text), import('../verdict'), loadBlocks()]);
    if (!r) return;
    this.verified = (l) => verdict(l, r);
    this.dispatchEvent(new AnnounceEvent(verdict(this.store.getState().lang, r).lines.join(' ')));
  }

  override render() {
    const s = this.store.getState();
    const lang = s.lang;
    const verified = this.verified?.(lang);
    return html` <p class="muted">${t(lang, 'app.tagline')}. ${t(lang, 'home.offline')}</p>
      <h2>${t(lang, 'home.sessions')}</h2>
      <wc-session-list .store=${this.store} .sessions=${s.sessions}></wc-session-list>
      <div class="row">
        ${fileButton(t(lang, 'home.import'), this.onImport, { testid: 'import' })}
        ${fileButton(t(lang, 'verify.button'), this.onVerify, { testid: 'verify' })}
      </div>
      ${
        verified
          ? html`<div
              class="card"
              role="status"
              data-testid="verified"
              style="border-color:${verified.ok ? 'var(--ok)' : 'var(--danger)'}"
            >
              ${verified.lines.map((l) => html`<p>${l}</p>`)}
            </div>`
          : ''
      }
      <h2>${t(lang, 'home.games')}</h2>
      <ul class="games plain">
        ${this.store.games.map(
          (g) =>
            html`<li>
              <a class="card" href="#/game/${g.id}"><strong>${tx(lang, g.name)}</strong></a>
            </li>`,
        )}
      </ul>
      <h2>${t(lang, 'packs.title')}</h2>
      <wc-pack-list .store=${this.store}></wc-pack-list>`;
  }
}
customElements.define('wc-home-page', WcHomePage);

declare global {
  interface HTMLElementTagNameMap {
    'wc-home-page': WcHomePage;
  }
}
