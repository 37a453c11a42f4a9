/**
 * <wc-app>: the shell. Header (language, theme), a hash router over lazy pages, one aria-live
 * region where every result is announced, the problem banner and the update prompt.
 */
import { LitElement, html, nothing } from 'lit';
import type { AppState, Store } from '../app/store';
import { hasKey, loadBlocks, t } from './i18n';
import { StoreController } from './store-controller';
import { appStyles } from './app.styles';
import type { AnnounceEvent, NavigateEvent } from './events';
import './pages/home-page';
import { afterPaint } from './after-paint';
import { inBackground } from '../app/background';
import { PREFS_MESSAGE, type PrefsMessage } from '../sw/first-frame';
import { fromParent, ownState } from './properties';

export type Route =
  | { page: 'home' }
  | { page: 'game'; game: string }
  | { page: 'tables'; game: string; table?: string }
  | { page: 'session'; id: string }
  | { page: 'link'; id?: string }
  | { page: 'pack-editor'; pack?: string };

/** A segment of the address as written if it is not valid percent-encoding (never a URIError). */
const decode = (part: string) => {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
};

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decode);
  if (parts[0] === 'game' && parts[1] && parts[2] === 'tables')
    return { page: 'tables', game: parts[1], ...(parts[3] ? { table: parts[3] } : {}) };
  if (parts[0] === 'game' && parts[1]) return { page: 'game', game: parts[1] };
  if (parts[0] === 'session' && parts[1]) return { page: 'session', id: parts[1] };
  if (parts[0] === 'link') return { page: 'link', ...(parts[1] ? { id: parts[1] } : {}) };
  if (parts[0] === 'packs' && parts[1] === 'new') return { page: 'pack-editor' };
  if (parts[0] === 'packs' && parts[1] === 'edit' && parts[2]) return { page: 'pack-editor', pack: parts[2] };
  return { page: 'home' };
}

/** The link screen, for the game shared over the link, or the one this screen shows (even before it has loaded). */
const linkHref = (s: AppState, route: Route) => {
  const id = s.link?.game ?? (route.page === 'session' ? route.id : s.current?.session.id);
  return id ? `#/link/${encodeURIComponent(id)}` : '#/link';
};

/**
 * Kept for the next start's first frame: in localStorage (public/boot.js reads it before any module
 * loads) and by the service worker (it writes them into the page it serves).
 */
function remember<T extends string>(key: string, value: T): T {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* storage unavailable: the first frame follows the browser */
  }
  keepForFirstFrame(true);
  return value;
}

/**
 * The saved choices (localStorage's) posted to the service worker, which keeps them for the pages it
 * serves (src/sw/first-frame.ts); `shownWrong`: the page just shown had others.
 */
function keepForFirstFrame(shownWrong: boolean) {
  try {
    const message: PrefsMessage = {
      type: PREFS_MESSAGE,
      lang: localStorage.getItem('wc.lang'),
      theme: localStorage.getItem('wc.theme'),
      shownWrong,
    };
    navigator.serviceWorker?.controller?.postMessage(message);
  } catch {
    /* storage unavailable: nothing saved to copy */
  }
}

/** The id of the skip link's target in the document: <wc-app> (issue #28 item 17: axe's skip-link and region). */
const SKIP_TARGET = 'app';

type Notices = typeof import('./app-notices');
let loadedNotices: Notices | undefined;

/** Each page's module, asked for once (not on every render of the shell: each `import()` builds its preload list again). */
const pageLoaders = {
  game: () => import('./pages/game-page'),
  tables: () => import('./pages/tables-page'),
  session: () => import('./pages/session-page'),
  link: () => import('./pages/link-page'),
  'pack-editor': () => import('./pages/pack-editor'),
} as const;
const pagesAsked = new Set<keyof typeof pageLoaders>();
function loadPage(page: keyof typeof pageLoaders): void {
  if (pagesAsked.has(page)) return;
  pagesAsked.add(page);
  // A module that failed to load (a network hiccup before the app was cached) is asked for again at the next render.
  pageLoaders[page]().catch(() => pagesAsked.delete(page));
}

