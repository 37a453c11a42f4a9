/**
 * What the shell (./app.ts) shows over or above a screen now and then: the problem banner (with the
 * re-roll it may offer), the update prompt, "ready offline" and the linked devices' strip. Loaded
 * the first time one of them shows, not with the home screen (issue #14); rendered in the shell's
 * shadow root, with the style element below.
 */
import { html, nothing } from 'lit';
import type { Lang, LinkStatus, Problem, Store } from '../app/store';
import { t, translate, tx } from './i18n';
import { keepBottomRoom, liftAbove } from './bottom-room';

/** What the notices reach of the shell (./app.ts WcApp, which passes itself): no import back to it. */
export interface NoticesHost {
  readonly store: Pick<Store, 'getState' | 'reroll' | 'dismissProblem' | 'fillMissingCell'>;
  applyUpdate?: () => void;
  readonly offlineReady: boolean;
  requestUpdate(): void;
}

export const style = html`<style>
  /* A problem shows over the bottom of the screen, where the eye is after a tap, above the result sheet. */
  .problem {
    position: fixed;
    left: 0.5rem;
    right: 0.5rem;
    bottom: 0.5rem;
    z-index: 40;
    max-width: 40rem;
    max-height: 50vh;
    overflow-y: auto;
    margin: 0 auto;
    border: 2px solid var(--danger);
    background: var(--surface);
    border-radius: 14px;
    padding: 0.6rem 0.8rem;
    box-shadow: 0 -4px 20px rgb(0 0 0 / 40%);
  }
  .problem pre {
    white-space: pre-wrap;
    font-size: 0.85rem;
    color: var(--muted);
    margin: 0.3rem 0;
  }
  .toast {
    position: fixed;
    left: 0.8rem;
    right: 0.8rem;
    bottom: 0.8rem;
    z-index: 10;
    max-width: 34rem;
    margin: 0 auto;
    background: var(--surface-2);
    border: 2px solid var(--accent);
    border-radius: 14px;
    padding: 0.7rem;
  }
  .link-strip {
    display: block;
    flex: 1 0 100%;
    margin: 0.2rem -0.6rem -0.2rem;
    padding: 0.2rem 0.8rem;
    background: var(--surface-2);
    border-bottom: 1px solid var(--border);
    color: inherit;
    text-decoration: none;
    font-size: 0.9rem;
  }
  .link-strip.lost {
    border-bottom: 2px solid var(--danger);
    font-weight: bold;
  }
</style>`;

/** The element focused now, through the shadow roots. */
function focused(): Element | undefined {
  let at: Element | null = document.activeElement;
  while (at?.shadowRoot?.activeElement) at = at.shadowRoot.activeElement;
  return at && at !== document.body ? at : undefined;
}

let banner: Element | undefined;
let observer: ResizeObserver | undefined;
let listening = false;

/**
 * While the problem banner shows over the bottom of the screen, nothing the players need next stays
 * under it (issue #28 follow-up; on the link screen it hid the answer code and its button): the page
 * keeps room for it below its last control (--problem-room, the shell's <main>), the document's
 * scroll padding says so (./bottom-room.ts), the control in use when it appears is lifted above it,
 * and so is a control focused while it shows. Called by the shell after each render.
 */
export function keepProblemRoom(app: HTMLElement, root: ParentNode): void {
  const shown = root.querySelector('.problem') ?? undefined;
  if (!listening) {
    listening = true;
    app.addEventListener('focusin', (event) => {
      const target = event.composedPath()[0];
      if (banner && target instanceof Element && !banner.contains(target)) liftAbove(target);
    });
  }
  if (shown === banner) return;
  observer?.disconnect();
  banner = shown;
  if (!shown) {
    app.style.removeProperty('--problem-room');
    keepBottomRoom('problem', 0);
    return;
  }
  let first = true;
  observer = new ResizeObserver(() => {
    // From the banner's top edge to the bottom of the screen, and a little more.
    const room = Math.ceil(innerHeight - shown.getBoundingClientRect().top) + 8;
    app.style.setProperty('--problem-room', `${room}px`);
    keepBottomRoom('problem', room);
    const using = first ? focused() : undefined;
    first = false;
    if (using && !shown.contains(using)) liftAbove(using);
  });
  observer.observe(shown);
}

let said: typeof import('./issues') | undefined;
/** How many of a refusal's issues the banner lists before "show all" (issue #32). */
const FIRST_ISSUES = 8;

/**
 * A problem's detail: its issues in the player's language (their texts load on first need), the
 * first few and then every one behind "show all"; else the detail as it came.
 */
function detail(app: NoticesHost, p: Problem, lang: Lang) {
  if (!p.issues) return p.detail ? html`<pre>${p.detail}</pre>` : undefined;
  if (!said)
    void import('./issues').then((m) => {
      said = m;
      app.requestUpdate();
    });
  if (!said) return undefined;
  const all = p.issues.length > FIRST_ISSUES;
  return html`<pre>${said.formatIssuesIn(lang, p.issues, all ? FIRST_ISSUES : p.issues.length)}</pre>
    ${
      all
        ? html`<details data-testid="all-issues">
            <summary>${t(lang, 'issue.showAll', { n: p.issues.length })}</summary>
            <pre>${said.formatIssuesIn(lang, p.issues, p.issues.length)}</pre>
          </details>`
        : nothing
    }`;
}

