/**
 * A list of saved games with resume, rename, export and delete (with confirmation). A damaged
 * record is listed as damaged (it can be exported or deleted); names are isolated, so a long name
 * or one in a right-to-left script never widens the page or reorders the text beside it.
 */
import { LitElement, html, nothing } from 'lit';
import type { Store } from '../../app/store';
import type { ListedSession } from '../../persistence/records';
import { formatDateTime, t, tx } from '../i18n';
import { sessionListStyles } from './session-list.styles';
import { StoreController } from '../store-controller';
import { downloadText } from '../events';
import { confirmRow } from '../confirm-row';
import { fromParent, ownState } from '../properties';

export class WcSessionList extends LitElement {
  // Without Lit's decorators, as the shell (src/ui/app.ts).
  static override properties = {
    store: fromParent,
    sessions: fromParent,
    confirming: ownState,
    renaming: ownState,
    exporting: ownState,
    packGames: ownState,
  };
  static override styles = sessionListStyles;
  /** The app's store: the language, and the actions on a game (rename, export, delete). */
  store!: Store;
  protected readonly ctl = new StoreController(this, () => this.store);
  /** The saved games to list, newest first. */
  sessions: readonly ListedSession[] = [];
  private confirming?: string;
  private renaming?: string;
  /** A game whose export waits for the players to confirm: the file holds the seed. */
  private exporting?: string;
  /** The game packs' versions on this device, by game id (`<pack id>@<hash>`): a game from a pack is listed with its pack's name. */
  private packGames = new Map<string, { name: { en: string; es: string }; version: string }>();

  override connectedCallback() {
    super.connectedCallback();
    // After the first update: an element upgraded late gets its store only then.
    void this.updateComplete.then(() => this.readPacks());
  }

  /** Reads the names of the packs on this device (every version: a game keeps the version it started from). */
  private async readPacks() {
    const all = (await this.store.packs?.all().catch(() => [])) ?? [];
    this.packGames = new Map(all.map((p) => [p.key, { name: p.name, version: p.version }]));
  }

  /** The name of a saved game's game (issue #28 item 16): a built-in game's, or its pack's with the version. */
  private gameName(lang: 'en' | 'es', game: string): string | undefined {
    const builtIn = (this.store.games ?? []).find((g) => g.id === game);
    if (builtIn) return tx(lang, builtIn.name);
    const pack = this.packGames.get(game);
    return pack ? t(lang, 'session.packGame', { name: tx(lang, pack.name), version: pack.version }) : undefined;
  }

  private async export(id: string, withoutSeed = false) {
    const text = await this.store.exportSession(id, { withoutSeed });
    const meta = this.sessions.find((s) => s.id === id);
    const name = (meta?.name ?? id).replace(/[^\w-]+/g, '_');
    if (text) downloadText(`${name}${withoutSeed ? '.no-seed' : ''}.wargame.json`, text);
  }

  private async exportConfirmed(id: string, withoutSeed = false) {
    this.exporting = undefined;
    await this.export(id, withoutSeed);
  }

  private async rename(e: Event, id: string) {
    e.preventDefault();
    const input = (e.target as HTMLFormElement).elements.namedItem('name') as HTMLInputElement;
    await this.store.renameSession(id, input.value);
    this.renaming = undefined;
  }

  override render() {
    const lang = this.store.getState().lang;
    if (!this.sessions.length) return html`<p class="muted">${t(lang, 'home.noSessions')}</p>`;
    const when = (iso: string) => (iso && !Number.isNaN(Date.parse(iso)) ? formatDateTime(lang, iso) : '?');
    // A name inside a sentence is isolated too (FSI … PDI), so its direction never leaks into the sentence.
    const isolated = (name: string) => `\u2068${name}\u2069`;
    return html`<ul class="plain">
      ${this.sessions.map(
        (s) =>
          html` <li class="card">
            <div>
              <strong class="name"><bdi>${s.name}</bdi></strong>
              <span class="muted"
                >${this.gameName(lang, s.game) ? html`· <bdi data-testid="game">${this.gameName(lang, s.game)}</bdi> ` : nothing}·
                ${t(lang, 'session.steps', { n: s.entryCount })} ·
                ${t(lang, 'session.updated', { when: when(s.updatedAt) })}</span
              >
              ${
                // Not its technical reason (in a tooltip no phone shows): opening the game tells what is damaged.
                s.damaged ? html`<p class="damaged" role="note">${t(lang, 'session.damaged')}</p>` : nothing
              }
            </div>
            ${
              this.renaming === s.id
                ? html` <form class="row" @submit=${(e: Event) => this.rename(e, s.id)}>
                    <label
                      >${t(lang, 'session.renamePrompt')}<input name="name" .value=${s.name} maxlength="120" required
                    /></label>
                    <button class="primary" type="submit">${t(lang, 'common.save')}</button>
                    <button type="button" @click=${() => (this.renaming = undefined)}>
                      ${t(lang, 'common.cancel')}
                    </button>
                  </form>`
                : nothing
            }
            ${
              this.exporting === s.id
                ? confirmRow(
                    t(lang, 'session.exportWarn'),
                    [
                      {
                        label: t(lang, 'session.exportConfirm'),
                        kind: 'primary',
                        run: () => this.exportConfirmed(s.id),
                      },
                      {
                        label: t(lang, 'export.withoutSeed'),
                        title: t(lang, 'export.withoutSeedHelp'),
                        run: () => this.exportConfirmed(s.id, true),
                      },
                    ],
                    { label: t(lang, 'common.cancel'), run: () => (this.exporting = undefined) },
                  )
                : nothing
            }
            ${
              this.confirming === s.id
                ? confirmRow(
                    t(lang, 'session.confirmDelete', { name: isolated(s.name) }),
                    [
                      {
                        label: t(lang, 'common.confirm'),
                        kind: 'danger',
                        run: async () => {
                          this.confirming = undefined;
                          await this.store.deleteSession(s.id);
                        },
                      },
                    ],
                    { label: t(lang, 'common.cancel'), run: () => (this.confirming = undefined) },
                    { nameClass: true },
                  )
                : html` <div class="row">
                    <a class="button primary" href="#/session/${encodeURIComponent(s.id)}"
                      >${t(lang, 'session.resume')}</a
                    >
                    <button @click=${() => (this.renaming = s.id)}>${t(lang, 'session.rename')}</button>
                    <button @click=${() => (this.exporting = s.id)}>${t(lang, 'session.export')}</button>
                    <button class="danger" @click=${() => (this.confirming = s.id)}>
                      ${t(lang, 'session.delete')}
                    </button>
                  </div>`
            }
          </li>`,
      )}
    </ul>`;
  }
}
customElements.define('wc-session-list', WcSessionList);

declare global {
  interface HTMLElementTagNameMap {
    'wc-session-list': WcSessionList;
  }
}
