/** The exact chance of each result before the roll, as bars with percentages (also read as text). */
import { LitElement, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { Distribution, TableData } from '../../engine';
import type { Lang } from '../../app/store';
import { t, tx, use } from '../i18n';
import { oddsBarsStyles } from './odds-bars.styles';
import { session } from '../i18n/session';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(session);

@customElement('wc-odds-bars')
export class WcOddsBars extends LitElement {
  static override styles = oddsBarsStyles;
  /** The exact chances of each result (none: nothing to show yet). */
  @property({ attribute: false }) dist?: Distribution;
  /** The table the chances are for: it names the results. */
  @property({ attribute: false }) table?: TableData;
  /** The players' language. */
  @property() locale: Lang = 'en';

  override render() {
    const lang = this.locale;
    const d = this.dist;
    if (!d) return html`<p class="muted">${t(lang, 'odds.none')}</p>`;
    const order = Object.keys(this.table?.legend ?? {});
    const rows = [...d.counts.entries()].sort((a, b) => {
      const ia = order.indexOf(String(a[0])),
        ib = order.indexOf(String(b[0]));
      return ia >= 0 && ib >= 0 ? ia - ib : String(a[0]).localeCompare(String(b[0]), undefined, { numeric: true });
    });
    // Bars are drawn against the likeliest result, so small differences stay visible on a phone.
    const most = Math.max(...rows.map(([, c]) => c), d.unknown ?? 0, 1);
    const pct = (c: number) => {
      const p = (100 * c) / d.outcomes;
      return p < 0.1 && p > 0 ? '<0.1' : p.toFixed(1);
    };
    return html`<table aria-label=${t(lang, 'odds.chances')}>
        <tbody>
          ${rows.map(([k, c]) => {
            const name = typeof k === 'string' && this.table?.legend?.[k] ? tx(lang, this.table.legend[k]!.name) : '';
            return html`<tr>
              <th scope="row">${k}${name && name !== String(k) ? html`<span class="name">${name}</span>` : nothing}</th>
              <td><div class="bar" style="width:${((100 * c) / most).toFixed(2)}%"></div></td>
              <td class="pct">${pct(c)}%</td>
            </tr>`;
          })}
          ${
            d.unknown
              ? html`<tr data-testid="odds-unknown">
                  <th scope="row">?<span class="name">${t(lang, 'odds.unknown')}</span></th>
                  <td><div class="bar unknown" style="width:${((100 * d.unknown) / most).toFixed(2)}%"></div></td>
                  <td class="pct">${pct(d.unknown)}%</td>
                </tr>`
              : nothing
          }
        </tbody>
      </table>
      ${d.unknown ? html`<p class="muted">${t(lang, 'odds.unknownNote')}</p>` : nothing}`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-odds-bars': WcOddsBars;
  }
}
