/**
 * The session log, newest first: every step explained; filters by turn, kind of step and side;
 * undo the last step or back to any step; undone steps stay, struck through. Face-down draws are
 * never shown here (only through the hand-off in the latest result).
 */
import { LitElement, html, nothing, render, type TemplateResult } from 'lit';
import { Directive, directive, PartType, type ElementPart, type PartInfo } from 'lit/directive.js';
import { customElement, property, state } from 'lit/decorators.js';
import { stepFingerprint, type LogEntry } from '../../engine';
import type { Current, Lang, Store } from '../../app/store';
import { formatTime, t, use } from '../i18n';
import { explain, sideName, type ExplainOptions, type Explained, type Lookup } from '../explain';
import { logViewStyles } from './log-view.styles';
import { StoreController } from '../store-controller';
import './result-view';
import { session } from '../i18n/session';
import { trust } from '../i18n/trust';
import { afterPaint } from '../after-paint';
import { loadedGameUi } from '../game-uis';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(session, trust);

/** A turn's end read aloud (its step's hash): computed once per step. */
const turnSeals = new WeakMap<LogEntry, string>();
function turnSeal(e: LogEntry): string {
  let f = turnSeals.get(e);
  if (f === undefined) turnSeals.set(e, (f = stepFingerprint(e)));
  return f;
}

const KINDS = ['roll', 'resolution', 'draw', 'cup', 'end-turn', 'note', 'procedure', 'balance', 'undo'] as const;

/** Explanations per log entry and language: entries never change (undo makes a new one), so each is explained once. */
const explained = new WeakMap<LogEntry, Map<string, Explained>>();
function explainEntry(lang: Lang, e: LogEntry, lookup: Lookup, sides: ExplainOptions['sides']): Explained {
  let byLang = explained.get(e);
  if (!byLang) {
    byLang = new Map();
    explained.set(e, byLang);
  }
  let x = byLang.get(lang);
  if (!x) {
    try {
      x = explain(lang, e.outcome, lookup, { sides });
    } catch {
      // A stored outcome that cannot be read is shown as such; the rest of the log stays usable.
      const line = t(lang, 'log.damaged');
      x = { headline: '?', summary: line, dice: [], lines: [], announcement: line };
    }
    byLang.set(lang, x);
  }
  return x;
}

interface Rows {
  /** The steps shown, in order. */
  readonly shown: readonly LogEntry[];
  /** What a step's row shows: the row is rendered again only when one of these changed. */
  readonly key: (e: LogEntry) => readonly unknown[];
  readonly row: (e: LogEntry) => TemplateResult;
  readonly host: object;
}
/**
 * The log's rows, keyed by step number: one <li data-seq> per step shown, rendered again only when
 * what it shows changed, so a new step adds one row and touches no other (issue #14). Lit's
 * repeat() keys rows too, but leaves a marker comment behind for every row it removes (one per step
 * in a newest-first log: tests/unit/ui/log-view-long.test.ts).
 */
const rows = directive(
  class extends Directive {
    private readonly made = new Map<number, { li: HTMLLIElement; key: readonly unknown[] }>();
    constructor(info: PartInfo) {
      super(info);
      if (info.type !== PartType.ELEMENT) throw new Error('rows() goes on the list element');
    }
    render(_v: Rows) {
      return nothing;
    }
    override update(part: ElementPart, [v]: [Rows]) {
      const ol = part.element;
      const keep = new Set<number>();
      let at: ChildNode | null = ol.firstChild;
      for (const e of v.shown) {
        keep.add(e.seq);
        const key = v.key(e);
        let row = this.made.get(e.seq);
        if (!row) {
          row = { li: document.createElement('li'), key: [] };
          row.li.dataset['seq'] = String(e.seq);
          this.made.set(e.seq, row);
        }
        if (row.key.length !== key.length || row.key.some((x, k) => x !== key[k])) {
          row.li.className = e.undone ? 'card undone' : 'card';
          render(v.row(e), row.li, { host: v.host });
          row.key = key;
        }
        if (row.li === at) at = at.nextSibling;
        else ol.insertBefore(row.li, at);
      }
      for (const [seq, row] of this.made)
        if (!keep.has(seq)) {
          row.li.remove();
          this.made.delete(seq);
        }
      return nothing;
    }
  },
);

@customElement('wc-log-view')
export class WcLogView extends LitElement {
  static override styles = logViewStyles;
  /** The app's store: the language, undo and the filters' actions. */
  @property({ attribute: false }) store!: Store;
  protected readonly ctl = new StoreController(
    this,
    () => this.store,
    (s) => [s.lang, s.busy],
  );
  /** The open game: its log is what is listed. */
  @property({ attribute: false }) current!: Current;
  /** How many entries to render (long games: the rest is one tap away). */
  @property({ type: Number }) limit = 20;
  @state() private turn = '';
  @state() private kind = '';
  @state() private side = '';
  @state() private phase = '';

  /** The log is drawn after the frame that paints the latest result (src/ui/after-paint.ts). */
  protected override async scheduleUpdate(): Promise<void> {
    await afterPaint();
    super.scheduleUpdate();
  }

  /** A recorded phase id in words: the game's own name for it (its UI module), else the id as recorded. */
  private phaseName(lang: Lang, id: string): string {
    return loadedGameUi(this.current.session.game)?.phaseLabel?.(lang, id) ?? id;
  }

  private passesFilters(e: LogEntry): boolean {
    return (
      (!this.turn || String(e.context?.turn ?? '') === this.turn) &&
      (!this.kind || e.outcome.kind === this.kind) &&
      (!this.side || (e.context?.side ?? '') === this.side) &&
      (!this.phase || (e.context?.phase ?? '') === this.phase)
    );
  }

