/**
 * Luck statistics. Outcomes first (issue #15): for each side and each table or CRT rolled, the
 * results obtained against those expected, with the exact chance of at least / at most that many
 * and of the longest run — numbers, no coloured verdicts. Then, for each side and kind of dice,
 * the observed rolls against their exact expectation.
 */
import { LitElement, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import {
  luckStats,
  outcomeLuck,
  tally,
  type LogEntry,
  type LuckReport,
  type Result,
  type TableLuck,
  type Tally,
} from '../../engine';
import type { Current, Store } from '../../app/store';
import { formatNumber, t, tx, use } from '../i18n';
import { sideName } from '../explain';
import { luckViewStyles } from './luck-view.styles';
import { trust } from '../i18n/trust';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(trust);

/** The report for a log, computed once per log array (the log is replaced, never changed, on each step). */
const reports = new WeakMap<readonly LogEntry[], LuckReport>();
const outcomes = new WeakMap<readonly LogEntry[], TableLuck[]>();

@customElement('wc-luck-view')
export class WcLuckView extends LitElement {
  static override styles = luckViewStyles;
  /** The app's store: the language, and the open game's log it counts. */
  @property({ attribute: false }) store!: Store;
  /** The open game: its log, tables and sides. */
  @property({ attribute: false }) current!: Current;
  /** Results the players chose to count together, per side and table. */
  @state() private together = new Map<string, ReadonlySet<Result>>();

  private renderOutcomes(groups: readonly TableLuck[]) {
    const lang = this.store.getState().lang;
    const sides = this.current.bundle.game.sides;
    const f = (n: number, d = 2) => formatNumber(lang, Math.round(n * 10 ** d) / 10 ** d);
    // Percentages as the language writes them ("14.4%", "14,4 %"); below 0.1 % says so rather than "0".
    const pct = (p: number) => {
      const v = p > 0 && p < 0.001 ? `< ${f(0.1, 1)}` : f(p * 100, 1);
      return lang === 'en' ? `${v}%` : `${v} %`;
    };
    const name = (g: TableLuck, r: Result) => {
      const legend = this.current.ctx.tables.get(g.table)?.legend?.[String(r)];
      return legend ? `${r} (${tx(lang, legend.name)})` : String(r);
    };
    const line = (label: string, x: Tally) =>
      html`<p>
        <strong>${label}</strong>: ${t(lang, 'luck.outcome', { obtained: x.obtained, n: x.n, expected: f(x.expected) })}
        —
        ${t(lang, 'luck.outcomeOdds', { obtained: x.obtained, atLeast: pct(x.atLeast), atMost: pct(x.atMost) })}${
          x.longest > 1 ? html`; ${t(lang, 'luck.streak', { longest: x.longest, streak: pct(x.streak) })}` : nothing
        }.
      </p>`;
    return html`<h4>${t(lang, 'luck.outcomes')}</h4>
      <p class="muted">${t(lang, 'luck.outcomesHelp')}</p>
      <ul class="plain" data-testid="outcomes">
        ${groups.map((g) => {
          const key = `${g.side}\u0000${g.table}`;
          const chosen = this.together.get(key) ?? new Set<Result>();
          const typed = g.trials.filter((x) => x.manual).length;
          const title = this.current.ctx.tables.get(g.table)?.title;
          return html`<li class="card">
            <p>
              <strong>${title ? tx(lang, title) : g.table}</strong> ·
              ${g.side ? sideName(lang, sides, g.side) : t(lang, 'side.nobody')} ·
              ${t(lang, 'luck.rolls', { n: g.trials.length })}
            </p>
            ${g.results.map((r) => line(name(g, r), tally(g.trials, new Set([r]))))}
            <fieldset>
              <legend>${t(lang, 'luck.together')}</legend>
              ${g.results.map(
                (r) =>
                  html`<label class="inline"
                    ><input
                      type="checkbox"
                      .checked=${chosen.has(r)}
                      @change=${(e: Event) => {
                        const next = new Set(chosen);
                        if ((e.target as HTMLInputElement).checked) next.add(r);
                        else next.delete(r);
                        this.together = new Map(this.together).set(key, next);
                      }}
                    />${r}</label
                  >`,
              )}
            </fieldset>
            ${
              chosen.size > 1
                ? line(
                    g.results
                      .filter((r) => chosen.has(r))
                      .map((r) => String(r))
                      .join(' + '),
                    tally(g.trials, chosen),
                  )
                : nothing
            }
            ${typed ? html`<p class="muted">${t(lang, 'luck.typedIn', { n: typed })}</p>` : nothing}
          </li>`;
        })}
      </ul>`;
  }

  override render() {
    const lang = this.store.getState().lang;
    const log = this.current.session.log;
    if (!this.current.complete) return html`<p class="muted">${t(lang, 'common.loading')}</p>`;
    let r = reports.get(log);
    if (!r) {
      r = luckStats(log);
      reports.set(log, r);
    }
    let o = outcomes.get(log);
    if (!o) {
      o = outcomeLuck(log, this.current.ctx, this.current.session.settings);
      outcomes.set(log, o);
    }
    if (!r.rolls && !o.length) return html`<p class="muted">${t(lang, 'luck.none')}</p>`;
    const sides = this.current.bundle.game.sides;
    const f = (n: number, d = 2) => formatNumber(lang, Math.round(n * 10 ** d) / 10 ** d);
    return html`${o.length ? this.renderOutcomes(o) : nothing}
    ${r.sides.map(
      (s) =>
        html`<h4>${s.side ? sideName(lang, sides, s.side) : t(lang, 'side.nobody')}</h4>
          <ul class="plain">
            ${s.groups.map(
              (g) =>
                html`<li>
                  <p>
                    ${t(lang, 'luck.line', { dice: g.kind, n: g.n, mean: f(g.mean), expected: f(g.expectedMean), pct: f(g.percentile, 0) })}
                  </p>
                  <div class="wide" tabindex="0" role="group" aria-label=${g.kind}>
                    <table>
                      <thead>
                        <tr>
                          <th scope="col">${g.measure === 'hits' ? '0/1' : 'Σ'}</th>
                          ${g.counts.map((c) => html`<th scope="col">${c.value}</th>`)}
                        </tr>
                      </thead>
                      <tbody>
                        <tr>
                          <th scope="row">${t(lang, 'luck.observed')}</th>
                          ${g.counts.map((c) => html`<td>${c.observed}</td>`)}
                        </tr>
                        <tr>
                          <th scope="row">${t(lang, 'luck.expected')}</th>
                          ${g.counts.map((c) => html`<td>${f(c.expected, 1)}</td>`)}
                        </tr>
                      </tbody>
                    </table>
                  </div>
                  ${g.chiSquare ? html`<p class="muted">${t(lang, 'luck.chi', { stat: f(g.chiSquare.statistic), df: g.chiSquare.df, p: f(g.chiSquare.pValue, 3) })}</p>` : nothing}
                </li>`,
            )}
          </ul>
          ${s.manualRolls ? html`<p class="muted">${t(lang, 'luck.manual', { n: s.manualRolls })}</p>` : nothing}`,
    )}`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-luck-view': WcLuckView;
  }
}