export class WcApp extends LitElement {
  // Declared without Lit's decorators: the home screen's components leave them out of its first download (issue #14).
  static override properties = { store: fromParent, applyUpdate: fromParent, route: ownState, offlineReady: ownState };
  static override styles = appStyles;

  /** The app store (set by main.ts or a test). */
  store!: Store;
  /** Set by main.ts when a new service worker is waiting; calling it activates the update and reloads. */
  applyUpdate?: () => void;
  private route: Route = parseRoute(location.hash);
  /** The first install finished (shown for a moment). */
  offlineReady = false;
  protected readonly ctl = new StoreController(
    this,
    () => this.store,
    // The audits waiting, as text: the strip names whom they wait for (a chit opened does not render the shell).
    (s) => [s.ready, s.lang, s.theme, s.problem, s.link, s.current?.session.id, auditsWaiting(s)],
  );
  private readonly onHash = () => {
    this.route = parseRoute(location.hash);
    // A problem belongs to the screen that caused it: it does not follow the players elsewhere.
    if (this.store?.getState().problem) this.store.dismissProblem();
  };

  override connectedCallback() {
    super.connectedCallback();
    // The skip link's target as the document sees it: the app itself (its <main> is inside this
    // shadow root, out of reach of a fragment); the link's click moves focus on to the content.
    if (!this.id) this.id = SKIP_TARGET;
    addEventListener('hashchange', this.onHash);
    this.addEventListener('wc-announce', (e: AnnounceEvent) => this.announce(e.text));
    this.addEventListener('wc-navigate', (e: NavigateEvent) => {
      location.hash = e.hash;
    });
  }
  override disconnectedCallback() {
    super.disconnectedCallback();
    removeEventListener('hashchange', this.onHash);
  }

  /** Puts text in the live region (cleared first so a repeated result is read again). */
  announce(text: string) {
    // Written to the live region directly: an announcement re-renders nothing (issue #14).
    const live = this.renderRoot.querySelector('#live');
    if (!live) return;
    live.textContent = '';
    // After the result is painted and the log drawn (both come before it): what is read is on screen.
    void afterPaint().then(() => {
      live.textContent = text;
    });
  }
  showOfflineReady() {
    this.offlineReady = true;
    setTimeout(() => {
      this.offlineReady = false;
    }, 4000);
  }

  private headerObserver?: ResizeObserver;
  /** The header's height, for the pages that keep something in view below it (--app-header). */
  private watchHeader() {
    const header = this.renderRoot.querySelector('header');
    if (!header || this.headerObserver) return;
    this.headerObserver = new ResizeObserver(() =>
      this.style.setProperty('--app-header', `${Math.ceil(header.getBoundingClientRect().height)}px`),
    );
    this.headerObserver.observe(header);
  }

  override updated() {
    this.watchHeader();
    loadedNotices?.keepProblemRoom(this, this.renderRoot);
    const s = this.store?.getState();
    if (!s) return;
    // Written only when they change: rewriting them restyles the whole document on every update.
    // Not before the saved settings are read: the first frame (public/boot.js) may already show them.
    if (!s.ready) return;
    // The first frame has been replaced: it leaves the page (one copy of each link).
    this.querySelector(':scope > .first-frame')?.remove();
    if (!this.firstFrameKept) {
      // Once a start, the saved choices are copied to the service worker's cache: choices made
      // before it kept them there (or kept in a cache the browser has since dropped) get there too.
      this.firstFrameKept = true;
      inBackground(() => keepForFirstFrame(false));
    }
    const root = document.documentElement;
    if (root.lang !== s.lang) root.lang = remember('wc.lang', s.lang);
    if (root.dataset.theme !== s.theme) root.dataset.theme = remember('wc.theme', s.theme);
  }

  private firstFrameKept = false;
  private blocksAsked = false;
  /** Loads every message block once, then renders again; false (nothing to show yet). */
  private waitForBlocks(): false {
    if (!this.blocksAsked) {
      this.blocksAsked = true;
      void loadBlocks().then(() => this.requestUpdate());
    }
    return false;
  }

  private noticesAsked = false;
  /** The problem banner, the toasts and the link strip (./app-notices.ts), loaded once, then rendered. */
  private notices(): Notices | undefined {
    if (!loadedNotices && !this.noticesAsked) {
      this.noticesAsked = true;
      void import('./app-notices').then(
        (m) => {
          loadedNotices = m;
          this.requestUpdate();
        },
        () => {
          this.noticesAsked = false;
        },
      );
    }
    return loadedNotices;
  }

