/** Luck statistics: for each side and kind of dice, the observed rolls against their exact expectation. */
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { luckStats, type LogEntry, type LuckReport } from '../../engine';
import type { Current, Store } from '../../app/store';
import { formatNumber, t, use } from '../i18n';
import { sideName } from '../explain';
import { base } from '../styles';
import { trust } from '../i18n/trust';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(trust);

/** The report for a log, computed once per log array (the log is replaced, never changed, on each step). */
const reports = new WeakMap<readonly LogEntry[], LuckReport>();

@customElement('wc-luck-view')
export class WcLuckView extends LitElement {
  static override styles = [
    base,
    css`
      table {
        border-collapse: collapse;
        margin: 0.3rem 0 0.8rem;
        font-variant-numeric: tabular-nums;
      }
      th,
      td {
        padding: 0.15rem 0.5rem;
        text-align: right;
        border-bottom: 1px solid var(--border);
      }
      th:first-child,
      td:first-child {
        text-align: left;
      }
    `,
  ];
  @property({ attribute: false }) store!: Store;
  @property({ attribute: false }) current!: Current;

  override render() {
    const L = this.store.getState().lang;
    const log = this.current.session.log;
    if (!this.current.complete) return html`<p class="muted">${t(L, 'common.loading')}</p>`;
    let r = reports.get(log);
    if (!r) {
      r = luckStats(log);
      reports.set(log, r);
    }
    if (!r.rolls) return html`<p class="muted">${t(L, 'luck.none')}</p>`;
    const sides = this.current.bundle.game.sides;
    const f = (n: number, d = 2) => formatNumber(L, Math.round(n * 10 ** d) / 10 ** d);
    return html` ${r.sides.map(
      (s) =>
        html`<h4>${s.side ? sideName(L, sides, s.side) : t(L, 'side.nobody')}</h4>
          <ul class="plain">
            ${s.groups.map(
              (g) =>
                html`<li>
                  <p>
                    ${t(L, 'luck.line', { dice: g.kind, n: g.n, mean: f(g.mean), expected: f(g.expectedMean), pct: f(g.percentile, 0) })}
                  </p>
                  <table>
                    <thead>
                      <tr>
                        <th scope="col">${g.measure === 'hits' ? '0/1' : 'Σ'}</th>
                        ${g.counts.map((c) => html`<th scope="col">${c.value}</th>`)}
                      </tr>
                    </thead>
                    <tbody>
                      <tr>
                        <th scope="row">${t(L, 'luck.observed')}</th>
                        ${g.counts.map((c) => html`<td>${c.observed}</td>`)}
                      </tr>
                      <tr>
                        <th scope="row">${t(L, 'luck.expected')}</th>
                        ${g.counts.map((c) => html`<td>${f(c.expected, 1)}</td>`)}
                      </tr>
                    </tbody>
                  </table>
                  ${g.chiSquare ? html`<p class="muted">${t(L, 'luck.chi', { stat: f(g.chiSquare.statistic), df: g.chiSquare.df, p: f(g.chiSquare.pValue, 3) })}</p>` : nothing}
                </li>`,
            )}
          </ul>
          ${s.manualRolls ? html`<p class="muted">${t(L, 'luck.manual', { n: s.manualRolls })}</p>` : nothing}`,
    )}`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-luck-view': WcLuckView;
  }
}
