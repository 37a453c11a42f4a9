/** One explained result: the dice as dice, the result large, and every step of how it came about. */
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { Explained } from '../explain';
import { base } from '../styles';

@customElement('wc-result-view')
export class WcResultView extends LitElement {
  static override styles = [
    base,
    css`
      .head {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.6rem;
      }
      .big {
        font-size: 2.4rem;
        font-weight: 800;
        line-height: 1;
        min-width: 2.6rem;
      }
      .summary {
        font-size: 1.15rem;
        font-weight: 600;
      }
      ol {
        margin: 0.4rem 0 0;
        padding-left: 1.3rem;
      }
      li {
        margin: 0.15rem 0;
      }
      /* One line (the result sheet folded on a phone): nothing wraps; the summary is cut with an ellipsis. */
      :host([line]) .head {
        flex-wrap: nowrap;
        gap: 0.4rem;
        min-width: 0;
        overflow: hidden;
      }
      :host([line]) .head > * {
        flex: none;
      }
      :host([line]) .big {
        flex: 0 1 auto;
        font-size: 1.3rem;
        min-width: 0;
        white-space: nowrap;
        overflow: hidden;
        text-overflow: ellipsis;
      }
      :host([line]) .summary {
        flex: 1 1 0;
        min-width: 0;
        font-size: 1rem;
        white-space: nowrap;
        overflow: hidden;
        text-overflow: ellipsis;
      }
      :host([line]) .die {
        width: 1.8rem;
        height: 1.8rem;
        font-size: 1rem;
        flex: none;
      }
      :host([line]) .row {
        flex-wrap: nowrap;
        gap: 0.25rem;
      }
      :host([compact]) .big {
        font-size: 1.5rem;
      }
      :host([compact]) .die {
        width: 2rem;
        height: 2rem;
        font-size: 1.05rem;
      }
    `,
  ];
  /** The last step, explained: headline, dice, modifiers, cell and effect. */
  @property({ attribute: false }) explained?: Explained;
  /** Smaller dice and headline (the result sheet when put away). */
  @property({ type: Boolean, reflect: true }) compact = false;
  /** On one line, nothing wrapping (the result sheet folded): implies no explanation lines. */
  @property({ type: Boolean, reflect: true }) line = false;
  /** Only the dice, headline and summary: the explanation's lines are not drawn (a tap's result paints fewer elements). */
  @property({ type: Boolean, reflect: true }) brief = false;

  override render() {
    const x = this.explained;
    if (!x) return nothing;
    // The headline's line says what was read (issue #28): dice, each modifier, the total read, the column
    // before and after shifts, the code's meaning. Its name and effect (or the procedure's title) follow
    // with the explanation; the sheet put away (compact) keeps to the result and its name.
    const read = x.read && !this.compact ? x.read : undefined;
    return html` <div class="head">
        ${x.dice.length ? html`<span class="row" aria-hidden="true">${x.dice.map((d) => html`<span class="die ${x.hitOn && d >= x.hitOn ? 'hit' : ''}">${d}</span>`)}</span>` : nothing}
        ${x.headline ? html`<span class="big" data-testid="headline">${x.headline}</span>` : nothing}
        ${read ? html`<span class="summary" data-testid="read">${read}</span>` : html`<span class="summary">${x.summary}</span>`}
      </div>
      ${
        this.brief || this.line
          ? nothing
          : html`${read && x.summary ? html`<p>${x.summary}</p>` : nothing}
              <ol>
                ${x.lines.map((l) => html`<li>${l}</li>`)}
              </ol>`
      }`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-result-view': WcResultView;
  }
}
