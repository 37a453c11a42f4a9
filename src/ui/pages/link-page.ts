/**
 * The link screen (#/link): link this device with others at the table, with no server: share the
 * open game (this device writes it) or join one; see who is linked and who is lost; take over as
 * the writer when the writer is gone; choose what this device shows (a side's private hand, or the
 * shared display: the latest result big, the turn and the log); make the seed of a new game on
 * the players' phones (commit on each, then reveal). Loaded only when opened, with the link layer
 * (src/link) and its QR libraries.
 */
import { LitElement, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { keyed } from 'lit/directives/keyed.js';
import type { Store } from '../../app/store';
import { jointOnly } from '../../engine/joint';
import { shortCommitment } from '../../engine/seed-ceremony';
import { linkOf, type Link, type SeedView } from '../../link/manager';
import { CodeError } from '../../link/code';
import { qrImage, scanCamera } from '../../link/qr';
import { explain, sideName } from '../explain';
import { loadBlock, t, use } from '../i18n';
import { errors } from '../i18n/errors';
import { StoreController } from '../store-controller';
import { AnnounceEvent } from '../events';
import { linkPageStyles } from './link-page.styles';
import '../components/result-view';
import '../components/log-view';
import '../components/seed-ceremony';
import type { ContributionEvent } from '../events';
// The shelf is in the home screen's download: imported statically, it needs no module namespace (issue #29).
import { listPacks, type PackEntry } from '../../packs/shelf';

// The engine's refusals, shown here as on the session screen.
use(errors);

/** This screen's messages, loaded with it. */
let messagesReady = false;
const messages = loadBlock('link').then(() => {
  messagesReady = true;
});

type Step =
  | { kind: 'idle' }
  | { kind: 'working' }
  | { kind: 'offer'; code: string; qr: string; accept: (answer: string) => Promise<void>; cancel: () => void }
  | { kind: 'answer'; code: string; qr: string };

@customElement('wc-link-page')
export class WcLinkPage extends LitElement {
  static override styles = linkPageStyles;
  /** The app's store: the open game, and the link to other devices. */
  @property({ attribute: false }) store!: Store;
  /** The game to share (#/link/<id>): opened here if it is not open. */
  @property() sessionId?: string;
  @state() private step: Step = { kind: 'idle' };
  @state() private scanning?: AbortController;
  @state() private error = '';
  /** The packs on this device the writer may send (loaded when the screen opens). */
  @state() private packs: readonly PackEntry[] = [];
  /** What the last send or save did, said under the packs. */
  @state() private packNote = '';
  protected readonly ctl = new StoreController(this, () => this.store);
  private name = '';

  private get link(): Link {
    return linkOf(this.store, this.name || 'Device');
  }

  override willUpdate(changed: Map<string, unknown>) {
    if (changed.has('sessionId') && this.sessionId && this.store.getState().current?.session.id !== this.sessionId)
      void this.store.openSession(this.sessionId);
  }

  override updated() {
    // This screen names a game a seed made across devices replaced (and deleted): it names the new one.
    const r = this.link.replaced;
    if (r && this.sessionId === r.from) location.replace(`#/link/${encodeURIComponent(r.to)}`);
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    this.scanning?.abort();
  }

  private fail(e: unknown) {
    const lang = this.store.getState().lang;
    this.error =
      e instanceof CodeError
        ? t(lang, 'link.badCode', { reason: t(lang, `link.reason.${e.reason}`) })
        : t(lang, 'link.failed', { detail: (e as Error)?.message ?? String(e) });
  }

  private async invite() {
    this.error = '';
    this.step = { kind: 'working' };
    try {
      this.link.name = this.name || this.link.name;
      const r = await this.link.invite();
      this.step = { kind: 'offer', code: r.code, qr: await qrImage(r.code), accept: r.accept, cancel: r.cancel };
    } catch (e) {
      this.step = { kind: 'idle' };
      this.fail(e);
    }
  }

  private async join(offer: string) {
    this.error = '';
    this.step = { kind: 'working' };
    try {
      this.link.name = this.name || this.link.name;
      const code = await this.link.join(offer);
      this.step = { kind: 'answer', code, qr: await qrImage(code) };
    } catch (e) {
      this.step = { kind: 'idle' };
      this.fail(e);
    }
  }

  private async accept(answer: string) {
    if (this.step.kind !== 'offer') return;
    this.error = '';
    try {
      await this.step.accept(answer);
      this.step = { kind: 'idle' };
    } catch (e) {
      this.fail(e);
    }
  }

  /** Scans a code with the camera into the field `name` of the form, then submits it. */
  private async scan(form: HTMLFormElement) {
    const lang = this.store.getState().lang;
    this.scanning?.abort();
    const ctl = new AbortController();
    this.scanning = ctl;
    await this.updateComplete;
    const video = this.renderRoot.querySelector('video');
    try {
      const text = video ? await scanCamera(video, ctl.signal) : undefined;
      if (text) {
        (form.elements.namedItem('code') as HTMLTextAreaElement).value = text;
        form.requestSubmit();
      } else if (!ctl.signal.aborted) this.error = t(lang, 'link.scanNone');
    } catch (e) {
      this.fail(e);
    } finally {
      if (this.scanning === ctl) this.scanning = undefined;
    }
  }

  private codeForm(label: string, button: string, testid: string, submit: (code: string) => void) {
    const lang = this.store.getState().lang;
    return html`<form
      data-testid=${testid}
      @submit=${(e: Event) => {
        e.preventDefault();
        this.scanning?.abort();
        const v = String(new FormData(e.target as HTMLFormElement).get('code') ?? '');
        if (v.trim()) submit(v);
      }}
    >
      <label>${label}<textarea name="code" autocomplete="off" spellcheck="false"></textarea></label>
      <div class="row">
        <button type="submit" class="primary">${button}</button>
        ${
          this.scanning
            ? html`<button type="button" @click=${() => this.scanning?.abort()}>${t(lang, 'link.scanStop')}</button>`
            : html`<button
                type="button"
                @click=${(e: Event) => void this.scan((e.target as HTMLElement).closest('form')!)}
              >
                ${t(lang, 'link.scan')}
              </button>`
        }
      </div>
      ${this.scanning ? html`<video aria-hidden="true"></video>` : nothing}
    </form>`;
  }

  private showCode(code: string, qr: string, help: string, testid: string) {
    const lang = this.store.getState().lang;
    return html`<p>${help}</p>
      <!-- The code is what the other device needs next: once drawn, it is brought into view (issue #28 item 17). -->
      <img
        class="qr"
        src=${qr}
        alt=${t(lang, 'link.qrAlt')}
        @load=${(e: Event) => (e.target as HTMLElement).scrollIntoView?.({ block: 'center' })}
      />
      <textarea readonly data-testid=${testid} .value=${code}></textarea>
      <button
        @click=${async () => {
          await navigator.clipboard?.writeText(code).catch(() => undefined);
          this.dispatchEvent(new AnnounceEvent(t(lang, 'link.copied')));
        }}
      >
        ${t(lang, 'link.copy')}
      </button>`;
  }

  private renderPeers() {
    const s = this.store.getState();
    const lang = s.lang;
    const link = s.link;
    if (!link) return nothing;
    return html`<section class="card" data-testid="link-status">
      <h3>${t(lang, link.role === 'writer' ? 'link.roleWriter' : 'link.roleReplica')}</h3>
      <h4>${t(lang, 'link.devices')}</h4>
      ${
        link.peers.length
          ? html`<ul>
              ${link.peers.map(
                (p) =>
                  html`<li class=${p.connected ? '' : 'lost'} data-testid="link-peer">
                    ${t(lang, p.connected ? 'link.connected' : 'link.lost', { name: p.name })}
                    ${p.writer ? t(lang, 'link.writer') : nothing}
                  </li>`,
              )}
            </ul>`
          : html`<p class="muted">${t(lang, 'link.none')}</p>`
      }
      ${
        link.successor
          ? html`<p data-testid="link-successor">${t(lang, 'link.successor', { name: link.successor })}</p>`
          : nothing
      }
      ${
        link.role === 'writer' && link.peers.filter((p) => p.connected).length > 1
          ? html`<label
              >${t(lang, 'link.successorChoose')}
              <select
                data-testid="link-successor-choose"
                @change=${(e: Event) => this.link.setSuccessor((e.target as HTMLSelectElement).value)}
              >
                ${link.peers
                  .filter((p) => p.connected)
                  .map((p) => html`<option value=${p.name} ?selected=${p.name === link.successor}>${p.name}</option>`)}
              </select></label
            >`
          : nothing
      }
      ${
        link.branch
          ? html`<p role="alert" class="lost" data-testid="link-branch">
              ${
                link.branch.renamed
                  ? t(lang, 'link.conflict', { n: link.branch.at, name: link.branch.other, game: link.branch.renamed })
                  : t(lang, 'link.branch', { n: link.branch.at, name: link.branch.other })
              }
            </p>`
          : nothing
      }
      ${
        link.role === 'replica' && link.peers.some((p) => p.writer && !p.connected)
          ? html`<p>${t(lang, 'link.takeOverHelp')}</p>
              <button class="primary" data-testid="link-takeover" @click=${() => this.link.takeOver()}>
                ${t(lang, 'link.takeOver')}
              </button>`
          : nothing
      }
      ${link.role === 'replica' ? this.renderView() : nothing}
      <div class="row">
        ${link.game ? html`<a class="button" href="#/session/${encodeURIComponent(link.game)}">${t(lang, 'link.toGame')}</a>` : nothing}
        <button @click=${() => this.link.leave()}>${t(lang, 'link.leave')}</button>
      </div>
    </section>`;
  }

  /**
   * Joint randomness (issue #33): which mode the rolls are in, said in words on every device; on the
   * writer, the button that starts it and, when a roll waits past the timeout, the way out.
   */
  private renderJoint() {
    const s = this.store.getState();
    const lang = s.lang;
    const link = s.link;
    const cur = s.current;
    if (!link || !cur || cur.session.id !== link.game) return nothing;
    const set = cur.state.joint?.devices.map((d) => d.name);
    const writer = link.role === 'writer';
    const players = link.peers.some((p) => p.connected && p.side);
    const wait = link.jointWait;
    return html`<section class="card" data-testid="link-joint" aria-labelledby="link-joint-title">
      <h3 id="link-joint-title">${t(lang, 'link.joint.title')}</h3>
      <p data-testid="link-joint-mode">
        ${
          set && set.length > 1
            ? t(lang, 'link.joint.on', { names: set.join(', ') })
            : set
              ? t(lang, 'link.joint.alone', { name: set[0] ?? '' })
              : this.link.agreedSeed
                ? t(lang, 'link.joint.agreed')
                : jointOnly(cur.session)
                  ? t(lang, 'link.joint.next')
                  : t(lang, 'link.joint.seedMode')
        }
      </p>
      ${
        jointOnly(cur.session)
          ? html`<p class="muted" data-testid="link-joint-public">${t(lang, 'link.joint.publicSeed')}</p>`
          : nothing
      }
      ${
        wait?.awaited.length
          ? html`<p data-testid="link-joint-awaited">
              ${t(lang, wait.stalled ? 'link.joint.stalled' : 'link.joint.awaited', {
                n: wait.seq,
                names: wait.awaited.join(', '),
              })}
            </p>`
          : nothing
      }
      ${
        writer && wait?.stalled && wait.awaited.length
          ? html`<button data-testid="link-joint-drop" @click=${() => void this.link.jointDrop()}>
              ${t(lang, 'link.joint.drop', { names: wait.awaited.join(', ') })}
            </button>`
          : nothing
      }
      ${
        writer && !set
          ? players
            ? html`<button class="primary" data-testid="link-joint-start" @click=${() => void this.link.startJoint()}>
                ${t(lang, 'link.joint.start')}
              </button>`
            : html`<p class="muted">${t(lang, 'link.joint.needPlayers')}</p>`
          : nothing
      }
    </section>`;
  }

  /**
   * The seed both players make, across devices: on the writer, the button that asks the players'
   * phones (before the game's first step) and who has committed; on a player's phone, the secret
   * it is asked for; everywhere, where the round stands.
   */
  private renderSeed() {
    const s = this.store.getState();
    const lang = s.lang;
    const cur = s.current;
    const link = s.link;
    if (!link) return nothing;
    const seed = this.link.seed;
    const writer = link.role === 'writer';
    // Before the first step of play (the joint steps at most): the players may agree on seed mode.
    const fresh =
      !!cur && !cur.readOnly && cur.session.log.every((e) => e.action.type === 'joint') && !cur.session.ceremony;
    if (!seed && !(writer && fresh)) return nothing;
    const players = this.link.players;
    const running = seed?.phase === 'commit' || seed?.phase === 'reveal';
    return html`<section class="card" data-testid="link-seed" aria-labelledby="link-seed-title">
      <h3 id="link-seed-title">${t(lang, 'link.seed.title')}</h3>
      ${writer && !running && fresh ? html`<p class="muted">${t(lang, 'link.seed.intro')}</p>` : nothing}
      ${seed ? this.renderRound(seed) : nothing}
      ${
        writer && !running && fresh
          ? players
            ? html`<button class="primary" data-testid="link-seed-start" @click=${() => this.startSeed()}>
                ${t(lang, seed ? 'link.seed.again' : 'link.seed.start')}
              </button>`
            : html`<p class="muted">${t(lang, 'link.seed.needPlayers')}</p>`
          : nothing
      }
      ${
        writer && running
          ? html`<button data-testid="link-seed-cancel" @click=${() => this.link.cancelSeed()}>
              ${t(lang, 'link.seed.cancel')}
            </button>`
          : nothing
      }
    </section>`;
  }

  private startSeed() {
    this.error = '';
    try {
      this.link.startSeed();
    } catch (e) {
      this.fail(e);
    }
  }

  /** Where a round stands: the writer's commitment, each phone's, and what happens now. */
  private renderRound(seed: SeedView) {
    const s = this.store.getState();
    const lang = s.lang;
    const cur = s.current;
    const sides = cur?.bundle.game.sides;
    const me = seed.you ? seed.parties.find((p) => p.id === seed.you) : undefined;
    const mySide = me && sides?.find((x) => x.id === me.side);
    const waiting = seed.parties.filter((p) => !p.commitment).length;
    const inGame =
      seed.phase === 'made' &&
      seed.mine &&
      cur?.session.ceremony?.contributions.some((c) => c.commitment === seed.mine);
    return html`${
        me && mySide && !seed.mine && seed.phase === 'commit'
          ? html`<p><strong>${t(lang, 'link.seed.asked')}</strong></p>
              ${keyed(
                seed.round,
                html`<wc-seed-ceremony
                  one
                  .language=${lang}
                  .sides=${[mySide]}
                  @wc-contribution=${(e: ContributionEvent) => this.link.commitSeed(e.contribution)}
                ></wc-seed-ceremony>`,
              )}`
          : nothing
      }
      <ol data-testid="link-seed-parties">
        <li>${t(lang, 'link.seed.device')}: <code>${shortCommitment(seed.device)}</code></li>
        ${seed.parties.map((p) => {
          const params = {
            name: p.name,
            side: sideName(lang, sides, p.side),
            kind: p.kind ? t(lang, `ceremony.kind.${p.kind}`) : '',
          };
          return html`<li data-testid="link-seed-party">
            ${t(lang, p.revealed ? 'link.seed.revealed' : p.commitment ? 'link.seed.committed' : 'link.seed.waiting', params)}${
              p.commitment ? html`: <code>${shortCommitment(p.commitment)}</code>` : nothing
            }
          </li>`;
        })}
      </ol>
      ${seed.mine ? html`<p>${t(lang, 'link.seed.mine')}: <code>${shortCommitment(seed.mine)}</code></p>` : nothing}
      ${
        seed.awaited?.length && seed.phase !== 'expired'
          ? html`<p data-testid="link-seed-awaited">
              ${t(lang, 'link.seed.awaited', { names: listOf(lang, seed.awaited) })}
            </p>`
          : nothing
      }
      ${
        seed.phase === 'expired'
          ? html`<p role="alert" class="lost" data-testid="link-seed-phase">
              ${t(lang, 'link.seed.phase.expired', { names: listOf(lang, seed.awaited ?? []) })}
            </p>`
          : seed.phase === 'refused'
            ? html`<p role="alert" class="lost" data-testid="link-seed-phase">
                ${t(lang, 'link.seed.phase.refused', { name: seed.by ?? '' })}
              </p>`
            : html`<p role="status" data-testid="link-seed-phase">
                ${t(lang, `link.seed.phase.${seed.phase}`, { n: waiting })}
              </p>`
      }
      ${inGame ? html`<p data-testid="link-seed-mine-in">${t(lang, 'link.seed.inGame')}</p>` : nothing}`;
  }

  /** What this replica shows: the shared display, or one side's private hand. */
  private renderView() {
    const s = this.store.getState();
    const lang = s.lang;
    const cur = s.current;
    const link = s.link!;
    if (!cur || cur.session.id !== link.game) return nothing;
    const sides = cur.bundle.game.sides;
    const options = [
      { view: 'display' as const, side: undefined, text: t(lang, 'link.view.display') },
      ...sides.map((x) => ({
        view: 'player' as const,
        side: x.id,
        text: t(lang, 'link.view.player', { side: sideName(lang, sides, x.id) }),
      })),
    ];
    return html`<fieldset>
        <legend>${t(lang, 'link.view')}</legend>
        ${options.map(
          (o) =>
            html`<label
              ><input
                type="radio"
                name="view"
                .checked=${link.view === o.view && link.side === o.side}
                @change=${() => {
                  this.link.setView(o.view, o.side);
                  this.store.setSide(o.side);
                }}
              />
              ${o.text}</label
            >`,
        )}
      </fieldset>
      ${link.view === 'player' ? html`<p class="muted" data-testid="link-holds">${t(lang, 'link.holds')}</p>` : nothing}`;
  }

  /** The shared display: the latest result big, the turn, and the log (private draws stay hidden). */
  private renderDisplay() {
    const s = this.store.getState();
    const lang = s.lang;
    const cur = s.current;
    if (!cur || s.link?.view !== 'display' || cur.session.id !== s.link.game) return nothing;
    const latest = cur.session.log.findLast((e) => !e.undone);
    const x = latest && explain(lang, latest.outcome, cur.ctx, { sides: cur.bundle.game.sides });
    return html`<section class="card display" data-testid="link-display" aria-live="polite">
      <h3>${t(lang, 'link.display.turn', { n: cur.state.turn })}</h3>
      ${x ? html`<wc-result-view .explained=${x}></wc-result-view>` : html`<p>${t(lang, 'link.display.none')}</p>`}
      <wc-log-view .store=${this.store} .current=${cur}></wc-log-view>
    </section>`;
  }

  override connectedCallback() {
    super.connectedCallback();
    if (!messagesReady) void messages.then(() => this.requestUpdate());
    // After the first update: an element upgraded when its page loads gets its store only then.
    void this.updateComplete
      .then(() => listPacks(this.store.packs))
      .then((list) => {
        this.packs = list;
      })
      .catch(() => undefined);
  }

  /**
   * Game packs from device to device (issue #32): the writer sends a pack on this device to every
   * linked device; a device that receives one (read as a file, its version's hash checked) is asked
   * before it is saved.
   */
  private renderPacks() {
    const s = this.store.getState();
    const lang = s.lang;
    const link = s.link;
    if (!link) return nothing;
    const offer = link.packOffered;
    const name = (n: { en: string; es: string }) => (lang === 'es' ? n.es : n.en);
    if (link.role === 'replica')
      return offer || this.packNote
        ? html`<section class="card" data-testid="link-pack-offer">
            ${
              offer
                ? html`<p role="alert">
                      ${t(lang, 'link.packOffered', { from: offer.from, name: name(offer.name), version: offer.version })}
                    </p>
                    <div class="row">
                      <button class="primary" data-testid="link-pack-save" @click=${() => void this.answerPack(true)}>
                        ${t(lang, 'link.packSave')}
                      </button>
                      <button data-testid="link-pack-decline" @click=${() => void this.answerPack(false)}>
                        ${t(lang, 'link.packDecline')}
                      </button>
                    </div>`
                : nothing
            }
            ${this.packNote ? html`<p role="status">${this.packNote}</p>` : nothing}
          </section>`
        : nothing;
    // The open game's own pack version (a phone needs that one to follow the game), then the others.
    const gameKey = s.current?.session.game;
    const gamePack = gameKey && /@[0-9a-f]{16}$/.test(gameKey) ? gameKey : undefined;
    // Shown to the writer even before a device says hello (one that lacks the game's pack waits for it).
    if (!this.packs.length && !gamePack) return nothing;
    return html`<section class="card" data-testid="link-packs">
      <h3>${t(lang, 'link.sendPack')}</h3>
      <p class="muted">${t(lang, 'link.sendPackHelp')}</p>
      ${
        gamePack
          ? html`<button class="primary" data-testid="link-send-game-pack" @click=${() => void this.sendPack(gamePack)}>
              ${t(lang, 'link.sendGamePack')}
            </button>`
          : nothing
      }
      <ul>
        ${this.packs.map(
          (p) =>
            html`<li>
              ${name(p.name)} (${p.version})
              <button data-testid=${`link-send-pack-${p.id}`} @click=${() => void this.sendPack(p.key)}>
                ${t(lang, 'link.sendPack')}
              </button>
            </li>`,
        )}
      </ul>
      ${this.packNote ? html`<p role="status">${this.packNote}</p>` : nothing}
    </section>`;
  }

  private async sendPack(key: string) {
    const lang = this.store.getState().lang;
    const pack = await (await (await import('../../packs/library')).packLibrary(this.store.packs))?.pack(key);
    if (!pack) return;
    const n = this.link.sendPack(pack);
    this.packNote = n ? t(lang, 'link.packSent', { n }) : t(lang, 'link.packNone');
  }

  private async answerPack(save: boolean) {
    const lang = this.store.getState().lang;
    const offer = this.store.getState().link?.packOffered;
    const r = await this.link.answerPack(save);
    if (!r || !offer) {
      this.packNote = '';
      return;
    }
    if (r.ok) this.packNote = t(lang, 'link.packSaved', { name: lang === 'es' ? offer.name.es : offer.name.en });
    else
      this.store.report({
        key: 'link.bad.pack',
        params: { name: offer.from, n: r.issues.length, where: r.issues[0]?.path ?? '' },
      });
  }

  override render() {
    const s = this.store.getState();
    const lang = s.lang;
    if (!messagesReady) return html`<p>${t(lang, 'common.loading')}</p>`;
    const cur = s.current;
    const canShare = cur && !cur.readOnly && s.link?.role !== 'replica';
    const step = this.step;
    return html`<p><a href="#/">← ${t(lang, 'nav.home')}</a></p>
      <h2>${t(lang, 'link.title')}</h2>
      <p class="muted">${t(lang, 'link.intro')}</p>
      ${this.error ? html`<p role="alert" class="lost">${this.error}</p>` : nothing} ${this.renderPeers()}
      ${this.renderJoint()} ${this.renderSeed()} ${this.renderPacks()} ${this.renderDisplay()}
      ${
        s.link?.role === 'replica'
          ? nothing
          : html`<label
              >${t(lang, 'link.name')}
              <input
                data-testid="link-name"
                .value=${this.name}
                maxlength="40"
                @input=${(e: Event) => {
                  this.name = (e.target as HTMLInputElement).value.trim();
                }}
            /></label>`
      }
      ${step.kind === 'working' ? html`<p role="status">${t(lang, 'link.working')}</p>` : nothing}
      ${
        canShare
          ? html`<section class="card">
              <h3>${t(lang, 'link.share')}</h3>
              ${
                step.kind === 'offer'
                  ? html`${this.showCode(step.code, step.qr, t(lang, 'link.offerHelp'), 'link-offer')}
                    ${this.codeForm(t(lang, 'link.answerHere'), t(lang, 'link.accept'), 'link-accept', (c) => void this.accept(c))}`
                  : html`<button class="primary" data-testid="link-add" @click=${() => void this.invite()}>
                      ${t(lang, 'link.add')}
                    </button>`
              }
            </section>`
          : s.link
            ? nothing
            : html`<p class="muted">${t(lang, 'link.noGame')}</p>`
      }
      ${
        s.link?.role === 'writer' || (s.link?.role === 'replica' && s.link.peers.some((p) => p.writer && p.connected))
          ? nothing
          : html`<section class="card">
              <h3>${t(lang, 'link.join')}</h3>
              ${
                step.kind === 'answer'
                  ? this.showCode(step.code, step.qr, t(lang, 'link.answerHelp'), 'link-answer')
                  : this.codeForm(
                      t(lang, 'link.offerHere'),
                      t(lang, 'link.answer'),
                      'link-join',
                      (c) => void this.join(c),
                    )
              }
            </section>`
      }`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'wc-link-page': WcLinkPage;
  }
}

/** Names as a list in the reader's language ("A, B and C" / "A, B y C"). */
const listOf = (lang: string, names: readonly string[]) =>
  new Intl.ListFormat(lang, { style: 'long', type: 'conjunction' }).format(names);