  private renderPage() {
    const r = this.route;
    const store = this.store;
    switch (r.page) {
      case 'home':
        return html`<wc-home-page .store=${store}></wc-home-page>`;
      case 'game':
        loadPage('game');
        return html`<wc-game-page .store=${store} .gameId=${r.game}></wc-game-page>`;
      case 'tables':
        loadPage('tables');
        return html`<wc-tables-page .store=${store} .gameId=${r.game} .tableId=${r.table}></wc-tables-page>`;
      case 'session':
        loadPage('session');
        return html`<wc-session-page .store=${store} .sessionId=${r.id}></wc-session-page>`;
      case 'link':
        loadPage('link');
        return html`<wc-link-page .store=${store} .sessionId=${r.id}></wc-link-page>`;
      case 'pack-editor':
        loadPage('pack-editor');
        return html`<wc-pack-editor .store=${store} .packKey=${r.pack ?? ''}></wc-pack-editor>`;
    }
  }

  override render() {
    // Until the saved settings and games are read, the first frame of index.html (its light DOM) shows.
    if (!this.store?.getState().ready) return html`<slot></slot>`;
    const s = this.store.getState();
    const lang = s.lang;
    // A problem whose message is in a block not loaded yet (raised on one screen, e.g. a game open
    // in another tab, shown on this one) waits for the blocks: never a raw key on screen.
    const p = s.problem && (hasKey(s.problem.key) || this.waitForBlocks()) ? s.problem : undefined;
    // The problem banner, the toasts and the link strip load when one of them first shows.
    const n = p || s.link || this.applyUpdate || this.offlineReady ? this.notices() : undefined;
    return html`${n?.style ?? nothing}
      <a
        class="skip button"
        href="#${SKIP_TARGET}"
        @click=${(e: Event) => {
          e.preventDefault();
          // A page may say where its content starts (a game in progress: the tools' tabs).
          const main = this.renderRoot.querySelector('main');
          const page = main?.lastElementChild as (HTMLElement & { focusContent?: () => boolean }) | null;
          if (!page?.focusContent?.()) main?.focus();
        }}
        >${t(lang, 'app.skip')}</a
      >
      <header>
        <h1><a href="#/">${t(lang, 'app.title')}</a></h1>
        <button
          @click=${() => this.store.setLang(lang === 'en' ? 'es' : 'en')}
          lang=${lang === 'en' ? 'es' : 'en'}
          aria-label=${`${t(lang, 'lang.label')}: ${t(lang, 'lang.switch')}`}
        >
          ${t(lang, 'lang.switch')}
        </button>
        <a class="button" href=${linkHref(s, this.route)} data-testid="link-open" title=${t(lang, 'link.open')}
          ><span aria-hidden="true">⇄</span><span class="sr-only">${t(lang, 'link.open')}</span></a
        >
        <button @click=${() => this.store.setTheme(s.theme === 'dark' ? 'light' : 'dark')}>
          <span aria-hidden="true">${s.theme === 'dark' ? '☀' : '☾'}</span>
          <span class="sr-only">${t(lang, s.theme === 'dark' ? 'theme.light' : 'theme.dark')}</span>
        </button>
        ${n && s.link ? n.linkStrip(this, s.link, linkHref(s, this.route)) : nothing}
      </header>
      <main id="main" tabindex="-1">${n && p ? n.problem(this, p) : nothing} ${this.renderPage()}</main>
      <div class="sr-only" role="status" aria-live="polite" aria-atomic="true" id="live"></div>
      ${n ? n.toasts(this) : nothing} `;
  }
}

customElements.define('wc-app', WcApp);

declare global {
  interface HTMLElementTagNameMap {
    'wc-app': WcApp;
  }
}

/** The hidden deals' audits waiting and whom for, as text (compared by value). */
const auditsWaiting = (s: { readonly hiddenChits?: { readonly auditWaiting?: unknown } }): string =>
  JSON.stringify(s.hiddenChits?.auditWaiting ?? null);