/** The problem banner: its message, its detail, the re-roll it may offer, and dismiss. */
export function problem(app: NoticesHost, p: Problem) {
  const lang = app.store.getState().lang;
  const more = !p.key.startsWith('error.') || p.key === 'error.unexpected' ? detail(app, p, lang) : undefined;
  return html`<div class="problem" role="alert">
    <p><strong>${translate(lang, p.key, p.params)}</strong></p>
    ${more ?? nothing}
    ${
      p.reroll
        ? html`<form
            class="row"
            @submit=${(e: Event) => {
              e.preventDefault();
              const reason = new FormData(e.target as HTMLFormElement).get('reason');
              void app.store.reroll(String(reason ?? ''));
            }}
          >
            <label
              >${t(lang, p.key === 'error.sequence' ? 'sequence.reason' : 'reroll.reason')}
              <input name="reason" required maxlength="200"
            /></label>
            <button type="submit">${t(lang, p.key === 'error.sequence' ? 'sequence.button' : 'reroll.button')}</button>
          </form>`
        : nothing
    }
    ${p.missingCell ? missingCell(app, p, lang) : nothing}
    <button @click=${() => app.store.dismissProblem()}>${t(lang, 'common.dismiss')}</button>
  </div>`;
}

/**
 * A roll landed on a cell the text lacks (#31): the cell is asked for right here, from the printed
 * chart, and the roll then resolves on it (the store keeps the cell for the game, as typed in).
 */
function missingCell(app: NoticesHost, p: Problem, lang: Lang) {
  const refused = p.missingCell?.refused;
  return html`<form
    class="row"
    data-testid="missing-cell"
    @submit=${(e: Event) => {
      e.preventDefault();
      const value = new FormData(e.target as HTMLFormElement).get('cell');
      void app.store.fillMissingCell(String(value ?? ''));
    }}
  >
    <label
      >${t(lang, 'cell.ask')}
      <input
        name="cell"
        required
        maxlength="80"
        autocomplete="off"
        aria-invalid=${refused ? 'true' : 'false'}
        aria-describedby=${refused ? 'missing-cell-refused' : nothing}
    /></label>
    <button type="submit" class="primary">${t(lang, 'cell.save')}</button>
    ${
      refused
        ? html`<p class="err" id="missing-cell-refused" role="alert">
            ${t(lang, refused.allowed ? 'cell.refused' : 'cell.refusedAny', { text: refused.text, allowed: refused.allowed ?? '' })}
          </p>`
        : nothing
    }
  </form>`;
}

/** The update prompt (a new version waits for the player's choice) and "ready to work offline". */
export function toasts(app: NoticesHost) {
  const lang = app.store.getState().lang;
  return html`${
    app.applyUpdate
      ? html`<div class="toast" role="dialog" aria-label=${t(lang, 'update.available')}>
          <p>${t(lang, 'update.available')}</p>
          <div class="row">
            <button class="primary" @click=${() => app.applyUpdate?.()}>${t(lang, 'update.reload')}</button>
            <button @click=${() => (app.applyUpdate = undefined)}>${t(lang, 'update.later')}</button>
          </div>
        </div>`
      : nothing
  }
  ${app.offlineReady ? html`<div class="toast" role="status">${t(lang, 'offline.ready')}</div>` : nothing}`;
}

/** Linked devices (src/link): who this device follows or how many follow it, and who is lost. */
export function linkStrip(app: NoticesHost, link: LinkStatus, href: string) {
  const lang = app.store.getState().lang;
  const lost = link.peers.filter((p) => !p.connected).map((p) => p.name);
  const writer = link.peers.find((p) => p.writer);
  const sides = app.store.getState().current?.bundle.game.sides ?? [];
  const auditWait = [...new Set((app.store.getState().hiddenChits?.auditWaiting ?? []).flatMap((a) => a.waiting))].map(
    (id) => {
      const side = sides.find((x) => x.id === id);
      return side ? tx(lang, side.name) : id;
    },
  );
  // The live region is inside the link: a link with role "status" would have no name (axe link-name).
  return html`<a class="link-strip ${lost.length ? 'lost' : ''}" href=${href} data-testid="link-strip"
    ><span role="status">
      ${
        link.role === 'writer'
          ? t(lang, 'link.strip.writer', { n: link.peers.filter((p) => p.connected).length })
          : t(lang, 'link.strip.replica', { name: writer?.name ?? '' })
      }
      ${lost.length ? html` · ${t(lang, 'link.strip.lost', { names: lost.join(', ') })}` : nothing}
      ${link.seedAsked ? html` · <strong>${t(lang, 'link.strip.seed')}</strong>` : nothing}
      ${
        // Joint randomness (issue #33): every screen names who a roll waits for.
        link.jointWait?.awaited.length
          ? html` ·
              <strong data-testid="link-joint-wait"
                >${t(lang, 'link.strip.jointWait', { names: link.jointWait.awaited.join(', ') })}</strong
              >`
          : nothing
      }
      ${
        // A hidden deal's audit asked (issue #33): every screen names whose agreement it waits for.
        auditWait.length
          ? html` ·
              <strong data-testid="link-audit-wait"
                >${t(lang, 'link.strip.auditWait', { names: auditWait.join(', ') })}</strong
              >`
          : nothing
      }
      ${
        link.jointWait?.refused
          ? html` · <strong>${t(lang, 'link.strip.jointRefused', { name: link.jointWait.refused })}</strong>`
          : nothing
      }
    </span></a
  >`;
}
