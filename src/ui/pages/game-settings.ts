/**
 * <wc-game-settings>: a game's settings, folded under "Settings" beside the log: the seed's
 * commitment (and who made the seed in a ceremony), the game's seal — a hash of the latest step,
 * computed only while the settings are open — the seed revealed after a confirmation, the errata
 * reading, the balance settings, and the device's preferences (screen kept awake, vibration, sound).
 * Changing "keep the screen awake" sends `wc-wake-lock-change` once the preference is saved, so the
 * page's wake lock (src/ui/wake-lock.ts) follows it.
 */
import { LitElement, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { ERRATA_MODES, sealOf, seedFingerprint, shortCommitment, type Seal, type Session } from '../../engine';
import type { Current, Lang, Store } from '../../app/store';
import type { Prefs } from '../../app/store-types';
import { t, tx, use } from '../i18n';
import { checkField } from '../fields';
import { confirmRow } from '../confirm-row';
import { session } from '../i18n/session';
import { trust } from '../i18n/trust';
import '../components/balance-settings';
import { gameSettingsStyles } from './game-settings.styles';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(session, trust);

declare global {
  interface HTMLElementEventMap {
    'wc-wake-lock-change': Event;
  }
  interface HTMLElementTagNameMap {
    'wc-game-settings': WcGameSettings;
  }
}

/** The game's seal, computed once per log (a step or an undo makes a new log array). */
const seals = new WeakMap<Session['log'], Seal | undefined>();
function sealNow(game: Session, complete: boolean): Seal | undefined {
  if (!complete) return sealOf(game, false);
  if (!seals.has(game.log)) seals.set(game.log, sealOf(game));
  return seals.get(game.log);
}

/** The seed's fingerprint, computed once per seed (not on every render). */
const fingerprints = new Map<string, string>();
function fingerprint(seed: string): string {
  let known = fingerprints.get(seed);
  if (known === undefined) fingerprints.set(seed, (known = seedFingerprint(seed)));
  return known;
}

@customElement('wc-game-settings')
export class WcGameSettings extends LitElement {
  static override styles = gameSettingsStyles;

  /** The app's store: the settings and preferences are changed through it. */
  @property({ attribute: false }) store!: Store;
  /** The open game. */
  @property({ attribute: false }) current!: Current;
  /** The device's preferences (wake lock, vibration, sound). */
  @property({ attribute: false }) prefs!: Prefs;
  @property({ attribute: false }) override lang: Lang = 'en';

  /** The settings are open: only then is the seal (a hash of the latest step) computed and shown. */
  @state() private settingsOpen = false;
  @state() private seedShown = false;
  @state() private confirmSeed = false;

  override willUpdate(changed: Map<string, unknown>) {
    // Another game: its seed is hidden again.
    const before = changed.get('current') as Current | undefined;
    if (before && before.session.id !== this.current.session.id) this.seedShown = this.confirmSeed = false;
  }

  /** The game's fingerprint now (its seal), shown in its settings: hashed only while they are open. */
  private renderSeal(lang: Lang, cur: Current) {
    const seal = sealNow(cur.session, cur.complete);
    return html`<p>
        ${t(lang, 'seal.title')}:
        ${seal ? html`<code data-testid="seal">${seal.fingerprint}</code>` : t(lang, 'seal.loading')}
      </p>
      <p class="muted">${t(lang, 'seal.help')}</p>`;
  }

  private renderSeed(lang: Lang, cur: Current) {
    return html`<div class="seed">
      <p>${t(lang, 'seed.commitment')}: <code data-testid="fingerprint">${fingerprint(cur.session.seed)}</code></p>
      <p class="muted">${t(lang, 'seed.commitmentHelp')}</p>
      ${
        cur.session.ceremony
          ? html`<p>${t(lang, 'ceremony.made')}</p>
              <p>${t(lang, 'ceremony.madeBy')}:</p>
              <ul data-testid="ceremony">
                ${[cur.session.ceremony.device, ...cur.session.ceremony.contributions].map(
                  (contribution) =>
                    html`<li>
                      ${
                        contribution.kind === 'device'
                          ? t(lang, 'ceremony.device')
                          : t(lang, 'ceremony.committed', {
                              side: tx(
                                lang,
                                cur.bundle.game.sides.find((side) => side.id === contribution.side)?.name ??
                                  contribution.side,
                              ),
                              kind: t(lang, `ceremony.kind.${contribution.kind}`),
                            })
                      }:
                      <code>${shortCommitment(contribution.commitment)}</code>
                    </li>`,
                )}
              </ul>`
          : nothing
      }
      ${this.settingsOpen ? this.renderSeal(lang, cur) : nothing}
      ${
        this.seedShown
          ? html`<p>
                <code data-testid="seed">${t(lang, 'seed.revealed', { seed: cur.session.seed })}</code>
              </p>
              <button @click=${() => (this.seedShown = false)}>${t(lang, 'seed.hide')}</button>`
          : this.confirmSeed
            ? confirmRow(
                t(lang, 'seed.confirmReveal'),
                [
                  {
                    label: t(lang, 'common.confirm'),
                    kind: 'danger',
                    run: () => {
                      this.seedShown = true;
                      this.confirmSeed = false;
                    },
                  },
                ],
                { label: t(lang, 'common.cancel'), run: () => (this.confirmSeed = false) },
              )
            : html`<button @click=${() => (this.confirmSeed = true)}>${t(lang, 'seed.reveal')}</button>`
      }
    </div>`;
  }

  override render() {
    const cur = this.current;
    if (!cur) return nothing;
    const lang = this.lang;
    const prefs = this.prefs;
    return html`<details
      class="card"
      @toggle=${(event: Event) => (this.settingsOpen = (event.target as HTMLDetailsElement).open)}
    >
      <summary>${t(lang, 'play.settings')}</summary>
      ${this.renderSeed(lang, cur)}
      ${
        cur.readOnly
          ? nothing
          : html`<fieldset>
              <legend>${t(lang, 'play.errata', { mode: '' })}</legend>
              ${ERRATA_MODES.map(
                (mode) =>
                  html`<label class="inline">
                    <input
                      type="radio"
                      name="errata"
                      .checked=${cur.session.settings.errata === mode}
                      @change=${() => this.store.setErrata(cur.session.game, mode)}
                    />
                    ${t(lang, `errata.${mode}`)}</label
                  >`,
              )}
            </fieldset>`
      }
      <wc-balance-settings .store=${this.store} .current=${cur}></wc-balance-settings>
      ${checkField(t(lang, 'settings.wakeLock'), prefs.wakeLock, async (on) => {
        await this.store.setPref({ wakeLock: on });
        this.dispatchEvent(new Event('wc-wake-lock-change', { bubbles: true, composed: true }));
      })}
      ${checkField(t(lang, 'settings.vibrate'), prefs.vibrate, (on) => this.store.setPref({ vibrate: on }))}
      ${checkField(t(lang, 'settings.sound'), prefs.sound, (on) => this.store.setPref({ sound: on }))}
    </details>`;
  }
}
