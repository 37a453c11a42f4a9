/**
 * The game packs on this device (issue #16), beside the built-in games on the home screen: start a
 * game from one, edit it, export it as a file, delete it (with confirmation), import one. The list
 * is read without the engine (src/packs/shelf.ts); importing loads the checks when it is asked for.
 */
import { LitElement, html, nothing } from 'lit';
import type { Store } from '../../app/store';
import { listPacks, type PackEntry } from '../../packs/shelf';
import { t, tx, use } from '../i18n';
import { packListStyles } from './pack-list.styles';
import { StoreController } from '../store-controller';
import { packs } from '../i18n/packs';
import { confirmRow } from '../confirm-row';
import { fileButton } from '../file-button';
import { fromParent, ownState } from '../properties';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(packs);

/** The first characters of the hash that names a pack's version (its game id is `<pack id>@<hash>`). */
const shortHash = (key: string) => (key.split('@')[1] ?? key).slice(0, 7);

export class WcPackList extends LitElement {
  // Without Lit's decorators, as the shell (src/ui/app.ts).
  static override properties = { store: fromParent, packs: ownState, confirming: ownState };
  static override styles = packListStyles;
  /** The app's store: the language, the packs on this device, the saved games (a pack in use is not deleted) and messages. */
  store!: Store;
  protected readonly ctl = new StoreController(this, () => this.store);
  /** The packs listed (undefined until they are read). */
  packs?: readonly PackEntry[];
  private confirming?: string;

  override connectedCallback() {
    super.connectedCallback();
    // After the first update: an element upgraded late gets its store only then.
    void this.updateComplete.then(() => this.refresh());
  }

  /** Reads the packs on this device again. */
  async refresh() {
    this.packs = await listPacks(this.store.packs).catch(() => []);
  }

  private async onImport(e: Event) {
    const input = e.target as HTMLInputElement;
    const picked = [...(input.files ?? [])];
    input.value = '';
    if (picked.length) await (await import('./pack-actions')).importPacks(this, picked);
  }

  private async export(p: PackEntry) {
    await (await import('./pack-actions')).exportPack(this, p);
  }

  private async deletePack(p: PackEntry) {
    await (await import('./pack-actions')).deletePack(this, p);
  }

  override render() {
    const lang = this.store.getState().lang;
    const packs = this.packs;
    // Two packs with the same name are told apart by the short hash of their content (issue #28 item 16).
    const named = new Map<string, number>();
    for (const p of packs ?? []) named.set(tx(lang, p.name), (named.get(tx(lang, p.name)) ?? 0) + 1);
    const byline = (p: PackEntry) =>
      (named.get(tx(lang, p.name)) ?? 0) > 1
        ? t(lang, 'packs.bylineTwin', { version: p.version, author: p.author, hash: shortHash(p.key) })
        : t(lang, 'packs.byline', { version: p.version, author: p.author });
    return html`<p class="muted">${t(lang, 'packs.help')}</p>
      ${packs && !packs.length ? html`<p class="muted">${t(lang, 'packs.none')}</p>` : nothing}
      <ul class="plain" data-testid="packs">
        ${(packs ?? []).map(
          (p) =>
            html`<li class="card" data-pack=${p.id}>
              <a class="open" href="#/game/${encodeURIComponent(p.key)}"
                ><strong class="name"><bdi>${tx(lang, p.name)}</bdi></strong>
                <span class="muted">· ${byline(p)}</span></a
              >
              <div class="row">
                <a class="button" href="#/packs/edit/${encodeURIComponent(p.key)}">${t(lang, 'packs.edit')}</a>
                <button @click=${() => this.export(p)}>${t(lang, 'packs.export')}</button>
                <button class="danger" @click=${() => (this.confirming = p.id)}>${t(lang, 'packs.delete')}</button>
              </div>
              ${
                this.confirming === p.id
                  ? confirmRow(
                      t(lang, 'packs.confirmDelete', { name: `\u2068${tx(lang, p.name)}\u2069` }),
                      [
                        {
                          label: t(lang, 'common.confirm'),
                          kind: 'danger',
                          run: async () => {
                            this.confirming = undefined;
                            await this.deletePack(p);
                          },
                        },
                      ],
                      { label: t(lang, 'common.cancel'), run: () => (this.confirming = undefined) },
                      { nameClass: true },
                    )
                  : nothing
              }
            </li>`,
        )}
      </ul>
      <div class="row">
        <a class="button primary" href="#/packs/new">${t(lang, 'packs.new')}</a>
        ${fileButton(t(lang, 'packs.import'), this.onImport, { testid: 'import-pack', multiple: true })}
      </div>`;
  }
}
customElements.define('wc-pack-list', WcPackList);

declare global {
  interface HTMLElementTagNameMap {
    'wc-pack-list': WcPackList;
  }
}