  private select(label: string, value: string, options: [string, string][], set: (v: string) => void) {
    const lang = this.store.getState().lang;
    return html`<label
      >${label}<select @change=${(e: Event) => set((e.target as HTMLSelectElement).value)}>
        <option value="" ?selected=${!value}>${t(lang, 'filter.all')}</option>
        ${options.map(([v, l]) => html`<option value=${v} ?selected=${v === value}>${l}</option>`)}
      </select></label
    >`;
  }

  private renderRow(
    lang: Lang,
    e: LogEntry,
    last: boolean,
    readOnly: boolean,
    busy: boolean,
    sides: ExplainOptions['sides'],
  ) {
    return html`<div class="row meta">
        <strong>${t(lang, 'log.step', { n: e.seq })}</strong
        ><span class="muted">${e.at ? formatTime(lang, e.at) : ''}</span>
        ${e.context?.turn ? html`<span class="muted">${t(lang, 'play.turn', { n: e.context.turn })}</span>` : nothing}
        ${e.context?.phase ? html`<span class="muted">${t(lang, 'filter.phase')} ${this.phaseName(lang, e.context.phase)}</span>` : nothing}
        ${e.context?.side ? html`<span class="badge">${sideName(lang, sides, e.context.side)}</span>` : nothing}
        ${e.manual ? html`<span class="badge manual">${t(lang, 'log.manual')}</span>` : nothing}
        ${e.undone ? html`<span class="badge">${t(lang, 'log.undone')}</span>` : nothing}
        ${this.current.writtenRules?.includes(e.seq) ? html`<span class="badge" data-testid="older-rules">${t(lang, 'log.olderRules')}</span>` : nothing}
      </div>
      <wc-result-view compact .explained=${explainEntry(lang, e, this.current.ctx, sides)}></wc-result-view>
      ${e.action.type === 'end-turn' ? html`<p class="muted">${t(lang, 'seal.turnEnd')}: <code data-testid="turn-seal">${turnSeal(e)}</code></p>` : nothing}
      ${!e.undone && !last && !readOnly && e.action.type !== 'undo' ? html`<button ?disabled=${busy} @click=${() => this.store.undo(e.seq)}>${t(lang, 'log.undoTo')}</button>` : nothing}`;
  }

  override render() {
    const lang = this.store.getState().lang;
    const log = this.current.session.log;
    if (!log.length) return html`<p class="muted">${t(lang, 'log.empty')}</p>`;
    const busy = this.store.getState().busy;
    const readOnly = this.current.readOnly;
    const sides = this.current.bundle.game.sides;
    // Long games: walk back from the newest entry only as far as needed (no copy of the whole log).
    let lastActive: LogEntry | undefined;
    // An undo step is not undone itself: the step it leaves standing is the one before the steps it took back.
    for (let k = log.length - 1; k >= 0 && !lastActive; k--)
      if (!log[k]!.undone && log[k]!.action.type !== 'undo') lastActive = log[k];
    const shown: LogEntry[] = [];
    let more = false;
    for (let k = log.length - 1; k >= 0; k--) {
      if (!this.passesFilters(log[k]!)) continue;
      if (shown.length === this.limit) {
        more = true;
        break;
      }
      shown.push(log[k]!);
    }
    const turns = Array.from({ length: this.current.state.turn }, (_, k) => k + 1);
    // Phases, for games that keep them (recorded with each step); scanning stops early in long games.
    const phases = new Set<string>();
    for (let k = log.length - 1; k >= 0 && phases.size < 30 && k >= log.length - 300; k--) {
      const p = log[k]!.context?.phase;
      if (p) phases.add(p);
    }
    return html` <div class="row" role="group" aria-label=${t(lang, 'filter.title')}>
        ${this.select(
          t(lang, 'filter.turn'),
          this.turn,
          turns.map((n) => [String(n), String(n)]),
          (v) => {
            this.turn = v;
          },
        )}
        ${this.select(
          t(lang, 'filter.kind'),
          this.kind,
          KINDS.map((k) => [k, t(lang, `kind.${k}`)]),
          (v) => {
            this.kind = v;
          },
        )}
        ${this.select(
          t(lang, 'filter.side'),
          this.side,
          sides.map((s) => [s.id, sideName(lang, sides, s.id)]),
          (v) => {
            this.side = v;
          },
        )}
        ${
          phases.size
            ? this.select(
                t(lang, 'filter.phase'),
                this.phase,
                [...phases].map((p) => [p, this.phaseName(lang, p)]),
                (v) => {
                  this.phase = v;
                },
              )
            : nothing
        }
      </div>
      ${lastActive && !readOnly ? html`<p><button ?disabled=${busy} @click=${() => this.store.undo()}>${t(lang, 'log.undoLast')}</button></p>` : nothing}
      ${shown.length ? nothing : html`<p class="muted">${t(lang, 'filter.none')}</p>`}
      <ol
        class="plain"
        ${rows({
          shown,
          host: this,
          key: (e) => [lang, e, e === lastActive, readOnly, busy, sides, this.current.ctx, this.current.writtenRules],
          row: (e) => this.renderRow(lang, e, e === lastActive, readOnly, busy, sides),
        })}
      ></ol>
      ${
        more
          ? html`<button
              @click=${() => {
                this.limit += 200;
              }}
            >
              ${t(lang, 'log.more')}
            </button>`
          : nothing
      }`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-log-view': WcLogView;
  }
}
