import { css } from 'lit';
import { common } from '../styles-common';

/** <wc-session-list>: the saved games, as cards (names isolated, never widening the page). */
export const sessionListStyles = [
  common,
  css`
    li.card,
    li.card > div {
      min-width: 0;
    }
    .name {
      overflow-wrap: anywhere;
      unicode-bidi: isolate;
    }
  `,
];
