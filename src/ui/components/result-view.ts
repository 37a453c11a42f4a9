/** One explained result: the dice as dice, the result large, and every step of how it came about. */
import { LitElement, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { Explained } from '../explain';
import { resultViewStyles } from './result-view.styles';

@customElement('wc-result-view')
export class WcResultView extends LitElement {
  static override styles = resultViewStyles;
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
