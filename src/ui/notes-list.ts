/** Notes printed with a chart or a scenario's rules, as a bulleted list in the players' language. */
import { html } from 'lit';
import type { Lang } from '../app/store';
import type { I18n } from '../engine';
import { tx } from './i18n';

/** `notes` as a `<ul>`, one item each, in `lang`. */
export const notesList = (lang: Lang, notes: readonly I18n[]) =>
  html`<ul>
    ${notes.map((n) => html`<li>${tx(lang, n)}</li>`)}
  </ul>`;
