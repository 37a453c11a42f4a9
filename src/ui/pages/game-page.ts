/** A game: its scenarios (start a new game of one), its games in progress, and the table browser. */
import { LitElement, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { Store } from '../../app/store';
import { loadGame, type GameBundle } from '../../data/catalog';
import { problemOf } from '../../app/store';
import { t, tx, use } from '../i18n';
import { status } from '../i18n/status';
import { errors } from '../i18n/errors';
import { StoreController } from '../store-controller';
import { base } from '../styles';
import { NavigateEvent } from '../events';
import '../components/session-list';
import '../components/seed-ceremony';
import type { CeremonyEvent } from '../events';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(status, errors);

@customElement('wc-game-page')
export class WcGamePage extends LitElement {
  static override styles = [base];
  /** The app's store: the game's data and the new-game action. */
  @property({ attribute: false }) store!: Store;
  /** The game to start (from the address). */
  @property() gameId = '';
  @state() private bundle?: GameBundle;
  /** A new game waiting for its seed ceremony (the players chose a seed made by both). */
  @state() private ceremonyFor?: { scenario: string; name: string };
  protected readonly ctl = new StoreController(this, () => this.store);

  override willUpdate(changed: Map<string, unknown>) {
    if (changed.has('gameId')) {
      this.bundle = undefined;
      loadGame(this.gameId).then(
        (b) => {
          this.bundle = b;
        },
        (e) => this.store.report(problemOf(e)),
      );
    }
  }

  private async start(e: Event, scenario: string) {
    e.preventDefault();
    const form = e.target as HTMLFormElement;
    const name = (form.elements.namedItem('name') as HTMLInputElement).value;
    const both = (form.querySelector('input[name=seed][value=both]') as HTMLInputElement | null)?.checked;
    if (both) {
      this.ceremonyFor = { scenario, name };
      return;
    }
    const id = await this.store.createSession(this.gameId, scenario, name);
    if (id) this.dispatchEvent(new NavigateEvent(`#/session/${encodeURIComponent(id)}`));
  }

  private async startWith(e: CeremonyEvent) {
    const f = this.ceremonyFor;
    if (!f) return;
    const id = await this.store.createSession(this.gameId, f.scenario, f.name, undefined, e.ceremony);
    this.ceremonyFor = undefined;
    if (id) this.dispatchEvent(new NavigateEvent(`#/session/${encodeURIComponent(id)}`));
  }

  override render() {
    const s = this.store.getState();
    const lang = s.lang;
    const b = this.bundle;
    if (!b) return html`<p>${t(lang, 'common.loading')}</p>`;
    const mine = s.sessions.filter((x) => x.game === this.gameId);
    return html` <p><a href="#/">← ${t(lang, 'nav.home')}</a></p>
      <h2>${tx(lang, b.game.name)}</h2>
      ${(b.game.notes ?? []).map((n) => html`<p class="muted">${tx(lang, n)}</p>`)}
      <p>
        <a class="button" href="#/game/${this.gameId}/tables">${t(lang, 'game.browseTables')} (${b.tables.length})</a>
      </p>
      ${
        mine.length
          ? html`<h3>${t(lang, 'game.sessions')}</h3>
              <wc-session-list .store=${this.store} .sessions=${mine}></wc-session-list>`
          : nothing
      }
      <h3>${t(lang, 'game.scenarios')}</h3>
      <ul class="plain">
        ${b.scenarios.map(
          (sc) =>
            html` <li class="card">
              <h4 style="margin:0.2rem 0">
                ${tx(lang, sc.name)} <span class="muted">· ${t(lang, 'game.rule', { rule: sc.rule })}</span>
              </h4>
              ${sc.summary ? html`<p>${tx(lang, sc.summary)}</p>` : nothing}
              ${sc.turns ? html`<p class="muted">${t(lang, 'game.turns', { status: t(lang, `status.${sc.turns.status}`) })} — ${tx(lang, sc.turns.note)}</p>` : nothing}
              ${
                this.ceremonyFor?.scenario === sc.id
                  ? html`<wc-seed-ceremony
                      .language=${lang}
                      .sides=${b.game.sides}
                      @wc-ceremony=${(e: CeremonyEvent) => this.startWith(e)}
                      @wc-ceremony-cancel=${() => (this.ceremonyFor = undefined)}
                    ></wc-seed-ceremony>`
                  : html`<form class="row" @submit=${(e: Event) => this.start(e, sc.id)}>
                      <label
                        >${t(lang, 'game.sessionName')}<input name="name" maxlength="120" .value=${tx(lang, sc.name)}
                      /></label>
                      <fieldset>
                        <legend>${t(lang, 'ceremony.choice')}</legend>
                        <label class="inline"
                          ><input
                            type="radio"
                            name="seed"
                            value="device"
                            checked
                          />${t(lang, 'ceremony.choiceDevice')}</label
                        >
                        <label class="inline"
                          ><input type="radio" name="seed" value="both" />${t(lang, 'ceremony.choiceBoth')}</label
                        >
                      </fieldset>
                      <button class="primary" type="submit" ?disabled=${s.busy}>${t(lang, 'game.newSession')}</button>
                    </form>`
              }
            </li>`,
        )}
      </ul>`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-game-page': WcGamePage;
  }
}
