import { css } from 'lit';
import { base } from '../styles';

/** <wc-log-view>: the session log, newest first, its filters and undone steps. */
export const logViewStyles = [
  base,
  css`
    /* Rows out of view are not laid out or painted (a step adds a row at the top and moves the others down). */
    ol > li {
      content-visibility: auto;
      contain-intrinsic-size: auto 8rem;
    }
    li.undone wc-result-view {
      text-decoration: line-through;
      opacity: 0.6;
    }
    .meta {
      font-size: 0.9rem;
    }
  `,
];
