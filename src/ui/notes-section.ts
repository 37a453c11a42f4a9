/** Notes printed with a chart or a scenario's rules, as a bulleted list in the players' language. */
import { html, nothing } from 'lit';
import type { Lang } from '../app/store';
import type { I18n } from '../engine';
import { tx } from './i18n';

/**
 * `notes` in `lang` under `heading`: a section with its title, or `folded` under a summary to open;
 * nothing when there are none.
 */
export const notesSection = (lang: Lang, heading: string, notes: readonly I18n[] | undefined, folded = false) => {
  if (!notes?.length) return nothing;
  const list = html`<ul>
    ${notes.map((n) => html`<li>${tx(lang, n)}</li>`)}
  </ul>`;
  return folded
    ? html`<details>
        <summary>${heading}</summary>
        ${list}
      </details>`
    : html`<section>
        <h3>${heading}</h3>
        ${list}
      </section>`;
};
